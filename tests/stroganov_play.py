"""Seeded Stroganov players for property tests and the balance script.

A player is a callable ``(state, seat) -> action``. :func:`random_player` picks a random legal action
(the game's random player, ``cogs/stroganov/workload.py``, with its free actions capped per turn);
:func:`greedy_player` scores a sample of the legal actions with the ST-18 value economy. Neither ever
picks RESIGN; :func:`resigner` makes a seat resign now and then (ST-R, docs/stroganov.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from cogs.stroganov.workload import FREE, FREE_CAP, FreeCap, decisions, kind, random_player, turn_key
from rules.stroganov import GAME
from rules.stroganov.actions import Action, EndTurn, Resign
from rules.stroganov.content import CONTENT
from rules.stroganov.engine import cossack_of, landscape_sets
from rules.stroganov.state import StroganovState

Player = Callable[[StroganovState, int], Action]
PlayersFn = Callable[[int, random.Random], Player]
__all__ = ["FREE", "FREE_CAP", "FreeCap", "decisions", "kind", "random_player", "turn_key"]
"""The game's random player and what it reads (``cogs/stroganov/workload.py``), kept here by name."""

RESIGN_P = 0.001
"""Per action, the chance that a seat still playing resigns (ST-R) in the property tests."""


def resigner(st: StroganovState, rnd: random.Random, p: float) -> int | None:
    """With probability ``p``, a seat still playing (the one to act or another) that resigns now.
    With ``p == 0`` no random number is drawn, so seeded games are as before resignation existed."""
    if not p or rnd.random() >= p:
        return None
    return rnd.choice([c.seat for c in st.cossacks if c.seat is not None and c.seat not in st.resigned])


# ---------------------------------------------------------------- greedy (ST-18 value economy)

HORSE, COIN, FUR, TIGER, STORY, WISH_HELD, PENDING_T, TILE = 0.4, 1.5, 2.0, 2.5, 0.7, 3.0, 1.5, 4.0


def winters_left(st: StroganovState) -> int:
    return max(0, 5 - st.year - (1 if st.stage in ("songs", "finished") else 0))


def held_wish(c: Any, wish: str) -> float:
    """A held wish is worth more the more of its furs the cossack already has (exact furs or tigers),
    so the greedy player collects towards it and fulfils it when it can."""
    card = CONTENT.wishes[wish]
    have = Counter(c.furs)
    met, tigers = 0, c.tigers
    for v in card.required:
        if have[v]:
            have[v] -= 1
            met += 1
        elif tigers:
            tigers -= 1
            met += 1
    share = met / len(card.required)
    return WISH_HELD * share * share * (card.vp + 2) / 5


def value(st: StroganovState, ci: int) -> float:
    """What a cossack's position is worth in VP: score so far, plus what final scoring will give,
    plus resources at ST-18 rates."""
    c = st.cossacks[ci]
    v = float(c.score)
    v += HORSE * c.horses + COIN * c.coins + FUR * len(c.furs) + TIGER * c.tigers + STORY * c.stories
    v += c.banners * (1 + winters_left(st))
    v += sum(held_wish(c, w) for w in c.held) + sum(CONTENT.wishes[w].vp + 5 for w in c.fulfilled)
    v += landscape_sets(c.tiles) + TILE * len(c.tiles)
    t = CONTENT.tracks[c.track]
    v += t.ends[c.trophy] + c.trophy
    for r, slots in enumerate(st.outposts):
        for s, o in enumerate(slots):
            if o == ci:
                v += CONTENT.regions[r].slot_vp[s] + 1
    v += c.supply + 0.5 * c.reserve
    v += PENDING_T * sum(1 for q in st.queue if q[0] == ci and q[1] == "trophy")
    if c.position:
        v += 0.1 * c.position + 0.3 * len(st.items[c.position - 1])
    return v


def greedy_player(rnd: random.Random, sample: int = 10) -> Player:
    """Evaluates up to ``sample`` legal actions (at least one of each kind) on copies of the state and
    takes the best by :func:`value`; ties by ``rnd``. Ends the turn when nothing gains."""
    cap = FreeCap()

    def play(st: StroganovState, seat: int) -> Action:
        acts = cap.filter(st, decisions(st, seat))
        if len(acts) == 1:
            cap.took(acts[0])
            return acts[0]
        ci = cossack_of(st, seat)
        kinds: dict[str, list[Action]] = {}
        for a in acts:
            kinds.setdefault(kind(a), []).append(a)
        cands = [rnd.choice(v) for v in kinds.values()]
        others = [a for a in acts if a not in cands]
        cands += rnd.sample(others, min(len(others), max(0, sample - len(cands))))
        data = GAME.dump(st)
        base = value(st, ci)
        best: list[Action] = []
        best_v = float("-inf")
        for a in cands:
            if isinstance(a, EndTurn):
                gain = 0.0
            else:
                copy = GAME.load(data)
                GAME.apply(copy, seat, a)
                gain = value(copy, ci) - base
                if isinstance(a, FREE):
                    gain -= 0.2  # a free action must pay for itself
            if gain > best_v + 1e-9:
                best, best_v = [a], gain
            elif abs(gain - best_v) <= 1e-9:
                best.append(a)
        act = rnd.choice(best)
        cap.took(act)
        return act

    return play


def random_players(seat: int, rnd: random.Random) -> Player:
    return random_player(rnd)


def greedy_players(seat: int, rnd: random.Random) -> Player:
    return greedy_player(rnd)


def play(
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    players_fn: PlayersFn = random_players,
    resign: float = 0.0,
) -> tuple[StroganovState, list[tuple[int, Action]]]:
    """A whole game from ``seed``; ``players_fn(seat, rnd)`` makes each seat's player; with
    probability ``resign`` per action a seat still playing resigns instead."""
    st = GAME.new(players, options, seed)
    rnd = random.Random(seed)
    seats = [players_fn(s, rnd) for s in range(players)]
    history: list[tuple[int, Action]] = []
    while st.stage != "finished":
        quitter = resigner(st, rnd, resign)
        if quitter is not None:
            GAME.apply(st, quitter, Resign())
            history.append((quitter, Resign()))
            continue
        (seat,) = GAME.to_act(st)
        act = seats[seat](st, seat)
        GAME.apply(st, seat, act)
        history.append((seat, act))
    return st, history
