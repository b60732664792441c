"""What may change a game (issue 45 §1): every change — a lobby opened (by ``/{game} new`` or a
Rematch), a player's decision, a lobby's seats, the start, a cancellation, a win on time, an
expiry, a takeback, the automatic player's decision, a game's rating — is one of these values, run
by :class:`cogs.table.core.master.Master`, the one place that commits. Features make them from
interactions; listeners return them after a change (DESIGN §5: listeners return commands, never
call back).

``seen`` is the game as its maker last read it (None: the master reads it): it spares a read, and
a game that changed since is read again or refused by the version check, as the command says."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cogs.table.core.change import Cause
from db.league_records import TableKey
from db.records import GameRecord, LobbyShape
from rules.protocol import Action, OptionValue, Outcome


@dataclass(frozen=True, slots=True)
class Open:
    """A challenge or lobby of ``kind`` opened by ``creator`` where the command was given, with
    its options (checked by the store), ``seats`` seated, its pace (seconds per turn) and language
    and how it was opened (``shape``)."""

    kind: str
    creator: int
    options: Mapping[str, OptionValue]
    guild_id: int | None
    channel_id: int
    seats: tuple[int, ...]
    pace: int | None
    language: str
    shape: LobbyShape


@dataclass(frozen=True, slots=True)
class Rematch:
    """The lobby of finished game ``game_id``'s rematch, opened by ``by_user`` with ``seats``,
    ``options`` and ``shape`` in the game's channel, pace and language — unless a press came
    first (the master then changes nothing)."""

    game_id: int
    by_user: int
    seats: tuple[int, ...]
    options: Mapping[str, OptionValue]
    shape: LobbyShape


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """A league table's game (issue 47 §1, DESIGN §9: "a league's round is a command"), made
    running at once with the league's options, pace and language in its channel; only while the
    table has none (the store links them in the transaction that makes the game: another process
    or an earlier try made it first, the master changes nothing)."""

    table: TableKey
    kind: str
    players: tuple[int, ...]
    options: Mapping[str, Any]
    guild_id: int
    channel_id: int
    creator: int
    pace: int | None
    language: str | None


@dataclass(frozen=True, slots=True)
class Act:
    """One decision of ``seat``. ``version`` None (a typed command): on the game as it is now,
    retried on a lost race; a button carries the version it was drawn for and is stale otherwise."""

    game_id: int
    seat: int
    action: Action
    version: int | None = None
    by_user: int | None = None
    cause: Cause | None = None
    seen: GameRecord | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Start:
    """Lobby → game with a fresh seed, at the lobby's ``version`` (a stale lobby is not retried:
    it was started or ended)."""

    game_id: int
    players: tuple[int, ...]
    version: int
    by_user: int | None = None
    cause: Cause | None = None


@dataclass(frozen=True, slots=True)
class SetSeats:
    """A lobby's seats, read-modify-write: ``seats`` gives the new ones from the lobby as read
    (it raises to refuse); retried when someone else changed them first."""

    game_id: int
    seats: Callable[[GameRecord], list[int]]
    by_user: int | None = None
    seen: GameRecord | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Cancel:
    """A lobby or a running game cancelled; ``check`` refuses a game that changed meanwhile."""

    game_id: int
    by_user: int
    check: Callable[[GameRecord], None] | None = None
    cause: Cause | None = None
    seen: GameRecord | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Finish:
    """A running game ended outside its rules (a win claimed on time) at ``version``; not retried."""

    game_id: int
    outcome: Outcome
    version: int
    by_user: int | None = None


@dataclass(frozen=True, slots=True)
class Expire:
    """A lobby nobody started ends (status ``expired``, told as a cancellation)."""

    game_id: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """``seat``'s last decision undone, agreed while the game was at ``version``: not retried —
    any change since ends the agreement."""

    game_id: int
    seat: int
    version: int
    by_user: int | None = None


@dataclass(frozen=True, slots=True)
class AutoPlay:
    """The automatic player's next decision for a seat the table plays (an absent player's),
    if one is to act."""

    game_id: int


@dataclass(frozen=True, slots=True)
class Rate:
    """A game that ended is applied to its players' ratings (once, however often asked)."""

    game_id: int


Command = Open | Rematch | LeagueGame | Act | Start | SetSeats | Cancel | Finish | Expire | TakeBack | AutoPlay | Rate


@dataclass(frozen=True, slots=True)
class MoveLeague:
    """A league moves on as far as it goes now (issue 47; DESIGN §5: a league listens for "a
    round's last game ended"): no game's change — the teller hands it to the league runner, after
    the change that asked for it was told, and tells the games' changes it gives back."""

    league_id: int


FollowUp = Command | MoveLeague
"""What a listener may ask to follow a change: a game's command (run by the master) or a league's."""
