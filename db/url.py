"""Which database the bot stores its games in: the ``DATABASE_URL`` setting (issue 21 §1).

* unset or empty: SQLite at ``DATABASE_PATH`` (default ``data/deskovka.db``), as before;
* ``sqlite:///relative/path.db`` or ``sqlite:////absolute/path.db``: SQLite at that path;
* ``postgresql://user:password@host:port/database`` (or ``postgres://``): PostgreSQL (db/postgres.py).

:func:`parse` refuses anything else with a sentence saying what is expected; :func:`open_store`
opens the store on what it names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from db.errors import StoreUnavailable
from db.store import GameStore
from rules.protocol import AnyGame

DEFAULT_PATH = Path("data/deskovka.db")

EXPECTED = (
    "DATABASE_URL must be empty (SQLite at DATABASE_PATH), sqlite:///relative/path.db, "
    "sqlite:////absolute/path.db or postgresql://user:password@host:port/database"
)


class BadDatabaseUrl(ValueError):
    """A ``DATABASE_URL`` that names no database the bot can use. ``code`` says what is wrong
    (``not_a_url``, ``sqlite_path``, ``postgresql_port``, ``postgresql_database``, ``scheme``),
    ``value`` is what was given (``detail``: the URL parser's own words, for a port); the bot words
    it in its operator's language (``cogs/texts/*/startup.py``), ``str()`` in English for the copy
    tool's command line."""

    def __init__(self, code: str, value: str, detail: str = "") -> None:
        self.code, self.value, self.detail = code, value, detail
        super().__init__(
            {
                "not_a_url": f"{EXPECTED}, not {value!r}.",
                "sqlite_path": f"{EXPECTED}: an sqlite URL needs three slashes and a path, not {value!r}.",
                "postgresql_port": f"{EXPECTED}: {detail} in the PostgreSQL URL.",
                "postgresql_database": f"{EXPECTED}: the PostgreSQL URL names no database.",
                "scheme": f"{EXPECTED}, not a {value!r} URL.",
            }[code]
        )


@dataclass(frozen=True, slots=True)
class Database:
    """A parsed ``DATABASE_URL``: an SQLite file (``path``) or a PostgreSQL server (``dsn``)."""

    backend: str
    path: Path | None = None
    dsn: str | None = None

    def __str__(self) -> str:
        """Where, without a password (for logs and ``Settings``' repr)."""
        if self.path is not None:
            return f"sqlite:{self.path}"
        parts = urlsplit(self.dsn or "")
        host = parts.hostname or "localhost"
        port = f":{parts.port}" if parts.port else ""
        user = f"{parts.username}@" if parts.username else ""
        return f"postgresql://{user}{host}{port}{parts.path}"


def parse(url: str, path: str | Path = DEFAULT_PATH) -> Database:
    """The database ``url`` names (``path``: the SQLite file when ``url`` is empty);
    :class:`BadDatabaseUrl` saying what was wrong for anything else."""
    url = url.strip()
    if not url:
        return Database("sqlite", path=Path(path))
    scheme, sep, rest = url.partition("://")
    scheme = scheme.lower()
    if not sep:
        raise BadDatabaseUrl("not_a_url", url)
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise BadDatabaseUrl("sqlite_path", url)
        return Database("sqlite", path=Path(rest[1:]))
    if scheme in ("postgresql", "postgres"):
        try:
            parts = urlsplit(url)
            parts.port  # noqa: B018  # a malformed port raises here
        except ValueError as exc:
            raise BadDatabaseUrl("postgresql_port", url, str(exc)) from None
        if not parts.path.strip("/"):
            raise BadDatabaseUrl("postgresql_database", url)
        return Database("postgresql", dsn="postgresql://" + rest)
    raise BadDatabaseUrl("scheme", scheme)


async def open_store(
    database: Database, games: Mapping[str, AnyGame] | None = None, clock: Callable[[], float] | None = None
) -> GameStore:
    """The store on ``database``, its migrations applied."""
    extra: dict[str, Any] = {} if clock is None else {"clock": clock}
    if database.dsn is not None:
        try:
            return await GameStore.open_postgres(database.dsn, games, **extra)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            # (a server down or unknown, a wrong password, a database that does not exist)
            raise StoreUnavailable(str(database), str(exc) or type(exc).__name__) from exc
    assert database.path is not None
    return await GameStore.open(database.path, games, **extra)
