"""Stroganov resignation: the ST-R rules of docs/stroganov.md, one or more tests per rule."""

from __future__ import annotations

import pytest

from rules.errors import GameOver, NotYourTurn
from rules.protocol import Ending, Outcome
from rules.stroganov import GAME, engine
from rules.stroganov.actions import Board, EndTurn, Resign
from rules.stroganov.state import Turn
from tests.rules.test_stroganov_rules import winter_setup
from tests.stroganov_play import play as play_game
from tests.stroganov_positions import actor, example_furs, give_turn, logged, play, started


def seat_of(st, ci: int) -> int:
    seat = st.cossacks[ci].seat
    assert seat is not None
    return seat


# ---------------------------------------------------------------- ST-R.1 the action


def test_st_r_1_legal_lists_resign_for_every_seat_still_playing():
    """ST-R.1: RESIGN is legal for every seat still playing, in turn (listed last) or not; a seat that
    does not play has no actions."""
    st = started(3, 1)
    (seat,) = GAME.to_act(st)
    assert GAME.legal(st, seat)[-1] == Resign() and len(GAME.legal(st, seat)) > 1
    assert all(GAME.legal(st, s) == [Resign()] for s in range(3) if s != seat)
    assert GAME.legal(st, 3) == [] and GAME.legal(st, -1) == []
    solo = started(1, 1)
    assert GAME.legal(solo, 0)[-1] == Resign() and GAME.legal(solo, 1) == []


def test_st_r_1_out_of_turn_resignation_is_logged_and_an_event():
    """ST-R.1: a seat that is not to act may resign; the public log, the events and the view show it."""
    st = started(3, 1)
    (seat,) = GAME.to_act(st)
    other = (seat + 1) % 3
    events = GAME.apply(st, other, Resign())
    assert {"type": "resign", "cossack": other, "seat": other} in events and st.log[-1] == events[0]
    assert st.resigned == [other] and GAME.to_act(st) == (seat,)
    view = GAME.view(st, None)
    assert view.resigned == (other,) and view.cossacks[other].resigned and not view.cossacks[seat].resigned


# ---------------------------------------------------------------- ST-R.2 two players, solo


@pytest.mark.parametrize("in_turn", [True, False])
def test_st_r_2_two_players_resigning_loses_at_once(in_turn):
    """ST-R.2: with 2 players the other wins at once, reason ``resign``, scores as they stand; no
    final scoring; nothing more can be applied."""
    st = started(2, 3)
    (seat,) = GAME.to_act(st)
    quitter = seat if in_turn else 1 - seat
    scores = tuple(c.score for c in st.cossacks)
    GAME.apply(st, quitter, Resign())
    assert GAME.outcome(st) == Outcome(winners=(1 - quitter,), ending=Ending.RESIGNED, scores=scores)
    assert st.stage == "finished" and GAME.to_act(st) == () and st.turn is None and st.queue == []
    assert GAME.legal(st, 0) == [] == GAME.legal(st, 1)
    view = GAME.view(st, None)
    assert view.reason == "resign" and view.result[0][0] == 1 - quitter and view.resigned == (quitter,)
    with pytest.raises(GameOver):
        GAME.apply(st, 1 - quitter, EndTurn())


def test_st_r_2_solo_resigning_lets_ivan_win():
    """ST-R.2: solo, resigning ends the game and Ivan wins: no winners, reason ``resign``, scores
    as they stand: the player's by seat, Ivan's in ``automa_score``."""
    st = started(1, 4)
    st.cossacks[st.ivan].events.append(("AUTOMA", "test", 3))
    GAME.apply(st, 0, Resign())
    assert GAME.outcome(st) == Outcome(winners=(), ending=Ending.RESIGNED, scores=(0,), automa_score=3)
    assert st.result["winner"] == st.ivan and GAME.view(st, None).result == ((1, 3), (0, 0))


def test_st_r_2_resigning_during_the_board_choice():
    """ST-R.2 in the board choice (ST-5.1): the game ends before it began."""
    st = GAME.new(2, None, 5)
    (seat,) = GAME.to_act(st)
    GAME.apply(st, 1 - seat, Resign())
    assert GAME.outcome(st).winners == (seat,) and GAME.outcome(st).ending is Ending.RESIGNED


# ---------------------------------------------------------------- ST-R.3 three or four players


def test_st_r_3_board_choice_skips_the_resigned_and_gives_him_a_board():
    """ST-R.3: a player who resigns before choosing a board is skipped; once the others chose, he
    gets the lowest free board, side A (like Ivan), and the first spring begins."""
    st = GAME.new(3, None, 2)
    first = engine.board_picker(st)
    GAME.apply(st, seat_of(st, first), Resign())
    chosen = []
    while st.stage == "boards":
        (seat,) = GAME.to_act(st)
        assert seat != seat_of(st, first)
        GAME.apply(st, seat, Board(4 - len(chosen), "B"))
        chosen.append(seat)
    assert len(chosen) == 2 and st.stage == "turn"
    assert (st.cossacks[first].board, st.cossacks[first].side) == (1, "A")
    # the last one to choose resigns: the choice is over at once
    st = GAME.new(3, None, 2)
    for _ in range(2):
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, Board(4 - seat, "B"))
    (last,) = GAME.to_act(st)
    GAME.apply(st, last, Resign())
    assert st.stage == "turn" and st.cossacks[engine.cossack_of(st, last)].board == 1


def test_st_r_3_the_active_players_turn_ends_and_later_turns_are_skipped():
    """ST-R.3: resigning in one's own turn ends it (the season goes on); a resigned player's later
    turns are skipped and logged, and still count as taken (ST-20.7)."""
    st = started(3, 6)
    first = actor(st)
    play(st, "move 1")
    GAME.apply(st, seat_of(st, first), Resign())
    assert st.turns_taken == [first] and st.turn is not None and actor(st) == st.order[1]
    while st.season != "AUTUMN":  # the rest of spring and all of summer: move 1, coin, end
        assert actor(st) != first
        for text in ("move 1", "coin", "end"):
            play(st, text)
    assert logged(st, "turn_skipped", cossack=first, season="summer", year=1)


def test_st_r_3_skipped_turn_in_a_season():
    """ST-R.3: when the resigned player's turn comes, it is skipped at once."""
    st = started(3, 7)
    order = list(st.order)
    GAME.apply(st, seat_of(st, order[1]), Resign())
    play(st, "move 1")
    play(st, "coin")
    play(st, "end")
    assert st.turns_taken[:2] == order[:2] and actor(st) == order[2]
    assert logged(st, "turn_skipped", cossack=order[1])


def test_st_r_3_a_pending_trophy_decision_is_dropped():
    """ST-R.3: rewards still queued for the resigner, a pending trophy decision (ST-11.2) included,
    are not gained; play goes on."""
    st = started(3, 8)
    example_furs(st)
    ci = actor(st)
    give_turn(st, ci, 2)
    st.cossacks[ci].furs = [2, 3, 4, 5, 6]
    st.queue = [[ci, "trophy", 1, "test", "REWARD"], [ci, "coins", 2, "test", "REWARD"]]
    assert engine.decider(st) == ci
    coins = st.cossacks[ci].coins
    GAME.apply(st, seat_of(st, ci), Resign())
    assert st.queue == [] and st.cossacks[ci].coins == coins and st.cossacks[ci].trophy == 0
    assert actor(st) != ci and ci in st.turns_taken


def test_st_r_3_winter_without_the_resigned():
    """ST-R.3: a resigned cossack gets no winter income (ST-12.2) and no exploration stories
    (ST-12.3: the deepest two still playing get them), and buys no song (ST-12.4)."""
    st, deep = winter_setup()
    gone = deep[0]
    st.cossacks[gone].stories = 10
    GAME.apply(st, seat_of(st, gone), Resign())
    horses = st.cossacks[gone].horses
    play(st, "end")  # the whole winter runs by itself: nobody can afford a song
    assert st.year == 2 and st.season == "SPRING"
    assert st.cossacks[gone].horses == horses and st.cossacks[gone].stories == 10
    assert st.cossacks[deep[1]].stories == 2 and st.cossacks[deep[2]].stories == 1
    assert logged(st, "song_pass", cossack=gone, reason="resigned")
    assert engine.decider(st) != gone


# ---------------------------------------------------------------- ST-R.4 no more actions


def test_st_r_4_a_resigned_seat_cannot_act():
    """ST-R.4: any action from a resigned seat, RESIGN included, is refused (``resigned``) and changes
    nothing; its legal list is empty."""
    st = started(4, 9)
    (seat,) = GAME.to_act(st)
    GAME.apply(st, seat, Resign())
    before = GAME.dump(st)
    for text in ("resign", "move 1", "end", "pass", "trophy stay"):
        with pytest.raises(NotYourTurn) as err:
            GAME.apply(st, seat, GAME.parse_action(text))
        assert err.value.code == "resigned" and err.value.params == {"seat": seat, "rule": "ST-R.4"}
    assert GAME.dump(st) == before and GAME.legal(st, seat) == []


# ---------------------------------------------------------------- ST-R.5 winning


def test_st_r_5_a_resigned_seat_never_wins_final_scoring():
    """ST-R.5: final scoring still scores a resigned cossack, but he ranks last and never wins."""
    st, deep = winter_setup()
    st.year = 4
    gone = deep[0]
    st.cossacks[gone].events.append(("REWARD", "test", 99))
    GAME.apply(st, seat_of(st, gone), Resign())
    play(st, "end")
    assert st.stage == "finished"
    out = GAME.outcome(st)
    assert out.ending is Ending.NORMAL and seat_of(st, gone) not in out.winners and out.scores[gone] >= 99
    assert st.result["ranking"][-1] == gone and GAME.view(st, None).reason == "final_scoring"


def test_st_r_5_the_last_player_left_wins():
    """ST-R.5: when all but one have resigned, he wins at once, reason ``resign``."""
    st = started(4, 10)
    (seat,) = GAME.to_act(st)
    quitters = [s for s in range(4) if s != seat]
    for s in quitters:
        assert GAME.outcome(st) is None
        GAME.apply(st, s, Resign())
    out = GAME.outcome(st)
    assert out == Outcome(winners=(seat,), ending=Ending.RESIGNED, scores=tuple(c.score for c in st.cossacks))
    assert st.result["ranking"][0] == engine.cossack_of(st, seat)
    assert st.log[-1] == {"type": "final", "reason": "resign", "ranking": st.result["ranking"], "scores": [0] * 4}


# ---------------------------------------------------------------- the stored state


def test_st_r_resigned_seats_are_stored_and_old_states_load():
    """The state keeps the resigned seats; a dump from before resignation existed loads with nobody
    resigned, and its finished result reads as before."""
    st = started(3, 11)
    GAME.apply(st, 1, Resign())
    d = GAME.dump(st)
    assert d["resigned"] == [1] and GAME.load(d) == st
    done, _ = play_game(2, 12)
    data = GAME.dump(done)
    del data["resigned"]
    del data["result"]["reason"]
    back = GAME.load(data)
    assert back.resigned == [] and GAME.outcome(back) == GAME.outcome(done)
    assert GAME.view(back, None).reason == GAME.view(done, None).reason
    turn = Turn(phase=1)
    assert Turn.from_json(turn.to_json()) == turn


def test_st_r_random_games_with_resignations_replay():
    """ST-20.10 with resignations: the same seed and actions give the same game."""
    a, ha = play_game(4, 13, resign=0.01)
    b, hb = play_game(4, 13, resign=0.01)
    assert ha == hb and GAME.dump(a) == GAME.dump(b) and any(isinstance(x, Resign) for _, x in ha)


# ---------------------------------------------------------------- ST-R.6 played on

ON = {"resigned_play_on": True}


def test_st_r_6_the_option_is_declared_off_by_default_and_kept_only_for_three_or_more():
    """ST-R.6: the engine declares ``resigned_play_on`` (off by default); a game of 3 or 4 players
    keeps it (state, dump, view), one of 2 players or solo (Ivan is no seat) ignores it."""
    assert any(o.name == "resigned_play_on" and o.default is False for o in GAME.options)
    assert not GAME.new(3, None, 1).resigned_play_on
    for players in (3, 4):
        st = GAME.new(players, ON, 1)
        assert st.resigned_play_on and GAME.dump(st)["resigned_play_on"] is True
        assert GAME.load(GAME.dump(st)) == st and GAME.view(st, None).resigned_play_on
    for players in (1, 2):
        st = GAME.new(players, ON, 1)
        assert not st.resigned_play_on and "resigned_play_on" not in GAME.dump(st)


def test_st_r_6_a_resigned_cossack_plays_on_in_its_turn():
    """ST-R.6: played on, resigning in one's own turn does not end it: the seat still decides, its
    decisions stay legal (no second RESIGN), and a second RESIGN is refused (rule ST-R.6)."""
    st = started(3, 6, ON)
    first = actor(st)
    seat = seat_of(st, first)
    before = [a for a in GAME.legal(st, seat) if not isinstance(a, Resign)]
    events = GAME.apply(st, seat, Resign())
    assert events[0] == {"type": "resign", "cossack": first, "seat": seat, "play_on": True}
    assert st.resigned == [seat] and actor(st) == first and st.turns_taken == []
    assert GAME.legal(st, seat) == before and GAME.to_act(st) == (seat,)
    dump = GAME.dump(st)
    with pytest.raises(NotYourTurn) as err:
        GAME.apply(st, seat, Resign())
    assert err.value.code == "resigned" and err.value.params == {"seat": seat, "rule": "ST-R.6"}
    assert GAME.dump(st) == dump
    for text in ("move 1", "coin", "end"):
        play(st, text)
    assert st.turns_taken == [first] and not logged(st, "turn_skipped")
    others = [s for s in range(3) if s != seat]
    assert all(GAME.legal(st, s)[-1] == Resign() for s in others) and Resign() not in GAME.legal(st, seat)


def test_st_r_6_the_board_choice_and_queued_rewards_stay():
    """ST-R.6: a resigner who had not chosen a board still chooses it; rewards queued for him, a
    pending trophy decision included, stay his to gain."""
    st = GAME.new(3, ON, 2)
    first = engine.board_picker(st)
    GAME.apply(st, seat_of(st, first), Resign())
    assert engine.board_picker(st) == first and GAME.to_act(st) == (seat_of(st, first),)
    GAME.apply(st, seat_of(st, first), Board(4, "B"))
    assert (st.cossacks[first].board, st.cossacks[first].side) == (4, "B")
    st = started(3, 8, ON)
    example_furs(st)
    ci = actor(st)
    give_turn(st, ci, 2)
    st.cossacks[ci].furs = [2, 3, 4, 5, 6]
    st.queue = [[ci, "trophy", 1, "test", "REWARD"], [ci, "coins", 2, "test", "REWARD"]]
    GAME.apply(st, seat_of(st, ci), Resign())
    assert len(st.queue) == 2 and engine.decider(st) == ci


def test_st_r_6_winter_as_it_stood():
    """ST-R.6: played on, the resigner keeps his winter income and his exploration stories."""
    st, deep = winter_setup()
    st.resigned_play_on = True
    gone = deep[0]
    GAME.apply(st, seat_of(st, gone), Resign())
    horses = st.cossacks[gone].horses
    play(st, "end")
    assert st.year == 2 and st.season == "SPRING"
    assert st.cossacks[gone].horses > horses and st.cossacks[gone].stories == 2
    assert not logged(st, "song_pass", cossack=gone, reason="resigned")


def test_st_r_6_the_resigner_still_never_wins():
    """ST-R.6 with ST-R.5: played on to final scoring, the resigner ranks last and never wins; when
    all but one resigned, he wins at once."""
    st, deep = winter_setup()
    st.resigned_play_on = True
    st.year = 4
    gone = deep[0]
    st.cossacks[gone].events.append(("REWARD", "test", 99))
    GAME.apply(st, seat_of(st, gone), Resign())
    play(st, "end")
    while st.stage != "finished":  # the last winter's songs: pass
        play(st, "pass")
    out = GAME.outcome(st)
    assert out.ending is Ending.NORMAL and seat_of(st, gone) not in out.winners and out.scores[gone] >= 99
    assert st.result["ranking"][-1] == gone
    st = started(3, 10, ON)
    (seat,) = GAME.to_act(st)
    for s in [s for s in range(3) if s != seat]:
        GAME.apply(st, s, Resign())
    assert GAME.outcome(st) == Outcome(winners=(seat,), ending=Ending.RESIGNED, scores=(0, 0, 0))


def test_st_r_6_random_games_played_on_end_and_old_games_do_not_change():
    """ST-R.6: random 3- and 4-player games with resignations played on reach their end, the
    resigners ranked after the others; without the option the same seeds play as before."""
    for players, seed in ((3, 21), (4, 22)):
        st, history = play_game(players, seed, ON, resign=0.01)
        assert st.stage == "finished" and any(isinstance(a, Resign) for _, a in history)
        if st.result["reason"] == "final_scoring":
            ranking = st.result["ranking"]
            gone = [ci for ci in ranking if engine.resigned(st, ci)]
            assert gone and ranking[-len(gone) :] == gone
        plain, _ = play_game(players, seed, resign=0.01)
        assert "resigned_play_on" not in GAME.dump(plain)
