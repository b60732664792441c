"""Shitenno's automatic player (rules/shitenno/auto.py; ``test_auto_players.py`` plays every game's
to the end): one automatic seat never conquers, so it places no stone; every seat automatic plays
24 / N rounds of sharing and ending turns; the Tairō's offers and splits, the chooser, the control
phase and the seats it refuses; a longer run of the same games (slow)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules.errors import GameOver, NotYourTurn
from rules.protocol import Ending
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import Accept, Choose, ConquerKoku, ConquerTroops, EndTurn, FormLot, Refuse, Split
from rules.shitenno.auto import auto_action as shitenno_auto
from tests.rules.test_auto_players import SEEDS, SLOW_SEEDS, play
from tests.shitenno_play import control_state, find_koku, four_player_sharing, sharing_state, take


def play_shitenno(players: int, seed: int, autos: set[int], resign: bool = False) -> tuple[Any, list[tuple[int, Any]]]:
    """A whole game; ``autos`` play by ``auto_action``, the others at random."""
    return play("shitenno", players, None, seed, autos, resign)


def check_shitenno_games(players: int, seeds: range) -> None:
    for seed in seeds:
        seat = seed % players
        st, played = play_shitenno(players, seed, {seat})
        assert played and {s for s, _ in played} == {seat}
        assert not any(s == seat for stones in st.board.values() for s, _ in stones)
        assert not any(isinstance(a, ConquerKoku | ConquerTroops) for _, a in played)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shitenno_one_auto_seat_plays_to_the_end(players: int) -> None:
    """One seat is the automatic player, the others play at random: every automatic action is
    legal and accepted, and the game ends (SH-9.1: the koku deck runs out at the latest). The
    automatic seat never conquers (SH-8.14: it ends its turn at once), so it places no stone."""
    check_shitenno_games(players, SEEDS)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_shitenno_one_auto_seat_many_seeds(players: int) -> None:
    """As test_shitenno_one_auto_seat_plays_to_the_end, over more seeds."""
    check_shitenno_games(players, SLOW_SEEDS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shitenno_every_seat_auto(players: int) -> None:
    """Every seat is automatic: nobody conquers, so only the empty koku deck ends the game (SH-7.3,
    SH-9.1), after exactly 24 / N rounds (SH-13.8); each round has one sharing (SH-7.4) and one
    END_TURN per seat (SH-8.14). Final scoring is koku only (SH-9.3.2): no province has a stone."""
    for seed in SEEDS:
        st, played = play_shitenno(players, seed, set(range(players)))
        outcome = SHITENNO.outcome(st)
        assert outcome is not None and outcome.ending is Ending.NORMAL
        assert st.round == 24 // players
        assert all(not stones for stones in st.board.values())
        ends = Counter(s for s, a in played if isinstance(a, EndTurn))
        assert ends == {s: st.round for s in range(players)}
        assert not any(isinstance(a, Refuse) for _, a in played)


@pytest.mark.parametrize("players", [3, 4])
def test_shitenno_auto_seat_with_resignations(players: int) -> None:
    """Random seats other than the automatic one resign now and then (SH-R.1–R.3 in
    docs/shitenno.md); the automatic player still only takes legal actions and the game ends, by
    final scoring or when one player is left (SH-R.2)."""
    for seed in SEEDS:
        play_shitenno(players, 100 + seed, {seed % players}, resign=True)


def test_shitenno_tairo_offers_highest_title_with_an_equal_share() -> None:
    """SH-7.4.1, SH-7.5: with 4 pending the automatic Tairo offers the highest free title with the
    first len(pool) // 4 pool cards; SH-7.4.3: an automatic player offered a lot accepts it."""
    st, cards = four_player_sharing()  # seat 1 is Daimyo and Tairo; pool of 4 cards
    assert shitenno_auto(st, 1) == FormLot("Daimyo", (cards[0],))
    SHITENNO.apply(st, 1, shitenno_auto(st, 1))
    (asked,) = SHITENNO.to_act(st)
    assert shitenno_auto(st, asked) == Accept()
    SHITENNO.apply(st, asked, Accept())
    assert SHITENNO.to_act(st) == (1,)
    assert shitenno_auto(st, 1) == FormLot("Shomyo", (cards[1],))  # 3 cards, 3 pending


def test_shitenno_split_and_choose() -> None:
    """SH-7.4.5: with 2 pending the automatic Tairo splits the two highest free titles, the pool cut in
    half (lot A the first half, with the higher title); the automatic chooser takes lot A."""
    st = sharing_state(["Shomyo", "Hatamoto"])  # 2 players: seat 0 is Tairo, all 4 tiles free
    cards = [find_koku(st, 1), find_koku(st, 2), find_koku(st, 3)]
    take(st, *cards)
    assert st.sharing is not None
    st.sharing.pool = list(cards)
    assert shitenno_auto(st, 0) == Split("Daimyo", (cards[0],), "Shomyo", tuple(cards[1:]))
    SHITENNO.apply(st, 0, shitenno_auto(st, 0))
    assert shitenno_auto(st, 1) == Choose("A")
    SHITENNO.apply(st, 1, Choose("A"))
    assert st.players[1].title == "Daimyo" and st.players[0].title == "Shomyo"


def test_shitenno_control_prefers_end_turn_over_a_legal_conquest() -> None:
    """SH-8.14: END_TURN is legal at any time of one's own turn; the automatic player takes it even
    when a conquest (here CONQUER_KOKU, SH-8.6) is legal, so it never hastens the end (SH-9.1)."""
    st = control_state(["Daimyo", "Shomyo", "Sensei", "Hatamoto"], active=1)
    koku = find_koku(st, 3)
    take(st, koku)
    st.players[1].koku = [koku]  # pays position 1 of a 3-figure province (SH-2.4: 3 VP)
    assert SHITENNO.to_act(st) == (1,)
    assert any(isinstance(a, ConquerKoku) for a in SHITENNO.legal(st, 1))
    assert shitenno_auto(st, 1) == EndTurn()


def test_shitenno_refuses_a_seat_not_to_act_and_a_finished_game() -> None:
    """SH-10: only the expected actor gets an automatic action; SH-6.2: none once finished."""
    st, _ = four_player_sharing()
    for seat in (0, 2, 3):
        with pytest.raises(NotYourTurn):
            shitenno_auto(st, seat)
    st, _ = play_shitenno(2, 0, {0, 1})
    with pytest.raises(GameOver):
        shitenno_auto(st, 0)
