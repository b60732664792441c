"""Shitenno actions as frozen dataclasses with a lossless text notation.

``parse_action(a.notation()) == a`` for every action. Grammar (case-insensitive on input)::

    offer TITLE CARD*                       FORM_LOT (SH-7.5)       offer Shomyo T3 T7 K2
    accept | refuse                         ACCEPT / REFUSE         accept
    split TITLE CARD* / TITLE CARD*         SPLIT                   split Sensei T1 K3 / Hatamoto T2
    choose A|B                              CHOOSE                  choose B
    conquer PROV CARD* TILE* [joker=TYPE]   CONQUER_TROOPS (SH-8.5) conquer KANTO T1 T4 +B2@T1.1 xB5@K3=SA joker=SH
    buy PROV CARD* TILE*                    CONQUER_KOKU (SH-8.6)   buy CHUGOKU K1 K3 +B2 T4 xB5@T4.1
    draw TILE                               USE_DRAW (SH-8.11)      draw B3
    flip PROV.POS                           SENSEI_FLIP (SH-8.13)   flip KANTO.2
    end                                     END_TURN (SH-8.14)      end
    resign                                  RESIGN (SH-R.1)         resign

CARD is ``T<n>`` (troop) or ``K<n>`` (koku); a symbol is ``T<n>.<i>`` (SH-0.4). In ``conquer`` a
PLUS_ONE is ``+B<n>@SYMBOL`` and an EXCHANGE ``xB<n>@SYMBOL=TYPE`` or ``xB<n>@K<n>=TYPE``; in
``buy`` a PLUS_ONE is ``+B<n>`` and an EXCHANGE ``xB<n>@SYMBOL``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.errors import BadNotation
from rules.shitenno.content import CONTENT

TITLE_BY_LOWER = {t.lower(): t for t in CONTENT.titles}
_CARD = re.compile(r"^[TK]\d+$")
_SYMBOL = re.compile(r"^T\d+\.\d$")
_TILE = re.compile(r"^B\d+$")


@dataclass(frozen=True, slots=True)
class FormLot:
    tile: str
    cards: tuple[str, ...]

    def notation(self) -> str:
        return " ".join(("offer", self.tile, *self.cards))


@dataclass(frozen=True, slots=True)
class Accept:
    def notation(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Refuse:
    def notation(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class Split:
    a_tile: str
    a_cards: tuple[str, ...]
    b_tile: str
    b_cards: tuple[str, ...]

    def notation(self) -> str:
        return " ".join(("split", self.a_tile, *self.a_cards, "/", self.b_tile, *self.b_cards))


@dataclass(frozen=True, slots=True)
class Choose:
    lot: str
    """``A`` or ``B``."""

    def notation(self) -> str:
        return f"choose {self.lot}"


@dataclass(frozen=True, slots=True)
class ConquerTroops:
    """SH-8.5. ``plus`` holds (tile, symbol); ``exchanges`` (tile, symbol or koku card, new type)."""

    province: str
    troops: tuple[str, ...]
    koku: tuple[str, ...] = ()
    plus: tuple[tuple[str, str], ...] = ()
    exchanges: tuple[tuple[str, str, str], ...] = ()
    joker: str | None = None

    def notation(self) -> str:
        parts = ["conquer", self.province, *self.troops, *self.koku]
        parts += [f"+{t}@{s}" for t, s in self.plus]
        parts += [f"x{t}@{s}={ty}" for t, s, ty in self.exchanges]
        if self.joker:
            parts.append(f"joker={self.joker}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class ConquerKoku:
    """SH-8.6. ``plus`` holds tiles; ``exchanges`` (tile, symbol)."""

    province: str
    koku: tuple[str, ...]
    plus: tuple[str, ...] = ()
    troops: tuple[str, ...] = ()
    exchanges: tuple[tuple[str, str], ...] = ()

    def notation(self) -> str:
        parts = ["buy", self.province, *self.koku, *self.troops]
        parts += [f"+{t}" for t in self.plus]
        parts += [f"x{t}@{s}" for t, s in self.exchanges]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class UseDraw:
    tile: str

    def notation(self) -> str:
        return f"draw {self.tile}"


@dataclass(frozen=True, slots=True)
class SenseiFlip:
    province: str
    position: int

    def notation(self) -> str:
        return f"flip {self.province}.{self.position}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    def notation(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Resign:
    """SH-R.1 (docs/shitenno.md): leave the game, at any time, in turn or not."""

    def notation(self) -> str:
        return "resign"


Action = (
    FormLot | Accept | Refuse | Split | Choose | ConquerTroops | ConquerKoku | UseDraw | SenseiFlip | EndTurn | Resign
)


def _title(tok: str, text: str) -> str:
    t = TITLE_BY_LOWER.get(tok.lower())
    if t is None:
        raise BadNotation("bad_action", text=text, token=tok)
    return t


def _cards(toks: list[str], text: str) -> tuple[str, ...]:
    out = []
    for tok in toks:
        u = tok.upper()
        if not _CARD.match(u):
            raise BadNotation("bad_action", text=text, token=tok)
        out.append(u)
    return tuple(out)


def _province(tok: str, text: str) -> str:
    u = tok.upper()
    if u not in CONTENT.province:
        raise BadNotation("bad_action", text=text, token=tok)
    return u


def _type(tok: str, text: str) -> str:
    u = tok.upper()
    if u not in CONTENT.troop_types:
        raise BadNotation("bad_action", text=text, token=tok)
    return u


def _conquer(words: list[str], text: str) -> ConquerTroops:
    troops: list[str] = []
    koku: list[str] = []
    plus: list[tuple[str, str]] = []
    exch: list[tuple[str, str, str]] = []
    joker = None
    for w in words:
        u = w.upper()
        if u.startswith("JOKER="):
            if joker is not None:
                raise BadNotation("bad_action", text=text, token=w)
            joker = _type(u[6:], text)
        elif u.startswith("+"):
            m = re.match(r"^\+(B\d+)@(T\d+\.\d)$", u)
            if not m:
                raise BadNotation("bad_action", text=text, token=w)
            plus.append((m[1], m[2]))
        elif u.startswith("X"):
            m = re.match(r"^X(B\d+)@(T\d+\.\d|K\d+)=(\w+)$", u)
            if not m:
                raise BadNotation("bad_action", text=text, token=w)
            exch.append((m[1], m[2], _type(m[3], text)))
        elif _CARD.match(u):
            (troops if u[0] == "T" else koku).append(u)
        else:
            raise BadNotation("bad_action", text=text, token=w)
    return ConquerTroops("", tuple(troops), tuple(koku), tuple(plus), tuple(exch), joker)


def _buy(
    words: list[str], text: str
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[tuple[str, str], ...]]:
    koku: list[str] = []
    troops: list[str] = []
    plus: list[str] = []
    exch: list[tuple[str, str]] = []
    for w in words:
        u = w.upper()
        if u.startswith("+"):
            if not _TILE.match(u[1:]):
                raise BadNotation("bad_action", text=text, token=w)
            plus.append(u[1:])
        elif u.startswith("X"):
            m = re.match(r"^X(B\d+)@(T\d+\.\d)$", u)
            if not m:
                raise BadNotation("bad_action", text=text, token=w)
            exch.append((m[1], m[2]))
        elif _CARD.match(u):
            (troops if u[0] == "T" else koku).append(u)
        else:
            raise BadNotation("bad_action", text=text, token=w)
    return tuple(koku), tuple(plus), tuple(troops), tuple(exch)


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise BadNotation("bad_action", text=text)
    verb, rest = words[0].lower(), words[1:]
    if verb in ("accept", "refuse", "end", "resign") and not rest:
        simple: dict[str, Action] = {"accept": Accept(), "refuse": Refuse(), "end": EndTurn(), "resign": Resign()}
        return simple[verb]
    if verb == "offer" and rest:
        return FormLot(_title(rest[0], text), _cards(rest[1:], text))
    if verb == "split" and rest.count("/") == 1:
        i = rest.index("/")
        a, b = rest[:i], rest[i + 1 :]
        if not a or not b:
            raise BadNotation("bad_action", text=text)
        return Split(_title(a[0], text), _cards(a[1:], text), _title(b[0], text), _cards(b[1:], text))
    if verb == "choose" and len(rest) == 1 and rest[0].upper() in ("A", "B"):
        return Choose(rest[0].upper())
    if verb == "conquer" and rest:
        c = _conquer(rest[1:], text)
        return ConquerTroops(_province(rest[0], text), c.troops, c.koku, c.plus, c.exchanges, c.joker)
    if verb == "buy" and rest:
        koku, plus, troops, exch = _buy(rest[1:], text)
        return ConquerKoku(_province(rest[0], text), koku, plus, troops, exch)
    if verb == "draw" and len(rest) == 1 and _TILE.match(rest[0].upper()):
        return UseDraw(rest[0].upper())
    if verb == "flip" and len(rest) == 1:
        m = re.match(r"^(\w+)\.([1-4])$", rest[0])
        if m:
            return SenseiFlip(_province(m[1], text), int(m[2]))
    raise BadNotation("bad_action", text=text)
