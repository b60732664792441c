"""The computer's sense of its Flag's safety (issue 46 §2): how many moves the enemy needs to take a
Flag (Barrage: any mover; classic: by the rank each enemy has in the sample), what the evaluation
makes of it, and the defence the classic hard computer weighs when the enemy comes."""

from __future__ import annotations

from collections import Counter

from rules.computer import Level
from rules.stratego.actions import Move
from rules.stratego.board import BLUE, RED, parse_square
from rules.stratego.computer import COMPUTER
from rules.stratego.computer.flag_distance import FAR, PAST_A_BOMB, PAST_A_DEFENDER, enemy_distance, enemy_reach
from rules.stratego.computer.policy import evaluate
from rules.stratego.pieces import ARMIES
from rules.stratego.state import Piece, StrategoState
from rules.stratego.view import view
from tests.stratego_positions import position


def distance(text: str) -> int:
    st = position(text, spare=False, army="barrage")
    return enemy_distance(st, RED, parse_square("E1"))


def test_a_scout_on_a_clear_file_is_one_move_away_and_a_piece_in_its_line_stops_it() -> None:
    assert distance("RF@E1 B2@E9 BF@J10") == 1
    assert distance("RF@E1 R3@E4 B2@E9 BF@J10") == FAR


def test_any_mover_walks_and_the_flags_own_pieces_hold_it_up() -> None:
    assert distance("RF@E1 BM@E3 BF@J10") == 2
    assert distance("RF@E1 R9@E2 BM@E3 BF@J10") == 4  # past the General: beat it first
    assert distance("RF@E1 RB@E2 RB@D1 RB@F1 BM@E3 BF@J10") == 2 + PAST_A_BOMB  # a Miner's work
    assert distance("RF@E1 RB@E2 BB@E3 BF@J10") == FAR  # Bombs and Flags never come


def test_an_enemy_next_to_the_flag_with_the_move_is_a_lost_game_and_farther_is_safer() -> None:
    lost = position("RF@E1 RM@A1 BS@E2 BF@J10 B2@J9", spare=False, army="barrage", turn=BLUE)
    assert evaluate(lost, strong=True)[0] < 0.05
    near = position("RF@E1 RM@A1 BS@E3 BF@J10 B2@J9", spare=False, army="barrage", turn=BLUE)
    far = position("RF@E1 RM@A1 BS@E6 BF@J10 B2@J9", spare=False, army="barrage", turn=BLUE)
    assert 0.05 < evaluate(near, strong=True)[0] < evaluate(far, strong=True)[0]


def whole_armies(st: StrategoState) -> None:
    """The rest of each classic army, captured in battles that showed them (the computer's belief
    reckons with whole armies)."""
    for colour in (RED, BLUE):
        left = Counter(ARMIES["classic"])
        left.subtract(p.rank for p in st.pieces if p.colour == colour)
        for rank, n in left.items():
            for _ in range(n):
                st.pieces.append(Piece(len(st.pieces), colour, rank, -1, revealed=True))
    st.index()


def reach(text: str) -> int:
    st = position(text, spare=False)
    return enemy_reach(st, RED, parse_square("A1"))


def test_classic_a_bomb_wall_stops_all_but_a_miner_which_takes_a_bomb_in_one_move() -> None:
    walled = "RF@A1 RB@A2 RB@B1 BF@J10 "
    assert reach(walled + "B5@A4") == FAR
    assert reach(walled + "B3@A4") == 3  # A3, the Bomb on A2, then the Flag
    assert reach("RF@A1 BF@J10 B5@A4") == 3  # no wall: any mover walks in
    assert reach("RF@A1 R9@A2 RB@B1 BF@J10 B5@A4") == 2 + PAST_A_DEFENDER  # past the General
    assert reach("RF@A1 BF@J10 BB@A2") == FAR  # Bombs and Flags never come


def test_classic_hard_evaluation_an_enemy_at_the_flag_with_the_move_is_lost_and_nearer_is_worse() -> None:
    base = "RF@A1 RB@B1 RM@J1 R2@J2 BF@J10 B2@J9 "
    lost = position(base + "B5@A2", spare=False, turn=BLUE)
    assert evaluate(lost, strong=True)[0] < 0.1
    near = position(base + "B5@A3", spare=False, turn=BLUE)
    far = position(base + "B5@A6", spare=False, turn=BLUE)
    assert 0.1 < evaluate(near, strong=True)[0] < evaluate(far, strong=True)[0]


def test_classic_hard_defends_a_flag_an_enemy_stands_next_to_whatever_the_seed() -> None:
    """The enemy Miner is next to the Flag, and no piece can take it this move: every move looks
    lost in the samples (the enemy takes the Flag at once), yet hard walks its Seven towards the
    Miner (an enemy may not know which piece is the Flag) rather than going forward."""
    st = position("RF@A1 RB@B1 R7@D2 R8@H4 R2@J2 BF@J10 B3@A2 B2@J9 BB@H9", spare=False)
    st.pieces[next(p.id for p in st.pieces if p.rank == "3")].moved = True
    whole_armies(st)
    v = view(st, 0)
    for seed in range(3):
        action = COMPUTER.decide(v, 0, Level.HARD, seed)
        assert isinstance(action, Move)
        assert action.frm == parse_square("D2") and action.to in (parse_square("C2"), parse_square("D1")), action
