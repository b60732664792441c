"""The Stroganov game state (ST-3) and its versioned JSON form.

Cossacks are indexed by protocol seat (joining order); in the solo game Ivan is the last cossack
(index 1) and has ``seat is None``. ``order`` is the ST seat number 1..N drawn at setup (ST-5.1).

An item line is a list of fur values in ascending order with the tiger, if any, last; the tiger is
written :data:`TIGER` (0). Stacks are lists whose top is index 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import BadNotation
from rules.rng import Rng
from rules.stroganov.events import Event, typed

FORMAT = 2
"""2: the log is a list of events (rules/stroganov/events.py); 1 logged English text."""
TIGER = 0
DUMMY = -1
SEASONS = ("SPRING", "SUMMER", "AUTUMN")


@dataclass(slots=True)
class Cossack:
    """ST-3.4."""

    seat: int | None
    """Protocol seat; ``None`` for Ivan."""
    order: int
    """ST seat number 1..N (ST-5.1)."""
    board: int = 0
    """Player board 1–4; 0 until chosen."""
    side: str = ""
    position: int = 0
    stamp: int = 0
    coins: int = 1
    horses: int = 0
    furs: list[int] = field(default_factory=list)
    """Ascending."""
    tigers: int = 0
    banners: int = 0
    stories: int = 0
    trophy: int = 0
    supply: int = 1
    reserve: int = 4
    held: list[str] = field(default_factory=list)
    fulfilled: list[str] = field(default_factory=list)
    """In fulfilment order; for Ivan the wishes he took (ST-15.9)."""
    tiles: list[str] = field(default_factory=list)
    songs: list[str] = field(default_factory=list)
    events: list[tuple[str, str, int]] = field(default_factory=list)
    """Scoring events (category, source, VP), ST-11.7."""

    @property
    def ivan(self) -> bool:
        return self.seat is None

    @property
    def track(self) -> str:
        return "A" if self.side != "B" else f"B{self.board}"

    @property
    def score(self) -> int:
        return sum(e[2] for e in self.events)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "order": self.order,
            "board": self.board,
            "side": self.side,
            "position": self.position,
            "stamp": self.stamp,
            "coins": self.coins,
            "horses": self.horses,
            "furs": list(self.furs),
            "tigers": self.tigers,
            "banners": self.banners,
            "stories": self.stories,
            "trophy": self.trophy,
            "supply": self.supply,
            "reserve": self.reserve,
            "held": list(self.held),
            "fulfilled": list(self.fulfilled),
            "tiles": list(self.tiles),
            "songs": list(self.songs),
            "events": [list(e) for e in self.events],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Cossack:
        return cls(
            seat=d["seat"],
            order=d["order"],
            board=d["board"],
            side=d["side"],
            position=d["position"],
            stamp=d["stamp"],
            coins=d["coins"],
            horses=d["horses"],
            furs=[int(v) for v in d["furs"]],
            tigers=d["tigers"],
            banners=d["banners"],
            stories=d["stories"],
            trophy=d["trophy"],
            supply=d["supply"],
            reserve=d["reserve"],
            held=list(d["held"]),
            fulfilled=list(d["fulfilled"]),
            tiles=list(d["tiles"]),
            songs=list(d["songs"]),
            events=[(str(a), str(b), int(c)) for a, b, c in d["events"]],
        )


@dataclass(slots=True)
class Turn:
    """ST-3.5: the active player's progress through ST-7.1.

    ``phase``: 0 movement due, 1 silver action due, 2 extra action 3a available, 3 extra action 3b
    available, 4 after 3b (only free actions and END_TURN remain)."""

    phase: int = 0
    patron_used: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "patron_used": self.patron_used}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Turn:
        return cls(phase=d["phase"], patron_used=d["patron_used"])


@dataclass(slots=True)
class StroganovState:
    """ST-3: everything, including secrets; only :func:`rules.stroganov.view.view` may be shown."""

    players: int
    solo: bool
    difficulty: str
    strategy: str
    rng: Rng
    cossacks: list[Cossack]
    row: list[str | None]
    """Tile id per position 1..12 (index 0 is position 1)."""
    items: list[list[int]]
    trade_fur: int
    region_furs: list[int]
    villages: list[str]
    wish_slots: list[str | None]
    yurt_slots: list[str | None]
    outposts: list[list[int | None]]
    """Per region, per slot: ``None`` free, :data:`DUMMY`, or a cossack index."""
    market: list[int]
    songs: list[str]
    bag: list[int]
    """Ascending multiset."""
    landscapes: list[str]
    wishes_a: list[str]
    wishes_b: list[str]
    yurts_a: list[str]
    yurts_b: list[str]
    song_stack: list[str]
    automa: list[str]
    flipped: list[str]
    tiger_supply: int
    banner_supply: int
    banner_start: int
    out: list[str] = field(default_factory=list)
    """Cards and tiles out of the game."""
    year: int = 1
    season: str = "SETUP"
    stage: str = "boards"
    """boards | turn | income | songs | finished."""
    order: list[int] = field(default_factory=list)
    """Cossack indices in the season's (or winter's) order."""
    active: int = 0
    counter: int = 0
    b_stacks: bool = False
    """The A→B change of ST-12.6.3 has happened."""
    turn: Turn | None = None
    queue: list[list[Any]] = field(default_factory=list)
    """Reward elements still to be gained, in order: ``[cossack, kind, n, source]`` (ST-11.2)."""
    turns_taken: list[int] = field(default_factory=list)
    """Cossacks who have taken their turn this season (ST-20.7)."""
    log: list[Event] = field(default_factory=list)
    """The public log: every event since setup, in order (rules/stroganov/events.py)."""
    result: dict[str, Any] | None = None
    """Once finished: ``scores`` and ``ranking`` by cossack index, ``winner`` (a cossack index) and
    ``reason`` (``final_scoring``, ``automa_wins`` or ``resign``; absent in older states)."""
    resigned: list[int] = field(default_factory=list)
    """Protocol seats that resigned (ST-R.1), ascending; absent from old dumps, read as nobody."""
    resigned_play_on: bool = False
    """ST-R.6: a resigned cossack plays on (the table's computer decides for it) instead of leaving
    (ST-R.3); only with 3 or 4 players. Dumped only when set: absent from older dumps, read as off."""

    @property
    def n(self) -> int:
        return len(self.cossacks)

    @property
    def ivan(self) -> int | None:
        return self.n - 1 if self.solo else None


_SCALARS = (
    "players", "solo", "difficulty", "strategy", "trade_fur", "tiger_supply", "banner_supply", "banner_start",
    "year", "season", "stage", "active", "counter", "b_stacks",
)  # fmt: skip
_LISTS = (
    "row", "villages", "wish_slots", "yurt_slots", "market", "songs", "bag", "landscapes", "wishes_a",
    "wishes_b", "yurts_a", "yurts_b", "song_stack", "automa", "flipped", "out", "order", "turns_taken", "log",
    "region_furs",
)  # fmt: skip


def dump(st: StroganovState) -> dict[str, Any]:
    d: dict[str, Any] = {"format": FORMAT, "game": "stroganov", "rng": st.rng.state}
    for k in _SCALARS:
        d[k] = getattr(st, k)
    for k in _LISTS:
        d[k] = list(getattr(st, k))
    d["cossacks"] = [c.to_json() for c in st.cossacks]
    d["items"] = [list(line) for line in st.items]
    d["outposts"] = [list(r) for r in st.outposts]
    d["turn"] = st.turn.to_json() if st.turn else None
    d["queue"] = [list(q) for q in st.queue]
    d["result"] = st.result
    d["resigned"] = list(st.resigned)
    if st.resigned_play_on:
        d["resigned_play_on"] = True
    return d


def load(d: Mapping[str, Any]) -> StroganovState:
    if d.get("format") != FORMAT:
        raise BadNotation("state_format", found=d.get("format"), expected=FORMAT)
    try:
        kw: dict[str, Any] = {k: d[k] for k in _SCALARS}
        kw.update({k: list(d[k]) for k in _LISTS if k != "log"})
        if not all(isinstance(e, dict) and "type" in e for e in d["log"]):
            raise ValueError("log entries are events")
        kw["log"] = typed(d["log"])
        return StroganovState(
            rng=Rng(d["rng"]),
            cossacks=[Cossack.from_json(c) for c in d["cossacks"]],
            items=[[int(v) for v in line] for line in d["items"]],
            outposts=[list(r) for r in d["outposts"]],
            turn=Turn.from_json(d["turn"]) if d["turn"] else None,
            queue=[list(q) for q in d["queue"]],
            result=d["result"],
            resigned=[int(s) for s in d.get("resigned", [])],
            resigned_play_on=bool(d.get("resigned_play_on", False)),
            **kw,
        )
    except (KeyError, TypeError, ValueError) as e:
        raise BadNotation("state_format", found=d.get("format"), expected=FORMAT, error=str(e)) from None
