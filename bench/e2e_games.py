"""What the end-to-end benches of the turn-based games (``bench/e2e_shitenno.py``,
``bench/e2e_stroganov.py``) share: the world (the local Discord with ``USERS`` members of one
guild, the database the games are made in before the bot starts, the bot and py-spy), random
decisions that keep games going, the games in play, the measurements (a steady open-loop part at
``RATE`` decisions/s, then bursts; REST calls and the bot's CPU per decision; capacity by
Stratego's ramp) and the rows they have in common.
"""

from __future__ import annotations

import asyncio
import collections
import random
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bench import e2e
from bench.e2e import IDLE, Sample, cpu_seconds, loop_seconds, open_loop, stop, workers_seconds
from bench.stats import Row, collector_paused
from cogs.games import ENGINES
from db.store import GameStore
from rules.errors import RuleError
from rules.protocol import Action, AnyGame
from rules.protocol import Game as Engine
from tests.e2e.bot_process import launch, members
from tests.fakediscord import FakeDiscord, Thread, User

USERS = 100
RATE = 20
"""Decisions per second of the steady part."""
DM_CHANNELS = "/users/@me/channels"

S = TypeVar("S")
A = TypeVar("A", bound=Action)


def after(game: Engine[S, A], state: S, seat: int, action: A) -> S | None:
    """The state after ``action`` in engine ``game``, or ``None`` when it ends the game (or is
    refused)."""
    out = game.load(game.dump(state))
    try:
        game.apply(out, seat, action)
    except RuleError:
        return None
    return None if game.outcome(out) is not None else out


def random_action(game: Engine[S, A], state: S, seat: int, rnd: random.Random) -> tuple[A, S] | None:
    """A random legal decision of engine ``game`` (not resign) that does not end the game, and the
    state after it."""
    actions = [a for a in game.legal(state, seat) if a.notation() != "resign"]
    rnd.shuffle(actions)
    for a in actions:
        nxt = after(game, state, seat, a)
        if nxt is not None:
            return a, nxt
    return None


@dataclass
class World:
    fake: FakeDiscord
    path: Path
    guild: Any
    channel: Any
    users: list[Any]
    store: GameStore
    spy: subprocess.Popen[bytes] | None = None  # py-spy, once started

    def seats(self, n: int, first: int) -> list[Any]:
        """``n`` users by seat, from the ``first`` one on (cycling)."""
        return [self.users[(first + i) % len(self.users)] for i in range(n)]

    def tables(self, counts: tuple[int, ...], per_count: int) -> Iterator[tuple[int, int, list[Any]]]:
        """``per_count`` games of each player count: (players, seed, users by seat), seeds from 0."""
        seed = 0
        for n in counts:
            for g in range(per_count):
                yield n, seed, self.seats(n, n * g)
                seed += 1

    async def create(self, kind: str, options: dict[str, Any], seed: int, users: list[Any]) -> tuple[Any, Any]:
        """A game of ``kind`` in the store, in a thread of its own: its record and the thread."""
        thread = self.channel.create_thread(f"{kind} {seed}", owner=users[0])
        rec = await self.store.games.create(
            kind,
            [u.id for u in users],
            options,
            seed,
            guild_id=self.guild.id,
            channel_id=self.channel.id,
            creator_id=users[0].id,
            thread_id=thread.id,
            pace=e2e.PACE,
        )
        return rec, thread

    @asynccontextmanager
    async def bot(self) -> AsyncIterator[asyncio.subprocess.Process]:
        """The store closed, the bot process on it for the block; then py-spy (if ``spy`` was
        started) and the bot stopped."""
        await self.store.close()
        bot = await launch(self.fake, self.path, self.guild, self.users[0], self.channel)
        try:
            yield bot
        finally:
            await stop(bot, self.spy)


@asynccontextmanager
async def world() -> AsyncIterator[World]:
    """The local Discord with the guild, its channel and ``USERS`` members, and the database (in a
    temporary directory) open for making the games."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
            guild, channel, users = members(fake, USERS)
            store = await GameStore.open(path, ENGINES, synchronous="OFF")
            yield World(fake, path, guild, channel, users, store)


@dataclass
class Game:
    thread: Thread
    users: list[User]  # by seat
    state: Any
    rnd: random.Random
    stuck: bool = False  # only game-ending decisions left: left out
    planned: collections.deque[tuple[Any, int, Any, Any]] = field(default_factory=collections.deque)
    """Decisions drawn ahead (:meth:`Bench.plan`): (the state it is drawn in, seat, action, the
    state after), each following the one before."""

    @property
    def n(self) -> int:
        return len(self.users)


@dataclass
class Measured(e2e.Measured):
    """As in ``bench/e2e.py`` (``bench_cpu`` is not counted here), with the DM channels opened."""

    dm_opens: int = 0  # of the REST calls, DM channels opened

    def add(self, other: e2e.Measured) -> None:
        super().add(other)
        assert isinstance(other, Measured)
        self.dm_opens += other.dm_opens


class Bench:
    """The stand-in, the games in play and the bot process. A game's decision is ``decide``; a
    burst sends ``sends`` of the games at once."""

    engine: AnyGame
    measured: type[Measured] = Measured
    settle = 0.0
    """Seconds the bot's CPU is still counted after the last answer."""

    def __init__(self, fake: FakeDiscord, bot: asyncio.subprocess.Process, games: list[Any]) -> None:
        self.fake, self.bot, self.games = fake, bot, games
        self.drawn_late = 0
        """Decisions drawn while the clock ran (none planned for that state)."""

    def draw(self, game: Game, seat: int) -> tuple[Any, Any] | None:
        """The game's next decision, by ``seat``: drawn ahead by :meth:`plan` if it was, else
        ``random_action`` now; none left marks the game stuck."""
        if game.planned and game.planned[0][0] is game.state and game.planned[0][1] == seat:
            _, _, action, nxt = game.planned.popleft()
            return action, nxt
        game.planned.clear()  # drawn from another state (a page's button was pressed instead)
        self.drawn_late += 1
        picked = random_action(self.engine, game.state, seat, game.rnd)
        if picked is None:
            game.stuck = True
        return picked

    def plan(self, games: list[Game], decisions: int) -> None:
        """Draw ``decisions`` of these games ahead, spread over them, before the clock starts: a
        player's choice is made on the player's device, so what the driver takes to choose (for
        Shitenno, every legal payment of every province: up to tens of ms in a large hand) must
        neither hold the stand-in's event loop nor count in an answer's time."""
        if not games:
            return
        depth = -(-decisions // len(games)) + 2
        for game in games:
            state = game.planned[-1][3] if game.planned else game.state
            while len(game.planned) < depth:
                seat = self.engine.to_act(state)[0]
                picked = random_action(self.engine, state, seat, game.rnd)
                if picked is None:
                    break
                game.planned.append((state, seat, picked[0], picked[1]))
                state = picked[1]

    async def decide(self, game: Any, due: float | None = None) -> Sample | None:
        raise NotImplementedError

    def sends(self, games: list[Any]) -> list[Awaitable[Sample | None]]:
        return [self.decide(g) for g in games]

    async def measure(self, work: Callable[[Measured], Awaitable[list[Sample | None]]]) -> Measured:
        out = self.measured()
        t0, cpu0, loop0 = time.perf_counter(), cpu_seconds(self.bot.pid), loop_seconds(self.bot.pid)
        workers0 = workers_seconds(self.bot.pid)
        own0 = time.process_time()
        with collector_paused():
            out.samples = [s for s in await work(out) if s is not None]
        out.wall = time.perf_counter() - t0
        if self.settle:
            await asyncio.sleep(self.settle)
        out.cpu = cpu_seconds(self.bot.pid) - cpu0
        out.parts["loop 0"] = loop_seconds(self.bot.pid) - loop0
        out.parts["workers 0"] = workers_seconds(self.bot.pid) - workers0
        out.bench_cpu = time.process_time() - own0
        calls = [r for r in self.fake.requests.records if r.started >= t0 and not r.interaction_response]
        out.rest = len(calls)
        out.dm_opens = sum(1 for r in calls if r.path.endswith(DM_CHANNELS))
        return out

    def of(self, n: int) -> list[Any]:
        return [g for g in self.games if g.n == n and not g.stuck]

    async def burst(self, n: int) -> Measured:
        self.plan(self.of(n), len(self.of(n)))

        async def work(_: Measured) -> list[Sample | None]:
            return list(await asyncio.gather(*self.sends(self.of(n))))

        return await self.measure(work)

    async def paced(self, n: int, rate: float, seconds: float) -> Measured:
        """Open loop as in ``bench/e2e.py``: decision k is due at ``k / rate`` s, in the game of
        ``n`` players idle longest; latency counts from the due time."""

        self.plan(self.of(n), round(rate * seconds))

        async def work(out: Measured) -> list[Sample | None]:
            return await open_loop(list(self.of(n)), rate, seconds, self.decide, out)

        return await self.measure(work)

    async def capacity(self, n: int, quick: bool) -> list[tuple[int, e2e.Measured]]:
        """The games of ``n`` players under the same ramp as Stratego's (``bench/e2e.py`` ``ramp``:
        open-loop steps at rising rates until the final answer's p99 passes 100 ms)."""
        return await e2e.ramp(lambda rate: self.paced(n, rate, 1.5 if quick else 4.0))

    async def warm(self, counts: tuple[int, ...], bursts: int) -> None:
        """Not measured: ``bursts`` bursts of each player count, which open the players' DM
        channels (discord.py caches them)."""
        for n in counts:
            for _ in range(bursts):
                await self.burst(n)

    async def round(self, n: int, quick: bool) -> dict[str, Measured]:
        """The games of ``n`` players: ``RATE`` decisions/s for a few seconds, then bursts."""
        await asyncio.sleep(IDLE)
        paced = await self.paced(n, RATE, 2.0 if quick else 6.0)
        bursts = self.measured()
        for _ in range(1 if quick else 3):
            await asyncio.sleep(IDLE)
            bursts.add(await self.burst(n))
        return {"paced": paced, "burst": bursts}


M = TypeVar("M", bound=Measured)


def both(res: Mapping[str, M]) -> M:
    """The steady part and the bursts of one round together."""
    out = type(res["paced"])()
    out.add(res["paced"])
    out.add(res["burst"])
    return out


def late(m: Measured) -> str:
    return f" (sent up to {m.lag * 1000:.0f} ms late)" if m.lag > 0.05 else ""


def rest_row(section: str, who: str, m: Measured) -> Row:
    return Row(
        section,
        f"{who}: REST calls per decision besides the interaction response",
        f"{(m.rest - m.dm_opens) / max(1, len(m.samples)):.2f}"
        + (f" (+ {m.dm_opens} first DM channel opens)" if m.dm_opens else ""),
    )


def closing_rows(section: str, games: int, r: dict[str, Any]) -> list[Row]:
    """The bot's memory with ``games`` games, those left out, the stand-in's problems."""
    rows = [Row(section, f"memory of the bot and its render workers (PSS), {games} games, MB", f"{r['rss']:.0f}")]
    if r["stuck"]:
        rows.append(Row(section, "games with only game-ending decisions left (left out)", str(r["stuck"])))
    if r["drawn_late"]:
        rows.append(Row(section, "decisions the driver drew on the clock (not planned ahead)", str(r["drawn_late"])))
    if r["problems"]:
        rows.append(Row(section, "problems the stand-in recorded", str(len(r["problems"])), "0", False))
    return rows
