"""Copy every stored game and fact from one database to another (issue 21 §1), e.g. SQLite to PostgreSQL:

    python -m cogs.copy_store --from sqlite:///data/deskovka.db --to postgresql://user:pw@host/deskovka

Both are opened as the bot opens them (their migrations applied), every table is copied row by row
with its ids kept (PostgreSQL's id sequences are then moved past the highest id, and past what
SQLite's AUTOINCREMENT counter had handed out, so an id is never given twice), and every copied
game that has a state is replayed from its log to check it equals the copied state
(``store.games.verify``). A target that holds anything already is refused (exit status 2), so a copy
never mixes two deployments; a game that does not verify makes the exit status 1. It prints how
many rows each table got. The bot must not run on either database meanwhile.

The engines to open the stores with come from the caller (:func:`main`): the bot's command line is
``cogs/copy_store.py``, which passes the bot's set of games; ``db`` imports nothing of ``cogs``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Mapping, Sequence

from db.backend import Backend
from db.connection import Conn, Row, marks
from db.store import STATE_FORMATS, GameStore
from db.url import open_store, parse
from rules.protocol import AnyGame

TABLES = (
    "games",
    "seats",
    "actions",
    "user_prefs",
    "meta",
    "timers",
    "timeout_votes",
    "cancel_proposals",
    "deadline_votes",
    "changes",
    "turn_pages",
    "rated_games",
    "results",
    "computer_results",
    "ratings",
    "rematches",
    "walkthroughs",
    "takeback_requests",
    "takeback_refusals",
    "league_settings",
    "leagues",
    "league_players",
    "league_rounds",
    "league_tables",
    "league_post_steps",
)
"""Every table of the schema but ``schema_migrations``, each after those it references."""
IDENTITIES = ("games", "timers", "leagues")
"""The tables whose ``id`` a sequence hands out."""
BATCH = 500


class TargetNotEmpty(Exception):
    """The target database holds data already."""


async def _rows(backend: Backend, table: str) -> list[Row]:
    return await backend.query(f"SELECT * FROM {table} ORDER BY 1")


async def _tables_with_rows(backend: Backend) -> list[str]:
    """The tables of the target that hold anything (``meta`` may hold only what opening wrote)."""
    full = []
    for table in TABLES:
        where = f" WHERE key <> '{STATE_FORMATS}'" if table == "meta" else ""
        if await backend.query(f"SELECT 1 FROM {table}{where} LIMIT 1"):
            full.append(table)
    return full


async def _next_id(backend: Backend, table: str) -> int:
    """The lowest id the source has never handed out for ``table``."""
    (highest,) = (await backend.query(f"SELECT COALESCE(MAX(id), 0) FROM {table}"))[0]
    handed = 0
    if backend.name == "sqlite":
        rows = await backend.query("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,))
        handed = int(rows[0][0]) if rows else 0
    else:
        rows = await backend.query(f"SELECT last_value, is_called FROM {table}_id_seq")
        handed = int(rows[0][0]) if rows and rows[0][1] else 0
    return max(int(highest), handed) + 1


async def _insert(backend: Backend, table: str, rows: Sequence[Row]) -> None:
    if not rows:
        return
    columns = list(rows[0].keys())
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks(len(columns))})"
    if table == "meta":  # opening the target wrote its state formats already
        sql += " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at"
    for start in range(0, len(rows), BATCH):
        batch = [tuple(r) for r in rows[start : start + BATCH]]

        async def write(db: Conn, batch: list[tuple[object, ...]] = batch) -> None:
            await db.executemany(sql, batch)

        await backend.run(write, write=True)


async def _move_sequence(backend: Backend, table: str, next_id: int) -> None:
    """Ids the target hands out next start at ``next_id`` (PostgreSQL's identity sequence; SQLite's
    AUTOINCREMENT counter follows the ids inserted, and ``games`` takes the highest id + 1)."""
    if backend.name == "postgresql":
        await backend.statement(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), ?, false)", (next_id,))
    elif table == "timers":

        async def counter(db: Conn) -> None:
            await db.execute(
                "UPDATE sqlite_sequence SET seq = ? WHERE name = 'timers' AND seq < ?", (next_id - 1, next_id - 1)
            )

        await backend.run(counter, write=True)


async def copy(source: GameStore, target: GameStore) -> dict[str, int]:
    """Copy every table of ``source`` into the empty ``target``; the rows copied per table.
    :class:`TargetNotEmpty` when the target holds anything."""
    src, dst = source.transactions, target.transactions
    full = await _tables_with_rows(dst)
    if full:
        raise TargetNotEmpty(", ".join(full))
    counts: dict[str, int] = {}
    for table in TABLES:
        rows = await _rows(src, table)
        await _insert(dst, table, rows)
        counts[table] = len(rows)
    for table in IDENTITIES:
        await _move_sequence(dst, table, await _next_id(src, table))
    return counts


async def run(source_url: str, target_url: str, games: Mapping[str, AnyGame]) -> int:
    """The command: copy, print the counts, verify every copied game; its exit status."""
    source = await open_store(parse(source_url), games)
    try:
        target = await open_store(parse(target_url), games)
        try:
            try:
                counts = await copy(source, target)
            except TargetNotEmpty as exc:
                print(f"The target database is not empty (tables with rows: {exc}); nothing copied.", file=sys.stderr)
                return 2
            for table, n in counts.items():
                print(f"{table}: {n}")
            played = await target.transactions.query("SELECT id FROM games WHERE state IS NOT NULL ORDER BY id")
            ids = [int(r[0]) for r in played]
            bad = [g for g in ids if not await target.games.verify(g)]
            print(f"verified: {len(ids) - len(bad)} of {len(ids)} games replay to their stored state")
            if bad:
                print(f"games whose log does not replay to their state: {bad}", file=sys.stderr)
                return 1
            return 0
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: Sequence[str] | None, engines: Mapping[str, AnyGame], prog: str = "python -m cogs.copy_store") -> int:
    """The command line: parse ``argv`` (``--from``, ``--to``) and copy, opening both stores with
    ``engines`` (the caller's set of games: the bot's is ``cogs.games.ENGINES``); its exit status."""
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", required=True, help="the database to copy (a DATABASE_URL)")
    parser.add_argument("--to", dest="target", required=True, help="the empty database to fill (a DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        parse(args.source), parse(args.target)
    except ValueError as exc:
        parser.error(str(exc))
    return asyncio.run(run(args.source, args.target, engines))
