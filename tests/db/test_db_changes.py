"""The store's side of "commit once, tell once" (issue 18 §3): every version bump leaves a change to
tell in its own transaction, claimed by the process that made it; the catch-up takes over what a
dead process (a start-up) or an expired lease left; each step of a telling is kept; the action's
events are kept in the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from db.errors import GameNotFound
from db.records import TELL_LEASE, TurnPage
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db_fixtures import OpenStore
from tests.fakeclock import FakeClock
from tests.toygame import GAMES, Add

ALICE, BOB = 101, 102


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def test_every_version_bump_leaves_one_change_claimed_by_its_maker(store: GameStore) -> None:
    lobby = await store.lobbies.create("count", ALICE, {"target": 50}, 1, 10)
    seated = await store.lobbies.set_seats(lobby.id, [ALICE, BOB], expected_version=lobby.version)
    started = await store.games.start(lobby.id, None, 7, expected_version=seated.version)
    seat = started.load_state().turn
    moved = await store.games.append(lobby.id, started.version, seat, Add(2))
    ended = await store.games.finish(lobby.id, Outcome(winners=(0,), ending=Ending.RESIGNED))
    changes = await store.outbox.changes_of(lobby.id)
    assert [(c.version, c.kind) for c in changes] == [
        (seated.version, "seats"),
        (started.version, "start"),
        (moved.version, "act"),
        (ended.version, "finish"),
    ]
    act = changes[2]
    assert act.seat == seat and list(act.events) == moved.events and act.waiting_before == (seat,)
    assert all(c.done == frozenset() and c.tries == 0 for c in changes)
    assert await store.outbox.pending(None) == [], "its maker is alive: nothing for a start-up sweep"
    assert (await store.games.get(lobby.id)).announced == 0
    (logged,) = await store.games.actions(lobby.id)
    assert logged.events == tuple(moved.events), "the action's events are in the log"


async def test_told_moves_announced_on_and_forgets_the_changes(store: GameStore) -> None:
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    first = await store.games.append(rec.id, 0, rec.load_state().turn, Add(1))
    second = await store.games.append(rec.id, first.version, first.to_act[0], Add(1))
    await store.outbox.told(rec.id, first.version)
    assert [c.version for c in await store.outbox.changes_of(rec.id)] == [second.version]
    assert (await store.games.get(rec.id)).announced == first.version
    await store.outbox.told(rec.id, second.version)
    assert await store.outbox.changes_of(rec.id) == []
    assert (await store.games.get(rec.id)).announced == second.version
    await store.outbox.told(rec.id, first.version)
    assert (await store.games.get(rec.id)).announced == second.version, "never back"


async def test_a_new_process_takes_over_what_the_dead_one_left(open_store: OpenStore, clock: FakeClock) -> None:
    """At start-up every change the old process made and did not tell is the new one's; two new
    processes racing for it: exactly one gets each."""
    old = await open_store(clock=clock)
    rec = await old.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    moved = await old.games.append(rec.id, 0, rec.load_state().turn, Add(3))
    await old.outbox.step(rec.id, moved.version, "dm:1")
    await old.close()  # died before the post
    a = await open_store(clock=clock)
    b = await open_store(clock=clock)
    clock.advance(1)
    try:
        (pending,) = await a.outbox.pending(None)
        assert pending.version == moved.version and pending.done == frozenset({"dm:1"})
        wins = [await s.outbox.claim(rec.id, moved.version, None) for s in (a, b, a)]
        assert wins == [True, False, False], "one taker; its own claim is not taken again"
        assert await b.outbox.pending(None) == [], "a's claim is alive"
        assert (await a.outbox.changes_of(rec.id))[0].tries == 1
    finally:
        await a.close()
        await b.close()


async def test_a_lease_that_ran_out_can_be_taken_over(store: GameStore, clock: FakeClock) -> None:
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    moved = await store.games.append(rec.id, 0, rec.load_state().turn, Add(1))
    assert await store.outbox.next_untold() == clock() + TELL_LEASE
    assert await store.outbox.pending(clock() - TELL_LEASE) == [], "its teller is within its lease"
    clock.advance(TELL_LEASE + 1)
    assert [c.version for c in await store.outbox.pending(clock() - TELL_LEASE)] == [moved.version]
    assert await store.outbox.claim(rec.id, moved.version, clock() - TELL_LEASE)
    assert not await store.outbox.claim(rec.id, moved.version, clock() - TELL_LEASE), "claimed anew: taken"
    await store.outbox.told(rec.id, moved.version)
    assert await store.outbox.next_untold() is None


async def test_steps_are_kept_once_each(store: GameStore) -> None:
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    moved = await store.games.append(rec.id, 0, rec.load_state().turn, Add(1))
    for step in ("dm:1", "post", "dm:1"):
        await store.outbox.step(rec.id, moved.version, step)
    (change,) = await store.outbox.changes_of(rec.id)
    assert change.done == frozenset({"dm:1", "post"})
    await store.outbox.told(rec.id, moved.version)
    await store.outbox.step(rec.id, moved.version, "late")  # a told change: nothing to keep
    assert await store.outbox.changes_of(rec.id) == []


async def test_a_turn_pages_save_can_mark_its_change_told_in_the_same_write(store: GameStore) -> None:
    """A decision told on a turn page is saved and marked told in one transaction (issue 18 §7:
    one write fewer per decision): ``told`` moves ``announced`` and forgets the changes as
    :meth:`told` does; without it the save leaves them."""
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    first = await store.games.append(rec.id, 0, rec.load_state().turn, Add(1))
    second = await store.games.append(rec.id, first.version, first.to_act[0], Add(1))
    held = await store.pages.hold(rec.id)
    assert held == TurnPage(), "the page as it was when taken (none saved yet)"
    await store.pages.save(rec.id, TurnPage(message_id=5, lines=("a",), version=first.version))
    assert (await store.games.get(rec.id)).announced == 0 and len(await store.outbox.changes_of(rec.id)) == 2
    held = await store.pages.hold(rec.id)
    assert held == TurnPage(message_id=5, lines=("a",), version=first.version)
    page = TurnPage(message_id=5, lines=("a", "b"), version=first.version)
    await store.pages.save(rec.id, page, told=first.version)
    assert (await store.games.get(rec.id)).announced == first.version
    assert [c.version for c in await store.outbox.changes_of(rec.id)] == [second.version]
    assert await store.pages.hold(rec.id), "the save let go of the page"
    with pytest.raises(GameNotFound):
        await store.pages.save(99_999, TurnPage(), told=1)


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_durable_before_told_synchronous_is_full(store: GameStore) -> None:
    """Issue 18: what Discord shows must survive a power cut: FULL, not NORMAL, by default.
    SQLite only: PostgreSQL commits are durable unless synchronous_commit is off (db/postgres.py)."""
    rows = await store.context.backend.db.execute_fetchall("PRAGMA synchronous")
    assert next(iter(rows))[0] == 2


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_telling_bookkeeping_skips_the_fsync_and_leaves_the_game_commits_full(
    store: GameStore, db_path: Path, clock: FakeClock
) -> None:
    """Steps and told are committed with synchronous=NORMAL (no fsync: a power cut may only make a
    change be told again), in one transaction each; the game's own commits stay FULL. SQLite only
    (it traces SQLite's statements)."""
    seen: list[int] = []
    raw = store.context.backend.db._conn
    await store.context.backend.db._execute(
        raw.set_trace_callback, lambda sql: seen.append(1) if "synchronous=NORMAL" in sql else None
    )
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    moved = await store.games.append(rec.id, 0, rec.load_state().turn, Add(1))
    assert seen == [], "the game's commit runs FULL"
    await store.outbox.step(rec.id, moved.version, "dm:1")
    assert len(seen) == 1
    again = await GameStore.open(db_path, games=GAMES, clock=clock)
    try:
        assert [c.done for c in await again.outbox.changes_of(rec.id)] == [frozenset({"dm:1"})], "committed"
    finally:
        await again.close()
    await store.outbox.told(rec.id, moved.version)
    assert len(seen) == 2
    rows = await store.context.backend.db.execute_fetchall("PRAGMA synchronous")
    assert next(iter(rows))[0] == 2, "FULL again after the bookkeeping"
    with pytest.raises(GameNotFound):
        await store.outbox.told(99_999, 1)
    assert next(iter(await store.context.backend.db.execute_fetchall("PRAGMA synchronous")))[0] == 2
    before = len(seen)
    assert await store.pages.hold(rec.id)
    await store.pages.save(rec.id, TurnPage(message_id=5), told=moved.version)
    assert len(seen) == before + 2, "a turn page's hold and save are bookkeeping too"
    assert next(iter(await store.context.backend.db.execute_fetchall("PRAGMA synchronous")))[0] == 2


async def test_the_automatic_players_claim_is_one_processs_until_its_lease_ends(
    open_store: OpenStore, clock: FakeClock
) -> None:
    """Issue 18 §4: the guard that one loop plays a game's absent seats was a set in one process;
    it is a claim in the store: one process at a time, taken over when its lease ends or by a
    process started after the holder's claim (the holder is gone)."""
    a = await open_store(clock=clock)
    b = await open_store(clock=clock)
    try:
        rec = await a.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
        clock.advance(1)
        assert await a.clocks.claim_autoplay(rec.id, 60)
        assert not await a.clocks.claim_autoplay(rec.id, 60), "not twice, even by its holder (a nested call)"
        assert not await b.clocks.claim_autoplay(rec.id, 60), "nor by another process meanwhile"
        await b.clocks.release_autoplay(rec.id)  # not b's to release
        assert not await b.clocks.claim_autoplay(rec.id, 60)
        clock.advance(61)
        assert await b.clocks.claim_autoplay(rec.id, 60), "the lease ran out"
        await b.clocks.release_autoplay(rec.id)
        assert await a.clocks.claim_autoplay(rec.id, 60)
    finally:
        await a.close()
        await b.close()
    c = await open_store(clock=clock)  # a died holding it; c starts after
    try:
        assert await c.clocks.claim_autoplay(rec.id, 60), "a process started after the claim takes it over"
    finally:
        await c.close()


async def test_a_turn_page_is_held_by_one_process_at_a_time_and_knows_its_version(
    open_store: OpenStore, clock: FakeClock
) -> None:
    """Issue 18 §4: the per-game page lock was an asyncio.Lock of one process; the page is held in
    the store: one process at a time, let go by its save, taken over when its hold runs out or by
    a process started after the hold (the holder is gone). The page keeps the version it tells."""
    a = await open_store(clock=clock)
    b = await open_store(clock=clock)
    try:
        rec = await a.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
        clock.advance(1)
        assert await a.pages.hold(rec.id, 60)
        assert await a.pages.hold(rec.id, 60), "its holder may take it again (one process orders its own)"
        assert not await b.pages.hold(rec.id, 60), "another process waits"
        await b.pages.release(rec.id)  # not b's to let go
        assert not await b.pages.hold(rec.id, 60)
        await a.pages.save(rec.id, TurnPage(message_id=5, lines=("x",), version=3))
        assert await b.pages.hold(rec.id, 60), "the save let go of it"
        assert await a.pages.get(rec.id) == TurnPage(message_id=5, lines=("x",), version=3)
        assert not await a.pages.hold(rec.id, 60)
        clock.advance(61)
        assert await a.pages.hold(rec.id, 60), "b's hold ran out"
        await a.pages.release(rec.id)
        assert await b.pages.hold(rec.id, 60)
    finally:
        await a.close()
        await b.close()
    c = await open_store(clock=clock)  # b died holding it; c starts after
    try:
        assert await c.pages.hold(rec.id, 60), "a process started after the hold takes it over"
        assert (await c.pages.get(rec.id)) == TurnPage(message_id=5, lines=("x",), version=3), "the page is kept"
    finally:
        await c.close()
