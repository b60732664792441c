"""The shape every game engine has (DESIGN §3).

A game is a module-level object satisfying :class:`Game`. States are plain mutable objects owned
by the engine; ``apply`` validates completely before it changes anything, so a raised
:class:`~rules.errors.RuleError` always leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from rules.errors import BadOptions

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. ``winners`` are seats; empty with ``draw`` for a draw or
    for a game that was cancelled outside the rules (the store records that, not the engine).

    ``scores``, when given, has one score per seat, in seat order. A solo game against an automa
    gives the automa's score in ``automa_score`` (``None`` in every other game); when the automa
    wins, ``winners`` is empty, ``draw`` is false and ``reason`` is ``"automa_wins"``."""

    winners: tuple[int, ...]
    reason: str
    draw: bool = False
    scores: tuple[int, ...] | None = None
    automa_score: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "winners": list(self.winners),
            "reason": self.reason,
            "draw": self.draw,
            "scores": list(self.scores) if self.scores is not None else None,
        }
        if self.automa_score is not None:  # absent otherwise, as in JSON stored before the field
            data["automa_score"] = self.automa_score
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        scores = data.get("scores")
        return cls(
            winners=tuple(data["winners"]),
            reason=data["reason"],
            draw=bool(data.get("draw", False)),
            scores=tuple(scores) if scores is not None else None,
            automa_score=data.get("automa_score"),
        )


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: a bool, an int in a range, or one of a closed set of choices."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
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


def resolve_options(spec: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every value validated; unknown names are an error, not ignored."""
    given = dict(given or {})
    known = {o.name: o for o in spec}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise BadOptions("unknown_option", options=unknown)
    return {o.name: o.check(given.get(o.name, o.default)) for o in spec}


class Action(Protocol):
    def notation(self) -> str: ...


class Game(Protocol[S]):
    """What the store, the renderers and the Discord layer may rely on."""

    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]

    def new(self, players: int, options: Mapping[str, Any] | None, seed: int) -> S: ...

    def to_act(self, state: S) -> tuple[int, ...]: ...

    def legal(self, state: S, seat: int) -> list[Any]: ...

    def apply(self, state: S, seat: int, action: Any) -> list[dict[str, Any]]: ...

    def view(self, state: S, seat: int | None) -> Any: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def parse_action(self, text: str, state: S | None = None) -> Any:
        """Read an action's notation; ``state`` gives context some notations need (e.g. which
        army a Stratego setup code is for). Engines that need none ignore it."""
        ...

    def dump(self, state: S) -> dict[str, Any]: ...

    def load(self, data: Mapping[str, Any]) -> S: ...
