"""Which Stratego decisions the players may take back by agreement (issue 20 §3,
``test_takeback_engines.py``): never a battle or a scout that showed itself, nor a resignation."""

from __future__ import annotations

from rules.stratego import GAME as STRATEGO
from rules.stratego.actions import Move, OfferDraw, PlaceSetup, Ready, Resign
from rules.stratego.board import parse_square
from tests.rules.test_takeback_engines import verdict
from tests.stratego_positions import position


def move(frm: str, to: str) -> Move:
    return Move(parse_square(frm), parse_square(to))


def test_sg_4_a_plain_move_can_be_taken_back() -> None:
    assert verdict(STRATEGO, position("R5@E4 B7@E8"), 0, move("E4", "E5"))


def test_sg_5_an_attack_showed_ranks_and_cannot() -> None:
    assert not verdict(STRATEGO, position("R5@E4 B7@E5 B3@J8"), 0, move("E4", "E5"))


def test_sg_4_4_a_scout_moving_far_showed_itself_and_cannot() -> None:
    st = position("R2@E2 B7@J8")
    assert not verdict(STRATEGO, st, 0, move("E2", "E4"))
    assert verdict(STRATEGO, st, 0, move("E2", "E3")), "one square: it could be any piece"


def test_sg_6_4_a_draw_offer_can_and_a_resignation_cannot() -> None:
    st = position("R5@E4 B7@E8")
    assert verdict(STRATEGO, st, 0, OfferDraw())
    assert not verdict(STRATEGO, st, 0, Resign())


def test_sg_3_setup_only_a_confirmation_that_did_not_start_the_game() -> None:
    st = STRATEGO.new(2, {"colours": "seat0_red"}, 5)
    draft = PlaceSetup(tuple(st.drafts[0]))
    assert not verdict(STRATEGO, st, 0, draft), "a draft is changed freely, without anyone's agreement"
    assert verdict(STRATEGO, st, 0, Ready()), "the opponent still arranges: nothing was shown"
    STRATEGO.apply(st, 0, Ready())
    assert not verdict(STRATEGO, st, 1, Ready()), "the armies went onto the board"
