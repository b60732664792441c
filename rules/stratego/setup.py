"""Setups: codes (SG-3.4), StraDoS2/Gravon strings (SG-3.5), presets and random setups.

A setup is a tuple of rank letters (``"."`` = empty) in setup-code order: the player's back row
first, each row left to right as seen from the player's seat. It is independent of colour; the
board squares it lands on follow from :data:`rules.stratego.board.ZONE_ORDER`.
"""

from __future__ import annotations

from collections import Counter

from rules.errors import BadNotation
from rules.rng import Rng
from rules.stratego.board import RED
from rules.stratego.pieces import ARMIES, RANKS

EMPTY = "."
ZONE_SIZE = 40
ROW = 10

Setup = tuple[str, ...]


def parse_code(code: str, army: str) -> Setup:
    """Read an SG-3.4 code or a 40-letter StraDoS2 string; check counts against ``army``.

    Raises :class:`BadNotation` with a precise code: ``setup_length``, ``setup_row_length``,
    ``setup_letter`` or ``setup_counts`` (``too_few`` / ``too_many``: rank letter -> number).
    """
    text = "".join(code.split())
    if len(text.replace("/", "")) == ZONE_SIZE and text.isalpha() and _looks_gravon(text):
        return check_counts(from_gravon(text), army)
    if "/" in text:
        rows = text.split("/")
        if len(rows) != 4:
            raise BadNotation("setup_rows", rows=len(rows))
        for i, row in enumerate(rows):
            if len(row) != ROW:
                raise BadNotation("setup_row_length", row=i + 1, length=len(row))
        text = "".join(rows)
    if len(text) != ZONE_SIZE:
        raise BadNotation("setup_length", length=len(text), expected=ZONE_SIZE)
    letters = []
    for i, ch in enumerate(text.upper()):
        if ch not in RANKS and ch != EMPTY:
            raise BadNotation("setup_letter", letter=ch, position=i + 1)
        letters.append(ch)
    return check_counts(tuple(letters), army)


def check_counts(setup: Setup, army: str) -> Setup:
    """SG-3.2 / SG-3.4: exactly the army's pieces, nothing else."""
    want = ARMIES[army]
    have = Counter(ch for ch in setup if ch != EMPTY)
    too_few = {r: want[r] - have.get(r, 0) for r in RANKS if have.get(r, 0) < want.get(r, 0)}
    too_many = {r: have[r] - want.get(r, 0) for r in RANKS if have.get(r, 0) > want.get(r, 0)}
    if too_few or too_many:
        raise BadNotation("setup_counts", too_few=too_few, too_many=too_many, army=army)
    return setup


def to_code(setup: Setup) -> str:
    """SG-3.4 code with rows separated by ``/``."""
    s = "".join(setup)
    return "/".join(s[i : i + ROW] for i in range(0, ZONE_SIZE, ROW))


# --- StraDoS2 / Gravon (SG-3.5) -------------------------------------------------------------

_GRAVON_RED = {"A": ".", "B": "B", "C": "S", "D": "2", "E": "3", "F": "4", "G": "5", "H": "6",
               "I": "7", "J": "8", "K": "9", "L": "M", "M": "F"}  # fmt: skip
_GRAVON_BLUE = {chr(ord(k) + 12): v for k, v in _GRAVON_RED.items() if k != "A"} | {"A": "."}
_TO_GRAVON = ({v: k for k, v in _GRAVON_RED.items()}, {v: k for k, v in _GRAVON_BLUE.items()})


def _looks_gravon(text: str) -> bool:
    """Only letters A–Y, and not readable as an SG-3.4 code (which always has digits for a
    classic army; a Barrage code has digits too, as it holds 2 Scouts and a Miner)."""
    return all("A" <= ch <= "Y" for ch in text.upper()) and any(ch.isalpha() for ch in text)


def from_gravon(text: str) -> Setup:
    """SG-3.5: Red strings (A–M) read rank 1 upward, files A→J: already setup-code order.
    Blue strings (N–Y) read rank 7 upward, files A→J: reversed they read from Blue's back row."""
    t = text.upper()
    blue = any("N" <= ch <= "Y" for ch in t)
    red = any("B" <= ch <= "M" for ch in t)
    if blue and red:
        raise BadNotation("gravon_mixed_colours")
    table = _GRAVON_BLUE if blue else _GRAVON_RED
    letters = tuple(table[ch] for ch in t)
    return tuple(reversed(letters)) if blue else letters


def to_gravon(setup: Setup, colour: int) -> str:
    """SG-3.5 export for the colour that plays this setup."""
    table = _TO_GRAVON[colour]
    letters = [table[ch] for ch in setup]
    return "".join(letters if colour == RED else reversed(letters))


# --- presets and random setups ------------------------------------------------------------

PRESETS: dict[str, dict[str, str]] = {
    "classic": {
        # Flag in the left corner behind two bombs, a third bomb beside them; miners in the back
        # rows; a line of scouts in front to probe; Marshal and General in the second row.
        "corner-fortress": "FB33B54B37/B4M6S69587/2B6473483B/2562222252",
        # Flag in the middle of the back row under a cap of three bombs, two bluff bombs forward.
        "central-keep": "337BFB4365/568SB7964B/2BM57833B2/2426252242",
        # Flag on the right edge in the second row, boxed in by bombs; a bluff bomb up front.
        "right-bastion": "356347385B/46B7S963BF/3M526B728B/24225B2422",
        # Aggressive: Marshal and General in the third row behind the scouts, flag on the right.
        "wing-attack": "335463BFB3/5S746B5B73/6M2B8792B4/2822542262",
    },
    "barrage": {
        # Flag in the back corner with its bomb beside it; the Marshal and General on two lanes.
        "corner-bomb": "FB......../3........./....S...../2..M..9..2",
        # Flag in the middle of the second row under its bomb; scouts on both wings.
        "open-field": "........../....3F..../S....B..../2..M..9..2",
        # A bluff: the bomb in a corner, the flag somewhere else entirely.
        "hidden-flag": "B........F/.......3../..S......./.2.9..M.2.",
    },
}
"""Named presets in setup-code order. Checked by tests: correct counts, the classic flag guarded
by bombs (or the board edge) on every side, miners out of the front row, scouts forward."""


def preset(army: str, name: str) -> Setup:
    try:
        code = PRESETS[army][name]
    except KeyError:
        raise BadNotation("unknown_preset", name=name, army=army, known=sorted(PRESETS.get(army, {}))) from None
    return parse_code(code, army)


def random_setup(army: str, rng: Rng) -> Setup:
    """A seeded random setup: for the classic army, every piece shuffled onto the 40 squares
    except that the Flag goes to the back row with bombs on its open sides, which is what any
    player would do first. Barrage pieces are scattered over the zone."""
    want = ARMIES[army]
    if army == "barrage":
        cells = [r for r in RANKS for _ in range(want.get(r, 0))]
        cells += [EMPTY] * (ZONE_SIZE - len(cells))
        rng.shuffle(cells)
        return tuple(cells)
    slots: list[str | None] = [None] * ZONE_SIZE
    flag_col = rng.below(ROW)
    slots[flag_col] = "F"
    guards = [flag_col + ROW] + [c for c in (flag_col - 1, flag_col + 1) if 0 <= c < ROW]
    for g in guards:
        slots[g] = "B"
    rest = [r for r in RANKS for _ in range(want[r] - (1 if r == "F" else len(guards) if r == "B" else 0))]
    rng.shuffle(rest)
    it = iter(rest)
    return tuple(s if s is not None else next(it) for s in slots)
