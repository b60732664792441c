"""The Barrage computer's sense of its Flag's safety (issue 46 §2): how many moves the enemy needs to
take a Flag, and what the evaluation makes of it."""

from __future__ import annotations

from rules.stratego.board import BLUE, RED, parse_square
from rules.stratego.computer.flag_distance import FAR, PAST_A_BOMB, enemy_distance
from rules.stratego.computer.policy import evaluate
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
