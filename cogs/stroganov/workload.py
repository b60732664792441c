"""What the benchmarks measure of Stroganov (``cogs.workload``): playouts of 1–4 players, and the
turn image (what a new turn page posts, issue 19), the board and the tableaux drawn from positions
of random games, in English; and the random player the tests play whole games with."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from cogs.stroganov.ui import image_words
from cogs.workload import CatchUp, Decisions, Player, Playout, Rated, Replay, Workload, random_states
from render import stroganov as draw
from rules.stroganov import GAME, Action, StroganovState, StroganovView
from rules.stroganov.actions import Draw, Exchange, Fulfil, Gold, Paid, Resign

NAMES = ("Jana Nováková", "Kuba", "Přemysl Otakar II.", "Zdeňka")


def positions(n: int) -> Iterator[tuple[str, StroganovView]]:
    for st, seat in random_states(GAME, n, (1, 2, 3, 4), 400):
        yield "", GAME.view(st, seat)


def images() -> Mapping[str, Callable[[StroganovView], bytes]]:
    words = image_words("en")
    draw.warm_up(words)
    return {
        "turn": lambda v: draw.render_turn(v, words, NAMES),
        "board": lambda v: draw.render_board(v, words, NAMES),
        "tableaux": lambda v: draw.render_tableaux(v, words, NAMES),
    }


FREE = (Exchange, Draw, Fulfil)
FREE_CAP = 3
"""Free actions a random player takes at most per turn, so random games keep moving."""


def decisions(st: StroganovState, seat: int) -> list[Action]:
    """The legal actions without RESIGN."""
    return [a for a in GAME.legal(st, seat) if not isinstance(a, Resign)]


def kind(a: Action) -> str:
    """The kind of an action: its class name, with the gold action's kind and Paid's inner kind."""
    inner = a.action if isinstance(a, Paid) else a
    k = f"Gold.{inner.kind}" if isinstance(inner, Gold) else type(inner).__name__
    return f"Paid.{k}" if isinstance(a, Paid) else k


def turn_key(st: StroganovState) -> tuple[Any, ...]:
    return (st.year, st.season, st.stage, st.active)


class FreeCap:
    """Counts the free actions taken in the current turn."""

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.count = 0

    def filter(self, st: StroganovState, acts: list[Action]) -> list[Action]:
        key = turn_key(st)
        if key != self.key:
            self.key, self.count = key, 0
        if self.count >= FREE_CAP:
            rest: list[Action] = [a for a in acts if not isinstance(a, FREE)]
            return rest or acts
        return acts

    def took(self, a: Action) -> None:
        if isinstance(a, FREE):
            self.count += 1


def random_player(rnd: random.Random, by_kind: bool = True) -> Player[StroganovState, Action]:
    """A random legal action, never a resignation. ``by_kind`` (default) picks the kind first, then
    an action of that kind, so the many trade and fee combinations do not crowd out the rare kinds;
    after :data:`FREE_CAP` free actions in one turn, free actions are no longer chosen."""
    cap = FreeCap()

    def play(st: StroganovState, seat: int) -> Action:
        acts = cap.filter(st, decisions(st, seat))
        if by_kind:
            kinds: dict[str, list[Action]] = {}
            for a in acts:
                kinds.setdefault(kind(a), []).append(a)
            act = rnd.choice(kinds[rnd.choice(sorted(kinds))])
        else:
            act = rnd.choice(acts)
        cap.took(act)
        return act

    return play


WORKLOAD: Workload[StroganovState, Action, StroganovView] = Workload(
    playouts=tuple(Playout(f"{n} players", n) for n in (1, 2, 3, 4)),
    positions=positions,
    images=images,
    player=random_player,
    replay=Replay("4 players", 4, range(1, 2), range(1, 2), "en"),
    catch_up=CatchUp(1_000, 200, 4, 40),
    decisions=Decisions(
        (1, 4),
        lambda players: 40 if players > 1 else 10,
        "board + tableaux x {new}/{n} new pages",
        {"difficulty": "normal"},
    ),
    rated=Rated(
        share=1,
        scored=True,
        solo_options=tuple({"difficulty": d} for d in ("easy", "normal", "hard")),
        top=(10, "cs"),
    ),
)
