"""Random playouts for benchmarks choose among the moves of the game, not resignation (every game
lists ``resign`` among its legal actions, and a uniform pick would end most games at once)."""

from __future__ import annotations

import random
from typing import Any


def random_move(game: Any, state: Any, seat: int, rnd: random.Random) -> Any:
    actions = game.legal(state, seat)
    moves = [a for a in actions if a.notation() != "resign"]
    return rnd.choice(moves or actions)
