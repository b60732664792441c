"""Reading the action log back: decoding entries and replaying them through the engine (DESIGN §4).

Pure functions, no database: the store fetches the rows in one snapshot and hands them here, so the
engine work happens outside the store's lock. Every damaged entry is a :class:`CorruptLog` naming
its ``seq``; nothing is ever skipped, because a skipped action would silently change the game.

An entry is an action, ``{"n": "<notation>"}``, or a takeback (issue 20 §3),
``{"takeback": <seq>}``: the players agreed to undo the action of that ``seq``, the last one
still standing when the takeback was made. The log stays append-only; the game is the replay of
the actions no takeback undid, in order (:func:`standing`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db.errors import CorruptLog, TakebackRefused, UnloggableAction
from db.json_text import loads
from rules.errors import RuleError
from rules.protocol import AnyGame, Event


def parse_notation(game: AnyGame, text: str, state: Any) -> Any:
    """``game.parse_action(text, state)``: some notations cannot be read without the game they
    belong to (a Barrage setup code has other piece counts than a classic one)."""
    return game.parse_action(text, state)


def loggable(game: AnyGame, game_id: int, action: Any, state: Any) -> str:
    """The action's notation, refused unless it parses back (in this state, as replay will
    parse it) to the very same action: the log must replay to what was actually applied."""
    notation: str = action.notation()
    try:
        same = parse_notation(game, notation, state) == action
    except RuleError as exc:
        raise UnloggableAction(game_id, notation) from exc
    if not same:
        raise UnloggableAction(game_id, notation)
    return notation


TAKEBACK = "takeback"
"""The key of a takeback entry in the log's action JSON."""


def takeback_entry(seq: int) -> dict[str, int]:
    """The log's JSON of a takeback undoing the action ``seq``."""
    return {TAKEBACK: seq}


def decode_entry(game_id: int, seq: int, raw: Any) -> str | int:
    """A logged entry: the notation of an action (``str``, stored as ``{"n": "<notation>"}``), or
    the ``seq`` a takeback undid (``int``)."""
    try:
        data = loads(raw)
    except (TypeError, ValueError) as exc:
        raise CorruptLog(game_id, seq, "json", str(exc)) from exc
    if isinstance(data, dict) and TAKEBACK in data:
        target = data[TAKEBACK]
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target < seq:
            raise CorruptLog(game_id, seq, "shape", f"takeback of {target!r}")
        return target
    notation = data.get("n") if isinstance(data, dict) else None
    if not isinstance(notation, str):
        raise CorruptLog(game_id, seq, "shape", 'expected {"n": <notation>}')
    return notation


def standing(game_id: int, log: Iterable[tuple[int, Any, Any]]) -> list[tuple[int, int, str]]:
    """The ``(seq, seat, notation)`` of the actions no takeback undid, in order. A takeback must
    undo the last action standing before it (else the log is damaged: :class:`CorruptLog`)."""
    out: list[tuple[int, int, str]] = []
    for seq, seat, raw in log:
        entry = decode_entry(game_id, seq, raw)
        who = decode_seat(game_id, seq, seat)
        if isinstance(entry, int):
            if not out or out[-1][0] != entry:
                raise CorruptLog(game_id, seq, "takeback", f"undoes {entry}, not the last action standing")
            out.pop()
        else:
            out.append((seq, who, entry))
    return out


def decode_seat(game_id: int, seq: int, seat: Any) -> int:
    """SQLite columns are loosely typed; a seat that is not an integer is damage, not a seat."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise CorruptLog(game_id, seq, "shape", f"seat {seat!r}")
    return seat


def replay_log(
    game: AnyGame,
    game_id: int,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    log: Iterable[tuple[int, Any, Any]],
) -> Any:
    """``new(players, options, seed)`` then every ``(seq, seat, action JSON)`` in order, leaving
    out the actions a takeback undid (:func:`standing`).

    Only the engine's typed rule errors become ``CorruptLog`` (``setup`` with seq 0, ``notation``,
    ``rejected``); any other exception is an engine bug and propagates as it is.
    """
    return _replay(game, game_id, players, options, seed, standing(game_id, log))


def _replay(
    game: AnyGame,
    game_id: int,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    actions: Iterable[tuple[int, int, str]],
) -> Any:
    try:
        state = game.new(players, options, seed)
    except RuleError as exc:
        raise CorruptLog(game_id, 0, "setup", str(exc)) from exc
    for seq, seat, notation in actions:
        _apply(game, game_id, state, seq, seat, notation)
    return state


def _apply(game: AnyGame, game_id: int, state: Any, seq: int, seat: int, notation: str) -> tuple[Any, Sequence[Event]]:
    try:
        action = parse_notation(game, notation, state)
    except RuleError as exc:
        raise CorruptLog(game_id, seq, "notation", str(exc)) from exc
    try:
        events = game.apply(state, seat, action)
    except RuleError as exc:
        raise CorruptLog(game_id, seq, "rejected", str(exc)) from exc
    return action, events


def plan_takeback(
    game: AnyGame,
    game_id: int,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    log: Iterable[tuple[int, Any, Any]],
    seat: int,
) -> tuple[int, Any]:
    """What taking back ``seat``'s last decision would do (issue 20 §3): the ``seq`` of the action
    undone and the state without it (the replay of every other action standing).

    :class:`TakebackRefused` when no action stands (``nothing``), the last one standing is another
    seat's (``not_yours``), someone else has a log entry after it (``acted_since``: an action
    undone since counts too, so a player cannot reach back behind another's undone move), or the
    engine says it showed something hidden (``revealed``)."""
    entries = list(log)
    actions = standing(game_id, entries)
    if not actions:
        raise TakebackRefused(game_id, "nothing")
    target, target_seat, notation = actions[-1]
    if target_seat != seat:
        raise TakebackRefused(game_id, "not_yours")
    if any(decode_seat(game_id, s, who) != seat for s, who, _ in entries if s > target):
        raise TakebackRefused(game_id, "acted_since")
    before = _replay(game, game_id, players, options, seed, actions[:-1])
    after = game.load(game.dump(before))
    action, events = _apply(game, game_id, after, target, seat, notation)
    if not game.can_take_back(game.hidden(before), action, after, events):
        raise TakebackRefused(game_id, "revealed")
    return target, before
