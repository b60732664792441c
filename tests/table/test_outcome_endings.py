"""Issue 18 §1: ``Outcome`` names how a game ended with a typed :class:`~rules.protocol.Ending`, not a
free-text reason; outcomes stored before (with only ``reason``) still load. How each game's UI words
a result from the ending: its ``test_<game>_results.py``."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.toygame import GAMES, Add

# Every reason the code before Ending wrote (engines, table, store), and what it means now.
OLD_REASONS = {
    "flag": (Ending.NORMAL, False),
    "no_moves": (Ending.NO_MOVES, False),
    "both_immobile": (Ending.NO_MOVES, True),
    "move_limit": (Ending.MOVE_LIMIT, True),
    "agreed_draw": (Ending.AGREED_DRAW, True),
    "resign": (Ending.RESIGNED, False),
    "resigned": (Ending.RESIGNED, False),
    "timeout": (Ending.TIMEOUT, False),
    "final_scoring": (Ending.NORMAL, False),
    "automa_wins": (Ending.NORMAL, False),
    "target_reached": (Ending.NORMAL, False),
    "cancelled": (Ending.CANCELLED, False),
    "expired": (Ending.EXPIRED, False),
}


def test_the_ending_is_a_closed_string_enum() -> None:
    assert {e.value for e in Ending} >= {"normal", "resigned", "timeout", "agreed_draw", "no_moves"}
    assert all(isinstance(e, str) and e == e.value for e in Ending)


@pytest.mark.parametrize("ending", list(Ending))
def test_every_ending_round_trips_through_stored_json(ending: Ending) -> None:
    outcome = Outcome(winners=(1,), ending=ending, scores=(3, 4))
    data = json.loads(json.dumps(outcome.to_json(), allow_nan=False))
    assert data["ending"] == ending.value and "reason" not in data
    assert Outcome.from_json(data) == outcome


@pytest.mark.parametrize(("reason", "expected"), sorted(OLD_REASONS.items()))
def test_an_outcome_stored_with_a_reason_loads_with_its_ending(reason: str, expected: tuple[Ending, bool]) -> None:
    ending, draw = expected
    old = {"winners": [] if draw else [0], "reason": reason, "draw": draw, "scores": None}
    assert Outcome.from_json(old) == Outcome(winners=() if draw else (0,), ending=ending, draw=draw)


def test_an_unknown_ending_is_refused_but_an_unknown_old_reason_still_loads() -> None:
    with pytest.raises(ValueError):
        Outcome.from_json({"winners": [0], "ending": "won_somehow"})
    assert Outcome.from_json({"winners": [0], "reason": "won_somehow"}).ending is Ending.NORMAL


async def test_a_game_finished_before_endings_loads_from_the_store(tmp_path: Path) -> None:
    """A row whose outcome JSON has only ``reason`` (written by the code before issue 18's endings)
    reads as a typed outcome through ``get`` and ``games.find``."""
    path = tmp_path / "old.db"
    store = await GameStore.open(path, games=GAMES, clock=lambda: 1_700_000_000.0)
    try:
        rec = await store.games.create("count", [1, 2], {"target": 2}, 5, 9, 10, 1)
        seat = GAMES["count"].to_act(rec.load_state())[0]
        done = await store.games.append(rec.id, rec.version, seat, Add(2))
        assert done.outcome == Outcome(winners=(seat,), ending=Ending.NORMAL)
        old = {"winners": [1 - seat], "reason": "timeout", "draw": False, "scores": None}
        with closing(sqlite3.connect(path)) as conn, conn:
            conn.execute("UPDATE games SET outcome = ? WHERE id = ?", (json.dumps(old), rec.id))
        expected = Outcome(winners=(1 - seat,), ending=Ending.TIMEOUT)
        assert (await store.games.get(rec.id)).outcome == expected
        assert [g.outcome for g in await store.games.find()] == [expected]
    finally:
        await store.close()
