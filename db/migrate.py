"""Numbered ``.sql`` migrations applied in order at start-up (DESIGN §4).

A migration is a file ``NNNN_name.sql`` in the migrations directory; ``NNNN`` is its version.
Each file runs in its own ``BEGIN IMMEDIATE`` transaction together with the row that records it in
``schema_migrations``, so a file is either applied and recorded or, when any statement fails, not
applied at all. Files must therefore not contain ``BEGIN``/``COMMIT`` themselves. Two processes
starting at once on a new file may both find a file unapplied: the second to take the write lock
fails on what the first made, rolls back, finds the file recorded, and goes on. Re-running is a
no-op; a database that already has a version this code does not know is refused, because an older
bot would misread a newer schema.

A file whose first line is :data:`FOREIGN_KEYS_OFF` runs with foreign keys switched off (SQLite
ignores ``PRAGMA foreign_keys`` inside a transaction, so the file cannot do it itself): that is how
a table others reference is rebuilt (SQLite's 12 steps for a change ``ALTER TABLE`` cannot make),
since dropping it with foreign keys on would cascade. Before such a file commits, ``PRAGMA
foreign_key_check`` must find nothing, else it is rolled back; foreign keys are as before after it.

PostgreSQL has its own files (:data:`POSTGRES_DIR`, :func:`migrate_postgres`), recorded the same way
in its own ``schema_migrations``; each runs in one transaction with its record, under an advisory
lock so that two processes starting at once do not both apply it.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from db.errors import MigrationError

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
POSTGRES_DIR = MIGRATIONS_DIR / "postgresql"
"""PostgreSQL's own numbered migrations (issue 21): the same schema in PostgreSQL's terms."""

_NAME = re.compile(r"^(\d+)_[A-Za-z0-9_-]+\.sql$")

FOREIGN_KEYS_OFF = "-- foreign_keys: off"
"""The first line of a migration that must run with foreign keys off (see the module's docstring)."""

_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    path: Path


def discover(directory: Path) -> list[Migration]:
    """Every ``.sql`` file of ``directory`` by version; a misnamed or duplicate file is an error,
    not silently skipped, since skipping it would leave the schema quietly incomplete."""
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise MigrationError(path, "bad_name")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(path, f"duplicate_version:{version}")
        found[version] = Migration(version, path)
    return [found[v] for v in sorted(found)]


def pending(directory: Path, migrations: list[Migration], done: set[int]) -> list[Migration]:
    """The migrations not yet applied, in order; a database that recorded a version this code does
    not know is refused (it was migrated by newer code: running on it could break it)."""
    unknown = sorted(done - {m.version for m in migrations})
    if unknown:
        raise MigrationError(directory, f"database_newer_than_code:{unknown}")
    return [m for m in migrations if m.version not in done]


async def applied_versions(conn: aiosqlite.Connection) -> set[int]:
    rows = await conn.execute_fetchall("SELECT version FROM schema_migrations")
    return {int(r[0]) for r in rows}


async def migrate(
    conn: aiosqlite.Connection,
    directory: Path | None = None,
    *,
    clock: Callable[[], float] = time.time,
) -> list[int]:
    """Apply the migrations of ``directory`` not yet recorded; return the versions applied now.

    The caller must not hold an open transaction on ``conn``.
    """
    directory = MIGRATIONS_DIR if directory is None else directory
    migrations = discover(directory)
    await conn.execute(_BOOKKEEPING)
    applied: list[int] = []
    for migration in pending(directory, migrations, await applied_versions(conn)):
        try:
            await _apply(conn, migration, clock())
        except MigrationError:
            if migration.version in await applied_versions(conn):
                continue  # another process starting at once applied it first (ours rolled back)
            raise
        applied.append(migration.version)
    return applied


async def _apply(conn: aiosqlite.Connection, migration: Migration, now: float) -> None:
    try:
        sql = migration.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MigrationError(migration.path, f"unreadable:{exc}") from exc
    # executescript takes no parameters; the values are an int, a float from the clock and a file
    # name that _NAME restricts to [A-Za-z0-9_-], so inlining them cannot inject anything.
    record = (
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES "
        f"({migration.version}, '{migration.path.name}', {float(now)!r});"
    )
    keys_off = sql.split("\n", 1)[0].strip() == FOREIGN_KEYS_OFF
    if not keys_off:
        await _run(conn, migration, f"BEGIN IMMEDIATE;\n{sql}\n;\n{record}\nCOMMIT;")
        return
    (was_on,) = next(iter(await conn.execute_fetchall("PRAGMA foreign_keys")))
    await conn.execute("PRAGMA foreign_keys=OFF")
    try:
        await _run(conn, migration, f"BEGIN IMMEDIATE;\n{sql}\n;\n{record}\n", check_keys=True)
    finally:
        if was_on:
            await conn.execute("PRAGMA foreign_keys=ON")


async def _run(conn: aiosqlite.Connection, migration: Migration, script: str, *, check_keys: bool = False) -> None:
    """Run ``script`` (which opens the transaction); with ``check_keys`` it is left open, checked
    with ``PRAGMA foreign_key_check`` and committed here, or rolled back on a dangling reference."""
    try:
        await conn.executescript(script)
        if check_keys:
            dangling = list(await conn.execute_fetchall("PRAGMA foreign_key_check"))
            if dangling:
                found = sorted({(str(r[0]), str(r[2])) for r in dangling})
                raise MigrationError(migration.path, f"foreign_key_check: {len(dangling)} rows, {found}")
            await conn.execute("COMMIT")
    except (sqlite3.Error, MigrationError) as exc:
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        if isinstance(exc, MigrationError):
            raise
        raise MigrationError(migration.path, f"{type(exc).__name__}: {exc}") from exc


_POSTGRES_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)
"""
_POSTGRES_LOCK = 0x6465736B  # "desk": the advisory lock held while migrating


async def migrate_postgres(
    conn: Any, directory: Path | None = None, *, clock: Callable[[], float] = time.time
) -> list[int]:
    """:func:`migrate` for an asyncpg connection to PostgreSQL (the files of :data:`POSTGRES_DIR`)."""
    directory = POSTGRES_DIR if directory is None else directory
    migrations = discover(directory)
    await conn.execute("SELECT pg_advisory_lock($1)", _POSTGRES_LOCK)
    try:
        await conn.execute(_POSTGRES_BOOKKEEPING)
        done = {int(r[0]) for r in await conn.fetch("SELECT version FROM schema_migrations")}
        applied: list[int] = []
        for migration in pending(directory, migrations, done):
            try:
                sql = migration.path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise MigrationError(migration.path, f"unreadable:{exc}") from exc
            try:
                async with conn.transaction():
                    await conn.execute(sql)
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                        migration.version,
                        migration.path.name,
                        float(clock()),
                    )
            except Exception as exc:
                if isinstance(exc, MigrationError):
                    raise
                raise MigrationError(migration.path, f"{type(exc).__name__}: {exc}") from exc
            applied.append(migration.version)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", _POSTGRES_LOCK)
