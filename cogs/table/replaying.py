"""``/game replay``: a finished game, or moves from–to of it, as an animated image. The positions
are replayed in a thread (``cogs/table/replays.py``) and drawn in the render worker one position
per drawing, so that other games' images are not held up."""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING

import discord

from cogs import games
from cogs.table import plan, replays
from cogs.table.respond import Refusal, files, locale_of, reply
from cogs.table.ui import FileSpec
from cogs.texts import t
from db.records import ENDED, GameRecord, LoggedAction

if TYPE_CHECKING:
    from cogs.table.parts import Parts

log = logging.getLogger("deskovka.game")

REPLAYS_AT_ONCE = 1
"""Replays made at the same time: a long one is seconds of drawing and encoding in the render
worker that draws every game's images, so they take turns (waiting with Discord's "thinking…")
instead of holding up the moves of everyone else; and each player asks for one at a time."""


class Replayer:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self._replaying: set[int] = set()
        """Users whose replay is being made: one at a time each."""
        self._replay_slot = asyncio.Semaphore(REPLAYS_AT_ONCE)

    async def replay(
        self, interaction: discord.Interaction, game: str | None, first: int | None, last: int | None
    ) -> None:
        """Refusals first (a running game, a bad range: cheap, and answered privately); then the
        public "thinking" while the positions are replayed in a thread and drawn in the render
        worker, one position per drawing so that other games' images are not held up."""
        locale = locale_of(interaction)
        rec = await self.parts.finder.resolve(interaction, game, statuses=("lobby", "active", *ENDED))
        if rec.status in ("lobby", "active"):
            raise Refusal(t("replay.running", locale, game=rec.id))
        self.parts.finder.check_status(rec, ("finished",), locale)
        logged = await self.parts.store.games.actions(rec.id)
        part = replays.stretch(len(logged), first, last)
        if part is None:
            if not logged:
                raise Refusal(t("replay.no_moves", locale, game=rec.id))
            raise Refusal(t("replay.bad_range", locale, game=rec.id, moves=len(logged)))
        user = interaction.user.id
        if user in self._replaying:
            raise Refusal(t("replay.one_at_a_time", locale))
        self._replaying.add(user)
        try:
            await interaction.response.defer(thinking=True)
            async with self._replay_slot:
                await self._replay(interaction, rec, logged, part)
        finally:
            self._replaying.discard(user)

    async def _replay(
        self, interaction: discord.Interaction, rec: GameRecord, logged: list[LoggedAction], part: replays.Stretch
    ) -> None:
        face, game_locale = games.ui(rec.kind), plan.game_locale(rec)
        states = await asyncio.to_thread(replays.positions, face.engine, rec, logged, part)
        names = await self.parts.transport.names.names(rec)
        drawn = [
            [f.data for f in await self.parts.transport.render(face.public_files, rec, state, names, game_locale)]
            for state in states
        ]
        positions = [(i, images) for i, images in zip(part.kept, drawn, strict=True) if images]
        if not positions:
            await reply(interaction, t("replay.no_images", game_locale, game=rec.id))
            return
        try:
            animation = await self.parts.transport.renderer(replays.animate, [images for _, images in positions])
        except ValueError:  # not even two frames fit the upload limit (no game's images come near)
            log.warning("game %s: replay %s–%s does not fit", rec.id, part.first, part.last, exc_info=True)
            await reply(interaction, t("replay.too_big", game_locale, game=rec.id))
            return
        shown = [positions[i][0] for i in animation.shown]
        lines = [
            t(
                "replay.caption",
                game_locale,
                game=rec.id,
                kind=face.title(game_locale),
                first=part.first,
                last=part.last,
                moves=part.moves,
                result=self.parts.finder.result_text(rec, game_locale),
            )
        ]
        if len(shown) < part.positions:
            every = max(b - a for a, b in itertools.pairwise(shown)) if len(shown) > 1 else part.positions
            lines.append(t("replay.sampled", game_locale, shown=len(shown), positions=part.positions, every=every))
        if animation.scale < 1:
            lines.append(t("replay.scaled", game_locale, percent=round(animation.scale * 100)))
        name = f"{rec.kind}-{rec.id}-replay-{part.first}-{part.last}.gif"
        await reply(interaction, "\n".join(lines), files=files([FileSpec(animation.data, name)]))
