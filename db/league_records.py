"""The immutable values the store hands out about leagues (issue 47): a league, its players, rounds
and tables, a server's league settings. Plain data; the league's format, pairings and results are
JSON the pure league code (rules/league/) reads and writes, opaque to the store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

LEAGUE_STATUSES = ("signup", "running", "finished", "cancelled")
"""A league's life: players sign up, it runs round after round, it ends with a winner or is cancelled."""
LEAGUE_MOVES: dict[str, tuple[str, ...]] = {
    "signup": ("running", "cancelled"),
    "running": ("finished", "cancelled"),
    "finished": (),
    "cancelled": (),
}
"""The statuses a league may go to from each (``store.leagues.set_status``)."""
ROUND_STATUSES = ("opening", "open", "closed")
"""A round claimed and its games being made, every game made, every table with a result."""
ROUND_LEASE = 300.0
"""Seconds after which another process may take over opening a round whose opener went silent."""


class TableKey(NamedTuple):
    """Which table of which round of which league: what a league game is made for."""

    league_id: int
    round_no: int
    table_no: int


@dataclass(frozen=True, slots=True)
class League:
    """One league as stored. ``options`` are the game's options resolved (as a game stores them);
    ``format`` is the league's format JSON (rules/league/ reads it); ``pace`` seconds per turn;
    ``current_round`` the last round claimed (0 before the first); ``version`` goes up with every
    change of its status, players or rounds (an old button or a stale read is refused)."""

    id: int
    guild_id: int
    channel_id: int
    signup_message_id: int | None
    name: str
    kind: str
    options: dict[str, Any]
    format: Any
    pace: int | None
    round_days: int
    starts_at: float | None
    player_limit: int | None
    language: str | None
    created_by: int
    created_at: float
    status: str
    current_round: int
    version: int


@dataclass(frozen=True, slots=True)
class LeaguePlayer:
    """A player of a league: when they joined, and when and in which round they withdrew (None:
    they play on). A round number of 0 is a withdrawal before the first round was claimed.
    ``withdrawn_by``: who withdrew them (themselves or an organizer); ``withdrawal_told_at``: when
    the league's channel was told (None: still to tell, or never withdrawn)."""

    league_id: int
    user_id: int
    joined_at: float
    withdrawn_at: float | None = None
    withdrawn_round: int | None = None
    withdrawn_by: int | None = None
    withdrawal_told_at: float | None = None

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


@dataclass(frozen=True, slots=True)
class LeagueRound:
    """A round: ``opening`` from its claim until every table has its game, then ``open`` until
    every table has a result and it is closed. ``claimed_by`` is the process that opens it (another
    may take over after :data:`ROUND_LEASE`); ``announced_at`` / ``results_announced_at`` /
    ``due_told_at``: its pairings, its results and that its deadline passed were told (marked after
    the last piece of each was sent)."""

    league_id: int
    round_no: int
    status: str
    claimed_by: str
    claimed_at: float
    opened_at: float | None
    deadline: float
    closed_at: float | None
    announced_at: float | None
    results_announced_at: float | None
    due_told_at: float | None = None


@dataclass(frozen=True, slots=True)
class LeagueTable:
    """A table of a round: its players in seat order, the game made for it (None until made; never
    for a bye, a table of one player) and its result JSON (None until recorded)."""

    league_id: int
    round_no: int
    table_no: int
    seats: tuple[int, ...]
    game_id: int | None
    result: Any

    @property
    def bye(self) -> bool:
        return len(self.seats) == 1

    @property
    def key(self) -> TableKey:
        return TableKey(self.league_id, self.round_no, self.table_no)


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """A server's league settings: the role that may create and manage leagues besides members with
    Manage Server (None: only they)."""

    guild_id: int
    manager_role_id: int | None = None
