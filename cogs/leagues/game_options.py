"""The game options of ``/league new`` (issue 47 §1: "game and its options"): typed as
``name=value`` words (``army=barrage rescue=on``), read against the game's own option spec — so a
league offers every registered game's options without naming any game here — and offered word by
word by autocomplete. The options the league itself decides are not offered: who moves first
follows the pairing, and a resigned seat is played on as in any game of the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.table.respond import Refusal
from cogs.texts import quote, t
from rules.errors import BadOptions
from rules.protocol import PLAY_ON_OPTION, Option, resolve_options

LEAGUE_SETS: dict[str, str] = {"colours": "seat0_red"}
"""Options a league sets where its game has them: the pairing decides who moves first — the
table's first seat (a two-player round robin balances them, a Swiss alternates them) — so a game
whose colours are otherwise drawn at random gives the first seat the side that moves first
(Stratego: red, SG-3.3)."""
LEAGUE_DECIDES = frozenset({PLAY_ON_OPTION, *LEAGUE_SETS})
"""Options the league decides (above; and the table's rule for resigned seats, set as the games
are made), never offered nor accepted."""
TRUE_WORDS = ("on", "yes", "true", "ano", "1")
FALSE_WORDS = ("off", "no", "false", "ne", "0")


def offered(spec: Sequence[Option]) -> list[Option]:
    return [o for o in spec if o.name not in LEAGUE_DECIDES]


def values_of(option: Option) -> list[str]:
    """The values autocomplete offers for ``option`` (none for free text or a wide range)."""
    if isinstance(option.default, bool):
        return ["on", "off"]
    if option.choices is not None:
        return [str(c) for c in option.choices if str(c)]
    return []


def read_value(option: Option, text: str, locale: str) -> Any:
    """``text`` as a value of ``option``'s type; a clear refusal otherwise."""
    word = text.strip().lower()
    expected = ", ".join(f"`{v}`" for v in values_of(option)) or f"`{option.default!r}`"
    if isinstance(option.default, bool):
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise Refusal(
            t("league.no.option_value", locale, value=quote(text, locale), name=option.name, expected=expected)
        )
    if isinstance(option.default, int):
        try:
            value: Any = int(word)
        except ValueError:
            raise Refusal(
                t("league.no.option_value", locale, value=quote(text, locale), name=option.name, expected=expected)
            ) from None
    else:
        value = text.strip()
    if option.choices is not None and value not in option.choices:
        raise Refusal(
            t("league.no.option_value", locale, value=quote(text, locale), name=option.name, expected=expected)
        )
    return value


def parse_options(spec: Sequence[Option], text: str | None, game: str, locale: str) -> dict[str, Any]:
    """The options typed, resolved against ``spec`` (defaults filled in). Refusals say what is
    wrong: a word that is no ``name=value``, an unknown option, a value the option cannot take."""
    known = {o.name: o for o in offered(spec)}
    given: dict[str, Any] = {}
    for word in (text or "").split():
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise Refusal(t("league.no.option_form", locale, text=quote(word, locale)))
        option = known.get(name.lower())
        if option is None:
            names = ", ".join(f"`{n}`" for n in known) or "—"
            raise Refusal(t("league.no.option", locale, game=game, name=quote(name, locale), known=names))
        given[option.name] = read_value(option, value, locale)
    for option in spec:
        fixed = LEAGUE_SETS.get(option.name)
        if fixed is not None and option.choices is not None and fixed in option.choices:
            given[option.name] = fixed
    try:
        return resolve_options(spec, given)
    except BadOptions as e:
        raise Refusal(t("league.no.option_form", locale, text=quote(text or "", locale))) from e


def completions(spec: Sequence[Option], typed: str) -> list[str]:
    """What autocomplete offers while ``typed`` is being written: the words typed so far, then each
    ``name=value`` not given yet that starts like the last word (at most 25)."""
    words = typed.split()
    last = "" if typed.endswith(" ") or not words else words[-1]
    done = words if last == "" else words[:-1]
    given = {w.partition("=")[0].lower() for w in done}
    head = " ".join(done)
    out: list[str] = []
    for option in offered(spec):
        if option.name in given:
            continue
        for value in values_of(option):
            word = f"{option.name}={value}"
            if word.startswith(last.lower()):
                out.append(f"{head} {word}".strip())
    return out[:25]
