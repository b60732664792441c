"""Lobbies and challenges for every game (DESIGN §1): ``/{game} new`` posts one, players join, the
creator starts it. Three shapes of one idea:

* a **challenge** of one invited player to a two-player game: Accept / Decline (Withdraw);
* an **open challenge** for a game of exactly two: the first to Join starts it (Withdraw);
* a **lobby** otherwise: Join / Leave / Start / Cancel; when players are invited, only they may join.

Its creator may seat computers (issue 46 §1): **Add a computer** (its level picked privately) while
a seat is free and the game has a computer, **Remove a computer** while one is seated; a computer
that takes the last seat starts the game. An open challenge offers Add too (whom nobody answered
plays the computer); a challenge of an invited player does not — it is that player's seat.

Lobby buttons never go stale: a press reads the lobby as it is now and retries a lost race, then
edits the lobby message, so two people joining at once both get in.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from cogs import games
from cogs.table import plan
from cogs.table.buttons import Press, show_pick
from cogs.table.core.change import Cause, Change
from cogs.table.core.commands import Cancel, Open, SetSeats, Start
from cogs.table.core.master import RETRIES
from cogs.table.core.progress import Progress
from cogs.table.lobby_messages import computer_pick, is_challenge, level_pick
from cogs.table.respond import Refusal, answering, locale_of, pings, server_locale
from cogs.table.ui import mention
from cogs.texts import LANGUAGES, join_words, t
from db.clocks import DEFAULT_PACE, PACES
from db.errors import StaleVersion, WrongStatus
from db.records import COMPUTER_LEVELS, GameRecord, LobbyShape, computer_id, computer_level, free_computer_id

if TYPE_CHECKING:
    from cogs.table.lobby_messages import LobbyMessages
    from cogs.table.parts import Parts
    from db.base import Store

log = logging.getLogger("deskovka.lobby")

PACE_CHOICES = [app_commands.Choice(name=name, value=name) for name in PACES]
"""The ``pace`` option of every ``/{game} new``: none, 1d, 3d (default), 7d per turn."""
PACE_HELP = "Time per turn before the others can act (default 3 days)"
"""The ``pace`` option's description, the same in every game."""
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in (("cs", "čeština"), ("en", "English"))]
"""The ``language`` option of every ``/{game} new``: the game's thread and public images."""
LANGUAGE_HELP = "The language of the game's thread and pictures (default: the server's)"
"""The ``language`` option's description, the same in every game."""
COMPUTERS_HELP = "Computer players to seat (a game they fill starts at once)"
"""The ``computers`` option of every ``/{game} new`` (issue 46)."""
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in COMPUTER_LEVELS]
"""The ``level`` option of every ``/{game} new``: how well its computers play."""
LEVEL_HELP = "How well the computers play (default: normal)"
DEFAULT_LEVEL = "normal"
F = TypeVar("F", bound=Callable[..., Any])


def new_game_options(command: F) -> F:
    """What every ``/{game} new`` offers besides its game's own options — ``pace``, ``language``,
    ``computers`` and ``level`` — described, with their choices (the command declares the
    parameters, with :data:`DEFAULT_PACE` and :data:`DEFAULT_LEVEL`)."""
    described = app_commands.describe(
        pace=PACE_HELP, language=LANGUAGE_HELP, computers=COMPUTERS_HELP, level=LEVEL_HELP
    )(command)
    return app_commands.choices(pace=PACE_CHOICES, language=LANGUAGE_CHOICES, level=LEVEL_CHOICES)(described)


__all__ = ["DEFAULT_LEVEL", "DEFAULT_PACE", "Lobbies", "new_game_options"]


@dataclass(frozen=True, slots=True)
class Accepted(Cause):
    """A challenge accepted: the game starts and its lobby's message says who accepted."""


@dataclass(frozen=True, slots=True)
class Ended(Cause):
    """A lobby ended from its own buttons: the words its message keeps (``challenge_declined``,
    ``challenge_withdrawn``, ``lobby_cancelled``)."""

    key: str


def default_language(interaction: discord.Interaction) -> str:
    """A new game's language when its creator names none: Czech on a server that prefers Czech
    (its Community setting, sent with every interaction), else English."""
    return "cs" if (server_locale(interaction) or "").startswith("cs") else "en"


class Lobbies:
    def __init__(self, parts: Parts, messages: LobbyMessages) -> None:
        self.parts = parts
        self.messages = messages
        router = parts.router
        router.on("accept", self._accept)
        router.on("decline", self._decline)
        router.on("withdraw", self._withdraw)
        router.on("join", self._join)
        router.on("leave", self._leave)
        router.on("start", self._start)
        router.on("cancel_lobby", self._cancel_lobby)
        router.on("add_computer", self._add_computer)
        router.on("remove_computer", self._remove_computer)
        parts.shows.on(Accepted, self._show_accepted)
        parts.shows.on(Ended, self._show_ended)

    @property
    def store(self) -> Store:
        return self.parts.store

    # -- opening ------------------------------------------------------------------------------

    async def refuse_in_game_thread(self, interaction: discord.Interaction) -> None:
        """A new game inside another game's thread could never be played there."""
        locale = locale_of(interaction)
        if interaction.channel_id is None or interaction.guild_id is None:
            raise Refusal(t("new_in_server", locale))
        game = await self.parts.finder.game_of_thread(interaction.channel_id)
        if game is not None:
            rec = await self.store.games.get(game)
            raise Refusal(t("new_in_game_thread", locale, game=rec.id, where=f"<#{rec.channel_id}>"))

    async def open(
        self,
        interaction: discord.Interaction,
        kind: str,
        options: dict[str, Any],
        invitees: Sequence[discord.abc.User | None],
        pace: str = DEFAULT_PACE,
        language: str | None = None,
        computers: int = 0,
        level: str = DEFAULT_LEVEL,
    ) -> GameRecord:
        """Post a challenge or lobby for ``kind``; options are checked now, not at the start.
        ``language`` is the game's (its lobby, thread, public images and game-over); by default
        Czech where the server prefers Czech, else English. ``computers`` seats that many computer
        players of ``level`` (issue 46); a game they fill with its creator starts at once."""
        locale = await self.parts.locales.set_locale(interaction)
        if pace not in PACES:
            raise Refusal(t("pace_unknown", locale, choices=", ".join(f"`{p}`" for p in PACES)))
        if language is not None and language not in LANGUAGES:
            raise Refusal(t("language_unknown", locale, choices=", ".join(f"`{c}`" for c in LANGUAGES)))
        language = language or default_language(interaction)
        await self.refuse_in_game_thread(interaction)
        ui = games.ui(kind)
        engine = ui.engine
        creator = interaction.user.id
        invited: list[int] = []
        for user in invitees:
            if user is None:
                continue
            if user.id == creator:
                raise Refusal(t("challenge_self", locale))
            if getattr(user, "bot", False):
                raise Refusal(t("challenge_bot", locale))
            if user.id not in invited:
                invited.append(user.id)
        if computers < 0 or level not in COMPUTER_LEVELS:
            raise Refusal(t("computers_unknown", locale, levels=", ".join(f"`{x}`" for x in COMPUTER_LEVELS)))
        if computers and games.kind(kind).computer is None:
            raise Refusal(t("computers_none", locale, title=ui.title(locale)))
        if len(invited) + 1 + computers > engine.max_players:
            raise Refusal(t("too_many_invited", locale, title=ui.title(locale), maximum=engine.max_players))
        seated = tuple(computer_id(level, n) for n in range(computers))
        challenge = not computers and is_challenge(engine, len(invited))
        seats = (creator, *invited) if challenge else (creator, *seated)
        assert interaction.channel_id is not None
        shape = LobbyShape(challenge, tuple(invited))
        command = Open(
            kind,
            creator,
            games.table_options(kind, options),
            interaction.guild_id,
            interaction.channel_id,
            seats,
            PACES[pace],
            language,
            shape,
        )
        change = await self.parts.teller.commit(command)
        await self.parts.teller.tell(change, interaction)
        rec = await self.store.games.get(change.game_id)
        if seated and not invited and len(seats) == engine.max_players:  # filled by computers: play now
            return await self.start(interaction, rec, list(seats))
        return rec

    # -- buttons ------------------------------------------------------------------------------

    def _open(self, rec: GameRecord, interaction: discord.Interaction) -> str:
        locale = locale_of(interaction)
        if rec.status != "lobby":
            raise Refusal(t("challenge_gone", locale))
        return locale

    async def _accept(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = self._open(rec, interaction)
        user = interaction.user.id
        if user == rec.creator_id:
            raise Refusal(t("challenge_own", locale))
        if len(rec.players) < 2 or rec.players[1] != user:
            raise Refusal(t("challenge_not_for_you", locale, opponent=mention(rec.players[-1])))
        await self.start(interaction, rec, list(rec.players), accepted_by=user)

    async def _decline(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = self._open(rec, interaction)
        if len(rec.players) < 2 or interaction.user.id != rec.players[1]:
            raise Refusal(t("challenge_not_for_you", locale, opponent=mention(rec.players[-1])))
        await self._end(interaction, rec, Ended("challenge_declined"))

    async def _withdraw(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = self._open(rec, interaction)
        if interaction.user.id != rec.creator_id:
            raise Refusal(t("challenge_withdraw_not_yours", locale, creator=mention(rec.creator_id)))
        await self._end(interaction, rec, Ended("challenge_withdrawn"))

    async def _cancel_lobby(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = self._open(rec, interaction)
        perms = interaction.permissions
        if interaction.user.id != rec.creator_id and not (perms and perms.manage_guild):
            raise Refusal(t("lobby_cancel_not_yours", locale, creator=mention(rec.creator_id)))
        await self._end(interaction, rec, Ended("lobby_cancelled"))

    async def _end(self, interaction: discord.Interaction, rec: GameRecord, ended: Ended) -> None:
        def still_a_lobby(current: GameRecord) -> None:
            if current.status != "lobby":
                raise Refusal(t("challenge_gone", locale_of(interaction)))

        command = Cancel(rec.id, interaction.user.id, still_a_lobby, ended, seen=rec)
        try:
            change = await self.parts.teller.commit(command)
        except WrongStatus:
            raise Refusal(t("challenge_gone", locale_of(interaction))) from None
        await self.parts.teller.tell(change, interaction)

    async def _show_ended(
        self, change: Change, ended: Ended, interaction: discord.Interaction | None, progress: Progress
    ) -> None:
        """The lobby's message keeps the words of how it ended, without buttons."""
        rec, by = change.record, mention(change.by_user or change.record.creator_id)
        text = t(ended.key, plan.game_locale(rec), opponent=by, user=by, creator=mention(rec.creator_id))
        if interaction is None:
            await self.messages.close_message(rec, text)
            return
        await interaction.response.edit_message(content=text, view=None, allowed_mentions=pings(()))

    async def start(
        self, interaction: discord.Interaction, rec: GameRecord, players: Sequence[int], accepted_by: int | None = None
    ) -> GameRecord:
        """Lobby → game: seed, thread (or the channel), start post, each seat's private view.
        The lobby message then says where the game is (and who accepted, for a challenge)."""
        locale = locale_of(interaction)
        cause = Accepted() if accepted_by is not None else None
        try:
            change = await self.parts.teller.commit(
                Start(rec.id, tuple(players), rec.version, interaction.user.id, cause)
            )
        except (StaleVersion, WrongStatus):
            raise Refusal(t("challenge_gone", locale)) from None
        answering(interaction).committed = True
        if not interaction.response.is_done():
            await interaction.response.defer()
        await self.parts.teller.tell(change, interaction)
        return change.record

    async def _show_accepted(
        self, change: Change, _: Accepted, interaction: discord.Interaction | None, progress: Progress
    ) -> None:
        await self.parts.shows.started(change, interaction, progress, accepted_by=change.by_user)

    async def _join(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = self._open(rec, interaction)
        user = interaction.user.id
        shape = await self.messages.shape(rec)
        if shape.challenge:
            if user == rec.creator_id:
                raise Refusal(t("challenge_own", locale))
            if len(rec.players) >= 2 and user != rec.players[1]:
                raise Refusal(t("challenge_not_for_you", locale, opponent=mention(rec.players[1])))
            await self.start(interaction, rec, [rec.creator_id, user], accepted_by=user)
            return
        if shape.invited and user not in shape.invited and user != rec.creator_id:
            raise Refusal(
                t("lobby_invited_only", locale, invited=join_words([mention(u) for u in shape.invited], locale))
            )
        maximum = games.ui(rec.kind).engine.max_players

        def joined(players: list[int]) -> list[int]:
            if user in players:
                raise Refusal(t("lobby_already_in", locale))
            if len(players) >= maximum:
                raise Refusal(t("lobby_full", locale, maximum=maximum))
            return [*players, user]

        await self._change_seats(interaction, rec, joined)

    async def _leave(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = self._open(rec, interaction)
        user = interaction.user.id
        if user == rec.creator_id:
            raise Refusal(t("lobby_creator_leaves", locale))

        def left(players: list[int]) -> list[int]:
            if user not in players:
                raise Refusal(t("lobby_not_in", locale))
            return [p for p in players if p != user]

        await self._change_seats(interaction, rec, left)

    async def _change_seats(
        self, interaction: discord.Interaction, rec: GameRecord, change: Callable[[list[int]], list[int]]
    ) -> None:
        """Read-modify-write of the seats, retried when someone else changed them first."""
        locale = locale_of(interaction)

        def seats(current: GameRecord) -> list[int]:
            if current.status != "lobby":
                raise Refusal(t("challenge_gone", locale))
            return list(change(list(current.players)))

        try:
            changed = await self.parts.teller.commit(SetSeats(rec.id, seats, interaction.user.id, seen=rec))
        except WrongStatus:
            raise Refusal(t("challenge_gone", locale)) from None
        await self.parts.teller.tell(changed, interaction)

    async def _start(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = self._open(rec, interaction)
        if interaction.user.id != rec.creator_id:
            raise Refusal(t("lobby_start_not_yours", locale, creator=mention(rec.creator_id)))
        engine = games.ui(rec.kind).engine
        if not engine.min_players <= len(rec.players) <= engine.max_players:
            raise Refusal(
                t(
                    "lobby_wrong_count",
                    locale,
                    allowed=self.messages.allowed(engine.min_players, engine.max_players),
                    count=len(rec.players),
                )
            )
        await self.start(interaction, rec, list(rec.players))

    # -- computers (issue 46 §1) ----------------------------------------------------------------

    def _creators_lobby(self, rec: GameRecord, interaction: discord.Interaction) -> str:
        """Computers come and go by the lobby's creator alone, while it is a lobby."""
        locale = locale_of(interaction)
        if rec.status != "lobby":
            raise Refusal(t("lobby.closed", locale))
        if interaction.user.id != rec.creator_id:
            raise Refusal(t("lobby.computers_not_yours", locale, creator=mention(rec.creator_id)))
        return locale

    async def _add_computer(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """**Add a computer**: its level picked privately, then it takes the next free seat; the
        last seat starts the game (as ``/{game} new computers:`` that fills it does)."""
        locale = self._creators_lobby(rec, interaction)
        ui = games.ui(rec.kind)
        if games.kind(rec.kind).computer is None:
            raise Refusal(t("computers_none", locale, title=ui.title(locale)))
        if (await self.messages.shape(rec)).challenge and len(rec.players) > 1:
            raise Refusal(t("lobby.computer_challenge", locale))
        maximum = ui.engine.max_players
        if len(rec.players) >= maximum:
            raise Refusal(t("lobby_full", locale, maximum=maximum))
        if not press.values:
            await show_pick(interaction, rec.id, level_pick(locale), edit=False)
            return
        level = press.values[0]
        if level not in COMPUTER_LEVELS:
            raise Refusal(t("computers_unknown", locale, levels=", ".join(f"`{x}`" for x in COMPUTER_LEVELS)))

        def added(current: GameRecord) -> list[int]:
            if current.status != "lobby":
                raise Refusal(t("lobby.closed", locale))
            if len(current.players) >= maximum:
                raise Refusal(t("lobby_full", locale, maximum=maximum))
            return [*current.players, free_computer_id(current.players, level)]

        for _ in range(RETRIES):
            players = added(rec)
            command: SetSeats | Start = (
                SetSeats(rec.id, added, interaction.user.id, seen=rec)
                if len(players) < maximum
                else Start(rec.id, tuple(players), rec.version, interaction.user.id)
            )
            try:
                change = await self.parts.teller.commit(command)
            except StaleVersion:  # the last seat, and the lobby changed since it was read: read it again
                rec = await self.store.games.get(rec.id)
                continue
            except WrongStatus:
                raise Refusal(t("lobby.closed", locale)) from None
            said = t("lobby.computer_added", locale, computer=mention(change.record.players[-1]))  # seated last
            await self._computers_changed(interaction, change, said)
            return
        raise Refusal(t("stale_plain", locale))

    async def _remove_computer(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """**Remove a computer**: the lobby's only one at once; of several, the one picked
        privately by name."""
        locale = self._creators_lobby(rec, interaction)
        seated = [u for u in rec.players if computer_level(u) is not None]
        if not press.values and not seated:
            raise Refusal(t("lobby.no_computer", locale))
        if not press.values and len(seated) > 1:
            await show_pick(interaction, rec.id, computer_pick(seated, locale), edit=False)
            return
        gone = seated[0] if not press.values else _user_id(press.values[0])

        def removed(current: GameRecord) -> list[int]:
            if current.status != "lobby":
                raise Refusal(t("lobby.closed", locale))
            if gone is None or computer_level(gone) is None or gone not in current.players:
                raise Refusal(t("lobby.computer_not_in", locale))
            return [u for u in current.players if u != gone]

        try:
            change = await self.parts.teller.commit(SetSeats(rec.id, removed, interaction.user.id, seen=rec))
        except WrongStatus:
            raise Refusal(t("lobby.closed", locale)) from None
        assert gone is not None
        await self._computers_changed(interaction, change, t("lobby.computer_removed", locale, computer=mention(gone)))

    async def _computers_changed(self, interaction: discord.Interaction, change: Change, said: str) -> None:
        """A computer added or removed, told: pressed on the lobby, its message as the answer;
        picked privately, the picker says what was done and the lobby's message is edited (or the
        game it started is told, and where it is)."""
        answering(interaction).committed = True
        started = change.kind == "start"
        if self.messages.on_lobby(interaction, change.record):
            if started:
                await interaction.response.defer()
            await self.parts.teller.tell(change, interaction)
            return
        await interaction.response.edit_message(content=said, view=None)
        await self.parts.teller.tell(change, interaction if started else None)


def _user_id(value: str) -> int | None:
    """A user id picked in a select (None: not one)."""
    try:
        return int(value)
    except ValueError:
        return None
