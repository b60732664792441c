"""Any action, from any seat, in positions of real games: it is applied, or refused with a rule error
that leaves the state exactly as it was (ST-0.2, ST-20.9). Actions built in code with values outside
their domain are refused as bad notation, never with another exception."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import BadNotation, RuleError
from rules.stroganov import GAME
from rules.stroganov.actions import Claim, Fulfil, Gold, Hunt, Move, Paid, Step, Trade, Trophy
from rules.stroganov.state import TIGER, StroganovState
from tests.rules.test_stroganov_notation import actions
from tests.stroganov_play import random_player

FUR_TOTAL = 76


@functools.cache
def positions() -> tuple[dict[str, Any], ...]:
    """Dumps of positions from seeded random games, every player count, at 5 %, 30 %, 60 % and 90 %
    of the game (so the board choice, every season and winter decisions all occur)."""
    out = []
    for players in (1, 2, 3, 4):
        st_ = GAME.new(players, None, players)
        player = random_player(random.Random(players))
        dumps = [GAME.dump(st_)]
        while GAME.outcome(st_) is None:
            seat = GAME.to_act(st_)[0]
            GAME.apply(st_, seat, player(st_, seat))
            dumps.append(GAME.dump(st_))
        out += [dumps[int(len(dumps) * f)] for f in (0.0, 0.3, 0.6, 0.9)]
    return tuple(out)


def furs(s: StroganovState) -> int:
    total = len(s.bag) + len(s.market) + sum(len(c.furs) for c in s.cossacks)
    return total + sum(sum(1 for v in line if v != TIGER) for line in s.items)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 15), st.integers(0, 7), actions)
def test_any_action_is_applied_or_refused_without_change(index: int, who: int, action: Any) -> None:
    """Half of the attempts come from the seat that must act, half from any seat."""
    data = positions()[index]
    state = GAME.load(data)
    seat = GAME.to_act(state)[0] if who < 4 else who % state.players
    try:
        GAME.apply(state, seat, action)
    except RuleError:
        assert GAME.dump(state) == data
        return
    assert furs(state) == FUR_TOTAL
    assert Counter(c.stamp for c in state.cossacks).most_common(1)[0][1] == 1
    assert GAME.load(GAME.dump(state)) == state


@pytest.mark.parametrize(
    "action",
    [Move(0), Move(9), Step("n", 1), Step("e", 0), Hunt(()), Hunt((3, 1)), Hunt((2, 2)), Hunt((1,), True),
     Trade(("fur", 5), ("coin", "fly")), Trade(("gold", 5), ("coin", "coin")), Gold("castle", 1), Gold("wish", 9),
     Claim("L01", ()), Fulfil("TW-S1", (("fur", 2), ("bag", 2))), Trophy(("fur", 12)),
     Paid(Paid(Gold("wish", 1), ("fur", 3)), ("fur", 3)), "coin", None],
)  # fmt: skip
def test_malformed_actions_are_bad_notation(action: Any) -> None:
    state = GAME.load(positions()[1])
    before = GAME.dump(state)
    with pytest.raises(BadNotation):
        GAME.apply(state, GAME.to_act(state)[0], action)
    assert GAME.dump(state) == before
