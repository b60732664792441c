"""A league moved on by the table's own follow loop (DESIGN §5: listeners return commands): the
runner's listener returns :class:`MoveLeague` for a league game's end, the teller hands it to the
runner after that change was told, and tells the games the move made — never a telling inside the
league's move. A withdrawal resigns the player's game (whose end asks for a move while the
withdrawal is under way) and a round closed by hand cancels games (each end asking again): none of
it waits on itself. Each round's games are told before its pairings (which name their threads).
The real :class:`~cogs.table.teller.Teller` over the store, its showing recorded."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.leagues.posts import PostProgress
from cogs.leagues.running import LeagueRunner
from cogs.leagues.view import LeagueView
from cogs.table.core.change import Change
from cogs.table.core.commands import Act, MoveLeague
from cogs.table.core.master import Master
from cogs.table.core.progress import Progress
from cogs.table.teller import Teller
from db.store import GameStore
from tests.db_fixtures import ALICE, BOB, CAROL, DAVE, EVE
from tests.fakeclock import FakeClock
from tests.table.test_league_running import T0, Told, league

SAFETY = 30.0
"""Seconds before a move waiting on itself is called a deadlock (it never ends otherwise)."""


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


class Shown:
    """The table's showing of a change (its thread, posts and DMs), recorded."""

    def __init__(self, told: Told) -> None:
        self.told = told

    async def show(self, change: Change, interaction: Any, progress: Progress) -> None:
        self.told.changes.append(change)

    async def close_ended(self, change: Change) -> None:
        pass


class InOrder(Told):
    """Pairings only after every game of the round was shown."""

    async def pairings(self, view: LeagueView, round_no: int, progress: PostProgress) -> None:
        games = {t.game_id for t in view.tables[round_no - 1] if t.game_id is not None}
        shown = {c.game_id for c in self.changes}
        assert games <= shown, f"round {round_no}'s pairings before its games were told: {games - shown}"
        await super().pairings(view, round_no, progress)


def table_of(store: GameStore, clock: FakeClock) -> tuple[Teller, LeagueRunner, Told]:
    """The teller and the league runner wired as ``cogs/table/table.py`` wires them."""
    told = InOrder()
    teller = Teller(Master(lambda: store, lambda kind: None), lambda: store, Shown(told), shards=None)  # type: ignore[arg-type]
    runner = LeagueRunner(lambda: store, clock, teller.commit, teller.follow, told)
    teller.listeners.add(runner.on_change)
    teller.move_league = runner.move
    return teller, runner, told


async def resign(teller: Teller, store: GameStore, game_id: int, user: int) -> None:
    """``user`` resigns, as the table commits and tells a player's decision."""
    rec = await store.games.get(game_id)
    assert rec.engine is not None
    action = rec.engine.parse_action("resign", rec.load_state())
    await teller.tell(await teller.commit(Act(game_id, rec.players.index(user), action, by_user=user)))


async def playing(store: GameStore, league_id: int) -> list[Any]:
    current = (await store.leagues.get(league_id)).current_round
    return [
        t
        for t in await store.leagues.tables(league_id, current)
        if t.game_id is not None and (await store.games.get(t.game_id)).status == "active"
    ]


async def test_a_games_end_returns_the_leagues_move_and_nothing_moves_before_it_is_followed(
    store: GameStore, clock: FakeClock
) -> None:
    teller, runner, told = table_of(store, clock)
    made = await league(store, players=(ALICE, BOB, CAROL, DAVE))
    await runner.start(made.id, ALICE)
    first, second = await playing(store, made.id)
    rec = await store.games.get(first.game_id)
    assert rec.engine is not None
    loser = first.seats[1]
    change = await teller.commit(
        Act(rec.id, rec.players.index(loser), rec.engine.parse_action("resign", rec.load_state()), by_user=loser)
    )
    assert await runner.on_change(change) == [MoveLeague(made.id)], "the listener returns the league's move"
    assert (await store.leagues.tables(made.id, 1))[first.table_no - 1].result is not None, "its result recorded"
    await asyncio.sleep(0)
    assert (await store.leagues.get(made.id)).current_round == 1 and told.posts == [("pairings", 1)]
    await resign(teller, store, second.game_id, second.seats[1])
    assert (await store.leagues.get(made.id)).current_round == 2, "the round's last game ended: the next opened"
    assert told.posts == [("pairings", 1), ("round_over", 1), ("pairings", 2)]


async def test_withdrawals_and_a_round_closed_by_hand_move_the_league_through_the_follow_loop(
    store: GameStore, clock: FakeClock
) -> None:
    """Five players, a round robin: a withdrawal in round 1 (their game resigned for them, its end
    asking for a move while the withdrawal is told), round 2 closed by hand (its games cancelled,
    each asking again), the rest played out — to the final post, each post once, in order."""
    teller, runner, told = table_of(store, clock)
    made = await league(store)
    async with asyncio.timeout(SAFETY):
        await runner.start(made.id, ALICE)
        gone = next(u for t in await playing(store, made.id) for u in t.seats)
        await runner.withdraw(made.id, gone, ALICE)
        assert told.posts[-1] == (f"withdrew:{gone}", 1)
        for t in await playing(store, made.id):
            await resign(teller, store, t.game_id, t.seats[1])
        assert (await store.leagues.get(made.id)).current_round == 2
        clock.advance(days=7)
        await runner.close_round(made.id, ALICE)
        assert (await store.leagues.get(made.id)).current_round == 3
        while (await store.leagues.get(made.id)).status == "running":
            for t in await playing(store, made.id):
                await resign(teller, store, t.game_id, t.seats[1])
        await teller.quiet()
    rounds = (await store.leagues.get(made.id)).current_round
    kinds = [p for p, _ in told.posts]
    assert kinds == ["pairings", f"withdrew:{gone}", *(["round_over", "pairings"] * (rounds - 1)), "finished"], (
        told.posts
    )
    cancelled = [t.game_id for t in await store.leagues.tables(made.id, 2) if t.game_id is not None]
    assert [(await store.games.get(g)).status for g in cancelled] == ["cancelled"] * len(cancelled) != []
    assert len({c.game_id for c in told.changes if c.kind == "start"}) == len(
        {t.game_id for t in await store.leagues.tables(made.id) if t.game_id is not None}
    ), "every game made was told"
    assert EVE in {p.user_id for p in (await runner.standings_of(made.id)).players}


class FailsOnce(Shown):
    """A showing that fails for the first game started (Discord refused its thread, say)."""

    def __init__(self, told: Told) -> None:
        super().__init__(told)
        self.failed = False

    async def show(self, change: Change, interaction: Any, progress: Progress) -> None:
        if change.kind == "start" and not self.failed:
            self.failed = True
            raise RuntimeError("the thread could not be made")
        await super().show(change, interaction, progress)


async def test_a_game_told_by_the_catch_up_brings_its_rounds_pairings_at_once(
    store: GameStore, clock: FakeClock
) -> None:
    """A round's pairings wait until each of its games was told (they name the threads); when a
    game's telling failed, the catch-up that tells it moves the league on: the pairings follow at
    once, not at the next poll an hour later."""
    teller, runner, told = table_of(store, clock)
    teller.shows = FailsOnce(told)  # type: ignore[assignment]
    made = await league(store, players=(ALICE, BOB, CAROL, DAVE))
    async with asyncio.timeout(SAFETY):
        await runner.start(made.id, ALICE)
        assert told.posts == [], "a game of the round is untold: no pairings yet"
        await teller.catch_up(float("inf"))
        await teller.quiet()
    assert told.posts == [("pairings", 1)], told.posts
