"""A finished game's **Rematch** button (issue 20 §3): a player of the game presses it and a new
lobby opens in the game's channel with the same players and options (a game may change them:
Stratego swaps the colours), the presser seated and the others invited — they accept by joining.

One lobby per finished game: the store links the game to the lobby its Rematch opened in the
transaction that makes it (a conditional write), so a second press — by anyone, at any time, after
any restart — is shown the lobby already opened. A rematch lobby that ended without starting
(declined, cancelled, expired) gives way to a new one at the next player's press.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs import games
from cogs.table import plan
from cogs.table.buttons import Press
from cogs.table.core.commands import Rematch
from cogs.table.lobby_messages import is_challenge
from cogs.table.respond import Refusal, locale_of, reply
from cogs.table.ui import REMATCH
from cogs.texts import t
from db.records import GameRecord, LobbyShape, rematch_stands

if TYPE_CHECKING:
    from cogs.table.lobby_messages import LobbyMessages
    from cogs.table.parts import Parts

log = logging.getLogger("deskovka.rematch")


class Rematches:
    def __init__(self, parts: Parts, lobby_messages: LobbyMessages) -> None:
        self.parts = parts
        self.lobby_messages = lobby_messages
        parts.router.on(REMATCH, self._pressed, after_end=True)

    async def _pressed(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        self.parts.finder.check_status(rec, ("finished",), locale)
        existing = await self.opened(rec)
        if existing is not None:
            await self.point(interaction, existing)
            return
        if interaction.user.id not in rec.players:
            raise Refusal(t("rematch_not_player", locale, game=rec.id))
        await interaction.response.defer(ephemeral=True, thinking=True)
        change = await self.parts.teller.commit(self.command(rec, interaction.user.id))
        if change is None:  # a press came first: its lobby
            existing = await self.opened(rec)
            if existing is None:
                raise Refusal(t("stale_plain", locale))
            await self.point(interaction, existing)
            return
        await self.parts.teller.tell(change, interaction)  # the lobby posted in the game's channel
        lobby = await self.parts.store.games.get(change.game_id)
        await reply(
            interaction, t("rematch_opened", locale, game=rec.id, link=self.lobby_messages.link(lobby)), ephemeral=True
        )

    async def opened(self, rec: GameRecord) -> GameRecord | None:
        """The rematch lobby of ``rec`` that still counts: open, started or played (one that
        ended without starting does not)."""
        lobby_id = await self.parts.store.lobbies.rematch_of(rec.id)
        if lobby_id is None:
            return None
        lobby = await self.parts.store.games.get(lobby_id)
        return lobby if rematch_stands(lobby.status, lobby.seed) else None

    @staticmethod
    def command(rec: GameRecord, user: int) -> Rematch:
        """The rematch of ``rec`` as ``user`` opens it: the same players, ``user`` first and
        seated, the others invited (a challenge seats them at once), the game's options as its
        kind carries them over."""
        players = [user, *(p for p in dict.fromkeys(rec.players) if p != user)]
        invited = tuple(players[1:])
        engine = games.ui(rec.kind).engine
        challenge = is_challenge(engine, len(invited))
        seats = players if challenge else [user]
        order = [rec.players.index(p) for p in players]
        options = games.rematch_options(rec.kind, rec.options, rec.load_state(), order)
        return Rematch(rec.id, user, tuple(seats), options, LobbyShape(challenge, invited))

    async def point(self, interaction: discord.Interaction, lobby: GameRecord) -> None:
        """A press after the rematch was opened: where it is (its lobby, or its game)."""
        locale = locale_of(interaction)
        if lobby.status == "lobby" and lobby.message_id is None:  # made by a press still posting it, or
            lobby = await self.lobby_messages.post(lobby)  # cut short: the same post (its nonce is the lobby's)
        if lobby.status == "lobby":
            text = t("rematch_already", locale, game=lobby.id, link=self.lobby_messages.link(lobby))
        else:
            text = t("rematch_already_started", locale, game=lobby.id, where=plan.link(lobby))
        await reply(interaction, text, ephemeral=True)
