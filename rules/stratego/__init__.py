"""Stratego with the classic and Barrage armies and the tournament variants (rules/stratego.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.protocol import Outcome
from rules.stratego import engine
from rules.stratego.actions import Action, parse_action
from rules.stratego.board import RED
from rules.stratego.state import StrategoState, dump, load
from rules.stratego.view import StrategoView, view


class Stratego:
    """The engine object the registry, the store and the bot use (DESIGN §3)."""

    name = "stratego"
    min_players = 2
    max_players = 2
    options = engine.OPTIONS

    def new(self, players: int, options: Mapping[str, Any] | None, seed: int) -> StrategoState:
        return engine.new(players, options, seed)

    def to_act(self, state: StrategoState) -> tuple[int, ...]:
        return engine.to_act(state)

    def legal(self, state: StrategoState, seat: int) -> list[Action]:
        return engine.legal(state, seat)

    def apply(self, state: StrategoState, seat: int, action: Action) -> list[dict[str, Any]]:
        return engine.apply(state, seat, action)

    def view(self, state: StrategoState, seat: int | None) -> StrategoView:
        return view(state, seat)

    def outcome(self, state: StrategoState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.winner < 0:
            return Outcome((), state.reason, draw=True)
        return Outcome((state.seat_of(state.winner),), state.reason)

    def parse_action(self, text: str, state: StrategoState | None = None) -> Action:
        """``state`` supplies the army for setup codes (Barrage counts differ)."""
        return parse_action(text, state.army if state is not None else "classic")

    def dump(self, state: StrategoState) -> dict[str, Any]:
        return dump(state)

    def load(self, data: Mapping[str, Any]) -> StrategoState:
        return load(data)


GAME = Stratego()

__all__ = ["GAME", "RED", "Stratego", "StrategoState", "StrategoView"]
