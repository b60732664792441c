"""A tiny engine for testing the store without depending on a real game (DESIGN §3 protocol).

"Count": 2–4 players take turns adding to a shared total; whoever brings it to ``target`` or beyond
wins. A turn is ``+k`` (add ``k``, 1 ≤ k ≤ ``max_step``) or ``roll`` (add a number drawn from the
state's seeded :class:`rules.rng.Rng`), so replay is only right if the generator is replayed too.
It raises the typed rule errors the way a real engine does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from rules.errors import BadNotation, BadOptions, GameOver, IllegalAction, NotYourTurn
from rules.protocol import AnyGame, Ending, Event, Game, JsonObject, Option, OptionValue, Outcome, resolve_options
from rules.rng import Rng

DUMP_VERSION = 1


@dataclass(frozen=True, slots=True)
class Add:
    amount: int

    def notation(self) -> str:
        return f"+{self.amount}"


@dataclass(frozen=True, slots=True)
class Roll:
    def notation(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Resign:
    """Two players: the other wins. Three or four: the seat is out and its turns are skipped;
    the last seat left wins."""

    def notation(self) -> str:
        return "resign"


CountAction: TypeAlias = Add | Roll | Resign

CountEvent: TypeAlias = Event
"""``added`` (``seat``, ``amount``), ``won`` (``seat``) or ``resigned`` (``seat``)."""


@dataclass(slots=True)
class CountState:
    players: int
    target: int
    max_step: int
    total: int
    turn: int
    rng: Rng
    rolls: list[int]
    winner: int | None = None
    resigned: list[int] | None = None
    reason: str = "target_reached"

    def out(self) -> list[int]:
        return self.resigned or []


_ADD = re.compile(r"^\+(\d{1,6})$")


class CountGame(Game[CountState, CountAction]):
    """The engine object; one instance, like a game module."""

    name = "count"
    min_players = 2
    max_players = 4
    options: tuple[Option, ...] = (
        Option("target", 21, minimum=2, maximum=10**12),
        Option("max_step", 3, minimum=1, maximum=9),
    )

    def new(self, players: int, options: Mapping[str, OptionValue] | None, seed: int) -> CountState:
        opts = resolve_options(self.options, options)
        if not self.min_players <= players <= self.max_players:
            raise BadOptions("player_count", players=players, minimum=2, maximum=4)
        rng = Rng(seed)
        return CountState(players, opts["target"], opts["max_step"], 0, rng.below(players), rng, [])

    def to_act(self, state: CountState) -> tuple[int, ...]:
        return () if state.winner is not None else (state.turn,)

    def resigned(self, state: CountState) -> tuple[int, ...]:
        return tuple(sorted(state.out()))

    def legal(self, state: CountState, seat: int) -> list[CountAction]:
        if state.winner is not None or seat != state.turn:
            return []
        adds: list[CountAction] = [Add(k) for k in range(1, state.max_step + 1)]
        return [*adds, Roll()]

    def apply(self, state: CountState, seat: int, action: CountAction) -> list[CountEvent]:
        if state.winner is not None:
            raise GameOver("finished")
        if isinstance(action, Resign):
            return self._resign(state, seat)
        if seat != state.turn:
            raise NotYourTurn("not_your_turn", seat=seat, turn=state.turn)
        if isinstance(action, Add):
            if not 1 <= action.amount <= state.max_step:
                raise IllegalAction("step_range", amount=action.amount, maximum=state.max_step)
            amount = action.amount
        elif isinstance(action, Roll):
            amount = state.rng.below(state.max_step) + 1
            state.rolls.append(amount)
        else:
            raise IllegalAction("unknown_action", action=repr(action))
        state.total += amount
        events: list[CountEvent] = [{"type": "added", "seat": seat, "amount": amount}]
        if state.total >= state.target:
            state.winner = seat
            events.append({"type": "won", "seat": seat})
        else:
            state.turn = self._next(state, state.turn)
        return events

    def _next(self, state: CountState, seat: int) -> int:
        nxt = (seat + 1) % state.players
        while nxt in state.out():
            nxt = (nxt + 1) % state.players
        return nxt

    def _resign(self, state: CountState, seat: int) -> list[CountEvent]:
        if not 0 <= seat < state.players:
            raise NotYourTurn("not_a_player", seat=seat)
        if seat in state.out():
            raise NotYourTurn("resigned", seat=seat)
        state.resigned = [*state.out(), seat]
        events: list[CountEvent] = [{"type": "resigned", "seat": seat}]
        left = [s for s in range(state.players) if s not in state.out()]
        if len(left) == 1:
            state.winner, state.reason = left[0], "resign"
            events.append({"type": "won", "seat": left[0]})
        elif state.turn == seat:
            state.turn = self._next(state, seat)
        return events

    def view(self, state: CountState, seat: int | None) -> dict[str, int | None]:
        return {"total": state.total, "target": state.target, "turn": state.turn, "winner": state.winner}

    def outcome(self, state: CountState) -> Outcome | None:
        if state.winner is None:
            return None
        ending = Ending.RESIGNED if state.reason == "resign" else Ending.NORMAL
        return Outcome(winners=(state.winner,), ending=ending)

    def parse_action(self, text: str, state: CountState | None = None) -> CountAction:
        text = text.strip().lower()
        if text == "roll":
            return Roll()
        if text == "resign":
            return Resign()
        match = _ADD.match(text)
        if match is None:
            raise BadNotation("count_action", text=text)
        return Add(int(match.group(1)))

    def hidden(self, state: CountState) -> object:
        return None

    def can_take_back(
        self, hidden_before: object, action: CountAction, after: CountState, events: Sequence[CountEvent]
    ) -> bool:
        """An addition can be taken back; a roll drew from the generator and a resignation is final."""
        return isinstance(action, Add) and after.winner is None

    def dump(self, state: CountState) -> JsonObject:
        return {
            "v": DUMP_VERSION,
            "players": state.players,
            "target": state.target,
            "max_step": state.max_step,
            "total": state.total,
            "turn": state.turn,
            "rng": state.rng.state,
            "rolls": list(state.rolls),
            "winner": state.winner,
            **({"resigned": list(state.resigned), "reason": state.reason} if state.resigned else {}),
        }

    def load(self, data: Mapping[str, Any]) -> CountState:
        if data.get("v") != DUMP_VERSION:
            raise ValueError(f"unsupported count state version {data.get('v')!r}")
        return CountState(
            data["players"],
            data["target"],
            data["max_step"],
            data["total"],
            data["turn"],
            Rng(data["rng"]),
            list(data["rolls"]),
            data["winner"],
            list(data["resigned"]) if "resigned" in data else None,
            data.get("reason", "target_reached"),
        )


GAME = CountGame()
GAMES: dict[str, AnyGame] = {GAME.name: GAME}


class StateAwareCountGame(CountGame):
    """Like Stratego's parser (Barrage setup codes need the army), this one cannot read an action
    without the state it applies to; the store must hand it the state on append and on replay."""

    def parse_action(self, text: str, state: CountState | None = None) -> CountAction:
        if state is None:
            raise BadNotation("needs_state", text=text)
        return super().parse_action(text, state)
