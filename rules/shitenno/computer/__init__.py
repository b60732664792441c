"""The Shitenno computer player (issue 46 §2, DESIGN §9): a seat's decision from its view alone.

Every decision is taken from ``GAME.view(state, seat)`` — the seat's hand, the public board, the
public log — never from the state. Hidden things (the other hands, both decks' order, the tiles
below each stack's top, the generator) are sampled by :mod:`rules.shitenno.computer.sample`: the
cards the public log places in a hand stay there, the rest of what the seat has not seen is dealt
at random; the view of a sample for the seat equals its view of the real game.

Levels: easy plays :func:`heuristic` (greedy by immediate VP and card value, with some
randomness); normal and hard search with :mod:`rules.computer.ismcts` over these samples, hard with
more simulations and a deeper horizon; play-outs follow :func:`heuristic` and a cut-off position
is scored by :func:`value` (each seat's share from VP, projected majorities and hand).

The moves searched (:func:`moves`) are a pruned part of what the engine allows: the two answers
and the two choices; a few lots and splits (the highest or lowest free title with the best or
worst cards, around an equal share — any free tile with any pool cards is legal, SH-7.5); per
province the cheapest troop payment and the cheapest koku payment among the first the engine's
enumerator lists (:mod:`rules.shitenno.payment`, the list ``legal()`` caps); one DRAW (they are
alike), every Sensei flip, END_TURN. Resigning is never searched.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.computer import Level
from rules.computer.ismcts import Search, best_action
from rules.rng import Rng
from rules.shitenno import GAME, engine, payment
from rules.shitenno.actions import (
    Accept,
    Action,
    Choose,
    ConquerKoku,
    ConquerTroops,
    EndTurn,
    FormLot,
    Refuse,
    SenseiFlip,
    Split,
    UseDraw,
)
from rules.shitenno.computer.sample import known_cards, sample, sampler
from rules.shitenno.content import CONTENT
from rules.shitenno.state import ShitennoState
from rules.shitenno.view import ShitennoView

__all__ = ["COMPUTER", "known_cards", "sample", "sampler"]

# ---------------------------------------------------------------- worth of things


def card_worth(card: str) -> float:
    """A rough worth in VP of a card in hand: a koku card scores its value at the end (SH-9.3)
    and buys positions; a troop card is a share of a conquest (a double more)."""
    if card.startswith("K"):
        return 1.2 * CONTENT.koku[card]
    return 1.6 if len(CONTENT.troop[card]) == 1 else 2.6


_TITLE_WORTH = {"Daimyo": 3.0, "Shomyo": 1.5, "Sensei": 1.0, "Hatamoto": 1.0}
"""A hierarchy tile's rough worth: the title's VP bonus per conquest (SH-8.9), the flip and the
joker, and rank (the Tairo shares first)."""


def lot_worth(tile: str, cards: Sequence[str]) -> float:
    return _TITLE_WORTH.get(tile, 0.0) + sum(card_worth(c) for c in cards)


def _payment_cost(a: ConquerTroops | ConquerKoku) -> float:
    tiles = len(a.plus) + len(a.exchanges)
    cost = sum(card_worth(c) for c in a.troops) + sum(card_worth(c) for c in a.koku) + 1.5 * tiles
    if isinstance(a, ConquerTroops) and a.joker is not None:
        cost += 1.0
    return cost


def _conquests(st: ShitennoState, seat: int) -> list[ConquerTroops | ConquerKoku]:
    """Per open province the cheapest troop payment and the cheapest koku payment among the first
    few the engine's enumerator lists (those are the first of ``legal()``'s, which caps them)."""
    p = st.players[seat]
    if p.conquests >= 2 or p.supply <= 0 or not (p.troops or p.koku):
        return []
    plus = tuple(t for t in p.kept if CONTENT.tiles[t][1] == "PLUS_ONE")
    exch = tuple(t for t in p.kept if CONTENT.tiles[t][1] == "EXCHANGE")
    joker = p.title == "Hatamoto" and not p.joker_used
    troops, koku = tuple(p.troops), tuple(p.koku)
    out: list[ConquerTroops | ConquerKoku] = []
    for prov in CONTENT.provinces:
        req = engine.requirement(st, prov.id)
        if req:
            out += _cheapest(prov.id, tuple(req), engine.koku_cost(st, prov.id), troops, koku, plus, exch, joker)
    return out


@functools.lru_cache(maxsize=1 << 15)
def _cheapest(
    province: str,
    req: tuple[str, ...],
    cost: int | None,
    troops: tuple[str, ...],
    koku: tuple[str, ...],
    plus: tuple[str, ...],
    exch: tuple[str, ...],
    joker: bool,
) -> tuple[ConquerTroops | ConquerKoku, ...]:
    """The cheapest troop and koku payments of one province from one hand (a pure function of
    them, so remembered: play-outs ask again and again)."""
    out: list[ConquerTroops | ConquerKoku] = []
    symbols = sum(len(CONTENT.troop[c]) for c in troops)
    if symbols + len(plus) + int(joker) + min(len(exch), len(koku)) >= len(req):  # else none can
        troop = payment.troop_payments(province, req, troops, koku, plus, exch, joker, 2)
        if troop:
            out.append(min(troop, key=_payment_cost))
    reach = sum(CONTENT.koku[k] for k in koku) + len(plus) + min(len(exch), symbols)
    if koku and cost is not None and reach >= cost:
        kokus = payment.koku_payments(province, cost, koku, plus, exch, troops, 2)
        if kokus:
            out.append(min(kokus, key=_payment_cost))
    return tuple(out)


def _gain(st: ShitennoState, seat: int, a: ConquerTroops | ConquerKoku) -> float:
    """A conquest's immediate VP and majority prospect less what it spends."""
    stones = st.board[a.province]
    vp = float(CONTENT.province[a.province].values[len(stones)])
    title = st.players[seat].title
    vp += CONTENT.vp_bonus[title] if title else 0
    mine = sum(2 if g else 1 for s, g in stones if s == seat) + 1
    best_other = max([sum(2 if g else 1 for s, g in stones if s == o) for o in range(st.n) if o != seat] or [0])
    if mine > best_other:
        vp += 2.0
    return vp - _payment_cost(a)


# ---------------------------------------------------------------- candidate moves


def _lots(st: ShitennoState) -> list[FormLot]:
    sh = st.sharing
    assert sh is not None
    free = sorted(sh.unplaced, key=lambda t: -engine.seals(t))
    tiles = list(dict.fromkeys([free[0], free[-1]]))
    by_worth = sorted(sh.pool, key=card_worth)
    share = len(sh.pool) // max(1, len(sh.pending))
    out: dict[FormLot, None] = {}
    for tile in tiles:
        for size in (share - 1, share, share + 1):
            if 0 <= size <= len(sh.pool):
                out[FormLot(tile, tuple(by_worth[:size]))] = None  # the worst cards
                out[FormLot(tile, tuple(by_worth[len(by_worth) - size :]))] = None  # the best
    return list(out)


def _splits(st: ShitennoState) -> list[Split]:
    sh = st.sharing
    assert sh is not None
    free = sorted(sh.unplaced, key=lambda t: -engine.seals(t))
    hi, lo = free[0], free[1]
    by_worth = sorted(sh.pool, key=card_worth, reverse=True)
    out: dict[Split, None] = {}
    half = len(by_worth) // 2
    for cut in (half - 1, half, half + 1):
        if 0 <= cut <= len(by_worth):
            best, rest = tuple(by_worth[:cut]), tuple(by_worth[cut:])
            out[Split(hi, best, lo, rest)] = None
            out[Split(hi, rest, lo, best)] = None
    # alternate cards so the two lots are near equal
    a, b = tuple(by_worth[0::2]), tuple(by_worth[1::2])
    out[Split(hi, b, lo, a)] = None
    out[Split(hi, a, lo, b)] = None
    return list(out)


def moves(st: ShitennoState, seat: int) -> list[Action]:
    """The decisions worth searching for ``seat`` (never empty when it is to act)."""
    if st.phase == "sharing":
        due = engine.sharing_expected(st)
        if due == "answer":
            return [Accept(), Refuse()]
        if due == "choose":
            return [Choose("A"), Choose("B")]
        if due == "offer":
            return list(_lots(st))
        return list(_splits(st))
    p = st.players[seat]
    out: list[Action] = list(_conquests(st, seat))
    if st.troop_deck or st.discard:
        draw = next((t for t in p.kept if CONTENT.tiles[t][1] == "DRAW"), None)
        if draw is not None:
            out.append(UseDraw(draw))
    if p.title == "Sensei" and not p.flipped:
        for prov in CONTENT.provinces:
            for i, (s, g) in enumerate(st.board[prov.id]):
                if s == seat and not g:
                    out.append(SenseiFlip(prov.id, i + 1))
    out.append(EndTurn())
    return out


# ---------------------------------------------------------------- the quick player


def heuristic(st: ShitennoState, seat: int, rng: Rng, wander: float = 0.1) -> Action:
    """A quick decision: greedy by immediate worth, a random candidate with chance ``wander``."""
    if rng.below(1000) < wander * 1000:
        options = moves(st, seat)
        return options[rng.below(len(options))]
    if st.phase == "sharing":
        sh = st.sharing
        assert sh is not None
        due = engine.sharing_expected(st)
        if due == "answer":
            assert sh.offer is not None
            fair = sum(card_worth(c) for c in sh.pool) / max(1, len(sh.pending) - 1)
            return Accept() if lot_worth(*sh.offer) + 1.0 >= fair else Refuse()
        if due == "choose":
            assert sh.split is not None
            return Choose("A" if lot_worth(*sh.split[0]) >= lot_worth(*sh.split[1]) else "B")
        if due == "offer":
            lots = _lots(st)
            return lots[rng.below(len(lots))]
        splits = _splits(st)
        return min(splits, key=lambda s: abs(lot_worth(s.a_tile, s.a_cards) - lot_worth(s.b_tile, s.b_cards)))
    best: Action = EndTurn()
    gain = 0.0
    for a in _conquests(st, seat):
        g = _gain(st, seat, a)
        if g > gain:
            best, gain = a, g
    if isinstance(best, EndTurn):
        p = st.players[seat]
        if p.title == "Sensei" and not p.flipped:
            for prov in CONTENT.provinces:
                for i, (s, golden) in enumerate(st.board[prov.id]):
                    if s == seat and not golden:
                        return SenseiFlip(prov.id, i + 1)
        if st.troop_deck or st.discard:
            draw = next((t for t in p.kept if CONTENT.tiles[t][1] == "DRAW"), None)
            if draw is not None:
                return UseDraw(draw)
    return best


# ---------------------------------------------------------------- value


def estimate(st: ShitennoState) -> list[float]:
    """Each seat's expected final VP, roughly: its score, its hand's and tiles' worth, and the
    majorities it leads (most of their VP, SH-9.3)."""
    est = [float(p.score) for p in st.players]
    for p in st.players:
        est[p.seat] += sum(CONTENT.koku[k] for k in p.koku) + 0.6 * len(p.troops) + 0.5 * len(p.kept)
    for prov in CONTENT.provinces:
        stones = st.board[prov.id]
        if not stones:
            continue
        w = [0] * st.n
        first: dict[int, int] = {}
        for i, (s, g) in enumerate(stones):
            w[s] += 2 if g else 1
            first.setdefault(s, i)
        top = max(w)
        leader = min((s for s in range(st.n) if w[s] == top), key=lambda s: first[s])
        est[leader] += CONTENT.majority_vp * (0.5 + 0.125 * len(stones))
    return est


def value(st: ShitennoState) -> list[float]:
    """Every seat's share in [0, 1]: its result once the game is over (winners share the win),
    else a soft ranking of :func:`estimate`."""
    out = GAME.outcome(st)
    if out is not None:
        won = [1.0 / len(out.winners) if s in out.winners else 0.0 for s in range(st.n)]
        return won
    est = estimate(st)
    top = max(est)
    weights = [math.exp((e - top) / 4.0) for e in est]
    total = sum(weights)
    return [w / total for w in weights]


# ---------------------------------------------------------------- the computer


@dataclass(frozen=True, slots=True)
class Effort:
    simulations: int
    depth: int
    wander: float


EFFORT = {
    Level.NORMAL: Effort(simulations=60, depth=8, wander=0.3),
    Level.HARD: Effort(simulations=150, depth=12, wander=0.1),
}


def search_for(sample_state: Callable[[Rng], ShitennoState], level: Level) -> Search[ShitennoState, Action]:
    effort = EFFORT[level]
    return Search(
        sample=sample_state,
        moves=moves,
        playout=lambda st, seat, rng: heuristic(st, seat, rng, effort.wander),
        value=value,
        simulations=effort.simulations,
        depth=effort.depth,
    )


def decide_with(sample_state: Callable[[Rng], ShitennoState], seat: int, level: Level, seed: int) -> Action:
    """The decision of ``seat`` over states drawn from ``sample_state`` (the computer draws them from
    its view; a test draws them from the real state to show what peeking looks like)."""
    rng = Rng(seed)
    if level is Level.EASY:
        return heuristic(sample_state(rng), seat, rng, wander=0.25)
    options = moves(sample_state(rng), seat)
    if len(options) == 1:
        return options[0]
    return best_action(GAME, search_for(sample_state, level), seat, rng)


class ShitennoComputer:
    """:class:`rules.computer.Computer` for Shitenno."""

    def decide(self, view: ShitennoView, seat: int, level: Level, seed: int) -> Action:
        if seat not in view.to_act or view.viewer != seat:
            raise ValueError(f"seat {seat} has nothing to decide in this view")
        return decide_with(sampler(view, seat), seat, level, seed)


COMPUTER = ShitennoComputer()
