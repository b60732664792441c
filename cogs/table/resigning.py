"""Resigning (``/game resign``; it counts as a loss): the caller confirms with a button — one per
game when the command names none and they play several here; the game's engine makes the
resignation an action like any other."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs import games
from cogs.table.buttons import Press, view_of
from cogs.table.respond import Refusal, locale_of, reply
from cogs.table.ui import ButtonSpec
from cogs.texts import computer_mark, t
from db.records import ABSENT_LEVEL, GameRecord
from rules.errors import RuleError
from rules.protocol import plays_on

if TYPE_CHECKING:
    from cogs.table.acting import Acting
    from cogs.table.parts import Parts

RESIGN_CHOICES = 10


def plays_on_after(rec: GameRecord) -> bool:
    """Whether a resignation in ``rec`` hands the seat to a computer (issue 46 §1): a game of three
    or more seats opened with the engine's play-on option (``docs/clocks.md``)."""
    return len(rec.players) >= 3 and plays_on(rec.options)


class Resignations:
    def __init__(self, parts: Parts, acting: Acting) -> None:
        self.parts = parts
        self.acting = acting

    def register(self) -> None:
        """The button that confirms a resignation."""
        self.parts.router.on("resign", self._resign_button)

    async def resign(self, interaction: discord.Interaction, game: str | None) -> None:
        """``/game resign``: a confirmation button for the game the command means, or for each of
        the caller's games here."""
        locale = await self.parts.locales.set_locale(interaction)
        candidates = await self._resignable(interaction, game)
        if not candidates:
            raise Refusal(self.parts.finder.no_active_game(locale))
        specs = [
            ButtonSpec(
                "resign", t("btn.resign_game", locale, game=g.id, title=games.ui(g.kind).title(locale)), "danger"
            )
            for g in candidates[:RESIGN_CHOICES]
        ]
        if len(candidates) == 1:
            rec = candidates[0]
            key = "resign_confirm.computer" if plays_on_after(rec) else "resign_confirm"
            title = games.ui(rec.kind).title(locale)
            text = t(key, locale, game=rec.id, title=title, computer=computer_mark(ABSENT_LEVEL))
        else:
            more = len(candidates) - RESIGN_CHOICES
            text = t("resign_which", locale) + (t("and_more", locale, n=more) if more > 0 else "")
        view = view_of(zip((g.id for g in candidates), specs, strict=False))
        await reply(interaction, text, ephemeral=True, view=view)

    async def _resignable(self, interaction: discord.Interaction, game: str | None) -> list[GameRecord]:
        """The named game, this thread's game, or every active game of the caller here."""
        locale = locale_of(interaction)
        if game is not None and game.strip():
            rec = await self.parts.finder.resolve(interaction, game)
            self.parts.finder.seat(rec, interaction.user.id, locale)
            return [rec]
        channel = interaction.channel_id
        if interaction.guild_id is not None and channel is not None and await self.parts.finder.game_of_thread(channel):
            rec = await self.parts.finder.resolve(interaction, None)
            self.parts.finder.seat(rec, interaction.user.id, locale)
            return [rec]
        return await self.parts.finder.my_games(interaction, ("active",))

    async def _resign_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        seat = self.parts.finder.seat(rec, interaction.user.id, locale)
        self.parts.finder.check_status(rec, ("active",), locale)
        engine = games.ui(rec.kind).engine
        state = rec.load_state()
        try:
            action = engine.parse_action("resign", state)
        except RuleError:
            raise Refusal(t("cannot_resign", locale, title=games.ui(rec.kind).title(locale))) from None
        await self.acting.play(interaction, rec, seat, action)
