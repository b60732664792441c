"""The complete state of a Stratego game, and its JSON form (DESIGN §3: versioned, never pickle).

The state is the engine's private data: it holds every rank and both drafts. Only
:func:`rules.stratego.view.view` may be shown to anyone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.errors import BadNotation
from rules.rng import Rng
from rules.stratego.board import BLUE, RED, SIZE
from rules.stratego.pieces import IMMOBILE
from rules.stratego.setup import Setup

FORMAT = 1

Phase = Literal["setup", "play", "over"]

MoveEntry = list[Any]
"""``["m", colour, piece, frm, to, defender, attacker_rank, defender_rank, result,
defender_revealed, scout_revealed]``; ``defender`` is -1 and the battle fields empty without a battle."""
RescueEntry = list[Any]
"""``["r", colour, rescued_piece, rank, square]``; piece -1, rank "" and square -1 when declined."""
Entry = MoveEntry | RescueEntry
"""History entries are JSON lists, written once and never changed, so that dumping and loading a
long game copies only the outer list."""


@dataclass(slots=True)
class Piece:
    id: int
    colour: int
    rank: str
    square: int
    """-1 once captured."""
    revealed: bool = False
    """Its rank is known to the opponent, and so to the public (SG-7.2, SG-7.3)."""
    moved: bool = False
    rescuer: bool = False
    """It has performed a rescue (SG-8.3: the same piece cannot perform both)."""

    def to_json(self) -> list[Any]:
        return [self.id, self.colour, self.rank, self.square, self.revealed, self.moved, self.rescuer]

    @classmethod
    def from_json(cls, d: list[Any]) -> Piece:
        return cls(*d)


@dataclass(slots=True)
class StrategoState:
    options: dict[str, Any]
    rng: Rng
    seat_colour: tuple[int, int]
    """The colour of seat 0 and of seat 1 (SG-3.1)."""
    phase: Phase = "setup"
    drafts: list[Setup] = field(default_factory=list)
    """By colour; after setup, the confirmed setups (the record needs them, SG-9.3)."""
    ready: list[bool] = field(default_factory=lambda: [False, False])
    pieces: list[Piece] = field(default_factory=list)
    turn: int = RED
    ply: int = 0
    history: list[Entry] = field(default_factory=list)
    runs: list[list[int]] = field(default_factory=lambda: [[-1, -1, -1, 0], [-1, -1, -1, 0]])
    """SG-4.5 per colour: [piece, square a, square b, moves in a row between a and b]."""
    last_from: list[list[int]] = field(default_factory=lambda: [[-1, -1], [-1, -1]])
    """Per colour: [piece, square it left] of that colour's previous move (SG-4.6's exception)."""
    chase: list[list[str]] = field(default_factory=lambda: [[], []])
    """SG-4.6 per colour: positions seen during that colour's current chase (empty: no chase)."""
    no_battle: int = 0
    rescue_from: int = -1
    """The piece whose arrival on the enemy back row lets its owner rescue now (SG-8.3), or -1."""
    rescues: list[int] = field(default_factory=lambda: [0, 0])
    draw_offer: int = -1
    """The colour with a pending draw offer (SG-6.4), or -1."""
    winner: int = -1
    """The winning colour, -1 while running or for a draw."""
    reason: str = ""
    """Empty while running; else SG-6.5's reason."""

    # Derived, rebuilt by ``index()``; not serialised, not compared.
    board: list[int] = field(default_factory=lambda: [-1] * (SIZE * SIZE), compare=False, repr=False)
    mobile: list[int] = field(default_factory=lambda: [0, 0], compare=False, repr=False)
    """Movable pieces on the board, per colour (SG-6.3)."""

    @property
    def army(self) -> str:
        return str(self.options["army"])

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def seat_of(self, colour: int) -> int:
        return 0 if self.seat_colour[0] == colour else 1

    def index(self) -> None:
        """Rebuild the derived board and counters from the pieces."""
        self.board = [-1] * (SIZE * SIZE)
        self.mobile = [0, 0]
        for p in self.pieces:
            if p.square >= 0:
                self.board[p.square] = p.id
                if p.rank not in IMMOBILE:
                    self.mobile[p.colour] += 1


def dump(st: StrategoState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "options": dict(st.options),
        "rng": st.rng.state,
        "seat_colour": list(st.seat_colour),
        "phase": st.phase,
        "drafts": ["".join(d) for d in st.drafts],
        "ready": list(st.ready),
        "pieces": [p.to_json() for p in st.pieces],
        "turn": st.turn,
        "ply": st.ply,
        "history": list(st.history),
        "runs": [list(r) for r in st.runs],
        "last_from": [list(r) for r in st.last_from],
        "chase": [list(c) for c in st.chase],
        "no_battle": st.no_battle,
        "rescue_from": st.rescue_from,
        "rescues": list(st.rescues),
        "draw_offer": st.draw_offer,
        "winner": st.winner,
        "reason": st.reason,
    }


def load(d: Mapping[str, Any]) -> StrategoState:
    if d.get("format") != FORMAT:
        raise BadNotation("state_format", found=d.get("format"), expected=FORMAT)
    st = StrategoState(
        options=dict(d["options"]),
        rng=Rng(d["rng"]),
        seat_colour=(d["seat_colour"][0], d["seat_colour"][1]),
        phase=d["phase"],
        drafts=[tuple(s) for s in d["drafts"]],
        ready=list(d["ready"]),
        pieces=[Piece.from_json(p) for p in d["pieces"]],
        turn=d["turn"],
        ply=d["ply"],
        history=list(d["history"]),
        runs=[list(r) for r in d["runs"]],
        last_from=[list(r) for r in d["last_from"]],
        chase=[list(c) for c in d["chase"]],
        no_battle=d["no_battle"],
        rescue_from=d["rescue_from"],
        rescues=list(d["rescues"]),
        draw_offer=d["draw_offer"],
        winner=d["winner"],
        reason=d["reason"],
    )
    st.index()
    return st


__all__ = ["BLUE", "RED", "Piece", "StrategoState", "dump", "load"]
