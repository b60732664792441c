"""A player's record against the computers (issue 46 §1; db/ratings.py, migration 0019): games with
a computer seat rate nobody, but each person's seat gets a result against each computer level in the
game, written once with the game's ``rated_games`` row, rebuilt with the ratings; computers are no
company for the pace."""

from __future__ import annotations

import pytest

from db.ratings import ComputerRecord, ComputerResult, Ended, computer_results
from db.records import computer_id
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db.test_ratings import ALICE, BOB, CAROL, GUILD, OTHER, finished, win
from tests.db_fixtures import Raw
from tests.fakeclock import FakeClock
from tests.toygame import Add

EASY, NORMAL = computer_id("easy", 1), computer_id("normal", 1)
HARD, HARD_2 = computer_id("hard", 1), computer_id("hard", 2)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def ended(players: tuple[int, ...], outcome: Outcome, resigned: tuple[int, ...] = ()) -> Ended:
    return Ended(1, GUILD, "count", players, outcome, {}, resigned, 0.0)


def test_against_one_computer_the_games_result() -> None:
    assert computer_results(ended((ALICE, HARD), win(0))) == [ComputerResult(0, ALICE, "hard", "win")]
    assert computer_results(ended((HARD, ALICE), win(0, ending=Ending.TIMEOUT))) == [
        ComputerResult(1, ALICE, "hard", "loss")
    ]
    draw = Outcome((), Ending.AGREED_DRAW, draw=True)
    assert computer_results(ended((ALICE, EASY), draw)) == [ComputerResult(0, ALICE, "easy", "draw")]
    assert computer_results(ended((ALICE, BOB), win(0))) == [], "no computer: nothing against one"


def test_against_several_each_level_by_the_places() -> None:
    """Four seats, scores 9 (Bob), 7 (easy), 7 (Alice), 5 (hard), 4 (another hard): Alice ties the
    easy computer and beats both hard ones; Bob beats them all; a person who resigned loses to all."""
    outcome = Outcome((0,), Ending.NORMAL, scores=(9, 7, 7, 5, 4, 8))
    game = ended((BOB, EASY, ALICE, HARD, HARD_2, CAROL), outcome, resigned=(5,))
    assert computer_results(game) == [
        ComputerResult(0, BOB, "easy", "win"),
        ComputerResult(0, BOB, "hard", "win"),
        ComputerResult(2, ALICE, "easy", "draw"),
        ComputerResult(2, ALICE, "hard", "win"),
        ComputerResult(5, CAROL, "easy", "loss"),
        ComputerResult(5, CAROL, "hard", "loss"),
    ]


async def test_a_game_against_the_computer_is_recorded_once_and_rated_never(store: GameStore, raw: Raw) -> None:
    game = await finished(store, (ALICE, HARD), win(0))
    assert await store.ratings.rate(game) == 1 and await store.ratings.rate(game) == 0
    assert await store.ratings.rate_unrated() == 0
    assert await store.ratings.stored() == {} and await store.ratings.records(GUILD, ALICE) == []
    rows = raw("SELECT game_id, seat, level, user_id, guild_id, kind, result FROM computer_results")
    assert [tuple(r) for r in rows] == [(game, 0, "hard", ALICE, GUILD, "count", "win")]
    assert await store.ratings.computer_records(GUILD, ALICE) == [ComputerRecord("count", "hard", 1, 1, 0, 0)]
    assert await store.ratings.computer_records(GUILD, HARD) == [], "a computer has no record"
    assert await store.ratings.computer_records(OTHER, ALICE) == [], "another server's games say nothing here"


async def test_the_record_per_level_counts_wins_draws_losses_and_the_rebuild_keeps_it(
    store: GameStore, clock: FakeClock
) -> None:
    draw = Outcome((), Ending.AGREED_DRAW, draw=True)
    for players, outcome in (
        ((ALICE, HARD), win(0)),
        ((HARD, ALICE), win(0)),
        ((ALICE, HARD), draw),
        ((ALICE, EASY), win(0, ending=Ending.RESIGNED)),
        ((NORMAL, ALICE), win(1)),
        ((ALICE, BOB), win(1)),
    ):
        await store.ratings.rate(await finished(store, players, outcome))
        clock.advance(hours=1)
    await store.ratings.rate(await finished(store, (ALICE, HARD), win(1), guild=None))
    expected = [
        ComputerRecord("count", "easy", 1, 1, 0, 0),
        ComputerRecord("count", "normal", 1, 1, 0, 0),
        ComputerRecord("count", "hard", 3, 1, 1, 1),
    ]
    assert await store.ratings.computer_records(GUILD, ALICE) == expected
    (record,) = await store.ratings.records(GUILD, ALICE)
    assert record.played == 1, "the record against people counts no game with a computer"
    assert await store.ratings.rebuild() == 7
    assert await store.ratings.computer_records(GUILD, ALICE) == expected, "rebuilt: the same, not twice"


async def test_the_pace_counts_games_with_people_only(store: GameStore, clock: FakeClock) -> None:
    """A turn against a computer says nothing of how long Alice keeps people waiting."""
    for opponent, wait in ((HARD, 60.0), (BOB, 7200.0)):
        rec = await store.games.create("count", [opponent, ALICE], {"target": 50}, 7, GUILD, 11, ALICE)
        assert rec.load_state().turn == 1, "the seed lets Alice begin"
        clock.advance(wait)
        await store.games.append(rec.id, rec.version, 1, Add(1))
    pace = (await store.ratings.paces(GUILD, [ALICE]))[ALICE]
    assert pace.turns == 1 and pace.median == 7200.0
