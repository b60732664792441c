"""ST-14.4, ST-14.5: every tsar wish ability, before and after fulfilment; ST-10.3, ST-10.4, ST-16.1: fulfilment.

Values of the rule tables are copied here (tests never read the spec).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from rules.errors import IllegalAction, RuleError
from rules.stroganov import GAME
from rules.stroganov.actions import parse_action
from rules.stroganov.content import CONTENT
from rules.stroganov.state import StroganovState, dump
from tests.stroganov_positions import actor, example_furs, started

# ST-14.4: ability code -> timing.
ABILITIES = {
    "TRACKER": "P", "FASTHORSE": "P", "TONGUE": "P", "BROKER": "P", "PATRON": "P", "CARAVAN": "P",
    "NOMAD": "P", "ELDER": "P", "SURVEYOR": "P", "GOVERNOR": "P", "BARD": "P", "KEENEYE": "P",
    "FREETRADE": "P", "ENVOY": "P", "SCOUT": "P", "TANNER": "P",
    "GIFT_TIGER": "I", "GIFT_OUTPOST": "I", "GIFT_TROPHY": "I", "GIFT_BANNER": "I",
    "W_HORSES": "W", "W_SUPPLY": "W", "W_OUTPOSTS": "W", "W_BANNERS": "W", "W_TROPHY": "W",
    "W_STORIES2": "W", "W_STORIES3": "W", "W_FUR": "W", "W_VP": "W", "W_LANDS": "W",
    "E_WISHES": "E", "E_LANDS": "E", "E_TROPHY": "E", "E_OUTPOSTS": "E", "E_BANNERS": "E", "E_TIGERS": "E",
    "E_STORIES": "E",
}  # fmt: skip

# ST-14.5: id -> (required, red, VP, ability).
WISHES = {
    "TW-S1": ((2, 2, 3), (2,), 3, "W_HORSES"),
    "TW-S2": ((2, 3, 4), (3,), 3, "TRACKER"),
    "TW-S3": ((3, 3, 5), (5,), 3, "NOMAD"),
    "TW-S4": ((2, 4, 4), (2,), 3, "ELDER"),
    "TW-S5": ((2, 2, 5), (2,), 3, "KEENEYE"),
    "TW-A01": ((3, 3, 3), (3,), 4, "TONGUE"),
    "TW-A02": ((4, 4, 4), (4,), 4, "FASTHORSE"),
    "TW-A03": ((5, 5, 5), (5,), 5, "W_OUTPOSTS"),
    "TW-A04": ((6, 6, 6), (6,), 5, "SURVEYOR"),
    "TW-A05": ((2, 2, 2, 2), (2, 2), 4, "CARAVAN"),
    "TW-A06": ((3, 5, 7), (7,), 4, "BROKER"),
    "TW-A07": ((2, 4, 6), (6,), 4, "W_STORIES2"),
    "TW-A08": ((3, 4, 5), (3,), 4, "SCOUT"),
    "TW-A09": ((7, 7), (7,), 4, "GIFT_TIGER"),
    "TW-A10": ((8, 8), (8,), 4, "W_TROPHY"),
    "TW-A11": ((4, 4, 6, 6), (4,), 5, "ENVOY"),
    "TW-A12": ((2, 3, 3, 8), (8,), 5, "GOVERNOR"),
    "TW-A13": ((5, 5, 6), (6,), 5, "W_SUPPLY"),
    "TW-A14": ((3, 3, 7), (3,), 4, "FREETRADE"),
    "TW-A15": ((4, 5, 5), (4,), 4, "GIFT_BANNER"),
    "TW-A16": ((6, 7, 8), (6,), 6, "BARD"),
    "TW-B01": ((4, 4, 4, 4, 4), (4,), 8, "E_WISHES"),
    "TW-B02": ((5, 5, 5, 5), (5, 5), 8, "W_BANNERS"),
    "TW-B03": ((6, 6, 6, 6), (6,), 8, "E_LANDS"),
    "TW-B04": ((7, 7, 7), (7,), 7, "TANNER"),
    "TW-B05": ((8, 8, 8), (8, 8), 10, "W_VP"),
    "TW-B06": ((3, 3, 3, 3, 3), (3, 3), 7, "W_FUR"),
    "TW-B07": ((2, 2, 2, 2, 2), (2, 2), 6, "E_TROPHY"),
    "TW-B08": ((2, 4, 6, 8), (8,), 8, "E_OUTPOSTS"),
    "TW-B09": ((3, 5, 7, 7), (7,), 8, "GIFT_TROPHY"),
    "TW-B10": ((4, 4, 5, 5, 6), (5,), 8, "W_LANDS"),
    "TW-B11": ((6, 6, 7, 7), (6, 7), 9, "GIFT_OUTPOST"),
    "TW-B12": ((5, 6, 7, 8), (8,), 9, "E_BANNERS"),
    "TW-B13": ((3, 3, 4, 4, 8), (8,), 8, "PATRON"),
    "TW-B14": ((2, 3, 4, 5, 6), (2,), 7, "E_TIGERS"),
    "TW-B15": ((7, 7, 8, 8), (7,), 9, "W_STORIES3"),
    "TW-B16": ((5, 5, 5, 6, 6), (6,), 8, "E_STORIES"),
}
WISH_OF = {ability: wish for wish, (_, _, _, ability) in WISHES.items()}
EXPENSIVE_SONGS = ["SG17", "SG18", "SG19", "SG20"]  # costs 9, 10, 10, 12


# ---------------------------------------------------------------- helpers


def game(seed: int = 0) -> StroganovState:
    """A 2-player game in spring 1, first player's turn, with ST-19's furs (R1 3, R2 4, R3 6, R4 7, R5 8; trade 5)."""
    st = started(2, seed)
    example_furs(st)
    return st


def act(st: StroganovState, text: str) -> list:
    ci = actor(st)
    return GAME.apply(st, st.cossacks[ci].seat, parse_action(text))


def setup(
    st: StroganovState,
    *,
    wish: str | None = None,
    fulfilled: bool = True,
    position: int | None = None,
    phase: int | None = None,
    furs: tuple[int, ...] = (),
    coins: int = 0,
    horses: int = 0,
    tigers: int = 0,
) -> int:
    """Set up the acting cossack; ``wish`` is put into fulfilled (or only held) wishes."""
    ci = actor(st)
    c = st.cossacks[ci]
    c.held = []
    c.fulfilled = []
    if wish is not None:
        (c.fulfilled if fulfilled else c.held).append(wish)
    if position is not None:
        c.position = position
    if phase is not None:
        assert st.turn is not None
        st.turn.phase = phase
    c.furs = sorted(furs)
    c.coins, c.horses, c.tigers = coins, horses, tigers
    return ci


def wish_events(c) -> int:
    return sum(vp for cat, _, vp in c.events if cat == "WISH")


def play_minimal(st: StroganovState, stop=lambda st: False) -> None:
    """Play every decision minimally (move 1, horses, end; songs pass) until ``stop`` or a T decision."""
    while st.stage != "finished" and not stop(st):
        if st.queue:
            return
        if st.stage == "songs":
            act(st, "pass")
        elif st.turn.phase == 0:
            act(st, "move 1")
        elif st.turn.phase == 1:
            act(st, "horses")
        else:
            act(st, "end")


def to_next_year(st: StroganovState) -> None:
    """From an action season of year y, play minimally through winter y into spring y + 1."""
    y = st.year
    st.season = "AUTUMN"
    st.songs = list(EXPENSIVE_SONGS)
    play_minimal(st, stop=lambda s: s.year > y and s.stage == "turn")


def to_end(st: StroganovState) -> None:
    st.year = 4
    st.season = "AUTUMN"
    st.songs = list(EXPENSIVE_SONGS)
    play_minimal(st)
    assert st.stage == "finished"


def error_of(st: StroganovState, text: str) -> RuleError:
    before = dump(st)
    with pytest.raises(RuleError) as e:
        act(st, text)
    assert dump(st) == before  # ST-0.2: rejected actions change nothing
    return e.value


# ---------------------------------------------------------------- data (ST-14.4, ST-14.5)


def test_st_14_5_data_has_37_wishes_with_known_abilities():
    assert len(CONTENT.wishes) == 37
    assert set(CONTENT.wishes) == set(WISHES)
    for wid, (req, red, vp, ability) in WISHES.items():
        w = CONTENT.wishes[wid]
        assert (w.required, w.red, w.vp, w.ability) == (req, red, vp, ability), wid
        assert ability in ABILITIES
        assert CONTENT.abilities[w.ability] == ABILITIES[ability]


def test_st_14_4_every_ability_code_is_used_by_a_wish():
    assert len(ABILITIES) == 37
    assert set(CONTENT.abilities) == set(ABILITIES)
    used = Counter(w.ability for w in CONTENT.wishes.values())
    assert set(used) == set(ABILITIES)
    assert all(n == 1 for n in used.values())


def test_st_14_5_winter_wishes_are_those_with_w_abilities():
    winter = {w for w, c in CONTENT.wishes.items() if CONTENT.abilities[c.ability] == "W"}
    assert winter == {"TW-S1", "TW-A03", "TW-A07", "TW-A10", "TW-A13", "TW-B02", "TW-B05", "TW-B06", "TW-B10",
                      "TW-B15"}  # fmt: skip


# ---------------------------------------------------------------- fulfilment (ST-10.3, ST-10.4, ST-16.1)


def test_st_19_4_wish_with_tiger_and_substitution():
    """ST-19.4, ST-10.4: red 4 <- SUB 2; 4 <- FUR 4; 6 <- FUR 6; 6 <- TIGER; shown tokens are kept."""
    st = game()
    ci = setup(st, furs=(2, 4, 6), coins=1, tigers=1)
    c = st.cossacks[ci]
    c.held = ["TW-A11"]
    bag = Counter(st.bag)
    act(st, "fulfil TW-A11 sub2 4 6 tiger")
    assert c.fulfilled == ["TW-A11"] and c.held == []
    assert c.furs == [4, 6] and c.tigers == 1 and c.coins == 0
    assert Counter(st.bag) - bag == Counter({2: 1})


def test_st_19_4_a_token_cannot_meet_two_requirements():
    """ST-10.4: using the tiger for two requirements is illegal; the same for one fur twice."""
    st = game()
    ci = setup(st, furs=(2, 4, 6), coins=1, tigers=1)
    st.cossacks[ci].held = ["TW-A11"]
    e = error_of(st, "fulfil TW-A11 sub2 4 tiger tiger")
    assert isinstance(e, IllegalAction) and e.params["rule"] == "ST-10.4"
    e = error_of(st, "fulfil TW-A11 sub2 4 6 6")
    assert isinstance(e, IllegalAction) and e.params["rule"] == "ST-10.4"
    e = error_of(st, "fulfil TW-A11 4 4 6 tiger")
    assert isinstance(e, IllegalAction) and e.params["rule"] == "ST-10.4"


def test_st_16_1_entries_red_first_then_shown_ascending():
    """TW-A06 (3 5 7, red 7): the entries are 7, then 3 5; the 7 goes into the bag."""
    st = game()
    ci = setup(st, furs=(3, 5, 7))
    c = st.cossacks[ci]
    c.held = ["TW-A06"]
    e = error_of(st, "fulfil TW-A06 3 5 7")
    assert e.params["rule"] == "ST-10.3"
    act(st, "fulfil TW-A06 7 3 5")
    assert c.furs == [3, 5] and c.fulfilled == ["TW-A06"]


def test_st_16_1_two_red_entries_ascending():
    """TW-B11 (6 6 7 7, red 6 7): entries 6 7 (red), then 6 7 (shown)."""
    st = game()
    ci = setup(st, furs=(6, 6, 7, 7))
    c = st.cossacks[ci]
    c.held = ["TW-B11"]
    error_of(st, "fulfil TW-B11 7 6 6 7")
    act(st, "fulfil TW-B11 6 7 6 7")
    assert c.furs == [6, 7] and c.fulfilled == ["TW-B11"]


def test_st_10_3_player_decides_which_token_is_spent():
    """ST-16.1: the tiger on the red requirement is spent, on a shown one kept."""
    st = game()
    ci = setup(st, furs=(2, 3), tigers=1)
    c = st.cossacks[ci]
    c.held = ["TW-S1"]  # 2 2 3, red 2: entries 2, then 2 3
    supply = st.tiger_supply
    act(st, "fulfil TW-S1 tiger 2 3")
    assert c.tigers == 0 and c.furs == [2, 3] and st.tiger_supply == supply + 1
    st2 = game()
    ci = setup(st2, furs=(2, 3), tigers=1)
    c2 = st2.cossacks[ci]
    c2.held = ["TW-S1"]
    act(st2, "fulfil TW-S1 2 tiger 3")
    assert c2.tigers == 1 and c2.furs == [3]


def test_st_10_4_substitution_on_shown_requirement_spends_only_the_coin():
    st = game()
    ci = setup(st, furs=(2, 3, 8), coins=2)
    c = st.cossacks[ci]
    c.held = ["TW-S2"]  # 2 3 4, red 3: entries 3, then 2 4
    act(st, "fulfil TW-S2 3 2 sub8")
    assert c.furs == [2, 8] and c.coins == 1


def test_st_10_4_substitution_needs_a_coin_and_another_value():
    st = game()
    ci = setup(st, furs=(2, 3, 8), coins=0)
    st.cossacks[ci].held = ["TW-S2"]
    e = error_of(st, "fulfil TW-S2 3 2 sub8")
    assert e.code == "coins_short"
    st.cossacks[ci].coins = 1
    e = error_of(st, "fulfil TW-S2 3 sub2 sub4")
    assert isinstance(e, IllegalAction)


def test_st_10_3_only_held_wishes_and_whole_payment():
    st = game()
    ci = setup(st, furs=(3, 5, 7))
    st.cossacks[ci].held = []
    e = error_of(st, "fulfil TW-A06 7 3 5")
    assert e.params["rule"] == "ST-10.3"
    st.cossacks[ci].held = ["TW-A06"]
    e = error_of(st, "fulfil TW-A06 7 3")
    assert e.code == "payment_count"


def test_st_10_3_fulfil_is_a_free_action_any_time_in_own_turn():
    """ST-7.2: before movement too; the phase does not advance."""
    st = game()
    ci = setup(st, furs=(3, 5, 7), phase=0)
    st.cossacks[ci].held = ["TW-A06"]
    act(st, "fulfil TW-A06 7 3 5")
    assert st.turn.phase == 0 and actor(st) == ci


# ---------------------------------------------------------------- P abilities (ST-14.4)


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_tracker_one_horse_fewer_per_hunt(fulfilled):
    st = game()
    ci = setup(st, wish="TW-S2", fulfilled=fulfilled, position=7, phase=1, horses=5, coins=1)
    st.items[6] = [2, 3, 4]
    act(st, "hunt 3")  # 2 skipped
    assert st.cossacks[ci].horses == (4 if fulfilled else 3)


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_tracker_minimum_zero(fulfilled):
    st = game()
    ci = setup(st, wish="TW-S2", fulfilled=fulfilled, position=7, phase=1, horses=1, coins=1)
    st.items[6] = [2, 3, 4]
    act(st, "hunt 2")  # 1 skipped
    assert st.cossacks[ci].horses == (1 if fulfilled else 0)


def test_st_14_4_tracker_does_not_reduce_keeneye_horses():
    """TRACKER + KEENEYE: hunting items 1 and 3 skips 1 (0 with TRACKER) and the 2 KEENEYE horses stay."""
    st = game()
    ci = setup(st, wish="TW-S2", position=7, phase=1, horses=5, coins=0)
    st.cossacks[ci].fulfilled.append("TW-S5")
    st.items[6] = [2, 3, 4]
    act(st, "hunt 1 3 horses")
    c = st.cossacks[ci]
    assert c.horses == 3 and c.coins == 0 and st.items[6] == [3]


def test_st_14_4_tracker_applies_after_real_fulfilment():
    """ST-10.3: held TRACKER has no effect; after the fulfil action it counts at once (ST-19.1)."""
    st = game()
    ci = setup(st, wish="TW-S2", fulfilled=False, position=7, phase=1, horses=5, coins=0, furs=(2, 3, 4))
    st.items[6] = [2, 3, 4]
    act(st, "fulfil TW-S2 3 2 4")
    act(st, "hunt 3")
    assert st.cossacks[ci].horses == 4


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_keeneye_second_item_for_two_horses(fulfilled):
    st = game()
    ci = setup(st, wish="TW-S5", fulfilled=fulfilled, position=7, phase=1, horses=2, coins=0)
    st.items[6] = [2, 3, 4]
    if fulfilled:
        act(st, "hunt 1 2 horses")
        c = st.cossacks[ci]
        assert c.horses == 0 and c.coins == 0 and c.furs == [2, 3]
    else:
        e = error_of(st, "hunt 1 2 horses")
        assert isinstance(e, IllegalAction)


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_fasthorse_one_horse_per_position_beyond_second(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A02", fulfilled=fulfilled, phase=0, horses=6)
    act(st, "move 5")
    assert st.cossacks[ci].horses == (3 if fulfilled else 0)


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_tongue_three_trade_effects(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A01", fulfilled=fulfilled, position=7, phase=1, furs=(5,))
    if fulfilled:
        act(st, "trade 5 coin coin horses")
        c = st.cossacks[ci]
        assert c.coins == 2 and c.horses == 3 and c.furs == []
    else:
        e = error_of(st, "trade 5 coin coin horses")
        assert e.params["rule"] == "ST-8.5.2"
        act(st, "trade 5 coin coin")
        assert st.cossacks[ci].coins == 2


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_broker_exchange_one_horse_less(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A06", fulfilled=fulfilled, phase=1, furs=(2,), horses=5)
    st.market = [2, 3, 4, 5, 6, 8]
    act(st, "exchange 2 5")
    c = st.cossacks[ci]
    assert c.horses == (3 if fulfilled else 2) and c.furs == [5]


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_broker_minimum_zero(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A06", fulfilled=fulfilled, phase=1, furs=(4, 6), horses=1)
    st.market = [2, 3, 4, 5, 6, 8]
    act(st, "exchange 4 5")  # difference 1
    act(st, "exchange 6 2")  # lower value: free anyway
    c = st.cossacks[ci]
    assert c.horses == (1 if fulfilled else 0) and c.furs == [2, 5]


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_caravan_bag_draw_for_three_horses(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A05", fulfilled=fulfilled, phase=1, horses=5)
    bag = len(st.bag)
    act(st, "draw")
    c = st.cossacks[ci]
    assert c.horses == (2 if fulfilled else 0) and len(c.furs) == 1 and len(st.bag) == bag - 1
    assert error_of(st, "draw").code == "horses_short"


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_nomad_two_stories_after_yurt(fulfilled):
    st = game()
    ci = setup(st, wish="TW-S3", fulfilled=fulfilled, position=3, phase=2)
    st.yurt_slots[1] = "YA1"  # 5 stories
    st.cossacks[ci].stories = 0
    act(st, "yurt R2")
    assert st.cossacks[ci].stories == (7 if fulfilled else 5)


def test_st_14_4_nomad_stories_come_after_the_yurt_reward():
    """ST-11.2: YA7 (T, 1 coin): NOMAD's stories follow the whole reward, so they wait for the T decision."""
    st = game()
    ci = setup(st, wish="TW-S3", position=3, phase=2, furs=(2,))
    c = st.cossacks[ci]
    st.yurt_slots[1] = "YA7"
    c.stories = 0
    act(st, "yurt R2")
    assert st.queue and actor(st) == ci and c.stories == 0 and c.coins == 0
    act(st, "trophy stay")
    assert c.stories == 2 and c.coins == 1


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_elder_coin_after_village(fulfilled):
    st = game()
    ci = setup(st, wish="TW-S4", fulfilled=fulfilled, position=3, phase=2)
    st.villages[1] = "V3"  # 2 VP
    c = st.cossacks[ci]
    act(st, "village R2")
    assert c.coins == (1 if fulfilled else 0)
    assert ("REWARD", "V3", 2) in c.events


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_surveyor_claim_costs_one_plus_n(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A04", fulfilled=fulfilled, position=6, phase=2, furs=(6, 6, 6))
    st.items[5] = [3]
    tile = st.row[5]
    if fulfilled:
        assert error_of(st, f"claim {tile} 6 6 6").code == "payment_count"
        act(st, f"claim {tile} 6 6")
        assert st.cossacks[ci].furs == [6]
    else:
        assert error_of(st, f"claim {tile} 6 6").code == "payment_count"
        act(st, f"claim {tile} 6 6 6")
        assert st.cossacks[ci].furs == []
    assert tile in st.cossacks[ci].tiles and st.row[5] is None


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_governor_two_vp_category_wish_on_build(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A12", fulfilled=fulfilled, position=3, phase=2)
    c = st.cossacks[ci]
    act(st, "build R2")
    assert ci in st.outposts[1]
    assert wish_events(c) == (2 if fulfilled else 0)
    assert c.score == (2 if fulfilled else 0)


def test_st_14_4_governor_not_for_recruit():
    st = game()
    ci = setup(st, wish="TW-A12", position=3, phase=2)
    c = st.cossacks[ci]
    c.supply = 0
    act(st, "recruit R2")
    assert c.supply == 1 and c.score == 0


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_freetrade_any_fur_for_trade(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A14", fulfilled=fulfilled, position=7, phase=1, furs=(2,))
    if fulfilled:
        act(st, "trade 2 coin coin")
        c = st.cossacks[ci]
        assert c.coins == 2 and c.furs == []
    else:
        e = error_of(st, "trade 2 coin coin")
        assert isinstance(e, IllegalAction)


def test_st_14_4_freetrade_tiger_still_allowed():
    st = game()
    ci = setup(st, wish="TW-A14", position=7, phase=1, tigers=1)
    act(st, "trade tiger stories stories")
    assert st.cossacks[ci].stories == 4 and st.cossacks[ci].tigers == 0


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_envoy_any_fur_for_gold_fee(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A11", fulfilled=fulfilled, position=3, phase=3, furs=(2,))
    st.villages[1] = "V1"  # 2 coins
    if fulfilled:
        act(st, "village R2 fee 2")
        c = st.cossacks[ci]
        assert c.furs == [] and c.coins == 2
    else:
        e = error_of(st, "village R2 fee 2")
        assert isinstance(e, IllegalAction)


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_scout_moves_three(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A08", fulfilled=fulfilled, position=5, phase=1, furs=(5,))
    if fulfilled:
        act(st, "step e3")
        assert st.cossacks[ci].position == 8
        act(st, "trade 5 w3 coin")
        assert st.cossacks[ci].position == 5
    else:
        assert isinstance(error_of(st, "step e3"), IllegalAction)
        assert isinstance(error_of(st, "trade 5 w3 coin"), IllegalAction)


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_tanner_trophy_with_higher_fur(fulfilled):
    """The T of YA7 needs a 2 (side A space 1); TANNER lets a 5 count as the 2 (no coin spent)."""
    st = game()
    ci = setup(st, wish="TW-B04", fulfilled=fulfilled, position=3, phase=2, furs=(5,), coins=1)
    st.yurt_slots[1] = "YA7"
    act(st, "yurt R2")
    assert st.queue
    c = st.cossacks[ci]
    if fulfilled:
        act(st, "trophy 5")
        assert c.trophy == 1 and c.furs == [] and c.coins == 1 + 1 + 1  # kept, row 1, yurt
    else:
        e = error_of(st, "trophy 5")
        assert isinstance(e, IllegalAction)


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_patron_first_substitution_per_turn_free(fulfilled):
    st = game()
    ci = setup(st, wish="TW-B13", fulfilled=fulfilled, position=7, phase=1, furs=(2, 3), coins=1)
    c = st.cossacks[ci]
    act(st, "trade sub2 coin coin")
    assert c.coins == (3 if fulfilled else 2)
    act(st, "trade sub3 coin coin")  # 3a: the second substitution of the turn costs a coin
    assert c.coins == (4 if fulfilled else 3)


def test_st_14_4_patron_again_in_next_turn():
    st = game()
    ci = setup(st, wish="TW-B13", position=7, phase=1, furs=(2, 3), coins=1)
    c = st.cossacks[ci]
    act(st, "trade sub2 coin coin")
    assert c.coins == 3
    act(st, "end")
    play_minimal(st, stop=lambda s: s.stage == "turn" and actor(s) == ci and s.turn.phase == 0)
    assert st.season == "SUMMER"
    coins = c.coins
    c.furs = [3]
    act(st, "move 1")
    st.cossacks[ci].position = 7
    act(st, "trade sub3 coin coin")
    assert c.coins == coins + 2


def test_st_14_4_patron_not_in_winter():
    """A T from a winter song paid by substitution costs the coin even with PATRON."""
    st = game()
    ci = setup(st, wish="TW-B13", phase=0, furs=(3,), coins=1)
    c = st.cossacks[ci]
    for o in st.cossacks:
        o.stories = 0
    c.stories = 4
    st.season = "AUTUMN"
    st.songs = ["SG07", "SG17", "SG18", "SG20"]  # SG07: 4 stories, 2 VP, T
    play_minimal(st, stop=lambda s: s.stage == "songs")
    assert st.stage == "songs" and actor(st) == ci
    coins = c.coins
    act(st, "song SG07")
    assert st.queue and actor(st) == ci
    act(st, "trophy sub3")
    assert c.trophy == 1
    assert c.coins == coins - 1 + 1  # substitution paid, row 1 gives 1 coin


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_bard_songs_one_story_less(fulfilled):
    st = game()
    ci = setup(st, wish="TW-A16", fulfilled=fulfilled, phase=0)
    winter_songs(st, ci, ["SG01", "SG10", "SG17", "SG20"], stories=5)
    c = st.cossacks[ci]
    if fulfilled:
        act(st, "song SG10")
        assert c.stories == 0 and ("SONG", "SG10", 7) in c.events
    else:
        assert error_of(st, "song SG10").params["rule"] == "ST-12.4"


def test_st_14_4_bard_minimum_one(monkeypatch):
    """A song of cost 1 still costs 1 story with BARD."""
    monkeypatch.setitem(CONTENT.songs, "SG01", dataclasses.replace(CONTENT.songs["SG01"], cost=1))
    st = game()
    ci = setup(st, wish="TW-A16", phase=0)
    winter_songs(st, ci, ["SG01", "SG10", "SG17", "SG20"], stories=0)
    assert error_of(st, "song SG01").code == "stories_short"
    st.cossacks[ci].stories = 1
    act(st, "song SG01")
    assert st.cossacks[ci].stories == 0


def winter_songs(st: StroganovState, ci: int, songs: list[str], stories: int) -> None:
    """Put the game into winter songs with ``ci`` first in winter order (the other cannot buy)."""
    other = 1 - ci
    st.season, st.stage = "WINTER", "songs"
    st.turn = None
    st.order, st.active = [ci, other], 0
    st.songs = list(songs)
    st.cossacks[ci].stories = stories
    st.cossacks[other].stories = 0


# ---------------------------------------------------------------- I abilities


def _fulfil_text(wish: str) -> tuple[str, tuple[int, ...]]:
    req, red, _, _ = WISHES[wish]
    shown = list(req)
    for v in red:
        shown.remove(v)
    entries = [*red, *sorted(shown)]
    return f"fulfil {wish} " + " ".join(map(str, entries)), req


@pytest.mark.parametrize("fulfil", [True, False])
def test_st_14_4_gift_tiger_once_after_fulfilment(fulfil):
    st = game()
    text, req = _fulfil_text("TW-A09")
    ci = setup(st, wish="TW-A09", fulfilled=False, phase=1, furs=req)
    c = st.cossacks[ci]
    if fulfil:
        act(st, text)
    assert c.tigers == (1 if fulfil else 0)
    to_next_year(st)
    assert c.tigers == (1 if fulfil else 0)


@pytest.mark.parametrize("fulfil", [True, False])
def test_st_14_4_gift_outpost_outpost_and_coin(fulfil):
    st = game()
    text, req = _fulfil_text("TW-B11")
    ci = setup(st, wish="TW-B11", fulfilled=False, phase=1, furs=req)
    c = st.cossacks[ci]
    if fulfil:
        act(st, text)
    assert (c.supply, c.reserve, c.coins) == ((2, 3, 1) if fulfil else (1, 4, 0))
    act(st, "coin")
    assert (c.supply, c.reserve) == ((2, 3) if fulfil else (1, 4))


@pytest.mark.parametrize("fulfil", [True, False])
def test_st_14_4_gift_banner_banner_and_two_horses(fulfil):
    st = game()
    text, req = _fulfil_text("TW-A15")
    ci = setup(st, wish="TW-A15", fulfilled=False, phase=1, furs=req)
    c = st.cossacks[ci]
    supply = st.banner_supply
    if fulfil:
        act(st, text)
    assert (c.banners, c.horses, st.banner_supply) == ((1, 2, supply - 1) if fulfil else (0, 0, supply))


def test_st_14_4_gift_trophy_two_trophy_decisions():
    st = game()
    text, req = _fulfil_text("TW-B09")  # 3 5 7 7, red 7
    ci = setup(st, wish="TW-B09", fulfilled=False, phase=1, furs=(2, 3, *req))
    c = st.cossacks[ci]
    act(st, text)
    assert c.fulfilled == ["TW-B09"] and len(st.queue) == 2 and actor(st) == ci
    act(st, "trophy 2")
    assert c.trophy == 1 and len(st.queue) == 1 and actor(st) == ci
    act(st, "trophy 3")
    assert c.trophy == 2 and not st.queue
    # rows 0..1 then 0..2: horses 1 + 1, coins 1 + 1, stories 1
    assert (c.horses, c.coins, c.stories) == (2, 2, 1)
    assert st.turn.phase == 1


def test_st_14_4_gift_trophy_not_before_fulfilment():
    st = game()
    ci = setup(st, wish="TW-B09", fulfilled=False, phase=1, furs=(2, 3))
    act(st, "coin")
    assert not st.queue and st.cossacks[ci].trophy == 0


# ---------------------------------------------------------------- W abilities (ST-12.2)


def _winter(wish: str | None, fulfilled: bool, prep=None, seed: int = 0) -> tuple[StroganovState, int]:
    st = game(seed)
    ci = setup(st, wish=wish, fulfilled=fulfilled, phase=0)
    if prep:
        prep(st, ci)
    to_next_year(st)
    return st, ci


W_CASES = {
    "W_HORSES": lambda c, st: c.horses,
    "W_SUPPLY": lambda c, st: (c.horses, c.coins),
    "W_STORIES2": lambda c, st: c.stories,
    "W_STORIES3": lambda c, st: c.stories,
    "W_FUR": lambda c, st: len(c.furs),
    "W_VP": lambda c, st: wish_events(c),
}
W_DELTA = {
    "W_HORSES": 2,
    "W_SUPPLY": (2, 1),
    "W_STORIES2": 2,
    "W_STORIES3": 3,
    "W_FUR": 1,
    "W_VP": 3,
}


@pytest.mark.parametrize("ability", list(W_CASES))
def test_st_14_4_winter_ability_resolves_in_winter_income(ability):
    """ST-12.2: a W wish fulfilled this year resolves in this winter's income; a held one does not."""
    wish = WISH_OF[ability]
    with_, ci = _winter(wish, True)
    without, _ = _winter(wish, False)
    a = W_CASES[ability](with_.cossacks[ci], with_)
    b = W_CASES[ability](without.cossacks[ci], without)
    delta = W_DELTA[ability]
    if isinstance(delta, tuple):
        assert tuple(x - y for x, y in zip(a, b, strict=True)) == delta
    else:
        assert a - b == delta


def _outposts(st, ci):
    st.outposts[0][1] = ci
    st.outposts[2][1] = ci
    st.cossacks[ci].supply, st.cossacks[ci].reserve = 0, 3


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_w_outposts_vp_per_built_outpost(fulfilled):
    st, ci = _winter("TW-A03", fulfilled, _outposts)
    c = st.cossacks[ci]
    assert wish_events(c) == (2 if fulfilled else 0)
    assert [e for e in c.events if e[0] == "WISH"] == ([("WISH", "TW-A03", 2)] if fulfilled else [])


def _banners(n):
    def prep(st, ci):
        st.cossacks[ci].banners = n
        st.banner_supply -= n

    return prep


@pytest.mark.parametrize("banners, vp", [(3, 3), (4, 4), (6, 4)])
def test_st_14_4_w_banners_vp_per_banner_max_4(banners, vp):
    st, ci = _winter("TW-B02", True, _banners(banners))
    assert wish_events(st.cossacks[ci]) == vp
    st, ci = _winter("TW-B02", False, _banners(banners))
    assert wish_events(st.cossacks[ci]) == 0


def _lands(st, ci):
    st.cossacks[ci].tiles = [st.landscapes.pop(), st.landscapes.pop(), st.landscapes.pop()]


@pytest.mark.parametrize("fulfilled", [True, False])
def test_st_14_4_w_lands_vp_per_tile(fulfilled):
    st, ci = _winter("TW-B10", fulfilled, _lands)
    assert wish_events(st.cossacks[ci]) == (3 if fulfilled else 0)


def test_st_14_4_w_trophy_needs_a_trophy_decision_in_winter():
    st = game()
    ci = setup(st, wish="TW-A10", phase=0, furs=(2,))
    to_next_year(st)
    assert st.season == "WINTER" and st.stage == "income" and st.queue and actor(st) == ci
    c = st.cossacks[ci]
    act(st, "trophy 2")
    assert c.trophy == 1
    play_minimal(st, stop=lambda s: s.stage == "turn")
    assert st.year == 2


def test_st_14_4_w_trophy_not_before_fulfilment():
    st = game()
    ci = setup(st, wish="TW-A10", fulfilled=False, phase=0, furs=(2,))
    to_next_year(st)
    assert st.year == 2 and st.cossacks[ci].trophy == 0


def test_st_12_2_w_abilities_in_fulfilment_order():
    """W_SUPPLY's coin before W_TROPHY makes the T payable by substitution (fur 3 for the 2)."""
    st = game()
    ci = setup(st, phase=0, furs=(3,))
    st.cossacks[ci].fulfilled = ["TW-A13", "TW-A10"]
    to_next_year(st)
    assert st.queue and actor(st) == ci  # payable by substitution: the coin came first
    st2 = game()
    ci2 = setup(st2, phase=0, furs=(3,))
    st2.cossacks[ci2].fulfilled = ["TW-A10", "TW-A13"]
    to_next_year(st2)  # the T comes first, with no coin: not payable, automatic stay
    c2 = st2.cossacks[ci2]
    assert st2.year == 2 and c2.trophy == 0 and c2.coins == 1


def test_st_12_2_w_abilities_every_winter_after_fulfilment():
    st = game()
    ci = setup(st, wish="TW-B05", phase=0)
    to_next_year(st)
    assert wish_events(st.cossacks[ci]) == 3
    to_next_year(st)
    assert wish_events(st.cossacks[ci]) == 6


def test_st_12_2_w_fulfilled_by_action_this_year_counts():
    st = game()
    text, req = _fulfil_text("TW-B05")
    ci = setup(st, wish="TW-B05", fulfilled=False, phase=0, furs=req)
    st.season = "AUTUMN"
    act(st, text)
    to_next_year(st)
    assert st.cossacks[ci].events.count(("WISH", "TW-B05", 3)) == 1


# ---------------------------------------------------------------- E abilities (F1)

E_VALUE = {
    "E_WISHES": lambda st, ci, c: len(c.fulfilled),
    "E_LANDS": lambda st, ci, c: 2 * len(c.tiles),
    "E_TROPHY": lambda st, ci, c: c.trophy,
    "E_OUTPOSTS": lambda st, ci, c: 2 * sum(1 for r in st.outposts if ci in r),
    "E_BANNERS": lambda st, ci, c: c.banners,
    "E_TIGERS": lambda st, ci, c: c.tigers,
    "E_STORIES": lambda st, ci, c: c.stories // 3,
}
E_EXPECT = {"E_WISHES": 3, "E_LANDS": 4, "E_TROPHY": 3, "E_OUTPOSTS": 4, "E_BANNERS": 3, "E_TIGERS": 2}


def _e_prep(st: StroganovState, ci: int) -> None:
    c = st.cossacks[ci]
    c.fulfilled += ["TW-S2", "TW-S4"]  # 3 + 3 VP, P abilities
    c.tiles = [st.landscapes.pop(), st.landscapes.pop()]
    c.trophy = 3
    st.outposts[0][1] = ci
    st.outposts[2][1] = ci
    c.supply, c.reserve = 0, 3
    c.banners = 3
    st.banner_supply -= 3
    c.tigers = 2
    st.tiger_supply -= 2
    c.stories = 10


@pytest.mark.parametrize("ability", list(E_VALUE))
def test_st_14_4_end_ability_scored_in_f1_category_wish(ability):
    wish = WISH_OF[ability]
    vp = WISHES[wish][2]
    for fulfilled in (True, False):
        st = game()
        ci = setup(st, wish=wish, fulfilled=fulfilled, phase=0)
        _e_prep(st, ci)
        to_end(st)
        c = st.cossacks[ci]
        e = E_VALUE[ability](st, ci, c)
        assert e > 0
        if fulfilled:
            assert e == E_EXPECT.get(ability, e)
        printed = 6 + (vp if fulfilled else 0)
        assert wish_events(c) == printed + (e if fulfilled else 0), (ability, fulfilled)


def test_st_16_1_substitution_must_use_another_value():
    st = game()
    ci = setup(st, furs=(2, 3, 4), coins=1)
    st.cossacks[ci].held = ["TW-S2"]
    e = error_of(st, "fulfil TW-S2 sub3 2 4")
    assert isinstance(e, IllegalAction)


def test_st_7_2_no_fulfilment_while_a_trophy_is_pending():
    """ST-11.2: GIFT_TROPHY's T must be decided before any free action."""
    st = game()
    text, req = _fulfil_text("TW-B09")
    ci = setup(st, wish="TW-B09", fulfilled=False, phase=1, furs=(2, 3, 3, 5, 7, *req))
    st.cossacks[ci].held.append("TW-A06")
    act(st, text)
    assert st.queue
    error_of(st, "fulfil TW-A06 7 3 5")


def test_st_14_4_patron_free_substitution_in_fulfilment():
    st = game()
    ci = setup(st, wish="TW-B13", phase=1, furs=(2, 3, 8), coins=1)
    c = st.cossacks[ci]
    c.held = ["TW-S2"]  # 2 3 4, red 3
    act(st, "fulfil TW-S2 3 2 sub8")
    assert c.coins == 1 and c.furs == [2, 8]
    c.held = ["TW-S4"]  # 2 4 4, red 2
    c.furs = [2, 4, 8]
    act(st, "fulfil TW-S4 2 4 sub8")
    assert c.coins == 0
