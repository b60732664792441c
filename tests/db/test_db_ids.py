"""An id no game can have is "not found", never an OverflowError from binding it (DESIGN §4).

Ids come from custom ids of old buttons and from typed command options; SQLite's INTEGER is a
signed 64-bit number, and binding a larger Python int raises OverflowError before any query.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from db.errors import GameNotFound, NotAPlayer
from db.records import LobbyShape, TurnPage
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db_fixtures import repositories
from tests.toygame import Add

ALICE, BOB = 101, 102

CALLS: dict[str, Callable[[GameStore, int], Awaitable[Any]]] = {
    "games.get": lambda s, g: s.games.get(g),
    "games.append": lambda s, g: s.games.append(g, 0, 0, Add(1)),
    "games.start": lambda s, g: s.games.start(g, [ALICE, BOB], 1),
    "lobbies.set_seats": lambda s, g: s.lobbies.set_seats(g, [ALICE, BOB]),
    "games.set_thread": lambda s, g: s.games.set_thread(g, 1),
    "games.set_message": lambda s, g: s.games.set_message(g, 1),
    "games.finish": lambda s, g: s.games.finish(g, Outcome(winners=(0,), ending=Ending.RESIGNED)),
    "games.cancel": lambda s, g: s.games.cancel(g, ALICE),
    "games.actions": lambda s, g: s.games.actions(g),
    "games.replay": lambda s, g: s.games.replay(g),
    "games.verify": lambda s, g: s.games.verify(g),
    "prefs.mark_dm_warned": lambda s, g: s.prefs.mark_dm_warned(g, ALICE),
    "agreements.vote_cancel": lambda s, g: s.agreements.vote_cancel(g, ALICE),
    "agreements.withdraw_cancel_vote": lambda s, g: s.agreements.withdraw_cancel_vote(g, ALICE),
    "agreements.agree_cancel": lambda s, g: s.agreements.agree_cancel(g, ALICE),
    "agreements.set_cancel_message": lambda s, g: s.agreements.set_cancel_message(g, 1, 2),
    "agreements.set_vote_message": lambda s, g: s.agreements.set_vote_message(g, 0, 1, 2, "question"),
    "agreements.take_vote_message": lambda s, g: s.agreements.take_vote_message(g, 0),
    "clocks.add_timer": lambda s, g: s.clocks.add_timer(g, 0, "half", 1.0),
    "clocks.extend_deadline": lambda s, g: s.clocks.extend_deadline(g, 0),
    "clocks.overdue_now": lambda s, g: s.clocks.overdue_now(g, 0),
    "clocks.set_absent": lambda s, g: s.clocks.set_absent(g, 0, "normal"),
    "clocks.nudge": lambda s, g: s.clocks.nudge(g),
    "games.expire": lambda s, g: s.games.expire(g),
    "outbox.changes_of": lambda s, g: s.outbox.changes_of(g),
    "outbox.claim": lambda s, g: s.outbox.claim(g, 1, None),
    "outbox.step": lambda s, g: s.outbox.step(g, 1, "post"),
    "outbox.told": lambda s, g: s.outbox.told(g, 1),
    "lobbies.set_shape": lambda s, g: s.lobbies.set_shape(g, LobbyShape(False)),
    "lobbies.shape": lambda s, g: s.lobbies.shape(g),
    "pages.get": lambda s, g: s.pages.get(g),
    "pages.save": lambda s, g: s.pages.save(g, TurnPage()),
    "pages.hold": lambda s, g: s.pages.hold(g),
    "pages.release": lambda s, g: s.pages.release(g),
    "clocks.claim_autoplay": lambda s, g: s.clocks.claim_autoplay(g, 60.0),
    "clocks.release_autoplay": lambda s, g: s.clocks.release_autoplay(g),
    "clocks.schedule_autoplay": lambda s, g: s.clocks.schedule_autoplay(g, 3.0),
    "games.plan_takeback": lambda s, g: s.games.plan_takeback(g, 0),
    "games.take_back": lambda s, g: s.games.take_back(g, 0, 0),
    "agreements.open_takeback": lambda s, g: s.agreements.open_takeback(g, 0, 1, 0, ALICE),
    "agreements.set_takeback_message": lambda s, g: s.agreements.set_takeback_message(g, 0, 1, 2, "request"),
    "agreements.agree_takeback": lambda s, g: s.agreements.agree_takeback(g, 0, BOB),
    "agreements.takeback_request": lambda s, g: s.agreements.takeback_request(g),
    "agreements.close_takeback": lambda s, g: s.agreements.close_takeback(g),
    "lobbies.open_rematch": lambda s, g: s.lobbies.open_rematch(g, ALICE, [ALICE], {}, LobbyShape(False)),
    "lobbies.rematch_of": lambda s, g: s.lobbies.rematch_of(g),
    "ratings.rate": lambda s, g: s.ratings.rate(g),
    "leagues.table_of_game": lambda s, g: s.leagues.table_of_game(g),
}


pytestmark = pytest.mark.store(clock=lambda: 0.0)


@pytest.fixture
async def store(store: GameStore) -> GameStore:
    """The shared store (tests/conftest.py) with game 1 in it."""
    await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
    return store


def test_every_method_taking_a_game_id_is_covered() -> None:
    """A method added to a repository's Protocol with a ``game_id`` parameter must be added here too."""
    taking = {
        f"{area}.{name}"
        for area, protocol in repositories().items()
        for name, member in vars(protocol).items()
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
        assert (await store.games.get(1)).version == 0, f"{game_id}: the store stays usable and the real game untouched"


async def test_an_impossible_user_id_is_no_player(store: GameStore) -> None:
    """A user id beyond 64 bits holds no seat: no DM notice to record, no vote to count."""
    assert await store.prefs.mark_dm_warned(1, 10**30) is False
    with pytest.raises(NotAPlayer):
        await store.agreements.vote_cancel(1, 10**30)
    with pytest.raises(NotAPlayer):
        await store.agreements.withdraw_cancel_vote(1, -(10**30))
