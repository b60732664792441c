"""The ratings listen to the table (issue 20 §1; docs/ratings.md): a game that ended is applied to
its players' ratings and records once (the store keeps a row per applied game, written in the
transaction that moves the ratings), and at start-up every finished game not applied yet is.
Also the pace in words, for lobbies and ``/game stats``, and the trend chart's files (drawn in a
render worker: this module imports no Discord)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cogs.table.core.change import Change
from cogs.table.core.commands import Command, Rate
from cogs.table.ui import FileSpec
from cogs.texts import t, tn
from cogs.texts.images import image_words as words_of_images
from db.ratings import Pace
from render.ratings import Trend, trend_chart
from render.words import Words

if TYPE_CHECKING:
    from cogs.table.parts import Parts

log = logging.getLogger("deskovka.ratings")

HOUR = 3600.0
DAY = 86400.0


class Ratings:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        parts.teller.listeners.add(self.on_change)
        parts.teller.caught_up.append(self.caught_up)

    async def on_change(self, change: Change) -> list[Command]:
        """A game that ended by the rules, a resignation or a claim on time is to be rated (a
        cancelled or expired one is not: the store rates finished games only); told twice, rated
        once."""
        if change.finished and change.kind in ("act", "finish"):
            return [Rate(change.game_id)]
        return []

    async def caught_up(self, shards: object = None) -> None:
        """After the start-up catch-up: :meth:`catch_up`, logged, never in the way of the start."""
        try:
            await self.catch_up()
        except Exception:
            log.exception("finished games not rated at start-up")

    async def catch_up(self) -> int:
        """At start-up: the games that ended while no listener ran (a process killed after the
        telling, games that ended before ratings existed), by end time."""
        applied = await self.parts.store.ratings.rate_unrated()
        if applied:
            log.info("rated %s finished games at start-up", applied)
        return applied


def duration(seconds: float, locale: str) -> str:
    """A time to move, rounded as a person would say it: minutes, hours, or days."""
    if seconds < HOUR:
        return tn("dur.min", max(1, round(seconds / 60)), locale)
    if seconds < 2 * DAY:
        return tn("dur.h", max(1, round(seconds / HOUR)), locale)
    return tn("dur.d", round(seconds / DAY), locale)


def speed_words(pace: Pace | None, locale: str) -> str:
    """ "moves in ~3 h, 95 % without timeout"; "new" for a player with nothing measured."""
    if pace is None or pace.new:
        return t("speed.new", locale)
    moves = t("speed.moves", locale, time=duration(pace.median, locale)) if pace.median is not None else None
    share = pace.on_time
    on_time = t("speed.on_time", locale, share=round(share * 100)) if share is not None else None
    if moves and on_time:
        return t("speed.both", locale, moves=moves, on_time=on_time)
    return moves or on_time or t("speed.new", locale)


def chart_words(locale: str) -> Words:
    """The chart's words in ``locale``."""
    return words_of_images(locale, "img.rt.")


def chart_files(player: str, trends: Sequence[Trend], locale: str, name: str) -> list[FileSpec]:
    """The trend chart as a file to attach (called in a render worker)."""
    return [FileSpec(trend_chart(player, trends, chart_words(locale)), name)]
