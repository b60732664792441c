"""Game store: append latency, growth per action, start-up with many stored games, and the cost of
``synchronous=FULL`` (the default since issue 18: a commit is on disk before the players are told)
against ``NORMAL`` per append and per decision with its telling's writes, of Stratego moves (the
appends of whole random games of every registered game that seats four beside them); beside them
the same on PostgreSQL (issue 21: a local server of the benchmark's own, bench/databases.py; its
rows say "not available" without one)."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import cast

from bench.databases import new_database, postgres, unavailable
from bench.moves import random_move
from bench.stats import Row, median, percentile
from cogs.games import ENGINES, registered
from db.connection import Synchronous
from db.store import GameStore
from rules.stratego import GAME
from rules.stratego.actions import AcceptDraw, OfferDraw, Ready, Resign
from tests.e2e.bot_process import Where, open_at


async def fill(where: Where, games: int, active: int = 0) -> list[int]:
    """``games`` stored Stratego games (``active`` of them in play, the rest cancelled), every change
    told: a bot started on them has nothing to catch up."""
    store = await open_at(where, synchronous="OFF")
    ids = []
    for n in range(games):
        rec = await store.games.create(
            "stratego",
            [1000 + n % 50, 2000 + n % 50],
            {},
            n,
            guild_id=1,
            channel_id=2,
            creator_id=1000,
            thread_id=10_000 + n,
        )
        if n >= active:
            cancelled = await store.games.cancel(rec.id, 1000)
            await store.outbox.told(rec.id, cancelled.version)  # told, as by the bot that cancelled it
        ids.append(rec.id)
    await store.close()
    return ids


def _size(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if p.exists())


async def appends(
    where: Where, n_games: int, moves_per_game: int, synchronous: Synchronous = "FULL", tell_steps: int = -1
) -> tuple[list[float], float]:
    """Stratego moves appended one by one, each timed; the file's growth per move (SQLite; NaN on
    PostgreSQL). With ``tell_steps`` >= 0 each timed move also writes what telling it writes in
    the store: that many steps (:meth:`GameStore.outbox.step`: the post, a DM) and the final ``told``."""
    store = await open_at(where, synchronous)
    times: list[float] = []
    actions = 0
    before = _size(where) if isinstance(where, Path) else 0
    for g in range(n_games):
        rec = await store.games.create("stratego", [1, 2], {"rescue": True}, g, guild_id=1, channel_id=2, creator_id=1)
        v = (await store.games.append(rec.id, rec.version, 0, Ready())).version
        v = (await store.games.append(rec.id, v, 1, Ready())).version
        st = (await store.games.get(rec.id)).load_state()
        rnd = random.Random(g)
        for _ in range(moves_per_game):
            if st.phase != "play":
                break
            seat = GAME.to_act(st)[0]
            move = rnd.choice([a for a in GAME.legal(st, seat) if not isinstance(a, (Resign, OfferDraw, AcceptDraw))])
            t0 = time.perf_counter()
            result = await store.games.append(rec.id, v, seat, move)
            if tell_steps >= 0:
                for step in ("post", "dm:0", "dm:1", "ping:0", "ping:1")[:tell_steps]:
                    await store.outbox.step(rec.id, result.version, step)
                await store.outbox.told(rec.id, result.version)
            times.append((time.perf_counter() - t0) * 1000)
            if tell_steps < 0:  # told, untimed: the bot deletes each change's row once told
                await store.outbox.told(rec.id, result.version)
            v, st = result.version, result.state
            actions += 1
    await store.close()
    growth = (_size(where) - before) / max(1, actions) if isinstance(where, Path) else float("nan")
    return times, growth


def durability(tmp: Path, quick: bool) -> list[Row]:
    """``synchronous=FULL`` against ``NORMAL`` on a file in ``tmp``, and PostgreSQL beside them
    (a fresh database a round on a local server with durable commits, as FULL): appends alone, and a decision with its
    telling's store writes (the append, two steps, ``told``: four commits). The stores run in turn,
    three rounds each, and the round with the lowest median counts (the least disturbed by other
    work on the machine)."""
    games, moves = (3, 50) if quick else (5, 100)
    rows = []
    with postgres() as (server, reason):
        for what, steps in (("append", -1), ("decision with its telling (append, 2 steps, told)", 2)):
            best: dict[str, list[float]] = {}
            for rnd in range(3):
                for mode, sync in (("FULL", "FULL"), ("NORMAL", "NORMAL"), ("PostgreSQL", "FULL")):
                    if mode == "PostgreSQL":
                        if server is None:
                            continue
                        where: Where = new_database(server)
                    else:
                        where = tmp / f"sync-{mode}-{steps}-{rnd}.db"
                    times, _ = asyncio.run(appends(where, games, moves, cast(Synchronous, sync), steps))
                    if mode not in best or median(times) < median(best[mode]):
                        best[mode] = times
            for mode, times in best.items():
                label = "on PostgreSQL" if mode == "PostgreSQL" else f"SQLite synchronous={mode}"
                rows.append(
                    Row(
                        "database",
                        f"{what}, {label}: per second; median / p99 ms",
                        f"{len(times) / (sum(times) / 1000):,.0f}; {median(times):.2f} / {percentile(times, 99):.2f}",
                    )
                )
            ratio = median(best["FULL"]) / median(best["NORMAL"])
            rows.append(Row("database", f"{what}: FULL / NORMAL, median latency", f"{ratio:.2f}x"))
            if server is None:
                rows.append(unavailable("database", what, reason))
            else:
                ratio = median(best["PostgreSQL"]) / median(best["FULL"])
                rows.append(Row("database", f"{what}: PostgreSQL / SQLite FULL, median latency", f"{ratio:.2f}x"))
    return rows


async def protocol_appends(path: Path, kind: str, players: int, n_games: int) -> tuple[list[float], float]:
    """Whole random games of any registered game appended action by action (legal + append; each
    change then marked told, untimed, so the file grows as the bot's does)."""

    game = ENGINES[kind]
    store = await GameStore.open(path, ENGINES)
    times: list[float] = []
    actions = 0
    before = _size(path)
    for g in range(n_games):
        rec = await store.games.create(kind, list(range(1, players + 1)), {}, g, guild_id=1, channel_id=2, creator_id=1)
        v, st = rec.version, rec.load_state()
        rnd = random.Random(g)
        while game.outcome(st) is None:
            seat = game.to_act(st)[0]
            t0 = time.perf_counter()
            result = await store.games.append(rec.id, v, seat, random_move(game, st, seat, rnd))
            times.append((time.perf_counter() - t0) * 1000)
            await store.outbox.told(rec.id, result.version)  # untimed, as the bot does once told
            v, st = result.version, result.state
            actions += 1
    await store.close()
    return times, (_size(path) - before) / max(1, actions)


async def startup(path: Path) -> float:
    t0 = time.perf_counter()
    store = await GameStore.open(path, ENGINES)
    await store.games.find(status="active")
    spent = time.perf_counter() - t0
    await store.close()
    return spent


FOUR = 4
"""The players of the games whose appends are measured beside Stratego's (their states are the largest)."""


def four_player_games() -> list[str]:
    """Every registered game that seats four (Shitenno, Stroganov)."""
    return [k.name for k in registered() if k.engine.min_players <= FOUR <= k.engine.max_players]


def run(quick: bool) -> list[Row]:
    stored = 1_000 if quick else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        times, growth = asyncio.run(appends(Path(tmp) / "a.db", 5 if quick else 20, 100))
        others = {
            kind: asyncio.run(protocol_appends(Path(tmp) / f"{kind}.db", kind, FOUR, 2 if quick else 10))
            for kind in four_player_games()
        }
        big = Path(tmp) / "big.db"
        asyncio.run(fill(big, stored, active=200))
        start = asyncio.run(startup(big))
        durable = durability(Path(tmp), quick)
    med = median(times)
    return [
        Row(
            "database",
            "append (load, apply, commit): median / p99 ms",
            f"{med:.2f} / {percentile(times, 99):.2f}",
            "median <= 5",
            med <= 5,
        ),
        Row("database", "growth per action, bytes", f"{growth:,.0f}", "<= 2,048", growth <= 2048),
        *(
            row
            for kind, (ktimes, kgrowth) in others.items()
            for row in (
                Row(
                    "database",
                    f"{kind} {FOUR} players append: median / p99 ms",
                    f"{median(ktimes):.2f} / {percentile(ktimes, 99):.2f}",
                    "median <= 5",
                    median(ktimes) <= 5,
                ),
                Row("database", f"{kind} growth per action, bytes", f"{kgrowth:,.0f}", "<= 2,048", kgrowth <= 2048),
            )
        ),
        Row(
            "database",
            f"start-up (open, migrate, list active) with {stored:,} games, s",
            f"{start:.3f}",
            "<= 2",
            start <= 2,
        ),
        *durable,
    ]
