"""A league's rounds running themselves (issue 47 §1, §3) without Discord: the runner over the store
and the master, its games ended by their own commands, its telling recorded. A season played to
its end with a withdrawal, a round closed by hand, and an opening cut short by a dead process and
finished by another — each table's game made once, each post once. Time is a hand-moved clock."""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest

from cogs.leagues.errors import CannotStart, NotInSignup, RoundNotDue
from cogs.leagues.posts import PostProgress
from cogs.leagues.running import LeagueRunner, game_result
from cogs.leagues.view import LeagueView
from cogs.table.core.change import Change
from cogs.table.core.commands import Act, Cancel, Command, Finish, FollowUp, MoveLeague
from cogs.table.core.master import Master
from db.league_records import League
from db.records import Shards
from db.store import GameStore
from rules.league.config import Format, LeagueConfig
from rules.league.rounds import Result
from rules.protocol import Ending, Outcome
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, DAVE, EVE, GUILD, OpenStore
from tests.fakeclock import DAY, FakeClock

T0 = 1_800_000_000.0
FIVE = (ALICE, BOB, CAROL, DAVE, EVE)
ROUND_ROBIN = LeagueConfig(Format.ROUND_ROBIN, 2, (2, 3, 4))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


class Channel:
    """Where the pieces of the league's posts land, shared by the tellers of one test (a process and
    the one after it): a piece sent again with its nonce is the message already made, as Discord
    answers a repeat with ``enforce_nonce``."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []
        self.nonces: set[int] = set()
        self.sends = 0

    def send(self, progress: PostProgress, step: str) -> None:
        self.sends += 1
        nonce = progress.nonce(step)
        if nonce not in self.nonces:
            self.nonces.add(nonce)
            self.messages.append((progress.post, step))


class Died(BaseException):
    """The process dies here (nothing after it runs: no ``except Exception`` catches it)."""


class Told:
    """The telling as a list of what was told (the Discord side is tested end to end): each post as
    its pieces (its messages, its players' DMs, the sign-up post's closing) sent to ``channel`` and
    written down one by one, and ``posts`` the posts this teller finished. ``lives``: pieces it
    sends before its process dies — after sending the next, before writing it down."""

    def __init__(self, channel: Channel | None = None, lives: int | None = None) -> None:
        self.changes: list[Change] = []
        self.posts: list[tuple[str, int]] = []
        self.started_ids: list[int] = []
        self.heard = asyncio.Event()
        self.channel = channel or Channel()
        self.lives = lives

    async def _pieces(self, progress: PostProgress, steps: list[str]) -> None:
        for step in steps:
            if progress.made(step):
                continue
            self.channel.send(progress, step)
            if self.lives is not None:
                if self.lives == 0:
                    raise Died
                self.lives -= 1
            await progress.mark(step)

    async def heard_post(self, post: tuple[str, int]) -> None:
        """Until ``post`` was told (by the runner's own poll task; no sleep: each post wakes this)."""
        async with asyncio.timeout(30):  # a safety net only: the fake clock moved, the poll runs at once
            while post not in self.posts:
                self.heard.clear()
                await self.heard.wait()

    async def tell(self, change: Change) -> None:
        self.changes.append(change)

    async def started(self, league_id: int) -> None:
        self.started_ids.append(league_id)

    async def pairings(self, view: LeagueView, round_no: int, progress: PostProgress) -> None:
        players = [u for t in view.tables[round_no - 1] for u in t.seats if u not in view.withdrawn]
        await self._pieces(progress, ["post:1", *(f"dm:{u}" for u in players), *(["signup"] if round_no == 1 else [])])
        self.posts.append(("pairings", round_no))
        self.heard.set()

    async def round_over(self, view: LeagueView, round_no: int, progress: PostProgress) -> None:
        await self._pieces(progress, ["post:1", "post:2"])
        self.posts.append(("round_over", round_no))

    async def finished(self, view: LeagueView, progress: PostProgress) -> None:
        await self._pieces(progress, ["post:1", "post:2"])
        self.posts.append(("finished", view.league.current_round))

    async def withdrew(self, view: LeagueView, user_id: int, by_user: int, progress: PostProgress) -> None:
        await self._pieces(progress, ["post:1"])
        self.posts.append((f"withdrew:{user_id}", view.league.current_round))

    async def round_due(self, view: LeagueView, round_no: int, unfinished: int, progress: PostProgress) -> None:
        await self._pieces(progress, ["post"])
        self.posts.append((f"due:{unfinished}", round_no))
        self.heard.set()


async def follow(runner: LeagueRunner, told: Told, items: Sequence[Change | FollowUp]) -> None:
    """The table's follow loop as a league needs it (``cogs/table/teller.py``): each change told
    (recorded) and heard by the runner's listener, a game's command run by the master, a league's
    move handed to the runner — in order, what each asks for after it."""
    queue = deque(items)
    while queue:
        item = queue.popleft()
        if isinstance(item, MoveLeague):
            queue.extend(await runner.move(item))
            continue
        change = item if isinstance(item, Change) else await runner._commit(item)
        if change is not None:
            await told.tell(change)
            await runner.store.outbox.told(change.game_id, change.version)
            queue.extend(await runner.on_change(change))


def runner_on(
    store: GameStore,
    clock: FakeClock,
    told: Told | None = None,
    commit: Callable[[Command], Awaitable[Change | None]] | None = None,
    shards: Shards | None = None,
) -> tuple[LeagueRunner, Told]:
    told = told or Told()
    master = Master(lambda: store, lambda kind: None)

    async def run(command: Command) -> Change | None:
        return await master.run(command)

    def followed(items: Sequence[Change | FollowUp]) -> Awaitable[None]:
        return follow(runner, told, items)

    runner = LeagueRunner(lambda: store, clock, commit or run, followed, told, shards=shards)
    return runner, told


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
    await runner.follow([change])


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
            withdrawn = True
            tables = await playing(store, made.id)
        for t in tables:
            await resign(runner, store, t.game_id, t.seats[1])  # the second seat resigns: the first wins
    final = await runner.standings_of(made.id)
    assert final.league.status == "finished"
    assert final.league.current_round == 5
    rounds = ["pairings", "round_over"] * 4 + ["pairings", "finished"]
    assert [p for p, _ in told.posts] == [*rounds[:3], f"withdrew:{EVE}", *rounds[3:]], "her withdrawal told once"
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
    once and posting the pairings once — after the catch-up told the first game too."""
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

    first, _ = runner_on(store, clock, commit=dying)
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
    assert told.posts == [], "the pairings name every game's thread: they wait for the dead process's game"
    (left,) = made_games
    await other_store.outbox.told(left, (await store.games.get(left)).version)  # the catch-up told it
    await second.tick()
    assert told.posts == [("pairings", 1)]
    assert (await store.leagues.get_round(made.id, 1)).status == "open"
    clock.advance(DAY)


async def test_a_league_starts_on_its_date_by_the_poll_only_on_its_shard(store: GameStore, clock: FakeClock) -> None:
    """The poll starts a league whose date came, in the process serving its server only."""
    made = await store.leagues.create(
        GUILD, CHANNEL, "Autumn", "count", {"target": 30}, ROUND_ROBIN.to_json(), 86400, 7, ALICE,
        starts_at=T0 + DAY,
    )  # fmt: skip
    for user in (ALICE, BOB, CAROL):
        await store.leagues.join(made.id, user)
    here, told = runner_on(store, clock)
    ours = Shards(2, (0,)).of(GUILD)
    elsewhere, _ = runner_on(store, clock, shards=Shards(2, (1 - ours,)))
    await here.tick()
    assert (await store.leagues.get(made.id)).status == "signup", "not yet its date"
    clock.advance(days=1)
    await elsewhere.tick()
    assert (await store.leagues.get(made.id)).status == "signup", "another process's server"
    here.shards = Shards(2, (ours,))
    await here.tick()
    assert (await store.leagues.get(made.id)).status == "running"
    assert told.posts == [("pairings", 1)]
    assert told.started_ids == [made.id], "its sign-up post is told it started (and loses its buttons)"


async def test_the_poll_starts_a_league_on_its_date_and_tells_its_deadline_when_it_passes(
    store: GameStore, clock: FakeClock
) -> None:
    """The poll sleeps on the replaceable clock until the next start date or deadline in the store,
    not an hour: a league whose date is a minute away starts when the clock reaches it, and its
    round's deadline is told when the clock passes it (nobody calls ``tick`` here)."""
    runner, told = runner_on(store, clock)
    await runner.caught_up()
    try:
        made = await store.leagues.create(
            GUILD, CHANNEL, "Dawn", "count", {"target": 30}, ROUND_ROBIN.to_json(), 86400, 7, ALICE,
            starts_at=T0 + 60,
        )  # fmt: skip
        for user in (ALICE, BOB, CAROL, DAVE):
            await store.leagues.join(made.id, user)
        runner.poke()  # as /league new does
        clock.advance(59)
        assert (await store.leagues.get(made.id)).status == "signup"
        clock.advance(1)
        await told.heard_post(("pairings", 1))
        assert (await store.leagues.get(made.id)).status == "running"
        assert told.started_ids == [made.id]
        deadline = (await store.leagues.get_round(made.id, 1)).deadline
        clock.advance(deadline - clock() - 1)
        assert told.posts == [("pairings", 1)]
        clock.advance(1)
        await told.heard_post(("due:2", 1))
    finally:
        await runner.stop()


@pytest.mark.parametrize(
    ("outcome", "forfeited", "expected"),
    [
        (Outcome((1,), Ending.NORMAL, scores=(5, 9, 7)), (), Result.ranked([BOB], [CAROL], [ALICE])),
        (Outcome((), Ending.AGREED_DRAW, draw=True), (), Result.ranked([ALICE, BOB, CAROL])),
        (Outcome((0,), Ending.NORMAL), (), Result.ranked([ALICE], [BOB, CAROL])),
        (Outcome((0,), Ending.RESIGNED, scores=(1, 2, 3)), (CAROL,), Result.ranked([ALICE], [BOB], forfeited=[CAROL])),
        (None, (), Result.closed_unfinished()),
        (None, (BOB,), Result.closed_unfinished([BOB])),
    ],
)
async def test_a_games_end_is_its_tables_result(
    store: GameStore, clock: FakeClock, outcome: Outcome | None, forfeited: tuple[int, ...], expected: Result
) -> None:
    """Places from the outcome as the ratings rank them (winners, then by score); a cancelled game
    is unfinished; players who withdrew are forfeited below everyone."""
    master = Master(lambda: store, lambda kind: None)
    rec = await store.games.create("count", [ALICE, BOB, CAROL], {"target": 30}, 7, GUILD, CHANNEL, ALICE)
    if outcome is None:
        ended = (await master.run(Cancel(rec.id, ALICE))).record
    else:
        ended = (await master.run(Finish(rec.id, outcome, rec.version))).record
    assert game_result(ended, frozenset(forfeited)) == expected


async def test_a_round_past_its_deadline_is_told_once_to_its_organizer(store: GameStore, clock: FakeClock) -> None:
    runner, told = runner_on(store, clock)
    made = await league(store, players=(ALICE, BOB, CAROL, DAVE))
    await runner.start(made.id, ALICE)
    first = await playing(store, made.id)
    await resign(runner, store, first[0].game_id, first[0].seats[1])
    await runner.tick()
    clock.advance(days=7)
    await runner.tick()
    await runner.tick()
    assert told.posts == [("pairings", 1), ("due:1", 1)]
    other, told_there = runner_on(store, clock)
    await other.tick()
    assert told_there.posts == [], "another process (or a restart) tells it no more"


async def test_a_player_withdrawn_from_a_table_is_forfeited_and_left_out_of_the_next_round(
    store: GameStore, clock: FakeClock
) -> None:
    """Six at tables of three: one withdraws during round 1 — the table plays on without them
    (their seat resigned), its result puts them forfeited below the others; round 2 seats the
    five still in."""
    runner, _ = runner_on(store, clock)
    config = LeagueConfig(Format.SWISS, 3, (2, 3, 4), rounds=2)
    made = await league(store, config, (*FIVE, 106))
    await runner.start(made.id, ALICE)
    tables = await playing(store, made.id)
    assert sorted(len(t.seats) for t in tables) == [3, 3]
    gone = tables[0].seats[0]
    await runner.withdraw(made.id, gone, gone)
    assert (await store.games.get(tables[0].game_id)).status == "active", "the others play on"
    for t in await playing(store, made.id):
        seats = [u for u in t.seats if u != gone]
        await resign(runner, store, t.game_id, seats[-1])
        if (await store.games.get(t.game_id)).status == "active":
            await resign(runner, store, t.game_id, seats[-2])
    first = Result.from_json((await store.leagues.tables(made.id, 1))[0].result)
    assert first.forfeited == {gone} and gone not in first.players() - first.forfeited
    second = await store.leagues.tables(made.id, 2)
    seated = [u for t in second for u in t.seats]
    assert sorted(seated) == sorted(u for u in (*FIVE, 106) if u != gone)
