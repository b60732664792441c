"""What the store's tests share: ids, a fixed clock, the backends, the errors either refuses with;
the fixtures (``store``, ``open_store``, ``raw``, ``backend``) are in tests/conftest.py."""

from __future__ import annotations

import sqlite3
import typing
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

from db.base import Store
from db.store import GameStore

GUILD, CHANNEL = 1000, 11
ALICE, BOB, CAROL, DAVE, EVE = 101, 102, 103, 104, 105


def clock() -> float:
    return 1_700_000_000.0


BACKENDS = ["sqlite", "postgresql"]
"""Every test of the ``store`` fixture runs on both (a PostgreSQL one is skipped, saying why, when no
server can be started: tests/postgres.py)."""


OpenStore = Callable[..., Awaitable[GameStore]]


def repositories() -> dict[str, type]:
    """The store's repositories' Protocols by the store's attribute (``{"games": Games, …}``)."""
    return {
        name: typing.get_type_hints(member.fget)["return"]
        for name, member in vars(Store).items()
        if isinstance(member, property)
    }


INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""A constraint refused a write (either backend)."""
DATABASE_ERRORS = (sqlite3.DatabaseError, asyncpg.PostgresError)
"""The database refused a statement (either backend), e.g. a trigger."""

Raw = Callable[..., list[tuple[Any, ...]]]
