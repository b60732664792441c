"""Connection pragmas, numbered migrations and the schema's own guards (DESIGN §4)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from types import SimpleNamespace

import pytest

from db.connection import connect
from db.errors import MigrationError
from db.migrate import MIGRATIONS_DIR, discover, migrate
from db.records import DEFAULT_NOTIFY, NOTIFY_CHOICES, LobbyShape, TurnPage, UserPrefs, VoteMessage
from db.store import GameStore
from tests.toygame import GAMES

NOW = 1_700_000_000.0


def clock() -> float:
    return NOW


def tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {r[0] for r in rows}


def write(directory: Path, name: str, sql: str) -> None:
    directory.mkdir(exist_ok=True)
    (directory / name).write_text(sql, encoding="utf-8")


async def test_migrations_from_an_empty_file_create_every_table(tmp_path: Path) -> None:
    """DESIGN §4: the schema comes from numbered migrations applied at start-up, into a file whose
    parent directory may not exist yet (``data/deskovka.db`` on first run)."""
    path = tmp_path / "data" / "nested" / "deskovka.db"
    store = await GameStore.open(path, games=GAMES, clock=clock)
    await store.close()
    assert {"games", "seats", "actions", "user_prefs", "meta", "schema_migrations"} <= tables(path)
    with closing(sqlite3.connect(path)) as conn:
        recorded = conn.execute("SELECT version, name, applied_at FROM schema_migrations").fetchall()
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert recorded == [
        (1, "0001_initial.sql", NOW),
        (2, "0002_meta_and_dm_notices.sql", NOW),
        (3, "0003_notify_and_cancel_votes.sql", NOW),
        (4, "0004_clocks.sql", NOW),
        (5, "0005_cancel_proposal.sql", NOW),
        (6, "0006_changes.sql", NOW),
        (8, "0008_game_data_columns.sql", NOW),
        (9, "0009_expired_status.sql", NOW),
        (10, "0010_language_choice.sql", NOW),
        (11, "0011_turn_page_holds.sql", NOW),
        (12, "0012_ratings.sql", NOW),
        (14, "0014_rematches_and_walkthroughs.sql", NOW),
        (15, "0015_takebacks.sql", NOW),
        (16, "0016_told_changes_forgotten.sql", NOW),
        (17, "0017_takeback_refusals.sql", NOW),
        (18, "0018_absent_levels.sql", NOW),
        (19, "0019_computer_results.sql", NOW),
        (20, "0020_autoplay_timers.sql", NOW),
        (21, "0021_leagues.sql", NOW),
        (22, "0022_league_round_due.sql", NOW),
        (23, "0023_league_posts_told.sql", NOW),
    ]
    assert {"timers", "timeout_votes", "cancel_proposals", "deadline_votes", "changes", "takeback_requests"} <= tables(
        path
    )
    assert {"games_status", "games_guild_status", "games_channel", "games_thread", "seats_user"} <= indexes
    assert {"timers_due", "timers_game"} <= indexes


async def test_reopening_applies_nothing_new(tmp_path: Path) -> None:
    """Re-running the migrations on an up-to-date database is a no-op (start-up runs them always)."""
    path = tmp_path / "deskovka.db"
    await (await GameStore.open(path, games=GAMES, clock=clock)).close()
    conn = await connect(path)
    try:
        assert await migrate(conn, clock=clock) == []
        rows = await conn.execute_fetchall("SELECT version FROM schema_migrations")
        assert [r[0] for r in rows] == [m.version for m in discover(MIGRATIONS_DIR)]
    finally:
        await conn.close()


async def test_connection_pragmas(tmp_path: Path) -> None:
    """WAL, foreign keys, synchronous=FULL (durable before told, issue 18) and a busy timeout
    (DESIGN §4: WAL, FKs on)."""
    conn = await connect(tmp_path / "p.db", busy_timeout_ms=1234)
    try:
        values = {}
        for pragma in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout"):
            rows = await conn.execute_fetchall(f"PRAGMA {pragma}")
            values[pragma] = next(iter(rows))[0]
    finally:
        await conn.close()
    assert values == {"journal_mode": "wal", "foreign_keys": 1, "synchronous": 2, "busy_timeout": 1234}


async def test_a_broken_migration_rolls_back_and_names_its_file(tmp_path: Path) -> None:
    """A failing file leaves no half-applied schema and says which file failed; the files before it
    stay applied, and once fixed it applies on the next start."""
    migrations = tmp_path / "migrations"
    write(migrations, "0001_first.sql", "CREATE TABLE first (x INTEGER);")
    write(
        migrations,
        "0002_broken.sql",
        "CREATE TABLE second (y INTEGER);\nINSERT INTO first VALUES (1);\nINSERT INTO missing VALUES (1);\n",
    )
    path = tmp_path / "m.db"
    conn = await connect(path)
    try:
        with pytest.raises(MigrationError) as info:
            await migrate(conn, migrations, clock=clock)
        assert info.value.path.name == "0002_broken.sql"
        assert "0002_broken.sql" in str(info.value)
        assert not conn.in_transaction
        assert "second" not in tables(path)
        assert [tuple(r) for r in await conn.execute_fetchall("SELECT * FROM first")] == []
        versions = await conn.execute_fetchall("SELECT version FROM schema_migrations")
        assert [r[0] for r in versions] == [1]

        write(migrations, "0002_broken.sql", "CREATE TABLE second (y INTEGER);")
        assert await migrate(conn, migrations, clock=clock) == [2]
        assert "second" in tables(path)
    finally:
        await conn.close()


async def test_store_open_fails_on_a_broken_migration(tmp_path: Path) -> None:
    """The bot must not start on a half-migrated database; the error names the file."""
    migrations = tmp_path / "migrations"
    write(migrations, "0001_initial.sql", (MIGRATIONS_DIR / "0001_initial.sql").read_text())
    write(migrations, "0002_typo.sql", "ALTER TABLE gamez ADD COLUMN x INTEGER;")
    with pytest.raises(MigrationError, match=r"0002_typo\.sql"):
        await GameStore.open(tmp_path / "s.db", games=GAMES, clock=clock, migrations_dir=migrations)


@pytest.mark.parametrize("name", ["initial.sql", "01-x.sql", "0003_bad name.sql"])
async def test_a_misnamed_migration_is_an_error_not_skipped(tmp_path: Path, name: str) -> None:
    """Silently skipping a file would leave the schema quietly incomplete."""
    write(tmp_path / "migrations", name, "SELECT 1;")
    conn = await connect(":memory:")
    try:
        with pytest.raises(MigrationError) as info:
            await migrate(conn, tmp_path / "migrations")
        assert info.value.path.name == name
    finally:
        await conn.close()


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    """An older bot must not run on a schema it does not know."""
    migrations = tmp_path / "migrations"
    write(migrations, "0001_a.sql", "CREATE TABLE a (x);")
    write(migrations, "0002_b.sql", "CREATE TABLE b (x);")
    conn = await connect(":memory:")
    try:
        await migrate(conn, migrations)
        (migrations / "0002_b.sql").unlink()
        with pytest.raises(MigrationError, match="database_newer_than_code"):
            await migrate(conn, migrations)
    finally:
        await conn.close()


def test_the_action_log_is_append_only(tmp_path: Path) -> None:
    """DESIGN §4: the action log is append-only; the schema refuses edits and deletions of a live
    game's log, while deleting a whole game still removes its log by cascade."""
    conn = sqlite3.connect(tmp_path / "a.db", isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    try:
        conn.executescript((MIGRATIONS_DIR / "0001_initial.sql").read_text())
        conn.execute(
            "INSERT INTO games (id, kind, channel_id, creator_id, status, seed, state, created_at, updated_at)"
            " VALUES (1, 'count', 10, 100, 'active', 7, '{}', 0, 0)"
        )
        conn.execute('INSERT INTO actions VALUES (1, 1, 0, \'{"n":"+1"}\', 0)')
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute('UPDATE actions SET action = \'{"n":"+2"}\'')
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("DELETE FROM actions")
        conn.execute("DELETE FROM games WHERE id = 1")
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone() == (0,)
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("status", "seed", "state", "outcome"),
    [
        ("paused", 1, "{}", None),  # unknown status
        ("lobby", 1, "{}", None),  # a lobby has no state yet
        ("active", None, None, None),  # a running game has state and seed
        ("finished", 1, "{}", None),  # a finished game has an outcome
    ],
)
def test_the_schema_refuses_inconsistent_games(
    tmp_path: Path, status: str, seed: int | None, state: str | None, outcome: str | None
) -> None:
    """The CHECK constraints keep status, seed, state and outcome consistent with each other."""
    with closing(sqlite3.connect(tmp_path / "c.db")) as conn:
        conn.executescript((MIGRATIONS_DIR / "0001_initial.sql").read_text())
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            conn.execute(
                "INSERT INTO games (kind, channel_id, creator_id, status, seed, state, outcome,"
                " created_at, updated_at) VALUES ('count', 1, 1, ?, ?, ?, ?, 0, 0)",
                (status, seed, state, outcome),
            )


def schema(tmp_path: Path) -> sqlite3.Connection:
    """A connection on a file holding every shipped migration, applied by hand in order."""
    conn = sqlite3.connect(tmp_path / "s.db")
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        conn.executescript(path.read_text())
    return conn


def test_the_schema_accepts_exactly_the_notify_choices(tmp_path: Path) -> None:
    """The column's CHECK and ``NOTIFY_CHOICES`` must name the same values, or a value the store
    accepts would fail in SQL (or a bad one slip through a hand edit)."""
    with closing(schema(tmp_path)) as conn:
        for user, choice in enumerate(NOTIFY_CHOICES):
            conn.execute("INSERT INTO user_prefs (user_id, notify) VALUES (?, ?)", (user, choice))
        conn.execute("INSERT INTO user_prefs (user_id) VALUES (99)")
        assert conn.execute("SELECT notify FROM user_prefs WHERE user_id = 99").fetchone() == (DEFAULT_NOTIFY,)
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            conn.execute("INSERT INTO user_prefs (user_id, notify) VALUES (100, 'sms')")


def test_the_schema_refuses_a_cancel_vote_other_than_0_or_1(tmp_path: Path) -> None:
    with closing(schema(tmp_path)) as conn:
        conn.execute(
            "INSERT INTO games (id, kind, channel_id, creator_id, status, seed, state, created_at, updated_at)"
            " VALUES (1, 'count', 10, 100, 'active', 7, '{}', 0, 0)"
        )
        conn.execute("INSERT INTO seats (game_id, seat, user_id) VALUES (1, 0, 100)")
        assert conn.execute("SELECT cancel_vote FROM seats").fetchone() == (0,)
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            conn.execute("UPDATE seats SET cancel_vote = 2")


async def test_a_database_at_version_2_keeps_its_rows_and_gets_the_new_defaults(tmp_path: Path) -> None:
    """Upgrading a deployed database: existing preferences and seats read back with notify by DM
    and no cancel vote, and nothing else about them changes; a running game learns which seat
    waits since when (issue 13) but gets no clock it was not created with."""
    old = tmp_path / "old"
    for name in ("0001_initial.sql", "0002_meta_and_dm_notices.sql"):
        write(old, name, (MIGRATIONS_DIR / name).read_text())
    path = tmp_path / "up.db"
    await (await GameStore.open(path, games=GAMES, clock=clock, migrations_dir=old)).close()
    state = json.dumps(GAMES["count"].dump(GAMES["count"].new(2, {}, 7)))
    with closing(sqlite3.connect(path)) as conn, conn:  # rows as the bot of version 2 wrote them
        conn.execute(
            "INSERT INTO games (id, kind, channel_id, creator_id, status, options, seed, state, version,"
            " created_at, updated_at, turn_since) VALUES (1, 'count', 10, 1, 'active', '{}', 7, ?, 0, 1, 1, 1)",
            (state,),
        )
        conn.executemany("INSERT INTO seats (game_id, seat, user_id) VALUES (1, ?, ?)", [(0, 1), (1, 2)])
        conn.execute("INSERT INTO user_prefs (user_id, dms_enabled, language) VALUES (1, 0, 'cs')")
    rec = SimpleNamespace(id=1)

    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        assert await store.prefs.get(1) == UserPrefs(1, False, "cs", DEFAULT_NOTIFY)
        assert await store.agreements.vote_cancel(rec.id, 2) == (2,)
        upgraded = await store.games.get(rec.id)
        assert upgraded.players == (1, 2)
        waiting = upgraded.waiting()
        assert [(c.since, c.deadline) for c in waiting] == [(1, None)], "a running game learns who waits, no pace"
        assert upgraded.pace is None
    finally:
        await store.close()


async def test_open_deadline_questions_move_from_meta_to_their_table(tmp_path: Path) -> None:
    """Issue 18 §4: the message asking about a seat's deadline was a meta string; upgrading moves
    each open one into ``deadline_votes`` (retired ones, ``{}``, and those of unknown games go) and
    leaves no such meta key behind, while other meta facts stay."""
    path = await migrated_up_to(tmp_path, 4)
    place = json.dumps({"channel": 55, "message": 66, "text": "time ran out"})
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.executemany(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, 0)",
            [("timeout:12:1", place), ("timeout:12:0", "{}"), ("timeout:99:0", place), ("commands", "abc")],
        )
    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        assert await store.meta.get("commands") == "abc"
        assert await store.meta.get("timeout:12:1") is None
        assert await store.agreements.take_vote_message(12, 0) is None
        assert await store.agreements.take_vote_message(12, 1) == VoteMessage(55, 66, "time ran out")
        assert await store.agreements.take_vote_message(12, 1) is None, "taken once"
    finally:
        await store.close()


async def test_lobby_shapes_and_turn_pages_move_from_meta_to_their_columns(tmp_path: Path) -> None:
    """Issue 18 §4: a lobby's shape and a turn page were meta strings; upgrading moves them into
    the game's columns and ``turn_pages`` and leaves no such meta key behind."""
    path = await migrated_up_to(tmp_path, 6)
    page = {
        "message": 77,
        "lines": ["**Spring**"],
        "turn": "<@1>:",
        "parts": ["moved"],
        "had_turn": False,
        "opened": True,
    }
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "INSERT INTO games (id, kind, channel_id, creator_id, status, options, version, created_at, updated_at)"
            " VALUES (11, 'count', 10, 1, 'lobby', '{}', 0, 1, 1)"
        )
        conn.executemany(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, 0)",
            [
                ("lobby:11", json.dumps({"challenge": True, "invited": [5]})),
                ("page:12", json.dumps(page)),
                ("page:99", json.dumps(page)),
                ("commands", "abc"),
            ],
        )
    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        assert await store.meta.get("commands") == "abc"
        assert await store.meta.get("lobby:11") is None and await store.meta.get("page:12") is None
        assert await store.lobbies.shape(11) == LobbyShape(True, (5,))
        assert await store.lobbies.shape(12) is None
        assert await store.pages.get(12) == TurnPage(77, ("**Spring**",), "<@1>:", ("moved",), False, True)
        assert await store.pages.get(11) is None
    finally:
        await store.close()


async def migrated_up_to(tmp_path: Path, last: int) -> Path:
    """A database with the migrations up to ``last`` only (as an older bot left it) and one running
    Count game, #12."""
    old = tmp_path / "old"
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if int(path.name[:4]) <= last:
            write(old, path.name, path.read_text())
    path = tmp_path / "up.db"
    await (await GameStore.open(path, games=GAMES, clock=clock, migrations_dir=old)).close()
    state = json.dumps(GAMES["count"].dump(GAMES["count"].new(2, {}, 7)))
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "INSERT INTO games (id, kind, channel_id, creator_id, status, options, seed, state, version,"
            " created_at, updated_at, turn_since) VALUES (12, 'count', 10, 1, 'active', '{}', 7, ?, 0, 1, 1, 1)",
            (state,),
        )
    return path


async def test_the_old_default_language_becomes_auto_and_a_choice_stays(tmp_path: Path) -> None:
    """Issue 19 §2: before 0010 no command could choose a language, so 'en' was only the default
    and becomes 'auto' (follow the client); any other value stays; every other preference is kept."""
    path = await migrated_up_to(tmp_path, 9)
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "INSERT INTO user_prefs (user_id, dms_enabled, language, notify, away_days, reminded_at)"
            " VALUES (1, 0, 'en', 'both', 3, 5.5)"
        )
        conn.execute("INSERT INTO user_prefs (user_id, language) VALUES (2, 'cs')")
    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        assert await store.prefs.get(1) == UserPrefs(1, False, "auto", "both", away_days=3, reminded_at=5.5)
        assert await store.prefs.get(2) == UserPrefs(2, True, "cs")
        await store.prefs.set(3, notify="mention")
        assert (await store.prefs.get(3)).language == "auto", "the schema's default is 'auto' now"
    finally:
        await store.close()
