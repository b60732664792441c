"""Stroganov's automatic player (rules/stroganov/auto.py; ``test_auto_players.py`` plays every
game's to the end): one automatic seat, solo against Ivan in each difficulty too, ends 12 turns;
every seat automatic takes the lowest board and moves, takes silver and ends each turn; it stays on
the trophy track and passes the songs; a turn taken over in the middle; the seats it refuses; a
longer run of the same games (slow)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules.errors import GameOver, NotYourTurn
from rules.protocol import Ending
from rules.stroganov import GAME as STROGANOV
from rules.stroganov import actions as sa
from rules.stroganov.auto import auto_action as stroganov_auto
from rules.stroganov.engine import DIFFICULTIES, affordable_songs, trophy_payable
from tests.rules.test_auto_players import SEEDS, SLOW_SEEDS, play
from tests.stroganov_play import random_player

STROGANOV_SETUPS = [(1, {"difficulty": d}) for d in DIFFICULTIES] + [
    (1, {"difficulty": "hard", "strategy": "TW"}),
    (2, None),
    (3, None),
    (4, None),
]


def play_stroganov(
    players: int, options: dict[str, str] | None, seed: int, autos: set[int], resign: bool = False
) -> tuple[Any, list[tuple[int, Any]]]:
    """A whole game; ``autos`` play by ``auto_action``, the others by ``random_player``."""
    return play("stroganov", players, options, seed, autos, resign)


def check_stroganov_games(players: int, options: dict[str, str] | None, seeds: range) -> None:
    for seed in seeds:
        seat = seed % players
        st, played = play_stroganov(players, options, seed, {seat})
        assert {s for s, _ in played} == {seat}
        outcome = STROGANOV.outcome(st)
        assert outcome is not None and outcome.ending is Ending.NORMAL
        assert Counter(type(a) for _, a in played)[sa.EndTurn] == 12  # ST-6: 4 years x 3 seasons


@pytest.mark.parametrize(("players", "options"), STROGANOV_SETUPS)
def test_stroganov_one_auto_seat_plays_to_the_end(players: int, options: dict[str, str] | None) -> None:
    """One seat is the automatic player, the others (or Ivan, solo, in each difficulty, ST-15) play at
    random: every automatic action is legal and accepted, and the game ends after the fourth winter
    (ST-12.5) with one END_TURN of the automatic seat per season, 12 in all (ST-7.8)."""
    check_stroganov_games(players, options, SEEDS)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), STROGANOV_SETUPS)
def test_stroganov_one_auto_seat_many_seeds(players: int, options: dict[str, str] | None) -> None:
    """As test_stroganov_one_auto_seat_plays_to_the_end, over more seeds."""
    check_stroganov_games(players, options, SLOW_SEEDS)


@pytest.mark.parametrize(("players", "options"), STROGANOV_SETUPS)
def test_stroganov_every_seat_auto(players: int, options: dict[str, str] | None) -> None:
    """Every seat is automatic: each takes the lowest free board, side A (ST-5.1), and each of its 12
    turns is MOVE 1 (free, ST-7.3), COIN (ST-7.4) and END_TURN (ST-7.8); otherwise only trophy stays
    (ST-11.3.1) and song passes (ST-12.4). The game ends by final scoring (ST-13)."""
    for seed in SEEDS:
        st, played = play_stroganov(players, options, seed, set(range(players)))
        boards = [a for _, a in played if isinstance(a, sa.Board)]
        assert boards == [sa.Board(b, "A") for b in range(1, players + 1)]
        for seat in range(players):
            kinds = Counter(type(a) for s, a in played if s == seat)
            assert kinds[sa.Move] == kinds[sa.Coin] == kinds[sa.EndTurn] == 12
            assert set(kinds) <= {sa.Board, sa.Move, sa.Coin, sa.EndTurn, sa.Trophy, sa.SongPass}
        assert all(a == sa.Trophy(None) for _, a in played if isinstance(a, sa.Trophy))
        assert all(a == sa.Move(1) for _, a in played if isinstance(a, sa.Move))
        assert all(c.coins >= 12 for c in st.cossacks if c.seat is not None)


@pytest.mark.parametrize("players", [3, 4])
def test_stroganov_auto_seat_with_resignations(players: int) -> None:
    """Random seats other than the automatic one resign now and then (ST-R.1–R.3 in
    docs/stroganov.md); the automatic player still only takes legal actions and the game ends."""
    for seed in SEEDS:
        play_stroganov(players, None, 100 + seed, {seed % players}, resign=True)


def test_stroganov_stays_and_passes_when_it_could_pay() -> None:
    """ST-11.3.1: advancing on the trophy track is a choice, so the automatic player stays even when it
    could pay the fur; ST-12.4: buying a song is a choice, so it passes even when it could afford one.
    The situations are found in seeded random games."""
    found: set[str] = set()
    for seed in range(40):
        st = STROGANOV.new(3, None, seed)
        player = random_player(random.Random(seed))
        while st.stage != "finished" and len(found) < 2:
            (seat,) = STROGANOV.to_act(st)
            ci = next(i for i, c in enumerate(st.cossacks) if c.seat == seat)
            if st.queue and trophy_payable(st, ci):
                assert len([a for a in STROGANOV.legal(st, seat) if isinstance(a, sa.Trophy)]) > 1
                assert stroganov_auto(st, seat) == sa.Trophy(None)
                found.add("trophy")
            elif st.stage == "songs" and affordable_songs(st, ci):
                assert stroganov_auto(st, seat) == sa.SongPass()
                found.add("song")
            STROGANOV.apply(st, seat, player(st, seat))
        if len(found) == 2:
            break
    assert found == {"trophy", "song"}


def test_stroganov_turn_in_the_middle() -> None:
    """ST-7.8: END_TURN is only legal after the silver action; a turn taken over after the movement
    goes on with COIN (ST-7.4), one taken over after the silver action ends at once."""
    st = STROGANOV.new(2, None, 3)
    while st.stage == "boards":
        (seat,) = STROGANOV.to_act(st)
        STROGANOV.apply(st, seat, stroganov_auto(st, seat))
    (seat,) = STROGANOV.to_act(st)
    assert sa.EndTurn() not in STROGANOV.legal(st, seat)
    STROGANOV.apply(st, seat, sa.Move(2))
    assert sa.EndTurn() not in STROGANOV.legal(st, seat)
    assert stroganov_auto(st, seat) == sa.Coin()
    STROGANOV.apply(st, seat, sa.Horses())
    assert stroganov_auto(st, seat) == sa.EndTurn()


def test_stroganov_refuses_a_seat_not_to_act_and_a_finished_game() -> None:
    """ST-20.9: only the expected actor gets an automatic action; none once the game is over."""
    st = STROGANOV.new(3, None, 1)
    (seat,) = STROGANOV.to_act(st)
    for other in {0, 1, 2} - {seat}:
        with pytest.raises(NotYourTurn):
            stroganov_auto(st, other)
    st, _ = play_stroganov(2, None, 0, {0, 1})
    with pytest.raises(GameOver):
        stroganov_auto(st, 0)
