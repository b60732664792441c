"""Stroganov's words and controls in Discord (cogs/stroganov/ui.py), over whole random games: every
action's story has words (no placeholders), every page's components fit Discord's limits, and every
option on the page is a decision the engine accepts now."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from cogs.stroganov.ui import LAST_LINES_ROOM, StroganovUI, notation_of
from cogs.table.buttons import MAX_CUSTOM_ID, custom_id
from cogs.table.ui import SelectSpec
from db.records import GameRecord
from rules.errors import RuleError
from rules.stroganov import GAME, StroganovState
from rules.stroganov.events import EVENT_TYPES
from tests.rules.test_stroganov_events import GAMES, playout
from tests.stroganov_play import decisions
from tests.table.test_shitenno_ui import record

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
            assert [b.verb for b in buttons if b.verb != "do"] == ["full_board"], "the full board is one press away"
            for b in buttons:
                assert len(custom_id(rec.id, 3, b.verb, b.arg)) <= MAX_CUSTOM_ID
                if b.verb == "full_board":
                    continue
                assert 0 < len(b.label) <= 80 and accepted(st, seat, notation_of(b.arg or "")), b
            for s in selects:
                assert 0 < len(s.options) <= 25
                for label, value, description in s.options:
                    assert 0 < len(label) <= 100 and len(description) <= 100 and len(value) <= 100
                    assert not any(p in label for p in PLACEHOLDERS), label
                    if s.verb == "do" and not value.startswith("more."):
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


OLD_LOG = re.compile(r"\bP\d: |\bIvan: |\(auto\)|\b(?:spring|summer|autumn|winter) \d: ")
"""The shapes of the English log the engine wrote before its events were data."""


def test_every_event_type_has_words_and_the_log_is_words_not_notation() -> None:
    """Issue 18 §1: the UI words every event of random games (each type alone too, as ``/game log``
    tells it), and ``/game log``'s lines and record hold no engine notation: no notation of more
    than one word of a decision taken in the game (but a song's, ``song SG10``, which is also its
    name in "bought song SG10") and none of the old log's shapes (``P0: …``, ``… (auto)``)."""
    worded: set[str] = set()
    for players in (1, 2, 3, 4):
        rec = game_record(players)
        for seed in range(GAMES):
            taken: set[str] = set()
            for st, action, events in playout(players, seed):
                if action is None:
                    events = st.log[:1]  # the setup, which only the log holds
                else:
                    taken.add(action.notation())
                for item in UI.story(rec, st, events, "en"):
                    assert not any(p in item.text for p in PLACEHOLDERS), item
                view = GAME.view(st, None)
                for e in events:
                    for item in UI.tell(rec, view, [e], "en", whole=True):
                        assert item.text and not any(p in item.text for p in PLACEHOLDERS), (e, item)
                        worded.add(e["type"])
            notation = {n for n in taken if " " in n and not n.startswith("song ")}
            record = UI.record_text(rec, st, None, "en").split("\n")
            lines = UI.last_lines(rec, st, None, "en")
            assert 0 < len("\n".join(lines)) <= LAST_LINES_ROOM and lines == record[-len(lines) - 1 : -1]
            assert len(record) > 20 and record[-1] == f"seed {rec.seed}"
            for line in record[1:-1]:
                assert not OLD_LOG.search(line), line
                assert not [n for n in notation if n in line], line
    assert worded == EVENT_TYPES, sorted(EVENT_TYPES - worded)
