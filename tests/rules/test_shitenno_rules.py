"""Shitenno rules, one or more tests per rule ID (rules/shitenno.md), and every SH-12 example."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from rules.errors import BadNotation, GameOver, IllegalAction, NotYourTurn, WrongPhase
from rules.shitenno import GAME, engine
from rules.shitenno.actions import (
    Accept,
    Choose,
    ConquerKoku,
    ConquerTroops,
    EndTurn,
    FormLot,
    Refuse,
    Resign,
    SenseiFlip,
    Split,
    UseDraw,
    parse_action,
)
from rules.shitenno.content import CONTENT, ContentError, load_content
from rules.shitenno.payment import check_koku, check_troops
from rules.shitenno.state import dump, load
from tests.shitenno_play import (
    control_state,
    find_koku,
    find_tile,
    find_troop,
    four_player_sharing,
    play,
    sharing_state,
    take,
)


def unchanged_on_error(st, seat, action, error, code=None, rule=None):
    """SH-0.2: the engine rejects the action and leaves the state unchanged."""
    before = dump(st)
    with pytest.raises(error) as e:
        GAME.apply(st, seat, action)
    assert dump(st) == before
    if code is not None:
        assert e.value.code == code
    if rule is not None:
        assert e.value.params["rule"] == rule
    return e.value


def give(st, seat, *cards):
    take(st, *cards)
    p = st.players[seat]
    for c in cards:
        if c.startswith("T"):
            p.troops.append(c)
        elif c.startswith("K"):
            p.koku.append(c)
        else:
            p.kept.append(c)


# ---------------------------------------------------------------- SH-2 content


def test_sh_2_content_counts():
    """SH-2.4 to SH-2.7: 8 provinces, 34 troop cards with 11 symbols per type, 24 koku worth 40, 24 tiles."""
    assert len(CONTENT.provinces) == 8
    assert len(CONTENT.troop) == 34
    assert Counter(s for syms in CONTENT.troop.values() for s in syms) == {t: 11 for t in ("BU", "SA", "SH", "SO")}
    assert len(CONTENT.koku) == 24 and sum(CONTENT.koku.values()) == 40
    assert Counter(CONTENT.tiles.values()) == {
        (t, e): 2 for t in CONTENT.troop_types for e in ("DRAW", "PLUS_ONE", "EXCHANGE")
    }
    assert CONTENT.province["KANTO"].values == (5, 6, 8, 11) and CONTENT.province["KANTO"].home == "SA"
    assert CONTENT.stones == {2: 12, 3: 10, 4: 8}


def test_sh_2_broken_content_file_names_the_entry(tmp_path: Path):
    """Content is data validated at import: a wrong entry is named in the error."""
    data = json.loads((Path(__file__).resolve().parents[2] / "rules/shitenno/content.json").read_text())
    data["provinces"][7]["home"] = "XX"
    bad = tmp_path / "content.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"provinces\[7\] \('KANTO'\).*XX"):
        load_content(bad)
    data["provinces"][7]["home"] = "SA"
    data["bonus_tiles"][3]["effect"] = "TELEPORT"
    bad.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"bonus_tiles\[3\] \('B4'\).*TELEPORT"):
        load_content(bad)
    data["bonus_tiles"][3]["effect"] = "DRAW"
    del data["troop_cards"][30]["symbols"]
    bad.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"troop_cards\[30\] \('T31'\): missing key 'symbols'"):
        load_content(bad)
    bad.write_text("{not json")
    with pytest.raises(ContentError, match="not JSON"):
        load_content(bad)


# ---------------------------------------------------------------- SH-5 setup


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sh_5_setup(n):
    """SH-5.1 to SH-5.7 and SH-7.2: generals in order, stones, 3 tiles per stack, 2 cards each,
    distinct titles, round 1 sharing with 2N troop + N koku in the pool."""
    st = GAME.new(n, None, 42)
    assert [p.general for p in st.players] == list(CONTENT.generals)[:n]
    assert all(p.supply == CONTENT.stones[n] and p.score == 0 for p in st.players)
    assert all(len(s) == 3 for s in st.stacks.values())
    assert all(len(p.troops) == 2 and not p.koku for p in st.players)
    assert len({p.title for p in st.players}) == n
    assert st.phase == "sharing" and st.round == 1
    assert st.sharing is not None
    pool = st.sharing.pool
    assert sum(c.startswith("T") for c in pool) == 2 * n and sum(c.startswith("K") for c in pool) == n
    assert len(st.koku_deck) == 24 - n
    assert sorted(st.sharing.unplaced) == sorted(CONTENT.titles)
    assert st.sharing.tairo == engine.rank_order(st)[0]


def test_sh_5_bad_player_count_and_options():
    from rules.errors import BadOptions

    with pytest.raises(BadOptions):
        GAME.new(5, None, 1)
    with pytest.raises(BadOptions):
        GAME.new(3, {"nope": 1}, 1)


def test_sh_5_1_generals_picked_in_joining_order():
    """Picks are honoured in joining order; a player without a pick gets the first free general."""
    from rules.errors import BadOptions

    st = GAME.new(3, {"generals": "sakai,,honda"}, 1)
    assert [p.general for p in st.players] == ["Sakai Tadatsugu", "Ii Naomasa", "Honda Tadakatsu"]
    st = GAME.new(2, {"generals": "blue"}, 1)
    assert [p.general for p in st.players] == ["Sakakibara Yasumasa", "Honda Tadakatsu"]
    assert [p.general for p in GAME.new(2, None, 1).players] == ["Honda Tadakatsu", "Ii Naomasa"]
    for picks, code in (
        ("ii,ii", "general_taken"),
        ("shogun", "unknown_general"),
        ("ii,honda,sakai", "generals_count"),
    ):
        with pytest.raises(BadOptions) as e:
            GAME.new(2, {"generals": picks}, 1)
        assert e.value.code == code


# ---------------------------------------------------------------- SH-7 sharing and SH-12.1/12.2


def test_sh_12_1_three_players_first_lot_refused_by_all():
    st = sharing_state(["Daimyo", "Sensei", "Hatamoto"])
    sa1 = find_troop(st, "SA")
    sa2 = find_troop(st, "SA", avoid=(sa1,))
    bu, sh, soso, busa = (
        find_troop(st, "BU"),
        find_troop(st, "SH"),
        find_troop(st, "SO", "SO"),
        find_troop(st, "BU", "SA"),
    )
    k1, k2, k3 = find_koku(st, 1), find_koku(st, 2), find_koku(st, 3)
    pool = [sa1, sa2, bu, sh, soso, busa, k1, k2, k3]
    take(st, *pool)
    st.sharing.pool = list(pool)
    assert GAME.to_act(st) == (0,)
    GAME.apply(st, 0, FormLot("Daimyo", (sh,)))
    assert GAME.to_act(st) == (1,)
    GAME.apply(st, 1, Refuse())
    assert GAME.to_act(st) == (2,)
    GAME.apply(st, 2, Refuse())
    assert st.players[0].troops == [sh]
    assert st.sharing.tairo == 1 and st.sharing.pending == [1, 2]
    assert GAME.legal(st, 1)[0].__class__ is Split
    GAME.apply(st, 1, Split("Sensei", (soso, k3, k2), "Hatamoto", (sa1, sa2, bu, busa, k1)))
    assert GAME.to_act(st) == (2,)
    GAME.apply(st, 2, Choose("A"))
    assert [p.title for p in st.players] == ["Daimyo", "Hatamoto", "Sensei"]
    assert st.phase == "control" and st.order == [0, 2, 1]
    assert sorted(st.players[2].troops + st.players[2].koku) == sorted([soso, k3, k2])
    assert sorted(st.players[1].troops + st.players[1].koku) == sorted([sa1, sa2, bu, busa, k1])
    assert engine.rank_order(st)[0] == 0


@pytest.mark.parametrize("choice", ["A", "B"])
def test_sh_12_2_two_players_split(choice):
    st = sharing_state(["Shomyo", "Hatamoto"])
    bu1 = find_troop(st, "BU")
    bu2 = find_troop(st, "BU", avoid=(bu1,))
    shso, sasa, k3, k1 = find_troop(st, "SH", "SO"), find_troop(st, "SA", "SA"), find_koku(st, 3), find_koku(st, 1)
    take(st, bu1, bu2, shso, sasa, k3, k1)
    st.sharing.pool = [bu1, bu2, shso, sasa, k3, k1]
    GAME.apply(st, 0, Split("Shomyo", (k1,), "Hatamoto", (bu1, bu2, shso, sasa, k3)))
    GAME.apply(st, 1, Choose(choice))
    if choice == "B":
        assert [p.title for p in st.players] == ["Shomyo", "Hatamoto"]
        assert len(st.players[1].troops) + len(st.players[1].koku) == 5
        assert st.order == [0, 1]
    else:
        assert [p.title for p in st.players] == ["Hatamoto", "Shomyo"]
        assert st.order == [1, 0]


def test_sh_7_4_3_accept_keeps_tairo():
    """SH-7.4.2/7.4.3: the lot goes down the rank order; ACCEPT ends the offer, Tairo stays."""
    st = sharing_state(["Daimyo", "Shomyo", "Sensei", "Hatamoto"])
    c = find_troop(st, "SA")
    take(st, c)
    st.sharing.pool = [c]
    GAME.apply(st, 0, FormLot("Hatamoto", ()))
    GAME.apply(st, 1, Refuse())
    assert GAME.to_act(st) == (2,)
    GAME.apply(st, 2, Accept())
    assert st.sharing.tairo == 0 and st.sharing.pending == [0, 1, 3]
    assert GAME.to_act(st) == (0,)
    assert st.log[-1] == {"type": "lot_received", "seat": 2, "tile": "Hatamoto", "cards": []}


def test_sh_7_5_form_lot_errors():
    st = sharing_state(["Daimyo", "Shomyo", "Sensei"])
    c = find_troop(st, "SA")
    take(st, c)
    st.sharing.pool = [c]
    other = find_troop(st, "BU")
    unchanged_on_error(st, 0, FormLot("Daimyo", (other,)), IllegalAction, "card_not_in_pool", "SH-7.5")
    unchanged_on_error(st, 0, FormLot("Daimyo", (c, c)), IllegalAction, "card_not_in_pool", "SH-7.5")
    unchanged_on_error(st, 0, Accept(), IllegalAction, "not_expected_action")
    unchanged_on_error(st, 0, Split("Daimyo", (), "Shomyo", (c,)), IllegalAction, "not_expected_action")
    unchanged_on_error(st, 1, FormLot("Daimyo", ()), NotYourTurn, "not_your_turn", "SH-10")
    unchanged_on_error(st, 0, EndTurn(), WrongPhase, "not_control")
    GAME.apply(st, 0, FormLot("Sensei", ()))
    GAME.apply(st, 1, Accept())
    unchanged_on_error(st, 0, FormLot("Sensei", ()), IllegalAction, "not_expected_action")
    unchanged_on_error(st, 0, Split("Sensei", (c,), "Daimyo", ()), IllegalAction, "tile_not_available", "SH-7.5")
    unchanged_on_error(st, 0, Split("Daimyo", (c,), "Daimyo", ()), IllegalAction, "split_same_tile", "SH-7.5")
    unchanged_on_error(st, 0, Split("Daimyo", (), "Shomyo", ()), IllegalAction, "split_leaves_cards", "SH-7.5")


def test_sh_7_3_last_round_flag_when_koku_deck_empties():
    """SH-7.3 and SH-13.8: with 4 players the koku deck empties in round 6's draw."""
    st, _ = play(4, 7)
    koku_events = [e for e in st.log if e["type"] == "last_round"]
    assert len(koku_events) == 1 and koku_events[0]["cause"] in ("koku_deck_empty", "stones_placed")
    assert st.round <= 6


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sh_7_3_flag_set_by_the_draw_that_empties_the_koku_deck(n):
    st = control_state(["Daimyo", "Shomyo", "Sensei", "Hatamoto"][:n], 0)
    st.players[1].koku += st.koku_deck[: -2 * n]
    st.koku_deck = st.koku_deck[-2 * n :]
    engine._start_sharing(st, [])
    assert not st.last_round and len(st.koku_deck) == n
    st.sharing = None
    engine._start_sharing(st, [])
    assert st.last_round and st.koku_deck == [] and st.log[-1] == {"type": "last_round", "cause": "koku_deck_empty"}


def test_sh_7_2_short_troop_piles_draw_what_there_is():
    """SH-7.2 / SH-11.3: an empty deck is refilled from the discard pile; with both empty no more
    troop cards are drawn."""
    st = control_state(["Daimyo", "Shomyo"], 0)
    everything = list(st.troop_deck)
    st.troop_deck = everything[:1]
    st.discard = everything[1:3]
    st.players[1].troops = everything[3:]
    events: list = []
    st.phase = "sharing"
    engine._start_sharing(st, events)
    assert sorted(c for c in st.sharing.pool if c.startswith("T")) == sorted(everything[:3])
    assert st.troop_deck == [] and st.discard == []


# ---------------------------------------------------------------- SH-8 control


def test_sh_8_4_3_requirement_and_cost():
    st = control_state(["Daimyo", "Shomyo"], 0)
    top = st.stacks["KANTO"][0]
    assert engine.requirement(st, "KANTO") == ["SA", "SA", "SA", CONTENT.tiles[top][0]]
    assert engine.koku_cost(st, "KANTO") == 5
    st.stacks["CHUGOKU"] = []
    st.board["CHUGOKU"] = [(0, False)] * 3
    assert engine.requirement(st, "CHUGOKU") == ["SA", "SA", "SA"]
    assert engine.koku_cost(st, "CHUGOKU") == 9
    st.board["CHUGOKU"].append((1, False))
    assert engine.requirement(st, "CHUGOKU") == [] and engine.koku_cost(st, "CHUGOKU") is None


def kanto_example():
    """SH-12.3 set-up: Botan (seat 1) Hatamoto to move; Kanto with Aiko on 1 and SH/DRAW over SA/EXCHANGE."""
    st = control_state(["Daimyo", "Hatamoto"], 1)
    draw, exch = find_tile(st, "SH", "DRAW"), find_tile(st, "SA", "EXCHANGE")
    take(st, draw, exch)
    st.stacks["KANTO"] = [draw, exch]
    st.board["KANTO"] = [(0, False)]
    st.players[0].supply -= 1
    a, b, so, k2 = find_troop(st, "SA"), find_troop(st, "BU", "SA"), find_troop(st, "SO"), find_koku(st, 2)
    plus = find_tile(st, "BU", "PLUS_ONE")
    give(st, 1, a, b, so, k2, plus)
    return st, a, b, so, k2, plus, draw


def test_sh_12_3_troop_conquest_with_bonus_tile_and_hatamoto():
    st, a, b, _so, _k2, plus, draw = kanto_example()
    assert engine.requirement(st, "KANTO") == ["SA", "SA", "SA", "SH"]
    act = ConquerTroops("KANTO", (a, b), plus=((plus, f"{a}.1"),), joker="SH")
    assert check_troops(act, ["SA", "SA", "SA", "SH"]) is None
    for smaller in (
        ConquerTroops("KANTO", (b,), joker="SH"),
        ConquerTroops("KANTO", (a,), plus=((plus, f"{a}.1"),), joker="SH"),
        ConquerTroops("KANTO", (a, b), joker="SH"),
        ConquerTroops("KANTO", (a, b), plus=((plus, f"{a}.1"),)),
    ):
        assert check_troops(smaller, ["SA", "SA", "SA", "SH"]) == "SH-8.5.6"
    GAME.apply(st, 1, act)
    p = st.players[1]
    assert st.discard[-2:] == [a, b] and plus in st.spent and p.joker_used
    assert st.board["KANTO"] == [(0, False), (1, False)]
    assert p.score == 6 and p.events == [("conquest KANTO.2", 6)]
    assert p.kept == [draw]
    assert engine.requirement(st, "KANTO") == ["SA"] * 4 and engine.koku_cost(st, "KANTO") == 8
    assert GAME.to_act(st) == (1,)
    assert UseDraw(draw) in GAME.legal(st, 1)
    GAME.apply(st, 1, UseDraw(draw))
    assert len(p.troops) == 2 and draw in st.spent


def test_sh_8_7_2_superfluous_card_is_illegal():
    st, a, b, so, _k2, plus, _draw = kanto_example()
    act = ConquerTroops("KANTO", (a, b, so), plus=((plus, f"{a}.1"),), joker="SH")
    unchanged_on_error(st, 1, act, IllegalAction, "bad_payment", "SH-8.7.2")


def test_sh_8_5_payment_shape_errors():
    st, a, b, so, k2, plus, _draw = kanto_example()
    exch = find_tile(st, "BU", "EXCHANGE")
    give(st, 1, exch)
    cases = [
        (ConquerTroops("KANTO", (), (k2,), exchanges=((exch, k2, "SA"),), joker="SH"), "SH-8.5.5"),
        (ConquerTroops("KANTO", (a, b), (k2,), plus=((plus, f"{a}.1"),), joker="SH"), "SH-8.5.3"),
        (ConquerTroops("KANTO", (a, b), plus=((plus, f"{so}.1"),), joker="SH"), "SH-8.5.2"),
        (ConquerTroops("KANTO", (a, b), exchanges=((exch, f"{a}.1", "SA"),), joker="SH"), "SH-8.5.1"),
        (ConquerTroops("KANTO", (a, b), plus=((plus, f"{a}.1"),), exchanges=((exch, f"{a}.1", "SH"),)), "SH-8.7.1"),
        (ConquerTroops("KANTO", (a, b), plus=((plus, f"{a}.1"),)), "SH-8.5.6"),
    ]
    for act, rule in cases:
        unchanged_on_error(st, 1, act, IllegalAction, "bad_payment", rule)
    # SH-8.5.1 / SH-8.5.3: exchanging a koku card or a surplus symbol gives a legal payment.
    legal1 = ConquerTroops("KANTO", (a, b), (k2,), plus=((plus, f"{a}.1"),), exchanges=((exch, k2, "SH"),))
    assert check_troops(legal1, engine.requirement(st, "KANTO")) is None
    legal2 = ConquerTroops("KANTO", (a, b), plus=((plus, f"{a}.1"),), exchanges=((exch, f"{b}.1", "SH"),))
    assert check_troops(legal2, engine.requirement(st, "KANTO")) is None
    GAME.apply(st, 1, legal1)
    assert k2 in st.koku_removed and st.players[1].koku == []


def test_sh_8_5_4_joker_only_for_hatamoto_once():
    st, a, b, _so, _k2, plus, _draw = kanto_example()
    st.players[1].title = "Shomyo"
    act = ConquerTroops("KANTO", (a, b), plus=((plus, f"{a}.1"),), joker="SH")
    unchanged_on_error(st, 1, act, IllegalAction, "joker_unavailable", "SH-8.5.4")
    st.players[1].title = "Hatamoto"
    st.players[1].joker_used = True
    unchanged_on_error(st, 1, act, IllegalAction, "joker_unavailable", "SH-8.5.4")


def test_sh_8_8_ownership_and_limits():
    st, a, b, _so, _k2, _plus, draw = kanto_example()
    foreign = find_troop(st, "SA")
    unchanged_on_error(
        st, 1, ConquerTroops("KANTO", (foreign, b), joker="SH"), IllegalAction, "card_not_in_hand", "SH-8.8"
    )
    unchanged_on_error(st, 1, ConquerTroops("KANTO", (a, a), joker="SH"), IllegalAction, "named_twice", "SH-8.8")
    unchanged_on_error(st, 1, ConquerTroops("KANTO", (a, b), plus=((draw, f"{a}.1"),)), IllegalAction, "tile_not_kept")
    st.players[1].conquests = 2
    unchanged_on_error(st, 1, ConquerTroops("KANTO", (a, b), joker="SH"), IllegalAction, "conquest_limit", "SH-8.8")
    st.players[1].conquests = 0
    st.board["KANTO"] = [(0, False)] * 4
    unchanged_on_error(st, 1, ConquerTroops("KANTO", (a, b), joker="SH"), IllegalAction, "province_full", "SH-8.8")
    st.board["KANTO"] = [(0, False)]
    st.players[1].supply = 0
    unchanged_on_error(st, 1, ConquerTroops("KANTO", (a, b), joker="SH"), IllegalAction, "no_stone", "SH-8.8")


def chugoku_example():
    """SH-12.4 set-up: Aiko (seat 0) Daimyo; Chugoku has 2 stones and 1 tile left."""
    st = control_state(["Daimyo", "Sensei"], 0)
    st.board["CHUGOKU"] = [(1, False), (1, False)]
    st.players[1].supply -= 2
    last = st.stacks["CHUGOKU"][2]
    spent = st.stacks["CHUGOKU"][:2]
    st.stacks["CHUGOKU"] = [last]
    st.spent += spent
    k3, k2a = find_koku(st, 3), find_koku(st, 2)
    k2b, k1 = find_koku(st, 2, avoid=(k2a,)), find_koku(st, 1)
    give(st, 0, k3, k2a, k2b, k1)
    return st, k3, k2a, k2b, k1, last


def test_sh_12_4_koku_conquest():
    st, k3, k2a, k2b, k1, last = chugoku_example()
    assert engine.koku_cost(st, "CHUGOKU") == 6
    assert check_koku(ConquerKoku("CHUGOKU", (k3, k2a, k1)), 6) is None
    assert check_koku(ConquerKoku("CHUGOKU", (k3, k2a, k2b)), 6) is None
    unchanged_on_error(st, 0, ConquerKoku("CHUGOKU", (k3, k2a, k2b, k1)), IllegalAction, "bad_payment", "SH-8.7.2")
    unchanged_on_error(st, 0, ConquerKoku("CHUGOKU", (k3, k2a)), IllegalAction, "bad_payment", "SH-8.6.4")
    legal = [a for a in GAME.legal(st, 0) if isinstance(a, ConquerKoku) and a.province == "CHUGOKU"]
    values = sorted(sorted(CONTENT.koku[k] for k in a.koku) for a in legal)
    assert values == [[1, 2, 3], [2, 2, 3]]
    GAME.apply(st, 0, ConquerKoku("CHUGOKU", (k3, k2a, k2b)))
    p = st.players[0]
    assert p.koku == [k1] and {k3, k2a, k2b} <= set(st.koku_removed)
    assert p.score == 8 and p.events == [("conquest CHUGOKU.3", 6), ("title Daimyo", 2)]
    assert p.kept == [last] and st.stacks["CHUGOKU"] == []
    assert engine.requirement(st, "CHUGOKU") == ["SA"] * 3 and engine.koku_cost(st, "CHUGOKU") == 9


def test_sh_8_6_koku_payment_shape():
    """SH-8.6.1 to SH-8.6.3 and PLUS_ONE / EXCHANGE in koku payments."""
    st, k3, k2a, _k2b, _k1, _last = chugoku_example()
    plus = find_tile(st, "SA", "PLUS_ONE")
    exch = find_tile(st, "SA", "EXCHANGE")
    busa = find_troop(st, "BU", "SA")
    give(st, 0, plus, exch, busa)
    assert check_koku(ConquerKoku("CHUGOKU", (k3, k2a), (plus,)), 6) is None
    assert check_koku(ConquerKoku("CHUGOKU", (), (plus,)), 6) == "SH-8.6.3"
    assert check_koku(ConquerKoku("CHUGOKU", (k3, k2a), troops=(busa,)), 6) == "SH-8.6.2"
    ok = ConquerKoku("CHUGOKU", (k3, k2a), troops=(busa,), exchanges=((exch, f"{busa}.2"),))
    assert check_koku(ok, 6) is None
    dup = ConquerKoku("CHUGOKU", (k3, k2a), troops=(busa,), exchanges=((exch, f"{busa}.2"), (exch, f"{busa}.2")))
    assert check_koku(dup, 6) == "SH-8.7.1"
    GAME.apply(st, 0, ok)
    assert busa in st.discard and exch in st.spent and st.players[0].score == 8


def test_sh_8_9_shomyo_bonus_and_last_stone_trigger():
    """SH-8.9 steps 3 and 5, SH-9.1: placing the last stone sets the last-round flag."""
    st = control_state(["Shomyo", "Sensei"], 0)
    k = find_koku(st, 3)
    k2 = find_koku(st, 2)
    give(st, 0, k, k2)
    give(st, 1, find_koku(st, 1))
    st.players[0].supply = 1
    GAME.apply(st, 0, ConquerKoku("TOHOKU", (k, k2)))
    assert st.players[0].events == [("conquest TOHOKU.1", 5), ("title Shomyo", 1)]
    assert st.last_round
    assert st.active == 1  # SH-8.14.1: no stone and no tile use left, so the turn ended itself


def test_sh_8_10_same_province_twice_and_two_conquest_limit():
    st = control_state(["Daimyo", "Sensei"], 0)
    ks = [find_koku(st, 3)]
    ks.append(find_koku(st, 3, avoid=tuple(ks)))
    ks.append(find_koku(st, 3, avoid=tuple(ks)))
    k1 = find_koku(st, 1)
    give(st, 0, *ks, k1)
    give(st, 1, find_koku(st, 1))
    GAME.apply(st, 0, ConquerKoku("CHUBU", (ks[0],)))
    GAME.apply(st, 0, ConquerKoku("CHUBU", (ks[1], k1)))
    assert st.board["CHUBU"] == [(0, False), (0, False)]
    assert st.players[0].koku == [ks[2]]
    assert not any(isinstance(a, ConquerKoku | ConquerTroops) for a in GAME.legal(st, 0))
    if st.active == 0:  # a DRAW tile was taken, so the turn is not over yet
        unchanged_on_error(st, 0, ConquerKoku("HOKKAIDO", (ks[2],)), IllegalAction, "conquest_limit", "SH-8.8")
    st.stacks["KYUSHU"] = []
    st2 = control_state(["Daimyo", "Sensei"], 0)
    give(st2, 0, *[find_koku(st2, 1)] * 1)
    give(st2, 1, find_koku(st2, 2))
    st2.players[0].conquests = 2
    engine._skip_finished_turns(st2, [])
    assert st2.active == 1  # two conquests and no tile to use: automatic END_TURN (SH-8.14.1)


def test_sh_8_11_draw_tile():
    st = control_state(["Daimyo", "Sensei"], 0)
    d = find_tile(st, "BU", "DRAW")
    p = find_tile(st, "BU", "PLUS_ONE")
    give(st, 0, d, p, find_koku(st, 1))
    unchanged_on_error(st, 0, UseDraw(p), IllegalAction, "tile_not_kept", "SH-8.11")
    top = st.troop_deck[0]
    GAME.apply(st, 0, UseDraw(d))
    assert st.players[0].troops == [top] and d in st.spent
    assert top not in json.dumps(st.log)  # SH-4.1: the card drawn is not public
    assert st.log[-1] == {"type": "draw_used", "seat": 0, "tile": d}


def test_sh_8_11_draw_needs_a_troop_pile():
    st = control_state(["Daimyo", "Sensei"], 0)
    d = find_tile(st, "BU", "DRAW")
    give(st, 0, d, find_koku(st, 1))
    st.players[1].troops += st.troop_deck
    st.troop_deck = []
    assert UseDraw(d) not in GAME.legal(st, 0)
    unchanged_on_error(st, 0, UseDraw(d), IllegalAction, "troop_piles_empty", "SH-8.11")


def test_sh_8_13_sensei_flip():
    st = control_state(["Daimyo", "Sensei"], 1)
    st.board["KANSAI"] = [(0, False), (1, False)]
    give(st, 1, find_koku(st, 1))
    unchanged_on_error(st, 1, SenseiFlip("KANSAI", 1), IllegalAction, "not_own_simple_stone", "SH-8.13")
    unchanged_on_error(st, 1, SenseiFlip("KANSAI", 3), IllegalAction, "not_own_simple_stone", "SH-8.13")
    assert SenseiFlip("KANSAI", 2) in GAME.legal(st, 1)
    GAME.apply(st, 1, SenseiFlip("KANSAI", 2))
    assert st.board["KANSAI"][1] == (1, True) and st.players[1].score == 0
    st.board["KANSAI"].append((1, False))
    unchanged_on_error(st, 1, SenseiFlip("KANSAI", 3), IllegalAction, "already_flipped", "SH-8.13")
    st2 = control_state(["Daimyo", "Sensei"], 0)
    st2.board["KANSAI"] = [(0, False)]
    give(st2, 0, find_koku(st2, 1))
    unchanged_on_error(st2, 0, SenseiFlip("KANSAI", 1), IllegalAction, "not_sensei", "SH-8.13")


def test_sh_8_14_end_turn_and_automatic_end():
    """SH-8.14: END_TURN passes to the next in order; after the last turn a new round starts.
    SH-8.14.1: a player with no cards, tiles or flip is skipped by the engine."""
    st = control_state(["Daimyo", "Sensei"], 0)
    give(st, 0, find_koku(st, 1))
    give(st, 1, find_koku(st, 2))
    assert GAME.legal(st, 1) == [Resign()]  # not his turn: only RESIGN (SH-R.1)
    GAME.apply(st, 0, EndTurn())
    assert GAME.to_act(st) == (1,)
    unchanged_on_error(st, 0, EndTurn(), NotYourTurn, "not_your_turn", "SH-10")
    GAME.apply(st, 1, EndTurn())
    assert st.phase == "sharing" and st.round == 2
    st3 = control_state(["Daimyo", "Sensei"], 0)
    give(st3, 1, find_koku(st3, 2))
    engine._skip_finished_turns(st3, [])
    assert GAME.to_act(st3) == (1,) and st3.log[-1] == {"type": "turn_ended", "seat": 0, "auto": True}


def test_sh_8_9_4_fourth_conqueror_gets_no_tile():
    st = control_state(["Daimyo", "Sensei"], 0)
    st.board["KYUSHU"] = [(1, False)] * 3
    st.players[1].supply -= 3
    st.spent += st.stacks["KYUSHU"]
    st.stacks["KYUSHU"] = []
    busa, bu, bubu = find_troop(st, "BU", "SA"), find_troop(st, "BU"), find_troop(st, "BU", "BU")
    give(st, 0, busa, bu, bubu)
    give(st, 1, find_koku(st, 1))
    GAME.apply(st, 0, ConquerTroops("KYUSHU", (busa, bubu)))
    assert st.players[0].kept == [] and st.players[0].score == 9 + 2
    assert len(st.board["KYUSHU"]) == 4 and engine.requirement(st, "KYUSHU") == []
    assert not any(getattr(a, "province", None) == "KYUSHU" for a in GAME.legal(st, 0))


def test_sh_6_3_rank_order_and_sh_10_actor():
    st = sharing_state(["Hatamoto", "Daimyo", "Sensei", "Shomyo"])
    assert engine.rank_order(st) == [1, 3, 2, 0]
    assert GAME.to_act(st) == (1,) and GAME.legal(st, 0) == [Resign()]
    assert all(isinstance(a, FormLot | Resign) for a in GAME.legal(st, 1))


def test_sh_11_3_draw_reshuffles_the_discard_pile():
    st = control_state(["Daimyo", "Sensei"], 0)
    d = find_tile(st, "BU", "DRAW")
    give(st, 0, d, find_koku(st, 1))
    st.discard = st.troop_deck[:5]
    st.players[1].troops = st.troop_deck[5:]
    st.troop_deck = []
    pile = list(st.discard)
    GAME.apply(st, 0, UseDraw(d))
    assert st.discard == [] and len(st.troop_deck) == 4
    assert sorted(st.troop_deck + st.players[0].troops) == sorted(pile)


def test_sh_4_1_log_shows_payments_in_full():
    st, a, b, _so, _k2, plus, _draw = kanto_example()
    act = ConquerTroops("KANTO", (a, b), plus=((plus, f"{a}.1"),), joker="SH")
    events = GAME.apply(st, 1, act)
    conquest = {
        "type": "position_conquered",
        "seat": 1,
        "province": "KANTO",
        "position": 2,
        "vp": 6,
        "bonus": 0,
        "troops": [a, b],
        "plus": [{"tile": plus, "on": f"{a}.1"}],
        "joker": "SH",
    }
    assert events[0] == conquest and conquest in GAME.view(st, None).log


# ---------------------------------------------------------------- SH-9 final scoring and SH-12.5/12.6


def finish(st):
    st.last_round = True
    engine._final_scoring(st, [])
    return st.result


def test_sh_12_5_majority_tie_by_leftmost_stone():
    st = control_state(["Daimyo", "Shomyo", "Sensei"], 0)
    st.board["KYUSHU"] = [(2, False), (0, False), (0, False), (2, False)]
    r = finish(st)
    assert r["provinces_won"] == [0, 0, 1] and st.players[2].events == [("majority KYUSHU", 6)]
    st = control_state(["Daimyo", "Shomyo", "Sensei"], 0)
    st.board["KYUSHU"] = [(2, False), (0, True), (0, False), (2, False)]
    assert finish(st)["provinces_won"] == [1, 0, 0]
    st = control_state(["Daimyo", "Shomyo", "Sensei"], 0)
    st.board["KYUSHU"] = [(1, False), (0, True), (2, False), (2, False)]
    assert finish(st)["provinces_won"] == [1, 0, 0]
    assert st.result["weights"] == [2, 1, 2]


def test_sh_12_6_final_conversion():
    st = control_state(["Daimyo", "Hatamoto"], 0)
    give(
        st,
        1,
        find_koku(st, 2),
        find_koku(st, 1),
        find_troop(st, "SA"),
        find_troop(st, "BU", "SO"),
        find_tile(st, "SA", "PLUS_ONE"),
        find_tile(st, "BU", "PLUS_ONE"),
        find_tile(st, "SA", "EXCHANGE"),
        find_tile(st, "SA", "DRAW"),
    )
    finish(st)
    assert st.players[1].events == [("koku", 6)]
    assert st.players[1].kept == [] and len(st.spent) == 4


def test_sh_9_3_1_conversion_limits():
    """PLUS_ONE needs a koku card; EXCHANGE is capped by the symbols in hand."""
    st = control_state(["Daimyo", "Hatamoto"], 0)
    give(st, 0, find_tile(st, "SA", "PLUS_ONE"), find_tile(st, "SA", "EXCHANGE"), find_tile(st, "BU", "EXCHANGE"))
    give(st, 0, find_troop(st, "SA"))
    finish(st)
    assert st.players[0].events == [("koku", 1)]


def test_sh_9_3_4_ranking_tie_breaks():
    st = control_state(["Daimyo", "Shomyo", "Sensei"], 0)
    st.board["KYUSHU"] = [(0, False)]
    st.board["CHUBU"] = [(1, False)]
    st.board["KANTO"] = [(1, True)]
    st.players[0].score = 6
    st.players[0].events = [("conquest", 6)]
    r = finish(st)
    # P0 12 VP (1 province), P1 12 VP (2 provinces): P1 wins on provinces.
    assert r["scores"] == [12, 12, 0] and r["winners"] == [1] and r["places"] == [2, 1, 3]
    out = GAME.outcome(st)
    assert out is not None and out.winners == (1,) and out.scores == (12, 12, 0)
    unchanged_on_error(st, 0, EndTurn(), GameOver, "game_over")
    st = control_state(["Daimyo", "Shomyo"], 0)
    st.board["KYUSHU"] = [(0, False)]
    st.board["CHUBU"] = [(1, False)]
    assert finish(st)["winners"] == [0, 1]


def test_sh_9_2_triggering_round_is_finished():
    """SH-9.2: after the flag, remaining players still take their turn; then the game ends."""
    st = control_state(["Daimyo", "Sensei"], 0)
    give(st, 0, find_koku(st, 1))
    give(st, 1, find_koku(st, 2))
    st.last_round = True
    GAME.apply(st, 0, EndTurn())
    assert st.phase == "control" and GAME.to_act(st) == (1,)
    GAME.apply(st, 1, EndTurn())
    assert st.phase == "finished" and GAME.to_act(st) == ()
    assert st.players[1].events == [("koku", 2)]


# ---------------------------------------------------------------- SH-4 views, notation, dump/load, SH-11


def test_sh_4_views_hide_hands_and_secrets():
    st, _ = play(3, 3)
    st = GAME.new(3, None, 5)
    pub = GAME.view(st, None)
    assert pub.hand == () and pub.viewer is None
    mine = GAME.view(st, 1)
    assert {c.label for c in mine.hand} == set(st.players[1].troops + st.players[1].koku)
    text = repr(pub)
    for p in st.players:
        for c in p.troops:
            assert f"'{c}'" not in text
    assert str(st.rng.state) not in text
    assert all(pv.tiles_left == 3 and pv.top_tile.label == st.stacks[pv.id][0] for pv in pub.provinces)
    assert pub.troop_deck == len(st.troop_deck)


NOTATIONS = [
    "offer Shomyo T3 T7 K2",
    "offer Daimyo",
    "accept",
    "refuse",
    "split Sensei T1 K3 / Hatamoto T2",
    "split Sensei / Hatamoto",
    "choose A",
    "conquer KANTO T1 T4 +B2@T1.1 xB5@K3=SA joker=SH",
    "conquer KANTO T1 K3 xB5@K3=SA xB6@T1.1=BU",
    "buy CHUGOKU K1 K3 T4 +B2 xB5@T4.1",
    "draw B3",
    "flip KANTO.2",
    "end",
    "resign",  # SH-R.1 (docs/shitenno.md)
]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trip(text):
    a = parse_action(text)
    assert a.notation() == text
    assert parse_action(a.notation()) == a
    assert GAME.parse_action(text.lower()) == a


@pytest.mark.parametrize(
    "text",
    [
        "",
        "offer Shogun",
        "split Sensei T1",
        "choose C",
        "conquer MARS T1",
        "flip KANTO.5",
        "buy KANTO Q1",
        "conquer KANTO +B2",
    ],
)
def test_bad_notation(text):
    with pytest.raises(BadNotation):
        parse_action(text)


def test_dump_load_round_trip_and_format():
    st, _ = play(4, 11)
    d = GAME.dump(st)
    assert json.loads(json.dumps(d)) == d and d["format"] == 2
    assert GAME.load(d) == st
    for other in (1, 3):  # format 1 kept English log entries: such games are replayed, not loaded
        with pytest.raises(BadNotation) as err:
            load({**d, "format": other})
        assert err.value.code == "state_format"
    with pytest.raises(BadNotation):
        load({**d, "log": ["P0: end"]})


def test_sh_11_same_seed_same_game():
    a, ha = play(3, 21)
    b, hb = play(3, 21)
    assert dump(a) == dump(b) and ha == hb
    c, _ = play(3, 22)
    assert dump(a) != dump(c)


def test_registry_lists_shitenno():
    from cogs.games import ENGINES

    assert ENGINES["shitenno"] is GAME


# ---------------------------------------------------------------- rule coverage: SH-0, SH-2, SH-3


def test_sh_0_1_errors_cite_stable_rule_ids():
    """SH-0.1: every rule has a stable ID, and every rule the engine cites in an error is written
    as one (SH-x.y or SH-x.y.z, or SH-R.x for the resignation rules of docs/shitenno.md)."""
    import re

    pattern = re.compile(r"^SH-(\d+|R)(\.\d+){0,2}$")
    src = "".join(p.read_text() for p in (Path(__file__).resolve().parents[2] / "rules/shitenno").glob("*.py"))
    cited = set(re.findall(r'rule="(SH-[0-9R.]+)"', src))
    assert cited and all(pattern.match(r) for r in cited)


def test_sh_0_4_unique_stable_identifiers():
    """SH-0.4: every card and tile has a unique identifier that never changes; at any moment each
    identifier is in exactly one place; a symbol is named card.index in SH-2.5 type order."""
    ids = list(CONTENT.troop) + list(CONTENT.koku) + list(CONTENT.tiles)
    assert len(ids) == len(set(ids)) == 34 + 24 + 24
    st = GAME.new(4, None, 3)
    rnd = __import__("random").Random(3)
    from tests.shitenno_play import random_actions

    for seat, act in random_actions(st, rnd):
        GAME.apply(st, seat, act)
        places = st.troop_deck + st.koku_deck + st.discard + st.koku_removed + st.spent
        places += [t for s in st.stacks.values() for t in s]
        for p in st.players:
            places += p.troops + p.koku + p.kept
        if st.sharing:
            places += st.sharing.pool
            if st.sharing.offer:
                places += list(st.sharing.offer[1])
            if st.sharing.split:
                places += list(st.sharing.split[0][1]) + list(st.sharing.split[1][1])
        assert sorted(places) == sorted(ids)
    busa = next(c for c, s in CONTENT.troop.items() if set(s) == {"BU", "SA"})
    assert CONTENT.troop[busa] == ("BU", "SA")
    act = ConquerTroops("KANTO", (busa,), plus=(("B1", f"{busa}.2"),))
    assert parse_action(act.notation()) == act and f"{busa}.2" in act.notation()


def test_sh_2_1_generals_do_not_affect_play():
    """SH-2.1: four generals with their colours, in this order; the general picked changes nothing else."""
    import random

    from tests.shitenno_play import random_actions

    assert list(CONTENT.generals.items()) == [
        ("Honda Tadakatsu", "red"),
        ("Ii Naomasa", "black"),
        ("Sakakibara Yasumasa", "blue"),
        ("Sakai Tadatsugu", "green"),
    ]
    a = GAME.new(3, None, 9)
    b = GAME.new(3, {"generals": "green,blue,black"}, 9)
    for seat, act in random_actions(a, random.Random(9)):
        GAME.apply(a, seat, act)
        GAME.apply(b, seat, act)
    da, db = dump(a), dump(b)
    assert [p["general"] for p in db["players"]] == ["Sakai Tadatsugu", "Sakakibara Yasumasa", "Ii Naomasa"]
    for p in da["players"] + db["players"]:
        del p["general"]
    assert da == db and a.phase == "finished"


@pytest.mark.parametrize(("title", "bonus"), [("Daimyo", 2), ("Shomyo", 1), ("Sensei", 0), ("Hatamoto", 0)])
def test_sh_2_2_titles_seals_and_vp_powers(title, bonus):
    """SH-2.2: seals 4/3/2/1; Daimyo +2 and Shomyo +1 VP per stone placed, the others nothing."""
    assert CONTENT.seals == {"Daimyo": 4, "Shomyo": 3, "Sensei": 2, "Hatamoto": 1}
    other = "Hatamoto" if title != "Hatamoto" else "Daimyo"
    st = control_state([title, other], 0)
    k3, k2 = find_koku(st, 3), find_koku(st, 2)
    give(st, 0, k3, k2)
    give(st, 1, find_koku(st, 1))
    GAME.apply(st, 0, ConquerKoku("TOHOKU", (k3, k2)))
    assert st.players[0].score == 5 + bonus


def test_sh_2_3_troop_types_and_decks():
    """SH-2.3: four troop types. SH-2.5: 6 singles per type, 4 same-type doubles, 6 mixed doubles.
    SH-2.6: koku 12 x 1, 8 x 2, 4 x 3."""
    assert CONTENT.troop_types == ("BU", "SA", "SH", "SO")
    kinds = Counter(CONTENT.troop.values())
    types = CONTENT.troop_types
    assert all(kinds[(t,)] == 6 for t in types)
    assert all(kinds[(t, t)] == 1 for t in types)
    mixed = [(a, b) for i, a in enumerate(types) for b in types[i + 1 :]]
    assert len(mixed) == 6 and all(kinds[m] == 1 for m in mixed)
    assert sum(kinds.values()) == 34 and len(kinds) == 4 + 4 + 6
    assert Counter(CONTENT.koku.values()) == {1: 12, 2: 8, 3: 4}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sh_2_8_constants_per_player_count(n):
    """SH-2.8 (SH-0.3: N = number of players): stones 12/10/8, N titles held, 2N troop and N koku
    cards per sharing draw, koku deck empty after 24 / N draws, 2 starting cards, 3 tiles per
    province, 6 VP per majority."""
    st = GAME.new(n, None, 4)
    assert [p.supply for p in st.players] == [{2: 12, 3: 10, 4: 8}[n]] * n
    assert len({p.title for p in st.players}) == n and None not in {p.title for p in st.players}
    assert all(len(p.troops) == 2 for p in st.players)
    assert all(len(s) == 3 for s in st.stacks.values()) and CONTENT.majority_vp == 6
    draws = 1
    while not st.last_round:
        pool = st.sharing.pool
        assert sum(c.startswith("T") for c in pool) == 2 * n and sum(c.startswith("K") for c in pool) == n
        st.discard += [c for c in pool if c.startswith("T")]
        st.sharing = None
        engine._start_sharing(st, [])
        draws += 1
    assert draws == 24 // n


def test_sh_3_state_holds_exactly_its_parts():
    """SH-3.1, SH-3.2, SH-3.3, SH-3.4, SH-3.5, SH-3.6, SH-3.7: the state holds exactly the global,
    pile, board, player, title, sharing and control parts (plus N and the final result)."""
    from dataclasses import fields

    from rules.shitenno.state import Player, Sharing, ShitennoState

    assert {f.name for f in fields(ShitennoState)} == {
        "n",  # SH-0.3
        "round", "phase", "last_round", "rng", "log",  # SH-3.1
        "troop_deck", "discard", "koku_deck", "koku_removed", "spent",  # SH-3.2
        "board", "stacks",  # SH-3.3
        "players",  # SH-3.4
        "sharing",  # SH-3.6
        "order", "active",  # SH-3.7
        "result",  # SH-9.3.4
        "resigned",  # SH-R.1 (docs/shitenno.md)
        "resigned_play_on",  # SH-R.6 (docs/shitenno.md)
    }  # fmt: skip
    assert {f.name for f in fields(Player)} == {
        "seat", "general", "title", "score", "events", "supply", "troops", "koku", "kept",
        "conquests", "flipped", "joker_used",
    }  # fmt: skip
    assert {f.name for f in fields(Sharing)} == {
        "pool", "unplaced", "pending", "tairo", "offer", "refused", "split", "received",
    }  # fmt: skip
    st = GAME.new(3, None, 8)
    assert st.round == 1 and st.phase == "sharing" and not st.last_round
    assert set(st.board) == set(st.stacks) == {p.id for p in CONTENT.provinces}
    assert all(v == [] for v in st.board.values()) and all(len(v) == 3 for v in st.stacks.values())
    # SH-3.5: one title each, 4 - N held by nobody, all 4 hierarchy tiles still in the game.
    assert len({p.title for p in st.players}) == 3 and st.sharing.unplaced == list(CONTENT.titles)
    import random

    from tests.shitenno_play import random_actions

    removed: set[str] = set()
    spent: set[str] = set()
    phases = set()
    for seat, act in random_actions(st, random.Random(8)):
        GAME.apply(st, seat, act)
        phases.add(st.phase)
        # SH-3.2: removed koku and spent tiles are out of the game for good.
        assert removed <= set(st.koku_removed) and spent <= set(st.spent)
        removed, spent = set(st.koku_removed), set(st.spent)
        # SH-3.3: 4 positions of (owner, face) and a stack of 0-3 tiles.
        for pid, stones in st.board.items():
            assert len(stones) <= 4 and all(s in range(3) and isinstance(g, bool) for s, g in stones)
            assert len(st.stacks[pid]) == 3 - min(3, len(stones))
        if st.phase == "control":
            assert st.sharing is None and sorted(st.order) == [0, 1, 2] and st.active < 3
            assert len({p.title for p in st.players}) == 3
    assert phases == {"sharing", "control", "finished"}


def test_sh_3_4_no_hand_limit_and_cards_stay():
    """SH-3.4: no hand limit; cards stay in hand from round to round."""
    st = control_state(["Daimyo", "Sensei"], 0)
    many = st.troop_deck[:20] + st.koku_deck[:10]
    give(st, 0, *many)
    give(st, 1, find_koku(st, 1))
    GAME.apply(st, 0, EndTurn())
    GAME.apply(st, 1, EndTurn())
    assert st.phase == "sharing" and st.round == 2
    assert sorted(st.players[0].troops + st.players[0].koku) == sorted(many)


# ---------------------------------------------------------------- rule coverage: SH-4 views


def _strings(obj, out=None):
    """Every string and int inside a view (log entries split into words)."""
    from dataclasses import fields, is_dataclass

    out = set() if out is None else out
    if is_dataclass(obj):
        for f in fields(obj):
            _strings(getattr(obj, f.name), out)
    elif isinstance(obj, tuple | list):
        for x in obj:
            _strings(x, out)
    elif isinstance(obj, str):
        out.add(obj)
        out.update(obj.replace("=", " ").split())
    elif isinstance(obj, int) and not isinstance(obj, bool):
        out.add(obj)
    return out


def test_sh_4_2_to_4_4_views_show_own_hand_only_and_no_secrets():
    """SH-4.2, SH-4.3, SH-4.4. SH-4.2: a player's hand (with koku values and DRAW cards) is shown to him only.
    SH-4.3: generator state, deck order and tiles below a stack's top are in no view.
    SH-4.4: a player's view is the public view plus his own hand; a spectator's is public only."""
    st = control_state(["Daimyo", "Sensei", "Hatamoto"], 0)
    st.log = []  # the helper put the logged round-1 pool back into the decks
    d = find_tile(st, "BU", "DRAW")
    k3 = find_koku(st, 3)
    give(st, 0, d, k3, find_troop(st, "SA"))
    give(st, 1, find_koku(st, 2), find_troop(st, "SO"))
    give(st, 2, find_koku(st, 1))
    GAME.apply(st, 0, UseDraw(d))
    drawn = st.players[0].troops[-1]
    below = {t for s in st.stacks.values() for t in s[1:]}
    secret = set(st.troop_deck) | set(st.koku_deck) | below | {st.rng.state}
    hands = [set(p.troops + p.koku) for p in st.players]
    pub = GAME.view(st, None)
    seen_pub = _strings(pub)
    assert not seen_pub & (secret | set().union(*hands))
    for seat in range(3):
        v = GAME.view(st, seat)
        seen = _strings(v)
        others = set().union(*(h for s, h in enumerate(hands) if s != seat))
        assert not seen & (secret | others)
        assert {c.label for c in v.hand} == hands[seat]
        assert v.viewer == seat and v.players == pub.players and v.provinces == pub.provinces
        assert v.log == pub.log and v.sharing == pub.sharing and v.troop_discard == pub.troop_discard
    mine = {c.label: c for c in GAME.view(st, 0).hand}
    assert drawn in mine and mine[k3].koku == 3
    assert pub.players[0].troop_cards == 2 and pub.players[0].koku_cards == 1  # counts are public


def test_sh_4_5_public_log_kept_all_game():
    """SH-4.5: the public log keeps every entry from setup to the end, and the lots taken in it
    name the cards received."""
    st, history = play(3, 5)
    assert st.log[0]["type"] == "setup" and st.log[-1]["type"] == "game_over"
    assert len(st.log) >= len(history)
    receives = [e for e in st.log if e["type"] == "lot_received"]
    assert len(receives) == 3 * st.round
    assert GAME.view(st, None).log == tuple(st.log[-len(GAME.view(st, None).log) :])
    from rules.shitenno.view import public_log

    assert public_log(st) == tuple(st.log) and len(public_log(st)) > len(GAME.view(st, None).log)


# ---------------------------------------------------------------- rule coverage: SH-5, SH-11


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sh_5_setup_replays_the_seeded_generator(n):
    """SH-5.3, SH-5.4, SH-5.5, SH-5.6, SH-0.5, SH-11.1, SH-11.2: one generator shuffles, in this order, the
    tiles (dealt in 3s in SH-2.4 order, first = top), the troop deck, the koku deck, then the
    titles; in joining order each player takes the top 2 troop cards, then the next title."""
    from rules.rng import Rng

    seed = 1234 + n
    st = GAME.new(n, None, seed)
    rng = Rng(seed)
    tiles, troop, koku, titles = list(CONTENT.tiles), list(CONTENT.troop), list(CONTENT.koku), list(CONTENT.titles)
    for pile in (tiles, troop, koku, titles):
        rng.shuffle(pile)
    assert [st.stacks[p.id] for p in CONTENT.provinces] == [tiles[3 * i : 3 * i + 3] for i in range(8)]
    assert [p.troops for p in st.players] == [troop[2 * s : 2 * s + 2] for s in range(n)]
    assert [p.title for p in st.players] == titles[:n]
    assert st.sharing.pool == troop[2 * n : 4 * n] + koku[:n]  # draws take the deck tops
    assert st.troop_deck == troop[4 * n :] and st.koku_deck == koku[n:]
    assert st.rng == rng  # nothing else was random
    # SH-5.2: simple stones in supply, none on the board, score 0.
    assert all(p.supply == CONTENT.stones[n] and p.score == 0 and p.events == [] for p in st.players)
    assert all(stones == [] for stones in st.board.values())


def test_sh_11_generator_only_used_for_reshuffles():
    """SH-11.1, SH-11.2: after setup the generator moves only when the troop discard pile is
    shuffled into a new deck (SH-11.3); turn order and draws are never random."""
    import random

    from tests.shitenno_play import random_actions

    reshuffles = 0
    for seed in range(6):
        st = GAME.new(2 + seed % 3, None, seed)
        for seat, act in random_actions(st, random.Random(seed)):
            before, discard = st.rng.state, list(st.discard)
            GAME.apply(st, seat, act)
            if st.rng.state != before:
                reshuffles += 1
                assert discard and not set(discard) & set(st.discard)
            if st.phase == "control":
                assert st.order == engine.rank_order(st)
    assert reshuffles > 0


# ---------------------------------------------------------------- rule coverage: SH-6, SH-7


def test_sh_6_1_6_2_round_structure():
    """SH-6.1: each round is a sharing phase then a control phase. SH-6.2: after the control
    phase, round r + 1 begins unless the last-round flag is set; then FINISHED."""
    import random

    from tests.shitenno_play import random_actions

    for n in (2, 3, 4):
        st = GAME.new(n, None, 30 + n)
        seen = [(st.round, st.phase)]
        flag_round = None
        for seat, act in random_actions(st, random.Random(n)):
            GAME.apply(st, seat, act)
            if st.last_round and flag_round is None:
                flag_round = st.round
            if (st.round, st.phase) != seen[-1]:
                seen.append((st.round, st.phase))
        last = st.round
        expected = [(r, ph) for r in range(1, last + 1) for ph in ("sharing", "control")] + [(last, "finished")]
        assert seen == expected and flag_round == last


def test_sh_7_4_4_refused_by_all_then_next_tairo_forms():
    """SH-7.4.1: with 3+ pending the Tairo must FORM_LOT (no SPLIT).
    SH-7.4.4: REFUSE passes the offer down the rank order; when all refused the Tairo takes the
    lot and the highest-ranked pending player becomes Tairo, who must FORM_LOT again (3 pending)."""
    st, (sa, bu, so, k2) = four_player_sharing()
    assert all(isinstance(a, FormLot | Resign) for a in GAME.legal(st, 1))
    unchanged_on_error(st, 1, Split("Daimyo", (sa, bu, so, k2), "Shomyo", ()), IllegalAction, "not_expected_action")
    GAME.apply(st, 1, FormLot("Sensei", (sa,)))
    asked = []
    for _ in range(3):
        (seat,) = GAME.to_act(st)
        asked.append(seat)
        GAME.apply(st, seat, Refuse())
    assert asked == [3, 2, 0]
    assert st.players[1].troops == [sa] and st.sharing.received == {1: "Sensei"}
    assert st.sharing.tairo == 3 and st.sharing.pending == [3, 2, 0] and GAME.to_act(st) == (3,)
    assert all(isinstance(a, FormLot | Resign) for a in GAME.legal(st, 3))
    unchanged_on_error(st, 3, Split("Daimyo", (bu, so, k2), "Shomyo", ()), IllegalAction, "not_expected_action")


def test_sh_7_4_5_full_four_player_sharing():
    """SH-7.4.5: with 2 pending the Tairo must SPLIT and the other CHOOSE; the Tairo gets the
    other lot. SH-7.4.6: exactly 1 pending never occurs. SH-7.6: a lot's cards go to the
    receiver's hand, the offer cannot be changed, no card goes back to a deck. SH-7.7: titles
    follow the hierarchy tiles; then control. SH-8.1: control order is rank order by the new
    titles. SH-8.2: control counters are reset as the phase starts."""
    st, (sa, bu, so, k2) = four_player_sharing()
    for p in st.players:
        p.conquests, p.flipped, p.joker_used = 2, True, True
        give(st, p.seat, find_koku(st, 1))
    decks = (list(st.troop_deck), list(st.koku_deck))
    GAME.apply(st, 1, FormLot("Hatamoto", (sa,)))
    unchanged_on_error(st, 1, FormLot("Hatamoto", ()), NotYourTurn)  # SH-7.6: the offer stands
    GAME.apply(st, 3, Accept())  # Shomyo -> Hatamoto
    assert sa in st.players[3].troops and st.sharing.received == {3: "Hatamoto"}
    assert st.sharing.tairo == 1 and GAME.to_act(st) == (1,)
    GAME.apply(st, 1, FormLot("Shomyo", (k2,)))
    GAME.apply(st, 2, Accept())  # Sensei -> Shomyo
    assert st.sharing.pending == [1, 0] and GAME.to_act(st) == (1,)
    assert all(isinstance(a, Split | Resign) for a in GAME.legal(st, 1))
    unchanged_on_error(st, 1, FormLot("Daimyo", (bu,)), IllegalAction, "not_expected_action")
    GAME.apply(st, 1, Split("Daimyo", (bu,), "Sensei", (so,)))
    assert GAME.to_act(st) == (0,) and GAME.legal(st, 0) == [Choose("A"), Choose("B"), Resign()]
    GAME.apply(st, 0, Choose("A"))  # Hatamoto -> Daimyo; the Tairo gets Sensei
    assert (st.troop_deck, st.koku_deck) == decks
    assert [p.title for p in st.players] == ["Daimyo", "Sensei", "Shomyo", "Hatamoto"]
    assert bu in st.players[0].troops and so in st.players[1].troops and k2 in st.players[2].koku
    assert st.phase == "control" and st.sharing is None
    assert st.order == [0, 2, 1, 3] and GAME.to_act(st) == (0,)
    assert all(p.conquests == 0 and not p.flipped and not p.joker_used for p in st.players)
    assert GAME.view(st, None).players[3].title == "Hatamoto"
    # SH-7.4.6 over random games: never exactly one pending player.
    import random

    from tests.shitenno_play import random_actions

    for n in (2, 3, 4):
        g = GAME.new(n, None, n)
        for seat, act in random_actions(g, random.Random(n)):
            GAME.apply(g, seat, act)
            if g.sharing is not None:
                assert len(g.sharing.pending) != 1


def test_sh_7_1_7_7_three_players_use_any_hierarchy_tile():
    """SH-7.1: every round all players are pending and all 4 hierarchy tiles are available, the
    Tairo being the highest rank held as the phase starts. SH-7.7: a title nobody received is
    held by nobody; the hierarchy tiles return for the next round."""
    st = sharing_state(["Daimyo", "Sensei", "Hatamoto"])
    c = find_troop(st, "SA")
    take(st, c)
    st.sharing.pool = [c]
    for p in st.players:
        give(st, p.seat, find_koku(st, 1, avoid=tuple(k for q in st.players for k in q.koku)))
    assert st.sharing.pending == [0, 1, 2] and st.sharing.tairo == 0
    GAME.apply(st, 0, FormLot("Shomyo", ()))  # Shomyo was held by nobody
    GAME.apply(st, 1, Accept())
    GAME.apply(st, 0, Split("Daimyo", (c,), "Sensei", ()))
    GAME.apply(st, 2, Choose("A"))
    assert [p.title for p in st.players] == ["Sensei", "Shomyo", "Daimyo"]  # Hatamoto: nobody
    assert st.order == [2, 1, 0]
    for seat in list(st.order):
        GAME.apply(st, seat, EndTurn())
    assert st.phase == "sharing" and st.round == 2
    assert st.sharing.unplaced == list(CONTENT.titles) and st.sharing.pending == [2, 1, 0]
    assert st.sharing.tairo == 2 and GAME.to_act(st) == (2,)


# ---------------------------------------------------------------- rule coverage: SH-8


def test_sh_8_3_actions_in_any_order_until_end_turn():
    """SH-8.3: the active player may draw, conquer, flip and conquer again in any order; the turn
    lasts until END_TURN (here automatic, SH-8.14.1, once nothing else can be legal)."""
    st = control_state(["Daimyo", "Sensei"], 1)
    for pid in ("CHUGOKU", "CHUBU"):
        st.spent += st.stacks[pid]
        st.stacks[pid] = []
    st.board["KANSAI"] = [(1, False)]
    st.players[1].supply -= 1
    d = find_tile(st, "BU", "DRAW")
    k3a = find_koku(st, 3)
    k3b = find_koku(st, 3, avoid=(k3a,))
    give(st, 1, d, k3a, k3b)
    GAME.apply(st, 1, ConquerKoku("CHUGOKU", (k3a,)))
    assert GAME.to_act(st) == (1,)
    GAME.apply(st, 1, SenseiFlip("KANSAI", 1))
    GAME.apply(st, 1, UseDraw(d))
    assert GAME.to_act(st) == (1,) and st.phase == "control"
    GAME.apply(st, 1, ConquerKoku("CHUBU", (k3b,)))
    # two conquests, flip used, no DRAW tile: the turn (the last one) ended, so round 2 began.
    assert st.phase == "sharing" and st.round == 2
    assert st.board["CHUGOKU"] == [(1, False)] and st.board["KANSAI"] == [(1, True)]
    assert st.players[1].score == 3 + 3


def test_sh_8_4_1_8_4_2_target_position_and_koku_cost():
    """SH-8.4.1: the target is the lowest-numbered empty position (left to right).
    SH-8.4.2: the koku cost is the target position's value."""
    st = control_state(["Sensei", "Hatamoto"], 0)
    st.board["CHUBU"] = [(1, False)]
    st.players[1].supply -= 1
    assert [pos.value for pos in GAME.view(st, None).provinces[1].positions] == [3, 4, 6, 9]
    assert engine.koku_cost(st, "CHUBU") == 4
    k3, k1 = find_koku(st, 3), find_koku(st, 1)
    give(st, 0, k3, k1, find_koku(st, 2))
    unchanged_on_error(st, 0, ConquerKoku("CHUBU", (k3,)), IllegalAction, "bad_payment", "SH-8.6.4")
    GAME.apply(st, 0, ConquerKoku("CHUBU", (k3, k1)))
    assert st.board["CHUBU"] == [(1, False), (0, False)]
    assert st.players[0].events == [("conquest CHUBU.2", 4)]
    assert engine.koku_cost(st, "CHUBU") == 6
    pub = GAME.view(st, None).provinces[1]
    assert [p.stone.owner if p.stone else None for p in pub.positions] == [1, 0, None, None]
    assert pub.koku_cost == 6


def test_sh_8_7_3_several_tiles_in_one_payment():
    """SH-8.7.3: a payment may include any number of tiles, all of them spent."""
    st = control_state(["Daimyo", "Sensei"], 0)
    st.spent += st.stacks["CHUGOKU"]
    st.stacks["CHUGOKU"] = []  # requirement 3 x SA, cost 3
    sa, bu, k1 = find_troop(st, "SA"), find_troop(st, "BU"), find_koku(st, 1)
    p1, p2 = find_tile(st, "SA", "PLUS_ONE"), find_tile(st, "BU", "PLUS_ONE")
    x = find_tile(st, "SO", "EXCHANGE")
    give(st, 0, sa, bu, k1, p1, p2, x)
    give(st, 1, find_koku(st, 2))
    troops = ConquerTroops("CHUGOKU", (sa, bu), plus=((p1, f"{sa}.1"),), exchanges=((x, f"{bu}.1", "SA"),))
    GAME.apply(st, 0, troops)
    assert {p1, x} <= set(st.spent) and st.players[0].kept == [p2]
    st.board["CHUBU"] = []
    p3 = find_tile(st, "SH", "PLUS_ONE")
    give(st, 0, p3)
    GAME.apply(st, 0, ConquerKoku("CHUBU", (k1,), (p2, p3)))  # 1 + 1 + 1 = 3
    assert {p2, p3} <= set(st.spent) and st.board["CHUBU"] == [(0, False)]


def test_sh_8_12_tile_won_in_first_conquest_pays_for_the_second():
    """SH-8.12: a kept tile is usable from the action after the one that gained it."""
    st = control_state(["Sensei", "Hatamoto"], 0)
    plus = find_tile(st, "SA", "PLUS_ONE")
    take(st, plus)
    st.stacks["CHUGOKU"].insert(0, plus)
    k3, k2 = find_koku(st, 3), find_koku(st, 2)
    give(st, 0, k3, k2)
    give(st, 1, find_koku(st, 1))
    unchanged_on_error(st, 0, ConquerKoku("CHUBU", (k2,), (plus,)), IllegalAction, "tile_not_kept", "SH-8.8")
    GAME.apply(st, 0, ConquerKoku("CHUGOKU", (k3,)))
    assert st.players[0].kept == [plus]
    GAME.apply(st, 0, ConquerKoku("CHUBU", (k2,), (plus,)))
    assert plus in st.spent and st.board["CHUBU"] == [(0, False)]


# ---------------------------------------------------------------- rule coverage: SH-9


def test_sh_9_3_2_one_vp_per_koku():
    """SH-9.3.2: 1 VP per koku in hand (values, not cards)."""
    st = control_state(["Daimyo", "Hatamoto"], 0)
    give(st, 0, find_koku(st, 3), find_koku(st, 2), find_koku(st, 1))
    give(st, 1, find_koku(st, 3, avoid=tuple(st.players[0].koku)))
    finish(st)
    assert st.players[0].events == [("koku", 6)] and st.players[1].events == [("koku", 3)]
    assert st.result["scores"] == [6, 3]


def test_sh_9_3_3_majorities_by_weight():
    """SH-9.3.3: in each province holding a stone the greatest weight (golden 2, simple 1) scores
    6 VP; empty provinces score nothing."""
    st = control_state(["Daimyo", "Shomyo", "Sensei"], 0)
    st.board["KANTO"] = [(0, False), (1, False), (1, False)]
    st.board["TOHOKU"] = [(1, False), (0, True)]
    st.board["CHUBU"] = [(2, False)]
    r = finish(st)
    assert st.players[0].events == [("majority TOHOKU", 6)]
    assert st.players[1].events == [("majority KANTO", 6)]
    assert st.players[2].events == [("majority CHUBU", 6)]
    assert r["provinces_won"] == [1, 1, 1] and r["weights"] == [3, 3, 1] and r["scores"] == [6, 6, 6]


def test_sh_9_4_titles_troops_and_stones_score_nothing():
    """SH-9.4: titles, troop cards and stones in supply score nothing at the end."""
    st = control_state(["Daimyo", "Shomyo"], 0)
    give(st, 0, find_troop(st, "SA", "SA"), find_troop(st, "BU"))
    assert st.players[0].supply == 12
    r = finish(st)
    assert r["scores"] == [0, 0] and st.players[0].events == [] and st.players[1].events == []


# ---------------------------------------------------------------- refusals found by an independent check (issue 11)


@pytest.mark.parametrize("seat", [-1, 2, 5, "0", True])
def test_view_of_a_seat_that_is_not_a_player_is_refused(seat):
    """DESIGN §3: a seat that is not a player gets an error, never a hand (seat -1 used to see the
    last seat's hand)."""
    st = control_state(["Daimyo", "Hatamoto"], 0)
    give(st, 1, find_troop(st, "SA"))
    with pytest.raises(NotYourTurn) as e:
        GAME.view(st, seat)
    assert e.value.code == "not_a_player" and e.value.params["seat"] == seat
    assert GAME.view(st, None).hand == () and len(GAME.view(st, 1).hand) == 1


def test_sh_7_4_5_choose_names_lot_a_or_b():
    """SH-7.4.5: after a split the other player chooses lot A or B; anything else is refused (a
    CHOOSE of "C" used to take lot B)."""
    st = sharing_state(["Shomyo", "Hatamoto"])
    bu, k1 = find_troop(st, "BU"), find_koku(st, 1)
    take(st, bu, k1)
    st.sharing.pool = [bu, k1]
    GAME.apply(st, 0, Split("Shomyo", (k1,), "Hatamoto", (bu,)))
    for lot in ("C", "b", ""):
        err = unchanged_on_error(st, 1, Choose(lot), IllegalAction, "no_such_lot", "SH-7.4.5")
        assert err.params["lot"] == lot
    GAME.apply(st, 1, Choose("B"))
    assert st.players[1].troops == [bu]


def test_sh_8_5_4_joker_must_name_a_troop_type():
    """SH-8.5.4: the joker yields a troop of a chosen type; an empty or unknown type is refused and
    does not use the joker up (an empty joker used to be accepted and mark it used). SH-8.5.1: so
    is an EXCHANGE to an unknown type."""
    st, a, b, _so, k2, plus, _draw = kanto_example()
    exch = find_tile(st, "BU", "EXCHANGE")
    give(st, 1, exch)
    legal1 = ConquerTroops("KANTO", (a, b), (k2,), plus=((plus, f"{a}.1"),), exchanges=((exch, k2, "SH"),))
    for joker in ("", "XX", "sh"):
        err = unchanged_on_error(st, 1, replace(legal1, joker=joker), IllegalAction, "unknown_troop_type", "SH-8.5.4")
        assert err.params["value"] == joker
    bad_ex = replace(legal1, exchanges=((exch, k2, ""),))
    unchanged_on_error(st, 1, bad_ex, IllegalAction, "unknown_troop_type", "SH-8.5.1")
    assert not st.players[1].joker_used
    GAME.apply(st, 1, legal1)
    assert not st.players[1].joker_used


def test_sh_2_4_unknown_province_is_a_rule_error():
    """SH-2.4: a conquest or a flip in a province that does not exist is refused with a typed
    error (it used to raise KeyError)."""
    st, a, b, _so, k2, plus, _draw = kanto_example()
    for act in (
        ConquerTroops("ATLANTIS", (a, b), plus=((plus, f"{a}.1"),), joker="SH"),
        ConquerKoku("ATLANTIS", (k2,)),
        ConquerKoku("kanto", (k2,)),
    ):
        err = unchanged_on_error(st, 1, act, IllegalAction, "unknown_province", "SH-2.4")
        assert err.params["province"] == act.province
    st2 = control_state(["Daimyo", "Sensei"], 1)
    st2.board["KANSAI"] = [(1, False)]
    unchanged_on_error(st2, 1, SenseiFlip("ATLANTIS", 1), IllegalAction, "unknown_province", "SH-2.4")
    with pytest.raises(IllegalAction):
        engine.conquest_payments(st, 1, "ATLANTIS")
