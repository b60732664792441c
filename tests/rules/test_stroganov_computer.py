"""The Stroganov computer player (rules/stroganov/computer.py, issue 46 §2): it decides from the
view alone, legally, at every level and player count; a state differing only in what nobody can
know (the stacks' order, Ivan's deck below the public back, the generator) gets the same decision."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from rules.computer import Level
from rules.rng import Rng
from rules.stroganov import GAME, Action, StroganovState, StroganovView, computer, engine
from rules.stroganov.actions import Draw, EndTurn, Exchange, Resign
from rules.stroganov.computer import (
    COMPUTER,
    FREE_IN_A_ROW,
    TREE,
    TURN_CAP,
    Line,
    OwnTurn,
    Tree,
    decisions,
    greedy_order,
    leads,
    prune,
    ranked,
    search_turn,
)
from rules.stroganov.sample import Pools, determinize, pools

PLAYERS = (1, 2, 3, 4)
Decide = Callable[[StroganovView, int, Level, int], Action]


def snapshot(st: StroganovState) -> StroganovState:
    return GAME.load(GAME.dump(st))


@cache
def game_moves(players: int, seed: int) -> tuple[tuple[int, Action], ...]:
    """One seeded game played by random decisions (never resigning), as (seat, action) pairs; Ivan
    plays with a strategy pair in every other solo game."""
    st = new_game(players, seed)
    rng = Rng(seed * 7919 + players)
    out = []
    while GAME.outcome(st) is None:
        seat = GAME.to_act(st)[0]
        action = rng.choice(decisions(st, seat))
        out.append((seat, action))
        GAME.apply(st, seat, action)
    return tuple(out)


def new_game(players: int, seed: int) -> StroganovState:
    return GAME.new(players, {"strategy": "OW"} if players == 1 and seed % 2 else None, seed)


def positions(players: int, seeds: range, per_game: int) -> list[StroganovState]:
    """``per_game`` positions spread over each game, from its start to its last year."""
    out = []
    for seed in seeds:
        moves = game_moves(players, seed)
        step = max(1, len(moves) // per_game)
        wanted = set(range(seed % step, len(moves), step)[:per_game])
        st = new_game(players, seed)
        for k, (seat, action) in enumerate(moves):
            if k in wanted:
                out.append(snapshot(st))
            GAME.apply(st, seat, action)
    return out


def hide_differently(st: StroganovState, seed: int) -> StroganovState:
    """A copy differing only in what no seat can know: the order of every face-down stack, Ivan's
    deck below its top card (whose back is public), the generator."""
    other = snapshot(st)
    rng = Rng(seed)
    for stack in (other.landscapes, other.wishes_a, other.wishes_b, other.yurts_a, other.yurts_b, other.song_stack):
        rng.shuffle(stack)
    if other.automa:
        rest = other.automa[1:]
        rng.shuffle(rest)
        other.automa[1:] = rest
    other.rng = Rng(rng.next64())
    return other


def to_act(st: StroganovState) -> tuple[int, StroganovView]:
    seat = GAME.to_act(st)[0]
    return seat, GAME.view(st, seat)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_determinization_has_the_same_view(players: int) -> None:
    """ST-4.4: a state sampled from a view looks exactly the same, and offers the same decisions."""
    for k, st in enumerate(positions(players, range(4), 6)):
        seat, view = to_act(st)
        p = pools(view)
        for r in range(3):
            sampled = determinize(view, p, Rng(1000 * k + r))
            assert GAME.view(sampled, seat) == view
            assert GAME.legal(sampled, seat) == GAME.legal(st, seat)
            assert GAME.hidden(sampled) != GAME.hidden(st)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_decision_is_legal(players: int) -> None:
    cases = [(Level.EASY, positions(players, range(3), 8)), (Level.NORMAL, positions(players, range(10, 12), 2))]
    cases.append((Level.HARD, positions(players, range(20, 21), 1)))
    for level, states in cases:
        for k, st in enumerate(states):
            seat, view = to_act(st)
            action = COMPUTER.decide(view, seat, level, k)
            assert action in GAME.legal(st, seat) and not isinstance(action, Resign), (level, action)
            GAME.apply(snapshot(st), seat, action)


@pytest.mark.parametrize("level", list(Level))
def test_the_same_view_level_and_seed_give_the_same_decision(level: Level) -> None:
    for players in PLAYERS if level != Level.HARD else (1,):
        st = positions(players, range(30, 31), 1)[0]
        seat, view = to_act(st)
        assert COMPUTER.decide(view, seat, level, 5) == COMPUTER.decide(view, seat, level, 5)


def peeking(st: StroganovState) -> Decide:
    """A computer that cheats: it picks by the real state's hidden generator."""

    def decide(view: StroganovView, seat: int, level: Level, seed: int) -> Action:
        options = decisions(st, seat)
        return options[(st.rng.state + seed) % len(options)]

    return decide


def same_decisions(computer: Callable[[StroganovState], Decide], st: StroganovState, seed: int) -> bool:
    """The information test (issue 46 §2): for ``st`` and a state differing only in what the seat
    cannot know, the views are equal; whether the decisions under the same seed are too.
    ``computer(state)`` is the computer as it runs beside that state (an honest one ignores it)."""
    other = hide_differently(st, seed)
    seat, view = to_act(st)
    view_other = GAME.view(other, seat)
    assert view_other == view
    return bool(computer(st)(view, seat, Level.NORMAL, seed) == computer(other)(view_other, seat, Level.NORMAL, seed))


def honest(st: StroganovState) -> Decide:
    return COMPUTER.decide


def test_the_decision_does_not_depend_on_what_the_seat_cannot_know() -> None:
    for players in PLAYERS:
        for k, st in enumerate(positions(players, range(40, 42), 1)):
            assert same_decisions(honest, st, k)
            for level in (Level.EASY, Level.HARD) if k == 0 and players == 3 else (Level.EASY,):
                other = hide_differently(st, k + 1)
                seat, view = to_act(st)
                assert COMPUTER.decide(view, seat, level, k) == COMPUTER.decide(GAME.view(other, seat), seat, level, k)


def test_the_information_test_catches_a_peeking_computer() -> None:
    """The same check flags a computer that reads the real state, on some seeded position."""
    flagged = [
        (players, k)
        for players in PLAYERS
        for k, st in enumerate(positions(players, range(40, 42), 1))
        if not same_decisions(peeking, st, k)
    ]
    assert flagged


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (4, 8)])
def test_computers_play_a_whole_game(players: int, seed: int) -> None:
    """A solo game against Ivan, and four computers, at easy, to the end."""
    st = GAME.new(players, None, seed)
    decisions_made = 0
    while GAME.outcome(st) is None:
        seat, view = to_act(st)
        GAME.apply(st, seat, COMPUTER.decide(view, seat, Level.EASY, decisions_made))
        decisions_made += 1
        assert decisions_made < 2000
    outcome = GAME.outcome(st)
    assert outcome is not None and st.year == 4 and st.result is not None
    assert st.result["reason"] in ("final_scoring", "automa_wins")


@pytest.mark.parametrize(("players", "seed"), [(1, 4), (2, 9)])
def test_a_computer_ends_its_turn(players: int, seed: int) -> None:
    """The stalled match (issue 46): a seat in its turn's last phase exchanged furs at the market
    back and forth for ever (an exchange down costs nothing), because ending the turn let Ivan's
    card (solo) or the year's end (two players) favour the other cossack. Seeded games that never
    ended before end now, with no more than two exchanges or bag draws in a row."""
    st = GAME.new(players, None, seed)
    decisions_made = in_a_row = 0
    while GAME.outcome(st) is None:
        seat, view = to_act(st)
        action = COMPUTER.decide(view, seat, Level.EASY, decisions_made)
        in_a_row = in_a_row + 1 if isinstance(action, (Exchange, Draw)) else 0
        assert in_a_row <= FREE_IN_A_ROW, (decisions_made, action)
        GAME.apply(st, seat, action)
        decisions_made += 1
        assert decisions_made < 600
    assert st.year == 4 and st.result is not None


def lead(st: StroganovState, seat: int) -> float:
    return leads(st)[engine.cossack_of(st, seat)]


def test_ending_the_turn_is_not_counted_against_it() -> None:
    """The greedy values ending the turn as the position stands: in the last phase of solo turns
    (Ivan's card comes after the end), ending ranks above every exchange that gains the seat less
    than the half point a free action must pay; counted with Ivan's card, it ranked below them all."""
    st = GAME.new(1, None, 4)
    checked = 0
    k = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_act(st)[0]
        options = decisions(st, seat)
        if (
            st.stage == "turn"
            and st.turn is not None
            and st.turn.phase == 4
            and any(isinstance(a, Exchange) for a in options)
        ):
            order = greedy_order(st, seat, options, Rng(k), noise=0.0)
            now = lead(st, seat)
            for a in order[: order.index(EndTurn())]:
                after = snapshot(st)
                GAME.apply(after, seat, a)
                assert lead(after, seat) - now >= 0.45, (k, a, order)
            checked += 1
        GAME.apply(st, seat, COMPUTER.decide(GAME.view(st, seat), seat, Level.EASY, k))
        k += 1
    assert checked >= 3


def test_the_search_does_not_put_off_ending_the_turn_with_free_actions() -> None:
    """The search sees two decisions ahead: a line ending the turn meets Ivan's card within them, a
    line of exchanges does not. It used to fill every solo turn with exchanges and bag draws worth
    nothing (36 in this game's 12 turns); it searches only those the greedy ranks above ending
    (:func:`ranked`: the greedy's order without the others)."""
    st = GAME.new(1, None, 4)
    free = turns = decisions_made = 0
    while GAME.outcome(st) is None:
        seat, view = to_act(st)
        options = decisions(st, seat)
        if EndTurn() in options and any(isinstance(a, (Exchange, Draw)) for a in options):
            kept = ranked(st, seat, len(options), Rng(decisions_made))
            order = greedy_order(st, seat, options, Rng(decisions_made), noise=0.0)
            above = order[: order.index(EndTurn())]
            assert [a for a in order if a in above or not isinstance(a, (Exchange, Draw))] == kept
        action = COMPUTER.decide(view, seat, Level.NORMAL, decisions_made)
        free += isinstance(action, (Exchange, Draw))
        turns += isinstance(action, EndTurn)
        GAME.apply(st, seat, action)
        decisions_made += 1
    assert free < turns, (free, turns)


def test_a_resigned_seat_played_on_is_played_and_valued_as_it_stood() -> None:
    """ST-R.6: in a game of three played on, a seat that resigned still counts (its lead, as it
    stood, and a rival to the others; only a seat that left is nobody's rival, ST-R.3), and the
    computer plays it to the game's end at easy and decides for it at normal — never resigning (a
    second RESIGN is refused anyway)."""
    st = GAME.new(3, {"resigned_play_on": True}, 5)
    gone = GAME.to_act(st)[0]
    GAME.apply(st, gone, Resign())
    gone_ci = engine.cossack_of(st, gone)
    st.cossacks[gone_ci].events.append(("REWARD", "test", 30))
    played_on = leads(st)
    assert played_on[gone_ci] > 25
    left = snapshot(st)
    left.resigned_play_on = False
    others = [ci for ci in range(st.n) if ci != gone_ci]
    assert all(leads(left)[ci] > played_on[ci] + 25 for ci in others)
    assert GAME.to_act(st) == (gone,)
    normal = COMPUTER.decide(GAME.view(st, gone), gone, Level.NORMAL, 1)
    assert normal in GAME.legal(st, gone) and not isinstance(normal, Resign)
    played = 0
    while GAME.outcome(st) is None:
        seat, view = to_act(st)
        action = COMPUTER.decide(view, seat, Level.EASY, played)
        assert not isinstance(action, Resign)
        played += seat == gone
        GAME.apply(st, seat, action)
    assert played > 20 and st.result is not None and st.result["ranking"][-1] == gone_ci


@pytest.mark.parametrize("players", (1, 2, 4))
def test_the_search_finishes_the_seats_turn(players: int) -> None:
    """Normal and hard value each decision where the seat's own turn ends (its move and silver
    actions pay only later in the turn): from every position of a seeded game where the seat is
    in its turn, the search's game (:class:`OwnTurn`) with its play-out (the greedy's best of
    :func:`ranked`) goes on until the greedy would end the turn (then the gold and 3b phases are
    behind it or none is worth it) or someone else acts — never a move only."""
    checked = 0
    rules = OwnTurn()
    for k, st in enumerate(positions(players, range(50, 52), 12)):
        seat = GAME.to_act(st)[0]
        if st.stage != "turn" or st.queue:
            continue
        turns = len(st.turns_taken)
        line = Line(st, seat, engine.cossack_of(st, seat), 0.0)
        for _ in range(TURN_CAP + 1):
            if not rules.to_act(line):
                break
            rules.apply(line, seat, ranked(st, seat, 14, Rng(k))[0])
        assert not rules.to_act(line), k
        if GAME.to_act(st) == (seat,) and st.stage == "turn" and not st.queue and len(st.turns_taken) == turns:
            assert st.turn is not None and st.turn.phase >= 2, k
            first = greedy_order(st, seat, prune(decisions(st, seat)), Rng(k), noise=0.0)[0]
            assert isinstance(first, EndTurn), (k, first)
        checked += 1
    assert checked >= 10


def test_the_search_draws_as_many_determinizations_as_its_player_count_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """An iteration costs more the more cossacks there are, so the tree's iterations are by player
    count (read from the view; Ivan is no player): one determinization per iteration, and hard
    searches no more with more players (its think-time budget)."""
    hard = TREE[Level.HARD].iterations
    assert list(hard) == sorted(hard, reverse=True) and hard[3] < hard[1]
    drawn = 0

    def counted(view: StroganovView, p: Pools, rng: Rng) -> StroganovState:
        nonlocal drawn
        drawn += 1
        return determinize(view, p, rng)

    monkeypatch.setattr(computer, "determinize", counted)
    effort = Tree(iterations=(3, 5, 7, 9), root=2, inner=1, limit=4)
    for players in PLAYERS:
        st = next(s for s in positions(players, range(60, 62), 6) if len(decisions(s, GAME.to_act(s)[0])) > 1)
        seat, view = to_act(st)
        drawn = 0
        search_turn(view, pools(view), seat, effort, Rng(players))
        assert drawn == effort.iterations[players - 1], players
