"""cogs/table/views_kept.py: a telling computes each view of a state once (issue 18 §7)."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.table.views_kept import view_of, views_kept


class Engine:
    def __init__(self) -> None:
        self.calls: list[tuple[int, int | None]] = []

    def view(self, state: Any, seat: int | None) -> tuple[int, int | None]:
        self.calls.append((id(state), seat))
        return (len(state), seat)


def test_inside_the_block_a_state_and_seats_view_is_computed_once() -> None:
    engine, state, other = Engine(), [1, 2], [1, 2]
    with views_kept():
        first = view_of(engine, state)
        assert view_of(engine, state) is first
        assert view_of(engine, state, 0) == (2, 0) and view_of(engine, state, 0) == (2, 0)
        assert view_of(engine, other) == first and len(engine.calls) == 3, "an equal state is another state"
        with views_kept():  # nested: the same keeping
            assert view_of(engine, state) is first
    assert len(engine.calls) == 3


def test_outside_the_block_every_view_is_fresh() -> None:
    engine, state = Engine(), [1]
    view_of(engine, state)
    state.append(2)
    assert view_of(engine, state) == (2, None) and len(engine.calls) == 2
    with views_kept():
        view_of(engine, state)
    with views_kept():  # a new block keeps nothing from the last one
        state.append(3)
        assert view_of(engine, state) == (3, None)
    assert len(engine.calls) == 4


async def test_tellings_side_by_side_keep_their_own_views() -> None:
    engine = Engine()
    state = [1]
    seen: dict[str, Any] = {}

    async def telling(name: str) -> None:
        with views_kept():
            seen[name] = view_of(engine, state)
            await asyncio.sleep(0)
            assert view_of(engine, state) is seen[name]

    await asyncio.gather(telling("a"), telling("b"))
    assert len(engine.calls) == 2, "each telling computed its own, once"
