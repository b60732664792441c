"""The Stroganov computer player (issue 46 §2, DESIGN §9): a seat's decision from its view alone.

Every kind of decision (board, turn actions and fees, trophies, songs) comes from the engine's own
:func:`~rules.stroganov.legal.legal`, never resigning. Hidden information is handled by
determinization (:mod:`rules.stroganov.sample`): whole states consistent with the view.

- easy: one sampled state; each decision is tried on a copy and the best by :func:`estimate`
  (with some noise) is taken — greedy, one decision deep;
- normal and hard search the seat's own turn (:func:`search_turn`): an information-set Monte Carlo
  tree search (:mod:`rules.computer.ismcts`, single observer) over the seat's decisions to the end
  of its turn. Each iteration draws a fresh determinization, descends the tree by UCB1 among the
  greedy's best decisions legal there (eight at hard's first decision, three later; three and two
  at normal; ending the turn always among them), adds one decision, lets the greedy finish the
  turn and backs up the seat's lead at its end (:class:`Tree`: 56 iterations at hard with one
  or two players, 50 with three, 44 with four — the think-time budget —; 8 at normal with one or
  two players, 16 with three or four); the first
  decision visited most is taken (of those visited as often, the best on average).

The tree searched the whole game before, two decisions deep, and a one-step greedy beat it (issue
46 §3): two decisions rarely reach past the middle of a turn, whose move and silver actions pay
only later in it (a move that brings the seat to the furs it hunts next), and the tree spent them
on the opponent's reply with one determinization per simulation. A flat plan followed (each of the
greedy's best decisions played on the same few determinizations, the turn finished greedily): the
tree over the own turn, its play-out the same greedy, plays as strongly within the same CPU.

At every level a seat takes at most :data:`FREE_IN_A_ROW` exchanges or bag draws in a row, ending
the turn is valued as the position stands (what follows the end comes after any decision), and the
search compares only the free actions the greedy ranks above ending the turn (:func:`ranked`).

Positions are valued by :func:`estimate` — a cossack's points if the game were scored now (ST-13)
plus what its resources are worth — compared with the best other cossack's (Ivan's in the solo
game): :func:`leads`."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rules.computer import Computer, Level
from rules.computer.ismcts import Search, best_action
from rules.rng import Rng
from rules.stroganov import engine
from rules.stroganov.actions import (
    Action,
    Claim,
    Draw,
    EndTurn,
    Exchange,
    Fulfil,
    Gold,
    Hunt,
    Paid,
    Resign,
    Song,
    Trade,
    Trophy,
)
from rules.stroganov.content import CONTENT
from rules.stroganov.legal import legal
from rules.stroganov.sample import Pools, clone, determinize, pools
from rules.stroganov.state import StroganovState
from rules.stroganov.view import StroganovView

NOISE = 2.0
"""Points of random noise in the easy player's valuation."""
MAX_MOVES = 14
"""Decisions compared at most in one step (the engine lists every fee; see :func:`prune`)."""
FREE_IN_A_ROW = 2
"""Market exchanges and bag draws the computer takes at most in a row (ST-7.2 allows any number).
Without a bound a seat may never end its turn: an exchange for a lower fur costs nothing (with
BROKER one a value higher neither), and the tree search these levels once used, which saw no
further than two decisions, found an exchange better than ending the turn whenever what followed
the end (Ivan's card, the year's end) favoured another cossack — a seat that exchanged back and
forth for ever stalled its game."""
CHURN: Final = frozenset({"exchange", "draw"})
"""The log entries of :data:`FREE_IN_A_ROW`'s free actions."""


def estimate(st: StroganovState, ci: int) -> float:
    """Cossack ``ci``'s points if the game were scored now (ST-13) and what its resources are
    worth; its score once the game is over."""
    c = st.cossacks[ci]
    if st.stage == "finished":
        return float(c.score)
    pts = float(c.score + sum(vp for _, _, vp in engine.final_entries(st, ci)))
    pts += 1.5 * len(c.tiles)  # a tile is worth more than the sets it makes now
    if not c.ivan:
        years_left = max(0, 4 - st.year)
        pts += 0.5 * c.coins + 0.2 * c.horses + 0.4 * len(c.furs) + 0.1 * sum(c.furs)
        pts += c.banners * (0.5 + years_left)
        have = Counter(c.furs)
        for w in c.held:  # a wish is worth more the more of its furs are at hand
            card = CONTENT.wishes[w]
            need = Counter(card.required)
            ready = sum(min(k, have[v]) for v, k in need.items()) / len(card.required)
            pts += card.vp * (0.3 + 0.4 * ready)
    return pts


def leads(st: StroganovState) -> list[float]:
    """Each cossack's :func:`estimate` less the best other's (Ivan's in the solo game); a cossack
    that resigned and left (ST-R.3) is nobody's rival, one played on (ST-R.6) plays as it stood."""
    est = [estimate(st, i) for i in range(st.n)]
    playing = [j for j in range(st.n) if not engine.left(st, j)]
    return [est[i] - max((est[j] for j in playing if j != i), default=0.0) for i in range(st.n)]


def preference(a: Action) -> float:
    """How much an action is preferred by its kind: which decisions :func:`prune` keeps first, and
    a hundredth of a point in the greedy's order (ties)."""
    if isinstance(a, Fulfil):
        return 12.0
    if isinstance(a, Paid):
        return 3.0 if isinstance(a.action, (Claim, Gold)) else 1.2
    if isinstance(a, (Claim, Gold)):
        return 4.0
    if isinstance(a, Trophy):
        return 1.0 if a.pay is None else 4.0
    if isinstance(a, Song):
        return 5.0
    if isinstance(a, Hunt):
        return 2.5
    if isinstance(a, Trade):
        return 0.4
    if isinstance(a, (Exchange, Draw)):
        return 0.15
    return 1.0


def churned(st: StroganovState) -> int:
    """How many exchanges and bag draws the log ends with (the seat to act's, in its turn)."""
    n = 0
    for entry in reversed(st.log):
        if entry["type"] not in CHURN:
            break
        n += 1
    return n


def decisions(st: StroganovState, seat: int) -> list[Action]:
    """The seat's legal decisions but resigning, and but exchanges and bag draws once it took
    :data:`FREE_IN_A_ROW` of them in a row (some other decision is always legal: ending the turn at
    the latest)."""
    found: list[Action] = [a for a in legal(st, seat) if not isinstance(a, Resign)]
    if churned(st) >= FREE_IN_A_ROW:
        return [a for a in found if not isinstance(a, (Exchange, Draw))] or found
    return found


def prune(actions: list[Action], limit: int = MAX_MOVES) -> list[Action]:
    """At most ``limit`` decisions, always one at least: one fee per paid action and a few trades
    first, then the most preferred; the engine's order among equals."""
    if len(actions) <= limit:
        return actions
    seen: set[object] = set()
    trades = 0
    kept: list[Action] = []
    for a in actions:
        if isinstance(a, Paid):
            if a.action in seen:
                continue
            seen.add(a.action)
        if isinstance(a, Trade) or (isinstance(a, Paid) and isinstance(a.action, Trade)):
            trades += 1
            if trades > 2:
                continue
        kept.append(a)
    if len(kept) > limit:
        rank = sorted(range(len(kept)), key=lambda k: (-preference(kept[k]), k))[:limit]
        kept = [kept[k] for k in sorted(rank)]
    ends = [a for a in actions if isinstance(a, EndTurn)]
    if ends and ends[0] not in kept:
        kept.append(ends[0])
    return kept


def greedy_order(st: StroganovState, seat: int, actions: Sequence[Action], rng: Rng, noise: float) -> list[Action]:
    """``actions`` best first by :func:`estimate` after each on a copy of ``st`` (the seat's lead
    over the best other), with up to ``noise`` points of random noise. Ending the turn is valued as
    the position stands: what follows it (Ivan's card, the year's end, the others' turns) comes
    after any decision, and counted against ending alone it would never be worth ending."""
    ci = engine.cossack_of(st, seat)
    scored = []
    for k, a in enumerate(actions):
        after = st
        if not isinstance(a, EndTurn):
            after = clone(st)
            engine.apply(after, seat, a)
        mine = estimate(after, ci)
        best = max((estimate(after, j) for j in range(after.n) if j != ci), default=0.0)
        jitter = noise * (rng.below(1000) / 1000.0) if noise else 0.0
        churn = 0.5 if isinstance(a, (Exchange, Draw)) else 0.0  # free actions repeat: each must pay
        scored.append((-(mine - best + jitter - churn + 0.01 * preference(a)), k))
    return [actions[k] for _, k in sorted(scored)]


TURN_CAP = 12
"""Decisions at most the search plays in a turn after the first (the tree's and the play-out's)."""


def ranked(st: StroganovState, seat: int, limit: int, rng: Rng) -> list[Action]:
    """The seat's decisions best first by the greedy (no noise, at most ``limit`` of them: see
    :func:`prune`), but the exchanges and bag draws it ranks below ending the turn: they gain
    nothing now. A tree search two decisions deep, whose lines that ended the turn met what follows
    the end (Ivan's card, the year's end) and whose lines of free actions did not, put off ending
    with such free actions, up to :data:`FREE_IN_A_ROW` of them every turn."""
    options = decisions(st, seat)
    if len(options) == 1:
        return options
    order = greedy_order(st, seat, prune(options, limit), rng, noise=0.0)
    if EndTurn() not in order:
        return order
    end = order.index(EndTurn())
    return order[: end + 1] + [a for a in order[end + 1 :] if not isinstance(a, (Exchange, Draw))]


@dataclass(frozen=True, slots=True)
class Tree:
    """How much a level searches its turn (:func:`search_turn`); hard's fits the think-time budget
    (issue 46 §3: p95 at most 1 s of CPU a decision) at every player count.

    An iteration costs more the more cossacks there are (every line's play-out values each of them
    after each decision it compares), so hard draws fewer at three and four players: with 56 at
    every count its think time was p50 / p95 / max 237 / 759 / 1283 ms at two players (3,500
    decisions) but 303 / 995 / 1480 ms at four (1,697 decisions; 308 / 977 / 1892 ms in another 8
    games) — at the budget's edge. 44 at four players, about the share of 56 that 800 ms is of
    995, and 50 at three (between the two) leave a margin; the solo game (Ivan is valued too)
    and two players keep 56. Measured with them (bench.computers, 2026-12-07, on a shared
    machine; docs/PERFORMANCE.md): 244 / 791 / 1678 ms at four players (7,054 decisions, 80
    games; 85 % of the points against three greedy in 40), 250 / 780 / 1454 ms at three (980).

    Normal's 8 at four players took 20 % of the points against three easy (20 games, less than a
    fair share); 16 took 45 % (20 games, 2026-12-07), think time p95 178 ms."""

    iterations: tuple[int, int, int, int]
    """Determinizations drawn, one line of the turn played on each, by player count (one to four)."""
    root: int
    """The greedy's best decisions the first decision is chosen among (ending the turn always too)."""
    inner: int
    """The same for each later decision in the tree."""
    limit: int
    """Decisions the greedy ranks at each step (see :func:`prune`)."""

    def simulations(self, view: StroganovView) -> int:
        """The iterations for the view's player count (Ivan is no player)."""
        return self.iterations[sum(c.seat is not None for c in view.cossacks) - 1]


TREE = {
    Level.NORMAL: Tree(iterations=(8, 8, 16, 16), root=3, inner=2, limit=8),
    Level.HARD: Tree(iterations=(56, 56, 50, 44), root=8, inner=3, limit=MAX_MOVES),
}
SCALE = 2.0
"""Points of lead that make a line's reward ``1/(1+e^-1)`` (a line that keeps the lead as it was
scores ½)."""


@dataclass(slots=True)
class Line:
    """One determinization in which the searching seat plays its turn on (:class:`OwnTurn`)."""

    st: StroganovState
    seat: int
    ci: int
    base: float
    """The seat's lead before its decision (in this determinization)."""
    steps: int = 0
    stage: str = ""
    """The stage after the first decision (the line goes on while it and the seat's turn last)."""
    ended: bool = False
    """The seat ended its turn (not applied: ending is valued as the position stands)."""
    cost: float = 0.0
    path: tuple[Action, ...] = ()
    """The decisions taken so far (a node of the tree)."""


class OwnTurn:
    """The game the turn's search plays (:class:`~rules.computer.ismcts.Rules`): the seat's own
    decisions to the end of its turn — after the first one, only while its turn's stage lasts and
    nobody else is to act."""

    def to_act(self, line: Line) -> tuple[int, ...]:
        st = line.st
        if line.ended or st.stage == "finished":
            return ()
        if line.steps == 0:
            return (line.seat,)
        if st.stage != line.stage or st.stage != "turn" or engine.to_act(st) != (line.seat,):
            return ()
        return (line.seat,)

    def apply(self, line: Line, seat: int, action: Action) -> None:
        line.steps += 1
        line.path += (action,)
        if isinstance(action, EndTurn):
            line.ended = True
            return
        engine.apply(line.st, seat, action)
        if line.steps == 1:
            line.stage = line.st.stage
            line.cost = 0.5 if isinstance(action, (Exchange, Draw)) else 0.0  # as greedy_order's churn

    def outcome(self, line: Line) -> object:
        return True if line.st.stage == "finished" else None


def search_turn(view: StroganovView, p: Pools, seat: int, effort: Tree, rng: Rng) -> Action:
    """Information-set Monte Carlo tree search (:mod:`rules.computer.ismcts`) over the seat's own
    decisions to the end of its turn: each iteration draws a determinization of the view, descends
    the tree by UCB1 among the greedy's best decisions there (``effort.root`` at the first,
    ``effort.inner`` later, ending the turn always among them), adds one decision, finishes the
    turn greedily and scores the lead at its end against the lead before; the decision visited most
    is taken."""

    def sample(r: Rng) -> Line:
        st = determinize(view, p, Rng(r.next64()))
        ci = engine.cossack_of(st, seat)
        return Line(st, seat, ci, leads(st)[ci])

    known: dict[tuple[Action, ...], list[Action]] = {}

    def moves(line: Line, actor: int) -> list[Action]:
        top = known.get(line.path)
        if top is None:
            order = ranked(line.st, actor, effort.limit, rng)
            top = known[line.path] = order[: effort.root if line.steps == 0 else effort.inner]
            if EndTurn() in order and EndTurn() not in top:
                top.append(EndTurn())
            return top
        if line.steps == 0:  # what the seat may do is what its view shows
            return top
        legal_here = set(decisions(line.st, actor))  # a bag draw or a tile drawn may change it
        return [a for a in top if a in legal_here] or ranked(line.st, actor, effort.limit, rng)[:1]

    def playout(line: Line, actor: int, r: Rng) -> Action:
        return ranked(line.st, actor, effort.limit, r)[0]  # the greedy finishes the turn

    def value(line: Line) -> list[float]:
        gain = leads(line.st)[line.ci] - line.cost - line.base
        return [1.0 / (1.0 + math.exp(-gain / SCALE))] * (line.seat + 1)  # only the seat moves

    search = Search(
        sample, moves, playout, value, simulations=effort.simulations(view), depth=TURN_CAP + 1, ties_by_reward=True
    )
    return best_action(OwnTurn(), search, seat, rng)


class StroganovComputer:
    """:class:`~rules.computer.Computer` for Stroganov."""

    def decide(self, view: StroganovView, seat: int, level: Level, seed: int) -> Action:
        if seat not in view.to_act:
            raise ValueError(f"seat {seat} is not to act")
        rng = Rng(seed)
        p = pools(view)
        first = determinize(view, p, Rng(rng.next64()))
        options = decisions(first, seat)
        if not options:
            raise ValueError(f"seat {seat} has nothing to decide")
        if len(options) == 1:
            return options[0]
        if level == Level.EASY:
            return greedy_order(first, seat, prune(options), rng, noise=NOISE)[0]
        return search_turn(view, p, seat, TREE[level], rng)


COMPUTER: Computer[StroganovView, Action] = StroganovComputer()
