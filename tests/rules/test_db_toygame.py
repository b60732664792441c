"""The toy "count" engine the store tests rely on must itself honour the engine protocol (DESIGN §3),
or the store tests would prove nothing about real engines."""

from __future__ import annotations

import pytest

from rules.errors import BadNotation, BadOptions, GameOver, IllegalAction, NotYourTurn
from tests.toygame import GAME, Add, Roll


def test_notation_round_trips_and_bad_text_is_bad_notation() -> None:
    for action in (Add(1), Add(3), Roll()):
        assert GAME.parse_action(action.notation()) == action
    for text in ("", "+", "-1", "+1x", "castle"):
        with pytest.raises(BadNotation):
            GAME.parse_action(text)


def test_options_and_player_counts_are_validated() -> None:
    with pytest.raises(BadOptions):
        GAME.new(1, {}, 0)
    with pytest.raises(BadOptions):
        GAME.new(5, {}, 0)
    with pytest.raises(BadOptions):
        GAME.new(2, {"max_step": 0}, 0)


def test_same_seed_same_game_and_dump_load_round_trips() -> None:
    """All randomness comes from the seeded generator in the state (DESIGN §3)."""
    a, b = GAME.new(3, {"target": 100}, 42), GAME.new(3, {"target": 100}, 42)
    for _ in range(10):
        seat = GAME.to_act(a)[0]
        assert GAME.apply(a, seat, Roll()) == GAME.apply(b, seat, Roll())
        assert GAME.dump(GAME.load(GAME.dump(a))) == GAME.dump(a) == GAME.dump(b)
    assert len(a.rolls) == 10


def test_rule_errors_and_the_end_of_the_game() -> None:
    state = GAME.new(2, {"target": 3, "max_step": 3}, 1)
    seat = GAME.to_act(state)[0]
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1 - seat, Add(1))
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, Add(4))
    assert GAME.outcome(state) is None
    GAME.apply(state, seat, Add(3))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (seat,)
    assert GAME.to_act(state) == ()
    with pytest.raises(GameOver):
        GAME.apply(state, 1 - seat, Add(1))
