"""A finished game as a StraDoS2 game file: the XML document Gravon's archive keeps for each game,
which Stratego tools (viewers, the published Gravon datasets and their parsers) read.

The document::

    <?xml version="1.0" encoding="UTF-8"?>
    <stratego>
    <game type="classic">
    <player id="1">alice</player>
    <player id="2">bob</player>
    <field content="MBEB...AAAA...YNQN"/>
    <move id="1" source="A4" target="A5"/>
    ...
    <result type="1" winner="1"/>
    </game>
    </stratego>

- ``type``: ``classic`` or ``barrage``.
- the players: Red first, then Blue.
- ``field``: the starting position, 100 letters, square A1 first, then along rank 1 to J1, then
  rank 2 and so on up to J10; each letter is a StraDoS2 piece letter (SG-3.5: ``B``–``M`` Red,
  ``N``–``Y`` Blue), ``A`` an empty square (the lakes too). Red's 40 letters are therefore its
  SG-3.5 setup string and Blue's its SG-3.5 string (:func:`rules.stratego.setup.to_gravon`).
- a ``move`` per move and attack in order, squares named as that format names them: files ``A``
  to ``K`` without ``J`` (SG-1.4: its ``K`` is our ``J``), ranks 1 to 10. A battle is a move onto
  the defender's square; its result follows from the field.
- ``result``: ``winner`` 1 Red, 2 Blue, 3 a draw; ``type`` how it ended, in that format's numbers:
  0 the loser could not move, 1 flag captured, 2 neither could move, 3 resignation, 4 a draw
  (agreed; also our move limit, which that format has no number of its own for), 11 a player's
  clock ran out (a win on time, which the table decides, not the engine).

Only a game such a file replays exactly is written: no performed rescue (SG-8.3 has no notation
there; a declined one changes nothing and is left out) and no battle that Attacker advantage
(SG-8.1) decided otherwise than the classic rules. Silent defence (SG-8.2) hides ranks from the
players but changes no result, so its games are written. Pure: no I/O.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from rules.stratego.board import BLUE, RED, SIZE
from rules.stratego.pieces import battle
from rules.stratego.setup import to_gravon
from rules.stratego.state import StrategoState

FILES = "ABCDEFGHIK"
"""The file letters of that format: J is skipped, so the tenth file is K."""

ENDINGS = {"no_moves": 0, "flag": 1, "both_immobile": 2, "resign": 3, "agreed_draw": 4, "move_limit": 4}
"""The state's SG-6.5 reason as that format's result type."""
TIMEOUT = 11
WINNERS = {RED: 1, BLUE: 2}
DRAW = 3


def square_name(sq: int) -> str:
    """A square as that format names it (``J7`` is ``K7`` there)."""
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


def field(st: StrategoState) -> str:
    """The starting position: 100 letters from A1 along each rank up to J10 (``A``: empty) — Red's
    setup string (ranks 1–4), the 20 squares between, Blue's setup string (ranks 7–10)."""
    return to_gravon(st.drafts[RED], RED) + "A" * (2 * SIZE) + to_gravon(st.drafts[BLUE], BLUE)


def _text(name: str) -> str:
    """A name as XML text: escaped, without the control characters XML 1.0 cannot hold."""
    return escape("".join(ch for ch in name if ch >= " " or ch in "\t"))


def representable(st: StrategoState) -> bool:
    """Whether a StraDoS2 file replays this game exactly (see the module's words)."""
    for entry in st.history:
        if entry[0] == "r":
            if entry[2] >= 0:  # a rescue made
                return False
            continue
        _, _, _, _, _, defender, a_rank, d_rank, result, *_ = entry
        if defender >= 0 and battle(a_rank, d_rank, False) != result:
            return False
    return True


def game_file(st: StrategoState, red: str, blue: str, *, timeout_winner: int | None = None) -> str | None:
    """The StraDoS2 file of a game that is over (``red``, ``blue``: the players' names), or
    ``None`` when there is none: the game is not over, or such a file would not replay it.

    ``timeout_winner``: the colour that won on time, for a game the table ended by a clock (its
    state never reached the engine's end)."""
    if st.phase == "setup" or not representable(st):
        return None
    if timeout_winner is not None:
        result = f'<result type="{TIMEOUT}" winner="{WINNERS[timeout_winner]}"/>'
    elif st.phase == "over":
        winner = WINNERS[st.winner] if st.winner >= 0 else DRAW
        result = f'<result type="{ENDINGS[st.reason]}" winner="{winner}"/>'
    else:
        return None
    moves = [e for e in st.history if e[0] == "m"]
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<stratego>",
        f"<game type={quoteattr(st.army)}>",
        f'<player id="1">{_text(red)}</player>',
        f'<player id="2">{_text(blue)}</player>',
        f'<field content="{field(st)}"/>',
        *(
            f'<move id="{n}" source="{square_name(e[3])}" target="{square_name(e[4])}"/>'
            for n, e in enumerate(moves, 1)
        ),
        result,
        "</game>",
        "</stratego>",
    ]
    return "\n".join(lines) + "\n"


__all__ = ["field", "game_file", "representable", "square_name"]
