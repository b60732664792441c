"""The table's decisions told like a person's (issue 46 §1): after a pause (``COMPUTER_PAUSE``), kept
as an ``autoplay`` timer in the store; a computer that fails or thinks too long gives way to the
game's automatic player — in Stratego, which has none, to the first legal decision that is not a
resignation; a game no person is left to play is cancelled. No test waits: the pause is a timer on
a hand-moved clock, the time limit is injected."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.games import ENGINES
from cogs.table import results
from cogs.table.absence import Absence, NobodyLeft, nobody_left
from cogs.table.core.commands import AutoPlay, Cancel
from cogs.table.core.master import THINK_TIMEOUT, Master, first_legal
from db.records import GameRecord, Timer, computer_id
from db.store import GameStore
from rules.stratego.actions import Ready, Resign
from tests import toy_computer
from tests.fakeclock import FakeClock
from tests.toygame import GAMES, Add
from tests.toygame import Resign as CountResign

ALICE, BOB = 170_000_000_000_000_001, 170_000_000_000_000_002
T0 = 1_700_000_000.0
STRATEGO = ENGINES["stratego"]
pytestmark = pytest.mark.store(games={**GAMES, "stratego": STRATEGO})


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture(autouse=True)
def toy_game_with_a_computer() -> None:
    toy_computer.register()


async def count_game(store: GameStore, players: list[int], computer_first: bool = True) -> GameRecord:
    """A toy game (target 21) of ``players``; with ``computer_first`` the last seat (a computer's)
    acts first."""
    for seed in range(1, 80):
        lobby = await store.lobbies.create("count", players[0], {"target": 21}, 1, 2, seats=players)
        rec = await store.games.start(lobby.id, None, seed)
        if (rec.load_state().turn == len(players) - 1) == computer_first:
            return rec
    raise AssertionError("no seed gives that first turn")


class StubTable:
    """What :class:`Absence` uses of the table: the store, the clock, the teller's follow and
    the dispatcher's poke (recorded)."""

    def __init__(self, store: GameStore, clock: FakeClock) -> None:
        self.store = store
        self.clock = clock
        self.followed: list[Any] = []
        self.poked: list[float | None] = []

        async def follow(commands: Any) -> None:
            self.followed.extend(commands)

        self.teller = SimpleNamespace(caught_up=[], follow=follow, poke=self.poked.append)
        self.locales = SimpleNamespace(seen=[])
        self.finder = SimpleNamespace(returned=None)

    def now(self) -> float:
        return self.clock()


async def pauses(store: GameStore) -> list[float]:
    """When each ``autoplay`` timer not yet fired is due."""
    return [t.due for t in await store.clocks.due_timers(float("inf")) if t.kind == "autoplay"]


def absence(table: StubTable, pause: float) -> Absence:
    return Absence(table, pause)  # type: ignore[arg-type]  # the stub has what it uses


# -- the pause ----------------------------------------------------------------------------------


async def test_without_a_pause_the_computer_decides_at_once(store: GameStore, clock: FakeClock) -> None:
    rec = await count_game(store, [ALICE, computer_id("hard", 1)])
    table = StubTable(store, clock)
    assert await absence(table, 0).follow_up(rec, rec.load_state(), (1,)) == [AutoPlay(rec.id)]
    assert await pauses(store) == []


async def test_with_a_pause_the_computers_decision_is_a_timer_due_after_it(store: GameStore, clock: FakeClock) -> None:
    """Nothing is decided now; the store has the game's ``autoplay`` timer at now + the pause, the
    dispatcher hears of it, and asking again (another change, a restart) keeps that one timer."""
    rec = await count_game(store, [ALICE, computer_id("hard", 1)])
    table = StubTable(store, clock)
    paused = absence(table, 3)
    assert await paused.follow_up(rec, rec.load_state(), (1,)) == []
    assert table.poked == [T0 + 3]
    clock.advance(seconds=1)
    await paused.autoplay(rec)
    assert await pauses(store) == [T0 + 3]
    assert table.followed == []


async def test_the_timer_that_fires_has_the_master_decide(store: GameStore, clock: FakeClock) -> None:
    rec = await count_game(store, [ALICE, computer_id("hard", 1)])
    table = StubTable(store, clock)
    await absence(table, 3).pause_over(rec, Timer(1, rec.id, None, "autoplay", T0 + 3))
    assert table.followed == [AutoPlay(rec.id)]


async def test_no_pause_when_a_person_is_to_act(store: GameStore, clock: FakeClock) -> None:
    rec = await count_game(store, [ALICE, computer_id("hard", 1)], computer_first=False)
    table = StubTable(store, clock)
    assert await absence(table, 3).follow_up(rec, rec.load_state(), (0,)) == []
    assert table.poked == [] and await pauses(store) == []


# -- the fallback -------------------------------------------------------------------------------


def test_the_time_limit_is_a_minute_of_wall_time() -> None:
    assert THINK_TIMEOUT == 60.0


async def test_a_computer_that_thinks_too_long_gives_way_to_the_automatic_player(
    store: GameStore, caplog: pytest.LogCaptureFixture
) -> None:
    """The time limit is injected (0 s: the computer, which never answers, is over it at once)."""
    rec = await count_game(store, [ALICE, computer_id("hard", 1)])
    never = asyncio.Event()

    async def hangs(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> Any:
        await never.wait()
        raise AssertionError("unreachable")

    def auto(_kind: str) -> Any:
        return lambda state, seat: Add(2)

    with caplog.at_level(logging.WARNING, "deskovka.master"):
        change = await Master(lambda: store, auto, hangs, think_timeout=0).run(AutoPlay(rec.id))
    assert change is not None and change.seat == 1
    assert (await store.games.get(rec.id)).load_state().total == 2
    assert any("thought for more than 0 s" in r.getMessage() for r in caplog.records)


async def stratego_with_a_computer(store: GameStore) -> GameRecord:
    lobby = await store.lobbies.create("stratego", ALICE, {}, 1, 2, seats=[ALICE, computer_id("normal", 1)])
    return await store.games.start(lobby.id, None, 5)


@pytest.mark.parametrize("fails", ["raises", "too slow"])
async def test_a_stratego_computer_that_fails_plays_the_first_legal_decision_not_a_resignation(
    store: GameStore, fails: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Stratego has no automatic player: the fallback is its first legal decision that is not a
    resignation — Ready in the setup, then the first legal move."""
    rec = await stratego_with_a_computer(store)

    async def broken(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> Any:
        if fails == "raises":
            raise RuntimeError("the worker died")
        await asyncio.Event().wait()

    master = Master(lambda: store, lambda _kind: None, broken, think_timeout=0)
    with caplog.at_level(logging.INFO, "deskovka.master"):
        assert await master.run(AutoPlay(rec.id)) is not None
    after = await store.games.get(rec.id)
    assert STRATEGO.legal(after.load_state(), 1) == [Resign()], "the computer's setup is ready"
    await store.games.append(rec.id, after.version, 0, Ready())
    while True:
        now = await store.games.get(rec.id)
        if 1 in STRATEGO.to_act(now.load_state()):
            break
        alice = first_legal(STRATEGO.legal(now.load_state(), 0))
        assert alice is not None
        await store.games.append(rec.id, now.version, 0, alice)
    expected = first_legal(STRATEGO.legal(now.load_state(), 1))
    change = await master.run(AutoPlay(rec.id))
    assert change is not None and expected is not None and expected != Resign()
    played, done = now.load_state(), (await store.games.get(rec.id)).load_state()
    STRATEGO.apply(played, 1, expected)
    assert STRATEGO.dump(done) == STRATEGO.dump(played), "the computer's seat played the first legal move"
    assert any("first legal decision" in r.getMessage() for r in caplog.records)


def test_the_first_legal_decision_is_never_a_resignation() -> None:
    assert first_legal([Resign(), Ready()]) == Ready()
    assert first_legal([Resign()]) is None
    assert first_legal([CountResign(), Add(1)]) == Add(1)


# -- nobody left --------------------------------------------------------------------------------


async def test_a_game_whose_people_all_resigned_is_cancelled(store: GameStore, clock: FakeClock) -> None:
    """Alice resigns a game of three beside two computers: the game would go on between computers
    alone, so what follows is its cancellation; the record says no person was left."""
    players = [ALICE, computer_id("easy", 1), computer_id("hard", 2)]
    rec = await count_game(store, players, computer_first=False)
    assert not nobody_left(rec, rec.load_state())
    state = rec.load_state()
    for _ in range(3):
        if state.turn == 0:
            break
        rec = await store.games.get(rec.id)
        await store.games.append(rec.id, rec.version, state.turn, Add(1))
        state = (await store.games.get(rec.id)).load_state()
    rec = await store.games.get(rec.id)
    result = await store.games.append(rec.id, rec.version, 0, CountResign())
    assert result.outcome is None, "the two computers would play on"
    table = StubTable(store, clock)
    follow = await absence(table, 3).follow_up(rec, result.state, result.to_act)
    assert len(follow) == 1 and isinstance(follow[0], Cancel) and isinstance(follow[0].cause, NobodyLeft)
    assert await pauses(store) == [], "no computer's pause either"
    change = await Master(lambda: store, lambda _kind: None).run(follow[0])
    assert change.record.status == "cancelled"
    ui: Any = SimpleNamespace()
    assert "no person was left" in results.result_text(ui, change.record, None, "en")
    assert "žádný člověk" in results.result_text(ui, change.record, None, "cs")


async def test_a_person_on_holiday_or_late_is_still_a_person_left(store: GameStore) -> None:
    """A person's seat the table plays for a while (a vacation, a late player's) is not "nobody"."""
    rec = await count_game(store, [ALICE, computer_id("easy", 1), computer_id("hard", 2)])
    away = await store.clocks.set_absent(rec.id, 0, "normal")
    assert away is not None and away.table_plays(0)
    assert not nobody_left(away, away.load_state())
    two = await count_game(store, [ALICE, BOB, computer_id("hard", 2)])
    assert not nobody_left(two, two.load_state())
