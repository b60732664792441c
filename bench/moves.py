"""Random playouts for benchmarks (and the tests that borrow them): the pieces now live with the
games' workloads (``cogs/workload.py``, ``cogs/stratego/workload.py``); kept here by their old names."""

from __future__ import annotations

from cogs.stratego.workload import mid_game as stratego_mid_game
from cogs.workload import random_move

__all__ = ["random_move", "stratego_mid_game"]
