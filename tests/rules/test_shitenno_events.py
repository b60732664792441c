"""Shitenno's events are data (DESIGN §3, issue 18 §1): over seeded random games of 2, 3 and 4
players — with resignations — every event ``apply`` returns and every entry of the public log
(SH-4.5) is a typed, JSON-ready dict holding no sentence; the Discord words (cogs/shitenno/ui.py)
put every type the engine emits into words without leaking seats, province ids or notation; and
the UI parses no engine text. Each event is what ``rules.shitenno.events.Event`` says of its type,
and a log read back from the store goes through ``typed`` (issue 45 §5)."""

from __future__ import annotations

import ast
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from cogs.shitenno.ui import ShitennoUI
from rules.errors import BadNotation
from rules.shitenno import GAME
from rules.shitenno.content import CONTENT
from rules.shitenno.events import EVENT_TYPES, Event, typed
from rules.shitenno.state import ShitennoState
from tests.events_are_data import check_typed, tags
from tests.shitenno_play import check_event, random_actions
from tests.table.test_shitenno_ui import record

ROOT = Path(__file__).resolve().parents[2]
UI = ShitennoUI()
SEAT = re.compile(r"\bP\d\b")
NOTATION = re.compile(r"\b(offer|conquer|buy|split|choose|flip|draw|end|resign) [A-Z]{2,}|[+x]B\d+@|joker=")
GAMES = 6
"""Seeded games per player count: enough to reach every event type (checked below)."""


def playouts() -> list[tuple[ShitennoState, list[list[Event]]]]:
    """Finished random games with the events of each action, a seat resigning now and then."""
    out = []
    for n in (2, 3, 4):
        for i in range(GAMES):
            seed = 7_000 + 10 * n + i
            st = GAME.new(n, None, seed)
            batches = []
            for seat, act in random_actions(st, random.Random(seed), resign=0.004 * i):
                batches.append(GAME.apply(st, seat, act))
            out.append((st, batches))
    return out


@pytest.fixture(scope="module")
def games() -> list[tuple[ShitennoState, list[list[Event]]]]:
    return playouts()


def test_every_event_and_log_entry_is_typed_data(games: list[tuple[ShitennoState, list[list[Event]]]]) -> None:
    """DESIGN §3: a type and parameters, JSON-ready, no string with whitespace in it; what ``apply``
    returns is exactly what the public log gained (SH-4.5) after what ``new`` logged."""
    for st, batches in games:
        returned = [e for batch in batches for e in batch]
        head = st.log[: len(st.log) - len(returned)]
        assert [e["type"] for e in head] == ["setup", "round_started"] and st.log[len(head) :] == returned
        for e in st.log:
            check_event(e)
            check_typed(e, Event)
            assert e["type"] in EVENT_TYPES, e
        assert json.loads(json.dumps(GAME.dump(st)))["log"] == st.log
        assert GAME.view(st, None).log == tuple(st.log[-len(GAME.view(st, None).log) :])


def test_the_event_types_are_the_tags_of_the_typed_events() -> None:
    """``EVENT_TYPES`` (what ``typed`` accepts) and the ``TypedDict`` s of ``Event`` name the same types."""
    assert tags(Event) == EVENT_TYPES


def test_old_conquest_events_are_typed_and_worded_as_new_ones() -> None:
    """Conquests logged before 2026-12-02 name every payment part, unused ones empty or ``None``:
    ``Event`` types them so, and the UI words them as it words the same conquest logged today."""
    where = {"seat": 0, "province": "CHUBU", "position": 1, "vp": 3, "bonus": 0}
    pairs = [
        (
            {"type": "position_bought", **where, "troops": [], "koku": ["K1"]}
            | {"plus": [{"tile": "B3", "on": None}], "exchanges": [{"tile": "B5", "on": "T1.1", "to": None}]}
            | {"joker": None},
            {"type": "position_bought", **where, "koku": ["K1"]}
            | {"plus": [{"tile": "B3"}], "exchanges": [{"tile": "B5", "on": "T1.1"}]},
        ),
        (
            {"type": "position_conquered", **where, "troops": ["T1"], "koku": [], "plus": []}
            | {"exchanges": [{"tile": "B5", "on": "T1.1", "to": "SA"}], "joker": None},
            {"type": "position_conquered", **where, "troops": ["T1"]}
            | {"exchanges": [{"tile": "B5", "on": "T1.1", "to": "SA"}]},
        ),
    ]
    who = UI.names(record(2), GAME.view(GAME.new(2, None, 1), None))
    for old, new in pairs:
        check_typed(old, Event)
        check_typed(new, Event)
        assert UI.event_words(typed([old])[0], who, "en") == UI.event_words(typed([new])[0], who, "en")


def test_a_log_entry_of_another_type_is_refused_when_a_state_loads() -> None:
    st = GAME.new(2, None, 3)
    dumped = json.loads(json.dumps(GAME.dump(st)))
    assert GAME.dump(GAME.load(dumped)) == GAME.dump(st)
    dumped["log"].append({"type": "move", "colour": 0})
    with pytest.raises(BadNotation):
        GAME.load(dumped)


def test_a_drawn_card_is_in_no_event() -> None:
    """SH-4.1, SH-8.11: the card a DRAW tile draws goes to a hand, so no event names it."""
    drawn = 0
    for seed in range(8):
        st = GAME.new(2 + seed % 3, None, seed)
        for seat, act in random_actions(st, random.Random(seed)):
            top = st.troop_deck[0] if type(act).__name__ == "UseDraw" and st.troop_deck else None
            events = GAME.apply(st, seat, act)
            if top is not None:
                drawn += 1
                assert events[0] == {"type": "draw_used", "seat": seat, "tile": act.tile}
                assert f'"{top}"' not in json.dumps(events)
    assert drawn > 10


def test_the_ui_words_every_event_type(games: list[tuple[ShitennoState, list[list[Event]]]]) -> None:
    """Every event type the engine emits has words in the thread, in ``/game log`` and in the
    record: a mention with the general for each seat, provinces by name, no seat number, no
    province id, no notation and no unfilled template."""
    seen: Counter[str] = Counter()
    for st, batches in games:
        rec = record(st.n)
        for batch in batches:
            for e in batch:
                seen[e["type"]] += 1
        view = GAME.view(st, None)
        who = UI.names(rec, view)
        for e in st.log:
            words = UI.event_words(e, who, "en")
            assert words and "{" not in words and "}" not in words, e
            assert not SEAT.search(words) and not NOTATION.search(words), words
            assert not any(pid in words for pid in CONTENT.province), words
            for key in ("seat", "to"):
                if isinstance(e.get(key), int):
                    assert who(e[key]) in words, (e, words)
        for text in (UI.record_text(rec, st, None, "en"), "\n".join(UI.last_lines(rec, st, None, "en"))):
            assert not SEAT.search(text) and not NOTATION.search(text) and "'type'" not in text
    seen["setup"] += 1
    assert set(seen) == EVENT_TYPES, sorted(EVENT_TYPES - set(seen))


def test_the_ui_parses_no_engine_text() -> None:
    """Issue 18 §1: the Shitenno UI reads events as data; it has no regular expressions."""
    tree = ast.parse((ROOT / "cogs/shitenno/ui.py").read_text())
    imported = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "re" not in imported
