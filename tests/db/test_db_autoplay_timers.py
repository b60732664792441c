"""The computer's pause in the store (issue 46 §1): the table's next decision in a game is an
``autoplay`` timer due after the pause — one pending per game, durable (another store, as after a
restart, finds it due), fired once, and gone with the game. Time is a hand-moved clock."""

from __future__ import annotations

from typing import Any

import pytest

from db.records import computer_id
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db_fixtures import OpenStore, Raw
from tests.fakeclock import FakeClock
from tests.toygame import GAME

GUILD, CHANNEL, ALICE = 1000, 11, 101
T0 = 1_700_000_000.0
PAUSE = 3.0
GAMES: dict[str, Any] = {"count": GAME}
pytestmark = pytest.mark.store(games=GAMES)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


async def game(store: GameStore) -> int:
    players = [ALICE, computer_id("easy", 1)]
    rec = await store.games.create("count", players, {"target": 50}, 7, GUILD, CHANNEL, ALICE, pace=None)
    return rec.id


def autoplay_timers(raw: Raw, game_id: int) -> list[tuple[int | None, float, float | None]]:
    rows = raw("SELECT seat, due, fired_at FROM timers WHERE game_id = ? AND kind = 'autoplay' ORDER BY id", (game_id,))
    return [(r[0], r[1], r[2]) for r in rows]


async def test_the_pause_is_one_pending_timer_per_game(store: GameStore, clock: FakeClock, raw: Raw) -> None:
    """Asked again while it waits (a second change, a restart), the pending timer stays as it is:
    the pause is not stretched and no second decision is due."""
    game_id = await game(store)
    assert await store.clocks.schedule_autoplay(game_id, PAUSE) == T0 + PAUSE
    clock.advance(seconds=2)
    assert await store.clocks.schedule_autoplay(game_id, PAUSE) == T0 + PAUSE
    assert autoplay_timers(raw, game_id) == [(None, T0 + PAUSE, None)]
    assert await store.clocks.next_due() == T0 + PAUSE


async def test_the_pause_is_due_once_and_then_a_new_one_may_start(
    store: GameStore, open_store: OpenStore, clock: FakeClock, raw: Raw
) -> None:
    """Not due before the pause; due after it for another store on the database (the bot after a
    restart), claimed once; the next decision's pause is a new timer from then."""
    game_id = await game(store)
    await store.clocks.schedule_autoplay(game_id, PAUSE)
    assert await store.clocks.due_timers(clock.now) == []
    clock.advance(seconds=PAUSE)
    again = await open_store(games=GAMES, clock=clock)
    (due,) = await again.clocks.due_timers(clock.now)
    assert (due.game_id, due.seat, due.kind, due.due) == (game_id, None, "autoplay", T0 + PAUSE)
    assert await again.clocks.claim_timer(due.id)
    assert not await store.clocks.claim_timer(due.id)
    assert await store.clocks.schedule_autoplay(game_id, PAUSE) == clock.now + PAUSE
    assert [fired is None for _, _, fired in autoplay_timers(raw, game_id)] == [False, True]


@pytest.mark.parametrize("end", ["finish", "cancel"])
async def test_a_game_that_ended_has_no_pause(store: GameStore, raw: Raw, end: str) -> None:
    game_id = await game(store)
    await store.clocks.schedule_autoplay(game_id, PAUSE)
    if end == "finish":
        await store.games.finish(game_id, Outcome(winners=(0,), ending=Ending.RESIGNED))
    else:
        await store.games.cancel(game_id, ALICE)
    assert autoplay_timers(raw, game_id) == []
    assert await store.clocks.schedule_autoplay(game_id, PAUSE) is None
    assert autoplay_timers(raw, game_id) == []
