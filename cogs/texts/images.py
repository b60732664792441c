"""The words of the images, as data: a renderer takes its labels as a parameter
(``render.words.Words``) and imports no table; a game's UI builds them from these, for the image's
language (a public image: the game's; a private one: the player's)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from cogs.texts import DEFAULT_LOCALE, TABLES, Locale, plural_category, supported, template
from render.words import Words


@functools.cache
def image_table(locale: Locale, *prefixes: str) -> tuple[tuple[str, str], ...]:
    """Every template whose key starts with one of ``prefixes`` (``img.sg.``, ``sg.rank.``) in
    ``locale``'s table (English where it lacks one), sorted by key."""
    locale = supported(locale)
    keys = sorted(key for key in {*TABLES[DEFAULT_LOCALE], *TABLES.get(locale, {})} if key.startswith(prefixes))
    return tuple((key, template(key, locale)) for key in keys)


@functools.cache
def plural_rule(locale: Locale) -> Callable[[int], str]:
    """CLDR's plural category of a count in ``locale`` (``one``, ``few``, ``other`` …)."""
    return functools.partial(_plural, locale=supported(locale))


def _plural(n: int, locale: Locale) -> str:
    return plural_category(n, locale)


@functools.cache
def image_words(locale: Locale, *prefixes: str) -> Words:
    """An image's words in ``locale``: every label under ``prefixes`` and the plural rule. One object
    per language and prefixes, kept, so that a renderer's caches keyed by it keep one entry each."""
    return Words(supported(locale), image_table(locale, *prefixes), plural_rule(locale))
