"""The clocks' words: a pace ("3 days per turn", "no clock") and a moment as a Discord timestamp,
which every reader sees in their own time zone and language."""

from __future__ import annotations

from cogs.texts import t, tn
from db import clocks


def pace_words(pace: int | None, locale: str) -> str:
    """The pace in words: "3 days per turn", or "no clock"."""
    if not pace:
        return t("pace.none", locale)
    days = round(pace / clocks.DAY)
    return tn("pace.days", days, locale)


def stamp(when: float | None, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone and language."""
    return f"<t:{int(when or 0)}:{style}>"
