"""What the telling of a change sends (issue 45 §1), as values: the transport sends them in order,
marking each step made (``Progress``) so that a telling repeated after a crash repeats none."""

from __future__ import annotations

from dataclasses import dataclass

from cogs.table.ui import ButtonSpec, SelectSpec

Component = ButtonSpec | SelectSpec


@dataclass(frozen=True, slots=True)
class Images:
    """Images the transport draws (off the event loop) for the state told: the public ones
    (``seat`` None) or a seat's own, in ``locale``."""

    locale: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Dm:
    """A private message to ``user`` (of ``seat``, when they sit at the game). ``mark``: the step
    written down once sent — for a seat's notice ``dm:{seat}``, or ``ping:{seat}`` when the thread
    pings them as well (``pinged``); ``waiting``: a failed notice of a seat that must act becomes
    a ping in the thread (and is marked so)."""

    user: int
    seat: int | None
    locale: str
    text: str
    step: str
    images: Images | None = None
    components: tuple[Component, ...] = ()
    pinged: bool = False
    waiting: bool = False

    @property
    def mark(self) -> str:
        return f"ping:{self.seat}" if self.pinged and self.seat is not None else self.step


@dataclass(frozen=True, slots=True)
class Ping:
    """A seat that hears of its turn by a mention in the thread's post, without a DM (its choice,
    or its DMs are off). ``made``: written down already (a telling repeated after a crash)."""

    user: int
    seat: int
    made: bool = False

    @property
    def mark(self) -> str:
        return f"ping:{self.seat}"


Notice = Dm | Ping


@dataclass(frozen=True, slots=True)
class Post:
    """The news where the game is played (its thread, else its channel), in the game's language:
    the answer to the interaction that made the change when it was made there. ``ping``: the users
    it mentions, besides the waiting seats whose DM failed. ``unless_shown``: a catch-up's post, not
    made when the game's latest messages show it already (the version's buttons; ``None``: the
    game-over's Rematch). ``record``: the game's record file goes with it."""

    step: str
    locale: str
    text: str
    images: Images | None = None
    components: tuple[Component, ...] = ()
    ping: frozenset[int] = frozenset()
    unless_shown: bool = False
    shown_version: int | None = None
    record: bool = False
    mark: bool = True
    """Written down once made (not the news of a decision: the change is marked told next)."""


@dataclass(frozen=True, slots=True)
class Telling:
    """One change's telling: the seats' notices (sent side by side, before the post so that it
    pings exactly those who got none), the post, then the DMs that follow it (a game's end)."""

    notices: tuple[Notice, ...] = ()
    post: Post | None = None
    after: tuple[Dm, ...] = ()

    @property
    def pinged(self) -> frozenset[int]:
        """The users the post pings whatever the DMs do."""
        return frozenset(n.user for n in self.notices if isinstance(n, Ping) or n.pinged)
