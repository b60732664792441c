"""Cancel votes: a running game is cancelled only when every player agrees (DESIGN §1, §4).

The store records each player's vote on their seats and reports who agrees so far; the caller
cancels once that is everyone. Votes are not moves: they bump no version, so no button goes stale.
"""

from __future__ import annotations

import asyncio

import pytest

from db.errors import GameNotFound, NotAPlayer, WrongStatus
from db.records import CancelProposal, VoteMessage
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, OpenStore, Raw
from tests.toygame import GAME, Add


async def test_votes_are_counted_in_seat_order_and_can_be_withdrawn(store: GameStore, raw: Raw) -> None:
    rec = await store.games.create("count", [ALICE, BOB, CAROL], {}, 7, GUILD, CHANNEL, ALICE)
    assert await store.agreements.vote_cancel(rec.id, CAROL) == (CAROL,)
    assert await store.agreements.vote_cancel(rec.id, ALICE) == (ALICE, CAROL)
    assert await store.agreements.vote_cancel(rec.id, ALICE) == (ALICE, CAROL), "voting twice counts once"
    assert await store.agreements.withdraw_cancel_vote(rec.id, CAROL) is None
    await store.agreements.withdraw_cancel_vote(rec.id, CAROL)
    assert await store.agreements.vote_cancel(rec.id, BOB) == (ALICE, BOB)
    assert await store.agreements.vote_cancel(rec.id, CAROL) == (ALICE, BOB, CAROL)
    rows = raw("SELECT seat, cancel_vote FROM seats WHERE game_id = ? ORDER BY seat", (rec.id,))
    assert rows == [(0, 1), (1, 1), (2, 1)]


async def test_votes_bump_no_version_and_survive_moves_and_restarts(store: GameStore, open_store: OpenStore) -> None:
    """A vote must not make the players' move buttons stale, and a restart keeps the votes."""
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    await store.agreements.vote_cancel(rec.id, BOB)
    assert (await store.games.get(rec.id)).version == 0
    moved = await store.games.append(rec.id, 0, GAME.to_act(rec.load_state())[0], Add(1))
    assert moved.version == 1
    await store.close()
    async with await open_store() as reopened:
        assert await reopened.agreements.vote_cancel(rec.id, ALICE) == (ALICE, BOB)
        assert (await reopened.games.get(rec.id)).version == 1
        assert await reopened.games.verify(rec.id)


async def test_a_player_holding_two_seats_votes_once_for_both(store: GameStore, raw: Raw) -> None:
    rec = await store.games.create("count", [ALICE, BOB, ALICE], {}, 7, GUILD, CHANNEL, ALICE)
    assert await store.agreements.vote_cancel(rec.id, ALICE) == (ALICE,)
    rows = raw("SELECT seat FROM seats WHERE game_id = ? AND cancel_vote = 1 ORDER BY seat", (rec.id,))
    assert rows == [(0,), (2,)]
    await store.agreements.withdraw_cancel_vote(rec.id, ALICE)
    assert await store.agreements.vote_cancel(rec.id, BOB) == (BOB,)


async def test_only_players_of_a_running_game_vote(store: GameStore) -> None:
    """A lobby or challenge is cancelled by its creator, an ended game not at all: WrongStatus.
    A spectator has no say: NotAPlayer. Neither records anything."""
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    with pytest.raises(NotAPlayer) as info:
        await store.agreements.vote_cancel(rec.id, DAVE)
    assert (info.value.game_id, info.value.user_id) == (rec.id, DAVE)
    with pytest.raises(NotAPlayer):
        await store.agreements.withdraw_cancel_vote(rec.id, DAVE)
    assert await store.agreements.vote_cancel(rec.id, ALICE) == (ALICE,)

    lobby = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL, seats=[ALICE, BOB])
    finished = await store.games.create("count", [ALICE, BOB], {}, 8, GUILD, CHANNEL, ALICE)
    await store.games.finish(finished.id, Outcome(winners=(0,), ending=Ending.RESIGNED))
    await store.games.cancel(rec.id, ALICE)
    for game_id, status in ((lobby.id, "lobby"), (finished.id, "finished"), (rec.id, "cancelled")):
        with pytest.raises(WrongStatus) as wrong:
            await store.agreements.vote_cancel(game_id, BOB)
        assert (wrong.value.status, wrong.value.allowed) == (status, ("active",))
        with pytest.raises(WrongStatus):
            await store.agreements.withdraw_cancel_vote(game_id, ALICE)
    with pytest.raises(GameNotFound):
        await store.agreements.vote_cancel(4242, ALICE)


async def test_agree_cancel_opens_one_proposal_and_tells_a_repeat_from_a_new_agreement(store: GameStore) -> None:
    """Issue 18 §5: the first agreement opens the game's one proposal (its caller posts it); a
    repeat by the same player is not counted again; another player's agreement is new but opens
    nothing, and sees where the proposal was posted."""
    rec = await store.games.create("count", [ALICE, BOB, CAROL], {}, 7, GUILD, CHANNEL, ALICE)
    first = await store.agreements.agree_cancel(rec.id, BOB)
    assert first == CancelProposal(BOB, (BOB,), counted=True, opened=True)
    again = await store.agreements.agree_cancel(rec.id, BOB)
    assert again == CancelProposal(BOB, (BOB,), counted=False, opened=False)
    await store.agreements.set_cancel_message(rec.id, 555, 666)
    for _ in range(3):
        assert await store.agreements.agree_cancel(rec.id, BOB) == CancelProposal(BOB, (BOB,), False, False, 555, 666)
    other = await store.agreements.agree_cancel(rec.id, ALICE)
    assert other == CancelProposal(BOB, (ALICE, BOB), counted=True, opened=False, channel_id=555, message_id=666)
    assert (await store.games.get(rec.id)).version == rec.version, "agreements bump no version"


async def test_two_first_agreements_at_once_open_one_proposal(open_store: OpenStore) -> None:
    """Issue 18 §5: two processes, two players agreeing at the same moment: one proposal."""
    a, b = await open_store(), await open_store()
    rec = await a.games.create("count", [ALICE, BOB, CAROL], {}, 7, GUILD, CHANNEL, ALICE)
    results = await asyncio.gather(a.agreements.agree_cancel(rec.id, ALICE), b.agreements.agree_cancel(rec.id, BOB))
    assert sorted(r.opened for r in results) == [False, True]
    assert all(r.counted for r in results)
    assert max(results, key=lambda r: len(r.agreed)).agreed == (ALICE, BOB)


async def test_a_proposal_nobody_agrees_to_any_more_closes(store: GameStore) -> None:
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    assert (await store.agreements.agree_cancel(rec.id, ALICE)).opened
    await store.agreements.set_cancel_message(rec.id, 1, 2)
    await store.agreements.withdraw_cancel_vote(rec.id, ALICE)
    assert await store.agreements.agree_cancel(rec.id, BOB) == CancelProposal(BOB, (BOB,), counted=True, opened=True)


async def test_agree_cancel_refuses_outsiders_and_games_not_running(store: GameStore) -> None:
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    with pytest.raises(NotAPlayer):
        await store.agreements.agree_cancel(rec.id, DAVE)
    await store.games.finish(rec.id, Outcome(winners=(0,), ending=Ending.RESIGNED))
    with pytest.raises(WrongStatus):
        await store.agreements.agree_cancel(rec.id, ALICE)
    with pytest.raises(GameNotFound):
        await store.agreements.agree_cancel(4242, ALICE)


async def test_a_deadline_question_is_taken_once(store: GameStore) -> None:
    """Issue 18 §4: the message asking about a seat's deadline lives in the store, per seat, and
    is taken (to be retired) by one caller only."""
    rec = await store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    assert await store.agreements.take_vote_message(rec.id, 0) is None
    await store.agreements.set_vote_message(rec.id, 0, 10, 20, "first")
    await store.agreements.set_vote_message(rec.id, 0, 11, 21, "second")
    await store.agreements.set_vote_message(rec.id, 1, 12, 22, "other seat")
    assert await store.agreements.take_vote_message(rec.id, 0) == VoteMessage(11, 21, "second")
    assert await store.agreements.take_vote_message(rec.id, 0) is None
    assert await store.agreements.take_vote_message(rec.id, 1) == VoteMessage(12, 22, "other seat")
    assert await store.agreements.take_vote_message(rec.id, 10**30) is None
