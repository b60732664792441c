"""The Stratego computer player (issue 46 §2): it decides from its seat's view alone, legally, the
same way under the same seed, and what it cannot know does not change its decision."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.computer import Level
from rules.rng import Rng
from rules.stratego import GAME
from rules.stratego.actions import Action, Move, PlaceSetup, Ready, Rescue
from rules.stratego.board import NEIGHBOURS, SIZE
from rules.stratego.computer import COMPUTER
from rules.stratego.computer.belief import determinize
from rules.stratego.engine import legal_moves
from rules.stratego.pieces import FLAG
from rules.stratego.setup import check_counts
from rules.stratego.state import StrategoState, dump, load
from tests.stratego_positions import position as made_up

Decider = Callable[[StrategoState, int], Action]


def position(seed: int, plies: int) -> StrategoState:
    """A seeded game with seeded options, played at random for ``plies`` moves, with a taste for
    chasing the piece the opponent just moved and for going forward (so that SG-4.6 chases and
    SG-8.3 rescues come about)."""
    r = Rng(seed)
    options = {
        "army": "barrage" if r.below(3) == 0 else "classic",
        "silent_defence": r.below(2) == 1,
        "rescue": r.below(2) == 1,
        "chase_rule": r.below(2) == 1,
        "attacker_advantage": r.below(2) == 1,
        "two_square_limit": (3, 5)[r.below(2)],
    }
    st = GAME.new(2, options, seed)
    for seat in (0, 1):
        GAME.apply(st, seat, Ready())
    for _ in range(plies):
        if st.phase != "play":
            break
        seat = GAME.to_act(st)[0]
        colour = st.seat_colour[seat]
        acts = [a for a in GAME.legal(st, seat) if isinstance(a, (Move, Rescue))]
        last = st.history[-1] if st.history else None
        x = r.below(10)
        if x < 4 and last is not None and last[0] == "m" and last[1] != colour:
            near = [a for a in acts if isinstance(a, Move) and st.board[a.to] < 0 and a.to in NEIGHBOURS[last[4]]]
            acts = near or acts
        elif x < 7:
            ahead = [a for a in acts if isinstance(a, Move) and (a.to - a.frm) * (1 if colour == 0 else -1) > 0]
            acts = ahead or acts
        GAME.apply(st, seat, acts[r.below(len(acts))])
    return st


POSITIONS = [st for st in (position(seed, 15 + (seed * 37) % 160) for seed in range(40)) if st.phase == "play"]


def copy(st: StrategoState) -> StrategoState:
    return load(dump(st))


def is_legal(st: StrategoState, seat: int, action: Action) -> bool:
    """In the engine's list, or a draft the engine accepts (its list names only the presets)."""
    if isinstance(action, PlaceSetup):
        GAME.apply(copy(st), seat, action)
        return True
    return action in GAME.legal(st, seat)


def honest(level: Level, seed: int) -> Decider:
    return lambda st, seat: COMPUTER.decide(GAME.view(st, seat), seat, level, seed)


# --- the determinization --------------------------------------------------------------------


def test_a_sampled_state_shows_its_seat_the_same_view_and_the_same_moves() -> None:
    """Over seeded positions of every variant, a state sampled from a seat's view gives that seat
    the same view (so it is in the seat's information set) and the seat the same legal moves (the
    two-squares and chase rules rebuilt from public facts)."""
    for i, st in enumerate(POSITIONS):
        for seat in (0, 1):
            view = GAME.view(st, seat)
            for k in range(3):
                sample = determinize(view, Rng(i * 10 + k))
                assert GAME.view(sample, seat) == view, (i, seat, k)
                colour = st.seat_colour[seat]
                assert set(legal_moves(sample, colour)) == set(legal_moves(st, colour)), (i, seat, k)
                enemy = [p for p in sample.pieces if p.colour != colour]
                assert not any(p.moved and p.rank in "BF" for p in enemy if p.square >= 0)


# --- legal and deterministic ----------------------------------------------------------------


@pytest.mark.parametrize("level", list(Level))
def test_every_decision_is_legal_and_the_same_under_the_same_seed(level: Level) -> None:
    for i, st in enumerate(POSITIONS[:: 10 if level == Level.HARD else 4]):
        seat = GAME.to_act(st)[0]
        view = GAME.view(st, seat)
        action = COMPUTER.decide(view, seat, level, i)
        assert action in GAME.legal(st, seat), (i, action)
        assert COMPUTER.decide(view, seat, level, i) == action


@pytest.mark.parametrize("army", ["classic", "barrage"])
def test_setup_places_a_library_setup_then_confirms(army: str) -> None:
    st = GAME.new(2, {"army": army}, 3)
    for level in Level:
        for seed in range(3):
            state = copy(st)
            for seat in (0, 1):
                first = COMPUTER.decide(GAME.view(state, seat), seat, level, seed)
                assert isinstance(first, PlaceSetup)
                check_counts(first.setup, army)
                GAME.apply(state, seat, first)
                second = COMPUTER.decide(GAME.view(state, seat), seat, level, seed + 1)
                assert second == Ready()
                GAME.apply(state, seat, second)
            assert state.phase == "play"


def test_a_rescue_is_decided_legally_at_every_level() -> None:
    st = made_up("R5@B9 R3@F3 R8@F2 B6@F4 B7@H9 BB@A10", rescue=True, turn=1)
    GAME.apply(st, 1, Move(35, 25))  # Blue's Captain takes Red's Miner
    GAME.apply(st, 0, Move(81, 91))  # Red's Lieutenant reaches Blue's back row
    assert st.rescue_from >= 0
    for level in Level:
        action = COMPUTER.decide(GAME.view(st, 0), 0, level, 1)
        assert isinstance(action, Rescue) and action.rank == "3"
        assert action in GAME.legal(st, 0)


# --- the information test -------------------------------------------------------------------


def swapped(st: StrategoState, seat: int) -> StrategoState | None:
    """``st`` with the ranks of two enemy pieces the seat cannot tell apart swapped: both never
    revealed and on the board, of different ranks, both unmoved (the enemy Flag's one if it can be)
    or both moved. ``None`` when there are no such two."""
    colour = st.seat_colour[seat]
    hidden = [p for p in st.pieces if p.colour != colour and p.square >= 0 and not p.revealed]
    for moved in (False, True):
        group = sorted((p for p in hidden if p.moved == moved), key=lambda p: (p.rank != FLAG, p.id))
        for other in group[1:]:
            if other.rank != group[0].rank:
                twin = copy(st)
                a, b = twin.pieces[group[0].id], twin.pieces[other.id]
                a.rank, b.rank = b.rank, a.rank
                twin.index()
                return twin
    return None


def leaks(decide: Decider, positions: list[StrategoState]) -> list[int]:
    """The positions where ``decide`` tells two states apart that its seat cannot."""
    found = []
    for i, st in enumerate(positions):
        seat = GAME.to_act(st)[0]
        twin = swapped(st, seat)
        if twin is None:
            continue
        assert GAME.view(twin, seat) == GAME.view(st, seat), i
        if decide(twin, seat) != decide(st, seat):
            found.append(i)
    return found


def peeking(st: StrategoState, seat: int) -> Action:
    """A cheat: the move that brings a piece nearest the true enemy Flag."""
    colour = st.seat_colour[seat]
    flag = next(p.square for p in st.pieces if p.colour != colour and p.rank == FLAG)

    def distance(m: Move) -> int:
        return abs(m.to % SIZE - flag % SIZE) + abs(m.to // SIZE - flag // SIZE)

    return min(legal_moves(st, colour), key=distance)


@pytest.mark.parametrize("level", list(Level))
def test_what_the_seat_cannot_know_does_not_change_its_decision(level: Level) -> None:
    positions = POSITIONS[:: 10 if level == Level.HARD else 4]
    assert sum(swapped(st, GAME.to_act(st)[0]) is not None for st in positions) >= len(positions) // 2
    assert leaks(honest(level, 7), positions) == []


def test_the_information_test_catches_a_computer_that_peeks() -> None:
    assert leaks(peeking, POSITIONS)


# --- a whole game ---------------------------------------------------------------------------


@pytest.mark.parametrize("army", ["classic", "barrage"])
def test_two_computers_play_a_game_to_its_end_or_the_cap(army: str) -> None:
    st = GAME.new(2, {"army": army, "rescue": True, "chase_rule": True}, 11)
    rng = Rng(11)
    for _ in range(1500):
        if st.phase == "over":
            break
        seat = GAME.to_act(st)[0]
        action = COMPUTER.decide(GAME.view(st, seat), seat, Level.EASY, rng.next64())
        assert is_legal(st, seat, action)
        GAME.apply(st, seat, action)
    assert st.phase in ("over", "play")


@pytest.mark.parametrize("army", ["classic", "barrage"])
def test_no_library_setup_leaves_the_flag_open_to_a_scout_down_its_file(army: str) -> None:
    """Issue 46 §2: the setups guard the Flag. Barrage's bluff preset has an empty file in front of
    its Flag (an enemy Scout took it on the first move in the bench); the computer never uses it."""
    from rules.stratego.computer.setups import choose, flag_in_the_open
    from rules.stratego.setup import preset

    assert flag_in_the_open(preset("barrage", "hidden-flag"))
    assert not flag_in_the_open(preset("barrage", "corner-bomb"))
    for seed in range(60):
        setup = choose(army, Rng(seed))
        check_counts(setup, army)
        assert not flag_in_the_open(setup), (seed, "".join(setup))
