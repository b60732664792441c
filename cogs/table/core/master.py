"""The master (issue 18 §2, issue 45 §1; DESIGN §5, boardgame.io's ``Master``): the one place that
commits a change of a game. It runs a :mod:`command <cogs.table.core.commands>` — reads the game,
checks the version, one store transaction, one retry loop on a stale version — and returns one
:class:`~cogs.table.core.change.Change` for the Discord side to tell (None: nothing changed, e.g.
the automatic player found no seat of its own to act, or a rating). It knows no Discord. Rule
errors and store errors pass through unchanged; the Discord side words them."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar, overload

from cogs.table.core.change import Change
from cogs.table.core.commands import (
    Act,
    AutoPlay,
    Cancel,
    Command,
    Expire,
    Finish,
    LeagueGame,
    Open,
    Rate,
    Rematch,
    SetSeats,
    Start,
    TakeBack,
)
from db.base import Store
from db.errors import StaleVersion, TableHasGame, WrongStatus
from db.records import GameRecord
from rules.errors import RuleError
from rules.protocol import Action

T = TypeVar("T")
log = logging.getLogger("deskovka.master")

RETRIES = 5
"""Attempts of a change that is retried on a stale version (a command, a lobby's seats)."""
AUTO_LEASE = 300.0
"""Seconds one process may keep a game's automatic player to itself (another process may take it
after: the one holding it died)."""

THINK_TIMEOUT = 60.0
"""Seconds of wall time a computer may think about one decision (issue 46 §1: the automatic rule
stays only as the fallback if the computer fails). Far above its budget (``make bench``: ≤ 3 s of
CPU at hard level), so it is reached only by a computer that hangs or a worker starved for minutes;
then the game's automatic player decides rather than the table waiting for ever. The worker may go
on thinking: its answer is dropped."""

AutoPlayer = Callable[[Any, int], Action]
"""A seat's decision in a state (pure and deterministic): ``rules/<game>/auto.py``. Its state is a
game's own, which the master only passes from the record to the engine it came from (``Any``: the
registry holds the players of every game, of different state types)."""
Think = Callable[[GameRecord, object, int, str, int], Awaitable[Action]]
"""A computer's decision for a seat of a game (its record and its state as read) at a level under
a seed, thought out away from the event loop (``cogs/table/thinking.py``)."""


class Master:
    """Commits every change; knows no Discord. ``store`` is read on each use (it opens late);
    ``auto_player`` names a game's automatic player by its kind (None: the game has none);
    ``think`` is how a computer decides (None: no computer plays here), within ``think_timeout``
    seconds of wall time; ``has_computer`` says whether a game has a computer (None: every game
    is asked)."""

    def __init__(
        self,
        store: Callable[[], Store],
        auto_player: Callable[[str], AutoPlayer | None],
        think: Think | None = None,
        has_computer: Callable[[str], bool] | None = None,
        think_timeout: float = THINK_TIMEOUT,
    ) -> None:
        self._store = store
        self._auto_player = auto_player
        self._think = think
        self._has_computer = has_computer
        self._think_timeout = think_timeout
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(62)
        """A started game's seed (its shuffles, its computers' thinking): drawn at random; a test
        replaces it to play the same game on every run."""

    @property
    def store(self) -> Store:
        return self._store()

    @overload
    async def run(self, command: Open | Act | Start | SetSeats | Cancel | Finish | TakeBack) -> Change: ...
    @overload
    async def run(self, command: Command) -> Change | None: ...

    async def run(self, command: Command) -> Change | None:
        """Run one command: the change it made, or None when it made none."""
        match command:
            case Open():
                opened = await self.store.lobbies.create(
                    command.kind,
                    command.creator,
                    command.options,
                    command.guild_id,
                    command.channel_id,
                    seats=command.seats,
                    pace=command.pace,
                    language=command.language,
                    shape=command.shape,
                )
                return Change.of_record("open", opened, command.creator)
            case Rematch():
                return await self._rematch(command)
            case LeagueGame():
                return await self._league_game(command)
            case Act():
                return await self._act(command)
            case Start():
                started = await self.store.games.start(
                    command.game_id, list(command.players), self.new_seed(), expected_version=command.version
                )
                return Change.of_record("start", started, command.by_user, command.cause)
            case SetSeats():
                return await self._set_seats(command)
            case Cancel():
                return await self._cancel(command)
            case Finish():
                finished = await self.store.games.finish(
                    command.game_id, command.outcome, expected_version=command.version
                )
                return Change.of_record("finish", finished, command.by_user)
            case Expire():
                expired = await self.store.games.expire(command.game_id)
                return None if expired is None else Change.of_record("cancel", expired)
            case TakeBack():
                rec = await self.store.games.get(command.game_id)
                result = await self.store.games.take_back(command.game_id, command.version, command.seat)
                return Change.of_takeback(rec, result, command.by_user, command.seat)
            case AutoPlay():
                return await self._auto_play(command)
            case Rate():
                await self.store.ratings.rate(command.game_id)
                return None
        raise TypeError(f"not a command: {command!r}")

    async def _read(self, game_id: int, seen: GameRecord | None) -> GameRecord:
        return seen if seen is not None and seen.id == game_id else await self.store.games.get(game_id)

    async def _retrying(self, rec: GameRecord, attempt: Callable[[GameRecord], Awaitable[T]]) -> T:
        """The one retry loop: ``attempt`` on the game as last read; on a stale version the game is
        read again and the attempt repeated, at most :data:`RETRIES` times."""
        for n in range(RETRIES):
            try:
                return await attempt(rec)
            except StaleVersion:
                if n == RETRIES - 1:
                    raise
                rec = await self.store.games.get(rec.id)
        raise AssertionError("unreachable")

    async def _league_game(self, command: LeagueGame) -> Change | None:
        """The table's game, running from its first move, with its ``start`` kept until told (a
        process that dies before telling it leaves it to the catch-up); None when the table has
        its game already."""
        try:
            made = await self.store.games.create(
                command.kind,
                list(command.players),
                command.options,
                self.new_seed(),
                command.guild_id,
                command.channel_id,
                command.creator,
                pace=command.pace,
                language=command.language,
                league_table=command.table,
            )
        except TableHasGame:
            return None
        return Change.of_record("start", made)

    async def _act(self, command: Act) -> Change:
        async def attempt(current: GameRecord) -> Change:
            version = current.version if command.version is None else command.version
            result = await self.store.games.append(current.id, version, command.seat, command.action)
            return Change.of_action(current, result, command.by_user, command.seat, cause=command.cause)

        rec = await self._read(command.game_id, command.seen)
        if command.version is not None:
            return await attempt(rec)
        return await self._retrying(rec, attempt)

    async def _set_seats(self, command: SetSeats) -> Change:
        async def attempt(current: GameRecord) -> Change:
            seats = command.seats(current)
            changed = await self.store.lobbies.set_seats(current.id, seats, expected_version=current.version)
            return Change.of_record("seats", changed, command.by_user)

        return await self._retrying(await self._read(command.game_id, command.seen), attempt)

    async def _cancel(self, command: Cancel) -> Change:
        seen = command.seen

        async def attempt(current: GameRecord) -> Change:
            if command.check is not None and current is not seen:
                command.check(current)
            cancelled = await self.store.games.cancel(current.id, command.by_user, expected_version=current.version)
            return Change.of_record("cancel", cancelled, command.by_user, command.cause)

        return await self._retrying(await self._read(command.game_id, seen), attempt)

    async def _rematch(self, command: Rematch) -> Change | None:
        """The rematch lobby, or None when a press came first (or the game is no longer finished):
        a press that loses the race for the game's link once looks again."""
        for _ in range(2):
            try:
                lobby, made = await self.store.lobbies.open_rematch(
                    command.game_id, command.by_user, command.seats, command.options, command.shape
                )
            except StaleVersion:  # another press linked its lobby at this very moment: it is the one
                continue
            except WrongStatus:
                return None
            return Change.of_record("open", lobby, command.by_user) if made else None
        return None

    async def _auto_play(self, command: AutoPlay) -> Change | None:
        """The next decision of the first seat the table plays that is to act — a computer's seat,
        or a person's the table plays without them — by a computer (issue 46; the automatic player,
        ``rules/<game>/auto.py``, when it fails or the game has none); None when none is (or
        another process plays the game now). A lost race or a decision the engine refuses (the game
        moved on) is looked at again."""
        if not await self.store.clocks.claim_autoplay(command.game_id, AUTO_LEASE):
            return None
        try:
            for _ in range(RETRIES):
                rec = await self.store.games.get(command.game_id)
                if rec.status != "active" or rec.engine is None:
                    return None
                state = rec.load_state()
                seats = [s for s in rec.engine.to_act(state) if rec.table_plays(s)]
                if not seats:
                    return None
                seat = seats[0]
                action = await self._decision(rec, state, seat)
                if action is None:
                    return None
                try:
                    result = await self.store.games.append(rec.id, rec.version, seat, action)
                except (StaleVersion, RuleError):
                    continue  # someone acted first: look again
                return Change.of_action(rec, result, None, seat)
            return None
        finally:
            await self.store.clocks.release_autoplay(command.game_id)

    async def _decision(self, rec: GameRecord, state: object, seat: int) -> Action | None:
        """The decision of the computer the table plays the seat with (a computer's seat, or a
        person's handed to one: :meth:`GameRecord.level_at`), seeded by the game, its version and
        the seat, thought within :data:`THINK_TIMEOUT`; if it fails or takes longer, or the game
        has no computer, the fallback's (:meth:`_fallback`)."""
        level = rec.level_at(seat)
        computer = self._has_computer is None or self._has_computer(rec.kind)
        if level is not None and self._think is not None and computer:
            try:
                return await asyncio.wait_for(
                    self._think(rec, state, seat, level, seed_of(rec, seat)), self._think_timeout
                )
            except TimeoutError:
                log.warning(
                    "game %s: the %s computer of seat %s thought for more than %s s; the fallback decides",
                    rec.id,
                    level,
                    seat,
                    self._think_timeout,
                )
            except Exception:
                log.exception("game %s: the %s computer of seat %s failed; the fallback decides", rec.id, level, seat)
        return self._fallback(rec, state, seat)

    def _fallback(self, rec: GameRecord, state: object, seat: int) -> Action | None:
        """The game's automatic player's decision (``rules/<game>/auto.py``); a game without one
        (Stratego) takes the first legal decision that is not a resignation (None: there is none)."""
        player = self._auto_player(rec.kind)
        if player is not None:
            return player(state, seat)
        if rec.engine is None:
            return None
        action = first_legal(rec.engine.legal(state, seat))
        if action is not None:
            log.info("game %s: seat %s plays its first legal decision, %s", rec.id, seat, action.notation())
        return action


def first_legal(actions: Iterable[Action]) -> Action | None:
    """The first of ``actions`` that is not a resignation (its notation is ``resign`` in every
    game: ``cogs/table/resigning.py``); None when there is none."""
    return next((a for a in actions if a.notation() != "resign"), None)


def seed_of(rec: GameRecord, seat: int) -> int:
    """A computer's seed for its decision in ``rec`` as it is now: the same game, version and seat
    give the same decision (a decision thought again after a crash is the same)."""
    return ((rec.seed or 0) * 1_000_003 + rec.version * 101 + seat) & ((1 << 62) - 1)
