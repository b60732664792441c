"""Typed rule errors: a machine-readable code and parameters, never user-facing words.

The Discord layer (cogs/) turns ``code`` + ``params`` into plain sentences in the player's
language; engines only say *which* rule was broken and with what values.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """Base of every error an engine raises for a bad action."""

    kind = "rule"

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params: dict[str, Any] = params

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.kind}:{self.code}({args})"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and self.code == other.code
            and self.params == other.params
        )

    __hash__ = Exception.__hash__


class NotYourTurn(RuleError):
    """The seat may not act now (another player must decide first)."""

    kind = "not_your_turn"


class IllegalAction(RuleError):
    """The action is well-formed but breaks a rule; ``code`` names the rule."""

    kind = "illegal"


class BadNotation(RuleError):
    """The text could not be read as an action or setup."""

    kind = "bad_notation"


class WrongPhase(RuleError):
    """The action belongs to another phase of the game (e.g. a move during setup)."""

    kind = "wrong_phase"


class GameOver(RuleError):
    """The game has ended; nothing more can be applied."""

    kind = "game_over"


class BadOptions(RuleError):
    """Game options out of range or unknown, or an unsupported number of players."""

    kind = "bad_options"
