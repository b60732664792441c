"""Stroganov's events are data, not English (DESIGN §3, issue 18 §1, rules/stroganov/events.py).

Over seeded random games, solo and of 2–4 players (now and then a seat resigns): every event
``apply`` returns and every entry of the state's log is a dict with a known ``type``, survives a
JSON round trip unchanged, and holds no string with whitespace (no sentence, no notation); the log
is exactly the setup and the events of every action in order; Ivan is named by his cossack index
and ``automa``; every event is what its ``TypedDict`` says (issue 45 §5: the types are the truth,
not a hope), and ``EVENT_TYPES`` are the tags of their union. Old states (format 1, English log) are
refused."""

from __future__ import annotations

import json
import random
import types
from collections import Counter
from collections.abc import Iterator
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from rules.errors import BadNotation
from rules.stroganov import GAME, StroganovState
from rules.stroganov.actions import Action, Resign
from rules.stroganov.events import (
    DECISIONS,
    EVENT_TYPES,
    EXTRAS,
    IVAN_STEPS,
    Decision,
    Event,
    ExtraEvent,
    IvanEvent,
)
from rules.stroganov.state import FORMAT
from tests.events_are_data import check_event as is_data
from tests.stroganov_play import random_player, resigner

RESIGN = 0.004
"""Resignation rate per action: high enough to reach resignations and skipped turns."""
GAMES = 3
"""Seeded games per player count."""


def tag(typed_dict: Any) -> str:
    """The ``type`` of one of the events' ``TypedDict``s."""
    (name,) = get_args(get_type_hints(typed_dict)["type"])
    return str(name)


BY_TYPE = {tag(t): t for t in get_args(Event)}


def conforms(value: object, hint: Any) -> bool:
    """``value`` is of the type ``hint`` of the events module (JSON values, lists, literals,
    unions and ``TypedDict``s: every key it requires, none it does not know)."""
    origin = get_origin(hint)
    if hint is type(None):
        return value is None
    if hint in (bool, int, str):
        return type(value) is hint
    if origin is Literal:
        return any(type(value) is type(a) and value == a for a in get_args(hint))
    if origin in (Union, types.UnionType):
        return any(conforms(value, a) for a in get_args(hint))
    if origin is list:
        return isinstance(value, list) and all(conforms(v, get_args(hint)[0]) for v in value)
    if is_typeddict(hint):
        hints = get_type_hints(hint, include_extras=True)
        required = {k for k, h in hints.items() if get_origin(h) is not NotRequired}
        known = {k: get_args(h)[0] if get_origin(h) is NotRequired else h for k, h in hints.items()}
        return (
            isinstance(value, dict)
            and required <= value.keys() <= known.keys()
            and all(conforms(v, known[k]) for k, v in value.items())
        )
    raise TypeError(f"no check for {hint!r}")  # pragma: no cover - a new kind of type in the module


def check_event(st: StroganovState, e: Any) -> None:
    """One event is data: a dict with a known snake_case type, JSON as it is (lists, not tuples;
    string keys), no whitespace in any string, cossacks as indices and Ivan flagged; and it is what
    the ``TypedDict`` of its type says, key by key."""
    is_data(e)
    assert e["type"] in EVENT_TYPES, e
    assert conforms(e, BY_TYPE[e["type"]]), e
    if "cossack" in e:
        ci = e["cossack"]
        assert isinstance(ci, int) and 0 <= ci < st.n, e
        assert e.get("automa", False) is st.cossacks[ci].ivan, e
    if e["type"].startswith("ivan_"):
        assert e["automa"] is True, e
    for g in e.get("gains", []):
        assert isinstance(g["cossack"], int) and 0 <= g["cossack"] < st.n and len(g) > 1, e


def playout(players: int, seed: int) -> Iterator[tuple[StroganovState, Action | None, list[dict[str, Any]]]]:
    """A seeded random game: the state after ``new`` (no action, no events), then after every
    action, the action and its events."""
    options = {"difficulty": ("easy", "normal", "hard")[seed % 3]} if players == 1 else None
    st = GAME.new(players, options, seed)
    yield st, None, []
    rnd = random.Random(seed)
    player = random_player(rnd)
    while GAME.outcome(st) is None:
        quitter = resigner(st, rnd, RESIGN)
        seat = quitter if quitter is not None else GAME.to_act(st)[0]
        action = Resign() if quitter is not None else player(st, seat)
        yield st, action, GAME.apply(st, seat, action)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_event_and_log_entry_is_data(players: int) -> None:
    for seed in range(GAMES):
        logged = 0
        for st, _action, events in playout(players, seed):
            for e in events:
                check_event(st, e)
            assert st.log[logged:] == events or not logged, "the log is the events of every action, in order"
            for e in st.log[logged:]:
                check_event(st, e)
            logged = len(st.log)
        assert st.log[0]["type"] == "setup" and st.log[-1]["type"] == "final"
        json.dumps(GAME.dump(st))


def test_the_types_are_the_tags_of_the_union() -> None:
    """One ``TypedDict`` per type, tagged by its ``type``; ``EVENT_TYPES`` and the tuples that narrow
    (``e["type"] in DECISIONS``) name exactly the members of their unions."""
    assert len(BY_TYPE) == len(get_args(Event)) and set(BY_TYPE) == EVENT_TYPES
    for union, tags in ((ExtraEvent, EXTRAS), (Decision, DECISIONS), (IvanEvent, IVAN_STEPS)):
        assert sorted(tag(t) for t in get_args(union)) == sorted(tags), union


def test_random_games_reach_every_event_type() -> None:
    """The playouts above (and the UI's test over the same games) see every type there is."""
    seen: Counter[str] = Counter()
    for players in (1, 2, 3, 4):
        for seed in range(GAMES):
            *_, (st, _, _) = playout(players, seed)
            seen.update(e["type"] for e in st.log)
    assert set(seen) == EVENT_TYPES, sorted(EVENT_TYPES - set(seen))


def test_ivan_is_his_cossack_index_with_automa() -> None:
    """ST-15: Ivan is the last cossack; his steps have ``ivan_*`` types and ``automa``; orders and
    scores name him by index."""
    *_, (st, _, _) = playout(1, 4)
    assert st.log[0] == {
        "type": "setup",
        "players": 1,
        "solo": True,
        "seat_order": st.log[0]["seat_order"],
        "automa": 1,
    }
    flips = [e for e in st.log if e["type"] == "ivan_flip"]
    assert flips and all(e["cossack"] == st.ivan == 1 and e["automa"] is True for e in flips)
    seasons = [e for e in st.log if e["type"] == "season"]
    assert seasons and all(sorted(e["order"]) == [0, 1] for e in seasons)
    final = st.log[-1]
    assert final["scores"] == [c.score for c in st.cossacks] and sorted(final["ranking"]) == [0, 1]


def test_an_old_format_state_is_refused() -> None:
    """Format 2 logs events; a stored format-1 state (English log) is refused, not misread (games
    stored before are rebuilt by replaying their actions)."""
    st = GAME.new(2, None, 1)
    data = GAME.dump(st)
    assert data["format"] == FORMAT == 2
    old = {**data, "format": 1, "log": ["setup P0=seat2 P1=seat1"]}
    with pytest.raises(BadNotation) as err:
        GAME.load(old)
    assert err.value.code == "state_format"
    with pytest.raises(BadNotation) as err:
        GAME.load({**data, "log": ["setup P0=seat2 P1=seat1"]})
    assert err.value.code == "state_format"


def test_a_stored_log_is_read_back_through_the_events_type() -> None:
    """The stored log is JSON read back as this game's events (``typed``): an entry of a type the
    engine never emits (another game's) is refused like any malformed state, not misread."""
    st = GAME.new(2, None, 1)
    data = json.loads(json.dumps(GAME.dump(st)))
    assert GAME.load(data).log == st.log
    with pytest.raises(BadNotation) as err:
        GAME.load({**data, "log": [*data["log"], {"type": "takeback", "seat": 0, "seq": 3}]})
    assert err.value.code == "state_format"


def test_same_seed_and_actions_give_the_same_log_across_a_stored_round_trip() -> None:
    """ST-17.1: replaying the actions gives the same log, also when the state is stored as JSON and
    read back between the actions."""
    played: list[tuple[int, str]] = []
    st = GAME.new(3, None, 9)
    rnd = random.Random(9)
    player = random_player(rnd)
    while GAME.outcome(st) is None:
        seat = GAME.to_act(st)[0]
        action = player(st, seat)
        played.append((seat, action.notation()))
        GAME.apply(st, seat, action)
    replay = GAME.new(3, None, 9)
    for seat, text in played:
        replay = GAME.load(json.loads(json.dumps(GAME.dump(replay))))
        GAME.apply(replay, seat, GAME.parse_action(text))
    assert replay.log == st.log and GAME.dump(replay) == GAME.dump(st)
