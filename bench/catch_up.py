"""The announce-on-start-up sweep (issue 18 §3, §7): ``Teller.catch_up`` over many stored games that
each have one change a dead process left untold.

The games are made in the store directly (``GameStore.games.create``, then one ``append``: its change row
stays, claimed by the store that made it); the file is then opened again by a new store, as by a
restarted bot, and the real :meth:`cogs.table.teller.Teller.catch_up` runs on a stub table whose ``tell``
does only the telling's store part (``Progress.told``): the Discord part is not measured here.
The store's methods are timed as they are called; CPU is this process's (the SQLite thread
included). Each registered game with a catch-up workload (``Workload.catch_up``,
``cogs/<game>/workload.py``) is measured apart: Stratego games (a small state) and Stroganov games 4
players and 40 decisions in (a state of tens of KB, which ``Change.caught_up_from`` parses).
"""

from __future__ import annotations

import asyncio
import functools
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.stats import Row
from cogs.games import ENGINES, KINDS, registered
from cogs.table.core.change import Change
from cogs.table.core.progress import Progress
from cogs.table.teller import Teller
from db.repos.outbox import OutboxRepo
from db.store import GameStore

TIMED = ("outbox.pending", "outbox.changes_of", "outbox.claim", "games.get", "outbox.told")
"""The store calls timed, each a repository's method (``<repository>.<method>``)."""


async def fill(path: Path, kind: str, games: int) -> None:
    """``games`` games of ``kind``, each with one untold change: its workload's decisions in (a
    Stratego ``ready``; a Stroganov game's 40th decision), made once on a state built in memory
    (seed 0) and stored in every game, the last of them untold."""
    store = await GameStore.open(path, ENGINES, synchronous="OFF")
    game, workload = ENGINES[kind], KINDS[kind].bench
    assert workload is not None and workload.catch_up is not None, f"{kind} has no catch-up workload"
    spec = workload.catch_up
    plays: list[tuple[int, Any]] | None = None
    for n in range(games):
        players = [1000 + n % 50 + 1000 * s for s in range(spec.players)]
        rec = await store.games.create(kind, players, {}, 0, guild_id=1, channel_id=2, creator_id=players[0])
        if plays is None:  # the same decisions in every game (seed 0): made once
            state, rnd, plays = rec.load_state(), random.Random(0), []
            for _ in range(spec.decisions):
                seat = game.to_act(state)[0]
                action = workload.choose(game, state, seat, rnd)
                game.apply(state, seat, action)
                plays.append((seat, action))
        v = rec.version
        for seat, action in plays[:-1]:
            v = (await store.games.append(rec.id, v, seat, action)).version
        if len(plays) > 1:
            await store.outbox.told(rec.id, v)
        await store.games.append(rec.id, v, *plays[-1])
    await store.close()


@dataclass
class Timing:
    calls: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    def wrap(self, name: str, fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                self.calls[name] += 1
                self.seconds[name] += time.perf_counter() - t0

        return timed


class StubTable:
    """What ``Teller.catch_up`` uses of a table: the store, the games being told, and ``tell``, which
    here only marks the change told (and builds the change as the real catch-up does)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.shards = None  # one process serving every shard
        self._telling: dict[int, int] = {}
        self.changes = 0
        self.caught_up: list[object] = []
        """What runs after the start-up catch-up (the automatic players, the ratings): none here."""

    async def tell(self, change: Change) -> None:
        self.changes += 1
        await Progress(self.store, change).told()


@dataclass
class Sweep:
    games: int
    told: int
    wall: float
    cpu: float
    timing: Timing
    untold_after: int


async def sweep(path: Path) -> Sweep:
    store = await GameStore.open(path, ENGINES)  # a new process: its own owner token, opened after the commits
    timing = Timing()
    for name in TIMED:
        area, method = name.split(".")
        repo = getattr(store, area)
        setattr(repo, method, timing.wrap(name, getattr(repo, method)))
    table = StubTable(store)
    try:
        t0, c0 = time.perf_counter(), time.process_time()
        told = await Teller.catch_up(table, None)  # type: ignore[arg-type]  # the stub has what it uses
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        untold = len(await OutboxRepo.pending(store.outbox, None, limit=1_000_000))  # untimed
        games = len(await store.games.find())
    finally:
        await store.close()  # (an open store's thread would keep the process from ending)
    return Sweep(games, told, wall, cpu, timing, untold)


def run(quick: bool) -> list[Row]:
    rows = []
    for kind in registered():
        spec = kind.bench.catch_up if kind.bench is not None else None
        if spec is None:
            continue
        games = spec.quick_games if quick else spec.games
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "catch_up.db"
            asyncio.run(fill(path, kind.name, games))
            s = asyncio.run(sweep(path))
        assert s.told == games and s.untold_after == 0, (s.told, s.untold_after)
        per = {name: s.timing.seconds[name] / max(1, s.timing.calls[name]) * 1000 for name in TIMED}
        rows += [
            Row(
                "catch-up",
                f"start-up sweep, {games:,} {kind.name} games with one untold change each: wall s, CPU s; per game ms",
                f"{s.wall:.2f}, {s.cpu:.2f}; {s.wall / games * 1000:.2f}",
            ),
            Row(
                "catch-up",
                f"{kind.name}: store calls (count, mean ms): " + ", ".join(TIMED),
                "; ".join(f"{s.timing.calls[n]:,} x {per[n]:.2f}" for n in TIMED),
            ),
        ]
    return rows
