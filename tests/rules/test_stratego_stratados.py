"""A finished Stratego game as a StraDoS2 game file (issue 20 §2, rules/stratego/stratados.py):
read back by an XML parser alone, its field and moves replay the game into its final position;
games that format cannot replay get no file."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from rules.stratego import GAME
from rules.stratego.actions import AcceptDraw, Move, OfferDraw, PlaceSetup, Ready, Resign
from rules.stratego.board import BLUE, RED, parse_square
from rules.stratego.setup import parse_code, to_gravon
from rules.stratego.state import StrategoState
from rules.stratego.stratados import field, game_file, representable, square_name
from tests.stratego_play import VARIANTS, random_actions, start


def finished(options: dict[str, Any], seed: int, meta: float = 0.0) -> StrategoState:
    st = start(options, seed)
    for seat, action in random_actions(st, random.Random(seed), meta):
        GAME.apply(st, seat, action)
    return st


def replay_file(text: str, rules: dict[str, Any] | None = None) -> tuple[ET.Element, StrategoState]:
    """What a program that knows only the file can do: both setups from the field (SG-3.5
    strings), then each move from its squares (``K`` is our ``J``). ``rules``: the movement rules
    the game was played with (the two-squares limit, the chase rule), which the file does not name
    (a strict replayer would refuse a move they allowed)."""
    root = ET.fromstring(text)
    assert root.tag == "stratego"
    game = root.find("game")
    assert game is not None
    content = game.find("field").get("content")  # type: ignore[union-attr]
    assert content is not None and len(content) == 100
    army = game.get("type") or "classic"
    movement = {k: v for k, v in (rules or {}).items() if k in ("two_square_limit", "chase_rule")}
    st = GAME.new(2, {**movement, "army": army, "colours": "seat0_red"}, 0)
    GAME.apply(st, 0, PlaceSetup(parse_code(content[:40], army)))
    GAME.apply(st, 1, PlaceSetup(parse_code(content[60:], army)))
    assert set(content[40:60]) == {"A"}
    for seat in (0, 1):
        GAME.apply(st, seat, Ready())
    for n, move in enumerate(game.findall("move"), 1):
        assert move.get("id") == str(n)
        src, dst = (parse_square(move.get(k) or "", gravon=True) for k in ("source", "target"))
        assert "J" not in (move.get("source") or "") + (move.get("target") or "")
        GAME.apply(st, st.turn, Move(src, dst))
    return game, st


def board(st: StrategoState) -> dict[int, tuple[int, str]]:
    return {p.square: (p.colour, p.rank) for p in st.pieces if p.square >= 0}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("army", ["classic", "barrage"])
def test_a_finished_game_replays_from_its_file_alone(army: str, seed: int) -> None:
    st = finished({"army": army, "silent_defence": seed % 2 == 1}, seed)
    assert st.phase == "over"
    text = game_file(st, "Alžběta <Red> & co", "bob")
    assert text is not None and text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    game, replayed = replay_file(text)
    assert game.get("type") == army
    assert [p.text for p in game.findall("player")] == ["Alžběta <Red> & co", "bob"]
    assert board(replayed) == board(st), "the file's moves lead to the game's final position"
    assert replayed.phase == "over" and (replayed.winner, replayed.reason) == (st.winner, st.reason)
    result = game.find("result")
    assert result is not None
    winner = {RED: "1", BLUE: "2"}.get(st.winner, "3")
    assert result.get("winner") == winner
    assert result.get("type") == {"flag": "1", "no_moves": "0", "both_immobile": "2", "move_limit": "4"}[st.reason]


def test_the_field_is_the_starting_position_square_by_square() -> None:
    """Square A1 first, along each rank: each letter is the piece that started there."""
    st = start({}, 7)
    letters = field(st)
    red, blue = parse_code(letters[:40], "classic"), parse_code(letters[60:], "classic")
    assert letters[:40] == to_gravon(st.drafts[RED], RED) and letters[60:] == to_gravon(st.drafts[BLUE], BLUE)
    assert (red, blue) == (st.drafts[RED], st.drafts[BLUE])
    for p in st.pieces:
        letter = letters[p.square]
        assert ("B" <= letter <= "M") == (p.colour == RED), (p, letter)
    assert square_name(9) == "K1" and square_name(0) == "A1" and square_name(99) == "K10"


def test_resignation_draw_and_timeout_have_their_result_types() -> None:
    st = start({"colours": "seat0_red"}, 3)
    GAME.apply(st, 0, Resign())
    game, _ = replay_file(game_file(st, "a", "b") or "")
    assert game.find("result").attrib == {"type": "3", "winner": "2"}  # type: ignore[union-attr]
    st = start({"colours": "seat0_red"}, 3)
    GAME.apply(st, 0, OfferDraw())
    GAME.apply(st, 1, AcceptDraw())
    game, _ = replay_file(game_file(st, "a", "b") or "")
    assert game.find("result").attrib == {"type": "4", "winner": "3"}  # type: ignore[union-attr]
    running = start({}, 3)
    assert game_file(running, "a", "b") is None, "a running game has no file"
    won_on_time = game_file(running, "a", "b", timeout_winner=BLUE)
    assert won_on_time is not None
    game, _ = replay_file(won_on_time)
    assert game.find("result").attrib == {"type": "11", "winner": "2"}  # type: ignore[union-attr]
    assert game_file(GAME.new(2, {}, 3), "a", "b", timeout_winner=RED) is None, "no field before the setups"


def test_games_that_format_cannot_replay_get_no_file() -> None:
    """A rescue made, or a battle Attacker advantage decided, would replay otherwise there."""
    seen = {"rescue": False, "advantage": False, "plain": False}
    for seed, options in enumerate(VARIANTS * 2):
        st = finished(options, seed)
        rescued = any(e[0] == "r" and e[2] >= 0 for e in st.history)
        advantage = any(e[0] == "m" and e[5] >= 0 and e[6] == e[7] and e[8] == "attacker" for e in st.history)
        assert representable(st) == (not rescued and not advantage), (seed, options)
        assert (game_file(st, "a", "b") is None) == (rescued or advantage)
        seen["rescue"] |= rescued
        seen["advantage"] |= advantage
        seen["plain"] |= not (rescued or advantage) and bool(options["rescue"] or options["attacker_advantage"])
        if not (rescued or advantage):
            _, replayed = replay_file(game_file(st, "a", "b") or "", st.options)
            assert board(replayed) == board(st), (seed, options)
    assert all(seen.values()), seen
