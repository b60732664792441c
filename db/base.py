"""The game store's interface (DESIGN §4): what the cogs and ``bot.py`` may call.

:class:`Store` is one repository per area (issue 45 §3) — ``store.games``, ``store.lobbies``,
``store.agreements``, ``store.clocks``, ``store.outbox``, ``store.pages``, ``store.prefs``,
``store.ratings``, ``store.meta``, ``store.leagues`` — each with its own small Protocol here.
:class:`db.store.GameStore` satisfies them structurally, on SQLite and on PostgreSQL alike (the
same repositories over either backend, db/backend.py). Every backend keeps the same contract: one
transaction per action, the version predicate on every state-changing write, typed errors from
:mod:`db.errors` (GameNotFound, StaleVersion, WrongStatus, StoreBusy, …) and engine rule errors
passed through unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from db import clocks, ratings
from db.league_records import ROUND_LEASE, League, LeaguePlayer, LeagueRound, LeagueSettings, LeagueTable, TableKey
from db.records import (
    PAGE_LEASE,
    AppendResult,
    CancelProposal,
    GameRecord,
    LobbyShape,
    LoggedAction,
    PendingChange,
    Shards,
    TakebackRequest,
    Timer,
    TurnPage,
    UserPrefs,
    Vacation,
    VoteMessage,
)
from rules.protocol import AnyGame, Outcome


class Games(Protocol):
    """Games and their append-only log: every change one transaction with the version check."""

    def engine(self, kind: str) -> AnyGame:
        """The engine for ``kind``; UnknownGameKind if the backend's mapping has none."""
        ...

    async def get(self, game_id: int) -> GameRecord:
        """The game with its raw state JSON (parse with ``record.load_state()``)."""
        ...

    async def find(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        user_id: int | None = None,
        status: str | Iterable[str] | None = None,
    ) -> list[GameRecord]:
        """Games matching every given filter, oldest first, without state (fast start-up)."""
        ...

    async def create(
        self,
        kind: str,
        players: Sequence[int],
        options: Mapping[str, Any] | None,
        seed: int,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        thread_id: int | None = None,
        message_id: int | None = None,
        pace: int | None = None,
        *,
        language: str | None = None,
        league_table: TableKey | None = None,
    ) -> GameRecord:
        """An active game at version 0 with the engine's initial state; options stored resolved;
        ``pace`` seconds per turn (None: no clock) start the clocks of the seats that must act;
        ``language`` the locale of its thread (None: English). ``league_table``: the game is that
        league table's, set in the same transaction only while the table has none (else
        TableHasGame and no game is made; RoundNotFound; ValueError when ``players`` are not its
        seats): a table never gets two games (issue 47 §3)."""
        ...

    async def start(
        self,
        game_id: int,
        players: Sequence[int] | None,
        seed: int,
        *,
        expected_version: int | None = None,
    ) -> GameRecord:
        """Lobby → active with the engine's initial state; bumps the version (old buttons go stale)."""
        ...

    async def set_thread(self, game_id: int, thread_id: int | None) -> GameRecord:
        """Record the game's thread; metadata only, the version is kept."""
        ...

    async def set_message(self, game_id: int, message_id: int | None) -> GameRecord:
        """Record the challenge/lobby message; metadata only, the version is kept."""
        ...

    async def append(self, game_id: int, expected_version: int, seat: int, action: Any) -> AppendResult:
        """Apply one action in one transaction; on any error (stale, wrong status, rule) nothing changes."""
        ...

    async def finish(self, game_id: int, outcome: Outcome, *, expected_version: int | None = None) -> GameRecord:
        """End an active game outside the engine (resignation, timeout); bumps the version."""
        ...

    async def cancel(self, game_id: int, by_user: int, *, expected_version: int | None = None) -> GameRecord:
        """Cancel a lobby or an active game: no winner, not a loss; bumps the version."""
        ...

    async def expire(self, game_id: int) -> GameRecord | None:
        """End a lobby nobody started (status and ending ``expired``); None if it is no lobby now."""
        ...

    async def actions(self, game_id: int) -> list[LoggedAction]:
        """The game's log in order; an unreadable entry raises CorruptLog (never skipped)."""
        ...

    async def replay(self, game_id: int) -> Any:
        """Rebuild the state from seed + options + the log through the engine."""
        ...

    async def verify(self, game_id: int) -> bool:
        """Whether replaying the log gives exactly the stored state."""
        ...

    async def plan_takeback(self, game_id: int, seat: int, expected_version: int | None = None) -> tuple[int, int, Any]:
        """(version, seq undone, state without it) of taking back ``seat``'s last decision; writes
        nothing. TakebackRefused when it may not be taken back."""
        ...

    async def take_back(self, game_id: int, expected_version: int, seat: int) -> AppendResult:
        """Undo ``seat``'s last decision in one transaction with the version check: the replay
        without it, a takeback entry in the log, a ``takeback`` change; the request is over."""
        ...


class Lobbies(Protocol):
    """Lobbies before they start, and the lobby of a finished game's rematch."""

    async def create(
        self,
        kind: str,
        creator_id: int,
        options: Mapping[str, Any] | None,
        guild_id: int | None,
        channel_id: int,
        message_id: int | None = None,
        seats: Sequence[int] | None = None,
        pace: int | None = None,
        language: str | None = None,
        shape: LobbyShape | None = None,
    ) -> GameRecord:
        """A pending challenge or lobby: no seed, no state yet; ``seats`` default to the creator,
        ``shape`` says how it was opened; an ``expire`` timer ends it after ``db.clocks.LOBBY_TTL``
        unless it starts. ``language``: the locale of its thread and public words (None: English)."""
        ...

    async def set_seats(
        self, game_id: int, players: Sequence[int], *, expected_version: int | None = None
    ) -> GameRecord:
        """Replace a lobby's seats (join/leave); bumps the version, so read-modify-write is safe."""
        ...

    async def set_shape(self, game_id: int, shape: LobbyShape) -> None:
        """Record how a lobby was opened (metadata: the version is kept)."""
        ...

    async def shape(self, game_id: int) -> LobbyShape | None:
        """How the lobby was opened; None for a game that recorded none (made outside a lobby)."""
        ...

    async def open_rematch(
        self, game_id: int, by_user: int, seats: Sequence[int], options: Mapping[str, Any] | None, shape: LobbyShape
    ) -> tuple[GameRecord, bool]:
        """The lobby of a finished game's rematch, made now (True) or the one made before (False);
        WrongStatus for a game that is not finished, StaleVersion when another press linked its
        lobby at the same moment (ask again: it is the one)."""
        ...

    async def rematch_of(self, game_id: int) -> int | None:
        """The lobby a finished game's Rematch opened (None: none yet)."""
        ...


class Agreements(Protocol):
    """What the players agree on together: cancelling, a passed deadline, taking back a decision."""

    async def vote_cancel(self, game_id: int, user_id: int) -> tuple[int, ...]:
        """A player agrees to cancel the running game; returns who agrees so far, in seat order."""
        ...

    async def withdraw_cancel_vote(self, game_id: int, user_id: int) -> None:
        """A player takes back their cancel vote (the proposal closes when nobody agrees)."""
        ...

    async def agree_cancel(self, game_id: int, user_id: int) -> CancelProposal:
        """Count a player's agreement to cancel and open the game's one proposal if none is open;
        says whether the agreement was new and whether this caller opened the proposal."""
        ...

    async def set_cancel_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Where the game's open cancel proposal was posted."""
        ...

    async def set_vote_message(self, game_id: int, seat: int, channel_id: int, message_id: int, text: str) -> None:
        """Where the question about a seat's passed deadline was posted, and its words."""
        ...

    async def take_vote_message(self, game_id: int, seat: int) -> VoteMessage | None:
        """Forget the question about a seat's deadline and return it, to one caller only."""
        ...

    async def vote_timeout(self, timer_id: int, voter_id: int, choice: str) -> dict[int, str]:
        """A player's choice on an expired deadline; every vote so far ({} once the timer is gone)."""
        ...

    async def open_takeback(
        self, game_id: int, version: int, seq: int, seat: int, user_id: int
    ) -> tuple[TakebackRequest, bool, TakebackRequest | None]:
        """Open the game's one request (with its lapse timer); (the open request, whether this
        call opened it, an older request found left open and removed)."""
        ...

    async def set_takeback_message(
        self, game_id: int, version: int, channel_id: int, message_id: int, text: str
    ) -> None:
        """Where the request about ``version`` was posted, and its words."""
        ...

    async def agree_takeback(self, game_id: int, version: int, user_id: int) -> TakebackRequest | None:
        """Count an agreement to the request about ``version``; None when it is not open."""
        ...

    async def takeback_request(self, game_id: int) -> TakebackRequest | None:
        """The game's open request to take back a decision, or None."""
        ...

    async def close_takeback(
        self, game_id: int, *, version: int | None = None, older_than: int | None = None, refused: bool = False
    ) -> TakebackRequest | None:
        """End the open request (about ``version``, or older than ``older_than``, or any); it is
        returned to the one caller that ended it. ``refused``: no request about its version may be
        opened again."""
        ...


class Clocks(Protocol):
    """Timers, deadlines, nudges, vacations and the autoplay lease. Every change of a seat's clock
    happens in the transaction of the game change that causes it (start, append, finish, cancel);
    these are the rest."""

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the earliest timer not yet fired is due (None: nothing is); only of the games on
        ``shards`` when given."""
        ...

    async def due_timers(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[Timer]:
        """Timers due by ``now`` and not fired, earliest first, only of the games on ``shards`` when
        given; claim each before acting on it."""
        ...

    async def claim_timer(self, timer_id: int) -> bool:
        """Mark a due timer fired; True only for the one caller, of any process, that got it first
        (False once it was moved into the future)."""
        ...

    async def add_timer(self, game_id: int, seat: int | None, kind: str, due: float) -> Timer:
        """One more timer for a game (a reminder put off by the 24-hour cap)."""
        ...

    async def timer(self, timer_id: int) -> Timer | None:
        """A timer by id, fired or not; None once it is gone (its seat played, the game ended)."""
        ...

    async def claim_reminder(self, user_id: int, at: float | None = None, gap: float = clocks.REMINDER_GAP) -> bool:
        """Record a reminder to the user at ``at`` (default now) unless one was recorded less than
        ``gap`` before."""
        ...

    async def extend_deadline(self, game_id: int, seat: int) -> GameRecord:
        """Restart a waiting seat's clock from now (the others chose to wait)."""
        ...

    async def overdue_now(self, game_id: int, seat: int) -> bool:
        """Make a waiting seat's deadline due now (its player left); True for the caller that did."""
        ...

    async def set_absent(self, game_id: int, seat: int, absent: str | None) -> GameRecord | None:
        """A computer of the level ``absent`` plays the seat, or (None) its player has it back;
        None when it already was so."""
        ...

    async def schedule_autoplay(self, game_id: int, after: float) -> float | None:
        """The table's next decision in a running game falls due ``after`` seconds from now: its one
        pending ``autoplay`` timer (kept when there is one). When it is due; None: not running."""
        ...

    async def claim_autoplay(self, game_id: int, lease: float) -> bool:
        """Take on playing a game's absent seats for ``lease`` seconds; True for one caller only."""
        ...

    async def release_autoplay(self, game_id: int) -> None:
        """This process stopped playing the game's absent seats."""
        ...

    async def nudge(self, game_id: int, gap: float = clocks.NUDGE_GAP) -> bool:
        """Record a nudge unless the game had one less than ``gap`` ago."""
        ...

    async def go_away(self, user_id: int, days: int, limit: int = clocks.VACATION_DAYS) -> UserPrefs:
        """Start (or replace) a vacation: the player's clocks stop; VacationLimit past the year's days."""
        ...

    async def come_back(self, user_id: int) -> UserPrefs | None:
        """End a vacation now (unused whole days come back); None when not away."""
        ...

    async def start_vacation(
        self, user_id: int, days: int, computer: str | None = None, limit: int = clocks.VACATION_DAYS
    ) -> Vacation:
        """:meth:`go_away`; with ``computer`` (a level) the player's running games' seats are
        played by a computer until it ends; the games handed over or given back."""
        ...

    async def end_vacation(self, user_id: int) -> Vacation | None:
        """:meth:`come_back`, with the games whose seats went back to the player."""
        ...


class Outbox(Protocol):
    """The changes not yet told (issue 18): every version bump (start, seats, act, finish, cancel)
    leaves one in the same transaction, claimed by the committing process, until it is told."""

    async def next_untold(self, shards: Shards | None = None) -> float | None:
        """When the oldest change not yet told falls out of its teller's lease (None: all told);
        only of the games on ``shards`` (their guild's shard, see ``Shards``) when given."""
        ...

    async def pending(
        self, claimed_before: float | None, limit: int = 100, shards: Shards | None = None
    ) -> list[PendingChange]:
        """Changes not yet told that another teller may take on: those taken on before
        ``claimed_before``; at start-up (``None``) every one this process did not take on. Only of
        the games on ``shards`` when given."""
        ...

    async def changes_of(self, game_id: int) -> list[PendingChange]:
        """Every change of a game not yet told, oldest first."""
        ...

    async def claim(self, game_id: int, version: int, claimed_before: float | None) -> bool:
        """Take on telling a change; True only for the one caller of any process that got it."""
        ...

    async def step(self, game_id: int, version: int, step: str) -> None:
        """A step of telling a change was made (a DM, the post): it is never made again."""
        ...

    async def told(self, game_id: int, version: int) -> None:
        """Every change of the game up to ``version`` has been told (``announced`` moves on)."""
        ...


class Pages(Protocol):
    """Each game's turn page and the hold of the one process telling a change on it."""

    async def get(self, game_id: int) -> TurnPage | None:
        """The game's current turn page; None before its first."""
        ...

    async def save(self, game_id: int, page: TurnPage, *, told: int | None = None) -> None:
        """Keep the game's current turn page, replacing the one before (and let go of its hold);
        with ``told``, also what ``outbox.told`` writes, in the same transaction."""
        ...

    async def hold(self, game_id: int, lease: float = PAGE_LEASE) -> TurnPage | None:
        """Take the game's turn page for telling a change on it, and read it (an empty page before
        the game's first): None unless this process got it."""
        ...

    async def release(self, game_id: int) -> None:
        """Let go of the game's turn page without saving it."""
        ...


class Prefs(Protocol):
    """Players' preferences and the notices each gets once."""

    async def get(self, user_id: int) -> UserPrefs:
        """A user's preferences, or the defaults when they never set any."""
        ...

    async def set(
        self,
        user_id: int,
        *,
        dms_enabled: bool | None = None,
        language: str | None = None,
        notify: str | None = None,
        client_locale: str | None = None,
    ) -> UserPrefs:
        """Change only the given preferences; ValueError for a ``notify`` not in NOTIFY_CHOICES.
        ``language`` is ``auto`` or a locale; ``client_locale`` the client's locale last seen."""
        ...

    async def watch(self, changed: Callable[[int | None], None]) -> None:
        """Call ``changed(user_id)`` whenever any process on this database changes a user's
        preferences (``changed(None)``: any may have changed unseen), where the backend can tell."""
        ...

    async def mark_dm_warned(self, game_id: int, user_id: int) -> bool:
        """Record the closed-DM notice for a player; True only the first time per game."""
        ...

    async def claim_walkthrough(self, user_id: int, kind: str) -> bool:
        """True once per player and game kind: the first-game walkthrough is to be shown now."""
        ...

    async def forget_walkthrough(self, user_id: int, kind: str) -> None:
        """The walkthrough did not reach the player: it is shown at the next chance."""
        ...


class Ratings(Protocol):
    """Ratings and results (issue 20 §1): every finished game is applied once, in the order games ended."""

    async def rate(self, game_id: int) -> int:
        """Apply a finished game (and any that ended before it, not applied yet) to the ratings and
        records, once; how many games were applied now."""
        ...

    async def rate_unrated(self) -> int:
        """Apply every finished game not applied yet, by end time."""
        ...

    async def rebuild(self) -> int:
        """Every rating and record again from the stored finished games, by end time."""
        ...

    async def recompute(self) -> dict[ratings.Key, ratings.Rating]:
        """Every rating from scratch from the stored finished games (nothing written)."""
        ...

    async def stored(self) -> dict[ratings.Key, ratings.Rating]:
        """Every rating as stored."""
        ...

    async def leaderboard(
        self, guild_id: int, kind: str, offset: int = 0, limit: int = 10
    ) -> tuple[list[ratings.Standing], int]:
        """A page of a server's leaderboard of ``kind`` (best first) and its number of players."""
        ...

    async def records(self, guild_id: int, user_id: int) -> list[ratings.Record]:
        """A player's record per game kind in a server."""
        ...

    async def computer_records(self, guild_id: int, user_id: int) -> list[ratings.ComputerRecord]:
        """A player's record against each computer level per game kind in a server (issue 46)."""
        ...

    async def paces(self, guild_id: int, users: Iterable[int]) -> dict[int, ratings.Pace]:
        """Each player's pace in a server (median time to move, finished games lost on time)."""
        ...


class Leagues(Protocol):
    """Leagues (issue 47): their sign-up, rounds claimed once among processes, tables whose games are
    made once (``games.create(..., league_table=...)``), results recorded once, posts marked once.
    Formats, pairings and results are JSON the pure league code reads and writes."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        name: str,
        kind: str,
        options: Mapping[str, Any] | None,
        format: Any,
        pace: int | None,
        round_days: int,
        created_by: int,
        *,
        starts_at: float | None = None,
        player_limit: int | None = None,
        language: str | None = None,
    ) -> League:
        """A league in sign-up at version 0, round 0; options stored resolved (BadOptions,
        UnknownGameKind); ``format`` JSON, unread; ValueError for a bad pace, round length or limit."""
        ...

    async def get(self, league_id: int) -> League:
        """The league; LeagueNotFound."""
        ...

    async def find(
        self, guild_id: int, *, status: str | Iterable[str] | None = None, user_id: int | None = None
    ) -> list[League]:
        """A server's leagues, oldest first, in ``status`` and with ``user_id`` among their players
        when given."""
        ...

    async def set_signup_message(self, league_id: int, message_id: int | None) -> None:
        """Where the sign-up post is (metadata: the version is kept)."""
        ...

    async def set_status(self, league_id: int, status: str, *, expected_version: int | None = None) -> League:
        """signup → running | cancelled, running → finished | cancelled, with the version check;
        bumps the version. LeagueWrongStatus, LeagueStaleVersion."""
        ...

    async def join(self, league_id: int, user_id: int) -> League:
        """Sign up (version bumped); LeagueWrongStatus out of sign-up, AlreadyJoined, LeagueFull
        (counted in the transaction)."""
        ...

    async def leave(self, league_id: int, user_id: int) -> League:
        """Leave the sign-up (version bumped); LeagueWrongStatus out of sign-up, NotJoined."""
        ...

    async def withdraw(self, league_id: int, user_id: int, by_user: int | None = None) -> LeaguePlayer | None:
        """Withdraw from a running league in its current round, by ``by_user`` (None: themselves;
        version bumped; its telling still to come); None when withdrawn already;
        LeagueWrongStatus unless running, NotJoined."""
        ...

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """The players in the order they joined, withdrawn ones included."""
        ...

    async def claim_round(
        self, league_id: int, round_no: int, tables: Sequence[Sequence[int]], *, expected_version: int | None = None
    ) -> LeagueRound:
        """Claim the round and store its tables (seat orders; one seat: a bye) in one transaction,
        only when the league runs and its last claimed round is the one before, closed; one process
        gets it, another RoundClaimed. LeagueWrongStatus, RoundOutOfOrder, LeagueStaleVersion."""
        ...

    async def hold_opening(self, league_id: int, round_no: int, lease: float = ROUND_LEASE) -> bool:
        """Take on finishing an ``opening`` round: True when this process holds it now (it claimed it
        or its holder went silent for ``lease`` seconds)."""
        ...

    async def tables_without_game(self, league_id: int, round_no: int) -> list[LeagueTable]:
        """The round's tables that need a game and have none yet, in table order."""
        ...

    async def tables(self, league_id: int, round_no: int | None = None) -> list[LeagueTable]:
        """The round's tables (every round's when None), by round and table."""
        ...

    async def table_of_game(self, game_id: int) -> LeagueTable | None:
        """The league table the game was made for (None: no league's); GameNotFound."""
        ...

    async def open_round(self, league_id: int, round_no: int) -> bool:
        """opening → open once every table that plays has its game; True for the one caller that
        did it. RoundIncomplete (``game``), RoundNotFound."""
        ...

    async def record_result(self, league_id: int, round_no: int, table_no: int, result: Any) -> bool:
        """The table's result JSON, once: True when recorded now, False when it had one. RoundNotFound."""
        ...

    async def round_complete(self, league_id: int, round_no: int) -> bool:
        """Whether every table that plays has its result; RoundNotFound."""
        ...

    async def close_round(self, league_id: int, round_no: int, *, expected_version: int | None = None) -> League:
        """open → closed with the league's version check (version bumped). RoundIncomplete
        (``result``), RoundWrongStatus, RoundNotFound, LeagueWrongStatus, LeagueStaleVersion."""
        ...

    async def mark_announced(self, league_id: int, round_no: int, *, results: bool = False, due: bool = False) -> bool:
        """Mark the round's pairings (``results``: its results; ``due``: its deadline passed) told,
        after their last piece, their pieces forgotten: True when this call marked it. RoundNotFound."""
        ...

    async def post_steps(self, league_id: int, post: str) -> frozenset[str]:
        """The pieces of a league's post (``"pairings:2"``, ``"withdrew:<user>"``) made so far."""
        ...

    async def post_step(self, league_id: int, post: str, step: str) -> None:
        """A piece of the post was made: never made again. LeagueNotFound."""
        ...

    async def withdrawals_untold(self, league_id: int) -> list[LeaguePlayer]:
        """Players withdrawn whose withdrawal is not yet told, in the order they left."""
        ...

    async def mark_withdrawal_told(self, league_id: int, user_id: int) -> bool:
        """Mark the player's withdrawal told, its pieces forgotten: True when this call marked it.
        NotJoined."""
        ...

    async def leagues_untold(self, shards: Shards | None = None) -> list[int]:
        """Running leagues (on ``shards``) with a post untold or a closed round to move on from."""
        ...

    async def get_round(self, league_id: int, round_no: int) -> LeagueRound:
        """One round; RoundNotFound."""
        ...

    async def rounds(self, league_id: int) -> list[LeagueRound]:
        """The league's rounds claimed so far, in order."""
        ...

    async def rounds_due(self, shards: Shards | None = None) -> list[LeagueRound]:
        """Open rounds past their deadline, earliest first (only of leagues on ``shards``)."""
        ...

    async def rounds_opening(self, shards: Shards | None = None) -> list[LeagueRound]:
        """Rounds claimed whose games are not all made (to finish after a restart)."""
        ...

    async def signups_due(self, shards: Shards | None = None) -> list[League]:
        """Leagues in sign-up whose start date has passed, earliest first."""
        ...

    async def next_due(self, after: float, shards: Shards | None = None) -> float | None:
        """The earliest start date, untold open round's deadline or end of an opening round's hold
        later than ``after`` (None: none)."""
        ...

    async def settings(self, guild_id: int) -> LeagueSettings:
        """The server's league settings (defaults when none were set)."""
        ...

    async def set_settings(self, guild_id: int, manager_role_id: int | None) -> LeagueSettings:
        """Set the role that may manage leagues in the server (None: Manage Server only)."""
        ...


class Meta(Protocol):
    """Deployment facts."""

    async def get(self, key: str) -> str | None:
        """A deployment fact (e.g. the synced command tree's hash), or None."""
        ...

    async def set(self, key: str, value: str) -> None:
        """Store a deployment fact, replacing any earlier value."""
        ...


class Store(Protocol):
    """Persisted games, one repository per area over one backend (issue 45 §3)."""

    @property
    def games(self) -> Games: ...

    @property
    def lobbies(self) -> Lobbies: ...

    @property
    def agreements(self) -> Agreements: ...

    @property
    def clocks(self) -> Clocks: ...

    @property
    def outbox(self) -> Outbox: ...

    @property
    def pages(self) -> Pages: ...

    @property
    def prefs(self) -> Prefs: ...

    @property
    def ratings(self) -> Ratings: ...

    @property
    def meta(self) -> Meta: ...

    @property
    def leagues(self) -> Leagues: ...

    async def close(self) -> None:
        """Release the connection(s); the store is unusable afterwards."""
        ...
