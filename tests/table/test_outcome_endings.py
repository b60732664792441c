"""Issue 18 §1: ``Outcome`` names how a game ended with a typed :class:`~rules.protocol.Ending`, not a
free-text reason; outcomes stored before (with only ``reason``) still load; the UIs word a result
from the ending."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from cogs.stratego.ui import StrategoUI
from cogs.stroganov.ui import StroganovUI
from db.store import GameStore
from rules.protocol import Ending, Outcome
from rules.stratego import GAME as STRATEGO
from rules.stratego.actions import AcceptDraw, OfferDraw, Resign, parse_action
from rules.stratego.state import StrategoState
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Resign as StroganovResign
from tests.stratego_positions import position
from tests.stroganov_positions import started
from tests.table.test_shitenno_ui import record
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


# -- the engines and their words ----------------------------------------------------------------


def stratego_ended(how: str) -> StrategoState:
    """A Stratego game that just ended ``how`` (SG-4.7, SG-6)."""
    if how == "flag":
        st = position("R4@E5 BF@E6")
        moves = ["E5xE6"]
    elif how == "no_moves":
        st = position("R7@E5 B6@E6 BB@A10 BF@B10 RF@A1", spare=False)
        moves = ["E5xE6"]
    elif how == "both_immobile":
        st = position("R6@E5 B6@E6 RF@A1 BF@J10", spare=False)
        moves = ["E5xE6"]
    elif how == "move_limit":
        st = position("R7@A4 B7@J7", no_capture_limit=4, spare=False)
        moves = ["A4-A5", "J7-J6", "A5-A6", "J6-J5"]
    else:
        st = position("R6@E5 B6@E7")
        moves = []
    for m in moves:
        STRATEGO.apply(st, STRATEGO.to_act(st)[0], parse_action(m))
    if how == "resign":
        STRATEGO.apply(st, 1, Resign())
    if how == "agreed_draw":
        STRATEGO.apply(st, 0, OfferDraw())
        STRATEGO.apply(st, 0, parse_action("E5-E6"))
        STRATEGO.apply(st, 1, AcceptDraw())
    return st


@pytest.mark.parametrize(
    ("how", "ending", "draw", "words"),
    [
        ("flag", Ending.NORMAL, False, "the flag was captured"),
        ("no_moves", Ending.NO_MOVES, False, "no legal move left"),
        ("both_immobile", Ending.NO_MOVES, True, "neither side can move"),
        ("move_limit", Ending.MOVE_LIMIT, True, "no battle for too long"),
        ("agreed_draw", Ending.AGREED_DRAW, True, "agreed"),
        ("resign", Ending.RESIGNED, False, "resignation"),
    ],
)
def test_stratego_endings_and_their_words(how: str, ending: Ending, draw: bool, words: str) -> None:
    """SG-6.5: each way a Stratego game ends is one ending (flag and no movable piece apart, the
    draw flag telling a stalemate from a win), and the UI words it from the outcome."""
    st = stratego_ended(how)
    assert st.reason == how
    outcome = STRATEGO.outcome(st)
    assert outcome is not None and (outcome.ending, outcome.draw) == (ending, draw)
    text = StrategoUI().outcome_text(replace(record(2), kind="stratego"), st, "en")
    assert words in text and ("draw" in text) == draw


def test_a_solo_stroganov_resignation_is_ivans_win_in_words() -> None:
    """ST-R.2: solo, resigning lets Ivan win: the ending is ``resigned`` with no winners, and the
    result names Ivan (not an empty list of winners)."""
    st = started(1, 4)
    STROGANOV.apply(st, 0, StroganovResign())
    outcome = STROGANOV.outcome(st)
    assert outcome is not None and outcome.ending is Ending.RESIGNED and outcome.automa_won
    text = StroganovUI().outcome_text(replace(record(1), kind="stroganov"), st, "en")
    assert text.startswith("Ivan wins after a resignation"), text
