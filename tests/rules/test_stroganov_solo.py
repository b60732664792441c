"""ST-15: the solo game against Ivan (deck, turn, payments, winter, scoring, difficulty); solo rows of ST-4.4, ST-16.

Values of the rule tables are copied here (tests never read the spec).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.protocol import Ending, Outcome
from rules.stroganov import GAME, automa, engine
from rules.stroganov.actions import EndTurn, Fulfil, Gold, Move, SongPass, Trophy
from rules.stroganov.content import CONTENT
from rules.stroganov.core import Events
from rules.stroganov.payment import ivan_pays
from rules.stroganov.state import DUMMY, TIGER, StroganovState
from rules.stroganov.view import view
from tests.stroganov_play import decisions
from tests.stroganov_positions import example_furs, started

# ST-15.2: card -> (not for, move, hunt from, hunt, extended action)
CARDS = {
    "AU01": (("TL",), 1, "highest", 1, "Outpost"),
    "AU02": (("LW",), 3, "lowest", 2, "Trophy"),
    "AU03": (("OT", "OW"), 3, "highest", 2, "Yurt"),
    "AU04": (("TL", "LW"), 3, "highest", 1, "Outpost"),
    "AU05": (("OL", "OW"), 2, "highest", 1, "Trophy"),
    "AU06": (("LW",), 3, "lowest", 1, "Outpost"),
    "AU07": (("OL", "LW"), 2, "lowest", 2, "Trophy"),
    "AU08": (("TL",), 2, "lowest", 2, "Outpost"),
    "AU09": (("TL",), 5, "lowest", 2, "Wish"),
    "AU10": (("TW", "LW"), 4, "lowest", 1, "Outpost"),
    "AU11": (("OW", "TW"), 2, "highest", 2, "Claim"),
    "AU12": (("TW",), 1, "lowest", 1, "Outpost"),
    "AU13": (("OW", "TW"), 4, "highest", 1, "Yurt"),
    "AU14": (("OT", "OL"), 2, "lowest", 1, "Wish"),
    "AU15": (("OT", "OL"), 4, "lowest", 1, "Wish"),
    "AU16": (("OL", "OW"), 1, "highest", 1, "Trophy"),
    "AU17": (("OT", "TL"), 2, "lowest", 1, "Wish"),
    "AU18": (("OT", "TW"), 3, "highest", 1, "Claim"),
}
PAIRS = ("OT", "OL", "OW", "TL", "TW", "LW")
START_HORSES = (3, 4, 5, 6)  # by seat 1-4; Ivan's amount is skipped (ST-5.11)
QUIET = "AU09"  # front: Wish; with no wish on the board it fails, which on Easy changes nothing
EXPENSIVE_SONGS = ["SG17", "SG18", "SG19", "SG20"]  # 9, 10, 10, 12 stories


# ---------------------------------------------------------------- helpers


def solo(seed: int = 0, difficulty: str = "normal", strategy: str = "", sides: str = "A") -> StroganovState:
    st = started(1, seed, {"difficulty": difficulty, "strategy": strategy}, sides)
    example_furs(st)  # trade 5; R1 3, R2 4, R3 6, R4 7, R5 8
    return st


def fresh_ivan(difficulty: str = "normal", seed: int = 0) -> tuple[StroganovState, int]:
    """A solo game with Ivan reset to his start resources and all villages the Chapel (2 VP)."""
    st = solo(seed, difficulty)
    iv = st.ivan
    c = st.cossacks[iv]
    c.position, c.furs, c.coins, c.tigers, c.stories, c.trophy = 0, [], 0, 0, 0, 0
    c.events, c.tiles, c.fulfilled, c.held, c.supply, c.reserve, c.banners = [], [], [], [], 1, 4, 0
    for slots in st.outposts:
        for k, o in enumerate(slots):
            if o == iv:
                slots[k] = None
    st.flipped = []
    st.villages = ["V3"] * 5
    return st, iv


def run_ivan(st: StroganovState, deck: list[str]) -> list:
    """ST-15.5 in isolation: the first card is flipped, the second's back gives Move and Hunt."""
    st.automa = list(deck)
    events = Events()
    automa.take_turn(st, st.ivan, events)
    assert engine.run_queue(st, events)
    return events


def extended(st: StroganovState, kind: str) -> bool:
    events = Events()
    ok = automa.extended_action(st, st.ivan, kind, events)
    assert engine.run_queue(st, events)
    return ok


def put_tile(st: StroganovState, pos: int, tile: str, items: list[int]) -> None:
    if tile in st.row:
        j = st.row.index(tile)
        st.row[j], st.row[pos - 1] = st.row[pos - 1], tile
    else:
        st.landscapes.remove(tile)
        old = st.row[pos - 1]
        if old is not None:
            st.landscapes.append(old)
        st.row[pos - 1] = tile
    st.items[pos - 1] = list(items)


def automa_vp(c) -> int:
    return sum(vp for cat, _, vp in c.events if cat == "AUTOMA")


def blank_for_scoring(st: StroganovState) -> None:
    """Every cossack owns nothing that scores (ST-13.1), so a test controls the totals exactly."""
    for ci, c in enumerate(st.cossacks):
        c.furs, c.tigers, c.tiles, c.trophy, c.stories, c.supply, c.events = [], 0, [], 0, 0, 0, []
        c.fulfilled, c.held, c.coins = [], [], 0
        for slots in st.outposts:
            for k, o in enumerate(slots):
                if o == ci:
                    slots[k] = None


def final(st: StroganovState) -> None:
    st.year = 4
    engine.final_scoring(st, Events())


# ---------------------------------------------------------------- setup (ST-15.1, ST-15.2, ST-5)


def test_st_15_2_card_table():
    from rules.stroganov.content import CONTENT

    assert set(CONTENT.automa) == set(CARDS)
    for cid, (nf, move, hunt_from, hunt, ext) in CARDS.items():
        a = CONTENT.automa[cid]
        assert (set(a.not_for), a.move, a.hunt_from, a.hunt, a.extended) == (set(nf), move, hunt_from, hunt, ext)


@pytest.mark.parametrize("pair", PAIRS)
def test_st_15_2_deck_prepared_for_strategy_pair(pair):
    """Exactly the 5 cards whose "not for" list contains the pair are removed; 13 remain, none flipped yet."""
    removed = {cid for cid, (nf, *_) in CARDS.items() if pair in nf}
    assert len(removed) == 5
    for seed in (0, 1):
        st = solo(seed, strategy=pair)
        flipped = set(st.flipped)
        deck = set(st.automa) | flipped
        assert len(st.automa) + len(st.flipped) == 13
        assert deck == set(CARDS) - removed
        assert removed <= set(st.out)


def test_st_15_2_random_removal_without_strategy_is_secret():
    """ST-15.2, ST-4.2: 5 cards removed at random, unseen; 13 remain."""
    sets = set()
    for seed in range(6):
        st = solo(seed)
        deck = set(st.automa) | set(st.flipped)
        assert len(st.automa) + len(st.flipped) == 13
        removed = set(CARDS) - deck
        assert len(removed) == 5
        sets.add(frozenset(removed))
        text = repr(view(st, None)) + repr(view(st, 0))
        for cid in removed:
            assert cid not in text
    assert len(sets) > 1


def test_st_15_1_solo_is_a_two_cossack_game():
    """ST-15.1, ST-14.2, ST-5.9–5.11: dummies on slot 1 of every region, 12 banners, Ivan without horses or wish."""
    st = solo(3, sides="B")
    assert st.solo and st.n == 2 and st.ivan == 1
    assert st.cossacks[st.ivan].seat is None and st.cossacks[0].seat == 0
    assert st.banner_supply + sum(c.banners for c in st.cossacks) == 12 and st.banner_start == 12
    for slots in st.outposts:
        assert slots[0] == DUMMY and slots.count(DUMMY) == 1
    human, ivan = st.cossacks[0], st.cossacks[st.ivan]
    assert human.side == "B" and ivan.side == "A" and ivan.board != human.board
    assert len(human.held) == 1 and ivan.held == []
    assert sorted(c.order for c in st.cossacks) == [1, 2]
    assert ivan.horses == 0
    assert human.horses == START_HORSES[human.order - 1]


def test_st_5_11_solo_start_resources():
    for seed in range(4):
        st = GAME.new(1, {"difficulty": "easy"}, seed)
        human, ivan = st.cossacks[0], st.cossacks[1]
        assert human.horses == START_HORSES[human.order - 1]
        if not st.flipped:  # Ivan has not played yet
            assert (ivan.coins, ivan.horses, ivan.supply, ivan.reserve, ivan.position) == (1, 0, 1, 4, 0)
            assert ivan.stamp == ivan.order


def test_st_4_4_solo_view_is_the_same_for_everyone():
    st = solo(2)
    assert view(st, 0) == view(st, None)


# ---------------------------------------------------------------- Ivan's turn (ST-15.5)


def test_st_15_5_flip_top_card_and_use_back_of_new_top():
    """Step 1: AU09 is flipped (extended Wish); the back of AU16 (move 1, highest 1) drives Move and Hunt."""
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position = 3
    st.items[3] = [2, 4, 6]
    counter = st.counter
    run_ivan(st, ["AU09", "AU16", "AU02"])
    assert st.flipped == ["AU09"] and st.automa == ["AU16", "AU02"]
    assert c.position == 4 and c.stamp == counter + 1
    assert st.items[3] == [2, 4] and 6 in c.furs


def test_st_15_5_move_at_most_to_12_without_cost():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position = 10
    st.items[11] = [2, 3, 4]
    run_ivan(st, ["AU02", "AU09", "AU03"])  # back of AU09: move 5
    assert c.position == 12 and c.horses == 0


def test_st_15_5_no_move_at_12_keeps_stamp():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.stamp = 12, 1
    st.items[11] = [2, 3, 4]
    run_ivan(st, ["AU02", "AU01", "AU03"])
    assert c.position == 12 and c.stamp == 1


def test_st_15_5_hunt_lowest_two():
    st, iv = fresh_ivan("easy")
    c = st.cossacks[iv]
    c.position = 2
    st.items[4] = [3, 4, 6]  # position 5 after move 3
    st.wish_slots = [None] * 5
    run_ivan(st, [QUIET, "AU02", "AU03"])  # back of AU02: move 3, lowest 2
    assert c.position == 5 and st.items[4] == [6]
    assert c.furs == [3, 4] and c.coins == 0


def test_st_15_5_hunt_highest_takes_the_tiger():
    st, iv = fresh_ivan("easy")
    c = st.cossacks[iv]
    c.position = 9
    st.items[11] = [3, 8, TIGER]
    st.wish_slots = [None] * 5
    run_ivan(st, [QUIET, "AU03", "AU02"])  # back of AU03: move 3, highest 2
    assert c.position == 12 and st.items[11] == [3]
    assert c.tigers == 1 and c.furs == [8] and c.coins == 0


def test_st_15_5_hunt_missing_items_give_coins():
    """One coin per item missing: a tile with 1 item for Hunt 2 gives the item and 1 coin."""
    st, iv = fresh_ivan("easy")
    c = st.cossacks[iv]
    c.position = 2
    put_tile(st, 5, "L05", [4])
    st.wish_slots = [None] * 5
    run_ivan(st, [QUIET, "AU02", "AU03"])  # move 3, lowest 2
    assert c.furs == [4] and c.coins == 1
    assert c.tiles == ["L05"] and st.row[4] is None  # then empty: claimed for free in step 4


def test_st_15_5_hunt_on_empty_position_two_coins_then_village():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position = 2
    st.items[4] = []
    st.row[4] = None
    st.villages = ["V1"] * 5  # Fair: 2 coins
    st.wish_slots = [None] * 5
    run_ivan(st, ["AU14", "AU02", "AU03"])  # extended Wish fails (easy? no: normal +1)
    # hunt 2 missing -> 2 coins; village R3 (Fair) -> 2 coins; failed Wish (normal) -> 1 coin
    assert c.coins == 5 and c.tiles == []


@pytest.mark.parametrize("difficulty, furs, coins", [("hard", [], 2), ("normal", [5, 5], 0)])
def test_st_15_5_hard_trade_fur_conversion(difficulty, furs, coins):
    """Hard only: each hunted trade fur (5) goes into the bag and Ivan takes 1 coin."""
    st, iv = fresh_ivan(difficulty)
    c = st.cossacks[iv]
    c.position = 2
    st.items[4] = [5, 5, 6, 8]
    st.wish_slots = [None] * 5
    st.yurt_slots = [None] * 5
    bag = Counter(st.bag)
    run_ivan(st, ["AU16", "AU02", "AU03"])  # move 3, lowest 2; extended Trophy (advance needs a 2)
    assert c.furs == furs and c.coins == coins and st.items[4] == [6, 8]
    if difficulty == "hard":
        assert Counter(st.bag) - bag == Counter({5: 2})


def test_st_15_5_basic_action_free_claim_of_empty_tile():
    """Step 4: the hunt empties the tile, so Ivan takes it without cost with its claim reward (L05: 3 VP)."""
    st, iv = fresh_ivan("easy")
    c = st.cossacks[iv]
    c.position = 2
    put_tile(st, 5, "L05", [4, 7])
    c.furs = [3]
    st.wish_slots = [None] * 5
    run_ivan(st, [QUIET, "AU02", "AU03"])  # move 3, lowest 2
    assert c.tiles == ["L05"] and st.row[4] is None and st.items[4] == []
    assert c.events == [("REWARD", "L05", 3)]
    assert c.furs == [3, 4, 7] and c.coins == 0


def test_st_15_5_basic_action_village_when_items_remain():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position = 2
    put_tile(st, 5, "L13", [2, 3, 4])
    run_ivan(st, ["AU16", "AU02", "AU03"])
    assert c.tiles == [] and st.items[4] == [4]
    assert ("REWARD", "V3", 2) in c.events


def test_st_15_5_basic_action_village_at_empty_position():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position = 2
    st.row[4], st.items[4] = None, []
    run_ivan(st, ["AU16", "AU02", "AU03"])
    assert c.tiles == [] and ("REWARD", "V3", 2) in c.events


# ---------------------------------------------------------------- extended actions (ST-15.6)


def test_st_15_6_outpost_build_in_his_region_paying_region_fur():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 5, [6]
    assert extended(st, "Outpost")
    assert st.outposts[2] == [DUMMY, iv, None] and c.furs == [] and c.supply == 0


def test_st_15_6_outpost_recruit_easternmost_payable_when_no_supply():
    """No outpost in supply: Recruit, paying the fur of the easternmost accessible region he can pay."""
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs, c.supply, c.reserve = 5, [3, 4], 0, 3
    st.outposts[0][1] = iv
    st.outposts[1][1] = iv
    bag = Counter(st.bag)
    assert extended(st, "Outpost")  # R3 (6) unpayable, R2 (4) payable
    assert (c.supply, c.reserve, c.furs) == (1, 2, [3])
    assert Counter(st.bag) - bag == Counter({4: 1})


def test_st_15_6_outpost_fails_when_neither_mode_possible():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 5, []
    assert not extended(st, "Outpost")
    assert c.supply == 1 and iv not in st.outposts[2]


@pytest.mark.parametrize("kind", ["Yurt", "Wish"])
def test_st_15_6_yurt_and_wish_easternmost_accessible_payable(kind):
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 5, [3, 6]  # R3; outposts in R1 and R4
    st.outposts[0][1] = iv
    st.outposts[3][1] = iv
    slots = st.yurt_slots if kind == "Yurt" else st.wish_slots
    r3, r4 = slots[2], slots[3]
    assert r3 and r4
    assert extended(st, kind)  # R4 (7) unpayable without coin or tiger; R3 (6) payable
    assert slots[2] is None and slots[3] == r4 and c.furs == [3]
    if kind == "Wish":
        assert c.fulfilled == [r3] and c.held == []
    # with a coin he pays R4 by substitution (his lowest fur plus a coin)
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs, c.coins = 5, [3, 6], 1
    st.outposts[0][1] = iv
    st.outposts[3][1] = iv
    slots = st.yurt_slots if kind == "Yurt" else st.wish_slots
    r4 = slots[3]
    assert extended(st, kind)
    assert slots[3] is None and c.furs == [6] and c.coins == 0
    if kind == "Wish":
        assert c.fulfilled == [r4]


@pytest.mark.parametrize("kind", ["Yurt", "Wish"])
def test_st_15_6_yurt_and_wish_fail_without_target_or_payment(kind):
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 5, [6]
    slots = st.yurt_slots if kind == "Yurt" else st.wish_slots
    slots[2] = None
    assert not extended(st, kind)
    assert c.furs == [6]
    st, iv = fresh_ivan()
    st.cossacks[iv].position, st.cossacks[iv].furs = 5, [2]
    assert not extended(st, kind)


def test_st_15_6_trophy_advances_when_payable_never_fails():
    """ST-15.7: advance when he can pay (side A space 1 needs a 2); row 0's horse is ignored (ST-15.3)."""
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 5, [2]
    assert extended(st, "Trophy")
    assert c.trophy == 1 and c.furs == [] and c.coins == 1 and c.horses == 0
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position = 5
    assert extended(st, "Trophy")
    assert c.trophy == 0 and c.coins == 0 and c.horses == 0


def test_st_15_7_trophy_paid_by_substitution_or_tiger():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs, c.coins = 5, [7], 1
    assert extended(st, "Trophy")
    assert c.trophy == 1 and c.furs == [] and c.coins == 1  # coin spent, row 1 gives one
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.tigers = 5, 1
    assert extended(st, "Trophy")
    assert c.trophy == 1 and c.tigers == 0


def test_st_15_6_claim_fewest_items_ties_easternmost_payable_only():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 7, [7, 7, 7, 8, 8, 8]  # R4 (7); outpost in R5 (8)
    st.outposts[4][1] = iv
    st.items[6], st.items[7], st.items[8] = [2, 3], [5], [4]  # costs 4, 3, 3 sevens
    st.items[9], st.items[10], st.items[11] = [2, 3, 4], [2, 3], [2, 3, TIGER]  # 5, 4, 5 eights
    tile = st.row[8]
    assert extended(st, "Claim")
    assert c.tiles == [tile] and st.row[8] is None and Counter(c.furs) == Counter([8, 8, 8])


def test_st_15_6_claim_prefers_fewest_items():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 7, [7, 7, 7, 8, 8, 8]
    st.outposts[4][1] = iv
    st.items[6], st.items[7], st.items[8] = [2, 3], [5], [4]
    st.items[9], st.items[10], st.items[11] = [2, 3, 4], [], [2, 3, TIGER]  # position 11: 2 eights
    tile = st.row[10]
    assert extended(st, "Claim")
    assert c.tiles == [tile] and Counter(c.furs) == Counter([7, 7, 7, 8])


def test_st_15_6_claim_fails_when_nothing_payable():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 7, [7]
    assert not extended(st, "Claim")
    assert c.tiles == [] and c.furs == [7]


@pytest.mark.parametrize("difficulty, extra", [("easy", 0), ("normal", 1), ("hard", 1)])
def test_st_15_10_failed_extended_action_by_difficulty(difficulty, extra):
    st, iv = fresh_ivan(difficulty)
    c = st.cossacks[iv]
    c.position = 0
    st.items[0] = [3, 4]
    st.wish_slots = [None] * 5
    run_ivan(st, ["AU09", "AU16", "AU02"])  # Wish with no wish anywhere; back: move 1, highest 1
    assert c.position == 1 and c.furs == [4] and c.coins == extra


def test_st_15_10_trophy_never_fails():
    st, iv = fresh_ivan("normal")
    c = st.cossacks[iv]
    st.items[0] = [3, 4]
    run_ivan(st, ["AU02", "AU16", "AU09"])  # Trophy without a payable advance
    assert c.trophy == 0 and c.coins == 0


# ---------------------------------------------------------------- payments (ST-15.4) and resources (ST-15.3)


def test_st_15_4_payment_priority():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.furs, c.coins, c.tigers = [2, 6], 1, 1
    assert ivan_pays(c, [6]) == [("fur", 6)]
    c.furs = [3, 2]
    c.furs.sort()
    assert ivan_pays(c, [6]) == [("sub", 2)]
    c.coins = 0
    assert ivan_pays(c, [6]) == [("tiger", 0)]
    c.furs, c.coins, c.tigers = [2, 6], 1, 1
    assert ivan_pays(c, [6, 6, 6]) == [("fur", 6), ("sub", 2), ("tiger", 0)]
    c.furs, c.coins, c.tigers = [6], 2, 0
    assert ivan_pays(c, [6, 6]) is None  # no unused fur for a substitution, no tiger


def test_st_15_4_impossible_payment_spends_nothing():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs, c.coins = 7, [2, 7], 1
    st.items[6], st.items[7], st.items[8] = [2, 3], [5], [4]  # every claim needs at least 3 sevens
    st.outposts[4] = [DUMMY, None, None]
    st.items[9], st.items[10], st.items[11] = [2, 3, 4], [2, 3], [2, 3, TIGER]
    bag = list(st.bag)
    assert not extended(st, "Claim")
    assert (c.furs, c.coins, st.bag) == ([2, 7], 1, bag)


def test_st_15_4_payment_in_play_spends_substitution():
    """The yurt fee by substitution: lowest fur into the bag and 1 coin, the tiger kept."""
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs, c.coins, c.tigers = 5, [2, 3], 1, 1
    bag = Counter(st.bag)
    assert extended(st, "Yurt")
    assert c.furs == [3] and c.coins == 0 and c.tigers == 1
    assert Counter(st.bag) - bag == Counter({2: 1})


def test_st_15_3_ivan_ignores_horses():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    st.villages = ["V4"] * 5  # Stables: banner, 2 horses
    c.position = 0
    st.items[0] = [3, 4]
    run_ivan(st, ["AU02", "AU16", "AU09"])  # Trophy: row 0 is 1 horse
    assert c.horses == 0 and c.banners == 1


def test_st_15_7_trophy_from_claim_reward_advances():
    """Free claim of L04 (T, 1 horse): Ivan advances because he can pay the 2."""
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.position, c.furs = 0, [2]
    put_tile(st, 1, "L04", [5])
    st.wish_slots = [None] * 5
    run_ivan(st, ["AU09", "AU16", "AU02"])  # back of AU16: move 1, highest 1 -> tile empty, claimed
    assert "L04" in c.tiles and c.trophy == 1 and c.horses == 0 and c.furs == [5]


# ---------------------------------------------------------------- winter (ST-15.8)


def winter(st: StroganovState) -> None:
    """Run ST-12.2 for every cossack and ST-12.3 (engine functions), leaving the songs to the test."""
    st.season, st.stage, st.turn = "WINTER", "income", None
    st.order, st.active = engine.core.depth_order(st), 0
    for _ in range(st.n + 1):
        engine.winter_income(st, Events())
    assert engine.run_queue(st, Events())


@pytest.mark.parametrize("difficulty, vp", [("easy", 0), ("normal", 0), ("hard", 3)])
def test_st_15_8_no_winter_income_except_hard_vp(difficulty, vp):
    st, iv = fresh_ivan(difficulty)
    c = st.cossacks[iv]
    c.fulfilled = ["TW-B05", "TW-S1"]  # taken W wishes (W_VP, W_HORSES) do not resolve for Ivan
    c.banners = 2
    c.position, st.cossacks[0].position = 10, 3
    human_horses = st.cossacks[0].horses
    st.cossacks[0].banners = 0
    winter(st)
    assert c.horses == 0 and c.coins == 0
    assert automa_vp(c) == vp and c.score == vp
    assert all(cat == "AUTOMA" for cat, _, _ in c.events)
    assert st.cossacks[0].horses == human_horses + 3


def test_st_15_8_exploration_normal():
    st, iv = fresh_ivan()
    st.cossacks[iv].position, st.cossacks[0].position = 10, 3
    st.cossacks[0].stories = 0
    winter(st)
    assert st.cossacks[iv].stories == 2 and st.cossacks[0].stories == 1
    st, iv = fresh_ivan()
    st.cossacks[iv].position, st.cossacks[0].position = 3, 10
    st.cossacks[0].stories = 0
    winter(st)
    assert st.cossacks[iv].stories == 1 and st.cossacks[0].stories == 2


@pytest.mark.parametrize(
    "stories, songs, bought",
    [
        (6, ["SG05", "SG06", "SG07", "SG10"], "SG10"),
        (5, ["SG05", "SG06", "SG07", "SG10"], "SG07"),  # three at 4: the rightmost
        (3, ["SG01", "SG02", "SG17", "SG20"], "SG02"),
        (1, ["SG01", "SG02", "SG17", "SG20"], None),
    ],
)
def test_st_15_8_song_most_expensive_affordable_ties_rightmost(stories, songs, bought):
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.stories = stories
    st.cossacks[0].stories = 0
    st.season, st.stage, st.turn = "WINTER", "songs", None
    st.year = 4
    st.order, st.active = [iv, 0], 0
    st.songs = list(songs)
    assert automa.song(st, iv) == bought
    engine.settle(st, Events())
    assert c.songs == ([bought] if bought else [])


# ---------------------------------------------------------------- scoring (ST-15.9, ST-15.10, ST-13.4)


def test_st_15_9_taken_wishes_printed_vp_only():
    st, iv = fresh_ivan("easy")
    blank_for_scoring(st)
    c = st.cossacks[iv]
    c.fulfilled = ["TW-B01", "TW-B12", "TW-A03"]  # E_WISHES 8, E_BANNERS 9, W_OUTPOSTS 5
    c.banners = 3
    final(st)
    assert [e for e in c.events if e[0] == "WISH"] == [("WISH", "TW-B01", 8), ("WISH", "TW-B12", 9),
                                                       ("WISH", "TW-A03", 5)]  # fmt: skip


@pytest.mark.parametrize("difficulty, coins, vp", [("easy", 7, 0), ("normal", 7, 3), ("normal", 1, 0), ("hard", 7, 7)])
def test_st_15_10_final_coin_vp(difficulty, coins, vp):
    st, iv = fresh_ivan(difficulty)
    blank_for_scoring(st)
    st.cossacks[iv].coins = coins
    st.cossacks[0].coins = 9  # a player's coins score nothing (ST-13.3)
    final(st)
    assert automa_vp(st.cossacks[iv]) == vp and st.cossacks[iv].score == vp
    assert st.cossacks[0].score == 0


def test_st_13_4_tie_taken_wishes_count_as_fulfilled():
    st, iv = fresh_ivan("easy")
    blank_for_scoring(st)
    st.cossacks[iv].fulfilled = ["TW-A06"]  # 4 VP
    st.cossacks[0].events = [("REWARD", "V3", 4)]
    st.order = [0, iv]
    final(st)
    assert st.result["scores"] == [4, 4] and st.result["winner"] == iv
    out = GAME.outcome(st)
    assert out is not None and out.winners == () and out.ending is Ending.NORMAL and not out.draw
    assert out.scores == (4,) and out.automa_score == 4


def test_st_13_4_tie_more_fulfilled_player_wins():
    st, iv = fresh_ivan("easy")
    blank_for_scoring(st)
    st.cossacks[0].fulfilled = ["TW-S2", "TW-S4"]  # 3 + 3
    st.cossacks[iv].fulfilled = ["TW-A06"]
    st.cossacks[iv].events = [("REWARD", "V3", 2)]
    st.order = [iv, 0]
    final(st)
    assert st.result["scores"] == [6, 6] and st.result["winner"] == 0
    out = GAME.outcome(st)
    assert out is not None and out.winners == (0,) and out.ending is Ending.NORMAL
    assert out.scores == (6,) and out.automa_score == 6


@pytest.mark.parametrize("first", [0, 1])
def test_st_13_4_tie_then_winter_order(first):
    st, iv = fresh_ivan("easy")
    blank_for_scoring(st)
    st.cossacks[0].fulfilled = ["TW-A06"]
    st.cossacks[iv].fulfilled = ["TW-A08"]
    st.order = [first, 1 - first]
    final(st)
    assert st.result["scores"] == [4, 4] and st.result["winner"] == first


# ---------------------------------------------------------------- real play


def choose(st: StroganovState, seat: int, k: int):
    acts = decisions(st, seat)  # RESIGN aside (ST-R.1, docs/stroganov.md)
    assert acts
    if st.queue:
        return acts[-1]
    if st.stage == "songs":
        return acts[0]
    phase = st.turn.phase
    fulfils = [a for a in acts if isinstance(a, Fulfil)]
    if fulfils:
        return fulfils[0]
    if phase == 0:
        return min((a for a in acts if isinstance(a, Move)), key=lambda a: (a.k + k) % 3)
    if phase == 1:
        silver = [a for a in acts if type(a).__name__ in ("Coin", "Hunt")]
        return silver[k % len(silver)]
    if phase == 2:
        gold = [a for a in acts if isinstance(a, Gold)]
        if gold:
            return gold[k % len(gold)]
    return next(a for a in acts if isinstance(a, EndTurn))


@pytest.mark.parametrize(
    "difficulty, strategy, seed", [("easy", "", 1), ("normal", "OT", 2), ("hard", "LW", 3), ("hard", "", 4)]
)
def test_st_15_whole_solo_game(difficulty, strategy, seed):
    """Ivan never acts through to_act, never has horses or held wishes; 12 cards flipped, the 13th never;
    Hard gains 3 VP every winter; the final coin VP follow ST-15.10."""
    st = started(1, seed, {"difficulty": difficulty, "strategy": strategy})
    iv = st.ivan
    k = 0
    winters = 0
    while st.stage != "finished":
        seats = GAME.to_act(st)
        assert seats == (0,)
        assert engine.decider(st) != iv
        ivan = st.cossacks[iv]
        assert ivan.horses == 0 and ivan.held == []
        assert view(st, 0) == view(st, None)
        if st.stage == "songs" and st.active == 0 and winters < st.year:
            winters = st.year
        before = len(st.flipped)
        GAME.apply(st, 0, choose(st, 0, k))
        assert len(st.flipped) - before in (0, 1, 2)  # Ivan last in one season and first in the next
        k += 1
        assert k < 2000
    ivan = st.cossacks[iv]
    assert len(st.flipped) == 12 and len(st.automa) == 1 and st.automa[0] not in st.flipped
    assert ivan.horses == 0 and ivan.held == []
    coins = ivan.coins
    winter_vp = [e for e in ivan.events if e[0] == "AUTOMA" and e[2] == 3 and e[1] != "coins"]
    expected_final = {"easy": 0, "normal": coins // 2, "hard": coins}[difficulty]
    if difficulty == "hard":
        assert automa_vp(ivan) == 12 + expected_final
    else:
        assert automa_vp(ivan) == expected_final
    assert len(winter_vp) >= (4 if difficulty == "hard" else 0)
    assert st.result is not None and sorted(st.result["ranking"]) == [0, 1]


def test_st_15_5_ivan_turn_through_real_play():
    """After the player's first turn Ivan has taken exactly one turn; his position is the Move on the back
    of the deck's new top card, which the view shows (ST-4.4)."""
    st = solo(5, "easy")
    iv = st.ivan
    if st.flipped:  # Ivan was first
        assert len(st.flipped) == 1
    else:
        GAME.apply(st, 0, Move(1))
        GAME.apply(st, 0, next(a for a in GAME.legal(st, 0) if type(a).__name__ == "Coin"))
        GAME.apply(st, 0, EndTurn())
        while st.queue:
            GAME.apply(st, 0, Trophy(None))
    assert len(st.flipped) == 1 and len(st.automa) == 12
    v = view(st, None)
    assert v.automa is not None and v.automa.flipped[0][0] == st.flipped[0]
    assert st.cossacks[iv].position == min(12, CARDS[st.automa[0]][1]) == v.automa.move


def test_st_15_8_song_through_real_play_not_a_decision():
    """ST-16: in winter songs Ivan decides automatically; the player is asked only for himself."""
    st = solo(6, "normal")
    iv = st.ivan
    st.season = "AUTUMN"
    st.cossacks[iv].stories = 6
    st.songs = ["SG05", "SG06", "SG10", "SG20"]
    st.song_stack = [s for s in st.song_stack if s not in st.songs]
    while (st.stage == "turn" and st.year == 1) or st.queue:
        seat = GAME.to_act(st)[0]
        acts = GAME.legal(st, seat)
        if st.queue:
            GAME.apply(st, seat, acts[0])
        elif st.turn.phase == 0:
            GAME.apply(st, seat, next(a for a in acts if isinstance(a, Move)))
        elif st.turn.phase == 1:
            GAME.apply(st, seat, next(a for a in acts if type(a).__name__ == "Horses"))
        else:
            GAME.apply(st, seat, EndTurn())
    if st.stage == "songs":
        assert GAME.to_act(st) == (0,)
        GAME.apply(st, 0, SongPass())
    ivan = st.cossacks[iv]
    assert len(ivan.songs) == 1


def test_st_15_7_song_trophy_in_winter_advances():
    st, iv = fresh_ivan()
    c = st.cossacks[iv]
    c.stories, c.furs = 4, [2]
    st.cossacks[0].stories = 0
    st.season, st.stage, st.turn = "WINTER", "songs", None
    st.year = 4
    st.order, st.active = [iv, 0], 0
    st.songs = ["SG07", "SG17", "SG18", "SG20"]  # SG07: 4 stories, 2 VP, T
    engine.settle(st, Events())
    assert c.songs == ["SG07"] and c.trophy == 1 and ("SONG", "SG07", 2) in c.events


def test_st_15_6_outpost_fails_when_already_built_in_his_region():
    """Build needs no own outpost in the region; Recruit needs an empty supply: neither is possible."""
    st, iv = fresh_ivan("normal")
    c = st.cossacks[iv]
    c.position, c.furs, c.supply, c.reserve = 5, [6, 6], 1, 3
    st.outposts[2][1] = iv
    assert not extended(st, "Outpost")
    assert c.furs == [6, 6] and (c.supply, c.reserve) == (1, 3)


# ---------------------------------------------------------------- step 4's reward before step 5 (ST-15.5, ST-11.2)


def test_st_15_5_village_reward_in_hand_before_extended_action():
    """The village (V1 Fair: 2 coins) is gained before the extended action, so with no coins of his
    own Ivan pays R3's 6 for the yurt with a 2 plus a coin (ST-15.4)."""
    st, iv = fresh_ivan("easy")
    c = st.cossacks[iv]
    c.position = 2
    st.villages[2] = "V1"
    put_tile(st, 5, "L13", [2, 2, 2])
    yurt = st.yurt_slots[2]
    assert yurt is not None and c.coins == 0 and c.furs == []
    run_ivan(st, ["AU03", "AU02", "AU16"])  # front Yurt; back of AU02: move 3, lowest 2
    assert st.yurt_slots[2] is None and yurt in st.out
    assert c.furs == [2] and c.coins == 1 + sum(n for k, n in CONTENT.yurts[yurt].reward.elements if k == "coins")


def test_st_15_5_claimed_outpost_in_supply_before_extended_action():
    """The free claim of L16 (outpost, 1 coin) puts an outpost in supply before the extended action,
    so Outpost builds in his region (R3, paying its 6) instead of recruiting."""
    st, iv = fresh_ivan("easy")
    c = st.cossacks[iv]
    c.position, c.supply, c.reserve = 2, 0, 4
    put_tile(st, 5, "L16", [6, 6])
    run_ivan(st, ["AU01", "AU02", "AU16"])  # front Outpost; back of AU02: move 3, lowest 2
    assert "L16" in c.tiles
    assert iv in st.outposts[2] and (c.supply, c.reserve) == (0, 3)
    assert c.furs == [6] and c.coins == 1


def test_solo_outcome_scores_by_seat_and_automa_score_round_trips():
    """The solo Outcome has one score per seat; Ivan's goes in ``automa_score`` and survives the
    stored JSON; JSON stored before that field loads it as ``None``."""
    st, iv = fresh_ivan("easy")
    blank_for_scoring(st)
    st.cossacks[0].events = [("REWARD", "V3", 2)]
    st.cossacks[iv].events = [("REWARD", "V3", 5)]
    final(st)
    out = GAME.outcome(st)
    assert out == Outcome(winners=(), ending=Ending.NORMAL, scores=(2,), automa_score=5)
    assert Outcome.from_json(json.loads(json.dumps(out.to_json()))) == out
    old = {"winners": [0], "reason": "final_scoring", "draw": False, "scores": [7]}
    assert Outcome.from_json(old) == Outcome(winners=(0,), ending=Ending.NORMAL, scores=(7,))
    assert Outcome.from_json(old).automa_score is None
    assert Outcome.from_json(old).to_json() == {"winners": [0], "ending": "normal", "draw": False, "scores": [7]}
