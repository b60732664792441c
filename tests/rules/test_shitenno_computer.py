"""The Shitenno computer player (rules/shitenno/computer.py, issue 46 §2): legal decisions at every
level and player count, the same decision for the same view, level and seed, decisions that depend
on nothing the seat cannot know (and a peeking computer caught by the same check), and a whole game
by four computers."""

from __future__ import annotations

import itertools

import pytest

from rules.computer import Level
from rules.rng import Rng
from rules.shitenno import GAME
from rules.shitenno import computer as cp
from rules.shitenno.actions import Action, FormLot, Split
from rules.shitenno.computer import COMPUTER, Effort, decide_with, heuristic, known_cards, sampler
from rules.shitenno.state import ShitennoState, dump, load

PLAYERS = (2, 3, 4)


def copy(st: ShitennoState) -> ShitennoState:
    return load(dump(st))


def positions(players: int, seed: int, every: int = 1) -> list[ShitennoState]:
    """The positions of one seeded game played by the quick player (both phases, to the end)."""
    st = GAME.new(players, None, seed)
    rng = Rng(seed)
    out = []
    step = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_act(st)[0]
        if step % every == 0:
            out.append(copy(st))
        GAME.apply(st, seat, heuristic(st, seat, rng, wander=0.3))
        step += 1
    return out


def spread(players: int, seed: int, count: int) -> list[ShitennoState]:
    """``count`` positions spread over a game, sharing and control alike."""
    all_ = positions(players, seed)
    sharing = [s for s in all_ if s.phase == "sharing"]
    control = [s for s in all_ if s.phase == "control"]
    half = count // 2
    pick = sharing[:: max(1, len(sharing) // half)][:half] + control[:: max(1, len(control) // (count - half))]
    return pick[:count]


def is_legal(st: ShitennoState, seat: int, action: Action) -> bool:
    """``apply`` accepts it (on a copy); a lot or split is any free tile with any pool cards
    (SH-7.5), so those the computer makes need not be among ``legal()``'s representatives."""
    if not isinstance(action, FormLot | Split) and action not in GAME.legal(st, seat):
        return False
    GAME.apply(copy(st), seat, action)
    return True


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer simulations, so the searching levels stay quick in tests (their moves are the same)."""
    monkeypatch.setitem(cp.EFFORT, Level.NORMAL, Effort(simulations=12, depth=6, wander=0.3))
    monkeypatch.setitem(cp.EFFORT, Level.HARD, Effort(simulations=16, depth=8, wander=0.1))


@pytest.mark.parametrize("players", PLAYERS)
def test_a_sample_looks_the_same_to_the_seat(players: int) -> None:
    for seed in range(3):
        for st in positions(players, 100 + seed, every=3):
            seat = GAME.to_act(st)[0]
            v = GAME.view(st, seat)
            draw = sampler(v, seat)
            for k in range(2):
                assert GAME.view(draw(Rng(k)), seat) == v


@pytest.mark.parametrize("players", PLAYERS)
def test_cards_known_from_the_log_are_in_their_hands(players: int) -> None:
    """What the public log shows entering a hand and not leaving it is there, in the real game and
    in every sample; the view's ``history`` is the whole log."""
    for st in positions(players, 31 + players, every=2):
        seat = GAME.to_act(st)[0]
        v = GAME.view(st, seat)
        assert v.history == tuple(st.log)
        known = known_cards(v.history, players)
        sample = sampler(v, seat)(Rng(1))
        for p, q in zip(st.players, sample.players, strict=True):
            assert set(known[p.seat]) <= set(p.troops + p.koku)
            assert set(known[p.seat]) <= set(q.troops + q.koku)
        assert everywhere(sample) == everywhere(st)


def everywhere(st: ShitennoState) -> list[str]:
    """Every card and tile wherever it is: each exactly once in any consistent state."""
    sh = st.sharing
    lots = [
        c for lot in ([sh.offer] if sh and sh.offer else []) + list(sh.split if sh and sh.split else []) for c in lot[1]
    ]
    things = [c for p in st.players for c in p.troops + p.koku + p.kept]
    things += st.troop_deck + st.koku_deck + st.discard + st.koku_removed + st.spent + lots
    things += [t for stack in st.stacks.values() for t in stack] + (sh.pool if sh else [])
    return sorted(things)


@pytest.mark.parametrize("players", PLAYERS)
def test_easy_decisions_are_legal_and_repeatable(players: int) -> None:
    for st in positions(players, 7 * players):
        seat = GAME.to_act(st)[0]
        v = GAME.view(st, seat)
        a = COMPUTER.decide(v, seat, Level.EASY, 3)
        assert is_legal(st, seat, a), a
        assert COMPUTER.decide(v, seat, Level.EASY, 3) == a


@pytest.mark.usefixtures("quick")
@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
@pytest.mark.parametrize("players", PLAYERS)
def test_searching_decisions_are_legal_and_repeatable(players: int, level: Level) -> None:
    states = spread(players, 11 * players, 6)
    assert {s.phase for s in states} == {"sharing", "control"}
    for i, st in enumerate(states):
        seat = GAME.to_act(st)[0]
        v = GAME.view(st, seat)
        a = COMPUTER.decide(v, seat, level, i)
        assert is_legal(st, seat, a), a
        assert COMPUTER.decide(v, seat, level, i) == a


def unknowable_change(st: ShitennoState, rng: Rng) -> ShitennoState:
    """The same game but for what ``st``'s actor cannot know: both decks reshuffled, the stacks
    below their tops reshuffled among themselves, the generator changed, and a troop card and a
    koku card swapped between two other players' hands when they hold secret ones (not received
    in a lot, :func:`known_cards`)."""
    seat = GAME.to_act(st)[0]
    other = copy(st)
    other.rng = Rng(rng.next64())
    rng.shuffle(other.troop_deck)
    rng.shuffle(other.koku_deck)
    below = [t for pid in sorted(other.stacks) for t in other.stacks[pid][1:]]
    rng.shuffle(below)
    for pid in sorted(other.stacks):
        k = len(other.stacks[pid]) - 1
        if k > 0:
            other.stacks[pid][1:], below = below[:k], below[k:]
    known = known_cards(other.log, other.n)
    others = [p for p in other.players if p.seat != seat]
    for a, b in itertools.pairwise(others):
        for kind in ("troops", "koku"):
            ha, hb = getattr(a, kind), getattr(b, kind)
            sa = [i for i, c in enumerate(ha) if c not in known[a.seat]]  # secret ones only
            sb = [j for j, c in enumerate(hb) if c not in known[b.seat]]
            if sa and sb:
                i, j = sa[rng.below(len(sa))], sb[rng.below(len(sb))]
                ha[i], hb[j] = hb[j], ha[i]
    return other


def decide_peeking(st: ShitennoState, seat: int, level: Level, seed: int) -> Action:
    """A computer that cheats: it searches over the real state instead of samples of its view."""
    return decide_with(lambda rng: copy(st), seat, level, seed)


def information_positions() -> list[ShitennoState]:
    return [st for players in PLAYERS for st in spread(players, 23 + players, 8)]


@pytest.mark.usefixtures("quick")
def test_decisions_ignore_what_the_seat_cannot_know() -> None:
    rng = Rng(46)
    for i, st in enumerate(information_positions()):
        seat = GAME.to_act(st)[0]
        other = unknowable_change(st, rng)
        assert GAME.view(other, seat) == GAME.view(st, seat)
        for level in Level:
            mine = COMPUTER.decide(GAME.view(st, seat), seat, level, i)
            assert COMPUTER.decide(GAME.view(other, seat), seat, level, i) == mine


@pytest.mark.usefixtures("quick")
def test_the_check_catches_a_peeking_computer() -> None:
    rng = Rng(46)
    caught = 0
    for i, st in enumerate(information_positions()):
        seat = GAME.to_act(st)[0]
        other = unknowable_change(st, rng)
        assert GAME.view(other, seat) == GAME.view(st, seat)
        if decide_peeking(st, seat, Level.NORMAL, i) != decide_peeking(other, seat, Level.NORMAL, i):
            caught += 1
    assert caught >= 1


def test_four_computers_play_a_game_to_its_end() -> None:
    st = GAME.new(4, None, 2026)
    decisions = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_act(st)[0]
        GAME.apply(st, seat, COMPUTER.decide(GAME.view(st, seat), seat, Level.EASY, decisions))
        decisions += 1
        assert decisions < 2000
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.winners
