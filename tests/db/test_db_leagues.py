"""Leagues in the store (issue 47 §3), on both backends: sign-up with its refusals, a round claimed
once among processes, each table's game made once (in the game's own creating transaction), the
opening of a round finished after a crash, results and posts once, rounds closed with the version
check, and what the organizer's loop asks for (rounds past their deadline, sign-ups to start).
Time is a hand-moved clock."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from db.errors import (
    AlreadyJoined,
    GameNotFound,
    LeagueFull,
    LeagueNotFound,
    LeagueStaleVersion,
    LeagueWrongStatus,
    NotJoined,
    RoundClaimed,
    RoundIncomplete,
    RoundNotFound,
    RoundOutOfOrder,
    RoundWrongStatus,
    TableHasGame,
    UnknownGameKind,
)
from db.league_records import ROUND_LEASE, League, LeagueSettings, TableKey
from db.records import Shards
from db.store import GameStore
from rules.protocol import resolve_options
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, DAVE, EVE, GUILD, OpenStore, Raw
from tests.fakeclock import DAY, FakeClock
from tests.toygame import GAME, GAMES

T0 = 1_800_000_000.0
FORMAT = {"format": "swiss", "rounds": 3, "table_size": 2, "scoring": [6, 3, 1], "unfinished": "draw"}
PAIRS = [[ALICE, BOB], [CAROL, DAVE], [EVE]]
"""Round 1 of five players: two games and a bye."""


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


async def league(store: GameStore, *, limit: int | None = None, starts_at: float | None = None) -> League:
    return await store.leagues.create(
        GUILD, CHANNEL, "Winter", "count", {"target": 30}, FORMAT, 86400, 7, ALICE,
        starts_at=starts_at, player_limit=limit, language="cs",
    )  # fmt: skip


async def running(store: GameStore, players: tuple[int, ...] = (ALICE, BOB, CAROL, DAVE, EVE)) -> League:
    made = await league(store)
    for user in players:
        await store.leagues.join(made.id, user)
    return await store.leagues.set_status(made.id, "running")


async def make_games(store: GameStore, league_id: int, round_no: int) -> list[int]:
    """What the opener does for each table still without a game: make it, attached to its table."""
    made = []
    for table in await store.leagues.tables_without_game(league_id, round_no):
        try:
            rec = await store.games.create(
                "count", table.seats, {"target": 30}, 7, GUILD, CHANNEL, ALICE, pace=86400, language="cs",
                league_table=table.key,
            )  # fmt: skip
        except TableHasGame:
            continue  # another process made it meanwhile
        made.append(rec.id)
    return made


async def outcome(call: Awaitable[Any]) -> Any:
    """What a call gives, or the type of the error it raises."""
    try:
        return await call
    except Exception as exc:
        return type(exc)


def named(got: Any) -> str:
    """``done`` for a call that returned, else the name of the error it raised (:func:`outcome`)."""
    return got.__name__ if isinstance(got, type) else "done"


def games_count(raw: Raw) -> int:
    return int(raw("SELECT COUNT(*) FROM games")[0][0])


# -- a league and its sign-up ---------------------------------------------------------------------


async def test_a_league_is_stored_as_given_with_its_options_resolved(
    store: GameStore, open_store: OpenStore, clock: FakeClock
) -> None:
    made = await league(store, limit=8, starts_at=T0 + DAY)
    again = await (await open_store(games=GAMES, clock=clock)).leagues.get(made.id)
    assert again == made
    assert (made.guild_id, made.channel_id, made.name, made.kind, made.format) == (
        GUILD, CHANNEL, "Winter", "count", FORMAT,
    )  # fmt: skip
    assert made.options == resolve_options(GAME.options, {"target": 30}) != {"target": 30}, "resolved, as a game's"
    assert (made.pace, made.round_days, made.starts_at, made.player_limit, made.language) == (
        86400,
        7,
        T0 + DAY,
        8,
        "cs",
    )
    assert (made.status, made.current_round, made.version, made.created_by, made.created_at) == (
        "signup",
        0,
        0,
        ALICE,
        T0,
    )


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"kind": "nope"}, UnknownGameKind),
        ({"round_days": 0}, ValueError),
        ({"pace": 0}, ValueError),
        ({"player_limit": 1}, ValueError),
        ({"name": ""}, ValueError),
    ],
)
async def test_a_league_that_cannot_be_is_refused_and_nothing_stored(
    store: GameStore, raw: Raw, change: dict[str, Any], error: type[Exception]
) -> None:
    args: dict[str, Any] = {
        "guild_id": GUILD, "channel_id": CHANNEL, "name": "Winter", "kind": "count", "options": {},
        "format": FORMAT, "pace": 3600, "round_days": 7, "created_by": ALICE, **change,
    }  # fmt: skip
    with pytest.raises(error):
        await store.leagues.create(**args)
    assert raw("SELECT COUNT(*) FROM leagues") == [(0,)]


async def test_leagues_are_found_by_server_status_and_player(store: GameStore) -> None:
    first = await league(store)
    second = await running(store, (BOB, CAROL, DAVE))
    other = await store.leagues.create(GUILD + 1, CHANNEL, "Elsewhere", "count", {}, FORMAT, None, 7, BOB)
    assert [x.id for x in await store.leagues.find(GUILD)] == [first.id, second.id]
    assert [x.id for x in await store.leagues.find(GUILD, status="signup")] == [first.id]
    assert [x.id for x in await store.leagues.find(GUILD, status=("running", "finished"))] == [second.id]
    assert [x.id for x in await store.leagues.find(GUILD, user_id=BOB)] == [second.id]
    assert [x.id for x in await store.leagues.find(GUILD + 1)] == [other.id]
    with pytest.raises(ValueError):
        await store.leagues.find(GUILD, status="open")
    with pytest.raises(LeagueNotFound):
        await store.leagues.get(second.id + 100)
    with pytest.raises(LeagueNotFound):
        await store.leagues.get(10**30)


async def test_joining_and_leaving_the_sign_up_with_each_refusal(store: GameStore, clock: FakeClock) -> None:
    made = await league(store, limit=3)
    assert (await store.leagues.join(made.id, ALICE)).version == 1
    clock.advance(seconds=5)
    await store.leagues.join(made.id, BOB)
    with pytest.raises(AlreadyJoined):
        await store.leagues.join(made.id, BOB)
    await store.leagues.join(made.id, CAROL)
    with pytest.raises(LeagueFull) as full:
        await store.leagues.join(made.id, DAVE)
    assert full.value.limit == 3
    with pytest.raises(NotJoined):
        await store.leagues.leave(made.id, DAVE)
    left = await store.leagues.leave(made.id, ALICE)
    assert left.version == 4, "every join and leave bumps the version; a refusal none"
    assert [(p.user_id, p.joined_at) for p in await store.leagues.players(made.id)] == [(BOB, T0 + 5), (CAROL, T0 + 5)]
    await store.leagues.join(made.id, DAVE)
    started = await store.leagues.set_status(made.id, "running", expected_version=5)
    for refused in (store.leagues.join(made.id, EVE), store.leagues.leave(made.id, BOB)):
        with pytest.raises(LeagueWrongStatus) as wrong:
            await refused
        assert (wrong.value.status, wrong.value.allowed) == ("running", ("signup",))
    assert (await store.leagues.get(made.id)).version == started.version
    with pytest.raises(LeagueNotFound):
        await store.leagues.join(made.id + 1, EVE)


async def test_two_joining_for_the_last_place_at_once_get_one_place(open_store: OpenStore, clock: FakeClock) -> None:
    """Two processes (two connections): the limit is counted in the joining transaction."""
    a, b = await open_store(clock=clock), await open_store(clock=clock)
    made = await league(a, limit=2)
    await a.leagues.join(made.id, ALICE)
    got = await asyncio.gather(outcome(a.leagues.join(made.id, BOB)), outcome(b.leagues.join(made.id, CAROL)))
    assert sorted(named(x) for x in got) == ["LeagueFull", "done"]
    assert len(await a.leagues.players(made.id)) == 2


async def test_the_status_moves_only_forward_with_the_version_check(store: GameStore) -> None:
    made = await league(store)
    with pytest.raises(LeagueWrongStatus):
        await store.leagues.set_status(made.id, "finished")
    with pytest.raises(LeagueStaleVersion) as stale:
        await store.leagues.set_status(made.id, "running", expected_version=3)
    assert (stale.value.expected, stale.value.actual) == (3, 0)
    started = await store.leagues.set_status(made.id, "running", expected_version=0)
    assert (started.status, started.version) == ("running", 1)
    with pytest.raises(LeagueStaleVersion):
        await store.leagues.set_status(made.id, "cancelled", expected_version=0)
    assert (await store.leagues.set_status(made.id, "finished", expected_version=1)).status == "finished"
    for status in ("running", "cancelled", "signup"):
        with pytest.raises(LeagueWrongStatus):
            await store.leagues.set_status(made.id, status)
    with pytest.raises(ValueError):
        await store.leagues.set_status(made.id, "paused")


async def test_a_withdrawal_notes_the_round_and_is_made_once(store: GameStore, clock: FakeClock) -> None:
    made = await running(store)
    with pytest.raises(LeagueWrongStatus):
        await store.leagues.withdraw((await league(store)).id, ALICE)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    clock.advance(days=1)
    gone = await store.leagues.withdraw(made.id, CAROL)
    assert gone is not None and (gone.user_id, gone.withdrawn_at, gone.withdrawn_round, gone.active) == (
        CAROL, T0 + DAY, 1, False,
    )  # fmt: skip
    version = (await store.leagues.get(made.id)).version
    assert await store.leagues.withdraw(made.id, CAROL) is None
    assert (await store.leagues.get(made.id)).version == version, "a second withdrawal changes nothing"
    with pytest.raises(NotJoined):
        await store.leagues.withdraw(made.id, 999)
    assert [p.active for p in await store.leagues.players(made.id)] == [True, True, False, True, True]


# -- claiming a round -----------------------------------------------------------------------------


async def test_a_claimed_round_holds_its_tables_and_moves_the_league_on(store: GameStore, clock: FakeClock) -> None:
    made = await running(store)
    claimed = await store.leagues.claim_round(made.id, 1, PAIRS, expected_version=made.version)
    assert (claimed.round_no, claimed.status, claimed.claimed_by, claimed.claimed_at) == (
        1, "opening", store.context.owner, T0,
    )  # fmt: skip
    assert (claimed.deadline, claimed.opened_at, claimed.closed_at, claimed.announced_at) == (
        T0 + 7 * DAY,
        None,
        None,
        None,
    )
    after = await store.leagues.get(made.id)
    assert (after.current_round, after.version) == (1, made.version + 1)
    tables = await store.leagues.tables(made.id, 1)
    assert [(t.table_no, t.seats, t.bye, t.game_id, t.result) for t in tables] == [
        (1, (ALICE, BOB), False, None, None),
        (2, (CAROL, DAVE), False, None, None),
        (3, (EVE,), True, None, None),
    ]
    assert [t.table_no for t in await store.leagues.tables_without_game(made.id, 1)] == [1, 2], "a bye gets no game"
    assert await store.leagues.rounds(made.id) == [claimed] == [await store.leagues.get_round(made.id, 1)]


async def test_a_round_is_claimed_only_once_and_in_order(
    store: GameStore, open_store: OpenStore, clock: FakeClock, raw: Raw
) -> None:
    made = await running(store)
    with pytest.raises(RoundOutOfOrder):
        await store.leagues.claim_round(made.id, 2, PAIRS)
    with pytest.raises(LeagueStaleVersion):
        await store.leagues.claim_round(made.id, 1, PAIRS, expected_version=made.version - 1)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    after_restart = await open_store(games=GAMES, clock=clock)
    with pytest.raises(RoundClaimed):
        await after_restart.leagues.claim_round(made.id, 1, [[ALICE, CAROL], [BOB, DAVE]])
    with pytest.raises(RoundOutOfOrder) as early:
        await store.leagues.claim_round(made.id, 2, PAIRS)
    assert early.value.current_round == 1, "round 1 is not closed yet"
    assert raw("SELECT COUNT(*) FROM league_tables") == [(3,)]
    signup = await league(store)
    with pytest.raises(LeagueWrongStatus):
        await store.leagues.claim_round(signup.id, 1, PAIRS)


@pytest.mark.parametrize("tables", [[], [[ALICE, BOB], []], [[ALICE, BOB], [BOB, CAROL]], [[ALICE, 2**64]]])
async def test_bad_pairings_are_refused_before_anything_is_written(
    store: GameStore, raw: Raw, tables: list[list[int]]
) -> None:
    made = await running(store)
    with pytest.raises(ValueError):
        await store.leagues.claim_round(made.id, 1, tables)
    assert raw("SELECT COUNT(*) FROM league_rounds") == [(0,)]
    assert (await store.leagues.get(made.id)).current_round == 0


async def test_two_processes_claiming_a_round_at_once_make_one_claim(
    open_store: OpenStore, clock: FakeClock, raw: Raw
) -> None:
    a, b = await open_store(clock=clock), await open_store(clock=clock)
    made = await running(a)
    got = await asyncio.gather(
        outcome(a.leagues.claim_round(made.id, 1, PAIRS)), outcome(b.leagues.claim_round(made.id, 1, PAIRS[::-1]))
    )
    assert sorted(named(x) for x in got) == ["RoundClaimed", "done"]
    assert raw("SELECT COUNT(*) FROM league_rounds") == [(1,)]
    assert raw("SELECT COUNT(*) FROM league_tables") == [(3,)]
    assert (await b.leagues.get(made.id)).current_round == 1


def both_read_first(stores: tuple[GameStore, ...], method: str) -> None:
    """Hold each store's first call of its leagues repository's ``method`` (a read inside its
    transaction) until every store made it: both transactions read before either writes, the race
    a lone lock never shows. On PostgreSQL only (on SQLite the write lock is taken at BEGIN)."""
    reached = asyncio.Event()
    waiting: list[int] = []
    for n, store in enumerate(stores):
        original = getattr(store.leagues, method)

        async def held(*args: Any, _original: Callable[..., Awaitable[Any]] = original, _n: int = n) -> Any:
            got = await _original(*args)
            if _n not in waiting:
                waiting.append(_n)
                if len(waiting) == len(stores):
                    reached.set()
                await asyncio.wait_for(reached.wait(), timeout=30)
            return got

        setattr(store.leagues, method, held)


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_two_claimers_that_both_read_before_either_writes_make_one_claim(
    open_store: OpenStore, clock: FakeClock, raw: Raw
) -> None:
    """Both saw no round and the round before as the league's current one; the league row's
    version check lets one commit and the other, run again, finds the round claimed."""
    a, b = await open_store(clock=clock), await open_store(clock=clock)
    made = await running(a)
    both_read_first((a, b), "_round_row")
    got = await asyncio.gather(
        outcome(a.leagues.claim_round(made.id, 1, PAIRS)), outcome(b.leagues.claim_round(made.id, 1, PAIRS[::-1]))
    )
    assert sum(x is RoundClaimed for x in got) == 1, got
    assert raw("SELECT COUNT(*) FROM league_rounds") == [(1,)]
    assert raw("SELECT COUNT(*) FROM league_tables") == [(3,)]


# -- each table's game, once ----------------------------------------------------------------------


async def test_a_table_gets_its_game_once_and_a_refused_game_is_not_made(store: GameStore, raw: Raw) -> None:
    made = await running(store)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    key = TableKey(made.id, 1, 1)
    rec = await store.games.create(
        "count", [ALICE, BOB], {"target": 30}, 7, GUILD, CHANNEL, ALICE, pace=86400, language="cs", league_table=key
    )
    assert (rec.players, rec.pace, rec.language, rec.status) == ((ALICE, BOB), 86400, "cs", "active")
    assert (await store.leagues.table_of_game(rec.id)) == (await store.leagues.tables(made.id, 1))[0]
    assert (await store.leagues.tables(made.id, 1))[0].game_id == rec.id
    before = games_count(raw)
    with pytest.raises(TableHasGame) as has:
        await store.games.create("count", [ALICE, BOB], {}, 8, GUILD, CHANNEL, ALICE, league_table=key)
    assert has.value.game_id == rec.id
    with pytest.raises(TableHasGame):
        await store.games.create(
            "count", [EVE, ALICE], {}, 8, GUILD, CHANNEL, ALICE, league_table=TableKey(made.id, 1, 3)
        )
    with pytest.raises(ValueError):
        await store.games.create(
            "count", [DAVE, CAROL], {}, 8, GUILD, CHANNEL, ALICE, league_table=TableKey(made.id, 1, 2)
        )
    with pytest.raises(RoundNotFound):
        await store.games.create(
            "count", [ALICE, BOB], {}, 8, GUILD, CHANNEL, ALICE, league_table=TableKey(made.id, 2, 1)
        )
    assert games_count(raw) == before, "no game made for a table that refused it"
    assert [t.table_no for t in await store.leagues.tables_without_game(made.id, 1)] == [2]
    plain = await store.games.create("count", [ALICE, BOB], {}, 9, GUILD, CHANNEL, ALICE)
    assert await store.leagues.table_of_game(plain.id) is None
    with pytest.raises(GameNotFound):
        await store.leagues.table_of_game(plain.id + 1)


async def test_a_crash_halfway_through_opening_is_finished_after_the_restart(
    store: GameStore, open_store: OpenStore, clock: FakeClock, raw: Raw
) -> None:
    """The first process claimed the round, made table 1's game and died (kill -9: nothing after
    its last commit). After the restart the round is still opening; once the dead holder's lease is
    over the new process takes it on, makes only the game left, and opens the round."""
    made = await running(store)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    first = (await store.leagues.tables_without_game(made.id, 1))[0]
    await store.games.create("count", first.seats, {}, 7, GUILD, CHANNEL, ALICE, league_table=first.key)
    await store.close()
    restarted = await open_store(games=GAMES, clock=clock)
    (opening,) = await restarted.leagues.rounds_opening()
    assert (opening.league_id, opening.round_no) == (made.id, 1)
    with pytest.raises(RoundIncomplete) as incomplete:
        await restarted.leagues.open_round(made.id, 1)
    assert (incomplete.value.what, incomplete.value.missing) == ("game", 1)
    assert not await restarted.leagues.hold_opening(made.id, 1), "the first opener's lease runs"
    assert await restarted.leagues.next_due(T0) == T0 + ROUND_LEASE, "the poll looks again when the lease is over"
    clock.advance(seconds=ROUND_LEASE)
    assert await restarted.leagues.hold_opening(made.id, 1)
    assert await restarted.leagues.hold_opening(made.id, 1), "the holder renews its hold"
    assert len(await make_games(restarted, made.id, 1)) == 1
    assert await make_games(restarted, made.id, 1) == [], "nothing left to make: resuming again makes nothing"
    assert games_count(raw) == 2
    assert await restarted.leagues.open_round(made.id, 1)
    assert not await restarted.leagues.open_round(made.id, 1)
    opened = await restarted.leagues.get_round(made.id, 1)
    assert (opened.status, opened.opened_at, opened.claimed_by) == ("open", T0 + ROUND_LEASE, restarted.context.owner)
    assert await restarted.leagues.rounds_opening() == []
    assert not await restarted.leagues.hold_opening(made.id, 1), "an open round has nothing to finish"


async def test_two_processes_making_the_same_tables_games_make_each_once(
    open_store: OpenStore, clock: FakeClock, raw: Raw
) -> None:
    a, b = await open_store(clock=clock), await open_store(clock=clock)
    made = await running(a)
    await a.leagues.claim_round(made.id, 1, PAIRS)
    made_by = await asyncio.gather(*(make_games(s, made.id, 1) for s in (a, b)))
    assert sorted(len(x) for x in made_by) in ([0, 2], [1, 1])
    assert games_count(raw) == 2
    assert raw("SELECT COUNT(DISTINCT game_id) FROM league_tables WHERE game_id IS NOT NULL") == [(2,)]
    assert await a.leagues.tables_without_game(made.id, 1) == []


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_two_games_made_for_one_table_at_once_leave_one(
    open_store: OpenStore, clock: FakeClock, raw: Raw
) -> None:
    """Both made their game row and read the table without a game before either wrote it: the one
    that comes second is run again, finds the table's game and is refused; its game is not kept."""
    a, b = await open_store(clock=clock), await open_store(clock=clock)
    made = await running(a)
    await a.leagues.claim_round(made.id, 1, PAIRS)
    reached, waiting = asyncio.Event(), []
    for store in (a, b):
        original = store.context.attach_to_table

        async def held(db: Any, key: TableKey, game_id: int, players: Any, _original: Any = original) -> None:
            if len(waiting) < 2:
                waiting.append(game_id)
                if len(waiting) == 2:
                    reached.set()
                await asyncio.wait_for(reached.wait(), timeout=30)
            await _original(db, key, game_id, players)

        store.context.attach_to_table = held  # type: ignore[method-assign]
    key = TableKey(made.id, 1, 1)
    got = await asyncio.gather(
        *(
            outcome(s.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE, league_table=key))
            for s in (a, b)
        )
    )
    assert sum(x is TableHasGame for x in got) == 1, got
    assert games_count(raw) == 1
    assert raw("SELECT game_id FROM league_tables WHERE table_no = 1") == [(raw("SELECT id FROM games")[0][0],)]


# -- results, closing, posts ----------------------------------------------------------------------


async def test_results_are_recorded_once_and_the_round_closes_once_complete(store: GameStore, clock: FakeClock) -> None:
    made = await running(store)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    await make_games(store, made.id, 1)
    with pytest.raises(RoundWrongStatus):
        await store.leagues.close_round(made.id, 1)  # still opening
    await store.leagues.open_round(made.id, 1)
    assert await store.leagues.record_result(made.id, 1, 1, {"order": [[0], [1]]})
    assert not await store.leagues.record_result(made.id, 1, 1, {"order": [[1], [0]]}), "the first result stays"
    assert (await store.leagues.tables(made.id, 1))[0].result == {"order": [[0], [1]]}
    assert not await store.leagues.round_complete(made.id, 1)
    with pytest.raises(RoundIncomplete) as incomplete:
        await store.leagues.close_round(made.id, 1)
    assert (incomplete.value.what, incomplete.value.missing) == ("result", 1)
    assert await store.leagues.record_result(made.id, 1, 2, {"order": [[0, 1]], "unfinished": True})
    assert await store.leagues.round_complete(made.id, 1), "a bye needs no result"
    version = (await store.leagues.get(made.id)).version
    with pytest.raises(LeagueStaleVersion):
        await store.leagues.close_round(made.id, 1, expected_version=version - 1)
    clock.advance(days=2)
    closed = await store.leagues.close_round(made.id, 1, expected_version=version)
    assert closed.version == version + 1
    assert (await store.leagues.get_round(made.id, 1)).closed_at == T0 + 2 * DAY
    with pytest.raises(RoundWrongStatus) as again:
        await store.leagues.close_round(made.id, 1)
    assert again.value.status == "closed"
    assert not await store.leagues.record_result(made.id, 1, 2, {"order": [[1], [0]]}), (
        "a late game's end changes nothing"
    )
    with pytest.raises(RoundNotFound):
        await store.leagues.record_result(made.id, 1, 9, {})
    with pytest.raises(RoundNotFound):
        await store.leagues.round_complete(made.id, 2)
    second = await store.leagues.claim_round(made.id, 2, [[ALICE, CAROL], [BOB, EVE], [DAVE]])
    assert second.round_no == 2, "the next round may be claimed once the one before closed"


async def test_each_post_of_a_round_is_marked_by_one_caller(
    store: GameStore, open_store: OpenStore, clock: FakeClock
) -> None:
    other = await open_store(games=GAMES, clock=clock)
    made = await running(store)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    marks = await asyncio.gather(store.leagues.mark_announced(made.id, 1), other.leagues.mark_announced(made.id, 1))
    assert sorted(marks) == [False, True]
    assert await other.leagues.mark_announced(made.id, 1, results=True)
    assert not await store.leagues.mark_announced(made.id, 1, results=True)
    got = await store.leagues.get_round(made.id, 1)
    assert (got.announced_at, got.results_announced_at) == (T0, T0)
    with pytest.raises(RoundNotFound):
        await store.leagues.mark_announced(made.id, 2)


async def test_a_posts_pieces_are_kept_until_it_is_told_and_what_is_untold_is_found(
    store: GameStore, open_store: OpenStore, clock: FakeClock
) -> None:
    """Issue 47 §3: each piece of a post written down as made (once, however often), read by
    another process, forgotten once the post is marked told after its last; the leagues with
    something untold are found for the restarted process, on its shards only."""
    other = await open_store(games=GAMES, clock=clock)
    made = await running(store)
    assert await store.leagues.leagues_untold() == [], "nothing claimed yet"
    await store.leagues.claim_round(made.id, 1, PAIRS)
    await make_games(store, made.id, 1)
    assert await store.leagues.leagues_untold() == [], "an opening round is the opening's to finish"
    await store.leagues.open_round(made.id, 1)
    mine, theirs = Shards(2, ((GUILD >> 22) % 2,)), Shards(2, (((GUILD >> 22) + 1) % 2,))
    assert await store.leagues.leagues_untold(mine) == [made.id] and await store.leagues.leagues_untold(theirs) == []
    await store.leagues.post_step(made.id, "pairings:1", "post:1")
    await store.leagues.post_step(made.id, "pairings:1", f"dm:{ALICE}")
    await other.leagues.post_step(made.id, "pairings:1", f"dm:{ALICE}")
    await store.leagues.post_step(made.id, "results:1", "post:1")
    assert await other.leagues.post_steps(made.id, "pairings:1") == {"post:1", f"dm:{ALICE}"}
    assert await store.leagues.mark_announced(made.id, 1)
    assert await store.leagues.post_steps(made.id, "pairings:1") == frozenset(), "told: its pieces forgotten"
    assert await store.leagues.post_steps(made.id, "results:1") == {"post:1"}, "another post's stay"
    assert await store.leagues.leagues_untold() == []
    with pytest.raises(ValueError):
        await store.leagues.post_step(made.id, "pairings:1", "no spaces")
    with pytest.raises(ValueError):
        await store.leagues.post_steps(made.id, "Pairings")
    with pytest.raises(LeagueNotFound):
        await store.leagues.post_step(made.id + 99, "pairings:1", "post:1")

    withdrawn = await store.leagues.withdraw(made.id, EVE, ALICE)
    assert withdrawn is not None and (withdrawn.withdrawn_by, withdrawn.withdrawal_told_at) == (ALICE, None)
    clock.advance(1)
    await store.leagues.withdraw(made.id, DAVE)
    assert [(p.user_id, p.withdrawn_by) for p in await other.leagues.withdrawals_untold(made.id)] == [
        (EVE, ALICE), (DAVE, DAVE),
    ]  # fmt: skip
    assert await store.leagues.leagues_untold() == [made.id], "a withdrawal untold"
    await store.leagues.post_step(made.id, f"withdrew:{EVE}", "post:1")
    assert await store.leagues.mark_withdrawal_told(made.id, EVE)
    assert not await other.leagues.mark_withdrawal_told(made.id, EVE), "marked once"
    assert not await store.leagues.mark_withdrawal_told(made.id, ALICE), "never withdrew"
    with pytest.raises(NotJoined):
        await store.leagues.mark_withdrawal_told(made.id, 999)
    assert await store.leagues.post_steps(made.id, f"withdrew:{EVE}") == frozenset()
    assert [p.user_id for p in await store.leagues.withdrawals_untold(made.id)] == [DAVE]
    assert await store.leagues.mark_withdrawal_told(made.id, DAVE)
    assert await store.leagues.leagues_untold() == []
    for table in await store.leagues.tables(made.id, 1):
        if not table.bye:
            await store.leagues.record_result(made.id, 1, table.table_no, {"order": []})
    await store.leagues.close_round(made.id, 1)
    assert await store.leagues.leagues_untold() == [made.id], "a closed round: its results, or the next round"


# -- what the organizer's loop asks for -----------------------------------------------------------


async def test_rounds_past_their_deadline_and_sign_ups_past_their_start(store: GameStore, clock: FakeClock) -> None:
    soon = await league(store, starts_at=T0 + DAY)
    await league(store)  # no start date: the organizer starts it
    made = await running(store)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    await make_games(store, made.id, 1)
    assert await store.leagues.signups_due() == [] == await store.leagues.rounds_due()
    clock.advance(days=1)
    assert [x.id for x in await store.leagues.signups_due()] == [soon.id]
    assert await store.leagues.rounds_due() == [], "an opening round is not due: it is resumed"
    await store.leagues.open_round(made.id, 1)
    clock.advance(days=6)
    (due,) = await store.leagues.rounds_due()
    assert (due.league_id, due.round_no, due.deadline) == (made.id, 1, T0 + 7 * DAY)
    mine = Shards(2, ((GUILD >> 22) % 2,))
    theirs = Shards(2, (((GUILD >> 22) + 1) % 2,))
    assert [r.round_no for r in await store.leagues.rounds_due(mine)] == [1]
    assert await store.leagues.rounds_due(theirs) == [] == await store.leagues.signups_due(theirs)
    assert [x.id for x in await store.leagues.signups_due(mine)] == [soon.id]
    await store.leagues.set_status(soon.id, "running")
    assert await store.leagues.signups_due() == []


async def test_the_next_moment_is_the_earliest_start_date_or_untold_deadline_after_the_last_look(
    store: GameStore, clock: FakeClock
) -> None:
    """What the runner's poll sleeps until (a league starts on its date, not at the next hourly
    look): moments up to the last look and told deadlines are left out, so the poll never spins."""
    assert await store.leagues.next_due(T0) is None
    soon = await league(store, starts_at=T0 + 2 * DAY)
    made = await running(store)
    await store.leagues.claim_round(made.id, 1, PAIRS)
    await make_games(store, made.id, 1)
    theirs = Shards(2, (((GUILD >> 22) + 1) % 2,))
    assert await store.leagues.next_due(T0) == T0 + ROUND_LEASE, "an opening round: its hold's end, not its deadline"
    assert await store.leagues.next_due(T0 + ROUND_LEASE) == T0 + 2 * DAY, "its hold's end looked at already"
    assert await store.leagues.next_due(T0, theirs) is None
    await store.leagues.open_round(made.id, 1)
    assert await store.leagues.next_due(T0) == T0 + 2 * DAY, "the earlier of the start date and the deadline"
    assert await store.leagues.next_due(T0, theirs) is None
    clock.advance(days=3)
    assert await store.leagues.next_due(T0 + DAY) == T0 + 2 * DAY, "come since the last look: due now"
    assert await store.leagues.next_due(T0 + 2 * DAY) == T0 + 7 * DAY, "looked at already: not again"
    await store.leagues.set_status(soon.id, "running")
    await store.leagues.mark_announced(made.id, 1, due=True)
    assert await store.leagues.next_due(T0) is None, "a deadline told is waited for no more"


async def test_the_servers_manager_role_is_kept(store: GameStore, open_store: OpenStore, clock: FakeClock) -> None:
    assert await store.leagues.settings(GUILD) == LeagueSettings(GUILD, None)
    assert await store.leagues.set_settings(GUILD, 555) == LeagueSettings(GUILD, 555)
    assert await (await open_store(games=GAMES, clock=clock)).leagues.settings(GUILD) == LeagueSettings(GUILD, 555)
    await store.leagues.set_settings(GUILD, None)
    assert await store.leagues.settings(GUILD) == LeagueSettings(GUILD, None)
    assert await store.leagues.settings(GUILD + 1) == LeagueSettings(GUILD + 1, None)


async def test_the_sign_up_post_is_metadata(store: GameStore) -> None:
    made = await league(store)
    await store.leagues.set_signup_message(made.id, 777)
    got = await store.leagues.get(made.id)
    assert (got.signup_message_id, got.version) == (777, 0)
    with pytest.raises(LeagueNotFound):
        await store.leagues.set_signup_message(made.id + 1, 1)
