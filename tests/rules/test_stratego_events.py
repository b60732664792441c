"""Issue 18 §1 for Stratego: the events ``apply`` returns are data — dicts with a ``type``, JSON as
they are, and no string holding a space (no sentence, no spaced notation) — over seeded random
games of every variant (Shitenno's and Stroganov's have tests of their own)."""

from __future__ import annotations

import random

import pytest

from rules.stratego import GAME
from tests.events_are_data import check_event
from tests.stratego_play import random_actions, start


@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_a_random_game_is_data(seed: int) -> None:
    options = [{}, {"rescue": True}, {"silent_defence": True}, {"attacker_advantage": True}][seed % 4]
    st = start(options, seed)
    seen: set[str] = set()
    for n, (seat, action) in enumerate(random_actions(st, random.Random(seed), meta=0.01)):
        for event in GAME.apply(st, seat, action):
            check_event(event)
            seen.add(event["type"])
        if n > 600:
            break
    assert "move" in seen


def test_a_sentence_in_an_event_is_caught() -> None:
    with pytest.raises(AssertionError):
        check_event({"type": "move", "note": "Red moves A4 to A5"})
    with pytest.raises(AssertionError):
        check_event({"log": "P0: A4-A5"})
