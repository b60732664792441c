"""Stratego actions as frozen dataclasses with a lossless text notation (SG-9).

``parse_action(a.notation()) == a`` for every action. Input is lenient where SG-9.1 says so
(``a4a5``, ``A4 A5``, ``A4-A5``, ``A4xA5``, and the record form ``A4xA5 (6x4)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.errors import BadNotation
from rules.stratego.board import SQUARES, name, parse_square
from rules.stratego.pieces import RANKS
from rules.stratego.setup import Setup, parse_code, to_code


@dataclass(frozen=True, slots=True)
class Move:
    """SG-4 / SG-5: move or attack from ``frm`` to ``to``. ``attack`` only chooses between the
    ``-`` and ``x`` spellings; the board decides whether it is a battle."""

    frm: int
    to: int
    attack: bool = False

    def notation(self) -> str:
        return f"{name(self.frm)}{'x' if self.attack else '-'}{name(self.to)}"


@dataclass(frozen=True, slots=True)
class Rescue:
    """SG-8.3 / SG-9.2: ``R:7@C3`` places a captured Major on C3; ``R:-`` declines."""

    rank: str | None
    square: int | None

    def notation(self) -> str:
        if self.rank is None or self.square is None:
            return "R:-"
        return f"R:{self.rank}@{name(self.square)}"


@dataclass(frozen=True, slots=True)
class PlaceSetup:
    """SG-3.3: replace the draft with a whole setup (by code, preset or random: all become codes)."""

    setup: Setup

    def notation(self) -> str:
        return f"setup {to_code(self.setup)}"


@dataclass(frozen=True, slots=True)
class Swap:
    """SG-3.3: swap the pieces (or emptiness) on two squares of the own draft."""

    a: int
    b: int

    def notation(self) -> str:
        return f"swap {name(self.a)} {name(self.b)}"


@dataclass(frozen=True, slots=True)
class Ready:
    """SG-3.3: confirm the draft; final."""

    def notation(self) -> str:
        return "ready"


@dataclass(frozen=True, slots=True)
class Resign:
    """SG-6.4."""

    def notation(self) -> str:
        return "resign"


@dataclass(frozen=True, slots=True)
class OfferDraw:
    """SG-6.4: offer a draw (pending until the opponent accepts or makes his next move)."""

    def notation(self) -> str:
        return "offer-draw"


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    """SG-6.4: accept the opponent's pending offer."""

    def notation(self) -> str:
        return "accept-draw"


Action = Move | Rescue | PlaceSetup | Swap | Ready | Resign | OfferDraw | AcceptDraw

MOVES: tuple[tuple[Move, Move], ...] = tuple(
    (Move(f, t, False), Move(f, t, True)) for f in SQUARES for t in SQUARES
)
"""Every Move object made once, so legal-move listing allocates nothing: ``MOVES[f*100+t][x]``."""

_MOVE_RE = re.compile(
    r"^\s*([A-Ka-k](?:10|[1-9]))\s*([-xX:]?)\s*([A-Ka-k](?:10|[1-9]))\s*(?:\(\s*[^)]*\))?\s*$"
)
_RESCUE_RE = re.compile(r"^\s*R\s*:\s*(?:-|([0-9MSBF]{1,2})\s*@\s*([A-Ja-j](?:10|[1-9])))\s*$", re.I)
_SIMPLE: dict[str, Action] = {
    "ready": Ready(),
    "resign": Resign(),
    "offer-draw": OfferDraw(),
    "accept-draw": AcceptDraw(),
}


def parse_rank(text: str) -> str:
    """A rank letter from a letter or a printed number (``10`` = Marshal, ``1`` = Spy)."""
    t = text.strip().upper()
    t = {"10": "M", "1": "S"}.get(t, t)
    if t not in RANKS:
        raise BadNotation("unknown_rank", text=text.strip())
    return t


def parse_action(text: str, army: str = "classic") -> Action:
    """Any action from its notation. ``army`` is needed only to check a setup's counts."""
    t = text.strip()
    low = t.lower()
    if low in _SIMPLE:
        return _SIMPLE[low]
    if low.startswith("setup "):
        return PlaceSetup(parse_code(t[6:], army))
    if low.startswith("swap "):
        parts = t[5:].split()
        if len(parts) != 2:
            raise BadNotation("bad_swap", text=t)
        return Swap(parse_square(parts[0]), parse_square(parts[1]))
    m = _RESCUE_RE.match(t)
    if m:
        if m.group(1) is None:
            return Rescue(None, None)
        return Rescue(parse_rank(m.group(1)), parse_square(m.group(2)))
    m = _MOVE_RE.match(t)
    if m:
        frm, sep, to = m.groups()
        return MOVES[parse_square(frm) * 100 + parse_square(to)][sep in ("x", "X")]
    raise BadNotation("bad_action", text=t)
