"""Random playouts for benchmarks choose among the moves of the game, not resignation (every game
lists ``resign`` among its legal actions, and a uniform pick would end most games at once)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

from rules.protocol import Action, Game, OptionValue

if TYPE_CHECKING:
    from rules.stratego import StrategoState

S = TypeVar("S")
A = TypeVar("A", bound=Action)


def random_move(game: Game[S, A], state: S, seat: int, rnd: random.Random) -> A:
    actions = game.legal(state, seat)
    resign = type(game.parse_action("resign"))  # a notation per legal action cost the Stroganov
    moves = [a for a in actions if type(a) is not resign]  # playouts a tenth of their time
    return rnd.choice(moves or actions)


def stratego_mid_game(seed: int, rnd: random.Random, options: Mapping[str, OptionValue] | None = None) -> StrategoState:
    """A Stratego position 10 to 300 random plies in (captures included), from random drafts;
    the game may have ended on the way (check ``phase``)."""
    from rules.stratego import GAME
    from rules.stratego.actions import AcceptDraw, OfferDraw, Ready, Resign

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
