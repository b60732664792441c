"""Every word the bot says, looked up by key and locale (DESIGN §5).

Tables live per language: the shared ones in ``cogs/texts/<locale>/`` and each game's in
``cogs/<game>/words/<locale>.py`` (merged by ``tables.py``); a
language is added by adding its folder with the same keys. ``t(key, locale, **params)`` formats a
template; ``tn(key, n, locale, **params)`` picks the plural form the locale's rule names
(``key.one``/``key.other`` in English; Czech will add ``key.few``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cogs.texts import cs, en

Locale = str
DEFAULT_LOCALE: Locale = "en"

TABLES: dict[Locale, Mapping[str, str]] = {"en": en.TABLE, "cs": cs.TABLE}


def _english(n: int) -> str:
    return "one" if n == 1 else "other"


def _czech(n: int) -> str:
    """1 → one; 2–4 → few; 0 and 5+ → other (CLDR for whole numbers)."""
    if n == 1:
        return "one"
    return "few" if 2 <= n <= 4 else "other"


PLURAL_RULES: dict[Locale, Callable[[int], str]] = {"en": _english, "cs": _czech}


def supported(locale: str | None) -> Locale:
    """The table a requested locale uses: ``cs``/``cs-CZ`` → ``cs`` when it exists, else English."""
    if not locale:
        return DEFAULT_LOCALE
    base = str(locale).split("-")[0].lower()
    return base if base in TABLES else DEFAULT_LOCALE


def has(key: str, locale: Locale = DEFAULT_LOCALE) -> bool:
    return key in TABLES.get(locale, TABLES[DEFAULT_LOCALE]) or key in TABLES[DEFAULT_LOCALE]


def template(key: str, locale: Locale) -> str:
    table = TABLES.get(locale) or TABLES[DEFAULT_LOCALE]
    if key in table:
        return table[key]
    return TABLES[DEFAULT_LOCALE][key]


def t(key: str, locale: Locale, /, **params: Any) -> str:
    """The sentence ``key`` in ``locale`` (English where the locale lacks it)."""
    return template(key, locale).format(**params)


def plural_category(n: int, locale: Locale) -> str:
    return PLURAL_RULES.get(locale, _english)(abs(int(n)))


def tn(key: str, n: int, locale: Locale, /, **params: Any) -> str:
    """The plural form of ``key`` for ``n`` (``{n}`` is available in the template)."""
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


def quote(text: str, locale: Locale, limit: int = QUOTE_LIMIT) -> str:
    """User input as code, shortened, and named as empty when it is."""
    text = " ".join(str(text).split())
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
