"""Which game a command or a press means, and may its caller reach it (:class:`Finder`): the
``game`` option, the thread it was used in, the caller's only game here; a game's status and seat
in words when they refuse; a rule error or a typed action in the game's words."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from cogs import games
from cogs.table import results
from cogs.table.locales import Locales
from cogs.table.respond import Refusal, choices_or_nothing, locale_of
from cogs.table.rule_words import describe
from cogs.table.ui import mention
from cogs.texts import computer_mark, join_words, t
from cogs.texts.commands import typed
from db.base import Store
from db.errors import GameNotFound
from db.records import ABSENT_LEVEL, GameRecord
from rules.errors import NotYourTurn, RuleError

log = logging.getLogger("deskovka.table")

ACTIVE = ("active",)
GAME_ID = re.compile(r"#?(\d{1,19})")
MAX_ID = 2**63 - 1
LIST_LIMIT = 15
"""Games named in one answer ("which game?", ``/game list``); the rest are counted."""

Returned = Callable[[GameRecord, int], Awaitable[GameRecord]]
"""A player marked away is back (the clocks): the game as it is now."""


class Finder:
    def __init__(self, store: Callable[[], Store], locales: Locales) -> None:
        self._store = store
        self.locales = locales
        self.returned: Returned | None = None
        self._thread_games: dict[int, int] = {}
        """Thread → game (a cache: a thread belongs to one game for good, so it is never stale)."""

    @property
    def store(self) -> Store:
        return self._store()

    async def game_of_thread(self, channel_id: int) -> int | None:
        """The game whose thread ``channel_id`` is; a thread belongs to one game for good, so a
        found mapping is kept (a channel that is no game's thread is asked again next time)."""
        if channel_id in self._thread_games:
            return self._thread_games[channel_id]
        games = await self.store.games.find(thread_id=channel_id)
        if not games:
            return None
        self._thread_games[channel_id] = games[-1].id
        return games[-1].id

    @staticmethod
    def belongs(rec: GameRecord, interaction: discord.Interaction) -> bool:
        """Games belong to their server; in DMs a player reaches only the games they sit in."""
        if interaction.guild_id is not None:
            return rec.guild_id == interaction.guild_id
        return interaction.user.id in rec.players

    async def get(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        """The game ``game_id`` if the caller may reach it from here; "no such game" otherwise."""
        locale = locale_of(interaction)
        if not 0 < game_id <= MAX_ID:
            raise Refusal(t("no_game", locale))
        try:
            rec = await self.store.games.get(game_id)
        except GameNotFound:
            raise Refusal(t("no_game", locale)) from None
        if not self.belongs(rec, interaction):
            raise Refusal(t("no_game", locale))
        interaction.extras["game_id"] = rec.id
        if (
            rec.status == "active"
            and interaction.type != discord.InteractionType.autocomplete  # typing is not coming back
            and any(c.absent and c.user_id == interaction.user.id for c in rec.clocks)
            and self.returned is not None
        ):
            rec = await self.returned(rec, interaction.user.id)
        return rec

    def check_status(self, rec: GameRecord, statuses: tuple[str, ...], locale: str) -> None:
        """Refuse with words that name the game and where it stands."""
        if rec.status in statuses:
            return
        if rec.status == "finished":
            raise Refusal(t("game_over_named", locale, game=rec.id, result=self.result_text(rec, locale)))
        raise Refusal(t(f"status_is.{rec.status}", locale, game=rec.id))

    def result_text(self, rec: GameRecord, locale: str) -> str:
        try:
            return self.outcome_words(rec, rec.load_state(), locale)
        except Exception:
            log.exception("game %s: no outcome text", rec.id)
            return t("finished", locale)

    def outcome_words(self, rec: GameRecord, state: Any, locale: str) -> str:
        """The result in a sentence (``cogs/table/results.py``: one outcome, told one way)."""
        return results.result_text(games.ui(rec.kind), rec, state, locale)

    async def resolve(
        self, interaction: discord.Interaction, game: str | None, *, statuses: tuple[str, ...] = ACTIVE
    ) -> GameRecord:
        """The game a command means: the ``game`` option; else the game of this thread; else the
        caller's only game in this channel (in DMs: the caller's only game)."""
        locale = await self.locales.set_locale(interaction)
        if game is not None and game.strip():
            m = GAME_ID.fullmatch(game.strip())
            if not m:
                raise Refusal(t("no_game", locale))
            rec = await self.get(interaction, int(m.group(1)))
            self.check_status(rec, statuses, locale)
            return rec
        channel = interaction.channel_id
        if interaction.guild_id is not None and channel is not None:
            in_thread = await self.game_of_thread(channel)
            if in_thread is not None:
                rec = await self.get(interaction, in_thread)
                self.check_status(rec, statuses, locale)
                return rec
        mine = await self.my_games(interaction, statuses)
        here = [g for g in mine if channel in (g.channel_id, g.thread_id)] if interaction.guild_id is not None else mine
        if len(here) == 1:
            return await self.get(interaction, here[0].id)
        if not here:
            raise Refusal(self.no_active_game(locale))
        raise Refusal(t("which_game", locale, games=self.game_list(here, locale)))

    async def my_games(self, interaction: discord.Interaction, statuses: tuple[str, ...]) -> list[GameRecord]:
        """The caller's games with these statuses in this server (in DMs: in every server)."""
        return await self.store.games.find(user_id=interaction.user.id, guild_id=interaction.guild_id, status=statuses)

    @staticmethod
    def no_active_game(locale: str) -> str:
        commands = join_words([typed(f"{kind} new", locale) for kind in sorted(games.KINDS)], locale)
        return t("no_active_game", locale, commands=commands)

    def game_list(self, found: Sequence[GameRecord], locale: str) -> str:
        named = ", ".join(f"#{g.id} {games.ui(g.kind).title(locale)}" for g in found[:LIST_LIMIT])
        more = len(found) - LIST_LIMIT
        return named + (t("and_more", locale, n=more) if more > 0 else "")

    @staticmethod
    def seat(rec: GameRecord, user_id: int, locale: str) -> int:
        seat = rec.seat_of(user_id)
        if seat is None:
            raise Refusal(t("not_a_player", locale, game=rec.id))
        return seat

    @staticmethod
    def resigned_to_computer(rec: GameRecord, seat: int) -> bool:
        """Whether ``seat``'s player resigned it and a computer plays it to the end (Shitenno
        SH-R.6, issue 46 §1): the table plays a person's seat the engine counts as resigned."""
        return seat in rec.played_on()

    def refuse_resigned(self, rec: GameRecord, seat: int, locale: str) -> None:
        """A player who resigned a seat a computer now plays decides nothing more in that game."""
        if self.resigned_to_computer(rec, seat):
            raise Refusal(t("resigned_played_on", locale, game=rec.id, computer=computer_mark(ABSENT_LEVEL)))

    async def mine(self, interaction: discord.Interaction, game: str | None, kind: str) -> tuple[GameRecord, int]:
        """The caller's active game of ``kind`` and seat, for a game's own commands (its state,
        when a command needs it: ``rec.load_state()``)."""
        rec = await self.resolve(interaction, game)
        locale = locale_of(interaction)
        if rec.kind != kind:
            raise Refusal(t("wrong_kind", locale, game=rec.id, kind=games.ui(rec.kind).title(locale)))
        seat = self.seat(rec, interaction.user.id, locale)
        self.refuse_resigned(rec, seat, locale)
        return rec, seat

    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete for the ``game`` option: the caller's active games here, filtered by what was typed."""

        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            typed = current.strip().lstrip("#").lower()
            out = []
            for g in await self.my_games(interaction, ("lobby", "active")):
                label = f"#{g.id} {games.ui(g.kind).title(locale)}"
                if typed in label.lower():
                    out.append(app_commands.Choice(name=label[:100], value=str(g.id)))
            return out

        return await self.autocomplete(interaction, work)

    async def autocomplete(
        self, interaction: discord.Interaction, work: Callable[[], Awaitable[list[app_commands.Choice[str]]]]
    ) -> list[app_commands.Choice[str]]:
        """Run a game's autocomplete with the caller's language set and errors handled."""

        async def run() -> list[app_commands.Choice[str]]:
            await self.locales.set_locale(interaction)
            return await work()

        return await choices_or_nothing(interaction, run)

    def rule_words(self, rec: GameRecord, error: RuleError, locale: str, state: Any = None) -> str:
        ui = games.ui(rec.kind)
        if isinstance(error, NotYourTurn) and error.code == "not_your_turn" and state is not None:
            waiting = [mention(rec.players[s]) for s in ui.engine.to_act(state) if s < len(rec.players)]
            if waiting:
                return t("err.not_your_turn.not_your_turn", locale, to_move=join_words(waiting, locale))
        return describe(error, locale, ui.error_params(error, locale))

    def parse(self, rec: GameRecord, text: str, locale: str, state: Any = None) -> Any:
        """An action in the game's notation, or a refusal in words ("I can't read `xyz`")."""
        try:
            return games.ui(rec.kind).engine.parse_action(text, state)
        except RuleError as exc:
            raise Refusal(self.rule_words(rec, exc, locale)) from exc
