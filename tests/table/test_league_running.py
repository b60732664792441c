"""A league's rounds running themselves (issue 47 §1, §3) without Discord: the runner over the store
and the master, its games ended by their own commands, its telling recorded. A season played to
its end with a withdrawal, a round closed by hand, and an opening cut short by a dead process and
finished by another — each table's game made once, each post once. Time is a hand-moved clock."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cogs.leagues.errors import CannotStart, NotInSignup, RoundNotDue
from cogs.leagues.running import LeagueRunner, LeagueView
from cogs.table.core.change import Change
from cogs.table.core.commands import Act, Command
from cogs.table.core.master import Master
from db.league_records import League
from db.store import GameStore
from rules.league.config import Format, LeagueConfig
from rules.league.rounds import Result
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, DAVE, EVE, GUILD, OpenStore
from tests.fakeclock import DAY, FakeClock

T0 = 1_800_000_000.0
FIVE = (ALICE, BOB, CAROL, DAVE, EVE)
ROUND_ROBIN = LeagueConfig(Format.ROUND_ROBIN, 2, (2, 3, 4))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


class Told:
    """The telling as a list of what was told (the Discord side is tested end to end)."""

    def __init__(self) -> None:
        self.changes: list[Change] = []
        self.posts: list[tuple[str, int]] = []

    async def tell(self, change: Change) -> None:
        self.changes.append(change)

    async def pairings(self, view: LeagueView, round_no: int) -> None:
        self.posts.append(("pairings", round_no))

    async def round_over(self, view: LeagueView, round_no: int) -> None:
        self.posts.append(("round_over", round_no))

    async def finished(self, view: LeagueView) -> None:
        self.posts.append(("finished", view.league.current_round))


def runner_on(store: GameStore, clock: FakeClock, told: Told | None = None) -> tuple[LeagueRunner, Told]:
    told = told or Told()
    master = Master(lambda: store, lambda kind: None)

    async def commit(command: Command) -> Change | None:
        return await master.run(command)

    return LeagueRunner(lambda: store, clock, commit, told), told


async def league(store: GameStore, config: LeagueConfig = ROUND_ROBIN, players: tuple[int, ...] = FIVE) -> League:
    made = await store.leagues.create(
        GUILD, CHANNEL, "Winter", "count", {"target": 30}, config.to_json(), 86400, 7, ALICE, language="cs"
    )
    for user in players:
        await store.leagues.join(made.id, user)
    return made


async def resign(runner: LeagueRunner, store: GameStore, game_id: int, user: int) -> None:
    """``user`` resigns the game (its end heard by the runner's listener, as the table would)."""
    rec = await store.games.get(game_id)
    assert rec.engine is not None
    action = rec.engine.parse_action("resign", rec.load_state())
    change = await runner._commit(Act(game_id, rec.players.index(user), action, by_user=user))
    assert change is not None
    await runner.on_change(change)
    await runner.quiet()


async def playing(store: GameStore, league_id: int) -> list[Any]:
    """The current round's tables whose game is still playing."""
    current = (await store.leagues.get(league_id)).current_round
    tables = await store.leagues.tables(league_id, current)
    out = []
    for t in tables:
        if t.game_id is not None and (await store.games.get(t.game_id)).status == "active":
            out.append(t)
    return out


async def test_a_five_player_round_robin_runs_to_its_end_with_a_withdrawal(store: GameStore, clock: FakeClock) -> None:
    runner, told = runner_on(store, clock)
    made = await league(store)
    await runner.start(made.id, ALICE)
    assert (await store.leagues.get(made.id)).current_round == 1
    assert told.posts == [("pairings", 1)]
    assert len(told.changes) == 2, "five players: two games and a bye"
    withdrawn = False
    for _ in range(5):
        tables = await playing(store, made.id)
        if not withdrawn and (await store.leagues.get(made.id)).current_round == 2:
            await runner.withdraw(made.id, EVE, EVE)  # her game of round 2 (if any) is resigned for her
            await runner.quiet()
            withdrawn = True
            tables = await playing(store, made.id)
        for t in tables:
            await resign(runner, store, t.game_id, t.seats[1])  # the second seat resigns: the first wins
    final = await runner.standings_of(made.id)
    assert final.league.status == "finished"
    assert final.league.current_round == 5
    assert [p for p, _ in told.posts] == ["pairings", "round_over"] * 4 + ["pairings", "finished"]
    games = [t.game_id for ts in final.tables for t in ts if t.game_id is not None]
    assert len(games) == len(set(games))
    assert all(r is not None for pr in final.played for r in pr.results)
    eve = next(s for s in final.standings if s.player == EVE)
    assert eve.withdrawn
    later = [t for ts in final.tables[2:] for t in ts if EVE in t.seats]
    assert later and all(t.game_id is None for t in later), "her later games are forfeits, never made"
    assert all(Result.from_json(t.result).forfeited == {EVE} for t in later if not t.bye)
    assert final.standings[0].place == 1


async def test_start_refuses_too_few_players_and_a_second_start(store: GameStore, clock: FakeClock) -> None:
    runner, _ = runner_on(store, clock)
    made = await league(store, players=(ALICE, BOB))
    with pytest.raises(CannotStart) as refused:
        await runner.start(made.id, ALICE)
    assert refused.value.key == "league_run.refused.start.too_few_players"
    assert refused.value.params == {"count": 2, "least": 3}
    assert (await store.leagues.get(made.id)).status == "signup"
    await store.leagues.join(made.id, CAROL)
    await runner.start(made.id, ALICE)
    with pytest.raises(NotInSignup):
        await runner.start(made.id, ALICE)


async def test_closing_a_round_by_hand_scores_unfinished_games_and_ends_them(
    store: GameStore, clock: FakeClock
) -> None:
    runner, told = runner_on(store, clock)
    made = await league(store, players=(ALICE, BOB, CAROL, DAVE))
    await runner.start(made.id, ALICE)
    with pytest.raises(RoundNotDue):
        await runner.close_round(made.id, ALICE)
    first = await playing(store, made.id)
    await resign(runner, store, first[0].game_id, first[0].seats[1])
    clock.advance(days=7)
    await runner.close_round(made.id, ALICE)
    tables = await store.leagues.tables(made.id, 1)
    left = next(t for t in tables if t.key == first[1].key)
    assert Result.from_json(left.result).unfinished
    assert (await store.games.get(first[1].game_id)).status == "cancelled"
    assert (await store.leagues.get(made.id)).current_round == 2
    assert ("round_over", 1) in told.posts and ("pairings", 2) in told.posts


class Killed(Exception):
    """The process dies here."""


async def test_an_opening_cut_short_is_finished_by_another_process_once(
    store: GameStore, open_store: OpenStore, clock: FakeClock
) -> None:
    """Seven players in tables of the toy game's... two: three games and a bye; the first process
    dies after making one game; another finishes the round after the lease, making the other two
    once and posting the pairings once."""
    config = LeagueConfig(Format.SWISS, 2, (2, 3, 4), rounds=3)
    made = await league(store, config, (*FIVE, 106, 107))
    master = Master(lambda: store, lambda kind: None)
    made_games: list[int] = []

    async def dying(command: Command) -> Change | None:
        if made_games:
            raise Killed
        change = await master.run(command)
        assert change is not None
        made_games.append(change.game_id)
        return change

    first = LeagueRunner(lambda: store, clock, dying, Told())
    with pytest.raises(Killed):
        await first.start(made.id, ALICE)
    assert len(await store.leagues.tables_without_game(made.id, 1)) == 2
    other_store = await open_store(clock=clock)
    second, told = runner_on(other_store, clock)
    await second.tick()
    assert told.changes == [], "the first process still holds the opening (its lease)"
    clock.advance(301)
    await second.tick()
    await second.tick()
    tables = await store.leagues.tables(made.id, 1)
    games = [t.game_id for t in tables if not t.bye]
    assert None not in games and len(set(games)) == 3
    assert Counter(c.game_id for c in told.changes) == Counter(g for g in games if g not in made_games)
    assert told.posts == [("pairings", 1)]
    assert (await store.leagues.get_round(made.id, 1)).status == "open"
    clock.advance(DAY)
