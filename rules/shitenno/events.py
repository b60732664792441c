"""What happened in a Shitenno game, as data (DESIGN §3): the events :func:`~rules.shitenno.engine.apply`
returns and the state's public log keeps (SH-4.5).

An event is a plain JSON-ready dict ``{"type": <snake_case>, ...params}`` whose params are seats,
card, tile, title and province ids, numbers, booleans, ``None``, and lists or dicts of those —
never a sentence and never notation with spaces, so the UIs can put them into any language and
nothing outside ``rules/`` parses engine text. Every event is public (SH-4.1): a hand never
appears in one (the card a DRAW tile draws is not named, SH-8.11). The engine never changes an
event once made; readers must not either (views share them with the state).

Each type is one ``TypedDict`` below, its ``type`` a literal tag and its docstring what it means;
:data:`Event` is their union, so ``if e["type"] == "lot_offered":`` narrows an event to a
:class:`LotOfferedEvent`. A param marked ``NotRequired`` is present only sometimes (or was absent
in events logged before some date, which stored states still hold).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias, TypedDict

from rules import protocol


class SetupEvent(TypedDict):
    """The starting title per seat (SH-5.4)."""

    type: Literal["setup"]
    titles: list[str]


class RoundStartedEvent(TypedDict):
    """Sharing ``round`` began; ``pool``: the card ids drawn into the pool (SH-7.2)."""

    type: Literal["round_started"]
    round: int
    pool: list[str]


class LastRoundEvent(TypedDict):
    """This round is the last: the koku deck is empty (``koku_deck_empty``, SH-7.3) or ``seat``
    placed his last stone (``stones_placed``, SH-9.1; only this cause has a ``seat``)."""

    type: Literal["last_round"]
    cause: Literal["koku_deck_empty", "stones_placed"]
    seat: NotRequired[int]


class LotOfferedEvent(TypedDict):
    """``seat`` (the Tairō) offered a lot, a hierarchy ``tile`` and pool ``cards``, to the seat
    ``to`` (SH-7.4.1); ``None``: nobody below him is left to ask."""

    type: Literal["lot_offered"]
    seat: int
    tile: str
    cards: list[str]
    to: int | None


class LotAcceptedEvent(TypedDict):
    """``seat`` accepted the lot offered to him (SH-7.4.2)."""

    type: Literal["lot_accepted"]
    seat: int


class LotRefusedEvent(TypedDict):
    """``seat`` refused the lot offered to him (SH-7.4.2)."""

    type: Literal["lot_refused"]
    seat: int


class LotReceivedEvent(TypedDict):
    """``seat`` received a lot: a hierarchy ``tile`` and ``cards`` (SH-7.4.3–7.4.5, SH-R.3.2)."""

    type: Literal["lot_received"]
    seat: int
    tile: str
    cards: list[str]


class TairoChangedEvent(TypedDict):
    """``seat`` is the new Tairō (SH-7.4.4, SH-R.3.1)."""

    type: Literal["tairo_changed"]
    seat: int


class PoolSplitEvent(TypedDict):
    """``seat`` split the pool into lot A (``a_tile``, ``a_cards``) and lot B (SH-7.4.5)."""

    type: Literal["pool_split"]
    seat: int
    a_tile: str
    a_cards: list[str]
    b_tile: str
    b_cards: list[str]


class LotChosenEvent(TypedDict):
    """``seat`` chose ``lot`` ``A`` or ``B`` of a split pool (SH-7.4.5)."""

    type: Literal["lot_chosen"]
    seat: int
    lot: str


class TitlesAssignedEvent(TypedDict):
    """``titles``: the title per seat, ``None`` for a resigned seat (SH-7.7); ``before``: the titles
    they replace (absent in events logged before 2026-12-04)."""

    type: Literal["titles_assigned"]
    titles: list[str | None]
    before: NotRequired[list[str | None]]


class PlusOne(TypedDict):
    """A PLUS_ONE ``tile`` in a troop payment and the symbol it adds to (``on``, e.g. ``T4.1``)."""

    tile: str
    on: str


class TroopExchange(TypedDict):
    """An EXCHANGE ``tile`` in a troop payment: the symbol or koku card ``on`` becomes troop type ``to``."""

    tile: str
    on: str
    to: str


class KokuPlusOne(TypedDict):
    """A PLUS_ONE ``tile`` in a koku payment: +1 koku (``on``: ``None`` in events logged before
    2026-12-02)."""

    tile: str
    on: NotRequired[None]


class KokuExchange(TypedDict):
    """An EXCHANGE ``tile`` in a koku payment: the symbol ``on`` yields 1 koku (``to``: ``None`` in
    events logged before 2026-12-02)."""

    tile: str
    on: str
    to: NotRequired[None]


class PositionConqueredEvent(TypedDict):
    """``seat`` conquered ``position`` (1–4) of ``province`` (SH-8.9) for ``vp`` and a title
    ``bonus`` (SH-8.9.3), paid with troops (SH-8.5): each part of the payment only when used —
    ``troops``, ``koku`` (card ids), ``plus``, ``exchanges``, ``joker`` (a troop type). Events
    logged before 2026-12-02 have every part, empty or ``None`` when unused."""

    type: Literal["position_conquered"]
    seat: int
    province: str
    position: int
    vp: int
    bonus: int
    troops: NotRequired[list[str]]
    koku: NotRequired[list[str]]
    plus: NotRequired[list[PlusOne]]
    exchanges: NotRequired[list[TroopExchange]]
    joker: NotRequired[str | None]


class PositionBoughtEvent(TypedDict):
    """The same as :class:`PositionConqueredEvent`, paid with koku (SH-8.6); no joker (``None`` in
    events logged before 2026-12-02)."""

    type: Literal["position_bought"]
    seat: int
    province: str
    position: int
    vp: int
    bonus: int
    troops: NotRequired[list[str]]
    koku: NotRequired[list[str]]
    plus: NotRequired[list[KokuPlusOne]]
    exchanges: NotRequired[list[KokuExchange]]
    joker: NotRequired[None]


class TileTakenEvent(TypedDict):
    """``seat`` took ``tile``, the top of ``province``'s stack (SH-8.9.4)."""

    type: Literal["tile_taken"]
    seat: int
    tile: str
    province: str


class DrawUsedEvent(TypedDict):
    """``seat`` used the DRAW ``tile`` (SH-8.11; the card drawn stays secret)."""

    type: Literal["draw_used"]
    seat: int
    tile: str


class StoneFlippedEvent(TypedDict):
    """``seat`` (the Sensei) flipped his stone on ``position`` of ``province`` (SH-8.13)."""

    type: Literal["stone_flipped"]
    seat: int
    province: str
    position: int


class TurnEndedEvent(TypedDict):
    """``seat``'s control turn ended; ``auto``: nothing more could be done (SH-8.14)."""

    type: Literal["turn_ended"]
    seat: int
    auto: bool


class TurnSkippedEvent(TypedDict):
    """``seat``'s control turn was skipped: he resigned (SH-R.3.3)."""

    type: Literal["turn_skipped"]
    seat: int
    reason: Literal["resigned"]


class ResignEvent(TypedDict):
    """``seat`` resigned (SH-R.1); ``play_on`` (only when true): the seat plays on, the game going
    on (SH-R.6)."""

    type: Literal["resign"]
    seat: int
    play_on: NotRequired[bool]


class Scoring(TypedDict):
    """A seat's VP by source (SH-9.3): ``positions``, title bonuses (``titles``), province
    ``majorities`` and leftover ``koku``; ``provinces``: those whose majority he won."""

    positions: int
    titles: int
    majorities: int
    provinces: list[str]
    koku: int


class GameOverEvent(TypedDict):
    """The game ended by ``reason`` (``final_scoring`` or ``resign``, SH-9.3, SH-R.2): the
    ``winners``, and per seat its ``scores``, ``places``, ``provinces_won``, stone ``weights`` and
    ``scoring`` (VP by source)."""

    type: Literal["game_over"]
    reason: Literal["final_scoring", "resign"]
    winners: list[int]
    scores: list[int]
    places: list[int]
    provinces_won: list[int]
    weights: list[int]
    scoring: list[Scoring]


Event: TypeAlias = (
    SetupEvent
    | RoundStartedEvent
    | LastRoundEvent
    | LotOfferedEvent
    | LotAcceptedEvent
    | LotRefusedEvent
    | LotReceivedEvent
    | TairoChangedEvent
    | PoolSplitEvent
    | LotChosenEvent
    | TitlesAssignedEvent
    | PositionConqueredEvent
    | PositionBoughtEvent
    | TileTakenEvent
    | DrawUsedEvent
    | StoneFlippedEvent
    | TurnEndedEvent
    | TurnSkippedEvent
    | ResignEvent
    | GameOverEvent
)
"""One event: ``{"type": ..., **params}``, JSON-ready."""

Conquest: TypeAlias = PositionConqueredEvent | PositionBoughtEvent
"""A position taken (SH-8.9), by either payment."""

EVENT_TYPES: frozenset[str] = frozenset(
    {
        "setup",
        "round_started",
        "last_round",
        "lot_offered",
        "lot_accepted",
        "lot_refused",
        "lot_received",
        "tairo_changed",
        "pool_split",
        "lot_chosen",
        "titles_assigned",
        "position_conquered",
        "position_bought",
        "tile_taken",
        "draw_used",
        "stone_flipped",
        "turn_ended",
        "turn_skipped",
        "resign",
        "game_over",
    }
)
"""Every type the engine emits: the tags of :data:`Event` (a test keeps the two the same)."""


typed: protocol.EventReader[Event] = protocol.EventReader("Shitenno", EVENT_TYPES)
"""This game's events read back (:class:`~rules.protocol.EventReader`)."""
