"""The tests' toy game ("Count", tests/toygame.py) with a computer player: it reads only the seat's
view (the total and the target) and plays the winning line of the game — leave the others a
multiple of four to go. Importing this module registers the toy game with it (a thinking worker
imports it as the games' registration)."""

from __future__ import annotations

import dataclasses

from cogs import games
from rules.computer import Level
from tests.e2e import count_cog  # the toy game's registration
from tests.toygame import Add, CountAction


class CountComputer:
    def decide(self, view: dict[str, int | None], seat: int, level: Level, seed: int) -> CountAction:
        total, target = view["total"] or 0, view["target"] or 0
        remaining = target - total
        return Add(min(3, remaining) if remaining <= 3 else (remaining % 4) or 1)


COMPUTER = CountComputer()


def register() -> games.GameKind:
    """The toy game registered with its computer (again: a bot loading the toy game's cog
    registers it as it is, without one)."""
    return games.register(dataclasses.replace(games.kind(count_cog.GAME.name), computer=COMPUTER))


KIND = register()
