"""Stroganov's words and controls in Discord (cogs/stroganov_ui.py), over whole random games: every
action's story has words (no placeholders), every page's components fit Discord's limits, and every
option on the page is a decision the engine accepts now."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cogs.buttons import MAX_CUSTOM_ID, custom_id
from cogs.stroganov_ui import StroganovUI, notation_of
from cogs.ui import SelectSpec
from db.records import GameRecord
from rules.errors import RuleError
from rules.stroganov import GAME, StroganovState
from tests.stroganov_play import decisions
from tests.test_shitenno_ui import record

UI = StroganovUI()
PLACEHOLDERS = ("?", "None", "{", "}", " ,", "()")


def game_record(players: int) -> GameRecord:
    return replace(record(players), kind="stroganov")


def accepted(state: StroganovState, seat: int, notation: str) -> bool:
    copy = GAME.load(GAME.dump(state))
    try:
        GAME.apply(copy, seat, GAME.parse_action(notation))
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_story_has_words_and_every_offered_option_is_legal(players: int) -> None:
    rec = game_record(players)
    for seed in range(2):
        st = GAME.new(players, {}, seed)
        rnd = random.Random(seed)
        while GAME.outcome(st) is None:
            seat = GAME.to_act(st)[0]
            specs = UI.public_buttons(rec, st, 3, "en")
            selects = [s for s in specs if isinstance(s, SelectSpec)]
            buttons = [b for b in specs if not isinstance(b, SelectSpec)]
            assert len(selects) + -(-len(buttons) // 5) <= 5, "at most 5 rows"
            for b in buttons:
                assert len(custom_id(rec.id, 3, b.verb, b.arg)) <= MAX_CUSTOM_ID
                assert 0 < len(b.label) <= 80 and accepted(st, seat, notation_of(b.arg or "")), b
            for s in selects:
                assert 0 < len(s.options) <= 25
                for label, value, description in s.options:
                    assert 0 < len(label) <= 100 and len(description) <= 100 and len(value) <= 100
                    assert not any(p in label for p in PLACEHOLDERS), label
                    if s.verb == "do" and value != "more":
                        assert accepted(st, seat, value), (value, label)
            prompt = UI.prompt(rec, st, seat, "en")
            assert f"<@{rec.players[seat]}>" in prompt and not any(p in prompt for p in ("None", "{"))
            events = GAME.apply(st, seat, rnd.choice(decisions(st, seat)))
            for item in UI.story(rec, st, events, "en"):
                assert not any(p in item.text for p in ("None", "?", "{", " ,", "()")), item
        assert "Final scoring" in UI.event_lines(rec, st, [], "en")[0]
        assert UI.outcome_text(rec, st, "en")


def test_the_status_line_while_boards_are_chosen_names_that_stage() -> None:
    """Before the first spring nobody plays a season yet: the status says boards are chosen
    (it read "year 1, : waiting for …")."""
    st = GAME.new(2, {}, 5)
    line = UI.status_line(game_record(2), st, "en")
    assert line.startswith("choosing player boards: waiting for") and ", :" not in line
