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


class LeagueError(StoreError):
    """Base of the errors about leagues (issue 47 §3): each says what was refused; nothing changed."""


class LeagueNotFound(LeagueError):
    """No league has this id."""

    def __init__(self, league_id: int) -> None:
        super().__init__(league_id)
        self.league_id = league_id

    def __str__(self) -> str:
        return f"league_not_found(league_id={self.league_id})"


class LeagueStaleVersion(LeagueError):
    """The caller read the league at version ``expected`` but it is at ``actual`` (someone joined,
    left or withdrew, a round was claimed or closed, its status changed)."""

    def __init__(self, league_id: int, expected: int, actual: int) -> None:
        super().__init__(league_id, expected, actual)
        self.league_id = league_id
        self.expected = expected
        self.actual = actual

    def __str__(self) -> str:
        return f"league_stale_version(league_id={self.league_id}, expected={self.expected}, actual={self.actual})"


class LeagueWrongStatus(LeagueError):
    """The operation needs the league in one of ``allowed`` statuses but it is ``status`` (joining a
    league that started, claiming a round of one that has not)."""

    def __init__(self, league_id: int, status: str, allowed: tuple[str, ...]) -> None:
        super().__init__(league_id, status, allowed)
        self.league_id = league_id
        self.status = status
        self.allowed = allowed

    def __str__(self) -> str:
        return f"league_wrong_status(league_id={self.league_id}, status={self.status!r}, allowed={self.allowed!r})"


class AlreadyJoined(LeagueError):
    """The player is signed up to the league already."""

    def __init__(self, league_id: int, user_id: int) -> None:
        super().__init__(league_id, user_id)
        self.league_id = league_id
        self.user_id = user_id

    def __str__(self) -> str:
        return f"already_joined(league_id={self.league_id}, user_id={self.user_id})"


class NotJoined(LeagueError):
    """The user is no player of the league (leaving or withdrawing without having joined)."""

    def __init__(self, league_id: int, user_id: int) -> None:
        super().__init__(league_id, user_id)
        self.league_id = league_id
        self.user_id = user_id

    def __str__(self) -> str:
        return f"not_joined(league_id={self.league_id}, user_id={self.user_id})"


class LeagueFull(LeagueError):
    """The league has its ``limit`` of players."""

    def __init__(self, league_id: int, limit: int) -> None:
        super().__init__(league_id, limit)
        self.league_id = league_id
        self.limit = limit

    def __str__(self) -> str:
        return f"league_full(league_id={self.league_id}, limit={self.limit})"


class RoundClaimed(LeagueError):
    """The round was claimed already (by another process, or by this one before a restart): its
    games are being made or were made; the caller makes none."""

    def __init__(self, league_id: int, round_no: int) -> None:
        super().__init__(league_id, round_no)
        self.league_id = league_id
        self.round_no = round_no

    def __str__(self) -> str:
        return f"round_claimed(league_id={self.league_id}, round_no={self.round_no})"


class RoundOutOfOrder(LeagueError):
    """Round ``round_no`` cannot be claimed now: the league's last claimed round is
    ``current_round`` and it must be the one before, and closed."""

    def __init__(self, league_id: int, round_no: int, current_round: int) -> None:
        super().__init__(league_id, round_no, current_round)
        self.league_id = league_id
        self.round_no = round_no
        self.current_round = current_round

    def __str__(self) -> str:
        return (
            f"round_out_of_order(league_id={self.league_id}, round_no={self.round_no},"
            f" current_round={self.current_round})"
        )


class RoundNotFound(LeagueError):
    """The league has no such round (or no such table in it: ``table_no``)."""

    def __init__(self, league_id: int, round_no: int, table_no: int | None = None) -> None:
        super().__init__(league_id, round_no, table_no)
        self.league_id = league_id
        self.round_no = round_no
        self.table_no = table_no

    def __str__(self) -> str:
        table = f", table_no={self.table_no}" if self.table_no is not None else ""
        return f"round_not_found(league_id={self.league_id}, round_no={self.round_no}{table})"


class RoundWrongStatus(LeagueError):
    """The operation needs the round in one of ``allowed`` statuses but it is ``status`` (closing a
    round closed already, opening one that is open)."""

    def __init__(self, league_id: int, round_no: int, status: str, allowed: tuple[str, ...]) -> None:
        super().__init__(league_id, round_no, status, allowed)
        self.league_id = league_id
        self.round_no = round_no
        self.status = status
        self.allowed = allowed

    def __str__(self) -> str:
        return (
            f"round_wrong_status(league_id={self.league_id}, round_no={self.round_no},"
            f" status={self.status!r}, allowed={self.allowed!r})"
        )


class RoundIncomplete(LeagueError):
    """The round cannot move on: ``missing`` tables still lack their ``what`` (``game``: it cannot
    be open yet; ``result``: it cannot be closed yet)."""

    def __init__(self, league_id: int, round_no: int, what: str, missing: int) -> None:
        super().__init__(league_id, round_no, what, missing)
        self.league_id = league_id
        self.round_no = round_no
        self.what = what
        self.missing = missing

    def __str__(self) -> str:
        return (
            f"round_incomplete(league_id={self.league_id}, round_no={self.round_no},"
            f" what={self.what!r}, missing={self.missing})"
        )


class TableHasGame(LeagueError):
    """The league table has its game already (``game_id``; None: it is a bye, which has none): no
    second game is made for it."""

    def __init__(self, league_id: int, round_no: int, table_no: int, game_id: int | None) -> None:
        super().__init__(league_id, round_no, table_no, game_id)
        self.league_id = league_id
        self.round_no = round_no
        self.table_no = table_no
        self.game_id = game_id

    def __str__(self) -> str:
        return (
            f"table_has_game(league_id={self.league_id}, round_no={self.round_no},"
            f" table_no={self.table_no}, game_id={self.game_id})"
        )
