"""What the benchmarks measure of a game (issue 45 §4): each registered game brings its own
workload (``GameKind.bench``), and ``bench/`` iterates the registered games — a new game adds its
workload to its registration, not a line to each benchmark. Discord-free, like the UIs."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from rules.protocol import Action, Game, OptionValue

S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")

Player = Callable[[S, int], A]
"""A random player of one game: a seat's decision in a state (one player a game played: it may keep
count of what it did, e.g. Stroganov's free actions in a turn)."""


def random_move(game: Game[S, A], state: S, seat: int, rnd: random.Random) -> A:
    """A random legal action other than resigning (every game lists ``resign`` among its legal
    actions, and a uniform pick would end most games at once)."""
    actions = game.legal(state, seat)
    resign = type(game.parse_action("resign"))  # a notation per legal action cost the Stroganov
    moves = [a for a in actions if type(a) is not resign]  # playouts a tenth of their time
    return rnd.choice(moves or actions)


@dataclass(frozen=True, slots=True)
class Playout:
    """Seeded random games the engine benchmark plays out (``bench/engine.py``), timed."""

    label: str
    """How the benchmark's rows name it (after the game's name): ``2 players``, ``classic, plain``."""
    players: int
    options: Mapping[str, OptionValue] | None = None
    target: float | None = None
    """Actions per second the engine should reach (None: measured, not judged)."""


@dataclass(frozen=True, slots=True)
class Replay(Generic[S, A]):
    """A finished game ``/game replay`` replays, draws and encodes (``bench/replay.py``): the longest
    of seeded random games."""

    label: str
    """How the rows name it (after the game's name): ``long game``, ``4 players``."""
    players: int
    seeds: range
    quick_seeds: range
    """The seeds played (the quick run's): the longest game is replayed."""
    locale: str
    choose: Callable[[Game[S, A], S, int, random.Random], A] = random_move
    """The game's decisions (by default any legal one but resigning)."""


@dataclass(frozen=True, slots=True)
class CatchUp:
    """Stored games the start-up sweep catches up (``bench/catch_up.py``), each with one untold
    change: ``decisions`` in (the game's :attr:`Workload.choose`), the last of them untold."""

    games: int
    quick_games: int
    players: int
    decisions: int


@dataclass(frozen=True, slots=True)
class Decisions:
    """How ``bench/decision.py`` times the game's decisions in the bot, outside Discord (a game
    whose decisions are many a turn; how they are told is the UI's: turn pages or posts and DMs)."""

    players: tuple[int, ...]
    warm_up: Callable[[int], int]
    """Decisions made before timing, by player count."""
    floor: str
    """What the image floor is, in the rows (``{new}`` and ``{n}``: the new pages, the decisions)."""
    options: Mapping[str, OptionValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Rated:
    """The game among the finished games ``bench/ratings.py`` rates and lists."""

    share: int
    """Its games of every ``sum(share)`` written (Stratego 2, the others 1: half are Stratego)."""
    scored: bool
    """Whether its results have scores (Stratego's: a winner, and how: by its rules, a resignation,
    on time)."""
    solo_options: tuple[Mapping[str, OptionValue], ...] = ()
    """A solo game's options, one drawn at random (Stroganov's difficulties)."""
    top: tuple[int, str] | None = None
    """The ``/game top`` page of the game timed, and its language (None: none)."""


@dataclass(frozen=True, slots=True)
class Workload(Generic[S, A, V]):
    """A game's benchmark workload: its playouts, the positions it draws and its images, and what
    each benchmark that measures some games takes of it (None: that benchmark leaves it out)."""

    playouts: tuple[Playout, ...]
    positions: Callable[[int], Iterable[tuple[str, V]]]
    """``n`` seeded positions to draw (``bench/render.py``), each with what it is (``setup``, or
    empty: a position of a random game)."""
    images: Callable[[], Mapping[str, Callable[[V], bytes]]]
    """Every image the game draws of a view, by name (empty: its only one), warmed up, with the
    words and player names it is measured with."""
    choose: Callable[[Game[S, A], S, int, random.Random], A] = random_move
    """A playout's decision: by default any legal one but resigning."""
    render_ms: float = 40
    """The median time a drawing should take."""
    player: Callable[[random.Random], Player[S, A]] | None = None
    """The random player the tests play whole games with (``tests/kinds.py``): decisions that reach
    every kind of decision, the rare ones too, and never resign (None: :attr:`choose`'s)."""
    replay: Replay[S, A] | None = None
    catch_up: CatchUp | None = None
    decisions: Decisions | None = None
    rated: Rated | None = None

    def random_player(self, game: Game[S, A], rnd: random.Random) -> Player[S, A]:
        """A new random player of ``game`` drawing from ``rnd`` (:attr:`player`, else :attr:`choose`)."""
        if self.player is not None:
            return self.player(rnd)
        choose = self.choose
        return lambda state, seat: choose(game, state, seat, rnd)


def random_states(game: Game[S, A], samples: int, players: tuple[int, ...], max_steps: int) -> Iterator[tuple[S, int]]:
    """Seeded random games of ``game`` and a random seat of each: ``samples`` games of the given
    player counts in turn, each a random number of decisions in (5 to ``max_steps``)."""
    for seed in range(samples):
        n = players[seed % len(players)]
        st = game.new(n, None, seed)
        rnd = random.Random(seed)
        for _ in range(rnd.randrange(5, max_steps)):
            if game.outcome(st) is not None:
                break
            seat = game.to_act(st)[0]
            game.apply(st, seat, random_move(game, st, seat, rnd))
        yield st, rnd.randrange(n)
