"""Shitenno resignation: the SH-R rules of docs/shitenno.md, one or more tests per rule."""

from __future__ import annotations

import random

import pytest

from rules.errors import BadNotation, GameOver, NotYourTurn
from rules.protocol import Ending, Outcome
from rules.shitenno import GAME, engine
from rules.shitenno.actions import Accept, Choose, EndTurn, FormLot, Refuse, Resign, Split, parse_action
from rules.shitenno.state import dump, load
from tests.shitenno_play import (
    control_state,
    find_koku,
    find_troop,
    four_player_sharing,
    play,
    random_actions,
    sharing_state,
    take,
)


def give_troop(st, seat):
    """A single SA troop card from the deck into the seat's hand, so his control turn does not end
    by itself (SH-8.14.1)."""
    card = find_troop(st, "SA")
    take(st, card)
    st.players[seat].troops.append(card)


# ---------------------------------------------------------------- SH-R.1 the action


def test_sh_r_1_notation_round_trips():
    """SH-R.1: RESIGN is written ``resign`` (any case) and prints back the same."""
    assert parse_action("resign") == Resign() == parse_action("  RESIGN ")
    assert Resign().notation() == "resign"
    assert GAME.parse_action(Resign().notation()) == Resign()
    with pytest.raises(BadNotation):
        parse_action("resign now")


def test_sh_r_1_legal_lists_resign_for_every_seat_still_playing():
    """SH-R.1: in turn or not, RESIGN is legal for every seat still playing; it is listed last."""
    st, _ = four_player_sharing()
    assert GAME.to_act(st) == (1,)
    assert GAME.legal(st, 1)[-1] == Resign() and len(GAME.legal(st, 1)) > 1
    assert all(GAME.legal(st, s) == [Resign()] for s in (0, 2, 3))
    assert GAME.legal(st, 4) == [] and GAME.legal(st, -1) == []


def test_sh_r_1_out_of_turn_resignation_is_logged_and_an_event():
    """SH-R.1: a seat that is not to act may resign; the public log and the events record it."""
    st, _ = four_player_sharing()
    events = GAME.apply(st, 2, Resign())
    assert events == [{"type": "resign", "seat": 2}]
    assert st.log[-1] == {"type": "resign", "seat": 2} and st.resigned == [2]
    assert GAME.view(st, None).resigned == (2,) and GAME.view(st, 0).players[2].resigned
    assert not GAME.view(st, None).players[0].resigned


# ---------------------------------------------------------------- SH-R.2 two players


@pytest.mark.parametrize("resigner", [0, 1])
def test_sh_r_2_two_players_resigning_loses_at_once(resigner):
    """SH-R.2: with 2 players the other wins at once, reason ``resign``, scores as they stand and no
    final scoring; nothing more can be applied."""
    st = control_state(["Daimyo", "Sensei"], 0)
    st.players[0].score, st.players[1].score = 7, 30
    events = GAME.apply(st, resigner, Resign())
    assert {"type": "resign", "seat": resigner} in events
    assert GAME.outcome(st) == Outcome(winners=(1 - resigner,), ending=Ending.RESIGNED, scores=(7, 30))
    assert st.phase == "finished" and GAME.to_act(st) == ()
    assert GAME.legal(st, 0) == [] and GAME.legal(st, 1) == []
    assert not any(w.startswith("majority") for p in st.players for w, _ in p.events)
    view = GAME.view(st, None)
    assert view.outcome is not None and view.outcome.reason == "resign" and view.outcome.winners == (1 - resigner,)
    assert view.resigned == (resigner,)
    with pytest.raises(GameOver):
        GAME.apply(st, 1 - resigner, EndTurn())


def test_sh_r_2_two_players_during_sharing_keeps_the_table_as_it_stood():
    """SH-R.2: resigning in the sharing phase ends the game with the pool and the lot on offer where
    they were (every card still in exactly one place, SH-13.1)."""
    st = sharing_state(["Daimyo", "Sensei"])
    cards = [find_troop(st, "SA"), find_koku(st, 1)]
    take(st, *cards)
    st.sharing.pool = list(cards)
    GAME.apply(st, 0, Split("Daimyo", (cards[0],), "Sensei", (cards[1],)))
    GAME.apply(st, 1, Resign())
    assert GAME.outcome(st) == Outcome(winners=(0,), ending=Ending.RESIGNED, scores=(0, 0))
    assert st.sharing is not None and st.sharing.split is not None
    assert load(dump(st)) == st


# ---------------------------------------------------------------- SH-R.3 three or four players


def test_sh_r_3_1_the_tairo_resigns_before_forming_a_lot():
    """SH-R.3.1: the Tairo resigns: the highest-ranked pending player becomes Tairo (SH-7.4.4) and,
    with 3 still pending, must FORM_LOT."""
    st, _ = four_player_sharing()
    GAME.apply(st, 1, Resign())
    assert st.sharing.pending == [3, 2, 0] and st.sharing.tairo == 3 and GAME.to_act(st) == (3,)
    assert all(isinstance(a, FormLot | Resign) for a in GAME.legal(st, 3))


def test_sh_r_3_1_the_tairo_resigns_with_a_lot_on_offer():
    """SH-R.3.1: a lot the resigning Tairo offered is taken back: tile unplaced, cards in the pool."""
    st, (sa, bu, so, k2) = four_player_sharing()
    GAME.apply(st, 1, FormLot("Shomyo", (sa, k2)))
    GAME.apply(st, 3, Refuse())
    GAME.apply(st, 1, Resign())
    sh = st.sharing
    assert sh.offer is None and sh.refused == [] and sh.unplaced == ["Daimyo", "Shomyo", "Sensei", "Hatamoto"]
    assert sorted(sh.pool) == sorted([sa, bu, so, k2]) and sh.tairo == 3 and GAME.to_act(st) == (3,)


def test_sh_r_3_1_the_player_asked_resigns_as_if_he_refused():
    """SH-R.3.1: the player the lot is offered to resigns: the offer passes on; if nobody is left to
    ask, the Tairo receives it and the highest-ranked pending player becomes Tairo (SH-7.4.4)."""
    st, (sa, bu, so, k2) = four_player_sharing()
    GAME.apply(st, 1, FormLot("Sensei", (sa,)))
    GAME.apply(st, 3, Resign())
    assert GAME.to_act(st) == (2,) and st.sharing.pending == [1, 2, 0]
    GAME.apply(st, 2, Refuse())
    events = GAME.apply(st, 0, Resign())  # the last one asked: the Tairo receives the lot
    assert {"type": "lot_received", "seat": 1, "tile": "Sensei", "cards": [sa]} in events
    assert st.players[1].troops == [sa]
    # then P2 is the only one pending and receives the rest (SH-R.3.2)
    assert st.phase == "control" and [p.title for p in st.players] == [None, "Sensei", "Daimyo", None]
    assert st.players[2].troops == [bu, so] and st.players[2].koku == [k2]


def test_sh_r_3_2_a_player_left_alone_pending_receives_the_rest():
    """SH-R.3.2: the chooser of a split resigns: the split is taken back and the Tairo, now the only
    pending player, receives the whole pool with the highest unplaced hierarchy tile; resigned seats
    hold no title after the sharing phase (SH-7.7)."""
    st, (sa, bu, so, k2) = four_player_sharing()
    GAME.apply(st, 1, FormLot("Hatamoto", (sa,)))
    GAME.apply(st, 3, Accept())
    GAME.apply(st, 1, FormLot("Shomyo", (k2,)))
    GAME.apply(st, 2, Accept())
    GAME.apply(st, 1, Split("Sensei", (bu,), "Daimyo", (so,)))
    assert GAME.to_act(st) == (0,)
    events = GAME.apply(st, 0, Resign())
    received = [e for e in events if e["type"] == "lot_received"]
    assert [(e["seat"], e["tile"], sorted(e["cards"])) for e in received] == [(1, "Daimyo", sorted([bu, so]))]
    assert st.phase == "control" and st.sharing is None
    assert [p.title for p in st.players] == [None, "Daimyo", "Shomyo", "Hatamoto"]
    assert st.order == [1, 2, 3, 0] and GAME.to_act(st) == (1,)


def test_sh_r_3_2_alone_after_an_accept():
    """SH-R.3.2: one pending player can also remain after an ACCEPT once someone resigned."""
    st, (sa, bu, so, k2) = four_player_sharing()
    GAME.apply(st, 1, FormLot("Hatamoto", (sa,)))
    GAME.apply(st, 3, Accept())
    GAME.apply(st, 1, FormLot("Shomyo", (k2,)))
    GAME.apply(st, 0, Resign())  # not asked yet: 2 pending, the offer to seat 2 stands
    assert st.sharing.pending == [1, 2] and GAME.to_act(st) == (2,)
    GAME.apply(st, 2, Accept())
    assert st.phase == "control"
    assert sorted(st.players[1].troops) == sorted([bu, so]) and st.players[1].title == "Daimyo"
    assert st.players[0].title is None


def test_sh_r_3_3_control_turns_of_resigned_seats_are_skipped():
    """SH-R.3.3: the active player's turn ends when he resigns; a resigned seat's turn is skipped."""
    st = control_state(["Daimyo", "Shomyo", "Sensei"], 0)
    for seat in range(3):
        give_troop(st, seat)
    GAME.apply(st, 2, Resign())  # not his turn
    assert GAME.to_act(st) == (0,)
    GAME.apply(st, 0, Resign())  # his turn: it ends, seat 2's is skipped
    assert st.phase == "finished" and GAME.outcome(st).winners == (1,)
    st = control_state(["Daimyo", "Shomyo", "Sensei", "Hatamoto"], 0)
    for seat in range(4):
        give_troop(st, seat)
    GAME.apply(st, 1, Resign())
    GAME.apply(st, 0, EndTurn())
    assert {"type": "turn_skipped", "seat": 1, "reason": "resigned"} in st.log and GAME.to_act(st) == (2,)
    GAME.apply(st, 2, Resign())
    assert GAME.to_act(st) == (3,) and st.order[st.active] == 3


# ---------------------------------------------------------------- SH-R.4 no more actions


def test_sh_r_4_a_resigned_seat_cannot_act():
    """SH-R.4: any action from a resigned seat, RESIGN included, is refused (``resigned``) and changes
    nothing; its legal list is empty."""
    st, _ = four_player_sharing()
    GAME.apply(st, 1, Resign())
    before = dump(st)
    for action in (Resign(), FormLot("Daimyo", ()), Accept(), EndTurn(), Choose("A")):
        with pytest.raises(NotYourTurn) as err:
            GAME.apply(st, 1, action)
        assert err.value.code == "resigned" and err.value.params == {"seat": 1, "rule": "SH-R.4"}
    assert dump(st) == before and GAME.legal(st, 1) == []


# ---------------------------------------------------------------- SH-R.5 winning


def test_sh_r_5_a_resigned_seat_never_wins_final_scoring():
    """SH-R.5: final scoring still scores a resigned player (his score is shown) but he ranks below
    every other player and is never a winner."""
    st = control_state(["Daimyo", "Shomyo", "Sensei"], 0)
    st.last_round = True
    for seat in range(3):
        give_troop(st, seat)
    st.players[0].score = 99
    GAME.apply(st, 0, Resign())
    while st.phase != "finished":
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, EndTurn())
    out = GAME.outcome(st)
    assert out.ending is Ending.NORMAL and 0 not in out.winners and out.scores[0] == 99
    assert st.result["places"][0] == 3 and max(st.result["places"][1:]) <= 2


def test_sh_r_5_the_last_player_left_wins():
    """SH-R.5: when all but one have resigned, he wins at once, reason ``resign``."""
    st, _ = four_player_sharing()
    for seat in (0, 1, 2):
        assert GAME.outcome(st) is None
        GAME.apply(st, seat, Resign())
    assert GAME.outcome(st) == Outcome(winners=(3,), ending=Ending.RESIGNED, scores=(0, 0, 0, 0))
    assert st.result["places"] == [2, 2, 2, 1]
    assert st.log[-1]["type"] == "game_over" and st.log[-1]["reason"] == "resign"
    assert st.log[-1]["winners"] == [3] and st.log[-1]["scores"] == [0, 0, 0, 0]


# ---------------------------------------------------------------- the stored state


def test_sh_r_resigned_seats_are_stored_and_old_states_load():
    """The state keeps the resigned seats; a dump from before resignation existed loads with nobody
    resigned, and its finished result reads as final scoring."""
    st, _ = four_player_sharing()
    GAME.apply(st, 2, Resign())
    d = dump(st)
    assert d["resigned"] == [2] and load(d) == st
    old, _ = play(3, 5)
    data = dump(old)
    del data["resigned"]
    del data["result"]["reason"]
    back = load(data)
    assert back.resigned == [] and GAME.outcome(back).ending is Ending.NORMAL
    assert GAME.view(back, None).outcome.reason == "final_scoring"


def test_sh_r_random_games_with_resignations_replay():
    """SH-13.12 with resignations: the same seed and actions give the same game."""
    a, ha = play(4, 77, resign=0.02)
    b, hb = play(4, 77, resign=0.02)
    assert ha == hb and dump(a) == dump(b) and any(isinstance(x, Resign) for _, x in ha)
    assert engine.to_act(a) == ()


# ---------------------------------------------------------------- SH-R.6 a resigned seat played on


def played_on(st):
    """The same position with the SH-R.6 option set, as a table with a computer starts its games."""
    st.resigned_play_on = True
    return st


def test_sh_r_6_the_option_is_off_by_default_and_for_two_players():
    """SH-R.6: ``resigned_play_on`` is off unless asked for (the rules as written, SH-R.3), and a
    two-player game ignores it (SH-R.2: resigning still ends it)."""
    assert not GAME.new(3, None, 1).resigned_play_on
    assert GAME.new(3, {"resigned_play_on": True}, 1).resigned_play_on
    two = GAME.new(2, {"resigned_play_on": True}, 1)
    assert not two.resigned_play_on
    GAME.apply(two, 0, Resign())
    assert GAME.outcome(two) == Outcome(winners=(1,), ending=Ending.RESIGNED, scores=(0, 0))


def test_sh_r_6_a_resigner_in_sharing_stays_pending_and_decides():
    """SH-R.6 (not SH-R.3.1): a pending resigner stays pending, the Tairo stays the Tairo and the
    seat to act is still to act: its decisions are legal (without RESIGN) and applied."""
    st, cards = four_player_sharing()
    played_on(st)
    tairo = st.sharing.tairo
    assert GAME.apply(st, 1, Resign()) == [{"type": "resign", "seat": 1, "play_on": True}]
    assert st.resigned == [1] and st.sharing.tairo == tairo == 1 and 1 in st.sharing.pending
    assert GAME.to_act(st) == (1,) and GAME.view(st, None).resigned_play_on
    legal = GAME.legal(st, 1)
    assert legal and Resign() not in legal
    GAME.apply(st, 1, FormLot("Daimyo", (cards[0],)))
    assert st.sharing.offer is not None and st.sharing.offer[0] == "Daimyo"
    assert GAME.legal(st, 0)[-1] == Resign()


def test_sh_r_6_a_resigner_in_control_keeps_his_turn():
    """SH-R.6 (not SH-R.3.3): the active player's turn does not end when he resigns, later turns are
    not skipped, and at the end of sharing he holds a title (not SH-R.3)."""
    st = played_on(control_state(["Daimyo", "Shomyo", "Sensei", "Hatamoto"], 0))
    for seat in range(4):
        give_troop(st, seat)
    GAME.apply(st, 0, Resign())
    assert GAME.to_act(st) == (0,) and not any(e["type"] == "turn_skipped" for e in st.log)
    GAME.apply(st, 0, EndTurn())
    GAME.apply(st, 2, Resign())
    assert GAME.to_act(st) == (1,)


def test_sh_r_6_resigning_again_is_refused():
    """SH-R.6 with SH-R.4: a resigned seat played on may not resign again (``resigned``, rule
    SH-R.6); nothing changes."""
    st, _ = four_player_sharing()
    played_on(st)
    GAME.apply(st, 2, Resign())
    before = dump(st)
    with pytest.raises(NotYourTurn) as err:
        GAME.apply(st, 2, Resign())
    assert err.value.code == "resigned" and err.value.params == {"seat": 2, "rule": "SH-R.6"}
    assert dump(st) == before and GAME.legal(st, 2) == []


def test_sh_r_6_with_sh_r_5_the_resigner_ranks_last_after_final_scoring():
    """SH-R.6 with SH-R.5: the resigner played on to the end is scored but never wins and ranks
    below every other player, even with the most points."""
    st = played_on(control_state(["Daimyo", "Shomyo", "Sensei"], 0))
    st.last_round = True
    for seat in range(3):
        give_troop(st, seat)
    st.players[0].score = 99
    GAME.apply(st, 0, Resign())
    played = []
    while st.phase != "finished":
        (seat,) = GAME.to_act(st)
        played.append(seat)
        GAME.apply(st, seat, EndTurn())
    assert 0 in played
    out = GAME.outcome(st)
    assert out.ending is Ending.NORMAL and 0 not in out.winners and out.scores[0] == 99
    assert st.result["places"][0] == 3 and max(st.result["places"][1:]) <= 2


def test_sh_r_6_with_sh_r_5_the_last_player_left_still_wins_at_once():
    """SH-R.6 with SH-R.5: when all but one have resigned he wins at once, as without the option."""
    st, _ = four_player_sharing()
    played_on(st)
    for seat in (0, 1, 2):
        events = GAME.apply(st, seat, Resign())
    assert GAME.outcome(st) == Outcome(winners=(3,), ending=Ending.RESIGNED, scores=(0, 0, 0, 0))
    assert events[0] == {"type": "resign", "seat": 2}  # the game does not go on: nothing plays on


def test_sh_r_6_the_option_is_stored_and_random_games_end():
    """SH-R.6: the state keeps the option (a dump without it is a game of the rules as written);
    seeded random games of 3 and 4 with resignations played on replay and end."""
    st = GAME.new(3, {"resigned_play_on": True}, 5)
    assert dump(st)["resigned_play_on"] is True and load(dump(st)) == st
    assert "resigned_play_on" not in dump(GAME.new(3, None, 5))
    for players in (3, 4):
        st = GAME.new(players, {"resigned_play_on": True}, 77)
        rnd = random.Random(77)
        resigned = 0
        for seat, act in random_actions(st, rnd, resign=0.03):
            resigned += isinstance(act, Resign)
            GAME.apply(st, seat, act)
        assert st.phase == "finished" and resigned > 0
        assert all(st.result["places"][s] > st.result["places"][w] for s in st.resigned for w in st.result["winners"])
