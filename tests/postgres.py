"""A throwaway PostgreSQL server for the tests (issue 21 §3), one per test session (per xdist worker).

``postgres_server`` finds the server's programs (``pg_config --bindir``, else
``/usr/lib/postgresql/*/bin``), makes a data directory in a temporary directory and starts a server
on 127.0.0.1 on a free port, its unix socket in the same temporary directory, with ``fsync=off``
(nothing here must survive a power cut; the benchmarks' server keeps PostgreSQL's durable
defaults); it is stopped at the end of the session. PostgreSQL refuses to run as root, and the
tests here may run as root: then the programs run as ``nobody``.

``postgres_dsn`` gives each test a fresh database, a copy of a template migrated once per session
(``CREATE DATABASE … TEMPLATE``: a file copy, faster than migrating every test's database). A
database a test leaves with the template's shape (its tables, columns, indexes, constraints,
triggers, functions, settings and migrations, :data:`SHAPE`) is emptied and given to a later
test instead (:class:`_Leftovers`: about 10 ms, where a copy takes 100–400 ms); one whose shape
the test changed is dropped.

When no server can be had, the tests that need one are skipped with the reason, never silently.

The benchmarks take a server the same way (:func:`running`, :func:`create_database`); theirs rows
say "not available" and why when there is none.
"""

from __future__ import annotations

import asyncio
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

T = TypeVar("T")
TEMPLATE = "deskovka_template"
_numbers = itertools.count(1)


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    user: str
    data: Path | None = None
    """The data directory (``postmaster.pid`` in it names the server's first process)."""

    def dsn(self, database: str) -> str:
        return f"postgresql://{self.user}@{self.host}:{self.port}/{database}"


def bindir() -> Path | None:
    """Where ``initdb`` and ``pg_ctl`` are, or None."""
    found = shutil.which("pg_config")
    if found:
        out = subprocess.run([found, "--bindir"], capture_output=True, text=True, check=False).stdout.strip()
        if out and (Path(out) / "initdb").exists():
            return Path(out)
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(argv: list[str]) -> list[str]:
    """``argv`` run as ``nobody`` when we are root (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return argv
    runuser = shutil.which("runuser")
    if runuser is None:
        raise RuntimeError("running as root and runuser is missing: cannot start PostgreSQL as nobody")
    return [runuser, "-u", "nobody", "--", *argv]


def start(base: Path, durable: bool = False) -> tuple[Server, Path]:
    """A server with its data in ``base`` (which the server's user must own); its data dir. Not
    ``durable`` (the tests'): no fsync, commits return before their WAL is flushed; ``durable``
    (the benchmarks', to set against SQLite's ``synchronous=FULL``): PostgreSQL's defaults."""
    programs = bindir()
    if programs is None:
        raise RuntimeError("no PostgreSQL server programs (initdb, pg_ctl) found")
    data, sockets = base / "data", base / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        for path in (base, sockets):
            os.chown(path, nobody.pw_uid, nobody.pw_gid)
    user = "postgres"
    initdb = [str(programs / "initdb"), "-D", str(data), "-U", user, "--auth=trust", "--locale=C", "-E", "UTF8"]
    subprocess.run(_as_server_user(initdb), capture_output=True, check=True)
    last: subprocess.CalledProcessError | None = None
    for _ in range(5):
        port = _free_port()
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {sockets} -c max_connections=200"
        if not durable:
            options += " -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
        ctl = [str(programs / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w", "-o", options, "start"]
        try:
            subprocess.run(_as_server_user(ctl), capture_output=True, check=True, timeout=60)
            return Server("127.0.0.1", port, user, data), data
        except subprocess.CalledProcessError as exc:  # the port was taken meanwhile: another one
            last = exc
    raise RuntimeError(f"PostgreSQL did not start: {last}")


def stop(data: Path) -> None:
    programs = bindir()
    assert programs is not None
    ctl = [str(programs / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]
    subprocess.run(_as_server_user(ctl), capture_output=True, check=False, timeout=60)


class _AdminLink:
    """One connection to a running server's ``postgres`` database, on an event loop of its own
    thread: making the template and each test's database, and dropping it, is then one statement,
    not a new loop, a new connection and the statement (about 40 ms a test)."""

    def __init__(self, server: Server) -> None:
        import asyncpg

        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="postgres-admin", daemon=True)
        self._thread.start()
        self._conn = self.run(asyncpg.connect(server.dsn("postgres")))
        self.copy = " STRATEGY FILE_COPY" if self._conn.get_server_version().major >= 15 else ""
        """PostgreSQL 15's default copies a template block by block through the WAL; copying its
        files is about twice as fast for the tests' small databases (15 and later only)."""

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def execute(self, statement: str) -> None:
        self.run(self._conn.execute(statement))

    def close(self) -> None:
        try:
            self.run(self._conn.close())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            self._loop.close()


_links: dict[Server, _AdminLink] = {}
"""The admin link of each server :func:`running` has up (every server here comes from it)."""


async def _migrate(dsn: str) -> None:
    import asyncpg

    from db.migrate import migrate_postgres

    conn = await asyncpg.connect(dsn)
    try:
        await migrate_postgres(conn, clock=lambda: 1_700_000_000.0)
    finally:
        await conn.close()


class Unavailable(RuntimeError):
    """No PostgreSQL server could be started; the message says why."""


@contextmanager
def running(durable: bool = False) -> Iterator[Server]:
    """A server of its own in a new temporary directory (``durable``: see :func:`start`), its
    template database migrated; stopped and removed at the end. :class:`Unavailable` when none
    can be started."""
    base = Path(tempfile.mkdtemp(prefix="deskovka-pg-"))
    try:
        server, data = start(base, durable)
    except (RuntimeError, OSError, subprocess.SubprocessError, KeyError) as exc:
        shutil.rmtree(base, ignore_errors=True)
        raise Unavailable(f"PostgreSQL unavailable: {exc}") from exc
    try:
        link = _links[server] = _AdminLink(server)
        link.execute(f"CREATE DATABASE {TEMPLATE}")
        link.run(_migrate(server.dsn(TEMPLATE)))
        yield server
    finally:
        opened = _links.pop(server, None)
        if opened is not None:
            opened.close()
        stop(data)
        shutil.rmtree(base, ignore_errors=True)


def create_database(server: Server, name: str, template: str = TEMPLATE) -> str:
    """A new database ``name``, a copy of ``template`` (by default the migrated empty one: nobody
    may be connected to it meanwhile); its DSN."""
    link = _links[server]
    link.execute(f"CREATE DATABASE {name} TEMPLATE {template}{link.copy}")
    return server.dsn(name)


def drop_database(server: Server, name: str) -> None:
    _links[server].execute(f"DROP DATABASE {name} WITH (FORCE)")


SHAPE = """
SELECT md5(coalesce(string_agg(item, E'\\n' ORDER BY item), '')) FROM (
  SELECT 'schema ' || nspname AS item FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
  UNION ALL SELECT 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  UNION ALL SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT 'index ' || pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public'
  UNION ALL SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT 'trigger ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT 'function ' || proname || ' ' || md5(prosrc) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
  UNION ALL SELECT 'setting ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
    WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
  UNION ALL SELECT 'migration ' || version::text || ' ' || name FROM schema_migrations
) shape
"""
"""One digest of what a database is besides its rows (a test that alters a table, sets a setting or
takes a migration back changes it)."""


class _Leftovers:
    """The databases this worker's tests left with the template's shape, emptied for the next
    test: every row deleted (but the migrations'), every sequence restarted, anyone still connected
    (a bot process of an end-to-end test) put out first."""

    KEEP = 4

    def __init__(self) -> None:
        self.clean: dict[Server, list[str]] = {}
        self._template: dict[Server, tuple[str, str]] = {}
        """Per server: the template's shape, and the statement that empties a database of it."""

    def take(self, server: Server) -> str | None:
        pool = self.clean.get(server)
        return pool.pop() if pool else None

    def give_back(self, server: Server, name: str) -> bool:
        """Empties ``name`` for a later test (True), unless its shape is not the template's or it
        could not be emptied (False: the caller drops it)."""
        import asyncpg

        pool = self.clean.setdefault(server, [])
        if len(pool) >= self.KEEP:
            return False
        link = _links[server]

        async def empty() -> bool:
            if server not in self._template:
                self._template[server] = await self._emptying(server)
            shape, emptying = self._template[server]
            conn = await asyncpg.connect(server.dsn(name))
            try:
                await conn.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                if await conn.fetchval(SHAPE) != shape:
                    return False
                await conn.execute(emptying)
                return True
            finally:
                await conn.close()

        try:
            emptied = link.run(empty())
        except Exception:  # anything amiss: the database is dropped, not reused
            return False
        if emptied:
            pool.append(name)
        return emptied

    @staticmethod
    async def _emptying(server: Server) -> tuple[str, str]:
        import asyncpg

        conn = await asyncpg.connect(server.dsn(TEMPLATE))
        try:
            shape = await conn.fetchval(SHAPE)
            tables = await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'"
            )
            sequences = await conn.fetch("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")
        finally:
            await conn.close()
        statements = [
            "SET session_replication_role = replica",  # no foreign key checked while all go
            *(f'DELETE FROM "{t}"' for (t,) in tables),
            *(f'ALTER SEQUENCE "{q}" RESTART' for (q,) in sequences),
            "SET session_replication_role = DEFAULT",
        ]
        return shape, "; ".join(statements)


_leftovers = _Leftovers()


def postmaster_pid(server: Server) -> int | None:
    """The pid of the server's first process (every backend is its child), or None."""
    try:
        return int((server.data / "postmaster.pid").read_text().split()[0]) if server.data else None
    except (OSError, ValueError, IndexError):
        return None


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """The session's server (skipped, saying why, when none can be started)."""
    with ExitStack() as stack:
        try:
            server = stack.enter_context(running())
        except Unavailable as exc:
            pytest.skip(str(exc))
        yield server


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """``coro`` to its end on a loop of its own (a fixture may be asked for inside a running loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def postgres_query(dsn: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """One statement (``?`` placeholders) on its own connection; its rows as tuples."""
    import asyncpg

    from db.postgres import numbered

    async def query() -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(dsn)
        try:
            return [tuple(r) for r in await conn.fetch(numbered(sql), *params)]
        finally:
            await conn.close()

    return _run(query())


@pytest.fixture
def postgres_dsn(postgres_server: Server) -> Iterator[str]:
    """A fresh database, migrated: a copy of the session's template, or one a test before left and
    that was emptied (:class:`_Leftovers`); after the test emptied for another, or dropped."""
    name = _leftovers.take(postgres_server)
    if name is None:
        name = f"t{os.getpid()}_{next(_numbers)}"
        create_database(postgres_server, name)
    yield postgres_server.dsn(name)
    if not _leftovers.give_back(postgres_server, name):
        drop_database(postgres_server, name)
