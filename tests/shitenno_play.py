"""Seeded random Shitenno games for property tests and the balance summary."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cogs.shitenno.workload import player
from rules.shitenno import GAME
from rules.shitenno.actions import Resign
from rules.shitenno.state import ShitennoState
from tests.events_are_data import check_event as is_data

RESIGN_P = 0.002
"""Per action, the chance that a random seat still playing resigns (SH-R) in the property tests."""


def random_actions(st: ShitennoState, rnd: random.Random, resign: float = 0.0) -> Iterator[tuple[int, Any]]:
    """Yield (seat, action) chosen among the legal actions until the game ends, by the game's random
    player (``cogs/shitenno/workload.py`` ``player``: in the control phase the kind of action first,
    so rare kinds, flip and draw, are played too). RESIGN is never chosen among the legal actions;
    instead, with probability ``resign`` per action, a seat still playing (the one to act or
    another) resigns. With ``resign=0`` no extra random numbers are drawn, so seeded games are as
    before resignation existed."""
    pick = player(rnd)
    while st.phase != "finished":
        if resign and rnd.random() < resign:
            yield rnd.choice([s for s in range(st.n) if s not in st.resigned]), Resign()
            continue
        (seat,) = GAME.to_act(st)
        yield seat, pick(st, seat)


def check_event(e: Any) -> None:
    """DESIGN §3: an event is data (tests/events_are_data.py); Shitenno's hold no floats."""
    is_data(e)
    assert not [x for x in scalars(e) if not (x is None or isinstance(x, bool | int | str))], e


def scalars(x: Any) -> Iterator[Any]:
    if isinstance(x, dict):
        for v in x.values():
            yield from scalars(v)
    elif isinstance(x, list):
        for v in x:
            yield from scalars(v)
    else:
        yield x


def play(players: int, seed: int, resign: float = 0.0) -> tuple[ShitennoState, list[tuple[int, Any]]]:
    st = GAME.new(players, None, seed)
    rnd = random.Random(seed)
    history = []
    for seat, act in random_actions(st, rnd, resign):
        GAME.apply(st, seat, act)
        history.append((seat, act))
    return st, history


def take(st: ShitennoState, *ids: str) -> None:
    """Remove cards or tiles from wherever they are, so a test can place them."""
    piles: list[list[str]] = [st.troop_deck, st.koku_deck, st.discard, st.koku_removed, st.spent]
    piles += list(st.stacks.values())
    for p in st.players:
        piles += [p.troops, p.koku, p.kept]
    if st.sharing:
        piles.append(st.sharing.pool)
    for i in ids:
        for pile in piles:
            if i in pile:
                pile.remove(i)


def find_troop(st: ShitennoState, *symbols: str, avoid: tuple[str, ...] = ()) -> str:
    """A troop card with exactly these symbols that is still in the deck."""
    from rules.shitenno.content import CONTENT

    for c in st.troop_deck:
        if CONTENT.troop[c] == symbols and c not in avoid:
            return c
    raise LookupError(symbols)


def find_koku(st: ShitennoState, value: int, avoid: tuple[str, ...] = ()) -> str:
    from rules.shitenno.content import CONTENT

    for c in st.koku_deck:
        if CONTENT.koku[c] == value and c not in avoid:
            return c
    raise LookupError(value)


def find_tile(st: ShitennoState, troop: str, effect: str) -> str:
    from rules.shitenno.content import CONTENT

    for stack in st.stacks.values():
        for t in stack:
            if CONTENT.tiles[t] == (troop, effect):
                return t
    raise LookupError((troop, effect))


def sharing_state(titles: list[str], seed: int = 1) -> ShitennoState:
    """A fresh game at the start of round 1's sharing phase with the given titles and empty
    hands and pool (cards returned to the decks' bottoms)."""
    from rules.shitenno.engine import rank_order
    from rules.shitenno.state import Sharing

    st = GAME.new(len(titles), None, seed)
    assert st.sharing is not None
    for c in st.sharing.pool:
        (st.troop_deck if c.startswith("T") else st.koku_deck).append(c)
    for p, t in zip(st.players, titles, strict=True):
        st.troop_deck.extend(p.troops)
        p.troops = []
        p.title = t
    order = rank_order(st)
    st.sharing = Sharing(pool=[], unplaced=["Daimyo", "Shomyo", "Sensei", "Hatamoto"], pending=order, tairo=order[0])
    return st


def control_state(titles: list[str], active: int, seed: int = 1) -> ShitennoState:
    """A game in round 1's control phase, ``active`` to move, empty hands."""
    from rules.shitenno.engine import rank_order

    st = sharing_state(titles, seed)
    st.sharing = None
    st.phase = "control"
    st.order = rank_order(st)
    st.active = st.order.index(active)
    return st


def balance(players: int, games: int = 200) -> dict[str, Any]:
    """Final-score spread, and how often the holder of each title in the last round wins (ties
    split), over seeded random games; printed for reports, not asserted."""
    import statistics

    scores: list[int] = []
    held: dict[str, int] = {}
    wins: dict[str, float] = {}
    rounds: list[int] = []
    for seed in range(games):
        st, _ = play(players, 10_000 + seed)
        assert st.result is not None
        winners = st.result["winners"]
        rounds.append(st.round)
        for p in st.players:
            scores.append(p.score)
            title = p.title or "-"
            held[title] = held.get(title, 0) + 1
            if p.seat in winners:
                wins[title] = wins.get(title, 0) + 1 / len(winners)
    return {
        "min": min(scores),
        "median": statistics.median(scores),
        "mean": round(statistics.mean(scores), 1),
        "max": max(scores),
        "stdev": round(statistics.pstdev(scores), 1),
        "rounds_mean": round(statistics.mean(rounds), 2),
        "win_rate_by_final_title": {t: round(wins.get(t, 0) / held[t], 3) for t in sorted(held)},
    }


def four_player_sharing() -> tuple[ShitennoState, list[str]]:
    """Ranks: seat 1 Daimyo, seat 3 Shomyo, seat 2 Sensei, seat 0 Hatamoto; pool of 3 troops + 1 koku."""
    st = sharing_state(["Hatamoto", "Daimyo", "Sensei", "Shomyo"])
    cards = [find_troop(st, "SA"), find_troop(st, "BU"), find_troop(st, "SO"), find_koku(st, 2)]
    take(st, *cards)
    st.sharing.pool = list(cards)
    return st, cards
