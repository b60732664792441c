"""What the benchmarks measure of Shitenno (``cogs.workload``): playouts of 2–4 players, and the
board, the sharing table and a hand drawn from positions of random games."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from cogs.shitenno.ui import image_words
from cogs.workload import Playout, Workload, random_states
from render import shitenno as draw
from rules.shitenno import GAME, Action, ShitennoState, ShitennoView

NAMES = ("Alžběta Nováková", "Bořivoj", "Cyril", "Dana")
"""Display names by seat (Czech, some long: the images shorten them)."""


def positions(n: int) -> Iterator[tuple[str, ShitennoView]]:
    for st, seat in random_states(GAME, n, (2, 3, 4), 120):
        yield "", GAME.view(st, seat)


def images() -> Mapping[str, Callable[[ShitennoView], bytes]]:
    draw.warm_up()
    words = image_words("cs")
    return {
        "board": lambda v: draw.render_board(v, words, NAMES),
        "sharing": lambda v: draw.render_sharing(v, words, NAMES),
        "hand": lambda v: draw.render_hand(v, words, NAMES),
    }


WORKLOAD: Workload[ShitennoState, Action, ShitennoView] = Workload(
    playouts=tuple(Playout(f"{n} players", n) for n in (2, 3, 4)),
    positions=positions,
    images=images,
)
