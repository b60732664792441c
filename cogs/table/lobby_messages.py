"""A lobby's message (DESIGN §1): its words and buttons — a challenge, an open challenge or a
lobby, each player's pace beside their name — posted where the lobby is made without an
interaction (a rematch), edited as its seats change, closed when it ends elsewhere (``/game
cancel``, expiry). :class:`~cogs.table.lobby.Lobbies` answers the presses and starts the game;
the shows reach this part through ``shows.lobbies``, the rematches and ``/game open`` for a
lobby's link."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import discord

from cogs import games
from cogs.table import plan
from cogs.table.buttons import buttons
from cogs.table.clock_words import pace_words
from cogs.table.core.change import Change
from cogs.table.core.progress import nonce
from cogs.table.ratings import speed_words
from cogs.table.respond import locale_of, pings, reply
from cogs.table.ui import ButtonSpec, Pick, SelectSpec, mention
from cogs.texts import computers_named, join_words, t
from db.clocks import LOBBY_TTL
from db.records import COMPUTER_LEVELS, GameRecord, LobbyShape, computer_level
from rules.protocol import AnyGame

if TYPE_CHECKING:
    from cogs.table.parts import Parts
    from db.base import Store

log = logging.getLogger("deskovka.lobby")


def is_challenge(engine: AnyGame, invited: int) -> bool:
    """Whether a new lobby with ``invited`` players invited is a challenge: one player invited to
    a game two may play, or nobody to a game of exactly two (the first to join starts it)."""
    return (invited == 1 and engine.min_players <= 2 <= engine.max_players) or (
        not invited and engine.min_players == engine.max_players == 2
    )


def invited(rec: GameRecord, shape: LobbyShape) -> list[int]:
    """Who a lobby's message pings: the challenged, or the players it invites."""
    return [u for u in rec.players if u != rec.creator_id] if shape.challenge else list(shape.invited)


def computer_buttons(rec: GameRecord, locale: str) -> list[ButtonSpec]:
    """A lobby's buttons for its computers (issue 46 §1), pressed by its creator alone: **Add a
    computer** while a seat is free and the game has a computer; **Remove a computer** while one
    is seated. A challenge of an invited player has neither (it is for that player); an open
    challenge has Add: whom nobody answered plays the computer (it takes the last seat, and the
    game starts)."""
    specs = []
    if games.kind(rec.kind).computer is not None and len(rec.players) < games.ui(rec.kind).engine.max_players:
        specs.append(ButtonSpec("add_computer", t("btn.add_computer", locale), "secondary"))
    if any(computer_level(u) is not None for u in rec.players):
        specs.append(ButtonSpec("remove_computer", t("btn.remove_computer", locale), "secondary"))
    return specs


def level_pick(locale: str) -> Pick:
    """Add a computer's private step: its level, from a select (the level's own word)."""
    levels = [(_capital(t(f"computer.level.{level}", locale)), level, "") for level in COMPUTER_LEVELS]
    select = SelectSpec("add_computer", t("lobby.computer_level_placeholder", locale), levels)
    return Pick(t("lobby.computer_level", locale), [select])


def computer_pick(computers: Sequence[int], locale: str) -> Pick:
    """Remove a computer's private step when several sit in the lobby: which, by name."""
    named = [(computers_named(mention(u), locale), str(u), "") for u in computers]
    select = SelectSpec("remove_computer", t("lobby.computer_which_placeholder", locale), named)
    return Pick(t("lobby.computer_which", locale), [select])


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


class LobbyMessages:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        parts.shows.lobbies = self
        parts.teller.committed.append(self.committed)

    @property
    def store(self) -> Store:
        return self.parts.store

    def committed(self, change: Change) -> None:
        """A lobby opened: the dispatcher hears when it expires."""
        if change.kind == "open":
            self.parts.teller.poke(change.record.created_at + LOBBY_TTL)

    # -- the words and buttons ------------------------------------------------------------------

    async def shape(self, rec: GameRecord) -> LobbyShape:
        shape = await self.store.lobbies.shape(rec.id)
        if shape is not None:
            return shape
        engine = games.ui(rec.kind).engine
        return LobbyShape(engine.max_players == 2, ())

    async def paces(self, rec: GameRecord, shape: LobbyShape, locale: str) -> dict[int, str]:
        """Each player's pace in words beside their name in a lobby (issue 20 §1): how soon they
        move, how many of their games they finished without a loss on time; "new" without either.
        Only the lobby shape lists its players; a store that cannot answer costs only the words."""
        if shape.challenge or rec.guild_id is None:
            return {}
        try:
            found = await self.store.ratings.paces(rec.guild_id, rec.people)
        except Exception:
            log.warning("game %s: no paces for the lobby", rec.id, exc_info=True)
            return {}
        return {user: speed_words(pace, locale) for user, pace in found.items()}

    async def message_now(self, rec: GameRecord, shape: LobbyShape, locale: str) -> tuple[str, discord.ui.View | None]:
        """:meth:`message` with the players' paces."""
        return self.message(rec, shape, locale, await self.paces(rec, shape, locale))

    def message(
        self, rec: GameRecord, shape: LobbyShape, locale: str, paces: Mapping[int, str] | None = None
    ) -> tuple[str, discord.ui.View | None]:
        ui = games.ui(rec.kind)
        title, options = ui.title(locale), ui.options_text(rec.options, locale)
        pace = pace_words(rec.pace, locale)
        options = t("with_pace", locale, options=options, pace=pace) if options else pace
        creator = mention(rec.creator_id)
        v = rec.version
        if shape.challenge and len(rec.players) == 2:
            content = t(
                "challenge_direct",
                locale,
                creator=creator,
                opponent=mention(rec.players[1]),
                kind=title,
                options=options,
            )
            specs = [
                ButtonSpec("accept", t("btn.accept", locale), "success", v),
                ButtonSpec("decline", t("btn.decline", locale), "danger", v),
                ButtonSpec("withdraw", t("btn.withdraw", locale), "secondary", v),
            ]
        elif shape.challenge:
            content = t("challenge_open", locale, creator=creator, kind=title, options=options)
            specs = [
                ButtonSpec("join", t("btn.join", locale), "success"),
                ButtonSpec("withdraw", t("btn.withdraw", locale), "secondary"),
                *computer_buttons(rec, locale),
            ]
        else:
            engine = ui.engine
            paces = paces or {}
            players = join_words(
                [
                    t("lobby.player_pace", locale, player=mention(u), pace=paces[u]) if paces.get(u) else mention(u)
                    for u in rec.players
                ],
                locale,
            )
            allowed = self.allowed(engine.min_players, engine.max_players)
            key = "lobby_invited" if shape.invited else "lobby_open"
            content = t(
                key,
                locale,
                creator=creator,
                kind=title,
                options=options,
                players=players,
                count=len(rec.players),
                allowed=allowed,
                invited=join_words([mention(u) for u in shape.invited], locale),
            )
            specs = [
                ButtonSpec("join", t("btn.join", locale), "success"),
                ButtonSpec("leave", t("btn.leave", locale), "secondary"),
                ButtonSpec("start", t("btn.start", locale), "primary"),
                ButtonSpec("cancel_lobby", t("btn.cancel", locale), "danger"),
                *computer_buttons(rec, locale),
            ]
        if shape.rematch_of is not None:
            content = t("rematch_head", locale, game=shape.rematch_of) + "\n" + content
        return content, buttons(rec.id, specs)

    @staticmethod
    def allowed(low: int, high: int) -> str:
        return str(low) if low == high else f"{low}–{high}"

    # -- closing a lobby's message ------------------------------------------------------------

    async def close_message(self, rec: GameRecord, text: str) -> None:
        """A lobby that ended elsewhere (``/game cancel``) loses its buttons."""
        if rec.message_id is not None:
            await self.parts.transport.edit_posted(rec, rec.channel_id, rec.message_id, text)

    # -- posting and refreshing ---------------------------------------------------------------

    def link(self, rec: GameRecord) -> str:
        """A jump link to a lobby's message (its channel when it has none)."""
        if rec.message_id is None:
            return f"<#{rec.channel_id}>"
        return f"https://discord.com/channels/{rec.guild_id or '@me'}/{rec.channel_id}/{rec.message_id}"

    async def opened(self, rec: GameRecord, interaction: discord.Interaction | None) -> None:
        """A lobby just opened: the answer to the command that opened it (``/{game} new``), else
        posted in its channel (a rematch, whose press was answered already)."""
        if interaction is None or interaction.response.is_done():
            await self.post(rec)
            return
        shape = await self.shape(rec)
        content, view = await self.message_now(rec, shape, plan.game_locale(rec))
        assert view is not None  # a lobby always has buttons
        response = await interaction.response.send_message(
            content, view=view, allowed_mentions=pings(invited(rec, shape))
        )
        message = response.resource
        if isinstance(message, discord.InteractionMessage):
            await self.store.games.set_message(rec.id, message.id)

    @staticmethod
    def on_lobby(interaction: discord.Interaction, rec: GameRecord) -> bool:
        """Whether a lobby's button was pressed on the lobby's own message (not on a list of open
        games, ``/game open``, whose message is the presser's alone)."""
        message = interaction.message
        return message is None or rec.message_id is None or message.id == rec.message_id

    async def seats_changed(self, rec: GameRecord, interaction: discord.Interaction | None) -> None:
        """A lobby's seats changed: its message as it is now — the answer to the press on it, else
        edited (a press on ``/game open``'s list is answered privately with the lobby's link)."""
        if interaction is not None and self.on_lobby(interaction, rec):
            content, view = await self.message_now(rec, await self.shape(rec), plan.game_locale(rec))
            await interaction.response.edit_message(content=content, view=view, allowed_mentions=pings(()))
            return
        await self.refresh(rec)
        if interaction is not None:
            locale = locale_of(interaction)
            await reply(interaction, t("lobby_joined_elsewhere", locale, link=self.link(rec)), ephemeral=True)

    async def post(self, rec: GameRecord) -> GameRecord:
        """Post a lobby made without an interaction in its channel (a rematch), pinging the players
        it invites; once per lobby (the post's nonce is the lobby's). The lobby as it is then."""
        shape = await self.shape(rec)
        content, view = await self.message_now(rec, shape, plan.game_locale(rec))
        ping = set(invited(rec, shape))
        message = await self.parts.transport.post(rec, content, view=view, ping=ping, nonce=nonce(f"lobby:{rec.id}"))
        return rec if message is None else await self.store.games.set_message(rec.id, message.id)

    async def refresh(self, rec: GameRecord) -> None:
        """The lobby message as the lobby is now (a change of its seats a dead process left untold)."""
        if rec.message_id is None:
            return
        content, view = await self.message_now(rec, await self.shape(rec), plan.game_locale(rec))
        await self.parts.transport.edit_posted(rec, rec.channel_id, rec.message_id, content, view)

    async def tell_cancelled(self, rec: GameRecord, progress: object = None) -> None:
        """A cancelled or expired game where its players look: the lobby message loses its
        buttons; a running game's thread says so and is closed."""
        locale = plan.game_locale(rec)
        if rec.status == "expired":
            title = games.ui(rec.kind).title(locale)
            days = round(LOBBY_TTL / 86400)
            await self.close_message(rec, t("lobby_expired", locale, title=title, days=days))
            return
        text = t("cancelled", locale, game=rec.id, user=mention(rec.cancelled_by or rec.creator_id))
        if rec.thread_id is None and rec.message_id is not None:
            await self.close_message(rec, text)
        if rec.seed is not None:
            await self.parts.transport.post(rec, text, ping=set(rec.people))
