"""The takeback listener (cogs/table/takeback.py ``on_change``) reads the game's request only when
the change may have left one to lapse: an action whose commit saw none costs no store call."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs.table.core.change import Change
from cogs.table.takeback import Takebacks
from db.records import AppendResult, GameRecord


class Agreements:
    def __init__(self) -> None:
        self.reads = 0

    async def takeback_request(self, game_id: int) -> None:
        self.reads += 1


class Store:
    """The store's part the listener reads: its agreements (the takeback request)."""

    def __init__(self) -> None:
        self.agreements = Agreements()

    @property
    def reads(self) -> int:
        return self.agreements.reads


def change(open_request: bool) -> Change:
    rec: Any = SimpleNamespace(id=5)
    result = AppendResult(5, 3, [], None, (1,), None, (0,), takeback_open=open_request)
    record: GameRecord = rec
    return Change.of_action(record, result, by_user=10, seat=0)


@pytest.mark.parametrize("open_request", [False, True])
async def test_an_action_is_looked_up_only_when_its_commit_saw_a_request(open_request: bool) -> None:
    store = Store()
    parts: Any = SimpleNamespace(store=store, teller=SimpleNamespace(closing=False))
    await Takebacks(parts, SimpleNamespace()).on_change(change(open_request))  # type: ignore[arg-type]
    assert store.reads == (1 if open_request else 0)


async def test_a_change_told_by_the_catch_up_is_looked_up() -> None:
    """A change not made by an action of this process (a catch-up, a finish) never read it."""
    store = Store()
    parts: Any = SimpleNamespace(store=store, teller=SimpleNamespace(closing=False))
    rec: Any = SimpleNamespace(id=5)
    await Takebacks(parts, SimpleNamespace()).on_change(  # type: ignore[arg-type]
        Change(kind="finish", record=rec, version=4)
    )
    assert store.reads == 1
