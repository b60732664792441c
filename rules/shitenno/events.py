"""What happened in a Shitenno game, as data (DESIGN §3): the events :func:`~rules.shitenno.engine.apply`
returns and the state's public log keeps (SH-4.5).

An event is a plain JSON-ready dict ``{"type": <snake_case>, ...params}`` whose params are seats,
card, tile, title and province ids, numbers, booleans, ``None``, and lists or dicts of those —
never a sentence and never notation with spaces, so the UIs can put them into any language and
nothing outside ``rules/`` parses engine text. Every event is public (SH-4.1): a hand never
appears in one (the card a DRAW tile draws is not named, SH-8.11). The engine never changes an
event once made; readers must not either (views share them with the state).

========================  ==================================================================
type                      params
========================  ==================================================================
``setup``                 ``titles``: the starting title per seat (SH-5.4)
``round_started``         ``round``; ``pool``: the card ids drawn into the pool (SH-7.2)
``last_round``            ``cause``: ``koku_deck_empty`` (SH-7.3) or ``stones_placed`` (SH-9.1,
                          with ``seat``: who placed his last stone)
``lot_offered``           ``seat`` (the Tairo), ``tile``, ``cards``, ``to``: the seat asked (SH-7.4.1)
``lot_accepted``          ``seat`` (SH-7.4.2)
``lot_refused``           ``seat`` (SH-7.4.2)
``lot_received``          ``seat``, ``tile``, ``cards`` (SH-7.4.3–7.4.5, SH-R.3.2)
``tairo_changed``         ``seat``: the new Tairo (SH-7.4.4, SH-R.3.1)
``pool_split``            ``seat``, ``a_tile``, ``a_cards``, ``b_tile``, ``b_cards`` (SH-7.4.5)
``lot_chosen``            ``seat``, ``lot``: ``A`` or ``B`` (SH-7.4.5)
``titles_assigned``       ``titles``: the title per seat, ``None`` for a resigned seat (SH-7.7);
                          ``before``: the titles they replace (absent in events logged before
                          2026-12-04)
``position_conquered``    a conquest (SH-8.9) paid with troops (SH-8.5): ``seat``, ``province``,
                          ``position`` (1–4), ``vp``, ``bonus`` (title VP, SH-8.9.3), and the
                          payment, each part only when used: ``troops``, ``koku`` (card ids),
                          ``plus`` (``[{"tile", "on"}]``: a tile and the symbol it adds to,
                          e.g. ``T4.1``), ``exchanges`` (``[{"tile", "on", "to"}]``: a symbol
                          or koku card and the troop type it becomes), ``joker`` (a troop type)
``position_bought``       the same, paid with koku (SH-8.6): a PLUS_ONE is ``{"tile"}`` (+1 koku),
                          an EXCHANGE ``{"tile", "on"}`` (that symbol yields 1 koku); no joker
``tile_taken``            ``seat``, ``tile``, ``province``: the stack's top tile (SH-8.9.4)
``draw_used``             ``seat``, ``tile`` (SH-8.11; the card drawn stays secret)
``stone_flipped``         ``seat``, ``province``, ``position`` (SH-8.13)
``turn_ended``            ``seat``; ``auto``: true when nothing more could be done (SH-8.14)
``turn_skipped``          ``seat``; ``reason``: ``resigned`` (SH-R.3.3)
``resign``                ``seat`` (SH-R.1)
``game_over``             ``reason`` (``final_scoring`` or ``resign``), ``winners``, ``scores``,
                          ``places``, ``provinces_won``, ``weights``, and ``scoring``: per seat
                          ``{"positions", "titles", "majorities", "provinces", "koku"}`` — VP by
                          source and the provinces whose majority he won (SH-9.3, SH-R.2)
========================  ==================================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from rules import protocol

Event = dict[str, Any]
"""One event: ``{"type": ..., **params}``, JSON-ready."""

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
"""Every type the engine emits (the table above)."""


def typed(events: Iterable[protocol.Event]) -> list[Event]:
    """Events read back (from the store's log, a change being told) as this game's own: each one's
    type must be one the engine emits (a log of another game is a bug, never read as this one)."""
    out: list[Event] = []
    for event in events:
        if event.get("type") not in EVENT_TYPES:
            raise ValueError(f"not a Shitenno event: {event!r}")
        out.append(cast(Event, event))
    return out
