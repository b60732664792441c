"""Which decisions the engines let the players take back by agreement (issue 20 §3): never one
that showed something hidden — a battle or a scout (Stratego), a card into or out of a hand, a
drawn card or a turned tile (Shitenno), a fur from the bag or a turned card (Stroganov) — nor a
resignation. Targeted positions per rule, then whole random games checking every decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import ConquerKoku, ConquerTroops, FormLot, Split, UseDraw
from rules.shitenno.actions import Resign as ShitennoResign
from rules.stratego import GAME as STRATEGO
from rules.stratego.actions import Move, OfferDraw, PlaceSetup, Ready, Resign
from rules.stratego.board import parse_square
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Draw
from rules.stroganov.actions import Resign as StroganovResign
from tests.shitenno_play import random_actions
from tests.stratego_positions import position
from tests.stroganov_play import random_players
from tests.toygame import GAME as COUNT
from tests.toygame import Add, Roll


def verdict(game: Any, state: Any, seat: int, action: Any) -> bool:
    """Apply ``action`` to a copy and ask the engine about it."""
    before = game.load(game.dump(state))
    after = game.load(game.dump(state))
    events = game.apply(after, seat, action)
    return bool(game.can_take_back(game.hidden(before), action, after, events))


def move(frm: str, to: str) -> Move:
    return Move(parse_square(frm), parse_square(to))


# --- Stratego ------------------------------------------------------------------------------------


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


# --- Shitenno ------------------------------------------------------------------------------------

NEVER = (ConquerTroops, ConquerKoku, UseDraw, ShitennoResign)
"""SH-8.9 (cards paid from a hand, a stack's tile turned), SH-8.11 (a card drawn), SH-R.1."""


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_shitenno_every_decision_of_a_game(players: int, seed: int) -> None:
    st = SHITENNO.new(players, None, seed)
    seen: dict[str, set[bool]] = {}
    for seat, action in random_actions(st, random.Random(seed)):
        before = SHITENNO.hidden(st)
        events = SHITENNO.apply(st, seat, action)
        can = SHITENNO.can_take_back(before, action, st, events)
        seen.setdefault(type(action).__name__, set()).add(can)
        types = {e["type"] for e in events}
        into_hand = any(e["type"] == "lot_received" and e["cards"] for e in events)
        if isinstance(action, NEVER):
            assert not can, action
        elif isinstance(action, (FormLot, Split)):
            assert can, "SH-7.5: lots are formed from the public pool"
        elif into_hand or "round_started" in types or "game_over" in types:
            assert not can, (action, types)  # SH-7.6: cards into a hand; SH-7.3: a new pool dealt
        else:
            assert can, (action, types)  # a refusal passing the lot on, an empty lot, a flip, an end of turn
    assert False in seen.get("Accept", set()) | seen.get("Choose", set()), "receiving cards: never"
    assert True in seen.get("FormLot", set()) | seen.get("Split", set())


# --- Stroganov -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(1, 4), (2, 5), (3, 6)])
def test_stroganov_every_decision_of_a_game(players: int, seed: int) -> None:
    st = STROGANOV.new(players, None, seed)
    rnd = random.Random(seed)
    seats = [random_players(s, rnd) for s in range(players)]
    verdicts: list[tuple[str, bool]] = []
    while st.stage != "finished":
        (seat,) = STROGANOV.to_act(st)
        action = seats[seat](st, seat)
        before = STROGANOV.load(STROGANOV.dump(st))
        events = STROGANOV.apply(st, seat, action)
        can = STROGANOV.can_take_back(STROGANOV.hidden(before), action, st, events)
        verdicts.append((type(action).__name__, can))
        if isinstance(action, (Draw, StroganovResign)):
            assert not can, "ST-10.2: a fur drawn from the bag at random"
        if any(e["type"] == "ivan_flip" for e in events):
            assert not can, "ST-15: Ivan's card was turned"
        if can:
            assert st.rng == before.rng and st.automa == before.automa and st.landscapes == before.landscapes
    kinds_allowed = {k for k, can in verdicts if can}
    assert {"Move", "EndTurn"} & kinds_allowed, "plain decisions of a turn can be taken back"
    assert not all(can for _, can in verdicts)


def test_stroganov_a_resignation_cannot() -> None:
    st = STROGANOV.new(2, None, 1)
    (seat,) = STROGANOV.to_act(st)
    assert not verdict(STROGANOV, st, seat, StroganovResign())


# --- the toy game the table's tests use ------------------------------------------------------------


def test_count_an_addition_can_a_roll_cannot() -> None:
    st = COUNT.new(2, {"target": 50}, 1)
    (seat,) = COUNT.to_act(st)
    assert verdict(COUNT, st, seat, Add(2))
    assert not verdict(COUNT, st, seat, Roll())
