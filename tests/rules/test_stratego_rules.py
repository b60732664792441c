"""Stratego rules, one or more tests per rule ID of rules/stratego.md (SG-1 … SG-10)."""

from __future__ import annotations

import pytest

from rules.errors import BadNotation, BadOptions, GameOver, IllegalAction, NotYourTurn, WrongPhase
from rules.protocol import Ending
from rules.stratego import GAME
from rules.stratego.actions import (
    AcceptDraw,
    Move,
    OfferDraw,
    PlaceSetup,
    Ready,
    Rescue,
    Resign,
    Swap,
    parse_action,
)
from rules.stratego.board import BLUE, LAKES, RED, ZONE_ORDER, name, parse_square
from rules.stratego.engine import legal_moves
from rules.stratego.pieces import ARMIES
from rules.stratego.setup import parse_code, preset
from tests.stratego_positions import at, position

R, B = 0, 1  # seats in positions(): seat 0 plays Red


def sq(text: str) -> int:
    return parse_square(text)


def mv(text: str) -> Move:
    action = parse_action(text)
    assert isinstance(action, Move)
    return action


def play(st, *moves: str) -> None:
    """Apply moves alternately for whoever is to move."""
    for m in moves:
        GAME.apply(st, GAME.to_act(st)[0], parse_action(m))


def started(seed: int = 1, **options) -> object:
    st = GAME.new(2, {"colours": "seat0_red", **options}, seed)
    GAME.apply(st, 0, Ready())
    GAME.apply(st, 1, Ready())
    return st


EXAMPLE = "FB3B24B5B3/B4M2356743/2S6682572B/3582792642"


# --- SG-1 board -----------------------------------------------------------------------------


def test_sg_1_1_coordinates() -> None:
    assert name(0) == "A1" and name(9) == "J1" and name(90) == "A10" and name(99) == "J10"


def test_sg_1_2_lakes() -> None:
    assert {name(s) for s in LAKES} == {"C5", "D5", "C6", "D6", "G5", "H5", "G6", "H6"}
    st = position("R7@C4 R2@B4")
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, mv("C4-C5"))
    assert e.value.code == "lake"


def test_sg_1_3_zones() -> None:
    assert {name(s)[1:] for s in ZONE_ORDER[RED]} == {"1", "2", "3", "4"}
    assert {name(s)[1:] for s in ZONE_ORDER[BLUE]} == {"7", "8", "9", "10"}


def test_sg_1_4_case_insensitive_and_gravon_k() -> None:
    assert parse_square("a4") == parse_square("A4")
    assert parse_square("K7", gravon=True) == parse_square("J7")
    with pytest.raises(BadNotation):
        parse_square("K7")
    with pytest.raises(BadNotation) as e:
        parse_square("Z11")
    assert e.value.code == "unknown_square"


# --- SG-2 armies ----------------------------------------------------------------------------


def test_sg_2_1_and_2_2_classic_army_is_40() -> None:
    assert sum(ARMIES["classic"].values()) == 40
    assert ARMIES["classic"]["4"] == 4 and ARMIES["classic"]["2"] == 8


def test_sg_2_3_barrage_army_leaves_squares_empty() -> None:
    st = started(army="barrage")
    assert sum(1 for p in st.pieces if p.colour == RED) == 8
    assert len(st.pieces) == 16


# --- SG-3 setup -----------------------------------------------------------------------------


def test_sg_3_1_colours_at_random_from_the_seed() -> None:
    seen = {GAME.new(2, None, seed).seat_colour for seed in range(40)}
    assert seen == {(RED, BLUE), (BLUE, RED)}
    assert GAME.new(2, {"colours": "seat0_blue"}, 3).seat_colour == (BLUE, RED)
    assert GAME.new(2, None, 7).seat_colour == GAME.new(2, None, 7).seat_colour


def test_sg_3_2_setup_fills_the_zone() -> None:
    with pytest.raises(BadNotation) as e:
        parse_code(EXAMPLE.replace("F", "."), "classic")
    assert e.value.code == "setup_counts" and e.value.params["too_few"] == {"F": 1}


def test_sg_3_3_draft_changes_until_ready_then_final() -> None:
    st = GAME.new(2, {"colours": "seat0_red"}, 5)
    assert set(GAME.to_act(st)) == {0, 1}
    GAME.apply(st, R, PlaceSetup(parse_code(EXAMPLE, "classic")))
    GAME.apply(st, R, Swap(sq("A1"), sq("B1")))
    assert st.drafts[RED][:2] == ("B", "F")
    GAME.apply(st, R, Ready())
    assert GAME.to_act(st) == (1,)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, Swap(sq("A1"), sq("B1")))
    assert e.value.code == "already_ready"
    with pytest.raises(WrongPhase):
        GAME.apply(st, B, mv("A7-A6"))
    GAME.apply(st, B, Ready())
    assert st.phase == "play" and GAME.to_act(st) == (0,), "Red moves first"
    assert at(st, "B1").rank == "F"


def test_sg_3_3_swap_outside_own_zone_is_refused() -> None:
    st = GAME.new(2, {"colours": "seat0_red"}, 5)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, Swap(sq("A1"), sq("A7")))
    assert e.value.code == "not_in_zone"


def test_sg_3_4_example_code_for_both_colours() -> None:
    st = GAME.new(2, {"colours": "seat0_red"}, 5)
    for seat in (R, B):
        GAME.apply(st, seat, parse_action("setup " + EXAMPLE))
        GAME.apply(st, seat, Ready())
    assert at(st, "A1").rank == "F" and at(st, "C2").rank == "M"
    assert at(st, "J10").rank == "F" and at(st, "H9").rank == "M"
    assert at(st, "A1").colour == RED and at(st, "J10").colour == BLUE


def test_sg_3_4_wrong_counts_are_named() -> None:
    code = EXAMPLE.replace("2", "9", 2)  # two Scouts become Generals
    with pytest.raises(BadNotation) as e:
        parse_code(code, "classic")
    assert e.value.params["too_few"] == {"2": 2} and e.value.params["too_many"] == {"9": 2}


@pytest.mark.parametrize(
    ("code", "error", "params"),
    [
        ("FB3B", "setup_length", {"length": 4, "expected": 40}),
        ("FB3B24B5B3/B4M2356743/2S6682572B", "setup_rows", {"rows": 3}),
        ("FB3B24B5B/B4M2356743/2S6682572B/3582792642", "setup_row_length", {"row": 1, "length": 9}),
        ("FB3B24B5BX/B4M2356743/2S6682572B/3582792642", "setup_letter", {"letter": "X", "position": 10}),
    ],
)
def test_sg_3_4_malformed_codes(code: str, error: str, params: dict) -> None:
    with pytest.raises(BadNotation) as e:
        parse_code(code, "classic")
    assert e.value.code == error and e.value.params == params


def test_sg_3_4_barrage_allows_empty_squares() -> None:
    setup = parse_code("FB......../3........./....S...../2..M..9..2", "barrage")
    assert setup.count(".") == 32


def test_sg_3_5_gravon_import_and_export() -> None:
    from rules.stratego.setup import from_gravon, to_gravon

    setup = parse_code(EXAMPLE, "classic")
    red = to_gravon(setup, RED)
    blue = to_gravon(setup, BLUE)
    assert red[0] == "M" and red[12] == "L"  # Flag on A1, Marshal on C2, read from rank 1 up
    assert all("N" <= c <= "Y" for c in blue)
    assert from_gravon(red) == setup and from_gravon(blue) == setup
    assert parse_code(red, "classic") == setup and parse_code(blue, "classic") == setup
    st = GAME.new(2, {"colours": "seat0_red"}, 5)
    GAME.apply(st, B, parse_action("setup " + blue))
    GAME.apply(st, R, Ready())
    GAME.apply(st, B, Ready())
    assert at(st, "J10").rank == "F" and at(st, "H9").rank == "M"


def test_sg_3_5_gravon_mixed_colours_rejected() -> None:
    from rules.stratego.setup import from_gravon

    with pytest.raises(BadNotation) as e:
        from_gravon("MB" + "Y" * 38)
    assert e.value.code == "gravon_mixed_colours"


@pytest.mark.parametrize("army", ["classic", "barrage"])
def test_presets_are_sound(army: str) -> None:
    """Presets: right counts; the classic flag walled by bombs or the edge; miners out of the
    front row; scouts forward (at least three in the front two rows)."""
    from rules.stratego.setup import PRESETS

    assert len(PRESETS[army]) >= (4 if army == "classic" else 2)
    for pname in PRESETS[army]:
        s = preset(army, pname)
        if army != "classic":
            continue
        f = s.index("F")
        row, col = divmod(f, 10)
        neighbours = [
            (row + dr) * 10 + col + dc
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= row + dr < 4 and 0 <= col + dc < 10
        ]
        assert all(s[n] == "B" for n in neighbours), pname
        assert "3" not in s[30:], f"{pname}: miners kept back"
        assert s[20:].count("2") >= 3, f"{pname}: scouts forward"


def test_unknown_preset() -> None:
    with pytest.raises(BadNotation) as e:
        preset("classic", "nope")
    assert e.value.code == "unknown_preset"


def test_random_setup_is_seeded_and_legal() -> None:
    from rules.rng import Rng
    from rules.stratego.setup import check_counts, random_setup

    for army in ("classic", "barrage"):
        a, b = random_setup(army, Rng(9)), random_setup(army, Rng(9))
        assert a == b and check_counts(a, army) == a
    assert random_setup("classic", Rng(1)) != random_setup("classic", Rng(2))


# --- SG-4 moves -----------------------------------------------------------------------------


def test_sg_4_1_alternate_and_no_passing() -> None:
    st = position("R7@E4 B7@E7")
    with pytest.raises(NotYourTurn):
        GAME.apply(st, B, mv("E7-E6"))
    GAME.apply(st, R, mv("E4-E5"))
    with pytest.raises(NotYourTurn):
        GAME.apply(st, R, mv("E5-E6"))
    assert all(isinstance(a, (Move, Resign, OfferDraw)) for a in GAME.legal(st, B))


def test_sg_4_2_one_square_orthogonal() -> None:
    st = position("R7@E4 R6@F4 B7@E7")
    for bad, code in (
        ("E4-F5", "not_adjacent"),
        ("E4-E6", "not_adjacent"),
        ("E4-F4", "own_piece"),
        ("E5-E6", "no_piece"),
        ("E7-E6", "not_your_piece"),
        ("E4-E4", "same_square"),
    ):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, R, mv(bad))
        assert e.value.code == code, bad
    GAME.apply(st, R, mv("E4-D4"))


def test_sg_4_3_bomb_and_flag_never_move() -> None:
    st = position("RB@E4 RF@E3")
    for m in ("E4-E5", "E3-D3"):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, R, mv(m))
        assert e.value.code == "immobile"
    assert all(m.frm not in (sq("E4"), sq("E3")) for m in legal_moves(st, RED))


def test_sg_4_4_scout_moves_far_and_is_revealed() -> None:
    st = position("R2@E2 B7@E9")
    GAME.apply(st, R, mv("E2-E7"))
    assert at(st, "E7").revealed
    st = position("R2@E2 B7@E9")
    GAME.apply(st, R, mv("E2-E3"))
    assert not at(st, "E3").revealed, "a one-square Scout move reveals nothing"


def test_sg_4_4_scout_attacks_at_end_of_move() -> None:
    st = position("R2@E2 B4@E8")
    events = GAME.apply(st, R, mv("E2xE8"))
    assert events[0]["battle"] == "defender" and at(st, "E2") is None


def test_sg_10_5_scout_lines() -> None:
    st = position("R2@A4 B5@A7 R2@B4 R2@C4")
    moves = {m.notation() for m in legal_moves(st, RED)}
    assert "A4xA7" in moves and "A4-A8" not in moves and "A4-A6" in moves
    assert "B4-B6" in moves
    assert not any(m.startswith("C4-C5") or m.startswith("C4-C6") for m in moves)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, mv("A4-A8"))
    assert e.value.code == "blocked"
    for bad in ("C4-C6", "C4-C5"):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, R, mv(bad))
        assert e.value.code == "lake"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, mv("B4-C5"))
    assert e.value.code in ("lake", "not_straight")
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, mv("A4-B5"))
    assert e.value.code == "not_straight"


def test_sg_4_5_and_10_6_two_squares_rule_limit_3() -> None:
    st = position("R7@B4 B7@H9")
    play(st, "B4-B5", "H9-H8", "B5-B4", "H8-H9", "B4-B5", "H9-H8")
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, mv("B5-B4"))
    assert e.value.code == "two_squares" and e.value.params["limit"] == 3
    assert mv("B5-B4") not in legal_moves(st, RED)
    GAME.apply(st, R, mv("B5-A5"))


def test_sg_10_6_other_piece_resets_the_count() -> None:
    st = position("R7@B4 R6@F3 B7@H9")
    play(st, "B4-B5", "H9-H8", "B5-B4", "H8-I8", "F3-F4", "I8-I9", "B4-B5", "I9-H9")
    GAME.apply(st, R, mv("B5-B4"))


def test_sg_4_5_limit_5() -> None:
    st = position("R7@B4 B7@H9", two_square_limit=5)
    play(st, "B4-B5", "H9-H8", "B5-B4", "H8-H9", "B4-B5", "H9-H8", "B5-B4", "H8-H9", "B4-B5", "H9-H8")
    with pytest.raises(IllegalAction):
        GAME.apply(st, R, mv("B5-B4"))


def test_sg_4_5_attacks_count_and_scouts_use_end_points() -> None:
    st = position("R2@A1 B7@H9 R6@J1")
    play(st, "A1-A4", "H9-H8", "A4-A1", "H8-H9", "A1-A4", "H9-H8")
    with pytest.raises(IllegalAction):
        GAME.apply(st, R, mv("A4-A1"))
    GAME.apply(st, R, mv("A4-A2"))  # a third square


def test_sg_4_6_chase_rule() -> None:
    """Blue's Captain runs round the square F3-F4-G4-G3 and Red's Major follows one step behind;
    after one lap Red's next chasing move would recreate the position after his first one."""
    st = position("R7@F2 B6@F3 R5@A1 B5@J10", chase_rule=True, turn=BLUE)
    play(st, "F3-F4", "F2-F3", "F4-G4", "F3-F4", "G4-G3", "F4-G4", "G3-F3", "G4-G3", "F3-F4")
    assert st.chase[RED], "a chase is in progress"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, mv("G3-F3"))
    assert e.value.code == "chase"
    assert mv("G3-F3") not in legal_moves(st, RED)
    GAME.apply(st, R, mv("A1-A2"))  # a non-chasing move ends the chase
    assert not st.chase[RED]


def test_sg_4_6_chaser_may_step_back() -> None:
    """The exception: going back to the square the chasing piece left on its previous turn."""
    st = position("R7@E3 B6@F3 R5@A1 B5@J10", chase_rule=True, turn=BLUE, two_square_limit=5)
    play(st, "F3-F4", "E3-E4", "F4-F3", "E4-E3", "F3-F4")
    # E3-E4 recreates the position after Red's first chasing move, but the Major left E4 on
    # its previous turn, so it may go back there.
    GAME.apply(st, R, mv("E3-E4"))
    assert st.chase[RED] and st.chase[RED].count(st.chase[RED][-1]) == 2


def test_sg_4_6_off_by_default() -> None:
    st = position("R7@F2 B6@F3 R5@A1 B5@J10", turn=BLUE)
    play(st, "F3-F4", "F2-F3", "F4-G4", "F3-F4", "G4-G3", "F4-G4", "G3-F3", "G4-G3", "F3-F4", "G3-F3")


def test_sg_4_7_move_limit_draw() -> None:
    st = position("R7@A4 B7@J7", no_capture_limit=4, spare=False)
    play(st, "A4-A5", "J7-J6", "A5-A6", "J6-J5")
    assert st.phase == "over" and st.reason == "move_limit" and GAME.outcome(st).draw


def test_sg_4_7_battle_resets_the_count() -> None:
    st = position("R7@A4 B5@A6 B7@J7 R6@E1", no_capture_limit=4, spare=False)
    play(st, "A4-A5", "J7-J6", "A5xA6", "J6-J5", "E1-E2", "J5-J4")
    assert st.phase == "play" and st.no_battle == 3


# --- SG-5 attacks ---------------------------------------------------------------------------


def test_sg_5_2_both_ranks_revealed_classic() -> None:
    st = position("R6@E5 B8@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").revealed
    v = GAME.view(st, None)
    assert v.board[sq("E6")].rank == "8"
    assert v.captured[RED] == ("6",)
    assert v.last_battle.notation == "E5xE6 (6x8)"


def test_sg_5_3_winner_moves_in_or_stays() -> None:
    st = position("R8@E5 B6@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").rank == "8" and at(st, "E5") is None
    st = position("R6@E5 B8@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").rank == "8" and at(st, "E6").colour == BLUE and at(st, "E5") is None


def test_sg_10_2_spy_and_marshal() -> None:
    st = position("RS@E5 BM@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").rank == "S" and at(st, "E5") is None
    st = position("RS@E5 BM@E6", turn=BLUE)
    GAME.apply(st, B, mv("E6xE5"))
    assert at(st, "E5").rank == "M" and at(st, "E6") is None


def test_sg_5_6_spy_loses_other_attacks() -> None:
    st = position("RS@E5 B4@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").rank == "4" and at(st, "E5") is None
    st = position("RS@E5 BS@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6") is None and at(st, "E5") is None


def test_sg_10_3_bombs_and_miners() -> None:
    st = position("R4@E5 BB@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").rank == "B" and at(st, "E5") is None
    st = position("R3@E5 BB@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").rank == "3" and at(st, "E6").colour == RED


def test_sg_10_4_equal_ranks_and_attacker_advantage() -> None:
    st = position("R6@E5 B6@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6") is None and at(st, "E5") is None
    st = position("R6@E5 B6@E6", attacker_advantage=True)
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").colour == RED and at(st, "E5") is None


def test_sg_8_1_bomb_and_flag_unaffected_by_attacker_advantage() -> None:
    st = position("R4@E5 BB@E6", attacker_advantage=True)
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").rank == "B"


def test_sg_5_7_and_6_1_flag_capture_wins() -> None:
    st = position("R4@E5 BF@E6")
    GAME.apply(st, R, mv("E5xE6"))
    out = GAME.outcome(st)
    assert out.winners == (R,) and out.ending is Ending.NORMAL
    with pytest.raises(GameOver):
        GAME.apply(st, B, mv("J10-J9"))


def test_sg_5_1_attack_is_optional() -> None:
    st = position("R4@E5 B6@E6")
    GAME.apply(st, R, mv("E5-F5"))
    assert at(st, "E6").rank == "6" and at(st, "F5").rank == "4"


# --- SG-6 end of game -----------------------------------------------------------------------


def test_sg_6_2_and_10_7_only_bombs_and_flag_left_loses() -> None:
    st = position("R7@E5 B6@E6 BB@A10 BF@B10 RF@A1", spare=False)
    GAME.apply(st, R, mv("E5xE6"))
    out = GAME.outcome(st)
    assert out.winners == (R,) and out.ending is Ending.NO_MOVES


def test_sg_6_2_blocked_pieces_lose() -> None:
    """Blue's only movable piece is walled in by its own bombs and the board edge."""
    st = position("R7@E4 RF@A1 B4@J10 BB@I10 BB@J9 BF@A10", spare=False)
    GAME.apply(st, R, mv("E4-E5"))
    assert GAME.outcome(st).ending is Ending.NO_MOVES and GAME.outcome(st).winners == (R,)


def test_sg_6_2_two_squares_rule_can_leave_no_move() -> None:
    st = position("R7@A1 RB@A3 RB@B2 RF@B1 B7@J10 BF@A10", spare=False)
    # Red's Major can only shuttle A1-A2; Blue wanders.
    play(st, "A1-A2", "J10-J9", "A2-A1", "J9-J10", "A1-A2")
    assert GAME.outcome(st) is None
    GAME.apply(st, B, mv("J10-J9"))  # now A2-A1 would be Red's fourth shuttle: no move left
    assert GAME.outcome(st).ending is Ending.NO_MOVES and GAME.outcome(st).winners == (B,)


def test_sg_6_3_both_immobile_draw() -> None:
    st = position("R6@E5 B6@E6 RF@A1 BF@J10", spare=False)
    GAME.apply(st, R, mv("E5xE6"))
    out = GAME.outcome(st)
    assert out.draw and out.ending is Ending.NO_MOVES


def test_sg_6_4_resign() -> None:
    st = position("R6@E5 B6@E7")
    GAME.apply(st, B, Resign())
    assert GAME.outcome(st).winners == (R,) and GAME.outcome(st).ending is Ending.RESIGNED


def test_sg_6_4_resign_during_setup() -> None:
    st = GAME.new(2, {"colours": "seat0_red"}, 1)
    GAME.apply(st, R, Resign())
    assert GAME.outcome(st).winners == (B,)


def test_sg_6_4_draw_offer_accept() -> None:
    st = position("R6@E5 B6@E7")
    GAME.apply(st, R, OfferDraw())
    with pytest.raises(IllegalAction):
        GAME.apply(st, R, OfferDraw())
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, R, AcceptDraw())
    assert e.value.code == "no_draw_offer"
    GAME.apply(st, R, mv("E5-E6"))
    assert st.draw_offer == RED, "the offerer's own move keeps the offer open"
    GAME.apply(st, B, AcceptDraw())
    assert GAME.outcome(st).draw and GAME.outcome(st).ending is Ending.AGREED_DRAW


def test_sg_6_4_moving_declines() -> None:
    st = position("R6@E5 B6@E8")
    GAME.apply(st, R, OfferDraw())
    GAME.apply(st, R, mv("E5-E6"))
    events = GAME.apply(st, B, mv("E8-E9"))
    assert events[0]["draw_declined"] and st.draw_offer == -1
    with pytest.raises(IllegalAction):
        GAME.apply(st, B, AcceptDraw())


def test_sg_6_5_reasons_in_outcome() -> None:
    st = position("R4@E5 BF@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert GAME.outcome(st).to_json() == {"winners": [0], "ending": "normal", "draw": False, "scores": None}


# --- SG-7 hidden information ----------------------------------------------------------------


def test_sg_7_1_and_7_3_own_ranks_only() -> None:
    st = started(seed=3)
    red, blue, public = GAME.view(st, R), GAME.view(st, B), GAME.view(st, None)
    for s in ZONE_ORDER[RED]:
        assert red.board[s].rank is not None and blue.board[s].rank is None and public.board[s].rank is None
    for s in ZONE_ORDER[BLUE]:
        assert blue.board[s].rank is not None and red.board[s].rank is None


def test_sg_7_2_known_rank_follows_the_piece() -> None:
    st = position("R8@E4 B5@E5", turn=BLUE)
    GAME.apply(st, B, mv("E5xE4"))  # Blue's Lieutenant loses; the Colonel is revealed
    GAME.apply(st, R, mv("E4-F4"))
    assert GAME.view(st, B).board[sq("F4")].rank == "8"
    assert GAME.view(st, None).board[sq("F4")].rank == "8"


def test_sg_7_4_setup_secret() -> None:
    st = GAME.new(2, {"colours": "seat0_red"}, 2)
    GAME.apply(st, R, Ready())
    blue, public = GAME.view(st, B), GAME.view(st, None)
    assert all(p is None for s, p in enumerate(blue.board) if s in ZONE_ORDER[RED])
    assert all(p is None for p in public.board)
    assert public.ready == (True, False)
    assert GAME.view(st, R).board[ZONE_ORDER[RED][0]] is not None


def test_sg_7_5_history_is_public() -> None:
    st = position("R6@E5 B8@E6")
    GAME.apply(st, R, mv("E5xE6"))
    assert [h.notation for h in GAME.view(st, None).history] == ["E5xE6 (6x8)"]


def test_game_over_reveals_everything() -> None:
    st = started(seed=4)
    GAME.apply(st, R, Resign())
    public = GAME.view(st, None)
    assert all(p.rank is not None for p in public.board if p is not None)
    assert public.result.winner == "blue" and public.result.reason == "resign"


# --- SG-8 variants --------------------------------------------------------------------------


def test_sg_10_8_silent_defence() -> None:
    st = position("R8@E5 B7@E6", silent_defence=True)
    GAME.apply(st, R, mv("E5xE6"))
    red, blue, public = GAME.view(st, R), GAME.view(st, B), GAME.view(st, None)
    assert red.last_battle.battle.defender_rank is None and red.last_battle.battle.result == "attacker"
    assert public.last_battle.battle.defender_rank is None
    assert public.last_battle.notation == "E5xE6 (8x?)"
    assert blue.last_battle.battle.attacker_rank == "8" and blue.last_battle.battle.defender_rank == "7"
    assert red.captured[BLUE] == (None,) and public.captured[BLUE] == (None,)
    assert blue.captured[BLUE] == ("7",), "each player keeps his own captured pieces (SG-5.8)"
    assert public.board[sq("E6")].rank == "8"


def test_sg_8_2_silent_defender_who_wins_stays_hidden() -> None:
    st = position("R5@E5 B7@E6", silent_defence=True)
    GAME.apply(st, R, mv("E5xE6"))
    assert GAME.view(st, R).board[sq("E6")].rank is None
    assert GAME.view(st, None).board[sq("E6")].rank is None
    assert GAME.view(st, B).board[sq("E6")].rank == "7"


def test_sg_10_8_silent_defence_scout_attack_reveals_both() -> None:
    st = position("R2@E2 B7@E6", silent_defence=True)
    GAME.apply(st, R, mv("E2xE6"))
    public = GAME.view(st, None)
    assert public.last_battle.battle.defender_rank == "7"
    assert public.board[sq("E6")].rank == "7"


def test_sg_10_9_rescue() -> None:
    st = position("R5@B9 R3@F3 B6@F4 B7@H9", rescue=True, turn=BLUE)
    GAME.apply(st, B, mv("F4xF3"))  # Blue's Captain captures Red's Miner
    GAME.apply(st, R, mv("B9-B10"))
    assert st.rescue_from >= 0 and GAME.to_act(st) == (R,)
    assert GAME.view(st, None).rescue_pending == "red"
    with pytest.raises(WrongPhase):
        GAME.apply(st, R, mv("B10-A10"))
    with pytest.raises(NotYourTurn):
        GAME.apply(st, B, mv("H9-H8"))
    for bad, code in (
        ("R:3@C7", "rescue_not_own_half"),
        ("R:3@C5", "rescue_not_own_half"),
        ("R:7@E2", "rescue_not_captured"),
        ("R:3@B10", "rescue_not_own_half"),
    ):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, R, parse_action(bad))
        assert e.value.code == code, bad
    GAME.apply(st, R, parse_action("R:3@E2"))
    assert at(st, "E2").rank == "3" and at(st, "E2").revealed
    assert st.rescues[RED] == 1 and at(st, "B10").rescuer
    assert GAME.view(st, B).board[sq("E2")].rank == "3"
    assert GAME.to_act(st) == (B,)
    # The same Lieutenant cannot rescue again.
    play(st, "H9-H8", "B10-A10", "H8-H9", "A10-B10")
    assert st.rescue_from < 0


def test_sg_8_3_scouts_cannot_rescue_and_bombs_cannot_be_rescued() -> None:
    st = position("R2@B2 RB@F3 B3@F4 B7@H9", rescue=True, turn=BLUE)
    GAME.apply(st, B, mv("F4xF3"))
    GAME.apply(st, R, mv("B2-B10"))
    assert st.rescue_from < 0, "a Scout cannot rescue"
    st = position("R5@B9 RB@F3 B3@F4 B7@H9", rescue=True, turn=BLUE)
    GAME.apply(st, B, mv("F4xF3"))
    GAME.apply(st, R, mv("B9-B10"))
    assert st.rescue_from < 0, "only a Bomb was captured: nothing to rescue"


def test_sg_8_3_decline_keeps_the_rescue() -> None:
    st = position("R5@B9 R4@C9 R3@F3 B9@F4 B7@H9", rescue=True, turn=BLUE)
    play(st, "F4xF3", "B9-B10", "R:-")
    assert st.rescues[RED] == 0 and st.history[-1] == ["r", RED, -1, "", -1]
    assert not at(st, "B10").rescuer and GAME.to_act(st) == (B,)
    assert [h.notation for h in GAME.view(st, None).history][-1] == "R:-"
    play(st, "H9-H8", "C9-C10", "R:3@E3")
    assert st.rescues[RED] == 1


def test_sg_8_3_rescue_limit_two() -> None:
    st = position("R5@B9 R4@C9 R6@D9 R3@F3 R3@F2 R3@F1 B9@F4 B7@H9", rescue=True, turn=BLUE)
    play(st, "F4xF3", "B9-B10", "R:3@E3", "F3xF2", "C9-C10", "R:3@E2", "F2xF1", "D9-D10")
    assert st.rescues[RED] == 2 and st.rescue_from < 0, "a third rescue is not offered"


def test_sg_8_4_variants_combine() -> None:
    st = position(
        "R6@E5 B6@E6", attacker_advantage=True, silent_defence=True, rescue=True, two_square_limit=5, chase_rule=True
    )
    GAME.apply(st, R, mv("E5xE6"))
    assert at(st, "E6").colour == RED
    assert GAME.view(st, None).last_battle.notation == "E5xE6 (6x?)"


def test_bad_options_rejected() -> None:
    for opts in ({"two_square_limit": 4}, {"army": "huge"}, {"rescue": "yes"}, {"speed": 1}, {"no_capture_limit": -1}):
        with pytest.raises(BadOptions):
            GAME.new(2, opts, 1)
    with pytest.raises(BadOptions):
        GAME.new(3, None, 1)


# --- SG-9 notation --------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["a4a5", "A4 A5", "A4-A5", "a4-a5"])
def test_sg_9_1_move_input_forms(text: str) -> None:
    assert parse_action(text) == Move(sq("A4"), sq("A5"), False)


def test_sg_9_1_attack_and_record_form() -> None:
    assert parse_action("A4xA5") == Move(sq("A4"), sq("A5"), True)
    assert parse_action("A4xA5 (6x4)") == Move(sq("A4"), sq("A5"), True)


@pytest.mark.parametrize(
    "text",
    [
        "A4-A5",
        "A4xA5",
        "J10-J9",
        "R:7@C3",
        "R:-",
        "R:M@E1",
        "ready",
        "resign",
        "offer-draw",
        "accept-draw",
        "swap A1 J4",
        "setup " + EXAMPLE,
    ],
)
def test_sg_9_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert action.notation() == text
    assert parse_action(action.notation()) == action


def test_sg_9_2_rescue_notation() -> None:
    assert parse_action("R:7@C3") == Rescue("7", sq("C3"))
    assert parse_action("r:10@c3") == Rescue("M", sq("C3"))
    assert parse_action("R:-") == Rescue(None, None)


@pytest.mark.parametrize("text", ["", "A4", "A4-Z9", "hello", "R:X@C3", "swap A1", "A11-A10"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(BadNotation):
        parse_action(text)


def test_sg_9_3_record_hides_setups_until_over() -> None:
    from rules.stratego.record import record

    st = started(seed=8)
    text = record(st, None)
    assert "Red setup: hidden" in text and "Blue setup: hidden" in text and "Seed" not in text
    mine = record(st, R, seed=8)
    assert "Blue setup: hidden" in mine and "Red setup: hidden" not in mine and "Seed" not in mine


def test_sg_9_3_record_replays_exactly() -> None:
    from rules.stratego.record import record, replay
    from rules.stratego.state import dump

    st = started(seed=8, rescue=True, silent_defence=True)
    moves = legal_moves(st, RED)
    GAME.apply(st, R, moves[0])
    GAME.apply(st, B, OfferDraw())
    GAME.apply(st, R, AcceptDraw())
    text = record(st, None, seed=8)
    assert "Result: draw agreed_draw" in text
    assert dump(replay(text)) == dump(st)
    without_seed = replay(record(st, None))
    assert without_seed.pieces == st.pieces and without_seed.history == st.history


def test_replay_of_incomplete_record_is_refused() -> None:
    from rules.stratego.record import record, replay

    with pytest.raises(BadNotation) as e:
        replay(record(started(seed=8), None))
    assert e.value.code == "record_incomplete"


# --- SG-10.1 --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_sg_10_1_first_moves_only_from_the_front(seed: int) -> None:
    st = started(seed=seed)
    for m in legal_moves(st, RED):
        assert name(m.frm)[1:] == "4", m.notation()
        assert name(m.to)[1:] == "5" or GAME.view(st, R).board[m.frm].rank == "2"


def test_sg_8_3_rescue_brings_back_a_piece_the_opponent_knows() -> None:
    """Two captured Majors, one identified by Blue, one not (Silent defence): the rescue returns
    the identified one, so Blue learns nothing beyond the rescued rank."""
    st = position("R7@B5 R7@E5 R4@B9 B9@E6 B8@B6 B7@H9", rescue=True, silent_defence=True)
    play(st, "E5xE6", "B6xB5")  # the E5 Major attacks (revealed), the B5 Major defends (hidden)
    assert [p.revealed for p in st.pieces if p.rank == "7" and p.colour == RED] == [False, True]
    play(st, "B9-B10", "R:7@E2")
    assert GAME.view(st, B).captured[RED] == (None,), "the unidentified Major stays unknown"


def test_sg_3_5_record_exports_both_forms() -> None:
    from rules.stratego.record import record

    st = started(seed=8)
    text = record(st, R)
    assert "Red StraDoS2: " in text and "Blue StraDoS2" not in text
