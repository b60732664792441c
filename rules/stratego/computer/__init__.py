"""The Stratego computer player (issue 46 §2, DESIGN §9): decides for a seat from its view alone.

- Setup: a library setup varied under the seed (:mod:`.setups`), then ``Ready``.
- Easy: a greedy move over known odds (:func:`.policy.greedy`), with some randomness.
- Normal and hard: an information-set Monte Carlo tree search (:mod:`rules.computer.ismcts`) over
  states consistent with the view (:mod:`.belief`), taking the Flag whenever a sample lets it.
  Classic: both also weigh their Flag's defence when an enemy comes near (:func:`.policy.defence`);
  hard searches more and deeper with a stronger evaluation (the Flags' safety, a guard at home, a
  defender at hand of an enemy near one, Bombs around them, unshown ranks, in a long quiet a lead
  that fades and a pull towards the pieces it may attack, once the enemy Flag is nearly found a
  pull of a piece that can take it, and the chance a Miner near a Flag takes it soon); its pieces
  worth more than a Miner keep off pieces never seen moving while a Bomb may be one and a lesser
  piece can try them, or most of them must be Bombs (:func:`.policy.bomb_wary`). Barrage: both
  weigh (nearly) every move with the strong evaluation, which there counts the race to each Flag
  (:mod:`.flag_distance`: the enemy's moves to it, past guards and Bombs, and a defender's way
  home); hard is the same search five times longer and one decision deeper.
- Rescues (SG-8.3): the most valuable rank onto the safest empty square, never declined.
- It never resigns, offers a draw or accepts one (a draw offer is declined by moving, SG-6.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.computer import Level
from rules.computer.ismcts import Search, best_action
from rules.rng import Rng
from rules.stratego import GAME
from rules.stratego.actions import Action, Move, PlaceSetup, Ready, Rescue
from rules.stratego.board import ZONE_ORDER
from rules.stratego.computer import policy, setups
from rules.stratego.computer.belief import Rebuilder, colour_index
from rules.stratego.setup import EMPTY
from rules.stratego.state import StrategoState
from rules.stratego.view import StrategoView


@dataclass(frozen=True, slots=True)
class Effort:
    simulations: int
    depth: int
    strong: bool
    """The hard evaluation (the Flags' safety, Bombs around them, unshown ranks)."""
    width: int
    """Moves searched in each position: the best few by the greedy score (the root's by what the
    seat knows, the others' by the sample's ranks)."""


EFFORT = {
    Level.NORMAL: Effort(simulations=200, depth=3, strong=False, width=6),
    Level.HARD: Effort(simulations=800, depth=4, strong=True, width=8),
}
"""The classic army's. Hard's 800 simulations (600 before): once normal weighed its Flag's defence,
hard with 600 took 57 % of 14 games against it (the target is 65 %); its think time stays within
the issue's limits (docs/PERFORMANCE.md)."""


BARRAGE_EFFORT = {
    Level.NORMAL: Effort(simulations=200, depth=3, strong=True, width=16),
    Level.HARD: Effort(simulations=1000, depth=4, strong=True, width=16),
}
"""A Barrage army has few moves and its game turns on guarding the Flag, which the greedy score does
not see: weigh (nearly) all of them (normal vs easy, ten seeded games: 5–5 so, 3–7 with six), with
the evaluation that knows the race to the Flags at both levels (without it normal lost to easy,
28 % of 20 games). Its positions are cheap, so hard searches five times as long, one decision
deeper, and stays well inside the think time (docs/PERFORMANCE.md)."""


class StrategoComputer:
    """Satisfies ``Computer[StrategoView, Action]``."""

    def decide(self, view: StrategoView, seat: int, level: Level, seed: int) -> Action:
        rng = Rng(seed)
        me = colour_index(view.viewer_colour)
        if view.viewer != seat or me < 0:
            raise ValueError("a computer decides from its own seat's view")
        if view.phase == "setup":
            draft = tuple(
                pv.rank if pv is not None and pv.rank else EMPTY for pv in (view.board[sq] for sq in ZONE_ORDER[me])
            )
            if setups.is_variant(draft, view.army):
                return Ready()
            return PlaceSetup(setups.choose(view.army, rng))
        if view.phase != "play" or view.to_move != view.viewer_colour:
            raise ValueError("not this seat's move")
        rebuilder = Rebuilder(view)
        plain = rebuilder.state(None)
        if plain.rescue_from >= 0:
            return policy.rescue(plain)
        legal = policy.search_moves(plain, seat)
        if len(legal) == 1:
            return legal[0]
        known = [pv.rank if pv is not None and pv.colour != view.viewer_colour else None for pv in view.board]
        if level == Level.EASY:
            return policy.greedy(plain, known, rebuilder.belief, rng)
        effort = (EFFORT if view.army == "classic" else BARRAGE_EFFORT)[level]
        strong, root_ply, width = effort.strong, view.ply, effort.width
        root: list[Move | Rescue] = list(policy.root(plain, known, rebuilder.belief, width, strong))

        def moves(st: StrategoState, actor: int) -> list[Move | Rescue]:
            return root if st.ply == root_ply else policy.focus(st, actor, width)

        def value(st: StrategoState) -> list[float]:
            return policy.evaluate(st, strong)

        search: Search[StrategoState, Action] = Search(
            sample=rebuilder.state,
            moves=moves,
            playout=policy.playout,
            value=value,
            simulations=effort.simulations,
            depth=effort.depth,
        )
        return best_action(GAME, search, seat, rng)


COMPUTER = StrategoComputer()

__all__ = ["BARRAGE_EFFORT", "COMPUTER", "EFFORT", "StrategoComputer"]
