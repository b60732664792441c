"""The worked examples ST-19.1 to ST-19.5, played through ``GAME.apply`` in the examples' notation.

Setup for all (ST-19): trade fur 5 (sable); region furs R1 3, R2 4, R3 6, R4 7, R5 8.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.errors import IllegalAction
from rules.stroganov import GAME, core, engine
from rules.stroganov.core import Events
from rules.stroganov.state import TIGER, StroganovState
from tests.stroganov_positions import actor, example_furs, give_turn, logged, place, play, started

FUR_COUNTS = {2: 14, 3: 12, 4: 11, 5: 11, 6: 10, 7: 9, 8: 9}
SONG_COST = {"SG03": 3, "SG07": 4, "SG10": 6, "SG15": 8}


def fur_total(st: StroganovState) -> Counter[int]:
    total: Counter[int] = Counter(st.bag) + Counter(st.market)
    for line in st.items:
        total += Counter(v for v in line if v != TIGER)
    for c in st.cossacks:
        total += Counter(c.furs)
    return total


def set_market(st: StroganovState, furs: list[int]) -> None:
    """Replace the market, keeping fur conservation: old market furs into the bag, new ones out of it."""
    st.bag = sorted(st.bag + st.market)
    for v in furs:
        st.bag.remove(v)
    st.market = sorted(furs)


def set_furs(st: StroganovState, ci: int, furs: list[int]) -> None:
    """Give cossack ``ci`` exactly ``furs``, exchanged with the bag."""
    c = st.cossacks[ci]
    st.bag = sorted(st.bag + c.furs)
    for v in furs:
        st.bag.remove(v)
    c.furs = sorted(furs)


def take_wish(st: StroganovState, wish: str) -> None:
    """Take ``wish`` out of wherever it is (stack, slot, out of game)."""
    for stack in (st.wishes_a, st.wishes_b, st.out):
        if wish in stack:
            stack.remove(wish)
    st.wish_slots = [None if w == wish else w for w in st.wish_slots]


def final_events(st: StroganovState, ci: int) -> list[tuple[str, str, int]]:
    """The scoring events ST-13.1 would add for ``ci`` if the game ended now (on a copy)."""
    st2 = GAME.load(GAME.dump(st))
    before = len(st2.cossacks[ci].events)
    engine.final_scoring(st2, Events())
    return st2.cossacks[ci].events[before:]


# ---------------------------------------------------------------- ST-19.1


def test_st_19_1_a_full_turn_with_horses():
    st = started(3, 0)
    example_furs(st)
    boris = actor(st)
    give_turn(st, boris, 0)
    st.season = "SUMMER"
    b = st.cossacks[boris]
    b.position, b.horses, b.coins, b.stories = 4, 6, 1, 0
    set_furs(st, boris, [2, 2, 4, 7])
    b.held = ["TW-S2"]  # 2 3 4, red 3
    st.yurt_slots[3] = "YA2"  # R4: 3 stories, 1 coin
    take_wish(st, "TW-A06")
    st.wish_slots[3] = "TW-A06"
    set_market(st, [2, 3, 3, 5, 6, 8])
    assert fur_total(st) == Counter(FUR_COUNTS)

    # Movement: 4 positions to 8 (R4), 2 × 2 = 4 horses, next arrival stamp
    counter = st.counter
    play(st, "move 4")
    assert b.position == 8 and core.region_of(8) == 4
    assert b.horses == 2 and b.stamp == counter + 1
    # Silver: Horses
    play(st, "horses")
    assert b.horses == 6
    # 3a: Yurt in R4 (YA2): 3 stories and 1 coin; YA2 leaves the game
    play(st, "yurt R4")
    assert b.stories == 3 and b.coins == 2
    assert st.yurt_slots[3] is None and "YA2" in st.out
    # 3b: Wish in R4; fee one R4 fur (7): he spends his deer and takes TW-A06
    bag = Counter(st.bag)
    play(st, "wish R4 fee 7")
    assert b.furs == [2, 2, 4] and b.held == ["TW-S2", "TW-A06"] and st.wish_slots[3] is None
    assert Counter(st.bag) - bag == Counter({7: 1})
    # Free: gives a 2 and takes a 3, spending 1 horse (5 left); market 2 2 3 5 6 8
    play(st, "exchange 2 3")
    assert b.horses == 5 and st.market == [2, 2, 3, 5, 6, 8] and b.furs == [2, 3, 4]
    # Free: fulfil TW-S2 with 2, 3, 4: the 3 is red and goes into the bag, 2 and 4 are shown
    bag = Counter(st.bag)
    play(st, "fulfil TW-S2 3 2 4")
    assert b.furs == [2, 4] and Counter(st.bag) - bag == Counter({3: 1})
    assert b.fulfilled == ["TW-S2"] and b.held == ["TW-A06"]
    assert core.has_ability(st, b, "TRACKER")  # active at once
    assert b.score == 0
    assert ("WISH", "TW-S2", 3) in final_events(st, boris)  # 3 VP come in F1
    play(st, "end")
    assert actor(st) != boris and boris in st.turns_taken
    assert fur_total(st) == Counter(FUR_COUNTS)


# ---------------------------------------------------------------- ST-19.2 and ST-19.3


def anna_on_l15() -> tuple[StroganovState, int]:
    """Anna on position 6 (R3), tile L15 with items 3 4 6; a 2, a tiger, 2 horses, 2 coins; silver due."""
    st = started(3, 0)
    example_furs(st)
    anna = actor(st)
    give_turn(st, anna, 1)
    a = st.cossacks[anna]
    place(st, 6, "L15", [3, 4, 6])
    a.position, a.horses, a.coins, a.tigers, a.stories, a.trophy = 6, 2, 2, 1, 0, 0
    st.tiger_supply -= 1
    set_furs(st, anna, [2])
    assert fur_total(st) == Counter(FUR_COUNTS)
    return st, anna


def test_st_19_2_a_hunt_with_a_coin_and_a_skip():
    st, anna = anna_on_l15()
    a = st.cossacks[anna]
    play(st, "hunt 2 3")  # the 4 and the 6
    assert a.coins == 1 and a.horses == 1  # 1 coin for the second item; the skipped 3 costs 1 horse
    assert a.furs == [2, 4, 6] and a.tigers == 1
    assert st.items[5] == [3]


def test_st_19_2_taking_only_the_6_costs_2_horses():
    st, anna = anna_on_l15()
    a = st.cossacks[anna]
    play(st, "hunt 3")
    assert a.horses == 0 and a.coins == 2 and a.furs == [2, 6] and st.items[5] == [3, 4]


def test_st_19_2_tiger_line():
    """On a tile with 5 7 8 tiger, the tiger alone costs 3 horses; the 8 and the tiger 1 coin and 2 horses."""
    st, anna = anna_on_l15()
    a = st.cossacks[anna]
    place(st, 6, "L15", [5, 7, 8, TIGER])
    a.horses = 3
    st2 = GAME.load(GAME.dump(st))
    play(st, "hunt 4")
    assert a.horses == 0 and a.coins == 2 and a.tigers == 2 and st.items[5] == [5, 7, 8]
    a2 = st2.cossacks[anna]
    a2.horses = 2
    play(st2, "hunt 3 4")
    assert a2.horses == 0 and a2.coins == 1 and a2.tigers == 2 and a2.furs == [2, 8] and st2.items[5] == [5, 7]
    # with 2 horses the tiger alone is not affordable
    st3 = GAME.load(GAME.dump(st2))
    st3.items[5] = [5, 7, 8, TIGER]
    st3.cossacks[anna].horses = 2
    before = GAME.dump(st3)
    with pytest.raises(IllegalAction):
        play(st3, "hunt 4")
    assert GAME.dump(st3) == before


def test_st_19_3_a_claim():
    st, anna = anna_on_l15()
    a = st.cossacks[anna]
    play(st, "hunt 2 3")
    # Anna: furs 2 4 6, 1 tiger, 1 coin, 1 horse; 3a Claim in R3 on L15 (one item): 2 + 1 = 3 wolverines
    assert (a.furs, a.tigers, a.coins, a.horses) == ([2, 4, 6], 1, 1, 1)
    assert st.turn is not None and st.turn.phase == 2
    bag, supply = Counter(st.bag), st.tiger_supply
    play(st, "claim L15 6 tiger sub2")
    # 6, tiger, and the 2 with her coin spent; the tile's 3 goes into the bag
    assert a.furs == [4] and a.tigers == 0 and a.coins == 0
    assert Counter(st.bag) - bag == Counter({2: 1, 3: 1, 6: 1}) and st.tiger_supply == supply + 1
    assert a.tiles == ["L15"]
    # T: she would need a 2 for space 1; she has a 4 and no coin: no advance, row 0: 1 horse; then 2 stories
    assert not st.queue and a.trophy == 0
    assert a.horses == 2 and a.stories == 2
    # position 6 stays empty until winter
    assert st.row[5] is None and st.items[5] == []
    assert fur_total(st) == Counter(FUR_COUNTS)


# ---------------------------------------------------------------- ST-19.4


def dmitri() -> tuple[StroganovState, int]:
    st = started(3, 0)
    example_furs(st)
    d = actor(st)
    give_turn(st, d, 0)
    c = st.cossacks[d]
    take_wish(st, "TW-A11")
    c.held = ["TW-A11"]  # 4 4 6 6, red 4
    set_furs(st, d, [2, 4, 6])
    c.tigers, c.coins = 1, 1
    st.tiger_supply -= 1
    return st, d


def test_st_19_4_a_wish_with_a_tiger_and_a_substitution():
    st, d = dmitri()
    c = st.cossacks[d]
    bag, supply = Counter(st.bag), st.tiger_supply
    play(st, "fulfil TW-A11 sub2 4 6 tiger")
    assert Counter(st.bag) - bag == Counter({2: 1}) and st.tiger_supply == supply  # the 2 into the bag
    assert c.coins == 0  # the coin spent
    assert c.furs == [4, 6] and c.tigers == 1  # keeps 4, 6 and the tiger
    assert c.fulfilled == ["TW-A11"] and c.held == []
    assert core.has_ability(st, c, "ENVOY")  # active at once
    events = final_events(st, d)
    assert ("WISH", "TW-A11", 5) in events  # 5 VP in F1
    assert ("TIGER", "tigers", 2) in events  # the tiger still scores 2 VP at the end


def test_st_19_4_tiger_for_two_requirements_is_illegal():
    st, _d = dmitri()
    before = GAME.dump(st)
    with pytest.raises(IllegalAction) as ei:
        play(st, "fulfil TW-A11 sub2 4 tiger tiger")
    assert ei.value.params["rule"] == "ST-10.4"
    assert GAME.dump(st) == before


# ---------------------------------------------------------------- ST-19.5


def test_st_19_5_winter_of_year_1_three_players():
    st = started(3, 0)
    example_furs(st)
    anna, boris, chen = 0, 1, 2
    A, B, C = (st.cossacks[i] for i in (anna, boris, chen))
    # end of autumn: Anna on 11 (stamp 31), Boris on 11 (stamp 29), Chen on 7 (stamp 33)
    for c, pos, stamp in ((A, 11, 31), (B, 11, 29), (C, 7, 33)):
        c.position, c.stamp, c.horses, c.coins, c.banners, c.held, c.fulfilled = pos, stamp, 0, 0, 0, [], []
    st.counter = 33
    B.banners, C.banners = 1, 2
    st.banner_supply -= 3
    A.fulfilled = ["TW-A07"]  # W_STORIES2
    C.fulfilled = ["TW-S1"]  # W_HORSES
    take_wish(st, "TW-A07")
    A.stories, B.stories, C.stories = 3, 4, 2
    A.trophy = 1  # space 1 of side A
    set_furs(st, anna, [3])
    # Boris hunted the tiger: none left in the row
    assert st.items[11][-1] == TIGER
    st.items[11].pop()
    B.tigers = 1
    # positions 3 and 9 were claimed; the stack gives L18, then L08
    place(st, 3, None)
    place(st, 9, None)
    for tile in ("L08", "L18"):
        if tile in st.row:
            p = st.row.index(tile) + 1
            spare = next(t for t in st.landscapes if t not in ("L08", "L18"))
            place(st, p, spare, list(st.items[p - 1]))
        if tile in st.landscapes:
            st.landscapes.remove(tile)
        st.landscapes.insert(0, tile)
    assert st.landscapes[:2] == ["L18", "L08"]
    # the empty wish slots R2 and R4 and yurt slot R4
    st.out += [st.wish_slots[1], st.wish_slots[3], st.yurt_slots[3]]
    st.wish_slots[1] = st.wish_slots[3] = st.yurt_slots[3] = None
    top_wishes, top_yurt = st.wishes_a[:2], st.yurts_a[0]
    # songs display SG03 (3), SG07 (4), SG10 (6), SG15 (8)
    for s in ("SG03", "SG07", "SG10", "SG15"):
        if s in st.song_stack:
            st.song_stack.remove(s)
    st.song_stack += [s for s in st.songs if s not in SONG_COST]
    st.songs = ["SG03", "SG07", "SG10", "SG15"]
    top_songs = st.song_stack[:2]
    # Only the furs of the example in the bag (the rest set aside with Chen, who needs none)
    rest = Counter(st.bag) - Counter([2, 4, 4, 5, 6])
    st.bag = [2, 4, 4, 5, 6]
    C.furs = sorted(rest.elements())
    market = list(st.market)
    assert fur_total(st) == Counter(FUR_COUNTS)

    # Chen takes the last turn of autumn
    st.year, st.season, st.stage = 1, "AUTUMN", "turn"
    give_turn(st, chen, 2)
    st.order = [anna, boris, chen]
    st.active = 2
    st.turns_taken = [anna, boris]
    play(st, "end")

    # Winter order: Boris, Anna, Chen
    assert st.season == "WINTER" and st.order == [boris, anna, chen]
    # Income: Boris +4 horses; Anna +3 horses, TW-A07 +2 stories (3 → 5); Chen +5 horses, TW-S1 +2 horses
    assert B.horses == 4 and A.horses == 3 and C.horses == 7
    # Exploration: Boris +2 stories (4 → 6), Anna +1 (5 → 6)
    assert B.stories == 6 and A.stories == 6 and C.stories == 2
    # Songs: Boris buys SG10 for 6 (7 VP, stories 0)
    assert st.stage == "songs" and actor(st) == boris
    play(st, "song SG10")
    assert B.stories == 0 and ("SONG", "SG10", 7) in B.events and B.score == 7
    # Anna buys SG07 for 4 (2 VP, stories 2) and resolves its T
    assert actor(st) == anna
    play(st, "song SG07")
    assert A.stories == 2 and ("SONG", "SG07", 2) in A.events
    assert st.queue and actor(st) == anna
    # choose the random draws the example describes (L18 gets 6 2 5, L08 gets 4 4)
    for seed in range(20000):
        trial = GAME.load(GAME.dump(st))
        trial.rng.state = seed
        play(trial, "trophy 3")
        if trial.items[2] == [2, 5, 6] and trial.items[8] == [4, 4]:
            break
    else:
        pytest.fail("no generator state gives the example's draws")
    st.rng.state = seed
    play(st, "trophy 3")
    # space 2 of side A; rows 0–2: 1 horse, 1 coin, 1 story (stories 3)
    assert A.trophy == 2 and A.furs == [] and A.horses == 4 and A.coins == 1 and A.stories == 3
    # Chen (2 stories) cannot afford a song and passes automatically
    assert C.songs == [] and logged(st, "song_pass", cossack=chen, reason="unaffordable")

    # Refresh
    assert st.year == 2 and st.season == "SPRING"
    assert st.row[2] == "L18" and st.items[2] == [2, 5, 6]
    assert st.row[8] == "L08" and st.items[8] == [4, 4]
    assert st.items[11][-1] == TIGER and st.row[11] is not None  # tiger at the end of the tile on 12
    assert sum(line.count(TIGER) for line in st.items) == 1
    assert [st.wish_slots[1], st.wish_slots[3]] == top_wishes and st.yurt_slots[3] == top_yurt
    assert sorted(st.songs) == sorted(["SG03", "SG15", *top_songs])
    assert st.songs == sorted(st.songs, key=lambda s: (core.CONTENT.songs[s].cost, s))
    # the 6 market furs went into the bag and 6 new ones were drawn: the bag held only those 6 and the 3 Anna spent
    assert len(st.market) == 6 and st.market == sorted(st.market)
    assert Counter(st.market) + Counter(st.bag) == Counter(market) + Counter([3])
    # Return: all to 0, stamps Boris, Anna, Chen; next spring they act in that order
    assert all(c.position == 0 for c in st.cossacks)
    assert B.stamp < A.stamp < C.stamp and B.stamp > 33
    assert st.order == [boris, anna, chen] and actor(st) == boris
    assert fur_total(st) == Counter(FUR_COUNTS)
