"""Every engine says which seats resigned and dropped out (the Game protocol's ``resigned``): the
clocks leave them out of the decision about a late player (issue 18 §6: no duck typing on views)."""

from __future__ import annotations

import pytest

from cogs import games
from rules.shitenno.actions import Resign as ShitennoResign
from rules.stratego.actions import Resign as StrategoResign
from rules.stroganov.actions import Resign as StroganovResign

RESIGN = {"shitenno": ShitennoResign(), "stroganov": StroganovResign()}


@pytest.mark.parametrize("kind", sorted(RESIGN))
def test_a_seat_that_resigns_in_a_four_player_game_is_named(kind: str) -> None:
    engine = games.kind(kind).engine
    state = engine.new(4, {}, 11)
    assert engine.resigned(state) == ()
    engine.apply(state, 2, RESIGN[kind])
    engine.apply(state, 0, RESIGN[kind])
    assert engine.resigned(state) == (0, 2) and engine.outcome(state) is None


def test_stratego_has_no_seat_out_of_a_running_game() -> None:
    engine = games.kind("stratego").engine
    state = engine.new(2, {}, 11)
    assert engine.resigned(state) == ()
    engine.apply(state, 1, StrategoResign())
    assert engine.resigned(state) == () and engine.outcome(state) is not None, "a resignation ends it"
