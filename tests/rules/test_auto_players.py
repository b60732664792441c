"""The automatic players (``GameKind.auto``: rules/shitenno/auto.py, rules/stroganov/auto.py, rules/auto.py).

Whole seeded games where one seat, or every seat, is played only by its game's automatic player and
the others by the game's random player (``tests/kinds.py``; never RESIGN unless a test makes a
random seat resign). Every automatic action is checked before it is applied: reading the state
changes nothing, the same state gives the same action, it is listed by ``legal``, it is not RESIGN,
its notation parses back to it (the store logs actions by notation), and ``load(dump(state))``
equals the state; ``apply`` must then accept it. Every game must end with an outcome within
``LIMIT`` actions. Here every registered game with an automatic player, at every player count; what
each automatic player decides, by its game's rules, and a longer run of the same games (marked
slow) are in its game's own ``test_<game>_auto.py``.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from cogs import games
from tests import kinds
from tests.playouts import playouts

LIMIT = 2000
"""Actions a whole game may take (measured: at most about 250 with 4 players)."""
SEEDS = range(6)
SLOW_SEEDS = range(6, 6 + playouts(150))
"""The many-seeds tests' seeds: 30 under ``make test``, 150 under ``make soak`` (tests/playouts.py)."""
RESIGN_P = 0.02
"""Per action of a random seat, the chance that a random seat still playing, other than the automatic
one, resigns (SH-R, ST-R in docs/)."""
AUTOMATIC = [name for name in kinds.NAMES if games.kind(name).auto is not None]
"""The bot's games with an automatic player (Shitenno, Stroganov)."""

AutoFn = Callable[[Any, int], Any]


def auto_move(game: Any, fn: AutoFn, st: Any, seat: int) -> Any:
    """The automatic action for ``seat``, checked as the module docstring says, then applied."""
    data = game.dump(st)
    a = fn(st, seat)
    assert game.dump(st) == data, "auto_action changed the state"
    assert a.notation() != "resign" and a != game.parse_action("resign", st)
    assert game.parse_action(a.notation(), st) == a
    copy = game.load(data)
    assert copy == st
    assert fn(copy, seat) == a, "auto_action is not deterministic"
    assert a in game.legal(st, seat)
    game.apply(st, seat, a)
    return a


def resign_one(game: Any, st: Any, players: int, rnd: random.Random, keep: set[int], resigned: list[int]) -> bool:
    """With probability ``RESIGN_P``, a random seat still playing and not in ``keep`` resigns."""
    if rnd.random() >= RESIGN_P:
        return False
    seats = [s for s in range(players) if s not in keep and s not in resigned]
    if not seats:
        return False
    seat = rnd.choice(seats)
    game.apply(st, seat, game.parse_action("resign", st))
    resigned.append(seat)
    return True


def play(
    kind: str,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int,
    autos: set[int],
    resign: bool = False,
) -> tuple[Any, list[tuple[int, Any]]]:
    """A whole game of ``kind``; ``autos`` play by its automatic player, the others each by a random
    player of the game's own (``Workload.random_player``), all drawing from one seeded generator."""
    game, auto = games.kind(kind).engine, games.kind(kind).auto
    assert auto is not None
    st = game.new(players, options, seed)
    rnd = random.Random(seed)
    randoms = {s: kinds.workload(kind).random_player(game, rnd) for s in range(players) if s not in autos}
    played: list[tuple[int, Any]] = []
    resigned: list[int] = []
    for _ in range(LIMIT):
        if game.outcome(st) is not None:
            break
        (seat,) = game.to_act(st)
        if seat in autos:
            played.append((seat, auto_move(game, auto, st, seat)))
            continue
        if resign and resign_one(game, st, players, rnd, autos, resigned):
            continue
        game.apply(st, seat, randoms[seat](st, seat))
    assert game.outcome(st) is not None, f"no end within {LIMIT} actions"
    assert not set(resigned) & autos
    return st, played


WITH_AUTO = [(name, n) for name in AUTOMATIC for n in kinds.player_counts(name)]


@pytest.mark.parametrize(("kind", "players"), WITH_AUTO)
def test_one_auto_seat_plays_to_the_end(kind: str, players: int) -> None:
    """One seat is the automatic player, the others play at random: every automatic action is
    legal and accepted, and the game ends."""
    for seed in SEEDS:
        seat = seed % players
        _, played = play(kind, players, None, seed, {seat})
        assert played and {s for s, _ in played} == {seat}


@pytest.mark.parametrize(("kind", "players"), WITH_AUTO)
def test_every_seat_auto_plays_to_the_end(kind: str, players: int) -> None:
    for seed in SEEDS:
        _, played = play(kind, players, None, seed, set(range(players)))
        assert {s for s, _ in played} == set(range(players))


@pytest.mark.parametrize(("kind", "players"), [(k, n) for k, n in WITH_AUTO if n >= 3])
def test_an_auto_seat_plays_on_among_resignations(kind: str, players: int) -> None:
    """Random seats other than the automatic one resign now and then; the automatic player still
    only takes legal actions and the game ends."""
    for seed in SEEDS:
        play(kind, players, None, 100 + seed, {seed % players}, resign=True)


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_the_one_registry_names_each_games_automatic_player(kind: str) -> None:
    """cogs.games (the one place a game registers, issue 18): a game's automatic player is its
    engine's (``rules/<game>/auto.py``: Shitenno's, Stroganov's); a game without one (Stratego, two
    players) has none; an unknown kind has none."""
    entry = games.kind(kind)
    assert games.auto_player(kind) is entry.auto and games.ENGINES[kind] is entry.engine
    if importlib.util.find_spec(f"rules.{kind}.auto") is not None:
        assert entry.auto is importlib.import_module(f"rules.{kind}.auto").auto_action
    else:
        assert entry.auto is None
    assert games.auto_player("chess") is None
