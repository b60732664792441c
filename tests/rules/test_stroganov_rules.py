"""Stroganov rules, one or more tests per rule ID of the rules specification (ST-0 … ST-17).

Values of the house edition (ST-14) that the tests need are copied here; the spec is never read.
Wish abilities (ST-14.4/14.5) and the solo automa (ST-15) have their own test files.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest

from rules.errors import BadNotation, GameOver, IllegalAction, NotYourTurn, RuleError, WrongPhase
from rules.stroganov import GAME, core, engine
from rules.stroganov.actions import Trade
from rules.stroganov.state import DUMMY, TIGER, StroganovState, Turn
from tests.stroganov_play import decisions
from tests.stroganov_positions import actor, example_furs, give_turn, logged, place, play, started

# ---------------------------------------------------------------- data copied from ST-14 / ST-2

FUR_COUNTS = {2: 14, 3: 12, 4: 11, 5: 11, 6: 10, 7: 9, 8: 9}
TIGERS = 16
S_TILES = {"L01", "L02", "L03", "L04", "L05"}
SLOTS = {f"L{i:02d}": s for i, s in enumerate([2] * 12 + [3] * 8 + [4] * 6, 1)}
TYPE = {
    **dict.fromkeys(["L01", "L05", "L09", "L13", "L17", "L21", "L26"], "Taiga"),
    **dict.fromkeys(["L02", "L06", "L10", "L14", "L18", "L22", "L25"], "Tundra"),
    **dict.fromkeys(["L03", "L07", "L11", "L15", "L19", "L23"], "Steppe"),
    **dict.fromkeys(["L04", "L08", "L12", "L16", "L20", "L24"], "Mountains"),
}
SONG_COST = {
    "SG01": 2, "SG02": 2, "SG03": 3, "SG04": 3, "SG05": 4, "SG06": 4, "SG07": 4, "SG08": 5, "SG09": 5, "SG10": 6,
    "SG11": 6, "SG12": 6, "SG13": 7, "SG14": 7, "SG15": 8, "SG16": 8, "SG17": 9, "SG18": 10, "SG19": 10, "SG20": 12,
}  # fmt: skip
START_WISHES = {"TW-S1", "TW-S2", "TW-S3", "TW-S4", "TW-S5"}
REGION_POSITIONS = {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8, 9), 5: (10, 11, 12)}
SLOT_VP = {1: (3, 2, 1), 2: (4, 3, 2), 3: (5, 4, 3), 4: (6, 5, 4), 5: (7, 6, 5)}
DUMMIES = {4: set(), 3: {1, 3, 5}, 2: {1, 2, 3, 4, 5}}
BANNERS = {4: 20, 3: 17, 2: 12}
START_HORSES = (3, 4, 5, 6)
# Side A trophy track: fur to enter space i, row rewards, end VP.
TRACK_A_FUR = (None, 2, 3, 4, 5, 6, 7, 8)


# ---------------------------------------------------------------- helpers


def fresh(players: int = 3, seed: int = 0, phase: int = 0, **res: Any) -> tuple[StroganovState, int, Any]:
    """A started game with ST-19's furs; the first actor's turn at ``phase``; its cossack's fields set."""
    st = started(players, seed)
    example_furs(st)
    ci = actor(st)
    give_turn(st, ci, phase)
    c = st.cossacks[ci]
    for k, v in res.items():
        setattr(c, k, v)
    return st, ci, c


def rejected(
    st: StroganovState, text: str | Any, exc: type[RuleError] = IllegalAction, rule: str | None = None
) -> RuleError:
    """``text`` (or an action) is rejected with ``exc`` (citing ``rule``) and the state is unchanged (ST-0.2)."""
    before = GAME.dump(st)
    with pytest.raises(exc) as ei:
        if isinstance(text, str):
            play(st, text)
        else:
            GAME.apply(st, st.cossacks[actor(st)].seat, text)
    assert GAME.dump(st) == before
    if rule is not None:
        assert ei.value.params.get("rule") == rule
    return ei.value


def other_seat(st: StroganovState) -> int:
    ci = actor(st)
    return next(c.seat for i, c in enumerate(st.cossacks) if i != ci and c.seat is not None)


def fur_total(st: StroganovState) -> Counter[int]:
    total: Counter[int] = Counter(st.bag) + Counter(st.market)
    for line in st.items:
        total += Counter(v for v in line if v != TIGER)
    for c in st.cossacks:
        total += Counter(c.furs)
    return total


def tiger_total(st: StroganovState) -> int:
    return st.tiger_supply + sum(line.count(TIGER) for line in st.items) + sum(c.tigers for c in st.cossacks)


def last_autumn_turn(st: StroganovState, ci: int, year: int = 1) -> None:
    """Cossack ``ci`` takes the last turn of autumn of ``year`` at phase 2, so ``end`` starts winter."""
    st.year = year
    st.season = "AUTUMN"
    st.stage = "turn"
    st.order = [*(i for i in range(st.n) if i != ci), ci]
    st.active = st.n - 1
    st.turns_taken = st.order[:-1]
    st.queue = []
    st.turn = Turn(phase=2)


def simple_step(st: StroganovState) -> None:
    """A minimal legal decision: move 1, coin, end; trophy stay; song pass."""
    if st.queue:
        play(st, "trophy stay")
    elif st.stage == "songs":
        play(st, "pass")
    else:
        assert st.turn is not None
        play(st, {0: "move 1", 1: "coin"}.get(st.turn.phase, "end"))


def leaf_strings(obj: Any) -> list[str]:
    out: list[str] = []
    if isinstance(obj, str):
        out.append(obj)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            out += leaf_strings(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            out += leaf_strings(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out += leaf_strings(k) + leaf_strings(v)
    return out


def leaf_ints(obj: Any) -> list[int]:
    out: list[int] = []
    if isinstance(obj, int) and not isinstance(obj, bool):
        out.append(obj)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            out += leaf_ints(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            out += leaf_ints(x)
    return out


# ---------------------------------------------------------------- ST-0


def test_st_0_2_illegal_action_rejected_and_state_unchanged():
    st, _ci, _c = fresh(horses=1)
    rejected(st, "move 4", IllegalAction, "ST-7.3")  # needs 4 horses
    rejected(st, "coin", WrongPhase, "ST-7.1")  # nothing allows a silver action before movement
    rejected(st, "song SG01", WrongPhase)
    rejected(st, "trophy stay", WrongPhase)


# ---------------------------------------------------------------- ST-3


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_st_3_dump_load_roundtrip_is_lossless_json(players):
    st = started(players, 7)
    for _ in range(6):
        simple_step(st)
    d = GAME.dump(st)
    text = json.dumps(d)
    st2 = GAME.load(json.loads(text))
    assert GAME.dump(st2) == d
    assert st2 == st
    # play continues identically
    for _ in range(10):
        simple_step(st)
        simple_step(st2)
    assert GAME.dump(st2) == GAME.dump(st)


def test_st_3_state_holds_every_listed_part():
    """ST-3.1–3.5: global, board, stocks, per cossack and turn state are all in the stored form."""
    st = started(1, 3)
    d = GAME.dump(st)
    for key in ("year", "season", "order", "active", "counter", "rng", "log", "players", "solo", "difficulty"):
        assert key in d, key  # ST-3.1
    assert "strategy" in d
    for key in ("row", "items", "trade_fur", "region_furs", "villages", "wish_slots", "yurt_slots", "outposts"):
        assert key in d, key  # ST-3.2
    assert "market" in d and "songs" in d
    for key in ("bag", "landscapes", "wishes_a", "wishes_b", "yurts_a", "yurts_b", "song_stack", "automa", "flipped"):
        assert key in d, key  # ST-3.3
    assert "tiger_supply" in d and "banner_supply" in d and "out" in d
    for key in (
        "board", "side", "position", "stamp", "coins", "horses", "furs", "tigers", "banners", "stories", "trophy",
        "supply", "reserve", "held", "fulfilled", "tiles", "songs", "events",
    ):  # fmt: skip
        assert key in d["cossacks"][0], key  # ST-3.4
    assert d["turn"] is not None and "phase" in d["turn"] and "patron_used" in d["turn"]  # ST-3.5
    assert "queue" in d


def test_st_3_load_rejects_bad_format():
    d = GAME.dump(started(2, 1))
    d["format"] = 99
    with pytest.raises(BadNotation):
        GAME.load(d)
    d = GAME.dump(started(2, 1))
    del d["cossacks"]
    with pytest.raises(BadNotation):
        GAME.load(d)


# ---------------------------------------------------------------- ST-4


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_st_4_4_view_equal_for_every_seat(players):
    st = started(players, 11)
    for _ in range(5):
        simple_step(st)
    base = GAME.view(st, None)
    for seat in range(players):
        assert GAME.view(st, seat) == base
        assert dataclasses.replace(GAME.view(st, seat), viewer=None) == base


@pytest.mark.parametrize("players", [1, 3])
def test_view_names_its_viewer_and_who_is_to_act(players):
    """Like every game's view: ``viewer`` is the seat asked for (``None`` public), ``to_act`` the
    seats ``GAME.to_act`` names, also once the game is finished."""
    st = started(players, 11)
    for _ in range(3):
        simple_step(st)
        assert GAME.view(st, None).viewer is None
        for seat in range(players):
            v = GAME.view(st, seat)
            assert v.viewer == seat and v.to_act == GAME.to_act(st)
    GAME.apply(st, 0, GAME.parse_action("resign"))
    if players == 1:
        assert GAME.view(st, 0).to_act == () and GAME.view(st, 0).viewer == 0


@pytest.mark.parametrize("players", [1, 3])
def test_st_4_2_view_holds_no_secret(players):
    """ST-4.2, ST-20.11: no generator state, stack order, undealt start wishes or removed automa cards."""
    st = started(players, 5)
    v = GAME.view(st, None)
    strings = set(leaf_strings(v))
    words = {w for s in strings for w in s.replace(",", " ").replace("=", " ").split()}
    secret = [*st.landscapes, *st.wishes_a, *st.wishes_b, *st.yurts_a, *st.yurts_b, *st.song_stack, *st.automa]
    secret += [w for w in st.out if w in START_WISHES]
    if players == 1:
        assert st.strategy == ""
        removed = [a for a in st.out if a.startswith("AU")]
        assert len(removed) == 5
        secret += removed
    assert secret
    for s in secret:
        assert s not in strings and s not in words, s
    assert st.rng.state not in leaf_ints(v)
    field_names = {f.name for f in dataclasses.fields(v)}
    assert not field_names & {"rng", "landscapes", "wishes_a", "wishes_b", "yurts_a", "yurts_b", "song_stack", "out"}


@pytest.mark.parametrize("players", [1, 3])
def test_st_4_2_view_does_not_depend_on_secrets(players):
    """ST-4.2/4.3: reordering every stack, the bag and the rng leaves the view unchanged; bag shown as counts."""
    st = started(players, 5)
    st2 = GAME.load(GAME.dump(st))
    for stack in (st2.landscapes, st2.wishes_a, st2.wishes_b, st2.yurts_a, st2.yurts_b, st2.song_stack, st2.bag):
        stack.reverse()
    if players == 1:
        st2.automa[1:] = list(reversed(st2.automa[1:]))  # the top card's back is public (ST-4.4)
    st2.rng.state ^= 0xDEADBEEF
    assert GAME.view(st2, None) == GAME.view(st, None)
    v = GAME.view(st, None)
    assert dict(v.bag) == dict(Counter(st.bag)) | {k: 0 for k in FUR_COUNTS if k not in st.bag}
    sizes = dict(v.stacks)
    assert sizes["landscapes"] == len(st.landscapes) == 14


# ---------------------------------------------------------------- ST-5 setup


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_st_5_1_seats_and_boards(players, seed):
    st = GAME.new(players, None, seed)
    n = players + (players == 1)
    assert sorted(c.order for c in st.cossacks) == list(range(1, n + 1))
    # players choose boards in seat order
    humans = sorted((c.order, c.seat) for c in st.cossacks if c.seat is not None)
    for k, (_, seat) in enumerate(humans):
        assert GAME.to_act(st) == (seat,)
        GAME.apply(st, seat, GAME.parse_action(f"board {k + 1}B"))
    assert st.stage == "turn"
    for c in st.cossacks:
        assert c.side == ("A" if c.ivan else "B")
    assert len({c.board for c in st.cossacks}) == n


def test_st_5_1_board_taken_is_illegal():
    st = GAME.new(3, None, 0)
    seat = GAME.to_act(st)[0]
    GAME.apply(st, seat, GAME.parse_action("board 2A"))
    before = GAME.dump(st)
    nxt = GAME.to_act(st)[0]
    with pytest.raises(IllegalAction) as ei:
        GAME.apply(st, nxt, GAME.parse_action("board 2B"))
    assert ei.value.params["rule"] == "ST-5.1"
    assert GAME.dump(st) == before
    with pytest.raises(WrongPhase):
        GAME.apply(st, nxt, GAME.parse_action("coin"))
    assert GAME.dump(st) == before


def test_st_5_1_ivan_gets_side_a():
    for seed in range(4):
        st = started(1, seed, sides="B")
        ivan = st.cossacks[st.ivan]
        assert ivan.side == "A" and ivan.board in (1, 2, 3, 4)
        assert st.cossacks[0].side == "B"
        assert ivan.board != st.cossacks[0].board


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_st_5_2_to_5_8_board_setup(players, seed):
    st = GAME.new(players, None, seed)
    # ST-5.2
    assert set(st.row[:5]) == S_TILES
    assert not set(st.row[5:]) & S_TILES and None not in st.row
    assert len(st.landscapes) == 14 and not set(st.landscapes) & S_TILES
    assert len(set(st.row) | set(st.landscapes)) == 26
    # ST-5.3
    assert st.region_furs == sorted(st.region_furs)
    assert sorted([st.trade_fur, *st.region_furs]) == [3, 4, 5, 6, 7, 8]
    # ST-5.4 / ST-5.5
    for p in range(1, 13):
        line = st.items[p - 1]
        furs = [v for v in line if v != TIGER]
        assert furs == sorted(furs)
        assert len(furs) == SLOTS[st.row[p - 1]]
        assert line.count(TIGER) == (1 if p == 12 else 0)
    assert st.items[11][-1] == TIGER
    assert st.tiger_supply == TIGERS - 1
    # ST-5.6
    assert len(st.market) == 6 and st.market == sorted(st.market)
    assert fur_total(st) == Counter(FUR_COUNTS)
    # ST-5.7
    assert sorted(st.villages) == ["V1", "V2", "V3", "V4", "V5"]
    assert all(y is not None and y.startswith("YA") for y in st.yurt_slots)
    assert all(w is not None and w.startswith("TW-A") for w in st.wish_slots)
    assert len(st.yurts_a) == 3 and len(st.yurts_b) == 8 and all(y.startswith("YB") for y in st.yurts_b)
    assert len(st.wishes_a) == 11 and len(st.wishes_b) == 16 and all(w.startswith("TW-B") for w in st.wishes_b)
    assert len(set(st.yurt_slots) | set(st.yurts_a)) == 8
    assert len(set(st.wish_slots) | set(st.wishes_a)) == 16
    # ST-5.8
    assert len(st.songs) == 4 and len(st.song_stack) == 16
    assert st.songs == sorted(st.songs, key=lambda s: (SONG_COST[s], s))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_st_5_9_start_wishes(players):
    st = GAME.new(players, None, 4)
    dealt = []
    for c in st.cossacks:
        if c.ivan:
            assert c.held == [] and c.fulfilled == []
        else:
            assert len(c.held) == 1 and c.held[0] in START_WISHES
            dealt += c.held
    undealt = [w for w in st.out if w in START_WISHES]
    assert sorted(dealt + undealt) == sorted(START_WISHES)
    assert len(undealt) == 5 - players


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_st_5_10_dummies_and_banners(players):
    st = GAME.new(players, None, 0)
    n = players + (players == 1)
    for r in range(1, 6):
        slots = st.outposts[r - 1]
        assert len(slots) == 3
        assert slots[0] == (DUMMY if r in DUMMIES[n] else None)
        assert slots[1:] == [None, None]
    assert st.banner_supply == BANNERS[n]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 5])
def test_st_5_11_cossack_start(players, seed):
    st = GAME.new(players, None, seed)
    n = players + (players == 1)
    assert st.counter == n
    for c in st.cossacks:
        assert (c.position, c.stamp, c.coins, c.supply, c.reserve) == (0, c.order, 1, 1, 4)
        assert (c.stories, c.trophy, c.score, c.furs, c.tigers, c.banners) == (0, 0, 0, [], 0, 0)
        assert c.horses == (0 if c.ivan else START_HORSES[c.order - 1])


def test_st_5_12_solo_deck_prepared():
    st = GAME.new(1, None, 0)
    assert len(st.automa) == 13 and len(set(st.automa)) == 13
    assert len([a for a in st.out if a.startswith("AU")]) == 5
    st = GAME.new(2, None, 0)
    assert st.automa == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_st_5_13_year_1_spring(players):
    st = started(players, 2)
    assert st.year == 1 and st.season == "SPRING" and st.stage == "turn"


# ---------------------------------------------------------------- ST-6 flow and order


def test_st_6_1_years_and_seasons_until_the_end():
    st = started(3, 1)
    seen: list[tuple[int, str]] = []
    steps = 0
    while st.stage != "finished":
        key = (st.year, st.season)
        if not seen or seen[-1] != key:
            seen.append(key)
        simple_step(st)
        steps += 1
        assert steps < 2000
    expected = [(y, s) for y in range(1, 5) for s in ("SPRING", "SUMMER", "AUTUMN", "WINTER")]
    assert [k for k in seen if k[1] != "WINTER"] == [k for k in expected if k[1] != "WINTER"]
    assert st.season == "FINISHED" and st.year == 4
    assert GAME.outcome(st) is not None


def test_st_6_2_order_by_depth_fixed_during_season():
    """ST-6.2 with ST-1's "deeper": higher position first, then the earlier arrival."""
    st = started(3, 0)
    first = actor(st)
    # spring: each moves a different distance; the third one onto the same position as the first
    moves = {}
    for k in (1, 3, 1):
        ci = actor(st)
        st.cossacks[ci].horses = 10
        play(st, f"move {k}")
        play(st, "coin")
        play(st, "end")
        moves[ci] = k
    assert st.season == "SUMMER"
    deep = max(moves, key=lambda i: moves[i])
    tied = [i for i in moves if moves[i] == 1]
    # deeper: higher position; equal position: lower stamp (arrived first)
    assert st.order == [deep, *tied]
    assert tied[0] == first
    # movement during the season does not change the order
    order = list(st.order)
    play(st, "move 1")
    play(st, "coin")
    play(st, "end")
    ci = actor(st)
    st.cossacks[ci].horses = 10
    play(st, "move 5")  # now the deepest
    assert st.order == order
    play(st, "coin")
    play(st, "end")
    assert actor(st) == order[2]


def test_st_6_4_stamps_on_every_finished_move():
    st, _ci, c = fresh(furs=[5, 5], coins=0)
    counter = st.counter
    play(st, "move 2")  # movement
    assert c.stamp == counter + 1 == st.counter
    play(st, "step e1")  # silver Move
    assert c.stamp == counter + 2 == st.counter
    play(st, "trade 5 e1 w2")  # two move effects, two finished moves
    assert c.stamp == counter + 4 == st.counter
    play(st, "coin fee 5")  # no move: stamp kept
    assert c.stamp == counter + 4 == st.counter
    stamps = [x.stamp for x in st.cossacks]
    assert len(set(stamps)) == len(stamps)


def test_st_6_5_cossacks_share_positions():
    st = started(3, 0)
    for _ in range(3):
        play(st, "move 2")
        play(st, "coin")
        play(st, "end")
    assert {c.position for c in st.cossacks} == {2}
    assert st.season == "SUMMER"


# ---------------------------------------------------------------- ST-7 the action turn


def test_st_7_1_phases_in_order():
    st, _ci, _c = fresh(furs=[3, 5])
    rejected(st, "coin", WrongPhase, "ST-7.1")
    rejected(st, "village R1", WrongPhase, "ST-7.1")
    play(st, "move 1")
    rejected(st, "move 1", WrongPhase, "ST-7.1")
    rejected(st, "village R1", WrongPhase, "ST-7.4")
    rejected(st, "coin fee 3", WrongPhase, "ST-7.6")
    play(st, "coin")
    assert st.turn.phase == 2
    rejected(st, "coin fee 3", WrongPhase, "ST-7.6")
    play(st, "village R1")
    assert st.turn.phase == 3
    play(st, "horses fee 3")
    assert st.turn.phase == 4


@pytest.mark.parametrize(("k", "cost"), [(1, 0), (2, 0), (3, 2), (4, 4), (5, 6)])
def test_st_7_3_movement_cost(k, cost):
    st, _ci, c = fresh(horses=6)
    counter = st.counter
    play(st, f"move {k}")
    assert c.position == k and c.horses == 6 - cost and c.stamp == counter + 1


def test_st_7_3_movement_limits():
    st, _ci, c = fresh(horses=20)
    c.position = 9
    rejected(st, "move 4", IllegalAction, "ST-7.3")  # beyond 12
    c.position = 0
    e = rejected(st, "move 6", BadNotation)  # 1–5 only
    assert e.code
    c.horses = 3
    rejected(st, "move 4", IllegalAction, "ST-7.3")  # 4 horses needed
    c.horses = 20
    c.position = 9
    play(st, "move 3")
    assert c.position == 12


def test_st_7_3_moving_onto_empty_positions():
    st, _ci, c = fresh()
    place(st, 1, None)
    place(st, 2, None)
    play(st, "move 2")
    assert c.position == 2


def test_st_7_3_no_movement_at_12():
    """ST-7.3, ST-16.2: at position 12 the movement phase is skipped automatically and logged."""
    st, _ci, _c = fresh()
    nxt = st.order[1]
    st.cossacks[nxt].position = 12
    play(st, "move 1")
    play(st, "coin")
    play(st, "end")
    assert actor(st) == nxt
    assert st.turn.phase == 1
    assert st.log[-1] == {"type": "no_move", "cossack": nxt}
    rejected(st, "move 1", WrongPhase, "ST-7.1")


def test_st_7_4_silver_action_required_coin_and_horses_always_legal():
    st, ci, c = fresh(horses=0, coins=0, furs=[], tigers=0)
    place(st, 1, None)
    play(st, "move 1")
    rejected(st, "end", WrongPhase, "ST-7.8")
    st2 = GAME.load(GAME.dump(st))
    play(st, "coin")
    assert c.coins == 1
    play(st2, "horses")
    assert st2.cossacks[ci].horses == 4


def test_st_7_5_extra_action_3a_free():
    st, _ci, c = fresh(phase=2, furs=[2], coins=0)
    c.position = 3
    st.villages[1] = "V1"  # Fair: 2 coins
    play(st, "village R2")
    assert c.coins == 2 and c.furs == [2] and st.turn.phase == 3


def test_st_7_6_3b_requires_fee_after_3a():
    st, _ci, c = fresh(phase=3, furs=[2, 7], tigers=1, coins=0)
    c.position = 8  # R4, region fur 7
    rejected(st, "coin", IllegalAction, "ST-7.6")
    rejected(st, "village R4", IllegalAction, "ST-7.6")


def test_st_7_6_silver_fee_any_fur_or_tiger():
    st, _, c = fresh(phase=3, furs=[2], tigers=1, coins=1)
    bag = Counter(st.bag)
    play(st, "coin fee 2")
    assert c.furs == [] and c.coins == 2 and Counter(st.bag) - bag == Counter({2: 1})
    st, _, c = fresh(phase=3, furs=[2], tigers=1, coins=1)
    supply = st.tiger_supply
    play(st, "horses fee tiger")
    assert c.tigers == 0 and st.tiger_supply == supply + 1 and c.horses > 0 and c.coins == 1
    st, _ci, c = fresh(phase=3, furs=[2], coins=1)
    rejected(st, "coin fee sub2", IllegalAction)  # any fur needs no substitution (ST-10.5)
    rejected(st, "coin fee 4", IllegalAction)  # not owned


def test_st_7_6_gold_fee_region_fur_of_action_region():
    st, _, c = fresh(phase=3, furs=[2, 6, 7], coins=1)
    c.position = 8  # R4, region fur 7
    wish = st.wish_slots[3]
    rejected(st, "wish R4 fee 6", IllegalAction, "ST-7.6")
    play(st, "wish R4 fee 7")
    assert c.furs == [2, 6] and wish in c.held and st.wish_slots[3] is None
    # substitution (ST-10.4) and tiger
    st, _, c = fresh(phase=3, furs=[2, 6], coins=1)
    c.position = 8
    play(st, "village R4 fee sub6")
    assert c.furs == [2] and c.coins >= 0
    st, _ci, c = fresh(phase=3, furs=[2], tigers=1, coins=0)
    c.position = 8
    play(st, "village R4 fee tiger")
    assert c.tigers == 0


def test_st_7_6_gold_fee_uses_region_where_action_is_taken():
    """The fee of a gold action in an outpost region is that region's fur, not the cossack's region's."""
    st, ci, c = fresh(phase=3, furs=[3, 7], coins=0)
    c.position = 8  # R4 (7)
    st.outposts[1][0] = ci  # own outpost in R2: the fee there is R2's fur 4
    st.outposts[0][1] = ci  # and in R1: fur 3
    rejected(st, "village R2 fee 7", IllegalAction, "ST-7.6")
    play(st, "village R1 fee 3")
    assert c.furs == [7]


def test_st_7_6_fee_and_action_one_decision():
    """The action must be legal with what remains after the fee."""
    st, _, c = fresh(phase=3, furs=[5], coins=0)
    c.position = 6
    rejected(st, "trade 5 coin coin fee 5", IllegalAction)
    st, _, c = fresh(phase=3, furs=[2, 6, 6], coins=0)
    place(st, 6, "L07", [])  # 2 slots, no items: claim costs 2 region furs (R3: 6)
    c.position = 6
    rejected(st, "claim L07 6 6 fee 6", IllegalAction)
    st, _, c = fresh(phase=3, furs=[6, 6, 6], coins=0)
    place(st, 6, "L07", [])
    c.position = 6
    play(st, "claim L07 6 6 fee 6")
    assert c.furs == [] and "L07" in c.tiles
    # the hunt's coin counts too
    st, _ci, c = fresh(phase=3, furs=[5], coins=1)
    c.position = 6
    st.items[5] = [3, 4]
    play(st, "hunt 1 2 fee 5")
    assert c.coins == 0 and c.furs == [3, 4]


def test_st_7_7_same_action_in_several_phases():
    st, _ci, c = fresh(phase=1, coins=0, furs=[2])
    play(st, "coin")
    play(st, "coin")
    play(st, "coin fee 2")
    assert c.coins == 3


def test_st_7_8_end_turn_after_phase_2_skips_rest():
    st, ci, _c = fresh()
    play(st, "move 1")
    rejected(st, "end", WrongPhase, "ST-7.8")
    play(st, "coin")
    nxt = st.order[1]
    play(st, "end")
    assert actor(st) == nxt and ci in st.turns_taken


def test_st_7_8_after_3b_only_free_actions_and_end():
    st, ci, _c = fresh(phase=4, furs=[2, 3], horses=10)
    rejected(st, "coin", WrongPhase, "ST-7.8")
    rejected(st, "coin fee 2", WrongPhase, "ST-7.8")
    play(st, f"exchange 2 {max(st.market)}")
    play(st, "end")
    assert actor(st) != ci


def test_st_7_8_end_is_automatic_after_3b_when_no_free_action_remains():
    """ST-7.8, ST-16.2: with no free action possible after 3b, END_TURN is the only choice."""
    st, ci, _c = fresh(phase=3, furs=[2], horses=0, coins=0, held=[])
    play(st, "coin fee 2")
    assert actor(st) != ci and ci in st.turns_taken


def test_st_16_2_end_is_automatic_when_no_exchange_is_possible():
    """ST-16.2, ST-7.8: after 3b, furs all below every market fur, no horses, no coin, no wish: only END_TURN
    remains, so the turn ends automatically."""
    st, ci, c = fresh(phase=3, furs=[2, 2], horses=0, coins=0, held=[])
    st.market = [3, 3, 4, 5, 6, 7]
    play(st, "coin fee 2")
    # c has 1 coin now, but no substitution helps an exchange or a draw
    assert GAME.legal(st, c.seat) == [GAME.parse_action("end")] or actor(st) != ci
    assert actor(st) != ci and ci in st.turns_taken


def test_st_16_2_end_is_automatic_after_3a_when_no_fee_can_be_paid():
    """ST-16.2, ST-7.6: after 3a with no fur and no tiger, no 3b fee can be paid; with no free action
    either, END_TURN is the only choice and is taken automatically."""
    st, ci, _c = fresh(phase=2, furs=[], tigers=0, horses=0, coins=0, held=[])
    play(st, "coin")
    assert actor(st) != ci and ci in st.turns_taken
    assert logged(st, "end_turn", cossack=ci, auto=True)
    st, ci, _c = fresh(phase=2, furs=[], tigers=1, horses=0, coins=0, held=[])
    play(st, "coin")
    assert actor(st) == ci and st.turn.phase == 3  # the tiger pays a fee


def test_st_10_1_exchanging_for_the_same_value_is_refused():
    """ST-10.1: an exchange for a fur of the same value would change nothing, so it is refused."""
    st, _ci, _c = fresh(furs=[3], horses=5)
    st.market = [3, 4, 5, 6, 7, 8]
    rejected(st, "exchange 3 3", IllegalAction, "ST-10.1")


def test_st_7_2_free_actions_any_decision_point_of_own_turn():
    st, _ci, c = fresh(furs=[2, 2, 2, 2, 2], horses=30)
    st.market = [2, 2, 2, 3, 3, 3]
    play(st, "exchange 2 3")  # before movement
    play(st, "move 1")
    play(st, "exchange 2 3")  # between phases
    play(st, "coin")
    play(st, "draw")
    play(st, "coin")
    play(st, "exchange 2 3")
    play(st, "coin fee 2")
    assert st.turn.phase == 4
    play(st, "exchange 3 2")  # after 3b
    assert c.horses == 30 - 3 - 5


def test_st_7_2_no_free_action_while_t_pending():
    st, ci, c = fresh(phase=2, furs=[2, 3], horses=10)
    c.position = 1
    st.yurt_slots[0] = "YA7"  # T, 1 coin
    play(st, "yurt R1")
    assert st.queue and actor(st) == ci
    rejected(st, "exchange 2 " + str(st.market[0]), WrongPhase, "ST-11.2")
    rejected(st, "draw", WrongPhase)
    rejected(st, "end", WrongPhase)


# ---------------------------------------------------------------- ST-8 silver actions


def test_st_8_1_coin_and_8_2_horses():
    st, _ci, c = fresh(phase=1, coins=2, horses=1)
    play(st, "coin")
    assert c.coins == 3
    play(st, "horses")
    assert c.horses == 5


@pytest.mark.parametrize(
    ("start", "text", "end"), [(5, "e1", 6), (5, "e2", 7), (5, "w1", 4), (5, "w2", 3), (2, "w1", 1)]
)
def test_st_8_3_step(start, text, end):
    st, _ci, c = fresh(phase=1, horses=0)
    c.position = start
    counter = st.counter
    play(st, f"step {text}")
    assert c.position == end and c.horses == 0 and c.stamp == counter + 1


@pytest.mark.parametrize(("start", "text"), [(1, "w1"), (2, "w2"), (11, "e2"), (12, "e1"), (5, "e3"), (5, "w3")])
def test_st_8_3_step_off_row_or_too_far(start, text):
    st, _ci, c = fresh(phase=1)
    c.position = start
    rejected(st, f"step {text}", IllegalAction, "ST-8.3")


def test_st_8_4_1_hunt_needs_items():
    st, _ci, c = fresh(phase=1, coins=3, horses=3)
    c.position = 4
    st.items[3] = []
    rejected(st, "hunt 1", IllegalAction, "ST-8.4.1")
    place(st, 4, None)
    rejected(st, "hunt 1", IllegalAction, "ST-8.4.1")


def test_st_8_4_2_second_item_costs_a_coin():
    st, _, c = fresh(phase=1, coins=1, horses=0, furs=[])
    c.position = 4
    st.items[3] = [3, 4]
    play(st, "hunt 1 2")
    assert c.furs == [3, 4] and c.coins == 0 and st.items[3] == []
    st, _ci, c = fresh(phase=1, coins=0, horses=5)
    c.position = 4
    st.items[3] = [3, 4]
    rejected(st, "hunt 1 2", IllegalAction, "ST-8.4.2")
    rejected(st, "hunt 3", IllegalAction, "ST-8.4.2")


def test_st_8_4_3_skipped_items_cost_horses():
    st, _, c = fresh(phase=1, coins=0, horses=2, furs=[])
    c.position = 12
    st.items[11] = [2, 5, 6, TIGER]
    play(st, "hunt 3")
    assert c.horses == 0 and c.furs == [6] and st.items[11] == [2, 5, TIGER]
    st, _ci, c = fresh(phase=1, coins=0, horses=2, furs=[])
    c.position = 12
    st.items[11] = [5, 7, 8, TIGER]
    rejected(st, "hunt 4", IllegalAction, "ST-8.4.3")  # the tiger alone skips 3 items
    c.horses = 3
    play(st, "hunt 4")
    assert c.tigers == 1 and c.horses == 0 and st.items[11] == [5, 7, 8]


def test_st_8_4_3_skips_only_before_the_last_chosen_item():
    st, _ci, c = fresh(phase=1, coins=1, horses=1, furs=[])
    c.position = 10
    st.items[9] = [2, 3, 4, 5]
    play(st, "hunt 1 3")  # skips the 3 only; the 5 after the last chosen item is free
    assert c.horses == 0 and c.coins == 0 and c.furs == [2, 4] and st.items[9] == [3, 5]


def test_st_8_4_4_items_keep_order_and_tiger_is_gained():
    st, _ci, c = fresh(phase=1, coins=1, horses=5, furs=[])
    c.position = 12
    st.items[11] = [2, 4, 6, TIGER]
    play(st, "hunt 2 4")
    assert c.furs == [4] and c.tigers == 1 and st.items[11] == [2, 6]
    assert c.horses == 3 and c.coins == 0


def test_st_8_5_1_trade_pays_trade_fur():
    st, _, c = fresh(phase=1, furs=[2, 5], coins=0, horses=0)
    c.position = 4
    bag = Counter(st.bag)
    play(st, "trade 5 coin horses")
    assert c.furs == [2] and c.coins == 1 and c.horses == 3
    assert Counter(st.bag) - bag == Counter({5: 1})
    st, _, c = fresh(phase=1, furs=[2], tigers=1, coins=0)
    c.position = 4
    supply = st.tiger_supply
    play(st, "trade tiger coin coin")
    assert c.tigers == 0 and st.tiger_supply == supply + 1 and c.coins == 2
    st, _, c = fresh(phase=1, furs=[2], coins=1)
    c.position = 4
    play(st, "trade sub2 coin coin")
    assert c.furs == [] and c.coins == 2  # 1 - 1 + 2
    st, _ci, c = fresh(phase=1, furs=[2], coins=0)
    c.position = 4
    rejected(st, "trade 2 coin coin", IllegalAction, "ST-8.5.1")
    rejected(st, "trade sub2 coin coin", IllegalAction)


def test_st_8_5_2_exactly_two_effects_in_order_repeat_allowed():
    st, _ci, c = fresh(phase=1, furs=[5, 5, 5, 5], coins=0, horses=0, stories=0)
    c.position = 11
    rejected(st, Trade(("fur", 5), ("coin",)), IllegalAction, "ST-8.5.2")
    rejected(st, "trade 5 coin coin coin", IllegalAction, "ST-8.5.2")
    rejected(st, "trade 5 e2 w1", IllegalAction, "ST-8.5.2")  # 13 first: order matters
    play(st, "trade 5 w1 e2")
    assert c.position == 12
    play(st, "trade 5 stories stories")
    assert c.stories == 4
    play(st, "trade 5 horses horses fee 5")
    assert c.horses == 6 and c.furs == []


# ---------------------------------------------------------------- ST-9 gold actions


def test_st_9_1_access_by_position_or_outpost():
    st, ci, c = fresh(phase=2, coins=0)
    c.position = 3  # R2
    rejected(st, "village R3", IllegalAction, "ST-9.1")
    rejected(st, "village R1", IllegalAction, "ST-9.1")
    st.outposts[4][1] = ci  # own outpost in R5
    play(st, "village R5")
    c.position = 0
    st.turn.phase = 2
    rejected(st, "village R2", IllegalAction, "ST-9.1")  # position 0 is in no region


def test_st_9_2_wish():
    st, _ci, c = fresh(phase=2, furs=[7])
    c.position = 8
    wish = st.wish_slots[3]
    held = list(c.held)
    play(st, "wish R4")
    assert c.held == [*held, wish] and st.wish_slots[3] is None
    rejected(st, "wish R4 fee 7", IllegalAction, "ST-9.2")


def test_st_9_3_village_stays():
    st, _ci, c = fresh(phase=2, coins=0, furs=[4])
    c.position = 3
    st.villages[1] = "V1"  # Fair: 2 coins
    play(st, "village R2")
    play(st, "village R2 fee 4")
    assert c.coins == 4 and st.villages[1] == "V1"


def test_st_9_4_yurt_leaves_game():
    st, _ci, c = fresh(phase=2, horses=0, furs=[8])
    c.position = 10
    st.yurt_slots[4] = "YA3"  # 6 horses
    play(st, "yurt R5")
    assert c.horses == 6 and st.yurt_slots[4] is None and "YA3" in st.out
    rejected(st, "yurt R5 fee 8", IllegalAction, "ST-9.4")


def test_st_9_5_1_build_on_lowest_free_slot():
    st, ci, c = fresh(phase=2, furs=[3])
    c.position = 1  # R1, slot 1 holds a dummy (3 players)
    assert st.outposts[0][0] == DUMMY
    play(st, "build R1")
    assert st.outposts[0] == [DUMMY, ci, None] and c.supply == 0 and c.reserve == 4
    c.supply = 1
    rejected(st, "build R1 fee 3", IllegalAction, "ST-9.5.1")  # one own outpost per region


def test_st_9_5_1_build_needs_supply_and_free_slot():
    st, ci, c = fresh(phase=2)
    c.position = 3
    c.supply = 0
    rejected(st, "build R2", IllegalAction, "ST-9.5.1")
    c.supply = 1
    others = [i for i in range(st.n) if i != ci]
    st.outposts[1] = [others[0], others[1], DUMMY]
    rejected(st, "build R2", IllegalAction, "ST-9.5.1")
    st.outposts[1] = [None, others[1], None]
    play(st, "build R2")
    assert st.outposts[1] == [ci, others[1], None]


def test_st_9_5_2_recruit():
    st, _ci, c = fresh(phase=2, supply=0, reserve=4, furs=[4])
    c.position = 3
    play(st, "recruit R2")
    assert (c.supply, c.reserve) == (1, 3)
    rejected(st, "recruit R2 fee 4", IllegalAction, "ST-9.5.2")
    c.supply, c.reserve = 0, 0
    rejected(st, "recruit R2 fee 4", IllegalAction, "ST-9.5.2")


def test_st_9_6_claim_costs_and_item_return():
    """ST-9.6.1, ST-9.6.2, ST-9.6.3: n counts the tiger; the items go back (furs to the bag, tiger to the
    supply) and the position stays empty."""
    st, _ci, c = fresh(phase=2, furs=[6, 6, 6, 6, 6], coins=0, tigers=0, stories=0, horses=0)
    place(st, 5, "L11", [2, 6, TIGER])  # 5 horses; 3 items → 5 wolverines (R3)
    c.position = 5
    rejected(st, "claim L11 6 6 6 6", IllegalAction, "ST-9.6.2")
    bag, supply = Counter(st.bag), st.tiger_supply
    play(st, "claim L11 6 6 6 6 6")
    assert c.furs == [] and "L11" in c.tiles and c.horses == 5
    assert st.row[4] is None and st.items[4] == []
    assert Counter(st.bag) - bag == Counter({2: 1, 6: 6}) and st.tiger_supply == supply + 1


def test_st_9_6_claim_any_tile_of_an_accessible_region():
    """ST-9.6.1: any tile on a position of an accessible region."""
    st, _, c = fresh(phase=2, furs=[8, 8, 8], coins=0)
    place(st, 12, "L07", [2])
    c.position = 10  # R5: positions 10–12
    play(st, "claim L07 8 8 8")
    assert "L07" in c.tiles and c.coins == 2
    st, _ci, c = fresh(phase=2, furs=[8, 8, 8])
    place(st, 12, "L07", [2])
    c.position = 8
    rejected(st, "claim L07 8 8 8", IllegalAction, "ST-9.1")
    rejected(st, "claim L26 8 8 8", IllegalAction)  # not in the row


# ---------------------------------------------------------------- ST-10 free actions and paying


def test_st_10_1_exchange():
    st, _ci, c = fresh(furs=[2, 8], horses=4)
    st.market = [3, 4, 6, 6, 7, 8]
    play(st, "exchange 2 6")
    assert c.horses == 0 and c.furs == [6, 8] and st.market == [2, 3, 4, 6, 7, 8]
    play(st, "exchange 8 3")  # lower value: free
    assert c.horses == 0 and c.furs == [3, 6] and st.market == [2, 4, 6, 7, 8, 8]
    rejected(st, "exchange 3 4", IllegalAction, "ST-10.1")  # 1 horse short
    rejected(st, "exchange 5 2", IllegalAction, "ST-10.1")  # no 5
    rejected(st, "exchange 6 5", IllegalAction, "ST-10.1")  # no 5 in the market


def test_st_10_1_tiger_cannot_be_exchanged():
    st, ci, _c = fresh(furs=[], tigers=1, horses=10)
    with pytest.raises(RuleError):
        GAME.apply(st, st.cossacks[ci].seat, GAME.parse_action(f"exchange 0 {st.market[0]}"))


def test_st_10_2_bag_draw():
    st, _ci, c = fresh(furs=[], horses=5)
    n = len(st.bag)
    play(st, "draw")
    assert c.horses == 0 and len(c.furs) == 1 and len(st.bag) == n - 1
    assert fur_total(st) == Counter(FUR_COUNTS)
    rejected(st, "draw", IllegalAction, "ST-10.2")  # 0 horses
    c.horses = 5
    st.bag = []
    rejected(st, "draw", IllegalAction, "ST-10.2")


def test_st_10_3_fulfil_spends_red_and_shows_others():
    st, _ci, c = fresh(furs=[2, 3, 4], held=["TW-S2"], coins=0)  # 2 3 4, red 3
    bag = Counter(st.bag)
    play(st, "fulfil TW-S2 3 2 4")
    assert c.furs == [2, 4] and c.held == [] and c.fulfilled == ["TW-S2"]
    assert Counter(st.bag) - bag == Counter({3: 1})


def test_st_10_3_fulfil_needs_a_held_wish_and_right_furs():
    st, _ci, _c = fresh(furs=[2, 3, 4], held=["TW-S2"], coins=0)
    rejected(st, "fulfil TW-S4 2 4 4", IllegalAction, "ST-10.3")
    rejected(st, "fulfil TW-S2 2 3 4", IllegalAction)  # red first: the 3
    rejected(st, "fulfil TW-S2 3 2", IllegalAction)  # one entry per required fur


def test_st_10_3_fulfilled_wish_counts_from_now():
    st, _ci, c = fresh(furs=[2, 2, 3], held=["TW-S1"], coins=0)
    play(st, "fulfil TW-S1 2 2 3")
    assert c.fulfilled == ["TW-S1"]
    assert c.score == 0  # printed VP come in F1


def test_st_10_4_substitution_and_tiger_for_red_and_shown():
    # TW-A11: 4 4 6 6, red 4
    st, _, c = fresh(furs=[2, 4, 6], tigers=1, coins=1, held=["TW-A11"])
    bag, supply = Counter(st.bag), st.tiger_supply
    play(st, "fulfil TW-A11 sub2 4 6 tiger")
    assert c.furs == [4, 6] and c.tigers == 1 and c.coins == 0
    assert Counter(st.bag) - bag == Counter({2: 1}) and st.tiger_supply == supply
    # tiger for a red requirement is spent; substitution for a shown one spends only the coin
    st, _ci, c = fresh(furs=[2, 6, 6], tigers=1, coins=1, held=["TW-A11"])
    supply = st.tiger_supply
    play(st, "fulfil TW-A11 tiger sub2 6 6")
    assert c.tigers == 0 and st.tiger_supply == supply + 1 and c.furs == [2, 6, 6] and c.coins == 0


def test_st_10_4_each_token_meets_one_requirement():
    st, _ci, c = fresh(furs=[2, 4, 6], tigers=1, coins=1, held=["TW-A11"])
    rejected(st, "fulfil TW-A11 sub2 4 tiger tiger", IllegalAction, "ST-10.4")
    rejected(st, "fulfil TW-A11 4 4 6 tiger", IllegalAction, "ST-10.4")
    c.coins = 0
    rejected(st, "fulfil TW-A11 sub2 4 6 tiger", IllegalAction, "ST-10.4")  # no coin for the substitution
    c.coins, c.furs = 2, [2, 6]
    rejected(st, "fulfil TW-A11 sub2 sub2 6 tiger", IllegalAction, "ST-10.4")  # one 2 only
    rejected(st, "fulfil TW-A11 sub4 sub6 6 tiger", IllegalAction)  # sub of the required value


def test_st_10_5_any_fur_fee_without_coin():
    st, _ci, c = fresh(phase=3, furs=[8], coins=0)
    play(st, "coin fee 8")
    assert c.coins == 1 and c.furs == []


def test_st_10_6_tigers_are_wild():
    st, _ci, c = fresh(phase=2, furs=[], tigers=3, coins=0)
    place(st, 6, "L07", [])
    c.position = 6
    play(st, "claim L07 tiger tiger")  # region furs of R3 (6)
    assert c.tigers == 1 and "L07" in c.tiles


def test_st_10_7_coins_and_horses_never_negative():
    st, _ci, c = fresh(phase=1, coins=0, horses=0)
    c.position = 4
    st.items[3] = [2, 3, 4]
    rejected(st, "hunt 1 2", IllegalAction)
    rejected(st, "hunt 2", IllegalAction)
    rejected(st, "draw", IllegalAction)
    assert c.coins == 0 and c.horses == 0


def test_st_10_8_empty_bag_draws_nothing():
    """ST-10.8, ST-11.1: a fur reward from an empty bag is skipped; the rest of the reward is gained."""
    st, _ci, c = fresh(phase=2, furs=[], horses=0)
    c.position = 1
    st.villages[0] = "V2"  # Hunting lodge: fur, 1 horse
    st.bag = []
    play(st, "village R1")
    assert c.furs == [] and c.horses == 1


def test_st_10_8_refill_from_a_short_bag_leaves_slots_empty():
    st, ci, _c = fresh()
    place(st, 3, None)
    st.landscapes.insert(0, "L21")  # 4 slots
    st.bag = [2, 3]
    st.market = []
    for x in st.cossacks:
        x.stories = 0
    last_autumn_turn(st, ci)
    play(st, "end")
    assert st.row[2] == "L21" and st.items[2] == [2, 3]
    assert st.market == [] and st.year == 2


# ---------------------------------------------------------------- ST-11 rewards


def test_st_11_1_reward_that_cannot_be_given_is_skipped():
    st, _, c = fresh(phase=2, banners=0, horses=0)
    c.position = 1
    st.villages[0] = "V4"  # Stables: banner, 2 horses
    st.banner_supply = 0
    play(st, "village R1")
    assert c.banners == 0 and c.horses == 2
    st, _, c = fresh(phase=2, tigers=0)
    c.position = 1
    st.yurt_slots[0] = "YA8"  # tiger
    st.tiger_supply = 0
    play(st, "yurt R1")
    assert c.tigers == 0
    st, _ci, c = fresh(phase=2, furs=[6, 6, 6], supply=0, reserve=0, coins=0)
    place(st, 5, "L16", [6])  # outpost, 1 coin
    c.position = 5
    play(st, "claim L16 6 6 6")
    assert (c.supply, c.reserve, c.coins) == (0, 0, 1)


def test_st_11_1_reward_elements():
    st, _, c = fresh(phase=2, banners=0, horses=0)
    c.position = 1
    st.villages[0] = "V4"
    banners = st.banner_supply
    play(st, "village R1")
    assert c.banners == 1 and st.banner_supply == banners - 1 and c.horses == 2
    st, _ci, c = fresh(phase=2, supply=0, reserve=4, coins=0)
    c.position = 1
    st.yurt_slots[0] = "YB6"  # outpost, 1 coin
    play(st, "yurt R1")
    assert (c.supply, c.reserve, c.coins) == (1, 3, 1)


def test_st_11_2_reward_elements_in_order_t_waits():
    """L15 gives T, 2 stories: the stories come only after the T is resolved."""
    st, _ci, c = fresh(phase=2, furs=[2, 6, 6, 6], coins=0, horses=0, stories=0)
    place(st, 6, "L15", [3])
    c.position = 6
    play(st, "claim L15 6 6 6")
    assert st.queue and c.stories == 0 and c.trophy == 0
    assert GAME.to_act(st) == (c.seat,)
    play(st, "trophy 2")
    assert c.trophy == 1 and c.furs == [] and c.horses == 1 and c.coins == 1 and c.stories == 2
    assert not st.queue


def test_st_11_3_trophy_advance_gives_cumulative_rows():
    """ST-11.3.2, ST-11.3.3: after an advance, the rows of spaces 0 up to the new position, in order."""
    st, _ci, c = fresh(phase=2, furs=[4], coins=0, horses=0, stories=0)
    c.trophy = 2
    c.position = 1
    st.yurt_slots[0] = "YA7"  # T, 1 coin
    play(st, "yurt R1")
    play(st, "trophy 4")
    # rows 0–3 of side A: 1 horse, 1 coin, 1 story, 2 horses; then the yurt's 1 coin
    assert c.trophy == 3 and (c.horses, c.coins, c.stories) == (3, 2, 1) and c.furs == []


def test_st_11_3_trophy_stay_gives_rows_up_to_current():
    """ST-11.3.2: without an advance, the rows 0 up to the current position."""
    st, _ci, c = fresh(phase=2, furs=[6], coins=0, horses=0, stories=0)
    c.trophy = 4
    c.position = 1
    st.yurt_slots[0] = "YA7"
    play(st, "yurt R1")
    score = c.score
    play(st, "trophy stay")
    # rows 0–4: 1 horse, 1 coin, 1 story, 2 horses, 1 VP; then 1 coin
    assert c.trophy == 4 and (c.horses, c.coins, c.stories) == (3, 2, 1) and c.furs == [6]
    assert c.score == score + 1 and ("TROPHY", "trophy4", 1) in c.events


def test_st_11_3_1_advance_needs_the_next_fur():
    st, ci, c = fresh(phase=2, furs=[3, 4], coins=0)
    c.trophy = 2
    c.position = 1
    st.yurt_slots[0] = "YA7"
    play(st, "yurt R1")
    rejected(st, "trophy 3", IllegalAction, "ST-11.3.1")
    c.coins = 1
    st2 = GAME.load(GAME.dump(st))
    play(st, "trophy sub3")
    assert c.trophy == 3 and c.furs == [4]
    st2.cossacks[ci].tigers = 1
    play(st2, "trophy tiger")
    assert st2.cossacks[ci].trophy == 3 and st2.cossacks[ci].tigers == 0 and st2.cossacks[ci].furs == [3, 4]


def test_st_11_3_1_last_space_no_advance_automatic():
    """ST-11.3.1, ST-16.2: at the last space the T is resolved automatically with the rows."""
    st, _ci, c = fresh(phase=2, furs=[8, 8], coins=0, horses=0, stories=0)
    c.trophy = 7
    c.position = 1
    st.yurt_slots[0] = "YA7"
    play(st, "yurt R1")
    assert not st.queue and c.trophy == 7 and c.furs == [8, 8]
    # rows 0–7: 3 horses, 2 coins, 3 stories, 3 VP; then the yurt's coin
    assert (c.horses, c.coins, c.stories, c.score) == (3, 3, 3, 3)


def test_st_11_3_4_b4_entry_bonus_before_rows():
    st, _ci, c = fresh(phase=2, furs=[4], coins=0, horses=0, stories=0)
    c.board, c.side = 4, "B"
    c.trophy, c.supply, c.reserve = 2, 0, 4
    c.position = 1
    st.yurt_slots[0] = "YA7"  # T, 1 coin
    play(st, "yurt R1")
    play(st, "trophy 4")
    # entry bonus outpost; rows 0–3 of B4: 2 horses, 1 horse, 1 coin, 2 horses; then the yurt's 1 coin
    assert c.trophy == 3 and (c.supply, c.reserve) == (1, 3)
    assert (c.horses, c.coins, c.stories) == (5, 2, 0)


def test_st_11_3_4_b4_entry_bonus_only_on_entering():
    st, _ci, c = fresh(phase=2, furs=[5], coins=0, horses=0)
    c.board, c.side = 4, "B"
    c.trophy, c.supply, c.reserve = 3, 0, 4
    c.position = 1
    st.yurt_slots[0] = "YA7"
    play(st, "yurt R1")
    play(st, "trophy stay")
    assert (c.supply, c.reserve) == (0, 4)


def test_st_11_4_banners_give_winter_horses():
    st, ci, c = fresh()
    for x in st.cossacks:
        x.stories = 0
        x.fulfilled = []
    c.banners, c.horses = 3, 0
    last_autumn_turn(st, ci)
    play(st, "end")
    assert c.horses == 6


def test_st_11_5_outposts_one_per_region_dummies_only_occupy():
    st, ci, c = fresh(phase=2, supply=2, reserve=3, furs=[3])
    c.position = 1
    play(st, "build R1")
    rejected(st, "build R1 fee 3", IllegalAction, "ST-9.5.1")
    c.position = 0
    assert 1 in core.accessible(st, ci)  # built outposts give access (ST-9.1)


def test_st_11_6_story_cap_30():
    st, _ci, c = fresh(phase=1, furs=[5], stories=29)
    c.position = 3
    play(st, "trade 5 stories stories")
    assert c.stories == 30


def test_st_11_7_scoring_events_categories():
    st, _ci, c = fresh(phase=2, furs=[3], coins=0)
    c.position = 1
    st.villages[0] = "V3"  # Chapel: 2 VP
    st.yurt_slots[0] = "YB2"  # 3 VP, 1 coin
    play(st, "village R1")
    play(st, "yurt R1 fee 3")
    assert c.events == [("REWARD", "V3", 2), ("REWARD", "YB2", 3)]
    assert c.score == 5


# ---------------------------------------------------------------- ST-12 winter


def winter_setup(players: int = 3, seed: int = 0) -> tuple[StroganovState, list[int]]:
    """Year-1 autumn, last turn; cossacks at distinct depths; no stories, wishes, banners."""
    st = started(players, seed)
    example_furs(st)
    for i, x in enumerate(st.cossacks):
        x.stories, x.fulfilled, x.held, x.banners, x.horses = 0, [], [], 0, 0
        x.position = 3 + 2 * i
    deep = sorted(range(st.n), key=lambda i: -st.cossacks[i].position)
    last_autumn_turn(st, deep[-1])
    return st, deep


def test_st_12_1_winter_order_and_no_free_actions():
    st, deep = winter_setup()
    for x in st.cossacks:
        x.stories = 3
        x.furs = [2]
    play(st, "end")
    assert st.season == "WINTER" and st.stage == "songs"
    assert st.order == deep and actor(st) == deep[0]
    rejected(st, f"exchange 2 {st.market[0]}", WrongPhase)
    rejected(st, "draw", WrongPhase)


def test_st_12_2_income_and_w_wishes_in_fulfilment_order():
    st, deep = winter_setup()
    a = st.cossacks[deep[0]]
    a.banners = 2
    a.fulfilled = ["TW-S2", "TW-A07", "TW-S1"]  # TRACKER (none), W_STORIES2, W_HORSES
    b = st.cossacks[deep[1]]
    b.fulfilled = ["TW-A13"]  # W_SUPPLY: 2 horses, 1 coin
    b.coins = 0
    play(st, "end")
    assert a.horses == 3 + 2 + 2
    assert a.stories == 2 + 2  # W_STORIES2, then exploration +2 (deepest)
    assert b.horses == 3 + 2 and b.coins == 1


def test_st_12_3_exploration():
    st, deep = winter_setup()
    st.songs = ["SG15", "SG17", "SG18", "SG20"]  # nobody can afford a song
    play(st, "end")
    assert [st.cossacks[i].stories for i in deep] == [2, 1, 0]
    assert st.year == 2


def test_st_12_3_exploration_tie_uses_stamps():
    st, deep = winter_setup()
    x, y = st.cossacks[deep[0]], st.cossacks[deep[1]]
    y.position = x.position
    y.stamp, x.stamp = 1, 50  # y arrived first
    st.songs = ["SG15", "SG17", "SG18", "SG20"]  # nobody can afford a song
    play(st, "end")
    assert y.stories == 2 and x.stories == 1 and st.cossacks[deep[2]].stories == 0
    assert st.year == 2


def test_st_12_4_songs():
    st, deep = winter_setup()
    st.songs = ["SG03", "SG07", "SG10", "SG15"]
    st.cossacks[deep[0]].stories = 4  # +2 exploration = 6
    st.cossacks[deep[1]].stories = 1  # +1 = 2: cannot afford, passes automatically
    st.cossacks[deep[2]].stories = 3
    play(st, "end")
    assert st.stage == "songs" and actor(st) == deep[0]
    rejected(st, "song SG15", IllegalAction, "ST-12.4")
    rejected(st, "song SG01", IllegalAction, "ST-12.4")
    play(st, "song SG10")
    a = st.cossacks[deep[0]]
    assert a.stories == 0 and a.songs == ["SG10"] and ("SONG", "SG10", 7) in a.events
    assert st.songs == ["SG03", "SG07", "SG15"]
    assert actor(st) == deep[2]  # deep[1] passed automatically
    assert logged(st, "song_pass", cossack=deep[1], reason="unaffordable")
    play(st, "song SG03")
    assert st.cossacks[deep[2]].stories == 0
    assert st.year == 2 and st.season == "SPRING"
    assert len(st.songs) == 4 and st.songs == sorted(st.songs, key=lambda s: (SONG_COST[s], s))


def test_st_12_4_song_t_resolved_before_next_cossack():
    st, deep = winter_setup()
    st.songs = ["SG03", "SG07", "SG10", "SG15"]
    a = st.cossacks[deep[0]]
    a.stories, a.furs = 2, [2]
    st.cossacks[deep[1]].stories = 3
    play(st, "end")
    play(st, "song SG07")
    assert st.queue and actor(st) == deep[0]
    play(st, "trophy 2")
    assert a.trophy == 1
    assert actor(st) == deep[1] and st.stage == "songs"
    play(st, "pass")


def test_st_12_5_fourth_winter_ends_the_game():
    st, _deep = winter_setup()
    st.year = 4
    play(st, "end")
    assert st.stage == "finished" and st.season == "FINISHED" and GAME.to_act(st) == ()
    with pytest.raises(GameOver):
        GAME.apply(st, 0, GAME.parse_action("pass"))


def test_st_12_6_1_landscape_refill():
    st, _deep = winter_setup()
    place(st, 3, None)
    place(st, 9, None)
    kept = list(st.items[4])
    place(st, 6, st.row[5], [])  # a tile without items keeps none
    top = st.landscapes[:2]
    play(st, "end")
    assert st.row[2] == top[0] and st.row[8] == top[1]
    assert len(st.items[2]) == SLOTS[top[0]] and st.items[2] == sorted(st.items[2])
    assert st.items[4] == kept and st.items[5] == []
    assert len(st.landscapes) == 12
    assert fur_total(st) == Counter(FUR_COUNTS)


def test_st_12_6_2_tiger_only_if_none_left():
    st, _ = winter_setup()
    st.items[11] = [v for v in st.items[11] if v != TIGER]
    st.tiger_supply += 1
    place(st, 12, None)
    place(st, 11, None)
    st.landscapes = []
    supply = st.tiger_supply
    play(st, "end")
    assert st.items[9][-1] == TIGER and st.tiger_supply == supply - 1  # easternmost tile: position 10
    assert tiger_total(st) == TIGERS
    # a tiger still in the row: no new one
    st, _deep = winter_setup()
    supply = st.tiger_supply
    play(st, "end")
    assert st.tiger_supply == supply and sum(line.count(TIGER) for line in st.items) == 1


def test_st_12_6_3_a_to_b_after_second_winter_only():
    st, _ = winter_setup()
    st.wish_slots[1] = None
    play(st, "end")
    assert st.year == 2 and st.wish_slots[1].startswith("TW-A") and not st.b_stacks
    st, _deep = winter_setup()
    st.year = 2
    old_wishes = [w for w in st.wish_slots if w]
    old_yurts = [y for y in st.yurt_slots if y]
    rest_a = st.wishes_a + st.yurts_a
    play(st, "end")
    assert st.year == 3
    assert all(w.startswith("TW-B") for w in st.wish_slots)
    assert all(y.startswith("YB") for y in st.yurt_slots)
    assert st.wishes_a == [] and st.yurts_a == []
    assert set(old_wishes + old_yurts + rest_a) <= set(st.out)
    assert len(st.wishes_b) == 11 and len(st.yurts_b) == 3


def test_st_12_6_4_fill_empty_slots_in_region_order():
    st, _ = winter_setup()
    st.wish_slots[1] = st.wish_slots[3] = None
    st.yurt_slots[3] = None
    top_w, top_y = st.wishes_a[:2], st.yurts_a[:1]
    play(st, "end")
    assert [st.wish_slots[1], st.wish_slots[3]] == top_w and st.yurt_slots[3] == top_y[0]
    st, _deep = winter_setup()
    st.wish_slots[0] = None
    st.wishes_a = []
    play(st, "end")
    assert st.wish_slots[0] is None


def test_st_12_6_5_and_6_songs_and_market_refresh():
    st, _deep = winter_setup()
    st.songs = ["SG17", "SG20"]
    stack_top = st.song_stack[:2]
    play(st, "end")
    assert sorted(st.songs) == sorted(["SG17", "SG20", *stack_top])
    assert st.songs == sorted(st.songs, key=lambda s: (SONG_COST[s], s))
    assert len(st.market) == 6 and st.market == sorted(st.market)
    assert fur_total(st) == Counter(FUR_COUNTS)


def test_st_12_6_6_market_furs_return_to_bag_before_drawing():
    st, _deep = winter_setup()
    st.bag, st.market = [], [2, 3, 4, 5, 6, 7]
    play(st, "end")
    assert sorted(st.market) == [2, 3, 4, 5, 6, 7] and st.bag == []


def test_st_12_6_7_return_and_stamps_in_winter_order():
    """ST-12.6.7, ST-12.6.8: everyone returns to 0 with stamps in winter order, and the next year's SPRING
    begins in that order."""
    st, deep = winter_setup()
    play(st, "end")
    assert st.year == 2 and st.season == "SPRING"
    assert all(x.position == 0 for x in st.cossacks)
    stamps = [st.cossacks[i].stamp for i in deep]
    assert stamps == sorted(stamps) and len(set(stamps)) == 3
    assert st.order == deep and actor(st) == deep[0]


# ---------------------------------------------------------------- ST-13 final scoring


def final_setup() -> tuple[StroganovState, int, Any]:
    st, deep = winter_setup()
    st.year = 4
    ci = deep[0]
    c = st.cossacks[ci]
    for x in st.cossacks:
        x.events, x.coins, x.supply, x.reserve, x.furs, x.tigers, x.tiles = [], 0, 0, 5, [], 0, []
    for r in range(5):
        st.outposts[r] = [DUMMY if x == DUMMY else None for x in st.outposts[r]]
    return st, ci, c


def test_st_13_1_final_scoring_f1_to_f7_in_order():
    st, ci, c = final_setup()
    c.fulfilled = ["TW-S2", "TW-B01"]  # 3 VP; 8 VP + E_WISHES (2 fulfilled)
    c.held = ["TW-S3"]  # unfulfilled: nothing (ST-13.3)
    c.tiles = ["L01", "L02", "L03", "L04", "L05"]  # one 4-type set: 10
    c.tigers = 2  # F3: 4
    c.trophy = 3  # F4 side A: 4
    st.outposts[3][0] = ci  # R4 slot 1: 6
    st.outposts[0][1] = ci  # R1 slot 2: 2
    c.supply, c.reserve = 1, 2  # 1 VP for the one in supply
    c.furs = [2, 3, 8]  # F6: 3
    c.stories = 4  # +2 exploration → 6 → F7: 3
    c.coins, c.horses, c.banners, c.songs = 9, 9, 3, ["SG01"]
    st.songs = ["SG15", "SG17", "SG18", "SG20"]
    play(st, "end")
    assert st.stage == "finished"
    cats = [e[0] for e in c.events]
    order = ["WISH", "LANDSCAPE", "TIGER", "TROPHY", "OUTPOST", "FUR", "STORY"]
    assert [k for k in order if k in cats] == order
    assert cats == sorted(cats, key=order.index)
    by = Counter()
    for cat, _, vp in c.events:
        by[cat] += vp
    assert by == {
        "WISH": 3 + 8 + 2,
        "LANDSCAPE": 10,
        "TIGER": 4,
        "TROPHY": 4,
        "OUTPOST": 6 + 2 + 1,
        "FUR": 3,
        "STORY": 3,
    }
    assert c.score == sum(by.values()) == st.result["scores"][ci]


@pytest.mark.parametrize(
    ("counts", "vp"),
    [
        ((3, 3, 3, 0), 15),
        ((2, 2, 2, 2), 20),
        ((1, 1, 1, 1), 10),
        ((1, 1, 1, 0), 5),
        ((2, 1, 1, 0), 5),
        ((4, 4, 4, 1), 25),
        ((3, 3, 2, 1), 15),
        ((5, 5, 0, 0), 0),
        ((0, 0, 0, 0), 0),
        ((2, 2, 2, 1), 15),
        ((3, 2, 2, 2), 20),
        ((6, 3, 3, 3), 30),
    ],
)
def test_st_13_2_landscape_set_partition(counts, vp):
    types = ["Taiga", "Tundra", "Steppe", "Mountains"]
    tiles = [t for ty, k in zip(types, counts, strict=True) for t in [x for x in TYPE if TYPE[x] == ty][:k]]
    assert engine.landscape_sets(tiles) == vp


def test_st_13_2_landscape_sets_in_final_scoring():
    st, _ci, c = final_setup()
    c.tiles = ["L01", "L05", "L09", "L02", "L06", "L10", "L03", "L07", "L11"]  # types (3,3,3,0)
    play(st, "end")
    assert ("LANDSCAPE", "sets", 15) in c.events


def test_st_13_3_coins_horses_banners_reserve_held_songs_score_nothing():
    st, _ci, c = final_setup()
    c.coins, c.horses, c.banners, c.reserve, c.held, c.songs = 10, 10, 5, 5, ["TW-B05"], ["SG20"]
    c.stories = 0
    st.songs = ["SG15", "SG17", "SG18", "SG20"]
    play(st, "end")
    assert c.score == 1  # exploration 2 stories → F7 1 VP
    assert c.events == [("STORY", "stories", 1)]


def test_st_13_4_ties_more_fulfilled_then_winter_order():
    st, _ci, _c = final_setup()
    st.songs = ["SG15", "SG17", "SG18", "SG20"]
    # all end with 0 VP except stories: set stories so that everybody scores the same
    deep = sorted(range(st.n), key=lambda i: -st.cossacks[i].position)
    st.cossacks[deep[0]].stories = 0  # +2 → 1 VP
    st.cossacks[deep[1]].stories = 1  # +1 → 1 VP
    st.cossacks[deep[2]].stories = 2  # → 1 VP
    st.cossacks[deep[2]].fulfilled = ["TW-S1"]  # 3 VP: needs compensation
    st.cossacks[deep[0]].furs = [2, 2, 2]
    st.cossacks[deep[1]].furs = [2, 2, 2]
    play(st, "end")
    scores = st.result["scores"]
    assert scores[deep[0]] == scores[deep[1]] == scores[deep[2]] == 4
    assert st.result["ranking"] == [deep[2], deep[0], deep[1]]
    assert GAME.outcome(st).winners == (st.cossacks[deep[2]].seat,)


# ---------------------------------------------------------------- ST-16 who must act


def test_st_16_wrong_seat_not_your_turn_unchanged():
    st = started(3, 0)
    before = GAME.dump(st)
    with pytest.raises(NotYourTurn):
        GAME.apply(st, other_seat(st), GAME.parse_action("move 1"))
    assert GAME.dump(st) == before
    # during the board choice
    st = GAME.new(3, None, 0)
    seat = GAME.to_act(st)[0]
    wrong = next(s for s in range(3) if s != seat)
    before = GAME.dump(st)
    with pytest.raises(NotYourTurn):
        GAME.apply(st, wrong, GAME.parse_action("board 1A"))
    assert GAME.dump(st) == before


def test_st_16_pending_t_belongs_to_its_gainer():
    st, _ci, c = fresh(phase=2, furs=[2])
    c.position = 1
    st.yurt_slots[0] = "YA7"
    play(st, "yurt R1")
    assert GAME.to_act(st) == (c.seat,)
    rejected(st, "coin", WrongPhase)
    before = GAME.dump(st)
    with pytest.raises(NotYourTurn):
        GAME.apply(st, other_seat(st), GAME.parse_action("trophy stay"))
    assert GAME.dump(st) == before


def test_st_16_songs_decided_in_winter_order():
    st, deep = winter_setup()
    st.songs = ["SG01", "SG02", "SG03", "SG04"]
    for x in st.cossacks:
        x.stories = 5
    play(st, "end")
    for i in deep:
        assert GAME.to_act(st) == (st.cossacks[i].seat,)
        wrong = next(s for s in range(3) if s != st.cossacks[i].seat)
        before = GAME.dump(st)
        with pytest.raises(NotYourTurn):
            GAME.apply(st, wrong, GAME.parse_action("pass"))
        assert GAME.dump(st) == before
        play(st, "pass")
    assert st.year == 2


def test_st_16_finished_nobody_acts():
    st, _deep = winter_setup()
    st.year = 4
    play(st, "end")
    assert GAME.to_act(st) == () and GAME.legal(st, 0) == []


def test_st_16_2_t_without_payable_advance_is_automatic():
    st, _ci, c = fresh(phase=2, furs=[5], coins=0, horses=0)
    c.position = 1
    st.yurt_slots[0] = "YA7"  # needs a 2 for space 1
    play(st, "yurt R1")
    assert not st.queue and c.trophy == 0 and c.horses == 1 and c.coins == 1
    assert logged(st, "trophy", cossack=_ci, pay=None, auto=True)


def test_st_16_legal_actions_are_accepted():
    st = started(2, 9)
    for _ in range(40):
        if st.stage == "finished":
            break
        seat = GAME.to_act(st)[0]
        acts = decisions(st, seat)  # RESIGN aside (ST-R.1, docs/stroganov.md)
        assert acts and GAME.legal(st, seat) == [*acts, GAME.parse_action("resign")]
        GAME.apply(st, seat, acts[len(acts) // 2])


# ---------------------------------------------------------------- ST-17 randomness


def run_game(seed: int, steps: int = 120) -> StroganovState:
    st = started(3, seed)
    for k in range(steps):
        if st.stage == "finished":
            break
        seat = GAME.to_act(st)[0]
        acts = decisions(st, seat)
        GAME.apply(st, seat, acts[(k * 7) % len(acts)])
    return st


def test_st_17_same_seed_and_actions_identical():
    """ST-17.1: one seeded generator in the state; the same seed and actions give the same game."""
    a, b = run_game(42), run_game(42)
    assert GAME.dump(a) == GAME.dump(b) and a.log == b.log
    assert GAME.dump(GAME.new(4, None, 3)) == GAME.dump(GAME.new(4, None, 3))


def test_st_0_2_every_listed_legal_action_is_accepted():
    """ST-0.2, ST-16: whatever ``legal`` lists for the expected seat, ``apply`` accepts."""
    st = started(3, 4)
    for k in range(60):
        seat = GAME.to_act(st)[0]
        if k % 6 == 0:
            for a in GAME.legal(st, seat):
                trial = GAME.load(GAME.dump(st))
                GAME.apply(trial, seat, a)
        acts = decisions(st, seat)
        GAME.apply(st, seat, acts[(k * 5) % len(acts)])


def test_st_20_1_conservation_during_play():
    """ST-20.1/20.2 (with ST-17): furs and tigers are conserved through a run of legal actions."""
    for seed in (1, 2):
        st = run_game(seed, 150)
        assert fur_total(st) == Counter(FUR_COUNTS)
        assert tiger_total(st) == TIGERS
        assert st.banner_supply + sum(c.banners for c in st.cossacks) == st.banner_start
        stamps = [c.stamp for c in st.cossacks]
        assert len(set(stamps)) == len(stamps)


def test_st_17_different_seeds_differ():
    dumps = [GAME.dump(GAME.new(3, None, s)) for s in range(5)]
    for i in range(5):
        for j in range(i + 1, 5):
            a, b = dict(dumps[i]), dict(dumps[j])
            a.pop("rng")
            b.pop("rng")
            assert a != b


def test_st_0_1_and_0_4_actions_name_components_by_identifier():
    """ST-0.1, ST-0.4: tiles, wishes and songs are named by their identifiers, in actions and in views."""
    st, _ci, c = fresh(phase=2, furs=[6, 6, 6, 6], coins=0)
    place(st, 5, "L15", [3, 4])
    c.position = 5
    a = GAME.parse_action("claim L15 6 6 6 6")
    assert a.notation() == "claim L15 6 6 6 6"
    play(st, a.notation())
    assert "L15" in c.tiles and [t.id for t in GAME.view(st, None).cossacks[_ci].tiles] == ["L15"]
    with pytest.raises(BadNotation):
        GAME.parse_action("claim 15 6 6")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_st_0_3_n_counts_ivan_in_the_solo_game(players: int):
    """ST-0.3: N is the number of players, plus Ivan in the solo game (2–4)."""
    st = started(players, 7)
    assert st.n == max(2, players) and (st.ivan is not None) == (players == 1)
    assert st.banner_start == {2: 12, 3: 17, 4: 20}[st.n]


def test_st_6_3_winter_order_is_depth_at_the_end_of_autumn():
    """ST-6.3: the winter order is the depth order at the end of autumn, before the return."""
    st, ci, _c = fresh(phase=2)
    last_autumn_turn(st, ci)
    positions = {0: 9, 1: 9, 2: 4}
    for i, x in enumerate(st.cossacks):
        x.position = positions[i]
    st.cossacks[0].stamp, st.cossacks[1].stamp, st.cossacks[2].stamp = 40, 30, 20
    for x in st.cossacks:
        x.stories = 0
    play(st, "end")
    assert logged(st, "winter", year=1, order=[1, 0, 2])
    assert logged(st, "exploration", cossacks=[1, 0], stories=[2, 1])


def test_st_17_2_bag_draws_are_uniform_and_seeded():
    """ST-17.2: a bag draw picks uniformly among the furs in it, from the state's generator."""
    from rules.rng import Rng

    st = started(2, 1)
    counts: Counter[int] = Counter()
    for seed in range(3000):
        st.rng = Rng(seed)
        st.bag = [2, 3, 3, 3]
        counts[core.draw_fur(st)] += 1  # type: ignore[index]
    assert 600 < counts[2] < 900 and 2100 < counts[3] < 2400
    st.rng, st.bag = Rng(5), [2, 3, 4, 5, 6, 7, 8]
    first = core.draw_fur(st)
    st.rng, st.bag = Rng(5), [2, 3, 4, 5, 6, 7, 8]
    assert core.draw_fur(st) == first


def test_st_3_1_public_log_whole_and_views_carry_the_recent_part():
    """ST-3.1, ST-4.1: the log is public; ``public_log`` gives all of it, a view its last entries."""
    from rules.stroganov.view import LOG_TAIL, public_log

    st = run_game(3, 200)
    assert len(st.log) > LOG_TAIL
    assert public_log(st) == tuple(st.log)
    assert GAME.view(st, None).log == tuple(st.log[-LOG_TAIL:])
