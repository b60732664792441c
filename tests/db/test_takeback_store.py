"""Takeback by agreement in the store (issue 20 §3): the log stays append-only, a takeback is an
entry of its own, and replaying the whole log gives the stored state."""

from __future__ import annotations

import json

import pytest

from cogs.table.core.record import record_document
from db.errors import CorruptLog, StaleVersion, TakebackRefused, WrongStatus
from db.replay import standing
from db.store import GameStore
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, DATABASE_ERRORS, GUILD, OpenStore, Raw
from tests.toygame import GAME

PACE = 86400


async def two_player_game(store: GameStore, target: int = 50) -> tuple[int, list[int]]:
    """A count game and its seats in turn order (the first to act first)."""
    rec = await store.games.create("count", [ALICE, BOB], {"target": target}, 7, GUILD, CHANNEL, ALICE, pace=PACE)
    first = GAME.to_act(rec.load_state())[0]
    return rec.id, [first, 1 - first]


async def test_a_takeback_replays_the_log_without_the_decision(store: GameStore) -> None:
    game, (a, b) = await two_player_game(store)
    await store.games.append(game, 0, a, "+2")
    await store.games.append(game, 1, b, "+3")
    before = await store.games.get(game)
    result = await store.games.take_back(game, 2, b)
    assert result.version == 3 and result.to_act == (b,) and result.waiting_before == (a,)
    assert result.events == [{"type": "takeback", "seat": b, "seq": 2}]
    rec = await store.games.get(game)
    assert rec.version == 3 and rec.load_state().total == 2 and GAME.to_act(rec.load_state()) == (b,)
    assert before.load_state().total == 5
    log = await store.games.actions(game)
    entries = [(x.seq, x.seat, x.notation, x.takeback) for x in log]
    assert entries == [(1, a, "+2", None), (2, b, "+3", None), (3, b, "", 2)]
    assert await store.games.verify(game)
    assert GAME.dump(await store.games.replay(game)) == json.loads(rec.state_json or "")
    (change,) = [c for c in await store.outbox.changes_of(game) if c.version == 3]
    assert change.kind == "takeback" and change.seat == b and change.waiting_before == (a,)
    # the same player moves again, differently, and the log replays to it
    await store.games.append(game, 3, b, "+1")
    assert (await store.games.get(game)).load_state().total == 3 and await store.games.verify(game)
    doc = record_document(await store.games.get(game), await store.games.actions(game))
    assert [x.get("takeback") for x in doc["actions"]] == [None, None, 2, None]


async def test_the_log_stays_append_only(store: GameStore, raw: Raw) -> None:
    game, (a, _) = await two_player_game(store)
    await store.games.append(game, 0, a, "+2")
    await store.games.take_back(game, 1, a)
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        raw("DELETE FROM actions WHERE game_id = ?", (game,))
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        raw("UPDATE actions SET seat = 1 WHERE game_id = ?", (game,))


async def test_refusals_change_nothing(store: GameStore) -> None:
    game, (a, b) = await two_player_game(store)
    with pytest.raises(TakebackRefused) as nothing:
        await store.games.take_back(game, 0, a)
    assert nothing.value.code == "nothing"
    await store.games.append(game, 0, a, "roll")
    with pytest.raises(TakebackRefused) as rolled:
        await store.games.take_back(game, 1, a)
    assert rolled.value.code == "revealed"
    await store.games.append(game, 1, b, "+1")
    with pytest.raises(TakebackRefused) as other:
        await store.games.take_back(game, 2, a)
    assert other.value.code == "not_yours"
    with pytest.raises(StaleVersion):
        await store.games.take_back(game, 1, b)
    await store.games.take_back(game, 2, b)
    # after b's decision was undone, a may not reach back behind it
    with pytest.raises(TakebackRefused) as since:
        await store.games.take_back(game, 3, a)
    assert since.value.code in ("not_yours", "acted_since")
    assert (await store.games.get(game)).version == 3 and await store.games.verify(game)


async def test_the_acting_seat_may_go_back_step_by_step_but_not_behind_another(store: GameStore) -> None:
    """A takeback after a takeback: the seat's own earlier decision may go too while nobody else
    has a log entry after it; another seat's undone decision blocks reaching behind it."""
    game, (a, b) = await two_player_game(store)
    await store.games.append(game, 0, a, "+1")
    await store.games.append(game, 1, b, "+2")
    await store.games.take_back(game, 2, b)
    with pytest.raises(TakebackRefused) as since:
        await store.games.plan_takeback(game, a)
    assert since.value.code == "acted_since"
    assert (await store.games.get(game)).load_state().total == 1


async def test_a_takeback_of_a_finished_game_is_wrong_status(store: GameStore) -> None:
    game, (a, _) = await two_player_game(store, target=2)
    await store.games.append(game, 0, a, "+2")
    with pytest.raises(WrongStatus):
        await store.games.take_back(game, 1, a)


async def test_clocks_follow_the_takeback(store: GameStore) -> None:
    """The seat that asked waits again with a fresh deadline; the other stops waiting."""
    game, (a, b) = await two_player_game(store)
    await store.games.append(game, 0, a, "+2")
    assert (await store.games.get(game)).clock_of(b).since is not None  # type: ignore[union-attr]
    await store.games.take_back(game, 1, a)
    rec = await store.games.get(game)
    mine, theirs = rec.clock_of(a), rec.clock_of(b)
    assert mine is not None and theirs is not None
    assert mine.since is not None and mine.deadline == mine.since + PACE
    assert theirs.since is None and theirs.deadline is None


async def test_one_open_request_per_game_and_its_end(store: GameStore) -> None:
    game, (a, b) = await two_player_game(store, target=50)
    await store.games.append(game, 0, a, "+2")
    users = (await store.games.get(game)).players
    request, opened, lapsed = await store.agreements.open_takeback(game, 1, 1, a, users[a])
    assert opened and lapsed is None and request.agreed == ()
    again, opened_again, _ = await store.agreements.open_takeback(game, 1, 1, a, users[a])
    assert not opened_again and again == request
    timers = [t for t in await store.clocks.due_timers(1e12) if t.game_id == game and t.kind == "takeback"]
    assert len(timers) == 1 and timers[0].seat is None
    agreed = await store.agreements.agree_takeback(game, 1, users[b])
    assert agreed is not None and agreed.agreed == (users[b],)
    assert await store.agreements.agree_takeback(game, 7, users[b]) is None
    await store.games.take_back(game, 1, a)
    assert await store.agreements.takeback_request(game) is None
    assert not [t for t in await store.clocks.due_timers(1e12) if t.game_id == game and t.kind == "takeback"]


async def test_a_request_is_closed_once(store: GameStore) -> None:
    game, (a, b) = await two_player_game(store)
    await store.games.append(game, 0, a, "+2")
    await store.agreements.open_takeback(game, 1, 1, a, ALICE)
    await store.games.append(game, 1, b, "+1")
    assert await store.agreements.close_takeback(game, older_than=1) is None
    closed = await store.agreements.close_takeback(game, older_than=2)
    assert closed is not None and closed.version == 1
    assert await store.agreements.close_takeback(game) is None


async def test_a_refusal_is_kept_in_the_store_one_request_per_decision(store: GameStore, open_store: OpenStore) -> None:
    """Issue 44 §5: a refused request's decision cannot be asked about again — not after a restart,
    not through another process; a later decision can."""
    game, (a, b) = await two_player_game(store)
    await store.games.append(game, 0, a, "+2")
    await store.agreements.open_takeback(game, 1, 1, a, ALICE)
    assert await store.agreements.close_takeback(game, version=1, refused=True) is not None
    other = await open_store()  # another process, or the same bot after a restart
    with pytest.raises(TakebackRefused) as refused:
        await other.agreements.open_takeback(game, 1, 1, a, ALICE)
    assert refused.value.code == "refused" and await other.agreements.takeback_request(game) is None
    await store.games.append(game, 1, b, "+1")
    await store.games.append(game, 2, a, "+1")
    request, opened, _ = await other.agreements.open_takeback(game, 3, 3, a, ALICE)
    assert opened and request.version == 3, "a later decision may be asked about"
    assert await store.agreements.close_takeback(game, version=3) is not None  # lapsed, not refused
    again, opened_again, _ = await store.agreements.open_takeback(game, 3, 3, a, ALICE)
    assert opened_again and again.version == 3


def test_a_takeback_entry_must_undo_the_last_action_standing() -> None:
    log = [(1, 0, '{"n":"+1"}'), (2, 1, '{"n":"+2"}'), (3, 0, '{"takeback":1}')]
    with pytest.raises(CorruptLog):
        standing(9, log)
    assert standing(9, [*log[:2], (3, 1, '{"takeback":2}')]) == [(1, 0, "+1")]
    with pytest.raises(CorruptLog):
        standing(9, [(1, 0, '{"takeback":"x"}')])


async def test_three_players(store: GameStore) -> None:
    rec = await store.games.create("count", [ALICE, BOB, CAROL], {"target": 50}, 3, GUILD, CHANNEL, ALICE)
    first = GAME.to_act(rec.load_state())[0]
    await store.games.append(rec.id, 0, first, "+3")
    await store.games.take_back(rec.id, 1, first)
    assert (await store.games.get(rec.id)).load_state().total == 0 and await store.games.verify(rec.id)


async def test_an_action_says_whether_a_request_was_open_when_it_committed(store: GameStore) -> None:
    """The table's listener reads the request after an action only when its commit saw one
    (``AppendResult.takeback_open``): one store call fewer for almost every decision."""
    game, (a, b) = await two_player_game(store)
    first = await store.games.append(game, 0, a, "+2")
    assert first.takeback_open is False
    await store.agreements.open_takeback(game, 1, 1, a, ALICE)
    lapsing = await store.games.append(game, 1, b, "+1")
    assert lapsing.takeback_open is True, "the request about version 1 was open: this action may lapse it"
    await store.agreements.close_takeback(game, older_than=lapsing.version)
    assert (await store.games.append(game, 2, a, "+1")).takeback_open is False
