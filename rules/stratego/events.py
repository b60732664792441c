"""What happened in a Stratego game, as data (DESIGN §3): the events :func:`~rules.stratego.engine.apply`
returns.

An event is a plain JSON-ready dict ``{"type": <snake_case>, ...params}`` whose params are colours
(0 red, 1 blue), squares (0–99), ranks (``"Marshal"`` …, as in :mod:`rules.stratego.pieces`),
text and booleans — never a sentence. What an event shows is public: a battle names both ranks
(SG-5), a scout's long move shows it is a scout (SG-4.4); a setup draft names no square.

======================  =====================================================================
type                    params
======================  =====================================================================
``draft``               ``colour``: a preset or a swap changed its draft (SG-3.2)
``ready``               ``colour`` confirmed its setup (SG-3.2)
``start``               ``to_move``: both confirmed, the armies are on the board (SG-3.3)
``move``                ``colour``, ``frm``, ``to``, ``scout_revealed`` (SG-4.4); an attack adds
                        ``battle`` (``attacker``, ``defender`` or ``both``), ``attacker_rank``,
                        ``defender_rank``, ``defender_revealed`` (SG-5, SG-8.2); a move that
                        declined a draw offer adds ``draw_declined`` (SG-6.4)
``rescue_pending``      ``colour`` may rescue a piece (SG-8.3)
``rescue``              ``colour``, ``rank``, ``square`` (SG-8.3)
``rescue_declined``     ``colour`` (SG-8.3)
``draw_offered``        ``colour`` (SG-6.4)
``draw_accepted``       ``colour`` (SG-6.4)
``resign``              ``colour``
``turn``                ``colour``: who moves next
``over``                ``winner`` (a colour, -1 for a draw), ``reason`` (``flag``, ``no_moves``,
                        ``both_immobile``, ``move_limit``, ``agreed_draw``, ``resign``: SG-6)
======================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias, cast

from rules import protocol

Event: TypeAlias = dict[str, Any]
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
"""Every type the engine emits (the table above)."""


def typed(events: Iterable[protocol.Event]) -> list[Event]:
    """Events read back (from the store's log, a change being told) as this game's own: each one's
    type must be one the engine emits (a log of another game is a bug, never read as this one)."""
    out: list[Event] = []
    for event in events:
        if event.get("type") not in EVENT_TYPES:
            raise ValueError(f"not a Stratego event: {event!r}")
        out.append(cast(Event, event))
    return out
