"""Stroganov actions as data, with a short notation that parses back losslessly (ST-16).

Payment entries (ST-16.1) are written ``5`` (own fur 5), ``tiger``, or ``sub3`` (own fur 3 plus a
coin for a requirement of another value). Examples::

    board 2B            move 3              coin        horses       step e2
    hunt 1 3            hunt 2 3 horses     trade 5 coin e2          wish R4
    village R3          yurt R4             build R1    recruit R2   claim L15 6 tiger sub2
    wish R4 fee 7       coin fee tiger      exchange 2 3             draw
    fulfil TW-S2 3 2 4  trophy 3            trophy stay end          song SG10    pass
    resign
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Union

from rules.errors import BadNotation

Entry = tuple[str, int]
"""A payment entry: ``("fur", v)``, ``("tiger", 0)`` or ``("sub", v)``."""

EFFECTS: Final = ("coin", "stories", "horses")
"""Trade effects besides a move, which is written ``e1``/``e2``/``w1``… (ST-8.5.2)."""


def entry_text(e: Entry) -> str:
    kind, v = e
    return "tiger" if kind == "tiger" else (f"sub{v}" if kind == "sub" else str(v))


def parse_entry(tok: str, text: str) -> Entry:
    t = tok.lower()
    if t in ("tiger", "t"):
        return ("tiger", 0)
    m = re.fullmatch(r"(sub)?(\d)", t)
    if not m:
        raise BadNotation("bad_payment", token=tok, text=text)
    return ("sub" if m.group(1) else "fur", int(m.group(2)))


@dataclass(frozen=True, slots=True)
class Board:
    board: int
    side: str

    def notation(self) -> str:
        return f"board {self.board}{self.side}"


@dataclass(frozen=True, slots=True)
class Move:
    k: int

    def notation(self) -> str:
        return f"move {self.k}"


@dataclass(frozen=True, slots=True)
class Coin:
    def notation(self) -> str:
        return "coin"


@dataclass(frozen=True, slots=True)
class Horses:
    def notation(self) -> str:
        return "horses"


@dataclass(frozen=True, slots=True)
class Step:
    direction: str
    """``e`` or ``w``."""
    k: int

    def notation(self) -> str:
        return f"step {self.direction}{self.k}"


@dataclass(frozen=True, slots=True)
class Hunt:
    items: tuple[int, ...]
    """1-based indices into the tile's item line, ascending."""
    keeneye: bool = False
    """The second item paid with 2 horses instead of a coin (KEENEYE)."""

    def notation(self) -> str:
        return "hunt " + " ".join(map(str, self.items)) + (" horses" if self.keeneye else "")


@dataclass(frozen=True, slots=True)
class Trade:
    pay: Entry
    effects: tuple[str, ...]
    """``coin``, ``stories``, ``horses`` or a move ``e2``/``w1``, in order."""

    def notation(self) -> str:
        return f"trade {entry_text(self.pay)} " + " ".join(self.effects)


@dataclass(frozen=True, slots=True)
class Gold:
    """WISH, VILLAGE, YURT, BUILD or RECRUIT in a region (ST-9)."""

    kind: str
    region: int
    """1–5."""

    def notation(self) -> str:
        return f"{self.kind} R{self.region}"


@dataclass(frozen=True, slots=True)
class Claim:
    tile: str
    pays: tuple[Entry, ...]

    def notation(self) -> str:
        return f"claim {self.tile} " + " ".join(entry_text(e) for e in self.pays)


Extra = Union[Coin, Horses, Step, Hunt, Trade, Gold, Claim]  # noqa: UP007


@dataclass(frozen=True, slots=True)
class Paid:
    """Extra action 3b with its fee (ST-7.6)."""

    action: Extra
    fee: Entry

    def notation(self) -> str:
        return f"{self.action.notation()} fee {entry_text(self.fee)}"


@dataclass(frozen=True, slots=True)
class Exchange:
    give: int
    take: int

    def notation(self) -> str:
        return f"exchange {self.give} {self.take}"


@dataclass(frozen=True, slots=True)
class Draw:
    def notation(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Fulfil:
    wish: str
    pays: tuple[Entry, ...]
    """Red requirements ascending, then the shown ones ascending (ST-16.1)."""

    def notation(self) -> str:
        return f"fulfil {self.wish} " + " ".join(entry_text(e) for e in self.pays)


@dataclass(frozen=True, slots=True)
class Trophy:
    pay: Entry | None
    """``None``: do not advance."""

    def notation(self) -> str:
        return "trophy " + ("stay" if self.pay is None else entry_text(self.pay))


@dataclass(frozen=True, slots=True)
class EndTurn:
    def notation(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Song:
    song: str

    def notation(self) -> str:
        return f"song {self.song}"


@dataclass(frozen=True, slots=True)
class SongPass:
    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Resign:
    """ST-R.1 (docs/stroganov.md): leave the game, at any time, in turn or not."""

    def notation(self) -> str:
        return "resign"


Action = Union[  # noqa: UP007
    Board, Move, Coin, Horses, Step, Hunt, Trade, Gold, Claim, Paid, Exchange, Draw, Fulfil, Trophy, EndTurn, Song,
    SongPass, Resign,
]  # fmt: skip

GOLD = ("wish", "village", "yurt", "build", "recruit")


def _int(tok: str, text: str, lo: int, hi: int) -> int:
    if not tok.isdigit() or not lo <= int(tok) <= hi:
        raise BadNotation("bad_number", token=tok, text=text, minimum=lo, maximum=hi)
    return int(tok)


def _region(tok: str, text: str) -> int:
    m = re.fullmatch(r"[rR]([1-5])", tok)
    if not m:
        raise BadNotation("bad_region", token=tok, text=text)
    return int(m.group(1))


def _step(tok: str, text: str) -> tuple[str, int]:
    m = re.fullmatch(r"([ewEW])(\d)", tok)
    if not m or not 1 <= int(m.group(2)) <= 3:
        raise BadNotation("bad_step", token=tok, text=text)
    return m.group(1).lower(), int(m.group(2))


def _ident(tok: str, prefix: str, text: str) -> str:
    t = tok.upper()
    if not re.fullmatch(prefix + r"[A-Z0-9-]+", t):
        raise BadNotation("bad_id", token=tok, text=text)
    return t


def _extra(words: list[str], text: str) -> Extra:
    verb, args = words[0].lower(), words[1:]
    if verb in ("coin", "horses") and not args:
        return Coin() if verb == "coin" else Horses()
    if verb == "step" and len(args) == 1:
        return Step(*_step(args[0], text))
    if verb == "hunt" and 1 <= len(args) <= 3:
        keeneye = args[-1].lower() == "horses"
        nums = args[:-1] if keeneye else args
        if not 1 <= len(nums) <= 2 or (keeneye and len(nums) != 2):
            raise BadNotation("bad_hunt", text=text)
        items = tuple(sorted(_int(a, text, 1, 9) for a in nums))
        if len(set(items)) != len(items):
            raise BadNotation("bad_hunt", text=text)
        return Hunt(items, keeneye)
    if verb == "trade" and len(args) >= 2:  # the engine checks the number of effects (ST-8.5.2)
        effects: list[str] = []
        for a in args[1:]:
            if a.lower() in EFFECTS:
                effects.append(a.lower())
            else:
                d, k = _step(a, text)
                effects.append(f"{d}{k}")
        return Trade(parse_entry(args[0], text), tuple(effects))
    if verb in GOLD and len(args) == 1:
        return Gold(verb, _region(args[0], text))
    if verb == "claim" and len(args) >= 2:
        return Claim(_ident(args[0], "L", text), tuple(parse_entry(a, text) for a in args[1:]))
    raise BadNotation("bad_action", text=text)  # an unknown verb, or a known one with the wrong words


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise BadNotation("empty", text=text)
    verb, args = words[0].lower(), words[1:]
    if verb == "board" and len(args) == 1:
        m = re.fullmatch(r"([1-4])([abAB])", args[0])
        if not m:
            raise BadNotation("bad_board", token=args[0], text=text)
        return Board(int(m.group(1)), m.group(2).upper())
    if verb == "move" and len(args) == 1:
        return Move(_int(args[0], text, 1, 5))
    if verb == "exchange" and len(args) == 2:
        return Exchange(_int(args[0], text, 1, 9), _int(args[1], text, 1, 9))
    if verb == "draw" and not args:
        return Draw()
    if verb == "fulfil" and len(args) >= 2:
        return Fulfil(_ident(args[0], "TW-", text), tuple(parse_entry(a, text) for a in args[1:]))
    if verb == "trophy" and len(args) == 1:
        return Trophy(None if args[0].lower() == "stay" else parse_entry(args[0], text))
    if verb == "end" and not args:
        return EndTurn()
    if verb == "song" and len(args) == 1:
        return Song(_ident(args[0], "SG", text))
    if verb == "pass" and not args:
        return SongPass()
    if verb == "resign" and not args:
        return Resign()
    lowered = [w.lower() for w in words]
    if "fee" in lowered:
        i = lowered.index("fee")
        if i == 0 or len(words) != i + 2:
            raise BadNotation("bad_fee", text=text)
        return Paid(_extra(words[:i], text), parse_entry(words[i + 1], text))
    return _extra(words, text)
