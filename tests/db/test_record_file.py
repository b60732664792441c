"""Issue 18 §1: the record file of a finished game is one JSON document (cogs/table/core/record.py) —
kind, options, players, every action in notation with its seat, time and events, the outcome and
the seed — and anyone can replay it: ``engine.new`` from its seed, then each notation parsed and
applied, gives the stored final state. Every registered game is played (``tests/kinds.py``: by its
own random player, at its fewest players and one more)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cogs.games import ENGINES as GAMES
from cogs.table.core.record import RECORD_FORMAT, record_document, record_json, record_name
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests import kinds
from tests.stroganov_play import play as stroganov_play

ROOT = Path(__file__).resolve().parents[2]
CLOCK = [1_700_000_000.0]


def fewest_and_one_more(kind: str) -> list[int]:
    engine = GAMES[kind]
    return sorted({engine.min_players, min(engine.min_players + 1, engine.max_players)})


def two_or_fewest(kind: str) -> int:
    """Two players, or the game's fewest if it seats no game of two."""
    engine = GAMES[kind]
    return max(engine.min_players, min(2, engine.max_players))


def clock() -> float:
    CLOCK[0] += 1.5
    return CLOCK[0]


@pytest.fixture
def backend() -> str:
    """The record files' store: on SQLite only (the shared ``store``, tests/conftest.py)."""
    return "sqlite"


pytestmark = pytest.mark.store(games=GAMES, clock=clock, synchronous="OFF")


def strict(text: str) -> dict[str, Any]:
    """Parse as strict JSON: NaN and infinities are not JSON."""

    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")

    data = json.loads(text, parse_constant=refuse)
    assert isinstance(data, dict)
    return data


def replay(doc: dict[str, Any]) -> Any:
    """What anyone holding the file can do: the engine, the seed, the notations."""
    engine = GAMES[doc["kind"]]
    state = engine.new(len(doc["players"]), doc["options"], doc["seed"])
    for action in doc["actions"]:
        engine.apply(state, action["seat"], engine.parse_action(action["notation"], state))
    return state


async def play_to_the_end(store: GameStore, kind: str, players: int, seed: int) -> tuple[int, list[list[Any]]]:
    """A whole game through the store (each action validated, logged and committed) by the game's
    random player, on the options of its benchmark playouts; returns the game id and each action's
    events as ``append`` returned them."""
    engine = GAMES[kind]
    options = dict(kinds.playout_options(kind, players, seed) or {})
    rec = await store.games.create(kind, list(range(101, 101 + players)), options, seed, 5, 6, 101)
    version, events = rec.version, []
    state = rec.load_state()
    for seat, action in kinds.random_decisions(kind, state, random.Random(seed)):
        result = await store.games.append(rec.id, version, seat, action.notation())
        engine.apply(state, seat, action)  # the state the random player reads
        version = result.version
        events.append(result.events)
    return rec.id, events


@pytest.mark.parametrize(("kind", "players"), [(k, n) for k in kinds.NAMES for n in fewest_and_one_more(k)])
async def test_the_record_of_a_finished_game_replays_into_its_final_state(
    store: GameStore, kind: str, players: int
) -> None:
    game_id, events = await play_to_the_end(store, kind, players, seed=players * 11 + 3)
    rec = await store.games.get(game_id)
    assert rec.status == "finished" and rec.outcome is not None
    logged = await store.games.actions(game_id)
    text = record_json(rec, logged)
    doc = strict(text)
    assert record_name(rec) == f"{kind}-{game_id}-record.json"
    assert doc == json.loads(json.dumps(record_document(rec, logged)))
    assert {k: doc[k] for k in ("format", "kind", "id", "status", "players", "seed")} == {
        "format": RECORD_FORMAT,
        "kind": kind,
        "id": game_id,
        "status": "finished",
        "players": list(rec.players),
        "seed": rec.seed,
    }
    assert doc["options"] == rec.options and doc["created_at"] == rec.created_at
    assert doc["finished_at"] == rec.updated_at
    assert Outcome.from_json(doc["outcome"]) == rec.outcome
    assert [a["events"] for a in doc["actions"]] == json.loads(json.dumps(events)), "each action's events"
    assert [a["seq"] for a in doc["actions"]] == [a.seq for a in logged]
    assert all(isinstance(a["time"], float) and a["notation"] for a in doc["actions"])
    engine = GAMES[kind]
    final = replay(doc)
    assert json.loads(json.dumps(engine.dump(final))) == json.loads(rec.state_json or "null")
    assert engine.outcome(final) == rec.outcome
    assert len(text.encode()) < 8 * 1024 * 1024, "fits a Discord attachment"


@pytest.mark.parametrize("kind", kinds.NAMES)
async def test_a_game_won_on_time_records_the_ending_and_still_replays(store: GameStore, kind: str) -> None:
    """A win claimed on time (the table's ending, not the engine's): the record's outcome says
    ``timeout``, and its actions replay into the state the game stopped in."""
    engine = GAMES[kind]
    players = two_or_fewest(kind)
    rec = await store.games.create(kind, list(range(101, 101 + players)), {}, 5, 5, 6, 101)
    state = rec.load_state()
    version = rec.version
    decisions = kinds.random_decisions(kind, state, random.Random(5))
    for (seat, action), _ in zip(decisions, range(6), strict=False):
        result = await store.games.append(rec.id, version, seat, action.notation())
        engine.apply(state, seat, action)
        version = result.version
    ended = await store.games.finish(rec.id, Outcome(winners=(players - 1,), ending=Ending.TIMEOUT))
    doc = strict(record_json(ended, await store.games.actions(rec.id)))
    assert len(doc["actions"]) == 6
    assert doc["outcome"]["ending"] == "timeout" and doc["outcome"]["winners"] == [players - 1] and doc["seed"] == 5
    assert engine.dump(replay(doc)) == json.loads(ended.state_json or "null")


@pytest.mark.parametrize("kind", kinds.NAMES)
async def test_the_seed_stays_out_of_the_record_of_a_running_game(store: GameStore, kind: str) -> None:
    """The seed tells what the decks hold: it is in the record only once the game is over."""
    players = list(range(101, 101 + two_or_fewest(kind)))
    rec = await store.games.create(kind, players, {}, 99, 5, 6, 101)
    doc = strict(record_json(rec, await store.games.actions(rec.id)))
    assert doc["seed"] is None and doc["outcome"] is None and doc["finished_at"] is None and doc["actions"] == []
    cancelled = await store.games.cancel(rec.id, 101)
    doc = strict(record_json(cancelled, await store.games.actions(rec.id)))
    assert doc["seed"] == 99 and doc["status"] == "cancelled" and doc["outcome"]["ending"] == "cancelled"


async def test_a_long_four_player_stroganov_record_replays_and_stays_small(store: GameStore) -> None:
    """A few hundred actions with their events: still one small JSON file (Discord's attachment
    limit is megabytes; this is tens of kilobytes) that replays exactly."""
    _, history = stroganov_play(4, 2)
    rec = await store.games.create("stroganov", [10**17 + s for s in range(4)], {}, 2, 5, 6, 10**17)
    version = rec.version
    for seat, action in history:
        version = (await store.games.append(rec.id, version, seat, action.notation())).version
    rec = await store.games.get(rec.id)
    text = record_json(rec, await store.games.actions(rec.id))
    doc = strict(text)
    assert len(doc["actions"]) == len(history) > 200
    assert GAMES["stroganov"].dump(replay(doc)) == json.loads(rec.state_json or "null")
    assert len(text.encode()) < 200_000


def test_the_record_module_imports_no_discord() -> None:
    """The record is built in the Discord-free core (DESIGN §5): importing it, with everything it
    imports, loads no ``discord`` (nor the database driver or Pillow)."""
    code = (
        "import sys, cogs.table.core.record; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'aiosqlite', 'PIL')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
