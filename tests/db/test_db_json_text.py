"""The store's JSON text (db/json_text.py): what orjson writes reads back to the same value, also
with the standard library, and what it cannot write exactly is written as before or refused."""

from __future__ import annotations

import dataclasses
import datetime
import json
import random
from typing import Any

import pytest

from cogs.games import ENGINES, registered
from cogs.workload import random_move
from db.json_text import dumps, loads


def stdlib(value: Any) -> Any:
    """The value as the store read and wrote it before orjson."""
    return json.loads(json.dumps(value, separators=(",", ":"), allow_nan=False, check_circular=False))


def stored_values(kind: str, players: int, seed: int) -> list[Any]:
    """States (every fifth), events and the outcome of a seeded random game."""
    game = ENGINES[kind]
    state = game.new(players, None, seed)
    rnd = random.Random(seed)
    out: list[Any] = [game.dump(state)]
    for k in range(400):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        out.append(game.apply(state, seat, random_move(game, state, seat, rnd)))
        if k % 5 == 0:
            out.append(game.dump(state))
    out.append(game.dump(state))
    outcome = game.outcome(state)
    if outcome is not None:
        out.append(outcome.to_json())
    return out


def smallest_and_largest_tables() -> list[tuple[str, int]]:
    """Every registered game at its fewest and its most players (the toy game of the end-to-end
    tests, which registers when its cog loads, is not one of the bot's)."""
    return [
        (kind.name, players)
        for kind in registered()
        if not kind.cog.__name__.startswith("tests.")
        for players in sorted({kind.engine.min_players, kind.engine.max_players})
    ]


@pytest.mark.parametrize(("kind", "players"), smallest_and_largest_tables())
def test_every_stored_value_of_a_game_reads_back_the_same_with_either_library(kind: str, players: int) -> None:
    for seed in range(2):
        for value in stored_values(kind, players, seed):
            text = dumps(value)
            assert loads(text) == stdlib(value)
            assert json.loads(text) == stdlib(value)  # strict JSON the standard library reads
            assert text == json.dumps(stdlib(value), separators=(",", ":"), ensure_ascii=False)  # compact, as before


def test_text_written_by_the_old_store_reads_the_same() -> None:
    value = {"name": "Žluťoučký kůň", "lines": ["a", "ř"], "seed": 2**64 - 1, "low": -(2**63), "none": None}
    old = json.dumps(value, separators=(",", ":"), allow_nan=False, check_circular=False)
    assert "\\u" in old  # the old writer escaped every letter beyond ASCII
    assert loads(old) == value
    assert "Žluťoučký" in dumps(value)  # the new one writes UTF-8


def test_integers_read_back_as_integers_or_are_refused() -> None:
    for n in (2**64 - 1, -(2**63), 0, -1, 2**63):
        back = loads(dumps({"n": n}))["n"]
        assert back == n and type(back) is int
    for n in (2**64, -(2**63) - 1, 10**30):
        with pytest.raises(ValueError, match="64 bits"):
            dumps({"deep": [1, {"n": n}]})


def test_what_orjson_refuses_is_written_by_the_standard_library() -> None:
    lone = "a\ud800b"  # an unpaired surrogate: JSON can escape it, orjson will not write it
    assert loads(dumps({"t": lone})) == {"t": lone}
    assert loads(dumps({1: "x"})) == {"1": "x"}  # integer keys become text keys, as before


@dataclasses.dataclass
class NotJson:
    a: int = 1


@pytest.mark.parametrize("value", [NotJson(), datetime.datetime(2026, 12, 3), object(), {1, 2}])
def test_objects_that_are_not_json_are_refused(value: Any) -> None:
    with pytest.raises(TypeError):
        dumps({"x": value})


def test_loads_refuses_what_is_not_json_text() -> None:
    for bad in ("", "{", "nan", "[1,]"):
        with pytest.raises(ValueError):
            loads(bad)
    with pytest.raises(TypeError):
        loads(None)  # type: ignore[arg-type]
