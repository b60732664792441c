"""Turn clocks in the store (issue 13, ``test_db_clocks.py``) of Stroganov, whose turn is several
decisions and which is played solo: a turn keeps the deadline of its start; a solo player's clock
follows their last action."""

from __future__ import annotations

import pytest

from cogs.games import ENGINES as REGISTRY
from db.records import SeatClock
from db.store import GameStore
from tests.db.test_db_clocks import ALICE, BOB, CHANNEL, DAY, GUILD, HOUR, PACE, SEED, T0, plan, seat_plan, to_act
from tests.db_fixtures import Raw
from tests.fakeclock import FakeClock

STROGANOV = REGISTRY["stroganov"]
pytestmark = pytest.mark.store(games={"stroganov": STROGANOV})  # the shared store (tests/conftest.py)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


async def test_a_stroganov_turn_of_several_decisions_keeps_the_deadline_of_its_start(
    store: GameStore, clock: FakeClock
) -> None:
    """Issue 18 §5: one decision of a Stroganov turn leaves the turn unfinished, so the seat's
    deadline stays where it was when the turn began; the next seat's clock starts when it does."""
    rec = await store.games.create("stroganov", [ALICE, BOB], None, SEED, GUILD, CHANNEL, ALICE, pace=PACE)
    kept = 0
    for _ in range(40):
        got = await store.games.get(rec.id)
        (seat,) = to_act(got)
        before = got.clock_of(seat)
        assert before is not None and before.since is not None
        now = clock.advance(HOUR)
        result = await store.games.append(rec.id, got.version, seat, STROGANOV.legal(got.load_state(), seat)[0])
        after = (await store.games.get(rec.id)).clock_of(result.to_act[0])
        if result.to_act == (seat,):
            assert after == before, "a decision that leaves the turn unfinished moves nothing"
            kept += 1
        else:
            assert after is not None and (after.since, after.deadline) == (now, now + PACE)
    assert kept >= 5, "turns of several decisions were played"


async def test_in_a_solo_game_the_players_clock_follows_their_last_action(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 18 §5: nobody else waits in a solo game, so its clock only reminds: each action
    starts it again (since kept), and an active player is never told their time ran out."""
    rec = await store.games.create("stroganov", [ALICE], None, SEED, GUILD, CHANNEL, ALICE, pace=PACE)
    now = clock.advance(2 * DAY)
    state = rec.load_state()
    await store.games.append(rec.id, rec.version, 0, STROGANOV.legal(state, 0)[0])
    got = await store.games.get(rec.id)
    assert got.clock_of(0) == SeatClock(0, ALICE, T0, now + PACE, None)
    assert plan(raw, rec.id) == seat_plan(0, now, PACE)
