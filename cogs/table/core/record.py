"""The record file of a game (issue 18 §1): one JSON document with everything needed to replay it —
kind, options, players by seat, the seed (once the game is over), every action in the engine's
notation with its seat, time and events, and the outcome. Built from the store's log by pure
functions; no Discord here.

Replaying a record: ``state = engine.new(len(players), options, seed)``, then for each action
``engine.apply(state, seat, engine.parse_action(notation, state))``, leaving out every action a
takeback undid; the result is the stored state (DESIGN §4's replay invariant, tested for every
game). A takeback (issue 20 §3) is an entry of its own, ``{"seq": 9, "seat": 1, "takeback": 8,
"time": ...}``: by agreement the action of seq 8 (the last one standing) was undone at seat 1's
request; it has no notation.

The document (``format`` 1)::

    {"format": 1, "kind": "stratego", "id": 12, "status": "finished",
     "options": {...}, "players": [user id of seat 0, ...], "seed": 123 | null,
     "created_at": 1700000000.0, "finished_at": 1700100000.0 | null,
     "outcome": {"winners": [0], "ending": "normal", "draw": false, "scores": null} | null,
     "result": {"verdict": "won", "winners": [user id, ...]} | null,
     "actions": [{"seq": 1, "seat": 0, "notation": "A4-A5", "time": 1700000100.0,
                  "events": [{"type": "moved", ...}] | null}, ...]}

Times are unix seconds (UTC). ``seq`` is the game version the action produced (it may skip
numbers: seat changes, a finish or a cancel bump the version without an action). ``events`` is
null for an action logged before events were kept. ``finished_at`` is when the game last changed
once it is over (its end). ``result`` is what every place that states the result says (issue 44
§1): the verdict — ``won``, ``automa_won``, ``draw``, ``no_winner``, ``cancelled`` or ``expired`` —
and the users who won (empty but for ``won``); null while the game runs. The text puts one action
per line: readable, and compact enough for Discord's attachment limit (a long Stroganov game is a
few hundred kilobytes at most).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from db.records import ENDED, GameRecord, LoggedAction

RECORD_FORMAT = 1


def record_document(rec: GameRecord, actions: Sequence[LoggedAction]) -> dict[str, Any]:
    """The record of ``rec`` with its log ``actions`` (``store.games.actions(rec.id)``) as plain JSON
    values. The seed is in it only once the game is over (finished, cancelled or expired): while it
    runs, the seed would tell the players what the shuffled decks hold."""
    over = rec.status in ENDED
    return {
        "format": RECORD_FORMAT,
        "kind": rec.kind,
        "id": rec.id,
        "status": rec.status,
        "options": dict(rec.options),
        "players": list(rec.players),
        "seed": rec.seed if over else None,
        "created_at": rec.created_at,
        "finished_at": rec.updated_at if over else None,
        "outcome": rec.outcome.to_json() if rec.outcome is not None else None,
        "result": _result(rec),
        "actions": [_entry(a) for a in actions],
    }


def _result(rec: GameRecord) -> dict[str, Any] | None:
    verdict = rec.verdict
    return None if verdict is None else {"verdict": verdict.value, "winners": list(rec.winners)}


def _entry(a: LoggedAction) -> dict[str, Any]:
    if a.takeback is not None:
        return {"seq": a.seq, "seat": a.seat, "takeback": a.takeback, "time": a.created_at}
    return {
        "seq": a.seq,
        "seat": a.seat,
        "notation": a.notation,
        "time": a.created_at,
        "events": list(a.events) if a.events is not None else None,
    }


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def record_json(rec: GameRecord, actions: Sequence[LoggedAction]) -> str:
    """:func:`record_document` as text: strict JSON (no NaN or infinity: ``ValueError``), UTF-8
    friendly, the header one field per line and then one action per line."""
    document = record_document(rec, actions)
    head = [f"{_compact(key)}: {_compact(value)}" for key, value in document.items() if key != "actions"]
    moves = ",\n  ".join(_compact(a) for a in document["actions"])
    body = f'"actions": [\n  {moves}\n ]' if moves else '"actions": []'
    return "{\n " + ",\n ".join([*head, body]) + "\n}\n"


def record_name(rec: GameRecord) -> str:
    """The record file's name: ``{kind}-{id}-record.json``."""
    return f"{rec.kind}-{rec.id}-record.json"
