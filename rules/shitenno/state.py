"""The Shitenno game state (SH-3) and its versioned JSON form.

Stones on a province are a list filling positions 1..k from the left (SH-8.4.1); each stone is
``(seat, golden)``. Hierarchy tiles and titles are named by title name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import protocol
from rules.errors import BadNotation
from rules.rng import Rng
from rules.shitenno.events import Event, typed

FORMAT = 2
"""2: the log is a list of events (:mod:`rules.shitenno.events`); format 1 kept English sentences
and is refused (``state_format``): such games are rebuilt by replaying their actions."""


@dataclass(slots=True)
class Player:
    """SH-3.4."""

    seat: int
    general: str
    title: str | None
    supply: int
    score: int = 0
    events: list[tuple[str, int]] = field(default_factory=list)
    troops: list[str] = field(default_factory=list)
    koku: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    conquests: int = 0
    flipped: bool = False
    joker_used: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "general": self.general,
            "title": self.title,
            "supply": self.supply,
            "score": self.score,
            "events": [list(e) for e in self.events],
            "troops": list(self.troops),
            "koku": list(self.koku),
            "kept": list(self.kept),
            "conquests": self.conquests,
            "flipped": self.flipped,
            "joker_used": self.joker_used,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Player:
        return cls(
            seat=d["seat"],
            general=d["general"],
            title=d["title"],
            supply=d["supply"],
            score=d["score"],
            events=[(str(a), int(b)) for a, b in d["events"]],
            troops=list(d["troops"]),
            koku=list(d["koku"]),
            kept=list(d["kept"]),
            conquests=d["conquests"],
            flipped=d["flipped"],
            joker_used=d["joker_used"],
        )


Lot = tuple[str, tuple[str, ...]]
"""A hierarchy tile (title name) and pool card ids."""


@dataclass(slots=True)
class Sharing:
    """SH-3.6."""

    pool: list[str]
    unplaced: list[str]
    pending: list[int]
    """Pending seats in rank order (SH-6.3, titles at the phase start)."""
    tairo: int
    offer: Lot | None = None
    refused: list[int] = field(default_factory=list)
    split: tuple[Lot, Lot] | None = None
    received: dict[int, str] = field(default_factory=dict)
    """Seat -> hierarchy tile received this phase."""

    def offered_to(self) -> int | None:
        """SH-7.4.2: the next pending player below the Tairo who has not refused."""
        if self.offer is None:
            return None
        for s in self.pending:
            if s != self.tairo and s not in self.refused:
                return s
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "pool": list(self.pool),
            "unplaced": list(self.unplaced),
            "pending": list(self.pending),
            "tairo": self.tairo,
            "offer": [self.offer[0], list(self.offer[1])] if self.offer else None,
            "refused": list(self.refused),
            "split": [[t, list(c)] for t, c in self.split] if self.split else None,
            "received": [[k, v] for k, v in sorted(self.received.items())],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Sharing:
        split = d["split"]
        return cls(
            pool=list(d["pool"]),
            unplaced=list(d["unplaced"]),
            pending=list(d["pending"]),
            tairo=d["tairo"],
            offer=(d["offer"][0], tuple(d["offer"][1])) if d["offer"] else None,
            refused=list(d["refused"]),
            split=((split[0][0], tuple(split[0][1])), (split[1][0], tuple(split[1][1]))) if split else None,
            received={int(k): v for k, v in d["received"]},
        )


@dataclass(slots=True)
class ShitennoState:
    """SH-3: everything, including secrets; only :func:`rules.shitenno.view.view` may be shown."""

    n: int
    rng: Rng
    players: list[Player]
    board: dict[str, list[tuple[int, bool]]]
    stacks: dict[str, list[str]]
    troop_deck: list[str]
    koku_deck: list[str]
    discard: list[str] = field(default_factory=list)
    koku_removed: list[str] = field(default_factory=list)
    spent: list[str] = field(default_factory=list)
    round: int = 1
    phase: str = "sharing"
    last_round: bool = False
    sharing: Sharing | None = None
    order: list[int] = field(default_factory=list)
    active: int = 0
    """Index into ``order`` during the control phase."""
    log: list[Event] = field(default_factory=list)
    """The public log (SH-4.5): every event since setup, in order."""
    result: dict[str, Any] | None = None
    """Final scoring details once ``phase == "finished"``; ``reason`` is ``final_scoring`` or
    ``resign`` (absent in states stored before resignation existed: ``final_scoring``)."""
    resigned: list[int] = field(default_factory=list)
    """Seats that resigned (SH-R.1), ascending; absent from old dumps, read as nobody."""
    resigned_play_on: bool = False
    """SH-R.6: a resigned seat plays on (the table's computer decides for it) instead of leaving
    (SH-R.3); only with 3 or 4 players. Dumped only when set: absent from older dumps, read as off."""


def dump(st: ShitennoState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": "shitenno",
        "n": st.n,
        "rng": st.rng.state,
        "players": [p.to_json() for p in st.players],
        "board": {k: [[s, g] for s, g in v] for k, v in st.board.items()},
        "stacks": {k: list(v) for k, v in st.stacks.items()},
        "troop_deck": list(st.troop_deck),
        "koku_deck": list(st.koku_deck),
        "discard": list(st.discard),
        "koku_removed": list(st.koku_removed),
        "spent": list(st.spent),
        "round": st.round,
        "phase": st.phase,
        "last_round": st.last_round,
        "sharing": st.sharing.to_json() if st.sharing else None,
        "order": list(st.order),
        "active": st.active,
        "log": list(st.log),
        "result": st.result,
        "resigned": list(st.resigned),
        **({"resigned_play_on": True} if st.resigned_play_on else {}),
    }


def _events(log: Iterable[object]) -> list[Event]:
    """The log read back from JSON: each entry a mapping (copied) of a type the engine emits."""
    entries: list[protocol.Event] = []
    for e in log:
        if not isinstance(e, Mapping) or not isinstance(e.get("type"), str):
            raise TypeError(f"not an event: {e!r}")
        entries.append(dict(e))
    return typed(entries)


def load(d: Mapping[str, Any]) -> ShitennoState:
    if d.get("format") != FORMAT:
        raise BadNotation("state_format", found=d.get("format"), expected=FORMAT)
    try:
        res = d["result"]
        return ShitennoState(
            n=d["n"],
            rng=Rng(d["rng"]),
            players=[Player.from_json(p) for p in d["players"]],
            board={k: [(int(s), bool(g)) for s, g in v] for k, v in d["board"].items()},
            stacks={k: list(v) for k, v in d["stacks"].items()},
            troop_deck=list(d["troop_deck"]),
            koku_deck=list(d["koku_deck"]),
            discard=list(d["discard"]),
            koku_removed=list(d["koku_removed"]),
            spent=list(d["spent"]),
            round=d["round"],
            phase=d["phase"],
            last_round=d["last_round"],
            sharing=Sharing.from_json(d["sharing"]) if d["sharing"] else None,
            order=list(d["order"]),
            active=d["active"],
            log=_events(d["log"]),
            result={k: (list(v) if isinstance(v, list) else v) for k, v in res.items()} if res else None,
            resigned=[int(s) for s in d.get("resigned", [])],
            resigned_play_on=bool(d.get("resigned_play_on", False)),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise BadNotation("state_format", found=d.get("format"), expected=FORMAT, error=str(e)) from None
