"""The immutable values the game store hands out: a game's row, a logged action, an append's result,
a user's preferences. Plain data; only :meth:`GameRecord.load_state` touches an engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Literal

from db.connection import marks
from db.errors import NoState, UnknownGameKind
from db.json_text import loads
from rules.protocol import AnyGame, Event, Outcome

STATUSES = ("lobby", "active", "finished", "cancelled", "expired")
"""``expired``: a lobby nobody started (issue 18); like ``cancelled``, no winner and no loss."""
ENDED = ("finished", "cancelled", "expired")


class Verdict(StrEnum):
    """What the end of a game says, the one thing every place that states a result says the same
    way (issue 44 §1: the thread's post and name, the DMs, ``/game history``, ``/game stats``,
    the record file): read from the stored status and outcome alone (:meth:`GameRecord.verdict`)."""

    WON = "won"
    """The outcome's winners (seats) won: by the rules, a resignation or on time."""
    AUTOMA_WON = "automa_won"
    """The game's automa (Stroganov's Ivan) won: no player did."""
    DRAW = "draw"
    NO_WINNER = "no_winner"
    """Finished without a winner, a draw or an automa (no game ends so by its rules)."""
    CANCELLED = "cancelled"
    EXPIRED = "expired"


def verdict_of(status: str, outcome: Outcome | None) -> Verdict | None:
    """The verdict of a game with this ``status`` and ``outcome``; None while it is not over."""
    if status == "cancelled":
        return Verdict.CANCELLED
    if status == "expired":
        return Verdict.EXPIRED
    if status != "finished" or outcome is None:
        return None
    if outcome.winners:
        return Verdict.WON
    if outcome.draw:
        return Verdict.DRAW
    return Verdict.AUTOMA_WON if outcome.automa_won else Verdict.NO_WINNER


"""The statuses of a game that is over, one way or another."""

DEFAULT_DMS_ENABLED = True
DEFAULT_LANGUAGE = "auto"
"""``auto``: a player's words follow their Discord client (``client_locale``); else a locale."""
NOTIFY_CHOICES = ("dm", "mention", "both")
DEFAULT_NOTIFY = "dm"


COMPUTER_LEVELS = ("easy", "normal", "hard")
"""The computers' levels (``rules.computer.Level``), in order: a computer's user id says which."""


def computer_id(level: str, seat: int) -> int:
    """The user id a computer plays ``seat`` under (issue 46): minus (100 × its level's number +
    the seat + 1) — -101 to -104 easy, -201 to -204 normal, -301 to -304 hard. No Discord user id
    is negative, and one id per seat keeps a game's seats distinct."""
    return -(100 * (COMPUTER_LEVELS.index(level) + 1) + seat + 1)


def free_computer_id(players: Sequence[int], level: str) -> int:
    """The id of one more computer of ``level`` beside ``players`` (a lobby's Add a computer):
    its level's first number no seat holds — ids stay unique in a game, and the first computer of
    a level is named by its level alone ("Počítač (těžký)"), the next "Počítač 2 (těžký)" — not
    the seat it takes, which would name a lone computer in seat 3 "Počítač 3" and, after players
    leave, repeat an id."""
    return next(computer_id(level, n) for n in range(99) if computer_id(level, n) not in players)


def computer_number(user_id: int) -> int:
    """Which of a game's computers ``user_id`` is (1, 2, …: its seat when it was seated + 1), so
    that computers of one level have names apart."""
    return -user_id % 100


def computer_level(user_id: int) -> str | None:
    """The level of the computer that plays as ``user_id``; None for a person."""
    level, rest = divmod(-user_id, 100)
    return COMPUTER_LEVELS[level - 1] if 1 <= level <= len(COMPUTER_LEVELS) and 1 <= rest <= 99 else None


ABSENT_LEVEL = "normal"
"""The level of the computer that plays a late player's seat once the others chose to play on
without them (issue 46 §1)."""
LEGACY_ABSENT = "auto"
"""What a seat the table played without its player held before the table's computers had levels:
read as :data:`ABSENT_LEVEL`."""


def absent_level(absent: str | None) -> str | None:
    """The level a seat's ``absent`` names (a legacy ``"auto"`` is :data:`ABSENT_LEVEL`); None
    while its player plays it."""
    if absent is None:
        return None
    return absent if absent in COMPUTER_LEVELS else ABSENT_LEVEL


@dataclass(frozen=True, slots=True)
class SeatClock:
    """One seat's clock: since when it waits for its player (None: not waiting) and until when
    (None: no pace). ``absent`` names the level of the computer that plays the seat while its
    player is not there (``"easy"``, ``"normal"``, ``"hard"``; a legacy ``"auto"`` reads as
    ``"normal"``: :func:`absent_level`), None while the player plays it."""

    seat: int
    user_id: int
    since: float | None = None
    deadline: float | None = None
    absent: str | None = None


@dataclass(frozen=True, slots=True)
class Shards:
    """The Discord shards one bot process serves (``SHARD_COUNT``/``SHARD_IDS``): it fires the timers
    and catches up the changes of the games whose guild is on one of them. A guild is on shard
    ``(guild_id >> 22) % count``, as Discord computes it; a game outside a guild belongs to shard 0."""

    count: int
    ids: tuple[int, ...]

    def of(self, guild_id: int | None) -> int:
        """The shard a game of ``guild_id`` belongs to."""
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.of(guild_id) in self.ids

    def condition(self, guild_column: str) -> tuple[str, tuple[int, ...]]:
        """The same test as :meth:`owns` in portable SQL on ``guild_column``, with its parameters."""
        on_ours = f"(({guild_column} >> 22) % ?) IN ({marks(len(self.ids))})"
        if 0 in self.ids:
            on_ours = f"({guild_column} IS NULL OR {on_ours})"
        return on_ours, (self.count, *self.ids)


@dataclass(frozen=True, slots=True)
class Timer:
    """Something due at a time: a reminder (``half``, ``late``), a seat's ``deadline``, or a lobby's
    ``expire``. ``fired_at`` is set once, by whoever claims it first."""

    id: int
    game_id: int
    seat: int | None
    kind: str
    due: float
    fired_at: float | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as stored. Times are unix seconds from the store's clock.

    ``state_json`` is the engine state exactly as stored; it is ``None`` in a lobby and in every
    record returned by ``GameStore.list_games``, which skips the state so that listing thousands of
    games at start-up reads no state and parses none.
    """

    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    creator_id: int
    status: str
    options: dict[str, Any]
    seed: int | None
    version: int
    players: tuple[int, ...]
    outcome: Outcome | None
    cancelled_by: int | None
    created_at: float
    updated_at: float
    turn_since: float | None
    state_json: str | None = field(default=None, repr=False)
    engine: AnyGame | None = field(default=None, repr=False, compare=False)
    pace: int | None = None
    """Seconds per turn (None: no clock)."""
    nudged_at: float | None = None
    clocks: tuple[SeatClock, ...] = ()
    """Each seat's clock, in seat order."""
    announced: int = 0
    """The last version the Discord side fully told (``changes`` holds the ones after it)."""
    language: str | None = None
    """The locale of the game's thread and public words (``None``: a game made before issue 19)."""

    @property
    def verdict(self) -> Verdict | None:
        """What the game's end says (None while it is not over)."""
        return verdict_of(self.status, self.outcome)

    @property
    def winners(self) -> tuple[int, ...]:
        """The users who won (each once, in seat order); empty unless the verdict is ``won``."""
        seats = self.outcome.winners if self.verdict is Verdict.WON and self.outcome is not None else ()
        return tuple(dict.fromkeys(self.players[s] for s in seats if s < len(self.players)))

    def load_state(self) -> Any:
        """The engine state object, parsed on demand (a fresh object on every call)."""
        if self.state_json is None:
            raise NoState(self.id, self.status)
        if self.engine is None:
            raise UnknownGameKind(self.kind)
        return self.engine.load(loads(self.state_json))

    def resigned_seats(self, state: object | None = None) -> frozenset[int]:
        """The seats whose players resigned, by the engine (``state``: the game's state as already
        read, else read from the record); none for a record without a state or a known engine."""
        if self.engine is None or (state is None and self.state_json is None):
            return frozenset()
        return frozenset(self.engine.resigned(self.load_state() if state is None else state))

    def played_on(self, state: object | None = None) -> frozenset[int]:
        """The seats whose person resigned while the table plays them on to the end (Shitenno
        SH-R.6, Stroganov ST-R.6, issue 46 §1): that person decides, agrees and hears nothing more
        of the game's secrets. ``state``: the game's state as already read, else read from the
        record; read only when some person's seat is played by the table."""
        table_played = [s for s in range(len(self.players)) if self.computer_at(s) is None and self.table_plays(s)]
        if not table_played:
            return frozenset()
        resigned = self.resigned_seats(state)
        return frozenset(s for s in table_played if s in resigned)

    def waiting(self) -> list[SeatClock]:
        """The seats waiting for their player (not played by the table: never a computer's),
        longest-waiting first."""
        return sorted(
            (c for c in self.clocks if c.since is not None and not self.table_plays(c.seat)), key=lambda c: c.since or 0
        )

    def waiting_for(self, user_id: int) -> SeatClock | None:
        """The clock of the user's seat the game waits for (the longest-waiting), or None."""
        return next((c for c in self.waiting() if c.user_id == user_id), None)

    def handing(self, seats: Sequence[int]) -> GameRecord:
        """This record with ``seats`` handed to the table as :class:`AppendResult` ``handed`` says
        (played at :data:`ABSENT_LEVEL`, no clock): what the store holds after such an action."""
        if not seats:
            return self
        clocks = tuple(SeatClock(c.seat, c.user_id, absent=ABSENT_LEVEL) if c.seat in seats else c for c in self.clocks)
        return replace(self, clocks=clocks)

    def clock_of(self, seat: int) -> SeatClock | None:
        return next((c for c in self.clocks if c.seat == seat), None)

    @property
    def people(self) -> tuple[int, ...]:
        """The players who are people (no computer), in seat order: whom a message may ping or DM."""
        return tuple(u for u in self.players if computer_level(u) is None)

    def computer_at(self, seat: int) -> str | None:
        """The level of the computer in ``seat``; None for a person's seat."""
        return computer_level(self.players[seat]) if 0 <= seat < len(self.players) else None

    def table_plays(self, seat: int) -> bool:
        """Whether the table decides for ``seat``: a computer's seat, or a person's the table plays
        without them (``absent``)."""
        return self.level_at(seat) is not None

    def level_at(self, seat: int) -> str | None:
        """The level of the computer the table plays ``seat`` with: a computer's seat's own, or the
        level an absent person's seat was handed to (a late player's, a vacation's); None while a
        person plays it."""
        level = self.computer_at(seat)
        if level is not None:
            return level
        clock = self.clock_of(seat)
        return None if clock is None else absent_level(clock.absent)

    def seat_of(self, user_id: int) -> int | None:
        """The first seat ``user_id`` holds, or ``None``."""
        try:
            return self.players.index(user_id)
        except ValueError:
            return None


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One entry of a game's append-only log; ``seq`` is the version the action produced."""

    game_id: int
    seq: int
    seat: int
    notation: str
    created_at: float
    events: tuple[Event, ...] | None = None
    """The engine's events of the action (None: logged before events were kept, issue 18)."""
    takeback: int | None = None
    """For a takeback (issue 20 §3): the ``seq`` of the action it undid (``notation`` is then
    empty and ``seat`` is who asked); None for an action."""


class Waiting:
    """Who a committed change leaves to act: read from ``to_act``, ``waiting_before`` and
    ``outcome``, which each value that mixes it in has as fields (an append's result, a change)."""

    __slots__ = ()
    to_act: tuple[int, ...]
    waiting_before: tuple[int, ...]
    outcome: Outcome | None

    @property
    def newly_waiting(self) -> tuple[int, ...]:
        """The seats that must act now and did not before (they are told it is their turn)."""
        return tuple(s for s in self.to_act if s not in self.waiting_before)

    @property
    def finished(self) -> bool:
        return self.outcome is not None


@dataclass(frozen=True, slots=True)
class AppendResult(Waiting):
    """What one committed action did: the game's new version (also the log ``seq``), the engine's
    events, the new state object, who must act next (and who had to before, so the table can tell
    the newly waiting) and the outcome once the game has ended."""

    game_id: int
    version: int
    events: list[Event]
    state: Any = field(repr=False)
    to_act: tuple[int, ...]
    outcome: Outcome | None
    waiting_before: tuple[int, ...] = ()
    takeback_open: bool = True
    """Whether the game had an open takeback request when the action committed (read in its
    transaction): only then may the action have made one lapse (True when not read)."""
    may_take_back: bool = False
    """Whether the engine lets the players take this decision back by agreement (it showed
    nothing hidden, ``Game.can_take_back``): its news then offers the mover a Take back button."""
    handed: tuple[int, ...] = ()
    """The seats this action handed to the table for good, played by a computer at
    :data:`ABSENT_LEVEL` (a resignation in a game whose resigned seats play on, issue 46 §1)."""


ChangeKind = Literal["start", "seats", "act", "finish", "cancel", "takeback"]
CHANGE_KINDS: tuple[ChangeKind, ...] = ("start", "seats", "act", "finish", "cancel", "takeback")
TELL_LEASE = 120.0
"""Seconds a process has to tell a change it committed (or took on) before another may take it on."""


@dataclass(frozen=True, slots=True)
class PendingChange:
    """A committed change not yet fully told (issue 18): its kind (one of :data:`CHANGE_KINDS`),
    who acted (``act``), the engine's events, the seats that had to act before it, and the steps
    of its telling already made (``done``), so a telling cut short is finished without repeats."""

    game_id: int
    version: int
    kind: ChangeKind
    seat: int | None = None
    events: tuple[Event, ...] = ()
    waiting_before: tuple[int, ...] = ()
    done: frozenset[str] = frozenset()
    claimed_at: float | None = None
    tries: int = 0


@dataclass(frozen=True, slots=True)
class LobbyShape:
    """How a lobby was opened: a challenge (one invited opponent, or an open two-player one whose
    first joiner starts it) or a lobby, and whom it invites (only they may join)."""

    challenge: bool
    invited: tuple[int, ...] = ()
    rematch_of: int | None = None
    """The finished game whose **Rematch** opened this lobby (issue 20 §3); read, never set."""


def rematch_stands(status: str, seed: int | None) -> bool:
    """Whether a finished game's rematch lobby still counts as its rematch: open, started or played
    (a started game has its seed); one that ended without starting gives way to a new one."""
    return status in ("lobby", "active", "finished") or seed is not None


@dataclass(frozen=True, slots=True)
class TurnPage:
    """A game told as one thread message per turn: the message showing the current page, its
    lines, the running turn's opening and phrases, and how the page began (cogs/table/plan/pages.py)."""

    message_id: int | None = None
    lines: tuple[str, ...] = ()
    turn: str | None = None
    parts: tuple[str, ...] = ()
    had_turn: bool = False
    opened: bool = False
    version: int = 0
    """The game version whose story the page last took in."""


PAGE_LEASE = 60.0
"""Seconds a process may hold a game's turn page while it tells a change on it."""


@dataclass(frozen=True, slots=True)
class UserPrefs:
    """``notify`` is how a player hears it is their turn: a DM, a mention in the thread, or both
        (one of :data:`NOTIFY_CHOICES`); ``language`` is ``auto`` or a locale the player chose with
    ``/game language``; the defaults equal the schema's column defaults."""

    user_id: int
    dms_enabled: bool = DEFAULT_DMS_ENABLED
    language: str = DEFAULT_LANGUAGE
    notify: str = DEFAULT_NOTIFY
    away_from: float | None = None
    away_until: float | None = None
    """A vacation: the player's clocks stop until then."""
    away_year: int | None = None
    away_days: int = 0
    """Vacation days taken in ``away_year`` (UTC calendar year)."""
    reminded_at: float | None = None
    client_locale: str | None = None
    """The locale the player's Discord client sent last (``cs``, ``en-US``); ``None``: never seen.
    With ``language`` ``auto`` their DMs use it."""

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now


@dataclass(frozen=True, slots=True)
class Vacation:
    """A vacation begun, replaced or ended (issue 46 §1): the player's preferences after it, and
    the games whose seats of the player it handed to a computer (``handed``: a vacation with a
    computer) or gave back to the player (``returned``: the vacation ended, or was replaced by
    one without a computer)."""

    prefs: UserPrefs
    handed: tuple[int, ...] = ()
    returned: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CancelProposal:
    """A player's agreement to cancel a running game, as counted (issue 18 §5): one open proposal
    per game. ``counted`` is False when the player had agreed already (a repeat: tell them so, ping
    nobody); ``opened`` is True for the one agreement that opened the proposal (its caller posts
    it and records where with ``set_cancel_message``); ``channel_id``/``message_id`` say where the
    proposal is, once posted, so later agreements edit it."""

    proposer_id: int
    agreed: tuple[int, ...]
    counted: bool
    opened: bool
    channel_id: int | None = None
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class VoteMessage:
    """The message that asks the other players about a seat's passed deadline: where it is and the
    question as posted (a retired message keeps it and says why it is over)."""

    channel_id: int
    message_id: int
    text: str


TAKEBACK_TTL = 86400.0
"""Seconds a request to take back a decision stays open without every answer (issue 20 §3)."""


@dataclass(frozen=True, slots=True)
class TakebackRequest:
    """A player's open request to take back their last decision (issue 20 §3), one per game:
    the game ``version`` it is about (any change since ends it), the action ``seq`` to undo, who
    asked (``seat``, ``user_id``), who agreed so far, where it was posted and its words as posted
    (a request that ends keeps them and says why)."""

    game_id: int
    version: int
    seq: int
    seat: int
    user_id: int
    agreed: tuple[int, ...] = ()
    channel_id: int | None = None
    message_id: int | None = None
    text: str = ""
    opened_at: float = 0.0
