"""Games stored before issue 18 keep working (§1): ``tests/data/before_events.db`` was written by the
code of commit e4e9b71 (``tests/data/make_old_db.py``), whose Shitenno and Stroganov states logged
English sentences. Today's store opens it, rebuilds those states from their action logs (same
version, same game), and the games play on."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from cogs.games import ENGINES as GAMES
from db.store import GameStore
from tests.postgres import postgres_query
from tests.stroganov_play import decisions

OLD = Path(__file__).resolve().parents[1] / "data" / "before_events.db"


async def test_a_database_of_before_events_opens_rebuilt_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    shutil.copy(OLD, path)
    store = await GameStore.open(path, GAMES, clock=lambda: 1_800_000_100.0)
    try:
        games = await store.games.find()
        assert sorted({(g.kind, g.status) for g in games}) == [
            ("shitenno", "active"),
            ("shitenno", "finished"),
            ("stratego", "active"),
            ("stroganov", "active"),
            ("stroganov", "finished"),
        ]
        for listed in games:
            rec = await store.games.get(listed.id)
            assert rec.version == listed.version and rec.announced == rec.version, "told before: nothing to tell"
            state = rec.load_state()  # the old form would raise state_format
            assert await store.games.verify(rec.id), f"game {rec.id}: the stored state is its log replayed"
            if rec.kind in ("shitenno", "stroganov"):
                log = json.loads(rec.state_json or "{}")["log"]
                assert log and all(isinstance(e, dict) and "type" in e for e in log), "the log is events now"
            if rec.status != "active":
                continue
            engine = GAMES[rec.kind]
            seat = engine.to_act(state)[0]
            if rec.kind == "stroganov":
                options = decisions(state, seat)
            else:
                options = [a for a in engine.legal(state, seat) if a.notation() not in ("resign", "draw", "accept")]
            moved = await store.games.append(rec.id, rec.version, seat, random.Random(rec.id).choice(options))
            assert moved.version == rec.version + 1 and moved.events
        rebuilt_again = await store._rebuild_old_states()
        assert rebuilt_again == 0, "rebuilt once; a second start reads nothing to rebuild"
    finally:
        await store.close()


async def test_old_states_are_rebuilt_on_postgresql_too(postgres_dsn: str) -> None:
    """The start-up rebuild finds the old states with PostgreSQL's JSON SQL as with SQLite's: the
    same games, rows as they were written then, put in a PostgreSQL database behind the store's back."""
    games = "id, kind, guild_id, channel_id, creator_id, status, options, seed, state, version, outcome, created_at"
    tables = {
        "games": f"{games}, updated_at",
        "seats": "game_id, seat, user_id",
        "actions": "game_id, seq, seat, action, created_at",
    }
    with closing(sqlite3.connect(OLD)) as old:
        for table, columns in tables.items():
            for row in old.execute(f"SELECT {columns} FROM {table}"):
                marks = ", ".join("?" * len(row))
                postgres_query(postgres_dsn, f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(row))
    postgres_query(postgres_dsn, "UPDATE games SET announced = version")
    store = await GameStore.open_postgres(postgres_dsn, GAMES, clock=lambda: 1_800_000_100.0)
    try:
        listed = await store.games.find()
        assert {g.kind for g in listed} == {"shitenno", "stratego", "stroganov"}
        for game in listed:
            rec = await store.games.get(game.id)
            rec.load_state()  # the old form would raise state_format
            assert await store.games.verify(rec.id)
            if rec.kind in ("shitenno", "stroganov"):
                log = json.loads(rec.state_json or "{}")["log"]
                assert log and all(isinstance(e, dict) and "type" in e for e in log), "the log is events now"
        assert await store._rebuild_old_states() == 0
    finally:
        await store.close()
