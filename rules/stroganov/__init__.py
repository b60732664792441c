"""Stroganov for 1–4 players (rules/stroganov.md, rule IDs ST-x.y); one player plays against Ivan."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules import protocol
from rules.protocol import Ending, Game, Json, JsonObject, OptionValue, Outcome
from rules.stroganov import engine
from rules.stroganov.actions import Action, parse_action
from rules.stroganov.events import Event, typed
from rules.stroganov.legal import legal
from rules.stroganov.state import StroganovState, dump, load
from rules.stroganov.view import StroganovView, view


class Stroganov(Game[StroganovState, Action]):
    """The engine object the registry, the store and the bot use (DESIGN §3)."""

    name = "stroganov"
    min_players = 1
    max_players = 4
    options = engine.OPTIONS

    def new(self, players: int, options: Mapping[str, OptionValue] | None, seed: int) -> StroganovState:
        return engine.new(players, options, seed)

    def to_act(self, state: StroganovState) -> tuple[int, ...]:
        return engine.to_act(state)

    def resigned(self, state: StroganovState) -> tuple[int, ...]:
        return tuple(state.resigned)

    def legal(self, state: StroganovState, seat: int) -> list[Action]:
        return legal(state, seat)

    def apply(self, state: StroganovState, seat: int, action: Action) -> list[Event]:
        return engine.apply(state, seat, action)

    def view(self, state: StroganovState, seat: int | None) -> StroganovView:
        return view(state, seat)

    def outcome(self, state: StroganovState) -> Outcome | None:
        r = state.result
        if state.stage != "finished" or r is None:
            return None
        winners = engine.outcome_winners(state)
        ending = Ending.RESIGNED if r.get("reason") == "resign" else Ending.NORMAL  # final scoring, Ivan's too
        by_seat = sorted((c.seat, r["scores"][i]) for i, c in enumerate(state.cossacks) if c.seat is not None)
        ivan = [r["scores"][i] for i, c in enumerate(state.cossacks) if c.ivan]
        return Outcome(winners, ending, scores=tuple(s for _, s in by_seat), automa_score=ivan[0] if ivan else None)

    def parse_action(self, text: str, state: StroganovState | None = None) -> Action:
        return parse_action(text)

    def hidden(self, state: StroganovState) -> object:
        return engine.hidden(state)

    def can_take_back(
        self, hidden_before: object, action: Action, after: StroganovState, events: Sequence[protocol.Event]
    ) -> bool:
        return engine.can_take_back(hidden_before, action, after, typed(events))

    def dump(self, state: StroganovState) -> JsonObject:
        return dump(state)

    def load(self, data: Mapping[str, Json]) -> StroganovState:
        return load(data)


GAME = Stroganov()

__all__ = ["GAME", "Action", "Event", "Stroganov", "StroganovState", "StroganovView"]
