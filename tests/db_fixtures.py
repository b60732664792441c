"""What the store's tests share: ids, a fixed clock, and a store on a file of the toy game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.store import GameStore
from tests.toygame import GAMES

GUILD, CHANNEL = 1000, 11
ALICE, BOB, CAROL, DAVE, EVE = 101, 102, 103, 104, 105


def clock() -> float:
    return 1_700_000_000.0


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "deskovka.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[GameStore]:
    s = await GameStore.open(db_path, games=GAMES, clock=clock)
    yield s
    await s.close()
