"""What the benchmarks measure of Stratego (``cogs.workload``): playouts of the full game with
every rule and without, and its board drawn in setup, in public and privately."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping

from cogs.stratego.ui import image_words
from cogs.workload import CatchUp, Playout, Rated, Replay, Workload
from render.stratego import render_board, warm_up
from rules.protocol import Game, OptionValue
from rules.stratego import GAME, Action, StrategoState, StrategoView
from rules.stratego.actions import AcceptDraw, Move, OfferDraw, Ready, Resign

ALL_RULES: dict[str, OptionValue] = {
    "attacker_advantage": True,
    "silent_defence": True,
    "rescue": True,
    "two_square_limit": 5,
    "chase_rule": True,
}
NAMES = ("Alžběta Nováková", "Bořivoj")
"""Display names by seat (Czech, one long: the image shortens it)."""


def mid_game(seed: int, rnd: random.Random, options: Mapping[str, OptionValue] | None = None) -> StrategoState:
    """A Stratego position 10 to 300 random plies in (captures included), from random drafts;
    the game may have ended on the way (check ``phase``)."""
    st = GAME.new(2, options or {}, seed)
    GAME.apply(st, 0, Ready())
    GAME.apply(st, 1, Ready())
    for _ in range(rnd.randrange(10, 300)):
        if st.phase != "play":
            break
        seat = GAME.to_act(st)[0]
        moves = [a for a in GAME.legal(st, seat) if not isinstance(a, (Resign, OfferDraw, AcceptDraw))]
        GAME.apply(st, seat, rnd.choice(moves))
    return st


def choose(game: Game[StrategoState, Action], st: StrategoState, seat: int, rnd: random.Random) -> Action:
    """Both ready at once with their drafted setups, then a move (rarely anything else legal)."""
    if st.phase == "setup":
        return Ready()
    acts = game.legal(st, seat)
    moves = [a for a in acts if isinstance(a, Move)] or acts
    return rnd.choice(moves) if rnd.random() > 0.001 or len(moves) == len(acts) else rnd.choice(acts)


def moves_only(game: Game[StrategoState, Action], st: StrategoState, seat: int, rnd: random.Random) -> Action:
    """Both ready with their drafted setups, then only moves: no draw offer, no resignation."""
    if st.phase == "setup":
        return Ready()
    return rnd.choice([a for a in game.legal(st, seat) if isinstance(a, Move)])


def positions(n: int) -> Iterator[tuple[str, StrategoView]]:
    for seed in range(n):
        yield "setup", GAME.view(GAME.new(2, {"rescue": True}, seed), 0)
        rnd = random.Random(seed)
        st = mid_game(seed, rnd, {"rescue": True})
        yield "public", GAME.view(st, None)
        yield "private", GAME.view(st, rnd.randrange(2))


def images() -> Mapping[str, Callable[[StrategoView], bytes]]:
    warm_up()
    words = image_words("cs")
    return {"": lambda view: render_board(view, words, NAMES)}


WORKLOAD: Workload[StrategoState, Action, StrategoView] = Workload(
    playouts=(
        Playout("classic, every rule", 2, {"army": "classic", **ALL_RULES}, target=50_000),
        Playout("barrage, every rule", 2, {"army": "barrage", **ALL_RULES}),
        Playout("classic, plain", 2, {"army": "classic"}),
    ),
    positions=positions,
    images=images,
    choose=choose,
    render_ms=15,
    replay=Replay("long game", 2, range(6), range(2), "cs", moves_only),
    catch_up=CatchUp(10_000, 1_000, 2, 1),
    rated=Rated(share=2, scored=False, top=(1, "en")),
)
