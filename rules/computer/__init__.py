"""Computer players (DESIGN §9, issue 46): pure and deterministic under a seed, beside the engines.

A computer decides for one seat from what that seat may know — the engine's ``view(state, seat)``,
which holds the game's public history — never from the state: hidden information is handled by
sampling states consistent with the view (determinizations) and searching over them
(:mod:`rules.computer.ismcts`). Its effort is counted in simulations, not in time (``rules`` knows
no clock); the worker that runs it measures the time. Each game's computer lives in
``rules/<game>/computer.py`` and plays at three :class:`Level` s."""

from __future__ import annotations

import enum
from typing import Protocol, TypeVar

from rules.protocol import Action

V = TypeVar("V", contravariant=True)
A = TypeVar("A", bound=Action, covariant=True)


class Level(enum.StrEnum):
    """How hard a computer plays: easy (a quick, forgiving player), normal, hard (its best within
    the think-time budget)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class Computer(Protocol[V, A]):
    """A game's computer player."""

    def decide(self, view: V, seat: int, level: Level, seed: int) -> A:
        """``seat``'s decision from ``view`` (the engine's view for that seat, public history
        included), at ``level``; the same view, level and seed give the same decision."""
        ...
