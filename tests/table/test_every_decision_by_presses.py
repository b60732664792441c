"""Issue 19 §3 (DESIGN §5: "every decision can be made by presses and selects alone"): over random
positions, every legal decision is reachable from the components the UIs offer, following each
component as its handler does, and no component breaks Discord's limits (25 options a select, 100
characters a label, 5 rows) or forgets the version.

Here every registered game (``tests/kinds.py``), at every player count, over random positions of
its own random player: its public components stay within the limits and carry the version. How a
game's components reach each of its decisions is its own (Shitenno's buttons and private pickers,
``cogs/shitenno/picks.py``; Stroganov's turn-page components and their **More…** pages; Stratego's
**Move…** pickers): each game follows them in its own ``test_<game>_presses.py``, which every game
has (:func:`test_every_game_follows_its_presses_to_every_decision`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from cogs import games
from cogs.table.ui import ButtonSpec, SelectSpec
from tests import kinds
from tests.table.test_words_not_notation import record

VERSION = 3
SHOW_ONLY = {"full_board"}
"""Buttons that show something and decide nothing: never stale, so they carry no version."""


def check_limits(specs: Sequence[ButtonSpec | SelectSpec], *, public: bool = False) -> None:
    rows = sum(1 for s in specs if isinstance(s, SelectSpec))
    rows += -(-sum(1 for s in specs if isinstance(s, ButtonSpec)) // 5)
    assert rows <= 5, specs
    for s in specs:
        assert s.version == VERSION or s.verb in SHOW_ONLY, f"{s.verb} does not carry the game's version"
        if isinstance(s, SelectSpec):
            assert 0 < len(s.options) <= 25 and s.max_values <= 25, s
            assert all(len(label) <= 100 and len(desc) <= 100 for label, _v, desc in s.options), s
            assert len({v for _l, v, _d in s.options}) == len(s.options), f"two options of {s.verb} share a value"
        else:
            assert len(s.label) <= 80, s


def select(specs: Iterable[ButtonSpec | SelectSpec]) -> SelectSpec:
    (spec,) = [s for s in specs if isinstance(s, SelectSpec)]
    return spec


@pytest.mark.parametrize(("kind", "players"), kinds.counts())
def test_every_public_component_keeps_the_limits_and_the_version(kind: str, players: int) -> None:
    ui = games.ui(kind)
    engine = ui.engine
    positions = 0
    for seed in range(2):
        st, rnd = engine.new(players, kinds.playout_options(kind, players, seed), seed), random.Random(seed)
        for seat, action in kinds.random_decisions(kind, st, rnd):
            if rnd.random() < 0.2:
                positions += 1
                check_limits(ui.public_buttons(record(kind, players), st, VERSION, "en"), public=True)
            engine.apply(st, seat, action)
            if positions >= 60:
                break
    assert positions >= 5


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_every_game_follows_its_presses_to_every_decision(kind: str) -> None:
    """Each game's own file follows its components to every legal decision (above)."""
    own = Path(__file__).with_name(f"test_{kind}_presses.py")
    assert own.exists(), f"{kind} has no {own.name}: who shows that its every decision is reachable by presses?"
