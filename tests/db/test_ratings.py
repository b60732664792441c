"""Ratings, records and pace in the store (issue 20 §1; db/ratings.py): the ranking an outcome
gives, a finished game rated exactly once, games rated in the order they ended whatever order they
are told in, the ratings from scratch equal to the incremental ones, leaderboards, records, a solo
player's best against the automa, and the pace."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from db import ratings
from db.ratings import Ended, Rating, ranking, seat_results, settle
from db.records import computer_id
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests import kinds
from tests.fakeclock import HOUR, FakeClock
from tests.toygame import Add

GUILD, OTHER = 1000, 2000
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def finished(store: GameStore, players: tuple[int, ...], outcome: Outcome, guild: int | None = GUILD) -> int:
    rec = await store.games.create("count", list(players), {"target": 50}, 7, guild, 11, players[0])
    await store.games.finish(rec.id, outcome)
    return rec.id


def win(*seats: int, ending: Ending = Ending.NORMAL, scores: tuple[int, ...] | None = None) -> Outcome:
    return Outcome(winners=seats, ending=ending, scores=scores)


# -- the ranking -------------------------------------------------------------------------------------


def test_the_winner_first_then_by_score_ties_shared_resigned_last() -> None:
    outcome = Outcome(winners=(2,), ending=Ending.NORMAL, scores=(10, 7, 12, 10))
    assert ranking(outcome, 4) == (1, 2, 0, 1), "equal scores tie"
    assert ranking(outcome, 4, resigned=(0,)) == (3, 2, 0, 1), "a resigned player ranks below those who played on"
    assert ranking(Outcome(winners=(), ending=Ending.AGREED_DRAW, draw=True), 2) == (0, 0)
    assert ranking(win(1, ending=Ending.RESIGNED), 2) == (1, 0)
    assert ranking(Outcome(winners=(0, 1), ending=Ending.NORMAL, scores=(5, 5, 3)), 3) == (0, 0, 1)


def test_results_resign_and_timeout_are_losses() -> None:
    def game(outcome: Outcome, players: tuple[int, ...] = (ALICE, BOB), resigned: tuple[int, ...] = ()) -> Ended:
        return Ended(1, GUILD, "count", players, outcome, {}, resigned, 0.0)

    timeout = seat_results(game(win(0, ending=Ending.TIMEOUT)))
    assert [(r.result, r.timed_out) for r in timeout] == [("win", False), ("loss", True)]
    assert [r.result for r in seat_results(game(win(1, ending=Ending.RESIGNED)))] == ["loss", "win"]
    draw = Outcome(winners=(), ending=Ending.AGREED_DRAW, draw=True)
    assert [r.result for r in seat_results(game(draw))] == ["draw", "draw"]
    solo = Outcome(winners=(), ending=Ending.NORMAL, scores=(40,), automa_score=55)
    (alone,) = seat_results(Ended(1, GUILD, "stroganov", (ALICE,), solo, {"difficulty": "hard"}, (), 0.0))
    assert (alone.result, alone.score, alone.solo) == ("loss", 40, "hard")
    assert not Ended(1, GUILD, "stroganov", (ALICE,), solo, {}, (), 0.0).rated
    assert not Ended(1, GUILD, "count", (ALICE, ALICE), win(0), {}, (), 0.0).rated
    assert not Ended(1, None, "count", (ALICE, BOB), win(0), {}, (), 0.0).rated


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    game = Ended(1, GUILD, "count", (ALICE, BOB), win(0), {}, (), 0.0)
    a, b = settle(game, [Rating(), Rating()])
    assert a.mu > Rating().mu > b.mu and a.sigma < Rating().sigma
    assert (a.games, a.wins, b.losses) == (1, 1, 1)
    assert Rating().shown == 1000 and Rating().provisional
    assert a.shown > b.shown


# -- once, in order, from scratch --------------------------------------------------------------------


async def test_a_game_is_rated_once_however_often_it_is_told(store: GameStore) -> None:
    game = await finished(store, (ALICE, BOB), win(0))
    assert await store.ratings.rate(game) == 1
    first = await store.ratings.stored()
    assert await store.ratings.rate(game) == 0
    assert await store.ratings.rate_unrated() == 0
    assert await store.ratings.stored() == first
    assert first[(GUILD, "count", ALICE)].games == 1 and first[(GUILD, "count", BOB)].losses == 1


async def test_cancelled_expired_and_running_games_are_not_rated(store: GameStore) -> None:
    running = await store.games.create("count", [ALICE, BOB], {"target": 50}, 7, GUILD, 11, ALICE)
    cancelled = await store.games.create("count", [ALICE, BOB], {"target": 50}, 7, GUILD, 11, ALICE)
    await store.games.cancel(cancelled.id, ALICE)
    lobby = await store.lobbies.create("count", ALICE, {"target": 50}, GUILD, 11)
    await store.games.expire(lobby.id)
    for game in (running.id, cancelled.id, lobby.id):
        assert await store.ratings.rate(game) == 0
    assert await store.ratings.rate_unrated() == 0
    assert await store.ratings.stored() == {}
    assert await store.ratings.records(GUILD, ALICE) == []


async def test_a_game_told_late_is_rated_in_the_order_games_ended(store: GameStore, clock: FakeClock) -> None:
    """Game 1 ends, then game 2; game 2's ending is told first: game 1 is applied before it, so
    the numbers are those of the order they ended — the same as from scratch."""
    one = await finished(store, (ALICE, BOB), win(0))
    clock.advance(hours=1)
    two = await finished(store, (BOB, CAROL), win(0))
    assert await store.ratings.rate(two) == 2
    assert await store.ratings.rate(one) == 0
    assert await store.ratings.stored() == await store.ratings.recompute()


async def test_recomputing_every_rating_gives_the_incremental_numbers(store: GameStore, clock: FakeClock) -> None:
    rnd = random.Random(20)
    people = (ALICE, BOB, CAROL, DAVE)
    for n in range(40):
        players = tuple(rnd.sample(people, rnd.choice((2, 3, 4))))
        scores = tuple(rnd.randrange(5) for _ in players)
        best = max(scores)
        outcome = rnd.choice(
            (
                Outcome(tuple(s for s, v in enumerate(scores) if v == best), Ending.NORMAL, scores=scores),
                Outcome((), Ending.AGREED_DRAW, draw=True),
                win(rnd.randrange(len(players)), ending=Ending.TIMEOUT),
            )
        )
        game = await finished(store, players, outcome, guild=rnd.choice((GUILD, OTHER)))
        clock.advance(hours=rnd.random())
        if n % 3:
            await store.ratings.rate(game)  # a third is left to the start-up sweep
    await store.ratings.rate_unrated()
    incremental = await store.ratings.stored()
    assert incremental == await store.ratings.recompute()
    assert len({k[0] for k in incremental}) == 2, "one rating per server"
    assert await store.ratings.rebuild() == 40
    assert await store.ratings.stored() == incremental


async def test_games_that_ended_before_ratings_existed_are_rated_at_start_up(store: GameStore) -> None:
    game = await finished(store, (ALICE, BOB), win(1))
    assert await store.ratings.rate_unrated() == 1
    assert (await store.ratings.stored())[(GUILD, "count", BOB)].wins == 1
    assert await store.ratings.rate(game) == 0


async def test_the_start_up_sweep_rates_in_batches(
    store: GameStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from db.repos import ratings as ratings_repo

    monkeypatch.setattr(ratings_repo, "RATE_BATCH", 3)
    for _ in range(7):
        await finished(store, (ALICE, BOB), win(0))
        clock.advance(60)
    assert await store.ratings.rate_unrated() == 7
    assert (await store.ratings.stored())[(GUILD, "count", ALICE)].wins == 7
    assert await store.ratings.stored() == await store.ratings.recompute()


# -- reading -----------------------------------------------------------------------------------------


async def test_the_leaderboard_is_per_server_and_kind_best_first(store: GameStore, clock: FakeClock) -> None:
    for _ in range(3):
        await store.ratings.rate(await finished(store, (ALICE, BOB), win(0)))
        await store.ratings.rate(await finished(store, (BOB, CAROL), win(0)))
        clock.advance(hours=1)
    await store.ratings.rate(await finished(store, (DAVE, CAROL), win(0), guild=OTHER))
    board, total = await store.ratings.leaderboard(GUILD, "count", 0, 10)
    assert total == 3 and [s.user_id for s in board] == [ALICE, BOB, CAROL]
    assert [s.place for s in board] == [1, 2, 3] and board[0].rating.wins == 3
    page, _ = await store.ratings.leaderboard(GUILD, "count", 2, 2)
    assert [(s.place, s.user_id) for s in page] == [(3, CAROL)]
    assert (await store.ratings.leaderboard(GUILD, kinds.NAMES[0], 0, 10)) == ([], 0), "a game nobody played here"
    assert [s.user_id for s in (await store.ratings.leaderboard(OTHER, "count", 0, 10))[0]] == [DAVE, CAROL]


async def test_a_record_counts_wins_losses_draws_and_the_trend(store: GameStore, clock: FakeClock) -> None:
    await store.ratings.rate(await finished(store, (ALICE, BOB), win(0)))
    clock.advance(hours=1)
    await store.ratings.rate(await finished(store, (ALICE, BOB), Outcome((), Ending.AGREED_DRAW, draw=True)))
    clock.advance(hours=1)
    await store.ratings.rate(await finished(store, (ALICE, BOB), win(0, ending=Ending.TIMEOUT)))
    (record,) = await store.ratings.records(GUILD, BOB)
    assert (record.kind, record.played, record.won, record.lost, record.drawn) == ("count", 3, 0, 2, 1)
    assert record.rating is not None and record.rating.games == 3
    assert len(record.trend) == 3 and record.trend[-1][1] == record.rating.shown
    pace = (await store.ratings.paces(GUILD, [BOB]))[BOB]
    assert (pace.finished, pace.timeouts) == (3, 1) and pace.on_time == pytest.approx(2 / 3)
    assert await store.ratings.records(OTHER, BOB) == []


async def test_solo_games_keep_a_best_score_per_difficulty_and_move_no_rating(tmp_path: Path) -> None:
    from cogs.games import ENGINES

    clock = FakeClock()
    store = await GameStore.open(tmp_path / "solo.db", games=ENGINES, clock=clock)
    try:
        for difficulty, mine, ivan in (("easy", 30, 20), ("easy", 45, 50), ("hard", 25, 40)):
            rec = await store.games.create("stroganov", [ALICE], {"difficulty": difficulty}, 3, GUILD, 11, ALICE)
            winners = (0,) if mine > ivan else ()
            await store.games.finish(rec.id, Outcome(winners, Ending.NORMAL, scores=(mine,), automa_score=ivan))
            await store.ratings.rate(rec.id)
        (record,) = await store.ratings.records(GUILD, ALICE)
        assert record.rating is None and (record.played, record.won, record.lost) == (3, 1, 2)
        assert record.bests == (("easy", 45), ("hard", 25))
        assert await store.ratings.stored() == {}
    finally:
        await store.close()


async def test_the_pace_is_the_median_time_from_waiting_to_the_first_move(store: GameStore, clock: FakeClock) -> None:
    rec = await store.games.create("count", [ALICE, BOB], {"target": 1000}, 7, GUILD, 11, ALICE)
    waits = {ALICE: [], BOB: []}  # type: dict[int, list[float]]
    version = rec.version
    for n in range(6):
        current = await store.games.get(rec.id)
        seat = current.load_state().turn
        took = (n + 1) * HOUR
        clock.advance(took)
        waits[current.players[seat]].append(took)
        version = (await store.games.append(rec.id, version, seat, Add(1))).version
    paces = await store.ratings.paces(GUILD, [ALICE, BOB, CAROL])
    for user in (ALICE, BOB):
        assert paces[user].median == pytest.approx(sorted(waits[user])[1]) and paces[user].turns == 3
        assert paces[user].on_time is None, "no finished game yet"
    assert paces[CAROL].new and not paces[ALICE].new
    assert (await store.ratings.paces(OTHER, [ALICE]))[ALICE].new, "another server's games say nothing here"


async def test_a_game_with_a_computer_moves_no_rating_and_no_record(store: GameStore) -> None:
    """Issue 46: ratings stay human — a game with a computer seat rates nobody and does not count in
    the record against people (it is applied once all the same)."""
    computer = computer_id("hard", 1)
    game = await finished(store, (ALICE, computer), win(0))
    assert await store.ratings.rate(game) == 1 and await store.ratings.rate(game) == 0
    assert await store.ratings.stored() == {}
    assert await store.ratings.records(GUILD, ALICE) == []
    assert Ended(1, GUILD, "count", (ALICE, BOB), win(0), {}, (), 0.0).rated
    assert not Ended(1, GUILD, "count", (ALICE, computer), win(0), {}, (), 0.0).rated


def test_shown_is_conservative_and_familiar() -> None:
    assert ratings.shown(25.0, 25 / 3) == 1000
    assert ratings.shown(30.0, 2.0) == 1000 + 40 * 24


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_trend_chart_is_readable_on_a_phone(locale: str) -> None:
    """Issue 19 §4: shown 400 px wide, its smallest text is at least 9 px."""
    import io

    from PIL import Image

    from cogs.table.ratings import chart_files
    from render import fonts
    from render import ratings as chart
    from render.ratings import Trend

    fonts.clear_caches(fonts, chart)
    trends = [Trend("Stratego", (1000, 1040, 1010, 1090), 1090, False, 3), Trend("Shitenno", (1000, 980), 980, True, 1)]
    with fonts.text_sizes() as sizes:
        (file,) = chart_files("a player with a rather long display name indeed", trends, locale, "stats.png")
    width = Image.open(io.BytesIO(file.data)).width
    assert sizes and min(sizes) * 400 / width >= 9
