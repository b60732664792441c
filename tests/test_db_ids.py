"""An id no game can have is "not found", never an OverflowError from binding it (DESIGN §4).

Ids come from custom ids of old buttons and from typed command options; SQLite's INTEGER is a
signed 64-bit number, and binding a larger Python int raises OverflowError before any query.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from db.base import Store
from db.errors import GameNotFound, NotAPlayer
from db.records import LobbyShape, TurnPage
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db_fixtures import OpenStore
from tests.toygame import Add

ALICE, BOB = 101, 102

CALLS: dict[str, Callable[[GameStore, int], Awaitable[Any]]] = {
    "get": lambda s, g: s.get(g),
    "append": lambda s, g: s.append(g, 0, 0, Add(1)),
    "start": lambda s, g: s.start(g, [ALICE, BOB], 1),
    "set_seats": lambda s, g: s.set_seats(g, [ALICE, BOB]),
    "set_thread": lambda s, g: s.set_thread(g, 1),
    "set_message": lambda s, g: s.set_message(g, 1),
    "finish": lambda s, g: s.finish(g, Outcome(winners=(0,), ending=Ending.RESIGNED)),
    "cancel": lambda s, g: s.cancel(g, ALICE),
    "actions": lambda s, g: s.actions(g),
    "replay": lambda s, g: s.replay(g),
    "verify": lambda s, g: s.verify(g),
    "mark_dm_warned": lambda s, g: s.mark_dm_warned(g, ALICE),
    "vote_cancel": lambda s, g: s.vote_cancel(g, ALICE),
    "withdraw_cancel_vote": lambda s, g: s.withdraw_cancel_vote(g, ALICE),
    "agree_cancel": lambda s, g: s.agree_cancel(g, ALICE),
    "set_cancel_message": lambda s, g: s.set_cancel_message(g, 1, 2),
    "set_vote_message": lambda s, g: s.set_vote_message(g, 0, 1, 2, "question"),
    "take_vote_message": lambda s, g: s.take_vote_message(g, 0),
    "add_timer": lambda s, g: s.add_timer(g, 0, "half", 1.0),
    "extend_deadline": lambda s, g: s.extend_deadline(g, 0),
    "overdue_now": lambda s, g: s.overdue_now(g, 0),
    "set_absent": lambda s, g: s.set_absent(g, 0, True),
    "nudge": lambda s, g: s.nudge(g),
    "expire_lobby": lambda s, g: s.expire_lobby(g),
    "changes_of": lambda s, g: s.changes_of(g),
    "claim_change": lambda s, g: s.claim_change(g, 1, None),
    "change_step": lambda s, g: s.change_step(g, 1, "post"),
    "told": lambda s, g: s.told(g, 1),
    "set_lobby_shape": lambda s, g: s.set_lobby_shape(g, LobbyShape(False)),
    "lobby_shape": lambda s, g: s.lobby_shape(g),
    "turn_page": lambda s, g: s.turn_page(g),
    "set_turn_page": lambda s, g: s.set_turn_page(g, TurnPage()),
    "hold_turn_page": lambda s, g: s.hold_turn_page(g),
    "release_turn_page": lambda s, g: s.release_turn_page(g),
    "claim_autoplay": lambda s, g: s.claim_autoplay(g, 60.0),
    "release_autoplay": lambda s, g: s.release_autoplay(g),
    "plan_takeback": lambda s, g: s.plan_takeback(g, 0),
    "take_back": lambda s, g: s.take_back(g, 0, 0),
    "open_takeback": lambda s, g: s.open_takeback(g, 0, 1, 0, ALICE),
    "set_takeback_message": lambda s, g: s.set_takeback_message(g, 0, 1, 2, "request"),
    "agree_takeback": lambda s, g: s.agree_takeback(g, 0, BOB),
    "takeback_request": lambda s, g: s.takeback_request(g),
    "close_takeback": lambda s, g: s.close_takeback(g),
    "open_rematch": lambda s, g: s.open_rematch(g, ALICE, [ALICE], {}, LobbyShape(False)),
    "rematch_lobby": lambda s, g: s.rematch_lobby(g),
    "rate": lambda s, g: s.rate(g),
}


@pytest.fixture
async def store(open_store: OpenStore) -> GameStore:
    s = await open_store(clock=lambda: 0.0)
    await s.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    return s


def test_every_method_taking_a_game_id_is_covered() -> None:
    """A method added to the Protocol with a ``game_id`` parameter must be added here too."""
    taking = {
        name
        for name, member in vars(Store).items()
        if not name.startswith("_") and callable(member) and "game_id" in inspect.signature(member).parameters
    }
    assert taking == set(CALLS)


IMPOSSIBLE_OR_UNKNOWN = (10**30, -(10**30), 2**63, -(2**63) - 1, -1, 0, 2**63 - 1)


@pytest.mark.parametrize("name", list(CALLS))
async def test_an_impossible_or_unknown_id_is_game_not_found(store: GameStore, name: str) -> None:
    """Every id of ``IMPOSSIBLE_OR_UNKNOWN`` on one store (a fresh store per id made this file
    a sixth of the suite's time on PostgreSQL)."""
    for game_id in IMPOSSIBLE_OR_UNKNOWN:
        with pytest.raises(GameNotFound) as info:
            await CALLS[name](store, game_id)
        assert info.value.game_id == game_id
        assert (await store.get(1)).version == 0, f"{game_id}: the store stays usable and the real game untouched"


async def test_an_impossible_user_id_is_no_player(store: GameStore) -> None:
    """A user id beyond 64 bits holds no seat: no DM notice to record, no vote to count."""
    assert await store.mark_dm_warned(1, 10**30) is False
    with pytest.raises(NotAPlayer):
        await store.vote_cancel(1, 10**30)
    with pytest.raises(NotAPlayer):
        await store.withdraw_cancel_vote(1, -(10**30))
