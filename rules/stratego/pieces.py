"""Ranks and armies (SG-2). A rank is its setup-code letter: ``M 9 8 7 6 5 4 3 2 S B F``."""

from __future__ import annotations

from typing import Literal, TypeAlias

RANKS = ("M", "9", "8", "7", "6", "5", "4", "3", "2", "S", "B", "F")

STRENGTH = {"M": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2, "S": 1, "B": 0, "F": 0}
"""SG-2.1 modern numbering: Marshal 10 is highest, Spy 1 lowest. Bomb and Flag have no number."""

NAMES = {
    "M": "Marshal",
    "9": "General",
    "8": "Colonel",
    "7": "Major",
    "6": "Captain",
    "5": "Lieutenant",
    "4": "Sergeant",
    "3": "Miner",
    "2": "Scout",
    "S": "Spy",
    "B": "Bomb",
    "F": "Flag",
}

NUMBER = {"M": "10", "9": "9", "8": "8", "7": "7", "6": "6", "5": "5", "4": "4", "3": "3", "2": "2", "S": "S"}
"""The number printed on a piece (SG-2.1); Bomb and Flag have none."""

IMMOBILE = frozenset("BF")
"""SG-4.3."""

SCOUT, MINER, SPY, MARSHAL, BOMB, FLAG = "2", "3", "S", "M", "B", "F"

ARMIES: dict[str, dict[str, int]] = {
    "classic": {"M": 1, "9": 1, "8": 2, "7": 3, "6": 4, "5": 4, "4": 4, "3": 5, "2": 8, "S": 1, "B": 6, "F": 1},
    "barrage": {"M": 1, "9": 1, "2": 2, "3": 1, "S": 1, "B": 1, "F": 1},
}
"""SG-2.1 / SG-2.2 (40 pieces, the seed's 5 Sergeants and 6 Scouts corrected) / SG-2.3 (8 pieces)."""

assert sum(ARMIES["classic"].values()) == 40 and sum(ARMIES["barrage"].values()) == 8


BattleResult: TypeAlias = Literal["attacker", "defender", "both"]
"""Who won a battle (:func:`battle`); ``both``: both pieces are removed."""


def battle(attacker: str, defender: str, attacker_advantage: bool) -> BattleResult:
    """SG-5.3 – SG-5.7 and SG-8.1: ``"attacker"``, ``"defender"`` or ``"both"`` survive-wise
    meaning who wins; ``"both"`` means both pieces are removed."""
    if defender == FLAG:
        return "attacker"
    if defender == BOMB:
        return "attacker" if attacker == MINER else "defender"
    if attacker == SPY and defender == MARSHAL:
        return "attacker"
    a, d = STRENGTH[attacker], STRENGTH[defender]
    if a > d:
        return "attacker"
    if a < d:
        return "defender"
    return "attacker" if attacker_advantage else "both"
