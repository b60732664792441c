"""The automatic player of Stroganov: what the engine plays for a seat whose player is away.

At the start it takes the lowest-numbered free board, side A. In its turn it moves one position
east (which costs no horses), takes a coin as its silver action and ends the turn; it takes no
extra or free actions. When a trophy action is pending it does not advance its marker (it still
gains the row rewards), and in winter it buys no song. It never resigns.
"""

from __future__ import annotations

from rules.errors import GameOver, NotYourTurn
from rules.stroganov.actions import Action, Board, Coin, EndTurn, Move, SongPass, Trophy
from rules.stroganov.engine import to_act
from rules.stroganov.state import StroganovState


def auto_action(st: StroganovState, seat: int) -> Action:
    """The automatic player's decision for ``seat``, which must be the seat to act (ST-16).

    Pure and deterministic: it reads ``st`` and changes nothing. Raises
    :class:`~rules.errors.GameOver` once the game is finished and
    :class:`~rules.errors.NotYourTurn` when ``seat`` is not the one to act."""
    if st.stage == "finished":
        raise GameOver("game_over")
    if seat not in to_act(st):
        raise NotYourTurn("not_your_turn", seat=seat, rule="ST-20.9")
    if st.stage == "boards":  # ST-5.1: the board Ivan or a resigned player would get
        taken = {c.board for c in st.cossacks if c.board}
        return Board(min(b for b in range(1, 5) if b not in taken), "A")
    if st.queue:  # ST-11.3.1: advancing is a choice, staying always legal
        return Trophy(None)
    if st.stage == "songs":  # ST-12.4: buying is a choice
        return SongPass()
    t = st.turn
    assert t is not None
    if t.phase >= 2:  # ST-7.8: after the silver action the turn may end
        return EndTurn()
    if t.phase == 1:  # ST-7.4: a coin is always legal
        return Coin()
    return Move(1)  # ST-7.3: at 12 the engine skips movement itself (ST-16.2); 1 position costs nothing
