"""Automatic players by game kind: a simple, pure, deterministic decision for a seat whose player is
away, so a game can go on without him. Stratego (two players) has none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.shitenno.auto import auto_action as shitenno_auto
from rules.stroganov.auto import auto_action as stroganov_auto

AUTO: dict[str, Callable[[Any, int], Any]] = {"shitenno": shitenno_auto, "stroganov": stroganov_auto}
"""Engine name (``Game.name``, as in :data:`rules.registry.GAMES`) to its automatic player."""


def auto_action(kind: str, state: Any, seat: int) -> Any:
    """The automatic player's action for ``seat`` in a ``kind`` game; ``KeyError`` for a game
    without one."""
    try:
        fn = AUTO[kind]
    except KeyError:
        raise KeyError(f"no automatic player for {kind!r}; have: {', '.join(sorted(AUTO))}") from None
    return fn(state, seat)
