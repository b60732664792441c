"""The Stroganov computer player (issue 46 §2, DESIGN §9): a seat's decision from its view alone.

Every kind of decision (board, turn actions and fees, trophies, songs) comes from the engine's own
:func:`~rules.stroganov.legal.legal`, never resigning. Hidden information is handled by
determinization (:mod:`rules.stroganov.sample`): whole states consistent with the view.

- easy: one sampled state; each decision is tried on a copy and the best by :func:`estimate`
  (with some noise) is taken — greedy, one decision deep;
- normal and hard plan the seat's turn (:func:`plan`): each of the greedy's best decisions (three
  at normal, eight at hard, ending the turn always among them) is played on two (hard: six)
  determinizations and the seat's turn finished greedily on each (:func:`finish_turn`), and the
  decision whose turns end with the highest lead on average is taken.

A one-step greedy on the same estimate beat the information-set tree search these levels used
before (:mod:`rules.computer.ismcts`, two decisions deep, issue 46 §3): two decisions rarely reach
past the middle of a turn, whose move and silver actions pay only later in it (a move that brings
the seat to the furs it hunts next), and the tree spent them on the opponent's reply with one
determinization per simulation. Planning the own turn to its end, on the same determinizations
for every decision, is what the greedy lacks.

At every level a seat takes at most :data:`FREE_IN_A_ROW` exchanges or bag draws in a row, ending
the turn is valued as the position stands (what follows the end comes after any decision), and the
plan compares only the free actions the greedy ranks above ending the turn
(:func:`worth_searching`).

Positions are valued by :func:`estimate` — a cossack's points if the game were scored now (ST-13)
plus what its resources are worth — compared with the best other cossack's (Ivan's in the solo
game): :func:`leads`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rules.computer import Computer, Level
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


def worth_searching(st: StroganovState, seat: int, actions: list[Action], rng: Rng) -> list[Action]:
    """``actions`` but the exchanges and bag draws the greedy (no noise) ranks below ending the
    turn: they gain nothing now. A tree search two decisions deep, whose lines that ended the turn
    met what follows the end (Ivan's card, the year's end) and whose lines of free actions did
    not, put off ending with such free actions, up to :data:`FREE_IN_A_ROW` of them every turn;
    the plan compares only the others too."""
    if EndTurn() not in actions or not any(isinstance(a, (Exchange, Draw)) for a in actions):
        return actions
    order = greedy_order(st, seat, actions, rng, noise=0.0)
    worse = {a for a in order[order.index(EndTurn()) :] if isinstance(a, (Exchange, Draw))}
    return [a for a in actions if a not in worse]


@dataclass(frozen=True, slots=True)
class Plan:
    """How much a level plans (:func:`plan`); hard's fits the think-time budget (issue 46 §3: p95
    at most 1 s of CPU a decision)."""

    width: int
    """The decisions compared (the greedy's best, ending the turn always among them)."""
    samples: int
    """Determinizations each decision is played on to the end of the seat's turn."""
    limit: int
    """Decisions searched at each step of the finishing greedy (see :func:`prune`)."""


PLAN = {
    Level.NORMAL: Plan(width=3, samples=2, limit=8),
    Level.HARD: Plan(width=8, samples=6, limit=MAX_MOVES),
}
TURN_CAP = 12
"""Decisions at most the finishing greedy takes in a turn."""


def finish_turn(st: StroganovState, seat: int, rng: Rng, limit: int) -> None:
    """Play ``seat``'s own turn on to its end greedily (no noise) in ``st``: stops when the seat
    would end its turn (not applied: ending is valued as the position stands), or someone else is
    to act, or the stage moves on."""
    stage = st.stage
    for _ in range(TURN_CAP):
        if st.stage != stage or st.stage not in ("turn",) or engine.to_act(st) != (seat,):
            return
        options = decisions(st, seat)
        if not options:
            return
        best = options[0] if len(options) == 1 else greedy_order(st, seat, prune(options, limit), rng, 0.0)[0]
        if isinstance(best, EndTurn):
            return
        engine.apply(st, seat, best)


def plan(
    view: StroganovView, p: Pools, first: StroganovState, seat: int, options: list[Action], effort: Plan, rng: Rng
) -> Action:
    """The decision whose line, finished greedily to the end of the seat's turn, leaves its lead
    highest on average over ``effort.samples`` determinizations (the same ones for every decision)."""
    ordered = greedy_order(first, seat, worth_searching(first, seat, prune(options), rng), rng, noise=0.0)
    root = ordered[: effort.width]
    ends = [a for a in ordered if isinstance(a, EndTurn)]
    if ends and ends[0] not in root:
        root.append(ends[0])
    if len(root) == 1:
        return root[0]
    samples = [first] + [determinize(view, p, Rng(rng.next64())) for _ in range(effort.samples - 1)]
    ci = engine.cossack_of(first, seat)
    totals = [0.0] * len(root)
    for sampled in samples:
        for k, a in enumerate(root):
            if isinstance(a, EndTurn):
                after = sampled
            else:
                after = clone(sampled)
                engine.apply(after, seat, a)
                finish_turn(after, seat, Rng(rng.next64()), effort.limit)
            totals[k] += leads(after)[ci] - (0.5 if isinstance(a, (Exchange, Draw)) else 0.0)
    top = max(range(len(root)), key=lambda k: (totals[k], -k))
    return root[top]


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
        return plan(view, p, first, seat, options, PLAN[level], rng)


COMPUTER: Computer[StroganovView, Action] = StroganovComputer()
