"""The computer's setups (issue 46 §2): a small library of sound arrangements, varied under the seed.

The library is the engine's presets (SG-3.4 codes, checked by the engine's tests: the classic Flag
on the back row behind bombs, miners back, scouts forward). A variant is a preset, perhaps mirrored
left to right, with its front row shuffled (classic) or its Marshal and General swapped (Barrage).
The computer confirms a draft that is such a variant and otherwise places one: so it places once and
then confirms, whatever seeds it is called with."""

from __future__ import annotations

from collections import Counter

from rules.rng import Rng
from rules.stratego.pieces import FLAG, MARSHAL
from rules.stratego.setup import EMPTY, PRESETS, ROW, Setup, preset

GENERAL = "9"


def _mirror(s: Setup) -> Setup:
    return tuple(s[r * ROW + ROW - 1 - f] for r in range(4) for f in range(ROW))


def _swap_leaders(s: Setup) -> Setup:
    return tuple(GENERAL if x == MARSHAL else MARSHAL if x == GENERAL else x for x in s)


def flag_in_the_open(s: Setup) -> bool:
    """Whether the Flag of ``s`` (back row first) has nothing in front of it up its file: an enemy
    Scout coming down that file takes it in one move (Barrage's bluff preset, whose lone bomb stands
    in the other corner, is such a setup — the bench lost games on the first move to it)."""
    at = s.index(FLAG)
    row, file = divmod(at, ROW)
    return all(s[r * ROW + file] == EMPTY for r in range(row + 1, 4))


def bases(army: str) -> list[Setup]:
    """Every sound preset of ``army`` (its Flag not in the open) and its mirror image."""
    out: list[Setup] = []
    for name in PRESETS[army]:
        s = preset(army, name)
        if not flag_in_the_open(s):
            out += [s, _mirror(s)]
    return out


def choose(army: str, rng: Rng) -> Setup:
    """A library setup varied under ``rng``."""
    s = rng.choice(bases(army))
    if army == "barrage":
        return _swap_leaders(s) if rng.below(2) else s
    front = list(s[3 * ROW :])
    rng.shuffle(front)
    return s[: 3 * ROW] + tuple(front)


def is_variant(draft: Setup, army: str) -> bool:
    """Whether ``draft`` is one of :func:`choose`'s setups."""
    for s in bases(army):
        if army == "barrage":
            if draft in (s, _swap_leaders(s)):
                return True
        elif draft[: 3 * ROW] == s[: 3 * ROW] and Counter(draft[3 * ROW :]) == Counter(s[3 * ROW :]):
            return True
    return False
