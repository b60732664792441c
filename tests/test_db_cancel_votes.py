"""Cancel votes: a running game is cancelled only when every player agrees (DESIGN §1, §4).

The store records each player's vote on their seats and reports who agrees so far; the caller
cancels once that is everyone. Votes are not moves: they bump no version, so no button goes stale.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from db.errors import GameNotFound, NotAPlayer, WrongStatus
from db.store import GameStore
from rules.protocol import Outcome
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, clock
from tests.toygame import GAME, GAMES, Add


async def test_votes_are_counted_in_seat_order_and_can_be_withdrawn(store: GameStore, db_path: Path) -> None:
    rec = await store.create("count", [ALICE, BOB, CAROL], {}, 7, GUILD, CHANNEL, ALICE)
    assert await store.vote_cancel(rec.id, CAROL) == (CAROL,)
    assert await store.vote_cancel(rec.id, ALICE) == (ALICE, CAROL)
    assert await store.vote_cancel(rec.id, ALICE) == (ALICE, CAROL), "voting twice counts once"
    assert await store.withdraw_cancel_vote(rec.id, CAROL) is None
    await store.withdraw_cancel_vote(rec.id, CAROL)
    assert await store.vote_cancel(rec.id, BOB) == (ALICE, BOB)
    assert await store.vote_cancel(rec.id, CAROL) == (ALICE, BOB, CAROL)
    with closing(sqlite3.connect(db_path)) as conn:
        rows = conn.execute("SELECT seat, cancel_vote FROM seats WHERE game_id = ? ORDER BY seat", (rec.id,))
        assert rows.fetchall() == [(0, 1), (1, 1), (2, 1)]


async def test_votes_bump_no_version_and_survive_moves_and_restarts(store: GameStore, db_path: Path) -> None:
    """A vote must not make the players' move buttons stale, and a restart keeps the votes."""
    rec = await store.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    await store.vote_cancel(rec.id, BOB)
    assert (await store.get(rec.id)).version == 0
    moved = await store.append(rec.id, 0, GAME.to_act(rec.load_state())[0], Add(1))
    assert moved.version == 1
    await store.close()
    async with await GameStore.open(db_path, games=GAMES, clock=clock) as reopened:
        assert await reopened.vote_cancel(rec.id, ALICE) == (ALICE, BOB)
        assert (await reopened.get(rec.id)).version == 1
        assert await reopened.verify(rec.id)


async def test_a_player_holding_two_seats_votes_once_for_both(store: GameStore, db_path: Path) -> None:
    rec = await store.create("count", [ALICE, BOB, ALICE], {}, 7, GUILD, CHANNEL, ALICE)
    assert await store.vote_cancel(rec.id, ALICE) == (ALICE,)
    with closing(sqlite3.connect(db_path)) as conn:
        rows = conn.execute("SELECT seat FROM seats WHERE game_id = ? AND cancel_vote = 1 ORDER BY seat", (rec.id,))
        assert rows.fetchall() == [(0,), (2,)]
    await store.withdraw_cancel_vote(rec.id, ALICE)
    assert await store.vote_cancel(rec.id, BOB) == (BOB,)


async def test_only_players_of_a_running_game_vote(store: GameStore) -> None:
    """A lobby or challenge is cancelled by its creator, an ended game not at all: WrongStatus.
    A spectator has no say: NotAPlayer. Neither records anything."""
    rec = await store.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    with pytest.raises(NotAPlayer) as info:
        await store.vote_cancel(rec.id, DAVE)
    assert (info.value.game_id, info.value.user_id) == (rec.id, DAVE)
    with pytest.raises(NotAPlayer):
        await store.withdraw_cancel_vote(rec.id, DAVE)
    assert await store.vote_cancel(rec.id, ALICE) == (ALICE,)

    lobby = await store.create_lobby("count", ALICE, {}, GUILD, CHANNEL, seats=[ALICE, BOB])
    finished = await store.create("count", [ALICE, BOB], {}, 8, GUILD, CHANNEL, ALICE)
    await store.finish(finished.id, Outcome(winners=(0,), reason="resigned"))
    await store.cancel(rec.id, ALICE)
    for game_id, status in ((lobby.id, "lobby"), (finished.id, "finished"), (rec.id, "cancelled")):
        with pytest.raises(WrongStatus) as wrong:
            await store.vote_cancel(game_id, BOB)
        assert (wrong.value.status, wrong.value.allowed) == (status, ("active",))
        with pytest.raises(WrongStatus):
            await store.withdraw_cancel_vote(game_id, ALICE)
    with pytest.raises(GameNotFound):
        await store.vote_cancel(4242, ALICE)
