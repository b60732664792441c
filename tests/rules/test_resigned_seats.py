"""Every engine says which seats resigned and dropped out (the Game protocol's ``resigned``): the
clocks leave them out of the decision about a late player (issue 18 §6: no duck typing on views).
Every registered game is asked (its resignation read from its own notation, ``resign``)."""

from __future__ import annotations

import pytest

from cogs import games

KINDS = sorted(k.name for k in games.registered() if not k.cog.__name__.startswith("tests."))
"""The bot's games (the toy game of the end-to-end tests registers when its cog loads)."""


@pytest.mark.parametrize("kind", [name for name in KINDS if games.kind(name).engine.max_players >= 3])
def test_a_seat_that_resigns_in_a_game_of_three_or_more_is_named(kind: str) -> None:
    """In a game of its most players, two seats resign: both are named, the rest play on."""
    engine = games.kind(kind).engine
    state = engine.new(engine.max_players, {}, 11)
    assert engine.resigned(state) == ()
    engine.apply(state, 2, engine.parse_action("resign", state))
    engine.apply(state, 0, engine.parse_action("resign", state))
    assert engine.resigned(state) == (0, 2) and engine.outcome(state) is None


@pytest.mark.parametrize("kind", [name for name in KINDS if games.kind(name).engine.max_players == 2])
def test_a_two_player_game_has_no_seat_out_of_a_running_game(kind: str) -> None:
    """A resignation ends a game of two: no seat is ever out of one still running."""
    engine = games.kind(kind).engine
    state = engine.new(2, {}, 11)
    assert engine.resigned(state) == ()
    engine.apply(state, 1, engine.parse_action("resign", state))
    assert engine.resigned(state) == () and engine.outcome(state) is not None, "a resignation ends it"
