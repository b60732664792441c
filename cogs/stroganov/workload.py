"""What the benchmarks measure of Stroganov (``cogs.workload``): playouts of 1–4 players, and the
turn image (what a new turn page posts, issue 19), the board and the tableaux drawn from positions
of random games, in English."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from cogs.stroganov.ui import image_words
from cogs.workload import Playout, Workload, random_states
from render import stroganov as draw
from rules.stroganov import GAME, Action, StroganovState, StroganovView

NAMES = ("Jana Nováková", "Kuba", "Přemysl Otakar II.", "Zdeňka")


def positions(n: int) -> Iterator[tuple[str, StroganovView]]:
    for st, seat in random_states(GAME, n, (1, 2, 3, 4), 400):
        yield "", GAME.view(st, seat)


def images() -> Mapping[str, Callable[[StroganovView], bytes]]:
    words = image_words("en")
    draw.warm_up(words)
    return {
        "turn": lambda v: draw.render_turn(v, words, NAMES),
        "board": lambda v: draw.render_board(v, words, NAMES),
        "tableaux": lambda v: draw.render_tableaux(v, words, NAMES),
    }


WORKLOAD: Workload[StroganovState, Action, StroganovView] = Workload(
    playouts=tuple(Playout(f"{n} players", n) for n in (1, 2, 3, 4)),
    positions=positions,
    images=images,
)
