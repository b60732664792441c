"""The per-game UI protocol (DESIGN §5): everything the shared table needs to know about how one
game looks and reads in Discord, built from views only. A new game implements :class:`GameUI`,
registers it in :mod:`cogs.games`, and adds a thin cog with its own commands; it copies nothing.

Every method takes a ``locale``: words come from :mod:`cogs.texts` tables, never from here.
Images are rendered off the event loop by the table, so ``public_files``/``private_files`` may be
slow and must be thread-safe (they only read the state they are given).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from cogs.texts import computer_mark, t
from db.records import GameRecord, computer_level, computer_number
from rules.errors import RuleError
from rules.protocol import Event, Game


def mention(user_id: int) -> str:
    """How a message names a player: Discord shows the mention as their display name. A computer
    (issue 46) is no person to mention: its name is worded in the sentence's language (``t``)."""
    level = computer_level(user_id)
    return f"<@{user_id}>" if level is None else computer_mark(level, computer_number(user_id))


S = TypeVar("S")
"""The engine's state type of one game kind (``StrategoState``, ...)."""


@dataclass(frozen=True, slots=True)
class FileSpec:
    """A file to attach: its bytes and its name (``stratego-12-ply3.png``)."""

    data: bytes
    name: str


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """A persistent button (see :mod:`cogs.table.buttons`): ``version`` 0 for buttons that never go
    stale (the private-view button, lobby buttons), the game's version for decisions."""

    verb: str
    label: str
    style: str = "secondary"
    version: int = 0
    arg: str | None = None


@dataclass(frozen=True, slots=True)
class SelectSpec:
    """A persistent select: ``options`` are ``(label, value, description)``; values reach the
    handler of ``verb`` in ``Press.values``."""

    verb: str
    placeholder: str
    options: list[tuple[str, str, str]]
    min_values: int = 1
    max_values: int = 1
    version: int = 0
    arg: str | None = None


@dataclass(frozen=True, slots=True)
class Pick:
    """A private picker (one step of a decision made by presses): its words and its components
    (a select first, then buttons), shown by :func:`cogs.table.buttons.show_pick`."""

    text: str
    components: list[ButtonSpec | SelectSpec]


@dataclass(frozen=True, slots=True)
class Story:
    """One step of what an action did, for games told as turn pages (:mod:`cogs.table.plan.pages`):
    ``page`` a line that opens a page of its own (a new season, winter), ``line`` news,
    ``start`` a player's turn begins (its opening words), ``part`` a phrase of the running turn,
    ``end`` the turn ends (its closing words)."""

    kind: str
    text: str = ""


class GameUI(Protocol[S]):
    """How one game kind is shown and worded. ``state`` is the engine state object (``S``); the UI
    turns it into views itself (``engine.view(state, seat)``) and shows nothing else."""

    kind: str
    """The engine's kind name (the key of ``cogs.games.KINDS``)."""

    @property
    def engine(self) -> Game[S, Any]:
        """The game's engine; read-only, so each UI may hold its own engine's type."""
        ...

    has_private: bool
    """Whether players have secrets: a private button, private files and secret DMs (Stroganov: no)."""
    board_at_start: bool
    """Whether the start post shows the public images (Stratego's empty board during setup: no)."""
    live_turn: bool
    """Whether the game is told as turn pages (a :class:`TurnPagesUI`; Stroganov: yes)."""

    def title(self, locale: str) -> str:
        """The game's name as players read it ("Stratego")."""
        ...

    def private_label(self, locale: str) -> str:
        """The private button's label ("My pieces", "My hand")."""
        ...

    def options_text(self, options: dict[str, Any], locale: str) -> str:
        """The options of a game in a few words, for lobbies and the start post."""
        ...

    def rules_text(self, locale: str) -> str:
        """How the game is played and its options (``/game rules``), at most 2,000 characters."""
        ...

    def thread_name(self, rec: GameRecord, state: S, names: Sequence[str], locale: str) -> str:
        """The game thread's name; ``names`` are the players' display names by seat."""
        ...

    def start_text(self, rec: GameRecord, state: S, locale: str) -> str:
        """The first post of a started game (who plays what, what to do first)."""
        ...

    def public_files(self, rec: GameRecord, state: S, names: Sequence[str], locale: str) -> list[FileSpec]:
        """The public images of ``view(state, None)`` (Shitenno: board and sharing table);
        ``names`` are the players' display names by seat (an image cannot show a mention). It runs
        in a render worker: it must not touch Discord, and its arguments are pickled."""
        ...

    def private_files(self, rec: GameRecord, state: S, seat: int, names: Sequence[str], locale: str) -> list[FileSpec]:
        """The images of ``view(state, seat)``; empty for games without secrets (as
        :meth:`public_files`, in a render worker)."""
        ...

    def private_text(self, rec: GameRecord, state: S, seat: int, locale: str) -> str:
        """The words that go with a seat's private files (``/game hand``, the start DM)."""
        ...

    def private_buttons(self, rec: GameRecord, state: S, seat: int, locale: str) -> list[ButtonSpec]:
        """Buttons that go with a seat's private view (e.g. Ready while a setup is a draft)."""
        ...

    def public_buttons(self, rec: GameRecord, state: S, version: int, locale: str) -> Sequence[ButtonSpec | SelectSpec]:
        """Buttons under the thread's news for everyone (e.g. Accept draw while an offer stands)."""
        ...

    def private_changed(self, events: Sequence[Event], seat: int) -> bool:
        """Whether these events changed what ``seat`` sees privately (a new hand worth a DM)."""
        ...

    def event_lines(self, rec: GameRecord, state: S, events: Sequence[Event], locale: str) -> list[str]:
        """What one action did, for the table (public: from the public view and public events)."""
        ...

    def board_changed(self, events: Sequence[Event]) -> bool:
        """Whether the public image changed, so a new one is worth posting."""
        ...

    def prompt(self, rec: GameRecord, state: S, seat: int, locale: str) -> str:
        """What ``seat`` (who must act now) can do, mentioning them; "" when nothing need be said."""
        ...

    def turn_notice(self, rec: GameRecord, state: S, seat: int, events: Sequence[Event], locale: str) -> str:
        """The private turn notice for ``seat``: what just happened, in words, from its own view."""
        ...

    def status_line(self, rec: GameRecord, state: S, locale: str) -> str:
        """Where the game stands, in one line without pings ("@Bob to move since …")."""
        ...

    def outcome_text(self, rec: GameRecord, state: S, locale: str) -> str:
        """The result in words (winner, reason, scores) of an ending the engine knows: from the
        stored outcome (``rec.outcome``; the engine's while a record has none)."""
        ...

    def automa_name(self, locale: str) -> str | None:
        """The name results give the game's automa when it wins (Stroganov's Ivan); None: none."""
        ...

    def record_text(self, rec: GameRecord, state: S, seat: int | None, locale: str) -> str:
        """The full record as ``seat`` may see it (``None``: the public record)."""
        ...

    def last_lines(self, rec: GameRecord, state: S, seat: int | None, locale: str) -> list[str]:
        """The latest entries of the history as ``seat`` may see it."""
        ...

    def record_files(self, rec: GameRecord, state: S, names: Sequence[str], locale: str) -> list[FileSpec]:
        """A finished game's record in other programs' formats, for ``/game log`` (Stratego: its
        StraDoS2 game file); ``names``: the players' display names by seat. Empty for none."""
        ...

    def error_params(self, error: RuleError, locale: str) -> dict[str, object]:
        """The rule error's parameters in words (squares, ranks, cards); others are left as they are."""
        ...


class TurnPagesUI(GameUI[S], Protocol[S]):
    """A game told as one thread message per turn, edited as the turn goes (``live_turn`` true)."""

    def story(self, rec: GameRecord, state: S, events: Sequence[Event], locale: str) -> list[Story]:
        """What these events did, as :class:`Story` items in order."""
        ...


ROWS, PER_ROW = 5, 5
"""Discord's components of one message: five rows of five buttons; a select fills a row."""

TAKE_BACK = "takeback"
"""The verb of the Take back button under a decision's news (``cogs/table/takeback.py``)."""
REMATCH = "rematch"
"""The verb of the Rematch button under a game's result (``cogs/table/rematch.py``)."""


def rematch_button(locale: str) -> ButtonSpec:
    """The button under a game's result (version 0: it never goes stale)."""
    return ButtonSpec(REMATCH, t("btn.rematch", locale), "primary")


def with_room(items: list[ButtonSpec | SelectSpec], extra: ButtonSpec) -> list[ButtonSpec | SelectSpec]:
    """``items`` and, where a row has room, the button ``extra`` last."""
    rows, in_row = 0, PER_ROW
    for item in items:
        if isinstance(item, SelectSpec) or in_row == PER_ROW:
            rows, in_row = rows + 1, 0
        in_row = PER_ROW if isinstance(item, SelectSpec) else in_row + 1
    return [*items, extra] if rows < ROWS or in_row < PER_ROW else items


def thread_buttons(
    ui: GameUI[S], rec: GameRecord, state: S, version: int, locale: str, mover: int | None = None
) -> list[ButtonSpec | SelectSpec]:
    """The components under a game's news in its thread: the decision's own, the **Take back**
    button of ``mover`` (the seat whose decision it was, when the engine lets it be taken back:
    issue 44 §4), then the private button (``hand``) of a game with secrets — each where a row
    has room."""
    specs = list(ui.public_buttons(rec, state, version, locale))
    if mover is not None:
        specs = with_room(specs, ButtonSpec(TAKE_BACK, t("btn.take_back", locale), "secondary", version, str(mover)))
    if ui.has_private:
        specs = with_room(specs, ButtonSpec("hand", ui.private_label(locale)))
    return specs


def seats_to_tell(
    ui: GameUI[Any], players: int, events: Sequence[Event], waiting: Sequence[int]
) -> list[tuple[int, bool]]:
    """Who gets a private notice after a change, in order, each with whether it is a turn notice:
    the seats now waiting, then every other seat whose private view the events changed."""
    changed = [s for s in range(players) if s not in waiting and ui.private_changed(events, s)]
    return [(seat, seat in waiting) for seat in [*waiting, *changed]]
