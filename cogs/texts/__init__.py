"""Every word the bot says, looked up by key and locale (DESIGN §5).

Tables live per language: the shared ones in ``cogs/texts/<locale>/`` and each game's in
``cogs/<game>/words/<locale>.py``, which come with the game's registration (``cogs.games.register``
calls :func:`add_game`; issue 45 §4); a language is added by adding its folder with the same keys —
every folder here named like a locale (``cs``, ``pt_BR``) is one, found by its file (docs/words.md). ``t(key, locale, **params)`` formats a template; ``tn(key, n, locale,
**params)`` picks the plural form CLDR's rule for the locale names (Babel): ``key.one`` /
``key.other`` in English, ``key.one`` / ``key.few`` / ``key.other`` in Czech (``many`` is for
fractions; a key without the category falls back to ``key.other``).
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Iterator, Mapping
from typing import Any

import babel
import babel.localedata
from babel.plural import PluralRule

from cogs.texts import commands
from cogs.texts.commands import named_words
from cogs.texts.tables import GAME_WORDS, Words, common_table, game_texts, locale_folders, merge

Locale = str
DEFAULT_LOCALE: Locale = "en"

COMMON: dict[Locale, Mapping[str, str]] = {
    locale: common_table(f"{__name__}.{locale}", [str(path)]) for locale, path in locale_folders()
}
"""Every language's shared words, by locale (``en`` always; ``cs`` once its folder exists)."""
TABLES: dict[Locale, Mapping[str, str]] = dict(COMMON)
"""Every language's whole table, by locale: its shared words and every registered game's (kept in
step with the registrations by :func:`add_game`, in place: a reader may hold this dict)."""


def add_game(kind: str, words: Mapping[Locale, Words]) -> None:
    """Add (or replace, for a game registered again) the words of the game ``kind`` to every
    language's table; a key another table defines already is an error. The same words again (an
    extension that registers its game as it loads, loaded again) leave the tables as they are."""
    if GAME_WORDS.get(kind) == words:
        return
    GAME_WORDS[kind] = dict(words)
    for locale, common in COMMON.items():
        TABLES[locale] = merge(common, *game_texts(locale))
    labels.cache_clear()
    commands.forget()


def supported(locale: str | None) -> Locale:
    """The table a requested locale uses: ``cs``/``cs-CZ`` → ``cs`` when it exists, else English."""
    if not locale:
        return DEFAULT_LOCALE
    language, _, region = str(locale).replace("_", "-").partition("-")
    full = f"{language.lower()}_{region.upper()}"
    if region and full in TABLES:
        return full
    return language.lower() if language.lower() in TABLES else DEFAULT_LOCALE


AUTO = "auto"
"""A player's language choice that follows their Discord client."""
LANGUAGES: tuple[Locale, ...] = ("cs", "en")
"""The languages a player or a game can choose (``/game language``, ``/… new language:``); one
without its table yet speaks English."""


def player_locale(language: str | None, client_locale: str | None) -> Locale:
    """A player's words: the language they chose, else (``auto``) their Discord client's."""
    if language and language != AUTO:
        return supported(language)
    return supported(client_locale)


def has(key: str, locale: Locale = DEFAULT_LOCALE) -> bool:
    return key in TABLES.get(locale, TABLES[DEFAULT_LOCALE]) or key in TABLES[DEFAULT_LOCALE]


def template(key: str, locale: Locale) -> str:
    table = TABLES.get(locale) or TABLES[DEFAULT_LOCALE]
    if key in table:
        return table[key]
    return TABLES[DEFAULT_LOCALE][key]


def t(key: str, locale: Locale, /, **params: Any) -> str:
    """The sentence ``key`` in ``locale`` (English where the locale lacks it). A command it names
    (``{cmd_game_hand}``, ``{opt_…}``, ``{choice_…}``) is named as the reader's Discord app shows
    it, from the command tables (:func:`cogs.texts.commands.named_words`, issue 44 §2); a button it
    names (``{label_sg__btn__move}``: the key ``sg.btn.move``) by the button's own words."""
    text = template(key, locale)
    named = {**named_words(text, locale), **labels(text, locale)}
    said = text.format(**named, **params) if named else text.format(**params)
    return computers_named(said, locale) if COMPUTER_SIGN in said else said


COMPUTER_SIGN = "\u2063"
"""What marks a computer's name in a sentence until the sentence's language is known."""
COMPUTER_MARK = re.compile(COMPUTER_SIGN + "computer:(easy|normal|hard):([0-9]+)" + COMPUTER_SIGN)


def computer_mark(level: str, number: int = 1) -> str:
    """A computer's name (issue 46) as :func:`~cogs.table.ui.mention` gives it: a mark that
    :func:`t` words in the sentence's language ("Počítač (těžký)", "Computer 2 (hard)")."""
    return f"{COMPUTER_SIGN}computer:{level}:{number}{COMPUTER_SIGN}"


def computer_name(level: str, locale: Locale, number: int = 1) -> str:
    """A computer's name in ``locale``, never a person's mention: the first of a game's computers
    by its level alone, the others numbered too (three hard computers stay apart)."""
    words = template(f"computer.level.{level}", locale)
    if number <= 1:
        return template("computer.name", locale).format(level=words)
    return template("computer.name_n", locale).format(level=words, n=number)


def computers_named(text: str, locale: Locale) -> str:
    """``text`` with every computer's mark worded in ``locale``."""
    return COMPUTER_MARK.sub(lambda m: computer_name(m.group(1), locale, int(m.group(2))), text)


@functools.lru_cache(maxsize=1024)
def labels(text: str, locale: Locale) -> Mapping[str, str]:
    """The values of the ``{label_…}`` placeholders in ``text``: the words of the key each names."""
    if "{label_" not in text:
        return {}
    names = (name for _, name, _, _ in string.Formatter().parse(text) if name and name.startswith("label_"))
    return {name: t(name[6:].replace("__", "."), locale) for name in names}


@functools.cache
def _plural_rule(locale: Locale) -> PluralRule:
    """CLDR's plural rule for ``locale`` (English's for a locale Babel does not know), from Babel.
    Only the rule is kept: Babel keeps the whole data of every locale it has loaded (about 5 MB
    for English and Czech, all but the rule unused here; the largest item tracemalloc showed in
    the bot process after a benchmark with turn clocks, docs/PERFORMANCE.md), so its cache is
    emptied once the rule is copied out. Babel's version is pinned (requirements.txt);
    tests/table/test_texts.py checks that the cache it empties is Babel's."""
    try:
        rules = babel.Locale.parse(locale.replace("-", "_")).plural_form.rules
    except (ValueError, babel.UnknownLocaleError):
        rules = babel.Locale.parse(DEFAULT_LOCALE).plural_form.rules
    finally:
        _forget_locale_data()
    return PluralRule(rules)


def _forget_locale_data() -> None:
    """Empty Babel's cache of loaded locale data (``babel.localedata._cache``, under its lock)."""
    with babel.localedata._cache_lock:
        babel.localedata._cache.clear()


@functools.lru_cache(maxsize=4096)
def plural_category(n: float, locale: Locale) -> str:
    """CLDR's plural category of ``n`` in ``locale`` (``one``, ``few``, ``many``, ``other`` …),
    kept for the numbers asked again (the counts of every label and line: Babel's rule takes
    about ten times as long as the lookup)."""
    return str(_plural_rule(locale)(abs(n)))


def tn(key: str, n: int, locale: Locale, /, **params: Any) -> str:
    """The plural form of ``key`` for ``n`` (``{n}`` is available in the template); a table that
    lacks the category CLDR names uses ``key.other``."""
    category = plural_category(n, locale)
    chosen = f"{key}.{category}"
    if not has(chosen, locale):
        chosen = f"{key}.other"
    return t(chosen, locale, n=n, **params)


QUOTE_LIMIT = 60


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """At most ``limit`` characters, with an ellipsis when cut."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def chunks(lines: list[str], limit: int) -> Iterator[str]:
    """The lines joined into pieces of at most ``limit`` characters (a message, an embed's field);
    a line longer than ``limit`` is cut."""
    piece: list[str] = []
    for line in lines:
        if piece and len("\n".join([*piece, line])) > limit:
            yield "\n".join(piece)
            piece = []
        piece.append(line[:limit])
    if piece:
        yield "\n".join(piece)


def quote(text: str, locale: Locale, limit: int = QUOTE_LIMIT) -> str:
    """User input as code, shortened, and named as empty when it is; an unpaired surrogate (text
    JSON can carry but UTF-8 cannot) becomes "?", so the answer quoting it can be sent."""
    text = " ".join(str(text).encode("utf-8", "replace").decode("utf-8").split())
    if not text:
        return t("empty_input", locale)
    return "`" + shorten(text.replace("`", "'"), limit) + "`"


def join_words(items: list[str], locale: Locale) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return t("and_list", locale, head=", ".join(items[:-1]), last=items[-1])
