"""Which decisions the engines let the players take back by agreement (issue 20 §3): never one
that showed something hidden — a battle or a scout (Stratego), a card into or out of a hand, a
drawn card or a turned tile (Shitenno), a fur from the bag or a turned card (Stroganov) — nor a
resignation. Here every registered game (``tests/kinds.py``): a resignation is never taken back,
and every decision of a whole random game has a verdict that changes nothing; each game's rules,
targeted positions and whole games, are in its own ``test_<game>_takeback.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs import games
from tests import kinds
from tests.toygame import GAME as COUNT
from tests.toygame import Add, Roll


def verdict(game: Any, state: Any, seat: int, action: Any) -> bool:
    """Apply ``action`` to a copy and ask the engine about it."""
    before = game.load(game.dump(state))
    after = game.load(game.dump(state))
    events = game.apply(after, seat, action)
    return bool(game.can_take_back(game.hidden(before), action, after, events))


@pytest.mark.parametrize(("kind", "players"), kinds.counts())
def test_a_resignation_is_never_taken_back(kind: str, players: int) -> None:
    engine = games.kind(kind).engine
    state = engine.new(players, None, players)
    decisions = kinds.random_decisions(kind, state, random.Random(players))
    for (seat, action), _ in zip(decisions, range(5), strict=False):
        engine.apply(state, seat, action)
    for seat in engine.to_act(state):
        assert not verdict(engine, state, seat, engine.parse_action("resign", state)), (kind, seat)


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_every_decision_of_a_game_has_a_verdict_that_changes_nothing(kind: str) -> None:
    """Asking leaves the game as it was: the same state, the same decision after it."""
    engine = games.kind(kind).engine
    state = engine.new(kinds.player_counts(kind)[-1], None, 7)
    allowed = []
    for seat, action in kinds.random_decisions(kind, state, random.Random(7)):
        dumped = engine.dump(state)
        allowed.append(verdict(engine, state, seat, action))
        assert engine.dump(state) == dumped
        engine.apply(state, seat, action)
    assert True in allowed, f"{kind}: no decision of a whole game could be taken back"


# --- the toy game the table's tests use ------------------------------------------------------------


def test_count_an_addition_can_a_roll_cannot() -> None:
    st = COUNT.new(2, {"target": 50}, 1)
    (seat,) = COUNT.to_act(st)
    assert verdict(COUNT, st, seat, Add(2))
    assert not verdict(COUNT, st, seat, Roll())
