"""Where the benchmarks store their games: an SQLite file (a :class:`~pathlib.Path`) or a PostgreSQL
database (its URL, a ``str``), on a server of the benchmark's own started by tests/postgres.py's
starter. Without PostgreSQL on the machine the benchmarks still run: :func:`postgres` gives None and
the reason, and their PostgreSQL rows say "not available". Where a bot process's database is and how
it is opened (``Where``, ``open_at``) is tests/e2e/bot_process.py's."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from bench.stats import Row
from tests.postgres import Server, Unavailable, create_database, running

_numbers = itertools.count(1)


@contextmanager
def postgres() -> Iterator[tuple[Server | None, str]]:
    """A running server and "" for the length of the block, or None and why there is none. It
    keeps PostgreSQL's durable defaults (fsync, synchronous commit) as SQLite's ``synchronous=FULL``
    does: a commit is on disk before it returns."""
    with ExitStack() as stack:
        try:
            server = stack.enter_context(running(durable=True))
        except Unavailable as exc:
            yield None, str(exc)
            return
        yield server, ""


def new_database(server: Server, copy_of: str | None = None) -> str:
    """A fresh migrated database on ``server`` (a copy of the database ``copy_of`` names, e.g. one
    filled once for several runs, when given); its URL."""
    name = f"bench_{next(_numbers)}"
    if copy_of is None:
        return create_database(server, name)
    return create_database(server, name, template=copy_of.rsplit("/", 1)[1])


def unavailable(section: str, what: str, reason: str) -> Row:
    """The row standing for ``what`` when PostgreSQL is missing."""
    return Row(section, f"{what} on PostgreSQL", f"not available ({reason})")
