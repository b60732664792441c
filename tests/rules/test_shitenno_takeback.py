"""Which Shitenno decisions the players may take back by agreement (issue 20 §3,
``test_takeback_engines.py``): never a card into or out of a hand, a drawn card or a turned tile,
nor a resignation; every decision of whole random games."""

from __future__ import annotations

import random

import pytest

from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import ConquerKoku, ConquerTroops, FormLot, Split, UseDraw
from rules.shitenno.actions import Resign as ShitennoResign
from tests.shitenno_play import random_actions

NEVER = (ConquerTroops, ConquerKoku, UseDraw, ShitennoResign)
"""SH-8.9 (cards paid from a hand, a stack's tile turned), SH-8.11 (a card drawn), SH-R.1."""


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_shitenno_every_decision_of_a_game(players: int, seed: int) -> None:
    st = SHITENNO.new(players, None, seed)
    seen: dict[str, set[bool]] = {}
    for seat, action in random_actions(st, random.Random(seed)):
        before = SHITENNO.hidden(st)
        events = SHITENNO.apply(st, seat, action)
        can = SHITENNO.can_take_back(before, action, st, events)
        seen.setdefault(type(action).__name__, set()).add(can)
        types = {e["type"] for e in events}
        into_hand = any(e["type"] == "lot_received" and e["cards"] for e in events)
        if isinstance(action, NEVER):
            assert not can, action
        elif isinstance(action, (FormLot, Split)):
            assert can, "SH-7.5: lots are formed from the public pool"
        elif into_hand or "round_started" in types or "game_over" in types:
            assert not can, (action, types)  # SH-7.6: cards into a hand; SH-7.3: a new pool dealt
        else:
            assert can, (action, types)  # a refusal passing the lot on, an empty lot, a flip, an end of turn
    assert False in seen.get("Accept", set()) | seen.get("Choose", set()), "receiving cards: never"
    assert True in seen.get("FormLot", set()) | seen.get("Split", set())
