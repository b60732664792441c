"""Typed store errors: ids and codes, never user-facing prose (DESIGN §5: the cogs word them).

Rule errors from the engine (:mod:`rules.errors`) are *not* wrapped: they pass through the store
unchanged so the Discord layer words them exactly as it words a rule error from a direct engine call.
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Base of every error the game store raises on its own account."""


class GameNotFound(StoreError):
    """No game has this id (a deleted game, or an id from a foreign button)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"game_not_found(game_id={self.game_id})"


class StaleVersion(StoreError):
    """The caller acted on version ``expected`` but the game is at ``actual`` (DESIGN §4).

    A double click, two players at once, or a button from an old message; nothing was changed.
    """

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(game_id, expected, actual)
        self.game_id = game_id
        self.expected = expected
        self.actual = actual

    def __str__(self) -> str:
        return f"stale_version(game_id={self.game_id}, expected={self.expected}, actual={self.actual})"


class WrongStatus(StoreError):
    """The operation needs the game in one of ``allowed`` statuses but it is ``status``.

    E.g. an action on a finished game, starting a game that already started, seating players in a
    running game.
    """

    def __init__(self, game_id: int, status: str, allowed: tuple[str, ...]) -> None:
        super().__init__(game_id, status, allowed)
        self.game_id = game_id
        self.status = status
        self.allowed = allowed

    def __str__(self) -> str:
        return f"wrong_status(game_id={self.game_id}, status={self.status!r}, allowed={self.allowed!r})"


class NoState(StoreError):
    """The record carries no engine state: a lobby, or a record from ``list_games``."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(game_id, status)
        self.game_id = game_id
        self.status = status

    def __str__(self) -> str:
        return f"no_state(game_id={self.game_id}, status={self.status!r})"


class StoreBusy(StoreError):
    """The database stayed locked by another writer for the whole busy timeout; nothing changed.

    ``game_id`` is the game the operation was for, ``None`` when it had none yet (``create``,
    preferences). The caller may retry; the cogs word it as "try again in a moment".
    """

    def __init__(self, game_id: int | None) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"store_busy(game_id={self.game_id})"


class NotAPlayer(StoreError):
    """``user_id`` holds no seat in the game, so it has no say in it (e.g. a cancel vote)."""

    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(game_id, user_id)
        self.game_id = game_id
        self.user_id = user_id

    def __str__(self) -> str:
        return f"not_a_player(game_id={self.game_id}, user_id={self.user_id})"


class UnknownGameKind(StoreError):
    """The stored or requested ``kind`` names no engine in the games mapping."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind

    def __str__(self) -> str:
        return f"unknown_game_kind(kind={self.kind!r})"


class UnloggableAction(StoreError):
    """The engine's notation of an action does not parse back to the same action.

    Logging it would make the game unreplayable (DESIGN §3: notation round-trips losslessly), so
    the store refuses it before anything is written; this is an engine bug, not a player error.
    """

    def __init__(self, game_id: int, notation: str) -> None:
        super().__init__(game_id, notation)
        self.game_id = game_id
        self.notation = notation

    def __str__(self) -> str:
        return f"unloggable_action(game_id={self.game_id}, notation={self.notation!r})"


class CorruptLog(StoreError):
    """Log entry ``seq`` of a game cannot be replayed; ``reason`` is a short code.

    Reasons: ``json`` (not JSON), ``shape`` (not ``{"n": str}`` or a bad seat), ``notation`` (the
    engine cannot parse it), ``rejected`` (the engine refuses it at that point of the game),
    ``setup`` (the game cannot even be re-created from seed and options; ``seq`` is 0).
    """

    def __init__(self, game_id: int, seq: int, reason: str, detail: str = "") -> None:
        super().__init__(game_id, seq, reason, detail)
        self.game_id = game_id
        self.seq = seq
        self.reason = reason
        self.detail = detail

    def __str__(self) -> str:
        tail = f", detail={self.detail!r}" if self.detail else ""
        return f"corrupt_log(game_id={self.game_id}, seq={self.seq}, reason={self.reason!r}{tail})"


class MigrationError(StoreError):
    """Migration ``path`` could not be applied (or the set of migrations is inconsistent).

    The failing file's transaction was rolled back; earlier files stay applied.
    """

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(str(path), reason)
        self.path = Path(path)
        self.reason = reason

    def __str__(self) -> str:
        return f"migration_failed(file={self.path.name!r}, reason={self.reason!r})"


class VacationLimit(StoreError):
    """A vacation longer than the days left this calendar year (``left`` may be 0)."""

    def __init__(self, user_id: int, asked: int, left: int) -> None:
        super().__init__(user_id, asked, left)
        self.user_id = user_id
        self.asked = asked
        self.left = left

    def __str__(self) -> str:
        return f"vacation_limit(user_id={self.user_id}, asked={self.asked}, left={self.left})"


class TakebackRefused(StoreError):
    """A takeback that may not be made (issue 20 §3), nothing changed. ``code``: ``nothing`` (no
    decision in the log), ``not_yours`` (the last decision was another seat's), ``acted_since``
    (someone else acted after it), ``revealed`` (the engine says it showed something hidden),
    ``refused`` (a request to take it back was refused already: one request per decision)."""

    CODES = ("nothing", "not_yours", "acted_since", "revealed", "refused")

    def __init__(self, game_id: int, code: str) -> None:
        super().__init__(game_id, code)
        self.game_id = game_id
        self.code = code

    def __str__(self) -> str:
        return f"takeback_refused(game_id={self.game_id}, code={self.code})"


class StoreUnavailable(StoreError):
    """The database could not be opened: its server refused or did not answer, the credentials or
    the database name are wrong. ``where`` names it without a password; ``reason`` is the driver's."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(where, reason)
        self.where = where
        self.reason = reason

    def __str__(self) -> str:
        return f"store_unavailable(where={self.where}, reason={self.reason})"
