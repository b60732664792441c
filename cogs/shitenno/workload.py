"""What the benchmarks measure of Shitenno (``cogs.workload``): playouts of 2–4 players, and the
board, the sharing table and a hand drawn from positions of random games; and the random player
the tests play whole games with."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping

from cogs.shitenno.ui import image_words
from cogs.workload import Decisions, Player, Playout, Rated, Workload, random_states
from render import shitenno as draw
from rules.shitenno import GAME, Action, ShitennoState, ShitennoView
from rules.shitenno.actions import Resign

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


def player(rnd: random.Random) -> Player[ShitennoState, Action]:
    """A random legal decision, never a resignation. In the control phase the kind of action is
    chosen first (ending the turn less often than the others), so the rare kinds (a flip, a draw)
    are played too (``tests/shitenno_play.py`` plays its seeded games with it)."""

    def play(st: ShitennoState, seat: int) -> Action:
        acts = [a for a in GAME.legal(st, seat) if not isinstance(a, Resign)]
        if st.phase != "control":
            return rnd.choice(acts)
        kinds: dict[str, list[Action]] = {}
        for a in acts:
            kinds.setdefault(type(a).__name__, []).append(a)
        names = sorted(kinds)
        if len(names) > 1 and "EndTurn" in names and rnd.random() < 0.85:
            names.remove("EndTurn")
        return rnd.choice(kinds[rnd.choice(names)])

    return play


WORKLOAD: Workload[ShitennoState, Action, ShitennoView] = Workload(
    playouts=tuple(Playout(f"{n} players", n) for n in (2, 3, 4)),
    positions=positions,
    images=images,
    player=player,
    decisions=Decisions((2, 4), lambda players: 30, "the board when it changed, each DM's hand"),
    rated=Rated(share=1, scored=True),
)
