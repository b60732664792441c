"""The greedy baselines the computers are measured against (issue 46 §3), here and not in the
product: each decides for one seat from that seat's view alone (``engine.view(state, seat)``),
one decision deep, with no search.

- Stratego: it captures whenever the known odds favour it (a known rank, else the counts of the
  ranks still unaccounted for — a piece that moved is no Bomb or Flag), the best such odds first;
  otherwise it advances (a random step towards the enemy's back row), and only when it cannot, any
  step. Its setup is a library setup (the computer's, varied under the seed), so that the games
  measure play, not a random setup's exposed Flag; rescues as the computer's.
- Shitenno and Stroganov: every decision ``legal()`` lists (never resigning) is tried on one state
  drawn consistently with the view (the computer's own sampler), and the one that leaves the seat's
  immediate estimate furthest ahead of the best other's is taken (the computers' own position
  estimates, ``rules.shitenno.computer.estimate`` and ``rules.stroganov.computer.estimate``; ties
  broken at random). Neither game's automatic player is greedy (Shitenno's never conquers,
  Stroganov's moves one position and takes a coin), so they stay a separate baseline."""

from __future__ import annotations

import copy
import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from rules.protocol import Action, AnyGame

Greedy = Callable[[AnyGame, Any, int, random.Random], Action]
"""A greedy decision for a seat of a state, which it reads only through ``engine.view``."""


def one_step(
    engine: AnyGame,
    sampled: Any,
    seat: int,
    rnd: random.Random,
    lead: Callable[[Any], float],
    resign: type,
    clone: Callable[[Any], Any] = copy.deepcopy,
) -> Action:
    """The decision of ``legal()`` (not resigning) after which ``lead`` of a copy of ``sampled`` is
    highest; ties at random."""
    options: list[Action] = [a for a in engine.legal(sampled, seat) if not isinstance(a, resign)]
    if len(options) == 1:
        return options[0]
    best: list[Action] = []
    best_lead = float("-inf")
    for a in options:
        after = clone(sampled)
        engine.apply(after, seat, a)
        value = lead(after)
        if value > best_lead + 1e-9:
            best, best_lead = [a], value
        elif value >= best_lead - 1e-9:
            best.append(a)
    chosen: Action = rnd.choice(best)
    return chosen


def greedy_of(game: str) -> Greedy | None:
    """The greedy baseline of the game named ``game``: ``greedy`` of its own module
    ``bench/computers_<game>.py``; None when it has none."""
    facts = game_facts(game)
    found: Greedy | None = getattr(facts, "greedy", None)
    return found


def game_facts(game: str) -> ModuleType | None:
    """What the computers' bench knows of the game named ``game`` alone (its greedy baseline, its
    settings, the issue's targets): ``bench/computers_<game>.py``; None when it has no such file."""
    try:
        return importlib.import_module(f"bench.computers_{game}")
    except ModuleNotFoundError:
        return None
