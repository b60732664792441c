"""Issue 18 §1 for Stratego: the events ``apply`` returns are data — dicts with a ``type``, JSON as
they are, and no string holding a space (no sentence, no spaced notation) — over seeded random
games of every variant (Shitenno's and Stroganov's have tests of their own); and each is what
``rules.stratego.events.Event`` says of its type (issue 45 §5)."""

from __future__ import annotations

import random

import pytest

from rules.stratego import GAME
from rules.stratego.events import EVENT_TYPES, Event
from tests.events_are_data import check_event, check_typed, tags
from tests.stratego_play import random_actions, start


@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_a_random_game_is_data(seed: int) -> None:
    options = [{}, {"rescue": True}, {"silent_defence": True}, {"attacker_advantage": True}][seed % 4]
    st = start(options, seed)
    seen: set[str] = set()
    for n, (seat, action) in enumerate(random_actions(st, random.Random(seed), meta=0.01)):
        for event in GAME.apply(st, seat, action):
            check_event(event)
            check_typed(event, Event)
            seen.add(event["type"])
        if n > 600:
            break
    assert "move" in seen


def test_a_sentence_in_an_event_is_caught() -> None:
    with pytest.raises(AssertionError):
        check_event({"type": "move", "note": "Red moves A4 to A5"})
    with pytest.raises(AssertionError):
        check_event({"log": "P0: A4-A5"})


def test_the_event_types_are_the_tags_of_the_typed_events() -> None:
    """``EVENT_TYPES`` (what ``typed`` accepts) and the ``TypedDict`` s of ``Event`` name the same types."""
    assert tags(Event) == EVENT_TYPES


def test_an_event_unlike_its_typed_dict_is_caught() -> None:
    check_typed({"type": "move", "colour": 0, "frm": 1, "to": 2, "scout_revealed": False}, Event)
    for wrong in (
        {"type": "move", "colour": 0, "frm": 1, "to": 2},
        {"type": "move", "colour": 0, "frm": 1, "to": 2, "scout_revealed": False, "note": "x"},
        {"type": "move", "colour": 0, "frm": 1, "to": "A2", "scout_revealed": False},
        {"type": "move", "colour": 0, "frm": 1, "to": 2, "scout_revealed": False, "battle": "draw"},
        {"type": "over", "winner": True, "reason": "flag"},
        {"type": "moved", "colour": 0},
    ):
        with pytest.raises(AssertionError):
            check_typed(wrong, Event)
