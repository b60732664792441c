"""Issue 18 §1: expired lobbies have their own status. Migration 0009 rebuilds ``games`` (SQLite
cannot alter a CHECK) with foreign keys off, so that no seat, action, timer, change, vote or
proposal is lost to ``ON DELETE CASCADE``; the runner's ``-- foreign_keys: off`` marker makes that
possible and checks the keys before it commits."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from db.connection import connect
from db.errors import MigrationError
from db.migrate import FOREIGN_KEYS_OFF, MIGRATIONS_DIR, migrate
from db.records import STATUSES, LobbyShape, TurnPage
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.toygame import GAMES, Add

NOW = 1_700_000_000.0
CHILDREN = (
    "seats",
    "actions",
    "timers",
    "changes",
    "timeout_votes",
    "cancel_proposals",
    "deadline_votes",
    "turn_pages",
)
GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, message_id, creator_id, options, seed, state, version,"
    " cancelled_by, created_at, updated_at, turn_since, pace, nudged_at, announced,"
    " lobby_challenge, lobby_invited, autoplay_by, autoplay_at, autoplay_until"
)

CHILD_COLUMNS = {
    "turn_pages": "game_id, message_id, lines, turn, parts, had_turn, opened, updated_at",
    "actions": "game_id, seq, seat, action, created_at, events",
}
"""The columns 0008 made, for the tables later migrations add columns to."""


def clock() -> float:
    return NOW


def write(directory: Path, name: str, sql: str) -> None:
    directory.mkdir(exist_ok=True)
    (directory / name).write_text(sql, encoding="utf-8")


def snapshot(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table that references ``games``, and the games' unchanged columns."""
    with closing(sqlite3.connect(path)) as conn:
        rows = {
            t: sorted(conn.execute(f"SELECT {CHILD_COLUMNS.get(t, '*')} FROM {t}").fetchall(), key=repr)
            for t in CHILDREN
        }
        rows["games"] = conn.execute(f"SELECT {GAME_COLUMNS} FROM games ORDER BY id").fetchall()
    return rows


LATER_COLUMNS = {
    "games": ("language TEXT", "ended_at REAL"),
    "actions": ("waiting_since REAL",),
    "user_prefs": ("client_locale TEXT",),
    "turn_pages": ("version INTEGER NOT NULL DEFAULT 0", "held_by TEXT", "held_at REAL", "held_until REAL"),
}
"""Columns of later migrations (0010, 0011, 0012) that today's store uses: the database is filled with them
and they are dropped after, so the file is as 0008 left it."""
LATER_TABLES = {
    "takeback_requests": "game_id INTEGER PRIMARY KEY, version INTEGER, seq INTEGER, seat INTEGER,"
    " user_id INTEGER, agreed TEXT, channel_id INTEGER, message_id INTEGER, text TEXT, opened_at REAL"
}
"""Tables of later migrations (0015) that today's store reads while filling the file (an action
reads the game's takeback request), with the columns that read takes, dropped after."""


async def populated_at_version_8(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A database made by migrations 0001–0008 and the store: games in every status of that schema
    (a lobby, a running game with a clock, a finished one, a cancelled one, a lobby expired the old
    way: ``cancelled`` with reason ``expired``), with seats, actions, timers, changes, a timeout
    vote, a cancel proposal, a deadline question, a turn page, a lobby's shape and an automatic
    player's claim (0008's columns); the outcomes in their old form (``reason``)."""
    old = tmp_path / "old_migrations"
    for source in MIGRATIONS_DIR.glob("*.sql"):
        if int(source.name[:4]) < 9:
            write(old, source.name, source.read_text())
    path = tmp_path / "populated.db"
    await (await GameStore.open(path, games=GAMES, clock=clock, migrations_dir=old)).close()
    with closing(sqlite3.connect(path)) as conn, conn:  # today's store reads and writes the later columns
        for table, columns in LATER_COLUMNS.items():
            for column in columns:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
        for table, columns in LATER_TABLES.items():
            conn.execute(f"CREATE TABLE {table} ({columns})")
    store = await GameStore.open(path, games=GAMES, clock=clock, migrations_dir=old)
    try:
        ids: dict[str, int] = {}
        ids["lobby"] = (await store.lobbies.create("count", 1, {}, 9, 10, seats=[1, 2], pace=3600)).id
        await store.lobbies.set_shape(ids["lobby"], LobbyShape(challenge=True, invited=(2,)))
        running = await store.games.create("count", [1, 2, 3], {"target": 50}, 7, 9, 10, 1, pace=3600)
        for _ in range(4):
            rec = await store.games.get(running.id)
            await store.games.append(rec.id, rec.version, GAMES["count"].to_act(rec.load_state())[0], Add(1))
        await store.agreements.agree_cancel(running.id, 1)
        await store.agreements.set_vote_message(running.id, 0, 10, 555, "Time ran out: wait or win?")
        await store.pages.save(running.id, TurnPage(777, ("a line",), "Turn 3", ("moved",), True, True))
        assert await store.clocks.claim_autoplay(running.id, 60.0)
        ids["active"] = running.id
        done = await store.games.create("count", [1, 2], {"target": 3}, 8, 9, 10, 1)
        await store.games.append(done.id, 0, GAMES["count"].to_act(done.load_state())[0], Add(3))
        ids["finished"] = done.id
        gone = await store.games.create("count", [1, 2], {}, 9, 9, 10, 1)
        ids["cancelled"] = (await store.games.cancel(gone.id, 2)).id
        ids["expired"] = (await store.lobbies.create("count", 3, {}, 9, 10)).id
    finally:
        await store.close()
    with closing(sqlite3.connect(path)) as conn, conn:
        timer = conn.execute("SELECT id FROM timers WHERE game_id = ? LIMIT 1", (ids["active"],)).fetchone()[0]
        conn.execute("INSERT INTO timeout_votes VALUES (?, 2, 'wait')", (timer,))
        # What the code before issue 18's endings wrote: reasons, and an expired lobby as cancelled.
        conn.execute(
            "UPDATE games SET status = 'cancelled', version = version + 1, updated_at = ?, outcome = ? WHERE id = ?",
            (NOW, json.dumps({"winners": [], "reason": "expired", "draw": False, "scores": None}), ids["expired"]),
        )
        conn.execute("DELETE FROM timers WHERE game_id = ?", (ids["expired"],))
        for key, reason in (("finished", "target_reached"), ("cancelled", "cancelled")):
            old_outcome = json.loads(conn.execute("SELECT outcome FROM games WHERE id = ?", (ids[key],)).fetchone()[0])
            del old_outcome["ending"]
            old_outcome["reason"] = reason
            conn.execute("UPDATE games SET outcome = ? WHERE id = ?", (json.dumps(old_outcome), ids[key]))
        for table, columns in LATER_COLUMNS.items():  # as 0008 left it
            for column in columns:
                conn.execute(f"ALTER TABLE {table} DROP COLUMN {column.split()[0]}")
        for table in LATER_TABLES:
            conn.execute(f"DROP TABLE {table}")
    return path, ids


async def test_0009_keeps_every_row_and_gives_expired_lobbies_their_status(tmp_path: Path) -> None:
    path, ids = await populated_at_version_8(tmp_path)
    before = snapshot(path)
    assert all(before[t] for t in CHILDREN), {t: len(before[t]) for t in CHILDREN}
    assert {r[-5] for r in before["games"]} >= {1} and {r[-3] for r in before["games"]} - {None}, "0008's columns"
    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        statuses = {key: (await store.games.get(game_id)).status for key, game_id in ids.items()}
        assert statuses == {k: k for k in ("lobby", "active", "finished", "cancelled", "expired")}
        assert (await store.games.get(ids["expired"])).outcome == Outcome(winners=(), ending=Ending.EXPIRED)
        assert (await store.games.get(ids["cancelled"])).outcome == Outcome(winners=(), ending=Ending.CANCELLED)
        assert await store.games.verify(ids["active"]) and await store.games.verify(ids["finished"])
    finally:
        await store.close()
    after = snapshot(path)
    assert {t: len(after[t]) for t in after} == {t: len(before[t]) for t in before}
    assert after == before, "every referencing row and every game's other columns as they were"
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        outcomes = [json.loads(o) for (o,) in conn.execute("SELECT outcome FROM games WHERE outcome IS NOT NULL")]
        assert outcomes and all("reason" not in o and Ending(o["ending"]) for o in outcomes), outcomes
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE tbl_name IN ('games', 'actions')")}
        assert {"games_status", "games_guild_status", "games_channel", "games_thread"} <= names
        assert {"actions_append_only_update", "actions_append_only_delete"} <= names
    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        rec = await store.games.get(ids["active"])
        moved = await store.games.append(rec.id, rec.version, GAMES["count"].to_act(rec.load_state())[0], Add(1))
        assert moved.version == rec.version + 1, "the game plays on after the rebuild"
    finally:
        await store.close()


async def test_after_0009_the_log_stays_append_only_and_a_deleted_game_takes_its_rows(tmp_path: Path) -> None:
    """The rebuilt table is referenced again: the append-only trigger still sees live games, and
    foreign keys (on again) still cascade from a deleted game."""
    path, ids = await populated_at_version_8(tmp_path)
    await (await GameStore.open(path, games=GAMES, clock=clock)).close()
    conn = await connect(path)
    try:
        assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA foreign_keys")] == [(1,)]
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await conn.execute("DELETE FROM actions WHERE game_id = ?", (ids["active"],))
        await conn.execute("DELETE FROM games WHERE id = ?", (ids["active"],))
        for table in ("seats", "actions", "timers", "changes", "cancel_proposals", "deadline_votes", "turn_pages"):
            rows = await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table} WHERE game_id = ?", (ids["active"],))
            assert [tuple(r) for r in rows] == [(0,)], table
        assert [tuple(r) for r in await conn.execute_fetchall("SELECT COUNT(*) FROM timeout_votes")] == [(0,)]
    finally:
        await conn.close()


def test_the_schema_accepts_exactly_the_statuses(tmp_path: Path) -> None:
    """The CHECK and ``STATUSES`` name the same values; an expired game never started."""
    conn = sqlite3.connect(tmp_path / "s.db")
    with closing(conn):
        for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
            conn.executescript(path.read_text())
        started = {"active": (None,), "finished": ("{}",)}
        for status in STATUSES:
            seed, state = (1, "{}") if status in started else (None, None)
            outcome = None if status in ("lobby", "active") else "{}"
            conn.execute(
                "INSERT INTO games (kind, channel_id, creator_id, status, seed, state, outcome, created_at,"
                " updated_at) VALUES ('count', 1, 1, ?, ?, ?, ?, 0, 0)",
                (status, seed, state, outcome),
            )
        for status, seed, state, outcome in (("paused", None, None, "{}"), ("expired", 1, "{}", "{}")):
            with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
                conn.execute(
                    "INSERT INTO games (kind, channel_id, creator_id, status, seed, state, outcome, created_at,"
                    " updated_at) VALUES ('count', 1, 1, ?, ?, ?, ?, 0, 0)",
                    (status, seed, state, outcome),
                )


# -- the runner's marker ----------------------------------------------------------------------

PARENT = """
CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id) ON DELETE CASCADE);
INSERT INTO parent VALUES (1, 'a'), (2, 'b');
INSERT INTO child VALUES (10, 1), (11, 1), (12, 2);
"""
REBUILD = """
CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (name <> ''));
INSERT INTO parent_new SELECT id, name FROM parent;
DROP TABLE parent;
ALTER TABLE parent_new RENAME TO parent;
"""


async def counts(path: Path) -> tuple[int, int, list[int]]:
    with closing(sqlite3.connect(path)) as conn:
        parents = conn.execute("SELECT COUNT(*) FROM parent").fetchone()[0]
        children = conn.execute("SELECT COUNT(*) FROM child").fetchone()[0]
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    return parents, children, versions


@pytest.mark.parametrize("marked", [True, False])
async def test_a_rebuild_keeps_referencing_rows_only_with_foreign_keys_off(tmp_path: Path, marked: bool) -> None:
    """Why the marker exists: with foreign keys on, dropping the referenced table deletes the
    children by cascade; with ``-- foreign_keys: off`` they stay, and keys are on again after."""
    migrations = tmp_path / "m"
    write(migrations, "0001_parent.sql", PARENT)
    write(migrations, "0002_rebuild.sql", (FOREIGN_KEYS_OFF + "\n" if marked else "") + REBUILD)
    path = tmp_path / "r.db"
    conn = await connect(path)
    try:
        assert await migrate(conn, migrations, clock=clock) == [1, 2]
        assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA foreign_keys")] == [(1,)]
    finally:
        await conn.close()
    assert await counts(path) == (2, 3 if marked else 0, [1, 2])


async def test_a_marked_migration_that_leaves_a_dangling_reference_is_rolled_back(tmp_path: Path) -> None:
    """``PRAGMA foreign_key_check`` runs before the commit: a marked file that would leave a child
    without its parent is not applied (nor recorded), and foreign keys are on again."""
    migrations = tmp_path / "m"
    write(migrations, "0001_parent.sql", PARENT)
    write(migrations, "0002_bad.sql", FOREIGN_KEYS_OFF + "\nDELETE FROM parent WHERE id = 2;\n")
    path = tmp_path / "r.db"
    conn = await connect(path)
    try:
        with pytest.raises(MigrationError) as info:
            await migrate(conn, migrations, clock=clock)
        assert info.value.path.name == "0002_bad.sql" and "foreign_key_check" in info.value.reason
        assert not conn.in_transaction
        assert [tuple(r) for r in await conn.execute_fetchall("PRAGMA foreign_keys")] == [(1,)]
    finally:
        await conn.close()
    assert await counts(path) == (2, 3, [1])
