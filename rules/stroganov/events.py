"""Stroganov's events: what happened, as data (DESIGN §3, issue 18).

``apply`` returns a list of events and the state's public ``log`` is the list of every event since
setup. An event is a plain JSON-ready dict ``{"type": "<snake_case>", ...}`` whose values are
numbers, ids without whitespace (``L15``, ``TW-S2``, ``SG10``, ``AU03``, ``V1``, ``YA1``), lists
and dicts of those, ``True``/``False`` or ``None`` — never a sentence and never notation; the UIs
put events into words (``cogs/stroganov/ui.py``).

Who: ``cossack`` is an index into ``state.cossacks`` (and ``view.cossacks``): a player's cossack
index is his protocol seat; **Ivan** (solo, ST-15) is the last cossack (``state.ivan``) and every
event naming him as its actor also carries ``"automa": True``; the steps of his turn have types of
their own (``ivan_*``). Lists of cossacks (``order``, ``ranking``, ``scores``) are by index.

A payment entry (ST-16.1) is ``["fur", v]``, ``["tiger", 0]`` or ``["sub", v]`` (a fur ``v`` plus a
coin for a requirement of another value).

Gains: an event logged by a change carries ``gains`` when anything changed between it and the next
event: a list, per cossack that changed, of ``{"cossack": i, ...}`` with numbers as differences
(``coins``, ``horses``, ``tigers``, ``banners``, ``stories``, ``trophy``, ``supply``, ``reserve``,
``score``), lists of what came (``furs``, ``tiles``, ``held``, ``fulfilled``, ``songs``, ``built``)
and went (``furs_spent``, ``held_spent`` …), and ``position`` as ``[before, after]``
(:func:`rules.stroganov.core.close`).

The types and their parameters (besides ``type``, ``cossack``, ``automa`` and ``gains``):

===================  =====================================================================
``setup``            ``players``, ``solo``, ``seat_order`` (cossacks by ST seat number, ST-5.1),
                     ``automa`` (Ivan's index or ``None``); only in the log (``new``)
``board``            ``board``, ``side``, ``auto`` (Ivan's, or a resigned player's, ST-5.1)
``season``           ``season`` (``spring``/``summer``/``autumn``), ``year``, ``order`` (ST-6.2)
``turn_start``       ``season``, ``year``: a player's turn begins
``turn_skipped``     ``season``, ``year``: a resigned player's turn (ST-R.3)
``no_move``          at position 12 the movement is skipped (ST-16.2)
``move``             ``k``, ``to``
``coin``, ``horses``  the silver actions (ST-8.1, 8.2)
``step``             ``direction`` (``e``/``w``), ``k``, ``to``
``hunt``             ``items`` (1-based places), ``keeneye``, ``position``, ``taken`` (values, 0 tiger)
``trade``            ``pay`` (entry), ``effects`` (in order, each ``{"effect": "coin"}``, ``"stories"``,
                     ``"horses"``, or ``{"effect": "step", "direction": "e", "k": 2}``, ST-8.5.2),
                     ``to`` (the position after its moves, ``None`` without one)
``wish``             ``region``, ``wish``: a tsar wish taken (ST-9.2)
``village``          ``region``, ``village``
``yurt``             ``region``, ``yurt``
``build``            ``region``
``recruit``          ``region``
``claim``            ``tile``, ``position``, ``pays`` (entries)
                     (each of these extra actions has ``fee``, an entry, when taken as 3b, ST-7.6)
``exchange``         ``give``, ``take``
``draw``             (the fur drawn is in ``gains``)
``fulfil``           ``wish``, ``ability``, ``pays``
``trophy``           ``pay`` (entry, ``None`` to stay), ``space`` (the space after), ``auto``
                     (stayed because nothing could pay, ST-16.2), ``winter`` (decided in winter, a
                     W wish's or a song's T, not in a turn)
``end_turn``         ``auto`` (nothing but END was left, ST-16.2)
``winter``           ``year``, ``order``; its gains are the winter income (ST-12.2)
``exploration``      ``cossacks`` (the two deepest playing), ``stories`` (2 and 1, ST-12.3)
``song``             ``song``, ``cost``
``song_pass``        ``reason``: ``choice``, ``unaffordable`` (ST-16.2) or ``resigned`` (ST-R.3)
``refresh``          ``year``, ``tiles`` (laid), ``tiger`` (position or ``None``), ``wishes``,
                     ``yurts``, ``songs`` (new ones), ``market``, ``b_stacks`` (ST-12.6)
``resign``           ``seat`` (ST-R.1)
``final``            ``reason`` (``final_scoring``, ``automa_wins``, ``resign``), ``ranking``,
                     ``scores`` (by cossack index, ST-13.4, ST-R.5)
``ivan_flip``        ``card``, ``to``, ``hunt_from`` (``lowest``/``highest``), ``hunt`` (ST-15.5)
``ivan_claim``       ``tile``, ``position``, ``free`` (his basic action's free claim)
``ivan_village``     ``region``, ``village``
``ivan_build``       ``region``
``ivan_recruit``     ``region`` (where he paid)
``ivan_wish``        ``region``, ``wish``
``ivan_yurt``        ``region``, ``yurt``
``ivan_fails``       ``action`` (``outpost``, ``yurt``, ``wish``, ``claim``; ST-15.6)
``ivan_trophy``      ``advance``, ``space`` (ST-15.7)
``ivan_song``        ``song``, ``cost`` (ST-15.8)
===================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from rules import protocol
from rules.stroganov.actions import (
    EFFECTS,
    Claim,
    Coin,
    Draw,
    Entry,
    Exchange,
    Fulfil,
    Gold,
    Horses,
    Hunt,
    Move,
    Paid,
    Step,
    Trade,
)
from rules.stroganov.content import CONTENT
from rules.stroganov.state import StroganovState

Event = dict[str, Any]
TYPES = frozenset(
    {
        "setup", "board", "season", "turn_start", "turn_skipped", "no_move", "move", "coin", "horses", "step",
        "hunt", "trade", "wish", "village", "yurt", "build", "recruit", "claim", "exchange", "draw", "fulfil",
        "trophy", "end_turn", "winter", "exploration", "song", "song_pass", "refresh", "resign", "final",
        "ivan_flip", "ivan_claim", "ivan_village", "ivan_build", "ivan_recruit", "ivan_wish", "ivan_yurt",
        "ivan_fails", "ivan_trophy", "ivan_song",
    }
)  # fmt: skip
"""Every event type the engine emits."""


def entry_data(e: Entry) -> list[Any]:
    """A payment entry as JSON data: ``["fur", 5]``, ``["tiger", 0]``, ``["sub", 3]``."""
    return [e[0], e[1]]


def effect_data(effect: str) -> dict[str, Any]:
    """A trade effect of :class:`~rules.stroganov.actions.Trade` as data: ``{"effect": "coin"}``
    (``stories``, ``horses``) or ``{"effect": "step", "direction": "e", "k": 2}`` for ``e2``."""
    if effect in EFFECTS:
        return {"effect": effect}
    return {"effect": "step", "direction": effect[0], "k": int(effect[1:])}


def season_name(st: StroganovState) -> str:
    return st.season.lower()


def action_event(st: StroganovState, ci: int, a: object) -> tuple[str, dict[str, Any]]:
    """The type and parameters of a player's turn action, read from the state *before* it is
    carried out (the action is checked already)."""
    if isinstance(a, Paid):
        kind, inner = action_event(st, ci, a.action)
        return kind, {**inner, "fee": entry_data(a.fee)}
    c = st.cossacks[ci]
    if isinstance(a, Move):
        return "move", {"k": a.k, "to": c.position + a.k}
    if isinstance(a, (Coin, Horses, Draw)):
        return ("coin" if isinstance(a, Coin) else "horses" if isinstance(a, Horses) else "draw"), {}
    if isinstance(a, Step):
        to = c.position + (a.k if a.direction == "e" else -a.k)
        return "step", {"direction": a.direction, "k": a.k, "to": to}
    if isinstance(a, Hunt):
        line = st.items[c.position - 1]
        taken = [line[i - 1] for i in a.items]
        return "hunt", {"items": list(a.items), "keeneye": a.keeneye, "position": c.position, "taken": taken}
    if isinstance(a, Trade):
        pos, moved = c.position, False
        for e in a.effects:
            if e[0] in "ew":
                pos += int(e[1:]) if e[0] == "e" else -int(e[1:])
                moved = True
        effects = [effect_data(e) for e in a.effects]
        return "trade", {"pay": entry_data(a.pay), "effects": effects, "to": pos if moved else None}
    if isinstance(a, Gold):
        r = a.region - 1
        params: dict[str, Any] = {"region": a.region}
        if a.kind == "wish":
            params["wish"] = st.wish_slots[r]
        elif a.kind == "village":
            params["village"] = st.villages[r]
        elif a.kind == "yurt":
            params["yurt"] = st.yurt_slots[r]
        return a.kind, params
    if isinstance(a, Claim):
        position = st.row.index(a.tile) + 1
        return "claim", {"tile": a.tile, "position": position, "pays": [entry_data(e) for e in a.pays]}
    if isinstance(a, Exchange):
        return "exchange", {"give": a.give, "take": a.take}
    if isinstance(a, Fulfil):
        ability = CONTENT.wishes[a.wish].ability
        return "fulfil", {"wish": a.wish, "ability": ability, "pays": [entry_data(e) for e in a.pays]}
    raise TypeError(f"not a turn action: {a!r}")  # pragma: no cover - turn.check rules this out


def typed(events: Iterable[protocol.Event]) -> list[Event]:
    """Events read back (from the store's log, a change being told) as this game's own: each one's
    type must be one the engine emits (a log of another game is a bug, never read as this one)."""
    out: list[Event] = []
    for event in events:
        if event.get("type") not in TYPES:
            raise ValueError(f"not a Stroganov event: {event!r}")
        out.append(cast(Event, event))
    return out
