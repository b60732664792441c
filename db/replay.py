"""Reading the action log back: decoding entries and replaying them through the engine (DESIGN §4).

Pure functions, no database: the store fetches the rows in one snapshot and hands them here, so the
engine work happens outside the store's lock. Every damaged entry is a :class:`CorruptLog` naming
its ``seq``; nothing is ever skipped, because a skipped action would silently change the game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from db.errors import CorruptLog
from rules.errors import RuleError
from rules.protocol import Game


def parse_notation(game: Game[Any], text: str, state: Any) -> Any:
    """``game.parse_action(text, state)``: some notations cannot be read without the game they
    belong to (a Barrage setup code has other piece counts than a classic one)."""
    return game.parse_action(text, state)


def decode_notation(game_id: int, seq: int, raw: Any) -> str:
    """The notation of a logged action, which is stored as ``{"n": "<notation>"}``."""
    try:
        data = json.loads(raw)
    except (TypeError, ValueError) as exc:
        raise CorruptLog(game_id, seq, "json", str(exc)) from exc
    notation = data.get("n") if isinstance(data, dict) else None
    if not isinstance(notation, str):
        raise CorruptLog(game_id, seq, "shape", 'expected {"n": <notation>}')
    return notation


def decode_seat(game_id: int, seq: int, seat: Any) -> int:
    """SQLite columns are loosely typed; a seat that is not an integer is damage, not a seat."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise CorruptLog(game_id, seq, "shape", f"seat {seat!r}")
    return seat


def replay_log(
    game: Game[Any],
    game_id: int,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    log: Iterable[tuple[int, Any, Any]],
) -> Any:
    """``new(players, options, seed)`` then every ``(seq, seat, action JSON)`` in order.

    Only the engine's typed rule errors become ``CorruptLog`` (``setup`` with seq 0, ``notation``,
    ``rejected``); any other exception is an engine bug and propagates as it is.
    """
    try:
        state = game.new(players, options, seed)
    except RuleError as exc:
        raise CorruptLog(game_id, 0, "setup", str(exc)) from exc
    for seq, seat, raw in log:
        notation = decode_notation(game_id, seq, raw)
        try:
            action = parse_notation(game, notation, state)
        except RuleError as exc:
            raise CorruptLog(game_id, seq, "notation", str(exc)) from exc
        try:
            game.apply(state, decode_seat(game_id, seq, seat), action)
        except RuleError as exc:
            raise CorruptLog(game_id, seq, "rejected", str(exc)) from exc
    return state
