"""Which Stroganov decisions the players may take back by agreement (issue 20 §3,
``test_takeback_engines.py``): never a fur from the bag or a turned card, nor a resignation; every
decision of whole random games."""

from __future__ import annotations

import random

import pytest

from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Draw
from rules.stroganov.actions import Resign as StroganovResign
from tests.rules.test_takeback_engines import verdict
from tests.stroganov_play import random_players


@pytest.mark.parametrize(("players", "seed"), [(1, 4), (2, 5), (3, 6)])
def test_stroganov_every_decision_of_a_game(players: int, seed: int) -> None:
    st = STROGANOV.new(players, None, seed)
    rnd = random.Random(seed)
    seats = [random_players(s, rnd) for s in range(players)]
    verdicts: list[tuple[str, bool]] = []
    while st.stage != "finished":
        (seat,) = STROGANOV.to_act(st)
        action = seats[seat](st, seat)
        before = STROGANOV.load(STROGANOV.dump(st))
        events = STROGANOV.apply(st, seat, action)
        can = STROGANOV.can_take_back(STROGANOV.hidden(before), action, st, events)
        verdicts.append((type(action).__name__, can))
        if isinstance(action, (Draw, StroganovResign)):
            assert not can, "ST-10.2: a fur drawn from the bag at random"
        if any(e["type"] == "ivan_flip" for e in events):
            assert not can, "ST-15: Ivan's card was turned"
        if can:
            assert st.rng == before.rng and st.automa == before.automa and st.landscapes == before.landscapes
    kinds_allowed = {k for k, can in verdicts if can}
    assert {"Move", "EndTurn"} & kinds_allowed, "plain decisions of a turn can be taken back"
    assert not all(can for _, can in verdicts)


def test_stroganov_a_resignation_cannot() -> None:
    st = STROGANOV.new(2, None, 1)
    (seat,) = STROGANOV.to_act(st)
    assert not verdict(STROGANOV, st, seat, StroganovResign())
