"""Stroganov's events: what happened, as data (DESIGN §3, issue 18).

``apply`` returns a list of events and the state's public ``log`` is the list of every event since
setup. An event is a plain JSON-ready dict ``{"type": "<snake_case>", ...}`` whose values are
numbers, ids without whitespace (``L15``, ``TW-S2``, ``SG10``, ``AU03``, ``V1``, ``YA1``), lists
and dicts of those, ``True``/``False`` or ``None`` — never a sentence and never notation; the UIs
put events into words (``cogs/stroganov/ui.py``).

Every type is a ``TypedDict`` below, its parameters and what they mean said once, there;
:data:`Event` is their union, which ``e["type"] == "move"`` (or ``e["type"] in DECISIONS``) narrows.

Who: ``cossack`` is an index into ``state.cossacks`` (and ``view.cossacks``): a player's cossack
index is his protocol seat; **Ivan** (solo, ST-15) is the last cossack (``state.ivan``) and every
event naming him as its actor also carries ``"automa": True``: the steps of his turn and his song
have types of their own (``ivan_*``), a player's types never name him, and a ``board`` (the one type
either may take) has ``automa`` when it is his. Lists of cossacks (``order``, ``ranking``,
``scores``) are by index.

Gains: an event logged by a change carries ``gains`` when anything changed between it and the next
event (:class:`Gain`, :func:`rules.stroganov.core.close`).
"""

from __future__ import annotations

from typing import Final, Literal, NotRequired, TypeAlias, TypedDict

from rules import protocol
from rules.stroganov.actions import EFFECTS, Entry

EntryData: TypeAlias = list[str | int]
"""A payment entry (ST-16.1) as data, a JSON list ``[kind, value]``: ``["fur", v]``, ``["tiger", 0]``
or ``["sub", v]`` (a fur ``v`` plus a coin for a requirement of another value)."""


class Gain(TypedDict):
    """What cossack ``cossack`` gained and spent from an entry to the next one: numbers as
    differences, lists of what came and of what went (``…_spent``), and ``position`` as ``[before,
    after]``; only what changed is there."""

    cossack: int
    coins: NotRequired[int]
    horses: NotRequired[int]
    tigers: NotRequired[int]
    banners: NotRequired[int]
    stories: NotRequired[int]
    trophy: NotRequired[int]
    supply: NotRequired[int]
    reserve: NotRequired[int]
    score: NotRequired[int]
    furs: NotRequired[list[int]]
    furs_spent: NotRequired[list[int]]
    tiles: NotRequired[list[str]]
    tiles_spent: NotRequired[list[str]]
    held: NotRequired[list[str]]
    held_spent: NotRequired[list[str]]
    fulfilled: NotRequired[list[str]]
    fulfilled_spent: NotRequired[list[str]]
    songs: NotRequired[list[str]]
    songs_spent: NotRequired[list[str]]
    built: NotRequired[list[int]]
    """Regions (1–5) where an outpost of his came (``built_spent``: went)."""
    built_spent: NotRequired[list[int]]
    position: NotRequired[list[int]]


Counted: TypeAlias = Literal["coins", "horses", "tigers", "banners", "stories", "trophy", "supply", "reserve", "score"]
"""The numbers of a :class:`Gain`, as differences."""


class PlainEffect(TypedDict):
    """A trade effect other than a move (ST-8.5.2)."""

    effect: Literal["coin", "stories", "horses"]


class StepEffect(TypedDict):
    """A trade effect that moves: ``{"effect": "step", "direction": "e", "k": 2}`` for ``e2``."""

    effect: Literal["step"]
    direction: str
    """``e`` or ``w``."""
    k: int


Effect: TypeAlias = PlainEffect | StepEffect


class _Logged(TypedDict):
    gains: NotRequired[list[Gain]]


class _Players(_Logged):
    """An event whose actor is a player's cossack (never Ivan's)."""

    cossack: int


class _Ivans(_Logged):
    """A step of Ivan's turn, or his song (ST-15)."""

    cossack: int
    automa: Literal[True]


class _Extra(_Players):
    fee: NotRequired[EntryData]
    """Taken as extra action 3b, with this fee (ST-7.6)."""


class SetupEvent(_Logged):
    """The game is set up; only in the log (``new``)."""

    type: Literal["setup"]
    players: int
    solo: bool
    seat_order: list[int]
    """Cossacks by ST seat number (ST-5.1)."""
    automa: int | None
    """Ivan's index, ``None`` without him."""


class BoardEvent(_Logged):
    """A board chosen (ST-5.1); Ivan's (with ``automa``) or a resigned player's is ``auto``."""

    type: Literal["board"]
    cossack: int
    automa: NotRequired[Literal[True]]
    board: int
    side: str
    auto: bool


class SeasonEvent(_Logged):
    """A season begins (ST-6.2)."""

    type: Literal["season"]
    season: str
    """``spring``, ``summer`` or ``autumn``."""
    year: int
    order: list[int]


class TurnStartEvent(_Players):
    """A player's turn begins."""

    type: Literal["turn_start"]
    season: str
    year: int


class TurnSkippedEvent(_Players):
    """A resigned player's turn (ST-R.3)."""

    type: Literal["turn_skipped"]
    season: str
    year: int


class NoMoveEvent(_Players):
    """At position 12 the movement is skipped (ST-16.2)."""

    type: Literal["no_move"]


class MoveEvent(_Players):
    type: Literal["move"]
    k: int
    to: int


class CoinEvent(_Extra):
    """The silver action COIN (ST-8.1)."""

    type: Literal["coin"]


class HorsesEvent(_Extra):
    """The silver action HORSES (ST-8.2)."""

    type: Literal["horses"]


class StepEvent(_Extra):
    type: Literal["step"]
    direction: str
    """``e`` or ``w``."""
    k: int
    to: int


class HuntEvent(_Extra):
    type: Literal["hunt"]
    items: list[int]
    """1-based places on the tile."""
    keeneye: bool
    position: int
    taken: list[int]
    """The values taken, 0 a tiger."""


class TradeEvent(_Extra):
    type: Literal["trade"]
    pay: EntryData
    effects: list[Effect]
    """In order (ST-8.5.2)."""
    to: int | None
    """The position after its moves, ``None`` without one."""


class WishEvent(_Extra):
    """A tsar wish taken (ST-9.2)."""

    type: Literal["wish"]
    region: int
    wish: str


class VillageEvent(_Extra):
    type: Literal["village"]
    region: int
    village: str


class YurtEvent(_Extra):
    type: Literal["yurt"]
    region: int
    yurt: str


class BuildEvent(_Extra):
    type: Literal["build"]
    region: int


class RecruitEvent(_Extra):
    type: Literal["recruit"]
    region: int


class ClaimEvent(_Extra):
    type: Literal["claim"]
    tile: str
    position: int
    pays: list[EntryData]


class ExchangeEvent(_Players):
    type: Literal["exchange"]
    give: int
    take: int


class DrawEvent(_Players):
    """A fur drawn: which is in ``gains``."""

    type: Literal["draw"]


class FulfilEvent(_Players):
    type: Literal["fulfil"]
    wish: str
    ability: str
    pays: list[EntryData]


class TrophyEvent(_Players):
    """A trophy action (T) decided (ST-11.3)."""

    type: Literal["trophy"]
    pay: EntryData | None
    """``None`` to stay."""
    space: int
    """The space after."""
    auto: bool
    """Stayed because nothing could pay (ST-16.2)."""
    winter: NotRequired[bool]
    """Decided in winter (a W wish's or a song's T), not in a turn; absent in the oldest logs."""


class EndTurnEvent(_Players):
    type: Literal["end_turn"]
    auto: bool
    """Nothing but END was left (ST-16.2)."""


class WinterEvent(_Logged):
    """Winter begins; its gains are the winter income (ST-12.2)."""

    type: Literal["winter"]
    year: int
    order: list[int]


class ExplorationEvent(_Logged):
    """ST-12.3: the two deepest cossacks playing get 2 and 1 stories."""

    type: Literal["exploration"]
    cossacks: list[int]
    stories: list[int]


class SongEvent(_Players):
    type: Literal["song"]
    song: str
    cost: int


class SongPassEvent(_Players):
    type: Literal["song_pass"]
    reason: Literal["choice", "unaffordable", "resigned"]
    """By ``choice``, ``unaffordable`` (ST-16.2) or ``resigned`` (ST-R.3)."""


class RefreshEvent(_Logged):
    """The row, the cards and the market refilled (ST-12.6)."""

    type: Literal["refresh"]
    year: int
    tiles: list[str]
    """Laid."""
    tiger: int | None
    """Where a tiger was put, ``None`` if none."""
    wishes: list[str]
    yurts: list[str]
    songs: list[str]
    """The new ones."""
    market: list[int]
    b_stacks: bool


class ResignEvent(_Players):
    """ST-R.1; ``play_on`` (only when true): the cossack plays on, the game going on (ST-R.6)."""

    type: Literal["resign"]
    seat: int
    play_on: NotRequired[bool]


class FinalEvent(_Logged):
    """The end (ST-13.4, ST-R.5)."""

    type: Literal["final"]
    reason: Literal["final_scoring", "automa_wins", "resign"]
    ranking: list[int]
    scores: list[int]
    """By cossack index."""


class IvanFlipEvent(_Ivans):
    """ST-15.5: his card flipped, his move and hunt."""

    type: Literal["ivan_flip"]
    card: str
    to: int
    hunt_from: str
    """``lowest`` or ``highest``."""
    hunt: int


class IvanClaimEvent(_Ivans):
    type: Literal["ivan_claim"]
    tile: str
    position: int
    free: bool
    """His basic action's free claim."""


class IvanVillageEvent(_Ivans):
    type: Literal["ivan_village"]
    region: int
    village: str


class IvanBuildEvent(_Ivans):
    type: Literal["ivan_build"]
    region: int


class IvanRecruitEvent(_Ivans):
    type: Literal["ivan_recruit"]
    region: int
    """Where he paid."""


class IvanWishEvent(_Ivans):
    type: Literal["ivan_wish"]
    region: int
    wish: str


class IvanYurtEvent(_Ivans):
    type: Literal["ivan_yurt"]
    region: int
    yurt: str


class IvanFailsEvent(_Ivans):
    """ST-15.6: his extended action could not be taken."""

    type: Literal["ivan_fails"]
    action: str
    """``outpost``, ``yurt``, ``wish`` or ``claim``."""


class IvanTrophyEvent(_Ivans):
    """ST-15.7."""

    type: Literal["ivan_trophy"]
    advance: bool
    space: int


class IvanSongEvent(_Ivans):
    """ST-15.8."""

    type: Literal["ivan_song"]
    song: str
    cost: int


ExtraEvent: TypeAlias = (
    CoinEvent
    | HorsesEvent
    | StepEvent
    | HuntEvent
    | TradeEvent
    | WishEvent
    | VillageEvent
    | YurtEvent
    | BuildEvent
    | RecruitEvent
    | ClaimEvent
)
"""An extra action's event: one that may have been paid a fee for (ST-7.6)."""
ActionEvent: TypeAlias = MoveEvent | ExtraEvent | ExchangeEvent | DrawEvent | FulfilEvent
"""A turn action's event (ST-7 to ST-10)."""
Decision: TypeAlias = ActionEvent | TrophyEvent
"""A player's decision: his turn's actions and his trophy decisions."""
IvanEvent: TypeAlias = (
    IvanFlipEvent
    | IvanClaimEvent
    | IvanVillageEvent
    | IvanBuildEvent
    | IvanRecruitEvent
    | IvanWishEvent
    | IvanYurtEvent
    | IvanFailsEvent
    | IvanTrophyEvent
    | IvanSongEvent
)
"""Ivan's events: the steps of his turns and his songs."""
Event: TypeAlias = (
    SetupEvent
    | BoardEvent
    | SeasonEvent
    | TurnStartEvent
    | TurnSkippedEvent
    | NoMoveEvent
    | Decision
    | EndTurnEvent
    | WinterEvent
    | ExplorationEvent
    | SongEvent
    | SongPassEvent
    | RefreshEvent
    | ResignEvent
    | FinalEvent
    | IvanEvent
)
"""Every event the engine emits."""

EVENT_TYPES = frozenset(
    {
        "setup", "board", "season", "turn_start", "turn_skipped", "no_move", "move", "coin", "horses", "step",
        "hunt", "trade", "wish", "village", "yurt", "build", "recruit", "claim", "exchange", "draw", "fulfil",
        "trophy", "end_turn", "winter", "exploration", "song", "song_pass", "refresh", "resign", "final",
        "ivan_flip", "ivan_claim", "ivan_village", "ivan_build", "ivan_recruit", "ivan_wish", "ivan_yurt",
        "ivan_fails", "ivan_trophy", "ivan_song",
    }
)  # fmt: skip
"""The type of every :data:`Event`: a stored event of another is no Stroganov event."""
EXTRAS: Final = ("coin", "horses", "step", "hunt", "trade", "wish", "village", "yurt", "build", "recruit", "claim")
"""The types of :data:`ExtraEvent`: ``e["type"] in EXTRAS`` narrows an event to one."""
DECISIONS: Final = (
    "move", "coin", "horses", "step", "hunt", "trade", "wish", "village", "yurt", "build", "recruit", "claim",
    "exchange", "draw", "fulfil", "trophy",
)  # fmt: skip
"""The types of :data:`Decision`."""
IVAN_STEPS: Final = (
    "ivan_flip", "ivan_claim", "ivan_village", "ivan_build", "ivan_recruit", "ivan_wish", "ivan_yurt",
    "ivan_fails", "ivan_trophy", "ivan_song",
)  # fmt: skip
"""The types of :data:`IvanEvent`."""


def entry_data(e: Entry) -> EntryData:
    """A payment entry as JSON data: ``["fur", 5]``, ``["tiger", 0]``, ``["sub", 3]``."""
    return [e[0], e[1]]


def effect_data(effect: str) -> Effect:
    """A trade effect of :class:`~rules.stroganov.actions.Trade` as data: ``{"effect": "coin"}``
    (``stories``, ``horses``) or ``{"effect": "step", "direction": "e", "k": 2}`` for ``e2``."""
    for name in EFFECTS:
        if effect == name:
            return {"effect": name}
    return {"effect": "step", "direction": effect[0], "k": int(effect[1:])}


typed: protocol.EventReader[Event] = protocol.EventReader("Stroganov", EVENT_TYPES)
"""This game's events read back (:class:`~rules.protocol.EventReader`)."""
