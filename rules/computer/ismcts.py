"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, single observer):
one tree over the searching seat's information set. Each simulation samples a whole state
consistent with what the seat knows (a determinization), walks the tree with UCB1 among the
actions legal in that sample (counting how often each was available), adds one node, plays on with
a cheap policy and scores the end (or a cut-off position) for every seat; each node keeps the
reward of the seat that chose it. Generic over any :class:`~rules.protocol.Game`, or anything that
plays like one (:class:`Rules`: e.g. a game whose search stops at the end of the seat's turn)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from rules.protocol import Action
from rules.rng import Rng

S = TypeVar("S")
A = TypeVar("A", bound=Action)
S_in = TypeVar("S_in", contravariant=True)
A_in = TypeVar("A_in", bound=Action, contravariant=True)


class Rules(Protocol[S_in, A_in]):
    """What the search plays by: a :class:`~rules.protocol.Game`'s engine, or a narrower game of
    its own (the search descends while ``outcome`` is None and someone is to act)."""

    def to_act(self, state: S_in) -> tuple[int, ...]: ...

    def apply(self, state: S_in, seat: int, action: A_in) -> object: ...

    def outcome(self, state: S_in) -> object: ...


@dataclass(frozen=True, slots=True)
class Search(Generic[S, A]):
    """What the search needs of a game besides its engine."""

    sample: Callable[[Rng], S]
    """A fresh state consistent with the searching seat's view (a determinization)."""
    moves: Callable[[S, int], Sequence[A]]
    """The actions worth searching for a seat (e.g. the legal ones but resigning)."""
    playout: Callable[[S, int, Rng], A]
    """A quick decision for the play-out after the tree."""
    value: Callable[[S], Sequence[float]]
    """Every seat's score of a state in [0, 1] (its result once the game is over, else an
    estimate)."""
    simulations: int
    depth: int
    """Decisions at most per simulation, tree and play-out together (then ``value`` estimates)."""
    exploration: float = 0.7
    ties_by_reward: bool = False
    """Among the root's most visited actions, take the one with the best mean reward (with few
    simulations several actions tie), not the first found."""


@dataclass(slots=True)
class _Node:
    mover: int
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[object, _Node] = field(default_factory=dict)
    """By action (the engines' actions are frozen dataclasses: equal and hashable by value)."""


def best_action(game: Rules[S, A], search: Search[S, A], seat: int, rng: Rng) -> A:
    """The action of ``seat`` the search visited most (on a tie the best on average with
    ``search.ties_by_reward``, else the first found: deterministic under ``rng``). The searching
    seat must be to act in every sample."""
    root = _Node(mover=-1)
    actions: dict[object, A] = {}
    for _ in range(max(1, search.simulations)):
        state = search.sample(rng)
        path = _descend(game, search, root, state, rng, actions)
        scores = search.value(state)
        for node in path:
            node.visits += 1
            node.reward += scores[node.mover]
    if not root.children:
        moves = search.moves(search.sample(rng), seat)
        if not moves:
            raise ValueError(f"seat {seat} has nothing to decide")
        return moves[0]
    if search.ties_by_reward:
        key = max(
            root.children, key=lambda k: (root.children[k].visits, root.children[k].reward / root.children[k].visits)
        )
    else:
        key = max(root.children, key=lambda k: root.children[k].visits)
    return actions[key]


def _descend(
    game: Rules[S, A],
    search: Search[S, A],
    root: _Node,
    state: S,
    rng: Rng,
    first: dict[object, A],
) -> list[_Node]:
    """One simulation on ``state`` (changed in place): the nodes it passed; the root's actions
    are recorded in ``first`` (for the answer)."""
    node, path, depth, expanded = root, [], 0, False
    while depth < search.depth and game.outcome(state) is None:
        to_act = game.to_act(state)
        if not to_act:
            break
        actor = to_act[0]
        if expanded:
            game.apply(state, actor, search.playout(state, actor, rng))
            depth += 1
            continue
        moves = search.moves(state, actor)
        if not moves:
            break
        untried = [a for a in moves if a not in node.children]
        for a in moves:
            child = node.children.get(a)
            if child is not None:
                child.available += 1
        if node is root:
            for a in moves:
                first.setdefault(a, a)
        if untried:
            action = untried[rng.below(len(untried))]
            child = node.children[action] = _Node(mover=actor, available=1)
            expanded = True
        else:
            action = max(moves, key=lambda a: _ucb(node.children[a], search.exploration))
            child = node.children[action]
        game.apply(state, actor, action)
        path.append(child)
        node = child
        depth += 1
    return path


def _ucb(node: _Node, c: float) -> float:
    return node.reward / node.visits + c * math.sqrt(math.log(max(node.available, 1)) / node.visits)
