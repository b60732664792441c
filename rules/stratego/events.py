"""What happened in a Stratego game, as data (DESIGN §3): the events :func:`~rules.stratego.engine.apply`
returns.

An event is a plain JSON-ready dict ``{"type": <snake_case>, ...params}`` whose params are colours
(0 red, 1 blue), squares (0–99), ranks (setup-code letters, as in :mod:`rules.stratego.pieces`),
text and booleans — never a sentence. What an event shows is public: a battle names both ranks
(SG-5), a scout's long move shows it is a scout (SG-4.4); a setup draft names no square.

Each type is one ``TypedDict`` below, its ``type`` a literal tag and its docstring what it means;
:data:`Event` is their union, so ``if e["type"] == "move":`` narrows an event to a
:class:`MoveEvent`. A param marked ``NotRequired`` is present only sometimes.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias, TypedDict

from rules import protocol
from rules.stratego.pieces import BattleResult

OverReason: TypeAlias = Literal["flag", "no_moves", "both_immobile", "move_limit", "agreed_draw", "resign"]
"""Why the game ended (SG-6): the flag captured, a side (or both) with no move left, the move
limit, a draw agreed, a resignation."""


class DraftEvent(TypedDict):
    """A preset or a swap changed ``colour``'s draft (SG-3.2)."""

    type: Literal["draft"]
    colour: int


class ReadyEvent(TypedDict):
    """``colour`` confirmed its setup (SG-3.2)."""

    type: Literal["ready"]
    colour: int


class StartEvent(TypedDict):
    """Both confirmed, the armies are on the board; ``to_move`` moves first (SG-3.3)."""

    type: Literal["start"]
    to_move: int


class MoveEvent(TypedDict):
    """``colour`` moved a piece ``frm`` a square ``to`` another; ``scout_revealed`` when a scout's
    long move showed it (SG-4.4). An attack adds ``battle`` (who won: ``attacker``, ``defender``,
    or ``both`` removed), both ranks and ``defender_revealed`` (SG-5, SG-8.2); a move
    that declined a draw offer adds ``draw_declined`` (SG-6.4)."""

    type: Literal["move"]
    colour: int
    frm: int
    to: int
    scout_revealed: bool
    battle: NotRequired[BattleResult]
    attacker_rank: NotRequired[str]
    defender_rank: NotRequired[str]
    defender_revealed: NotRequired[bool]
    draw_declined: NotRequired[Literal[True]]


class RescuePendingEvent(TypedDict):
    """``colour`` may rescue a piece (SG-8.3)."""

    type: Literal["rescue_pending"]
    colour: int


class RescueEvent(TypedDict):
    """``colour`` brought a piece of ``rank`` back onto ``square`` (SG-8.3)."""

    type: Literal["rescue"]
    colour: int
    rank: str
    square: int


class RescueDeclinedEvent(TypedDict):
    """``colour`` declined the rescue (SG-8.3)."""

    type: Literal["rescue_declined"]
    colour: int


class DrawOfferedEvent(TypedDict):
    """``colour`` offered a draw (SG-6.4)."""

    type: Literal["draw_offered"]
    colour: int


class DrawAcceptedEvent(TypedDict):
    """``colour`` accepted the draw offered (SG-6.4)."""

    type: Literal["draw_accepted"]
    colour: int


class ResignEvent(TypedDict):
    """``colour`` resigned."""

    type: Literal["resign"]
    colour: int


class TurnEvent(TypedDict):
    """``colour`` moves next."""

    type: Literal["turn"]
    colour: int


class OverEvent(TypedDict):
    """The game ended: ``winner`` is a colour, -1 for a draw, for ``reason`` (SG-6)."""

    type: Literal["over"]
    winner: int
    reason: OverReason


Event: TypeAlias = (
    DraftEvent
    | ReadyEvent
    | StartEvent
    | MoveEvent
    | RescuePendingEvent
    | RescueEvent
    | RescueDeclinedEvent
    | DrawOfferedEvent
    | DrawAcceptedEvent
    | ResignEvent
    | TurnEvent
    | OverEvent
)
"""One event: ``{"type": ..., **params}``, its values all JSON (no engine-private objects)."""

EVENT_TYPES: frozenset[str] = frozenset(
    {
        "draft",
        "ready",
        "start",
        "move",
        "rescue_pending",
        "rescue",
        "rescue_declined",
        "draw_offered",
        "draw_accepted",
        "resign",
        "turn",
        "over",
    }
)
"""Every type the engine emits: the tags of :data:`Event` (a test keeps the two the same)."""


typed: protocol.EventReader[Event] = protocol.EventReader("Stratego", EVENT_TYPES)
"""This game's events read back (:class:`~rules.protocol.EventReader`)."""
