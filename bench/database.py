"""Game store: append latency, growth per action, start-up with many stored games."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.moves import random_move
from bench.stats import Row, median, percentile
from cogs.games import ENGINES
from db.store import GameStore
from rules.stratego import GAME
from rules.stratego.actions import AcceptDraw, OfferDraw, Ready, Resign


async def fill(path: Path, games: int, active: int = 0) -> list[int]:
    """``games`` stored Stratego games (``active`` of them in play, the rest finished)."""
    store = await GameStore.open(path, ENGINES, synchronous="OFF")
    ids = []
    for n in range(games):
        rec = await store.create(
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
            await store.cancel(rec.id, 1000)
        ids.append(rec.id)
    await store.close()
    return ids


def _size(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if p.exists())


async def appends(path: Path, n_games: int, moves_per_game: int) -> tuple[list[float], float]:
    store = await GameStore.open(path, ENGINES)
    times: list[float] = []
    actions = 0
    before = _size(path)
    for g in range(n_games):
        rec = await store.create("stratego", [1, 2], {"rescue": True}, g, guild_id=1, channel_id=2, creator_id=1)
        v = (await store.append(rec.id, rec.version, 0, Ready())).version
        v = (await store.append(rec.id, v, 1, Ready())).version
        st = (await store.get(rec.id)).load_state()
        rnd = random.Random(g)
        for _ in range(moves_per_game):
            if st.phase != "play":
                break
            seat = GAME.to_act(st)[0]
            move = rnd.choice([a for a in GAME.legal(st, seat) if not isinstance(a, (Resign, OfferDraw, AcceptDraw))])
            t0 = time.perf_counter()
            result = await store.append(rec.id, v, seat, move)
            times.append((time.perf_counter() - t0) * 1000)
            v, st = result.version, result.state
            actions += 1
    await store.close()
    return times, (_size(path) - before) / max(1, actions)


async def protocol_appends(path: Path, kind: str, players: int, n_games: int) -> tuple[list[float], float]:
    """Whole random games of any registered game appended action by action (legal + append)."""

    game = ENGINES[kind]
    store = await GameStore.open(path, ENGINES)
    times: list[float] = []
    actions = 0
    before = _size(path)
    for g in range(n_games):
        rec = await store.create(kind, list(range(1, players + 1)), {}, g, guild_id=1, channel_id=2, creator_id=1)
        v, st = rec.version, rec.load_state()
        rnd = random.Random(g)
        while game.outcome(st) is None:
            seat = game.to_act(st)[0]
            t0 = time.perf_counter()
            result = await store.append(rec.id, v, seat, random_move(game, st, seat, rnd))
            times.append((time.perf_counter() - t0) * 1000)
            v, st = result.version, result.state
            actions += 1
    await store.close()
    return times, (_size(path) - before) / max(1, actions)


async def startup(path: Path) -> float:
    t0 = time.perf_counter()
    store = await GameStore.open(path, ENGINES)
    await store.list_games(status="active")
    spent = time.perf_counter() - t0
    await store.close()
    return spent


def run(quick: bool) -> list[Row]:
    stored = 1_000 if quick else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        times, growth = asyncio.run(appends(Path(tmp) / "a.db", 5 if quick else 20, 100))
        others = {
            kind: asyncio.run(protocol_appends(Path(tmp) / f"{kind}.db", kind, players, 2 if quick else 10))
            for kind, players in (("shitenno", 4), ("stroganov", 4))
        }
        big = Path(tmp) / "big.db"
        asyncio.run(fill(big, stored, active=200))
        start = asyncio.run(startup(big))
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
                    f"{kind} 4 players append: median / p99 ms",
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
    ]
