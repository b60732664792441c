"""Shitenno for 2–4 players (rules/shitenno.md, rule IDs SH-x.y)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules import protocol
from rules.protocol import Ending, Game, Json, JsonObject, OptionValue, Outcome
from rules.shitenno import engine
from rules.shitenno.actions import Action, ConquerKoku, ConquerTroops, parse_action
from rules.shitenno.events import Event, typed
from rules.shitenno.state import ShitennoState, dump, load
from rules.shitenno.view import ShitennoView, view


class Shitenno(Game[ShitennoState, Action]):
    """The engine object the registry, the store and the bot use (DESIGN §3)."""

    name = "shitenno"
    min_players = 2
    max_players = 4
    options = engine.OPTIONS

    def new(self, players: int, options: Mapping[str, OptionValue] | None, seed: int) -> ShitennoState:
        return engine.new(players, options, seed)

    def to_act(self, state: ShitennoState) -> tuple[int, ...]:
        return engine.to_act(state)

    def resigned(self, state: ShitennoState) -> tuple[int, ...]:
        return tuple(state.resigned)

    def legal(self, state: ShitennoState, seat: int) -> list[Action]:
        return engine.legal(state, seat)

    def apply(self, state: ShitennoState, seat: int, action: Action) -> list[Event]:
        return engine.apply(state, seat, action)

    def conquest_payments(self, state: ShitennoState, seat: int, province: str) -> list[ConquerTroops | ConquerKoku]:
        """Every distinct legal conquest of ``province`` by ``seat`` now (complete, unlike the
        capped list in :meth:`legal`); see :func:`rules.shitenno.engine.conquest_payments`."""
        return engine.conquest_payments(state, seat, province)

    def view(self, state: ShitennoState, seat: int | None) -> ShitennoView:
        return view(state, seat)

    def outcome(self, state: ShitennoState) -> Outcome | None:
        r = state.result
        if state.phase != "finished" or r is None:
            return None
        ending = Ending.RESIGNED if r.get("reason") == "resign" else Ending.NORMAL  # else final scoring
        return Outcome(tuple(r["winners"]), ending, scores=tuple(r["scores"]))

    def parse_action(self, text: str, state: ShitennoState | None = None) -> Action:
        return parse_action(text)

    def hidden(self, state: ShitennoState) -> object:
        return engine.hidden(state)

    def can_take_back(
        self, hidden_before: object, action: Action, after: ShitennoState, events: Sequence[protocol.Event]
    ) -> bool:
        return engine.can_take_back(hidden_before, action, after, typed(events))

    def dump(self, state: ShitennoState) -> JsonObject:
        return dump(state)

    def load(self, data: Mapping[str, Json]) -> ShitennoState:
        return load(data)


GAME = Shitenno()

__all__ = ["GAME", "Action", "Event", "Shitenno", "ShitennoState", "ShitennoView"]
