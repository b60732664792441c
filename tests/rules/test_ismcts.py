"""The generic information-set search (rules/computer/ismcts.py), on the tests' toy game "Count":
players add 1–3 in turn, whoever reaches the target wins; ``roll`` adds a number from the state's
hidden generator, which the search does not know and samples afresh in each simulation."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rules.computer.ismcts import Search, best_action
from rules.rng import Rng
from tests.toygame import GAME, Add, CountAction, CountState, Resign


def position(remaining: int, players: int = 2) -> CountState:
    state = GAME.new(players, {"target": 30}, seed=1)
    state.total = 30 - remaining
    return state


def search(state: CountState, simulations: int) -> Search[CountState, CountAction]:
    def sample(rng: Rng) -> CountState:  # what the seat cannot know: the generator's state
        return dataclasses.replace(state, rng=Rng(rng.next64()), rolls=list(state.rolls))

    def moves(st: CountState, seat: int) -> Sequence[CountAction]:
        return [a for a in GAME.legal(st, seat) if not isinstance(a, Resign)]

    def playout(st: CountState, seat: int, rng: Rng) -> CountAction:
        return rng.choice(moves(st, seat))

    def value(st: CountState) -> list[float]:
        return [1.0 if st.winner == s else 0.0 for s in range(st.players)]

    return Search(sample, moves, playout, value, simulations=simulations, depth=40)


def test_it_takes_a_win_at_hand() -> None:
    state = position(3)
    assert best_action(GAME, search(state, 300), state.turn, Rng(5)) == Add(3)


def test_it_leaves_the_opponent_a_lost_position() -> None:
    """Six to go: adding 2 leaves four, from which every move loses (a roll is a gamble)."""
    state = position(6)
    assert best_action(GAME, search(state, 3000), state.turn, Rng(7)) == Add(2)


def test_the_same_seed_gives_the_same_decision_and_another_may_not_matter() -> None:
    state = position(11, players=3)
    first = best_action(GAME, search(state, 400), state.turn, Rng(3))
    assert first == best_action(GAME, search(state, 400), state.turn, Rng(3))
    assert first in GAME.legal(state, state.turn)


def test_a_search_of_one_simulation_still_answers_a_legal_action() -> None:
    state = position(20)
    assert best_action(GAME, search(state, 1), state.turn, Rng(1)) in GAME.legal(state, state.turn)


def test_ties_among_the_most_visited_go_to_the_best_on_average() -> None:
    """Searched one decision deep among the three additions, valued by the total reached, with
    three simulations: each addition is visited once, and with ``ties_by_reward`` the largest is
    taken whatever the seed; the first found, which the seed decides, is not always it."""
    state = position(20)

    def additions(st: CountState, seat: int) -> list[CountAction]:
        return [a for a in GAME.legal(st, seat) if isinstance(a, Add)]

    def value(st: CountState) -> list[float]:
        return [st.total / 30] * st.players

    one_deep = dataclasses.replace(search(state, 3), moves=additions, value=value, depth=1)
    tied = dataclasses.replace(one_deep, ties_by_reward=True)
    assert {best_action(GAME, tied, state.turn, Rng(seed)) for seed in range(12)} == {Add(3)}
    assert {best_action(GAME, one_deep, state.turn, Rng(seed)) for seed in range(12)} != {Add(3)}
