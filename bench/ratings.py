"""Ratings (issue 20 §1): ``/game top`` and ``/game stats`` with 10,000 finished games in one server.

The games are those of every registered game with a share of them (``Workload.rated``,
``cogs/<game>/workload.py``: half Stratego, a quarter Shitenno, a quarter Stroganov), written into
the file directly (one valid state per kind and player count, reused;
seats, ten timed actions each, the outcome and the end time), as ``bench/catch_up.py`` makes many
stored games quickly; then the start-up sweep (:meth:`GameStore.ratings.rate_unrated`) rates them all, by
end time, and is timed. The commands are timed as the bot answers them, without Discord: the
real :func:`cogs.table.standings.top_text` and :func:`cogs.table.standings.stats` (the store's
queries, the words, the trend chart drawn in a thread) on a stub table, for a player in many games
(one in ten) and an average one; and the paces a lobby of four asks for.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

from bench.stats import Row, median, percentile
from cogs.games import ENGINES, KINDS, GameKind, registered
from cogs.table import standings
from cogs.table.workers import Workers
from cogs.workload import Rated
from db.json_text import dumps
from db.store import GameStore
from rules.protocol import Ending, Outcome

GUILD = 1
PLAYERS = 300
HEAVY = 5000
"""The player who sits in one game in ten."""
START = 1_700_000_000.0
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def shares() -> list[tuple[GameKind, Rated]]:
    """The registered games rated here, with their share (by name)."""
    return [(k, k.bench.rated) for k in registered() if k.bench is not None and k.bench.rated is not None]


def counts(kind: GameKind) -> tuple[int, ...]:
    return tuple(range(kind.engine.min_players, kind.engine.max_players + 1))


def mix(n: int, rnd: random.Random, cycle: list[tuple[GameKind, Rated]]) -> tuple[str, int, Rated]:
    """Game ``n``'s kind and player count: the games in turn by their shares (half Stratego, a
    quarter Shitenno, a quarter Stroganov), of any player count each seats (solo games too)."""
    kind, spec = cycle[n % len(cycle)]
    seats = counts(kind)
    return kind.name, seats[0] if len(seats) == 1 else rnd.choice(seats), spec


def fill(path: Path, games: int) -> None:
    """``games`` finished games in one server, written with plain SQL after the store made the schema."""
    asyncio.run(_schema(path))
    rnd = random.Random(20)
    cycle = [(kind, spec) for kind, spec in shares() for _ in range(spec.share)]
    engines = {kind.name: kind.engine for kind, _ in cycle}
    states = {(k, n): dumps(engines[k].dump(engines[k].new(n, None, 1))) for k in engines for n in counts(KINDS[k])}
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA synchronous=OFF")
        with db:
            for i in range(games):
                kind, count, spec = mix(i, rnd, cycle)
                people = rnd.sample(range(1000, 1000 + PLAYERS), count)
                if i % 10 == 0:
                    people[0] = HEAVY
                    rnd.shuffle(people)
                ended = START + i * 600.0
                scores = [rnd.randrange(20, 80) for _ in people]
                if count == 1:
                    ivan = rnd.randrange(20, 80)
                    outcome: dict[str, Any] = {
                        "winners": [0] if scores[0] > ivan else [],
                        "ending": "normal",
                        "draw": False,
                        "scores": scores,
                        "automa_score": ivan,
                    }
                elif not spec.scored:
                    ending = rnd.choice(("normal", "resigned", "timeout"))
                    outcome = {"winners": [rnd.randrange(2)], "ending": ending, "draw": False, "scores": None}
                else:
                    best = max(scores)
                    winners = [s for s, v in enumerate(scores) if v == best]
                    outcome = {"winners": winners, "ending": "normal", "draw": False, "scores": scores}
                cur = db.execute(
                    "INSERT INTO games (kind, guild_id, channel_id, creator_id, status, options, seed, state, version,"
                    " outcome, created_at, updated_at, ended_at, announced) VALUES (?, ?, 2, ?, 'finished', ?, 1, ?,"
                    " 11, ?, ?, ?, ?, 11)",
                    (
                        kind,
                        GUILD,
                        people[0],
                        json.dumps(dict(rnd.choice(spec.solo_options)) if count == 1 else {}),
                        states[(kind, count)],
                        json.dumps(outcome),
                        ended - 5000,
                        ended,
                        ended,
                    ),
                )
                game = cur.lastrowid
                db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)",
                    [(game, s, u) for s, u in enumerate(people)],
                )
                since = ended - 5000
                rows = []
                for seq in range(1, 11):
                    seat = seq % count
                    moved = since + rnd.expovariate(1 / 300)
                    rows.append((game, seq, seat, '{"n":"x"}', moved, since))
                    since = moved
                db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, created_at, waiting_since)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    rows,
                )


async def _schema(path: Path) -> None:
    store = await GameStore.open(path, ENGINES, synchronous="OFF")
    await store.close()


class StubTable:
    """What ``/game top`` and ``/game stats`` use of the table: the store, the games' UIs, and
    the renderer (a thread, as in the tests)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.renderer = Workers(0)
        self.transport = self

    @staticmethod
    def ui(kind: str) -> Any:
        return KINDS[kind].ui

    async def render(self, fn: Any, *args: Any) -> Any:
        return await self.renderer(fn, *args)


async def measure(path: Path, rounds: int) -> dict[str, Any]:
    store = await GameStore.open(path, ENGINES)
    t0, c0 = time.perf_counter(), time.process_time()
    rated = await store.ratings.rate_unrated()
    sweep = (time.perf_counter() - t0, time.process_time() - c0)
    table = StubTable(store)
    games = shares()
    most = max(games, key=lambda g: g[1].share)[0]
    """The game of the most games (Stratego): its 150th player is an average one."""
    average = (await store.ratings.leaderboard(GUILD, most.name, 150, 1))[0][0].user_id
    timings: dict[str, list[float]] = {}

    async def timed(name: str, work: Any) -> Any:
        t = time.perf_counter()
        result = await work
        timings.setdefault(name, []).append((time.perf_counter() - t) * 1000)
        return result

    chart_bytes = 0
    for _ in range(rounds):
        for kind, spec in games:
            if spec.top is not None:
                page, locale = spec.top
                top = standings.top_text(table, GUILD, kind.name, page, locale)  # type: ignore[arg-type]
                await timed(f"top {kind.name} page {page}", top)
        _, files = await timed(
            "stats, one game in ten (~1,000 games)",
            standings.stats(table, GUILD, HEAVY, "heavy", "en"),  # type: ignore[arg-type]
        )
        chart_bytes = len(files[0].data) if files else 0
        await timed("stats, an average player", standings.stats(table, GUILD, average, "average", "cs"))  # type: ignore[arg-type]
        await timed("paces of a lobby of four", store.ratings.paces(GUILD, [HEAVY, average, 1001, 1002]))
    for n in range(rounds):  # a game ends now: rated on top of the 10,000 (the listener's store call)
        rec = await store.games.create(most.name, [1000 + n, 1001 + n], {}, n, GUILD, 2, 1000 + n)
        await store.games.finish(rec.id, Outcome((0,), Ending.RESIGNED))
        await timed("rate a game that just ended (10,000 rated before it)", store.ratings.rate(rec.id))
    recomputed_ok = await store.ratings.recompute() == await store.ratings.stored()
    table.transport.renderer.close()
    await store.close()
    return {"rated": rated, "sweep": sweep, "timings": timings, "chart": chart_bytes, "same": recomputed_ok}


def run(quick: bool) -> list[Row]:
    games = 10_000
    rounds = 5 if quick else 30
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ratings.db"
        t0 = time.perf_counter()
        fill(path, games)
        filled = time.perf_counter() - t0
        m = asyncio.run(measure(path, rounds))
    assert m["rated"] == games and m["same"], (m["rated"], m["same"])
    rows = [
        Row(
            "ratings",
            f"{games:,} finished games in one server ({PLAYERS} players): written s; start-up sweep rating them all,"
            " wall s, CPU s",
            f"{filled:.1f}; {m['sweep'][0]:.2f}, {m['sweep'][1]:.2f}",
        ),
    ]
    for name, values in m["timings"].items():
        value = f"{median(values):.1f}, {percentile(values, 95):.1f}"
        rows.append(Row("ratings", f"{name}: median, p95 ms ({rounds} rounds)", value))
    kinds = len(shares())
    rows.append(
        Row("ratings", f"stats chart PNG bytes ({NUMBERS.get(kinds, str(kinds))} game kinds)", f"{m['chart']:,}")
    )
    return rows
