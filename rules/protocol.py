"""The shape every game engine has (DESIGN §3).

A game is a module-level object satisfying :class:`Game`. States are plain mutable objects owned
by the engine; ``apply`` validates completely before it changes anything, so a raised
:class:`~rules.errors.RuleError` always leaves the state as it was.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeAlias, TypeVar, cast

from rules.errors import BadOptions

Json: TypeAlias = "bool | int | str | list[Json] | dict[str, Json] | None"
"""A value as the store writes and reads it (``db/json_text.py``): text, integers, booleans, None,
and lists and text-keyed dicts of those (no floats)."""
JsonObject: TypeAlias = dict[str, "Json"]
"""A JSON object: a state's dump, an event."""
Event: TypeAlias = Mapping[str, object]
"""One event as any game's reader holds it (DESIGN §3: events as data): ``{"type": <snake_case>,
...params}`` with JSON values, which the store logs and reads back. Each game types its own
(``rules.<game>.events.Event``: one ``TypedDict`` per type, their union) and its UI reads them
through its own type (``rules.<game>.events.typed``); what knows no game passes them on unread."""
OptionValue: TypeAlias = bool | int | str
"""The value of a game option (:class:`Option`)."""

E = TypeVar("E")


class EventReader(Generic[E]):
    """How a game reads events back (from the store's log, a change being told) as its own typed
    events ``E`` (``rules.<game>.events.typed``): each one's type must be one its engine emits — a
    log of another game is a bug, never read as this one. Their params are trusted to be as the
    engine made them: the one place an event is cast."""

    def __init__(self, game: str, types: frozenset[str]) -> None:
        self.game = game
        self.types = types

    def __call__(self, events: Iterable[Event]) -> list[E]:
        out = list(events)
        for event in out:
            if event.get("type") not in self.types:
                raise ValueError(f"not a {self.game} event: {event!r}")
        return cast("list[E]", out)


class Ending(enum.StrEnum):
    """How a game ended: the one typed value behaviour (wording, the table's result line,
    statistics) may depend on; the engines' own finer reasons stay inside their states and events.

    - ``normal``: by the rules — Stratego's flag captured, final scoring in Shitenno and Stroganov
      (an automa's win too: no winners, not a draw, ``automa_score`` set; see
      :attr:`Outcome.automa_won`);
    - ``resigned``: a resignation decided it (2 players: the other wins; 3–4: the last one left);
    - ``timeout``: a win claimed on time by the other players (the table, not the engine);
    - ``agreed_draw``: the players agreed to a draw;
    - ``no_moves``: a player had no legal move left (Stratego SG-6.5: a win for the other side,
      or a draw when neither side can move — ``draw`` tells which);
    - ``move_limit``: a draw because nothing decisive happened for too long (Stratego's move limit);
    - ``cancelled`` / ``expired``: no result — cancelled by the players, or a lobby nobody started
      (their games have the store statuses of the same names).

    No separate detail code is kept: ``ending`` with ``draw`` and ``winners`` tells every case the
    UIs word differently (flag vs no movable piece, Ivan's win vs a player's).
    """

    NORMAL = "normal"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"
    AGREED_DRAW = "agreed_draw"
    NO_MOVES = "no_moves"
    MOVE_LIMIT = "move_limit"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


LEGACY_REASONS: Mapping[str, Ending] = MappingProxyType(
    {
        "flag": Ending.NORMAL,
        "final_scoring": Ending.NORMAL,
        "automa_wins": Ending.NORMAL,
        "target_reached": Ending.NORMAL,
        "resign": Ending.RESIGNED,
        "resigned": Ending.RESIGNED,
        "timeout": Ending.TIMEOUT,
        "agreed_draw": Ending.AGREED_DRAW,
        "no_moves": Ending.NO_MOVES,
        "both_immobile": Ending.NO_MOVES,
        "move_limit": Ending.MOVE_LIMIT,
        "cancelled": Ending.CANCELLED,
        "expired": Ending.EXPIRED,
    }
)
"""The free-text ``reason`` of outcomes stored before :class:`Ending` (issue 18), by ending."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. ``winners`` are seats; empty with ``draw`` for a draw, and empty
    without it for a game cancelled or expired outside the rules (the store's status says which)
    or won by an automa. ``ending`` names how it ended (:class:`Ending`).

    ``scores``, when given, has one score per seat, in seat order. A solo game against an automa
    gives the automa's score in ``automa_score`` (``None`` in every other game); when the automa
    wins, ``winners`` is empty and ``draw`` is false (:attr:`automa_won`)."""

    winners: tuple[int, ...]
    ending: Ending
    draw: bool = False
    scores: tuple[int, ...] | None = None
    automa_score: int | None = None

    @property
    def automa_won(self) -> bool:
        """A solo game the automa won (by the rules or after its player resigned)."""
        return not self.winners and not self.draw and self.automa_score is not None

    def to_json(self) -> JsonObject:
        data: JsonObject = {
            "winners": list(self.winners),
            "ending": self.ending.value,
            "draw": self.draw,
            "scores": list(self.scores) if self.scores is not None else None,
        }
        if self.automa_score is not None:  # absent otherwise, as in JSON stored before the field
            data["automa_score"] = self.automa_score
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """Read :meth:`to_json`'s output, or an outcome stored before :class:`Ending` with only a
        ``reason`` (mapped by :data:`LEGACY_REASONS`; a reason no code ever wrote reads as
        ``normal``, since a game that ended must stay readable)."""
        scores = data.get("scores")
        if "ending" in data:
            ending = Ending(data["ending"])
        else:
            ending = LEGACY_REASONS.get(str(data.get("reason")), Ending.NORMAL)
        return cls(
            winners=tuple(data["winners"]),
            ending=ending,
            draw=bool(data.get("draw", False)),
            scores=tuple(scores) if scores is not None else None,
            automa_score=data.get("automa_score"),
        )


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: a bool, an int in a range, or one of a closed set of choices."""

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise BadOptions("option_type", option=self.name, expected="bool", value=value)
            return value
        if self.choices is not None:
            if value not in self.choices:
                raise BadOptions("option_choice", option=self.name, value=value, choices=list(self.choices))
            return value
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise BadOptions("option_type", option=self.name, expected="int", value=value)
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise BadOptions(
                    "option_range", option=self.name, value=value, minimum=self.minimum, maximum=self.maximum
                )
            return value
        return value


PLAY_ON_OPTION = "resigned_play_on"
"""The option (a bool) of an engine whose resigned seats may play on instead of leaving the game
(Shitenno SH-R.6): the table sets it where it hands such a seat to a computer (issue 46 §1), and
the store then hands every resigned seat of a running game to the table."""


def plays_on(options: Mapping[str, object]) -> bool:
    """Whether a game of ``options`` plays its resigned seats on (:data:`PLAY_ON_OPTION`)."""
    return options.get(PLAY_ON_OPTION) is True


def resolve_options(spec: Sequence[Option], given: Mapping[str, object] | None) -> dict[str, Any]:
    """Defaults filled in, every value validated; unknown names are an error, not ignored. Each
    value is of its option's type (its default's), which the engine reading it by name knows."""
    given = dict(given or {})
    known = {o.name: o for o in spec}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise BadOptions("unknown_option", options=unknown)
    return {o.name: o.check(given.get(o.name, o.default)) for o in spec}


class Action(Protocol):
    """What every engine's action is: it has a notation (the text the log keeps and replays)."""

    def notation(self) -> str: ...


S = TypeVar("S")
"""An engine's state type (``StrategoState``, ...)."""
A = TypeVar("A", bound=Action)
"""An engine's action type: the union of its action classes (``rules.stratego.actions.Action``, ...)."""


class Game(Protocol[S, A]):
    """What the store, the renderers and the Discord layer may rely on: an engine of states ``S``
    and actions ``A``. Each engine declares it with its own (``class Stratego(Game[StrategoState,
    Action])``); what holds any engine at all (the store, the registry) says :data:`AnyGame`."""

    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]

    def new(self, players: int, options: Mapping[str, OptionValue] | None, seed: int) -> S: ...

    def to_act(self, state: S) -> tuple[int, ...]: ...

    def resigned(self, state: S) -> tuple[int, ...]:
        """Seats whose players resigned and dropped out while the others play on (3–4 players);
        they take no decision and decide nothing about a late player. Ascending."""
        ...

    def legal(self, state: S, seat: int) -> list[A]: ...

    def apply(self, state: S, seat: int, action: A) -> Sequence[Event]: ...

    def view(self, state: S, seat: int | None) -> object:
        """What ``seat`` (``None``: anyone) may see of ``state``: the engine's own view type, which
        only the game's own UI and renderer read."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...

    def parse_action(self, text: str, state: S | None = None) -> A:
        """Read an action's notation; ``state`` gives context some notations need (e.g. which
        army a Stratego setup code is for). Engines that need none ignore it."""
        ...

    def hidden(self, state: S) -> object:
        """What no seat may know of ``state`` (hands, decks, the stacks, the seeded generator), as
        a value to compare: a decision that leaves it as it was showed nobody anything hidden."""
        ...

    def can_take_back(self, hidden_before: object, action: A, after: S, events: Sequence[Event]) -> bool:
        """Whether the decision ``action`` that turned a state whose :meth:`hidden` was
        ``hidden_before`` into ``after`` (with ``events``) may be taken back by the players'
        agreement (issue 20 §3): never when it showed anyone something hidden — a battle, a drawn
        card, a card paid from or put into a secret hand, a turned stack card, a roll of the seeded
        generator — nor a resignation. Pure; the table checks the rest (whose decision it was,
        that nobody acted since, that the game runs). The state before is not needed: the store
        asks at every commit (issue 44 §4: the Take back button) and keeps no copy of it."""
        ...

    def dump(self, state: S) -> JsonObject: ...

    def load(self, data: Mapping[str, Json]) -> S: ...


AnyGame: TypeAlias = Game[Any, Any]
"""An engine of any game: what the store, the registry (``cogs.games``), replays and the benches
hold, knowing no game's state or action types (they pass states and actions back to the engine
they came from)."""
