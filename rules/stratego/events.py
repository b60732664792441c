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

from typing import TypeAlias

from rules import protocol

Event: TypeAlias = protocol.Event
"""One event: ``{"type": ..., **params}``. Its values are all JSON (no engine-private objects), so
it is the protocol's :data:`~rules.protocol.Event` as it is."""

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
