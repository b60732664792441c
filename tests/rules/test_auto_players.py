"""The automatic players (rules/shitenno/auto.py, rules/stroganov/auto.py, rules/auto.py).

Whole seeded games where one seat, or every seat, is played only by ``auto_action`` and the others by
random legal choices (never RESIGN unless a test makes a random seat resign). Every automatic action
is checked before it is applied: reading the state changes nothing, the same state gives the same
action, it is listed by ``legal``, it is not RESIGN, its notation parses back to it (the store logs
actions by notation), and ``load(dump(state))`` equals the state; ``apply`` must then accept it. Every
game must end with an outcome within ``LIMIT`` actions. A longer run of the same games is marked slow.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from cogs import games
from rules.errors import GameOver, NotYourTurn
from rules.protocol import AnyGame, Ending
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import Accept, Choose, ConquerKoku, ConquerTroops, EndTurn, FormLot, Refuse, Split
from rules.shitenno.actions import Resign as ShitennoResign
from rules.shitenno.auto import auto_action as shitenno_auto
from rules.stroganov import GAME as STROGANOV
from rules.stroganov import actions as sa
from rules.stroganov.auto import auto_action as stroganov_auto
from rules.stroganov.engine import DIFFICULTIES, affordable_songs, trophy_payable
from tests.playouts import playouts
from tests.shitenno_play import control_state, find_koku, four_player_sharing, random_actions, sharing_state, take
from tests.stroganov_play import random_player

LIMIT = 2000
"""Actions a whole game may take (measured: at most about 250 with 4 players)."""
SEEDS = range(6)
SLOW_SEEDS = range(6, 6 + playouts(150))
"""The many-seeds tests' seeds: 30 under ``make test``, 150 under ``make soak`` (tests/playouts.py)."""
RESIGN_P = 0.02
"""Per action of a random seat, the chance that a random seat still playing, other than the automatic
one, resigns (SH-R, ST-R in docs/)."""
STROGANOV_SETUPS = [(1, {"difficulty": d}) for d in DIFFICULTIES] + [
    (1, {"difficulty": "hard", "strategy": "TW"}),
    (2, None),
    (3, None),
    (4, None),
]

AutoFn = Callable[[Any, int], Any]


def auto_move(game: AnyGame, fn: AutoFn, st: Any, seat: int) -> Any:
    """The automatic action for ``seat``, checked as the module docstring says, then applied."""
    data = game.dump(st)
    a = fn(st, seat)
    assert game.dump(st) == data, "auto_action changed the state"
    assert not isinstance(a, ShitennoResign | sa.Resign) and a.notation() != "resign"
    assert game.parse_action(a.notation(), st) == a
    copy = game.load(data)
    assert copy == st
    assert fn(copy, seat) == a, "auto_action is not deterministic"
    assert a in game.legal(st, seat)
    game.apply(st, seat, a)
    return a


def resign_one(game: AnyGame, st: Any, players: int, rnd: random.Random, keep: set[int], resigned: list[int]) -> bool:
    """With probability ``RESIGN_P``, a random seat still playing and not in ``keep`` resigns."""
    if rnd.random() >= RESIGN_P:
        return False
    seats = [s for s in range(players) if s not in keep and s not in resigned]
    if not seats:
        return False
    seat = rnd.choice(seats)
    game.apply(st, seat, ShitennoResign() if game is SHITENNO else sa.Resign())
    resigned.append(seat)
    return True


# ---------------------------------------------------------------- Shitenno


def play_shitenno(players: int, seed: int, autos: set[int], resign: bool = False) -> tuple[Any, list[tuple[int, Any]]]:
    """A whole game; ``autos`` play by ``auto_action``, the others by ``random_actions`` (its generator
    is only advanced when a random seat must act, so it always reads the current state)."""
    st = SHITENNO.new(players, None, seed)
    rnd = random.Random(seed)
    randoms = random_actions(st, rnd)
    played: list[tuple[int, Any]] = []
    resigned: list[int] = []
    for _ in range(LIMIT):
        if st.phase == "finished":
            break
        (seat,) = SHITENNO.to_act(st)
        if seat in autos:
            played.append((seat, auto_move(SHITENNO, shitenno_auto, st, seat)))
            continue
        if resign and resign_one(SHITENNO, st, players, rnd, autos, resigned):
            continue
        who, act = next(randoms)
        assert who == seat
        SHITENNO.apply(st, seat, act)
    assert SHITENNO.outcome(st) is not None, f"no end within {LIMIT} actions"
    assert not set(resigned) & autos
    return st, played


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


# ---------------------------------------------------------------- Stroganov


def play_stroganov(
    players: int, options: dict[str, str] | None, seed: int, autos: set[int], resign: bool = False
) -> tuple[Any, list[tuple[int, Any]]]:
    """A whole game; ``autos`` play by ``auto_action``, the others by ``random_player``."""
    st = STROGANOV.new(players, options, seed)
    rnd = random.Random(seed)
    randoms = {s: random_player(rnd) for s in range(players) if s not in autos}
    played: list[tuple[int, Any]] = []
    resigned: list[int] = []
    for _ in range(LIMIT):
        if st.stage == "finished":
            break
        (seat,) = STROGANOV.to_act(st)
        if seat in autos:
            played.append((seat, auto_move(STROGANOV, stroganov_auto, st, seat)))
            continue
        if resign and resign_one(STROGANOV, st, players, rnd, autos, resigned):
            continue
        STROGANOV.apply(st, seat, randoms[seat](st, seat))
    assert STROGANOV.outcome(st) is not None, f"no end within {LIMIT} actions"
    assert not set(resigned) & autos
    return st, played


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


# ---------------------------------------------------------------- the registry


def test_the_one_registry_names_each_games_automatic_player() -> None:
    """cogs.games (the one place a game registers, issue 18): Shitenno's and Stroganov's automatic
    players; Stratego (two players) has none; an unknown kind has none."""
    assert games.auto_player("shitenno") is shitenno_auto and games.auto_player("stroganov") is stroganov_auto
    assert games.auto_player("stratego") is None and games.auto_player("chess") is None
    assert games.ENGINES["shitenno"] is SHITENNO and games.ENGINES["stroganov"] is STROGANOV
