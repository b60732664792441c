"""The game options of ``/league new`` (issue 47 §1: "game and its options"), read against the
game's own option spec — so a league offers every registered game's options without naming any
game here. The organizer picks them in words: autocomplete offers whole sets of options, each named
as the game says its options (``GameUI.options_text``, in the organizer's language) and carrying
them as ``name=value`` words (``army=barrage rescue=on``), which may also be typed by hand. The
options the league itself decides are not offered: who moves first follows the pairing, and a
resigned seat is played on as in any game of the table."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from itertools import combinations, product
from typing import Any

from cogs import games
from cogs.table.respond import Refusal
from cogs.texts import join_words, quote, t
from rules.errors import BadOptions
from rules.protocol import PLAY_ON_OPTION, Option, resolve_options

TRUE_WORDS = ("on", "yes", "true", "ano", "1")
FALSE_WORDS = ("off", "no", "false", "ne", "0")
CHOICE_LIMIT = 100
"""Discord's longest name and value of an autocomplete choice."""
SHOWN = 25
"""Discord's most autocomplete choices."""
WORD_BREAK = re.compile(r"[\W_]+")
"""What parts the words a search compares ("two-squares limit 3": two, squares, limit, 3)."""
SETS_LIMIT = 4096
"""The most sets of options looked through (a game of many options is offered its first ones)."""


def decided(kind: str) -> frozenset[str]:
    """The options the league decides for a game of ``kind``, never offered nor accepted: the ones
    its registration sets for fairness (``GameKind.league_options``) and the table's rule for
    resigned seats (set as the games are made)."""
    return frozenset({PLAY_ON_OPTION, *games.kind(kind).league_options})


def values_of(option: Option) -> list[Any]:
    """The values a set of options may give ``option`` (none for free text or a wide range)."""
    if isinstance(option.default, bool):
        return [False, True]
    if option.choices is not None:
        return [c for c in option.choices if str(c)]
    return []


def written(options: dict[str, Any]) -> str:
    """Options as ``name=value`` words (``army=barrage rescue=on``): a choice's value."""
    return " ".join(f"{n}={('on' if v else 'off') if isinstance(v, bool) else v}" for n, v in options.items())


def folded(text: str) -> str:
    """``text`` as a search compares it: lower case, accents away (``zachr`` finds "Záchrana")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def read_value(option: Option, text: str) -> Any:
    """``text`` as a value of ``option``'s type; ValueError when it is none."""
    word = text.strip().lower()
    if isinstance(option.default, bool):
        if word in TRUE_WORDS or word in FALSE_WORDS:
            return word in TRUE_WORDS
        raise ValueError(text)
    value: Any = int(word) if isinstance(option.default, int) else text.strip()
    if option.choices is not None and value not in option.choices:
        raise ValueError(text)
    return value


def read_word(known: dict[str, Option], word: str) -> tuple[str, Any] | None:
    """One ``name=value`` word as an option and its value; None when it is no such word."""
    name, sep, value = word.partition("=")
    option = known.get(name.lower())
    if not sep or option is None:
        return None
    try:
        return option.name, read_value(option, value)
    except ValueError:
        return None


class GameOptions:
    """The options a league of one game may set, in the words of one language."""

    def __init__(self, kind: str, locale: str) -> None:
        self.ui = games.ui(kind)
        self.spec = self.ui.engine.options
        self.fixed = games.kind(kind).league_options
        self.known = {o.name: o for o in self.spec if o.name not in decided(kind)}
        self.locale = locale

    def resolved(self, given: dict[str, Any]) -> dict[str, Any]:
        """``given`` with the league's own options and the defaults; BadOptions when the game refuses."""
        return resolve_options(self.spec, {**given, **self.fixed})

    def words(self, given: dict[str, Any]) -> str:
        """The options ``given`` make, as the game says them (its ``options_text``)."""
        return self.ui.options_text(self.resolved(given), self.locale)

    def sets(self, given: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """``given``, then each set that changes one more option from its default, then two, …"""
        changes = [(o.name, [v for v in values_of(o) if v != o.default]) for o in self.known.values()]
        free = [(n, vs) for n, vs in changes if vs and n not in given]
        for count in range(len(free) + 1):
            for chosen in combinations(free, count):
                for values in product(*(vs for _, vs in chosen)):
                    yield {**given, **{n: v for (n, _), v in zip(chosen, values, strict=True)}}

    def named(self, given: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
        """The sets of :meth:`sets` with their words, each wording once (a set the words cannot tell
        from one before it is left out), at most :data:`SETS_LIMIT` of them looked at."""
        seen: set[str] = set()
        for n, options in enumerate(self.sets(given)):
            if n >= SETS_LIMIT:
                return
            try:
                words = self.words(options)
            except BadOptions:
                continue
            if words not in seen:
                seen.add(words)
                yield words, options

    def completions(self, typed: str) -> list[tuple[str, str]]:
        """What autocomplete offers while ``typed`` is written: (words, ``name=value`` words) of
        each set of options with a word (or a ``name=value``) that begins like each word typed
        that is not a ``name=value`` of the game; those are kept in every set offered."""
        given: dict[str, Any] = {}
        search: list[str] = []
        for word in typed.split():
            read = read_word(self.known, word)
            if read is not None:
                given[read[0]] = read[1]
            else:
                search += [word.lower()] if "=" in word else [w for w in WORD_BREAK.split(folded(word)) if w]
        out: list[tuple[str, str]] = []
        for words, options in self.named(given):
            value = written(options) or self.default_written()
            heads = [*WORD_BREAK.split(folded(words)), *value.lower().split()]
            if value and len(value) <= CHOICE_LIMIT and all(any(h.startswith(s) for h in heads) for s in search):
                out.append((words[:CHOICE_LIMIT], value))
                if len(out) == SHOWN:
                    break
        return out

    def default_written(self) -> str:
        """The game's default set as ``name=value`` words: its first option with a choice of values
        at its default ("" when it has none)."""
        first = next((o for o in self.known.values() if values_of(o)), None)
        return written({first.name: first.default}) if first is not None else ""

    def choices_words(self) -> list[str]:
        """What can be chosen, in words: for each option changed alone, what its words add to the
        default's (or its words whole, when they are not a list)."""
        default = parts(self.words({}))
        out: list[str] = []
        for words, options in self.named({}):
            if len(options) != 1:
                continue
            added = ", ".join([p for p in parts(words) if p not in default] or [words])
            if added not in out:
                out.append(added)
        return out

    def parse(self, text: str | None, title: str) -> dict[str, Any]:
        """The options typed (``name=value`` words, or the words a choice is named by), resolved
        against the game's spec (defaults filled in). A refusal says what cannot be read and, in
        words, what can be chosen."""
        given: dict[str, Any] = {}
        for word in (text or "").split():
            read = read_word(self.known, word)
            if read is None:
                return self.by_words(text or "", word, title)
            given[read[0]] = read[1]
        try:
            return self.resolved(given)
        except BadOptions:
            raise self.refusal(text or "", title) from None

    def by_words(self, text: str, bad: str, title: str) -> dict[str, Any]:
        """The set of options whose words are ``text`` (a choice picked, then its field edited, comes
        as its name); else a refusal naming ``bad``."""
        wanted = folded(" ".join(text.split()))
        for words, options in self.named({}):
            if folded(words) == wanted:
                return self.resolved(options)
        raise self.refusal(bad, title)

    def refusal(self, bad: str, title: str) -> Refusal:
        choices = self.choices_words()
        if not choices:
            return Refusal(t("league.no.option_none", self.locale, game=title, text=quote(bad, self.locale)))
        return Refusal(
            t(
                "league.no.option",
                self.locale,
                game=title,
                text=quote(bad, self.locale),
                choices=join_words(choices, self.locale),
            )
        )


def parts(words: str) -> list[str]:
    """A game's options in words as the list they are written as (``barrage army, Rescue``)."""
    return [p.strip() for p in words.split(",") if p.strip()]


def parse_options(kind: str, text: str | None, locale: str) -> dict[str, Any]:
    """The options of a league of ``kind`` as typed or picked (see :meth:`GameOptions.parse`)."""
    return GameOptions(kind, locale).parse(text, games.ui(kind).title(locale))


def completions(kind: str, typed: str, locale: str) -> list[tuple[str, str]]:
    """The autocomplete choices of a league of ``kind`` (see :meth:`GameOptions.completions`)."""
    return GameOptions(kind, locale).completions(typed)
