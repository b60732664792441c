"""The automatic player of Shitenno: what the engine plays for a seat whose player is away.

In the sharing phase it accepts any lot it is offered, and when it must choose between two lots it
takes lot A. As Tairo it offers the highest free title with an equal share of the pool (the first
cards in pool order: the pool's size divided by the players still waiting, rounded down); when only
two players are waiting it splits the pool in half, the higher of the two highest free titles with
the first half (lot A), the other with the rest (lot B). In the control phase it ends its turn at
once: it never conquers, draws or flips, and it never resigns.
"""

from __future__ import annotations

from rules.errors import GameOver, NotYourTurn
from rules.shitenno.actions import Accept, Action, Choose, EndTurn, FormLot, Split
from rules.shitenno.engine import seals, sharing_expected, to_act
from rules.shitenno.state import ShitennoState


def auto_action(st: ShitennoState, seat: int) -> Action:
    """The automatic player's decision for ``seat``, which must be the seat to act (SH-10).

    Pure and deterministic: it reads ``st`` and changes nothing. Raises
    :class:`~rules.errors.GameOver` once the game is finished and
    :class:`~rules.errors.NotYourTurn` when ``seat`` is not the one to act."""
    if st.phase == "finished":
        raise GameOver("game_over", rule="SH-6.2")
    if seat not in to_act(st):
        raise NotYourTurn("not_your_turn", seat=seat, rule="SH-10")
    if st.phase == "control":
        return EndTurn()  # SH-8.14: legal at any time in one's own turn
    sh = st.sharing
    assert sh is not None
    expected = sharing_expected(st)
    if expected == "answer":
        return Accept()  # SH-7.4.3
    if expected == "choose":
        return Choose("A")  # SH-7.4.5
    free = sorted(sh.unplaced, key=lambda t: -seals(t))  # highest title first (SH-6.3)
    if expected == "offer":  # SH-7.4.1, SH-7.5: any free tile, any subset of the pool
        share = len(sh.pool) // len(sh.pending)
        return FormLot(free[0], tuple(sh.pool[:share]))
    half = len(sh.pool) // 2  # SH-7.4.5: two different free tiles, every pool card in one lot
    return Split(free[0], tuple(sh.pool[:half]), free[1], tuple(sh.pool[half:]))
