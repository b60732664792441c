"""Stratego with the classic and Barrage armies and the tournament variants (rules/stratego.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules import protocol
from rules.protocol import Ending, Game, Json, JsonObject, OptionValue, Outcome
from rules.stratego import engine
from rules.stratego.actions import Action, parse_action
from rules.stratego.board import RED
from rules.stratego.events import Event, typed
from rules.stratego.state import StrategoState, dump, load
from rules.stratego.view import StrategoView, view

ENDINGS: Mapping[str, Ending] = {
    "flag": Ending.NORMAL,
    "no_moves": Ending.NO_MOVES,
    "both_immobile": Ending.NO_MOVES,
    "move_limit": Ending.MOVE_LIMIT,
    "agreed_draw": Ending.AGREED_DRAW,
    "resign": Ending.RESIGNED,
}
"""The state's SG-6.5 reason (also in the ``over`` event) as the protocol's ending."""


class Stratego(Game[StrategoState, Action]):
    """The engine object the registry, the store and the bot use (DESIGN §3)."""

    name = "stratego"
    min_players = 2
    max_players = 2
    options = engine.OPTIONS

    def new(self, players: int, options: Mapping[str, OptionValue] | None, seed: int) -> StrategoState:
        return engine.new(players, options, seed)

    def to_act(self, state: StrategoState) -> tuple[int, ...]:
        return engine.to_act(state)

    def resigned(self, state: StrategoState) -> tuple[int, ...]:
        return ()  # a resignation ends a two-player game

    def legal(self, state: StrategoState, seat: int) -> list[Action]:
        return engine.legal(state, seat)

    def apply(self, state: StrategoState, seat: int, action: Action) -> list[Event]:
        return engine.apply(state, seat, action)

    def view(self, state: StrategoState, seat: int | None) -> StrategoView:
        return view(state, seat)

    def outcome(self, state: StrategoState) -> Outcome | None:
        if state.phase != "over":
            return None
        ending = ENDINGS[state.reason]
        if state.winner < 0:
            return Outcome((), ending, draw=True)
        return Outcome((state.seat_of(state.winner),), ending)

    def parse_action(self, text: str, state: StrategoState | None = None) -> Action:
        """``state`` supplies the army for setup codes (Barrage counts differ)."""
        return parse_action(text, state.army if state is not None else "classic")

    def hidden(self, state: StrategoState) -> object:
        return engine.hidden(state)

    def can_take_back(
        self, hidden_before: object, action: Action, after: StrategoState, events: Sequence[protocol.Event]
    ) -> bool:
        return engine.can_take_back(hidden_before, action, after, typed(events))

    def dump(self, state: StrategoState) -> JsonObject:
        return dump(state)

    def load(self, data: Mapping[str, Json]) -> StrategoState:
        return load(data)


GAME = Stratego()

__all__ = ["GAME", "RED", "Action", "Event", "Stratego", "StrategoState", "StrategoView"]
