"""ST-0.5, ST-2, ST-14, ST-15.2: Stroganov's content file loads, matches the tables and rejects bad entries."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from rules.stroganov.content import (
    CONTENT,
    PATH,
    STRATEGIES,
    ContentError,
    Reward,
    Village,
    load_content,
    parse,
    parse_reward,
)

DATA = json.loads(PATH.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- counts (ST-2, ST-14)


def test_st_2_component_counts():
    assert len(CONTENT.tiles) == 26
    assert sum(t.s for t in CONTENT.tiles.values()) == 5
    assert [i for i, t in CONTENT.tiles.items() if t.s] == ["L01", "L02", "L03", "L04", "L05"]
    assert Counter(t.type for t in CONTENT.tiles.values()) == {"Taiga": 7, "Tundra": 7, "Steppe": 6, "Mountains": 6}
    assert list(CONTENT.tiles) == [f"L{i:02d}" for i in range(1, 27)]
    assert len(CONTENT.wishes) == 37
    assert Counter(w.deck for w in CONTENT.wishes.values()) == {"S": 5, "A": 16, "B": 16}
    assert len(CONTENT.yurts) == 16
    assert Counter(y.deck for y in CONTENT.yurts.values()) == {"A": 8, "B": 8}
    assert len(CONTENT.songs) == 20
    assert len(CONTENT.villages) == 5
    assert len(CONTENT.automa) == 18
    assert len(CONTENT.abilities) == 37
    assert CONTENT.tigers == 16
    assert CONTENT.setup_furs == (3, 4, 5, 6, 7, 8)
    assert CONTENT.start_horses == (3, 4, 5, 6)


def test_st_14_1_furs():
    assert {v: c for v, (_, c) in CONTENT.furs.items()} == {2: 14, 3: 12, 4: 11, 5: 11, 6: 10, 7: 9, 8: 9}
    assert sum(c for _, c in CONTENT.furs.values()) == 76
    assert CONTENT.furs[2] == ("Squirrel", 14) and CONTENT.furs[8] == ("Bear", 9)


def test_st_14_2_regions_dummies_banners():
    assert [(r.id, r.positions, r.slot_vp) for r in CONTENT.regions] == [
        ("R1", (1, 2), (3, 2, 1)),
        ("R2", (3, 4), (4, 3, 2)),
        ("R3", (5, 6), (5, 4, 3)),
        ("R4", (7, 8, 9), (6, 5, 4)),
        ("R5", (10, 11, 12), (7, 6, 5)),
    ]
    assert sorted(CONTENT.region_of) == list(range(1, 13))
    assert CONTENT.region_of[9] == "R4" and CONTENT.region_of[10] == "R5"
    assert CONTENT.dummies == {2: ("R1", "R2", "R3", "R4", "R5"), 3: ("R1", "R3", "R5"), 4: ()}
    assert CONTENT.banners == {2: 12, 3: 17, 4: 20}


def test_st_14_4_abilities_and_winter_wishes():
    assert Counter(CONTENT.abilities.values()) == {"P": 16, "I": 4, "W": 10, "E": 7}
    winter = [w.id for w in CONTENT.wishes.values() if CONTENT.abilities[w.ability] == "W"]
    assert winter == [
        "TW-S1",
        "TW-A03",
        "TW-A07",
        "TW-A10",
        "TW-A13",
        "TW-B02",
        "TW-B05",
        "TW-B06",
        "TW-B10",
        "TW-B15",
    ]
    used = Counter(w.ability for w in CONTENT.wishes.values())
    assert set(used) == set(CONTENT.abilities) and set(used.values()) == {1}


def test_st_14_5_wish_spot_checks():
    a11 = CONTENT.wishes["TW-A11"]
    assert (a11.deck, a11.required, a11.red, a11.vp, a11.ability) == ("A", (4, 4, 6, 6), (4,), 5, "ENVOY")
    b11 = CONTENT.wishes["TW-B11"]
    assert (b11.required, b11.red, b11.vp, b11.ability) == ((6, 6, 7, 7), (6, 7), 9, "GIFT_OUTPOST")
    s1 = CONTENT.wishes["TW-S1"]
    assert (s1.deck, s1.required, s1.red, s1.vp) == ("S", (2, 2, 3), (2,), 3)
    assert list(CONTENT.wishes)[:6] == ["TW-S1", "TW-S2", "TW-S3", "TW-S4", "TW-S5", "TW-A01"]
    for w in CONTENT.wishes.values():
        assert list(w.required) == sorted(w.required) and list(w.red) == sorted(w.red)
        assert not Counter(w.red) - Counter(w.required)


def test_st_14_rewards_spot_checks():
    assert CONTENT.tiles["L04"].reward == Reward((("trophy", 1), ("horses", 1)), "T, 1 horse")
    assert CONTENT.tiles["L26"].reward.elements == (("stories", 6), ("coins", 1))
    assert CONTENT.tiles["L16"].reward.elements == (("outpost", 1), ("coins", 1))
    assert CONTENT.tiles["L23"].reward.elements == (("tiger", 1), ("vp", 2))
    assert CONTENT.tiles["L03"].reward.elements == (("banner", 1), ("horses", 2))
    assert CONTENT.yurts["YB5"].reward.elements == (("fur", 1), ("fur", 1))
    assert CONTENT.yurts["YB2"].reward.elements == (("vp", 3), ("coins", 1))
    assert CONTENT.yurts["YB4"].reward.elements == (("banner", 1), ("coins", 1), ("horses", 1))
    assert CONTENT.villages["V2"] == Village("V2", "Hunting lodge", Reward((("fur", 1), ("horses", 1)), "fur, 1 horse"))
    assert (CONTENT.songs["SG20"].cost, CONTENT.songs["SG20"].reward.elements) == (12, (("vp", 16),))
    assert CONTENT.songs["SG12"].reward.elements == (("vp", 4), ("trophy", 1))


def test_st_14_9_trophy_tracks():
    assert list(CONTENT.tracks) == ["A", "B1", "B2", "B3", "B4"]
    assert [t.name for t in CONTENT.tracks.values()] == ["", "Bear hunter", "Merchant", "Storyteller", "Pathfinder"]
    b1 = CONTENT.tracks["B1"]
    assert len(b1.furs) == len(b1.rows) == len(b1.ends) == 7  # spaces 0-6
    assert b1.furs == (None, 4, 5, 6, 7, 8, 8) and b1.ends == (0, 2, 4, 7, 10, 14, 18)
    assert len(CONTENT.tracks["B2"].furs) == 9
    a = CONTENT.tracks["A"]
    assert a.furs == (None, 2, 3, 4, 5, 6, 7, 8) and a.ends[-1] == 16
    assert [r.text for r in a.rows] == [
        "1 horse",
        "1 coin",
        "1 story",
        "2 horses",
        "1 VP",
        "1 coin",
        "2 stories",
        "2 VP",
    ]
    assert CONTENT.tracks["B4"].entry == {3: Reward((("outpost", 1),), "outpost")}
    assert all(t.entry == {} for k, t in CONTENT.tracks.items() if k != "B4")


def test_st_15_2_automa_cards():
    pairs = Counter(p for c in CONTENT.automa.values() for p in c.not_for)
    expected = {a + b for i, a in enumerate(STRATEGIES) for b in STRATEGIES[i + 1 :]}
    assert expected == {"OT", "OL", "OW", "TL", "TW", "LW"}
    assert pairs == {p: 5 for p in expected}
    au03 = CONTENT.automa["AU03"]
    assert (au03.not_for, au03.move, au03.hunt_from, au03.hunt, au03.extended) == (
        ("OT", "OW"),
        3,
        "highest",
        2,
        "Yurt",
    )
    assert CONTENT.automa["AU09"].move == 5 and CONTENT.automa["AU09"].extended == "Wish"


# ---------------------------------------------------------------- reward grammar (ST-11.1)


def test_parse_reward_grammar():
    assert parse_reward("1 coins, 2 coin, 1 story, 3 horse", "x").elements == (
        ("coins", 1),
        ("coins", 2),
        ("stories", 1),
        ("horses", 3),
    )
    assert parse_reward("T, T", "x").elements == (("trophy", 1), ("trophy", 1))
    for bad in ("3 bananas", "0 VP", "VP", "", "2 vp", "banner,", "2 banners"):
        with pytest.raises(ContentError, match="songs\\['SG01'\\]"):
            parse_reward(bad, "songs['SG01']")


# ---------------------------------------------------------------- bad data is named


def broken(change: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(ContentError) as e:
        parse(data, "content.json")
    return str(e.value)


def test_the_file_parses_and_load_content_matches():
    assert parse(copy.deepcopy(DATA)) == CONTENT
    assert load_content() == CONTENT


def test_unknown_tile_type_names_the_tile():
    msg = broken(lambda d: d["tiles"][13].update(type="Swamp"))
    assert "L14" in msg and "Swamp" in msg and msg.startswith("content.json: ")


def test_bad_reward_names_the_entry():
    def change(d: dict[str, Any]) -> None:
        next(t for t in d["tiles"] if t["id"] == "L04")["reward"] = "3 bananas"

    assert "tiles['L04'].reward: unknown reward element '3 bananas'" in broken(change)
    msg = broken(lambda d: d["yurts"][9].update(reward="fur, 2 gold"))
    assert "yurts['YB2']" in msg and "2 gold" in msg
    msg = broken(lambda d: d["tracks"][2]["rows"].__setitem__(4, "1 cake"))
    assert "tracks['B2'].rows[4]" in msg


def test_wish_red_must_be_part_of_required():
    msg = broken(lambda d: d["wishes"][0].update(red=[2, 2, 2]))
    assert "TW-S1" in msg and "red" in msg
    msg = broken(lambda d: d["wishes"][15].update(red=[5]))
    assert "TW-A11" in msg


def test_wish_unknown_ability_and_fur():
    msg = broken(lambda d: d["wishes"][20].update(ability="TELEPORT"))
    assert "TW-A16" in msg and "TELEPORT" in msg
    msg = broken(lambda d: d["wishes"][21].update(required=[4, 4, 4, 4, 9]))
    assert "TW-B01" in msg and "9" in msg


def test_duplicate_ids_are_named():
    msg = broken(lambda d: d["songs"][5].update(id="SG01"))
    assert "songs['SG01']" in msg and "duplicate" in msg
    msg = broken(lambda d: d["tiles"][25].update(id="L01"))
    assert "tiles['L01']" in msg and "duplicate" in msg
    msg = broken(lambda d: d["abilities"].append({"code": "BARD", "timing": "P"}))
    assert "abilities['BARD']" in msg and "duplicate" in msg


def test_wrong_counts_are_rejected():
    assert "tiles" in broken(lambda d: d["tiles"].pop())
    assert "Taiga" in broken(lambda d: d["tiles"][0].update(type="Tundra"))
    assert "S tiles" in broken(lambda d: d["tiles"][6].update(s=True))
    assert "76" in broken(lambda d: d["furs"][0].update(count=13))
    assert "B wishes" in broken(lambda d: d["wishes"].pop())
    assert "A yurts" in broken(lambda d: d["yurts"].pop(0))
    assert "songs" in broken(lambda d: d["songs"].pop())
    assert "villages" in broken(lambda d: d["villages"].pop())
    assert "automa" in broken(lambda d: d["automa"].pop())


def test_automa_entries_are_checked():
    msg = broken(lambda d: d["automa"][0].update(not_for=["TW"]))
    assert "cards not for" in msg  # TL drops to 4, TW rises to 6
    msg = broken(lambda d: d["automa"][1].update(not_for=["WL"]))
    assert "AU02" in msg and "WL" in msg
    assert "AU03" in broken(lambda d: d["automa"][2].update(move=6))
    assert "AU04" in broken(lambda d: d["automa"][3].update(hunt=3))
    assert "AU05" in broken(lambda d: d["automa"][4].update(extended="Song"))
    assert "AU06" in broken(lambda d: d["automa"][5].update(hunt_from="middle"))


def test_regions_and_tracks_are_checked():
    msg = broken(lambda d: d["regions"][1].update(positions=[2, 3, 4]))
    assert "regions['R2']" in msg and "2" in msg
    assert "[12]" in broken(lambda d: d["regions"][4].update(positions=[10, 11]))
    assert "regions['R3']" in broken(lambda d: d["regions"][2].update(slot_vp=[5, 4]))
    msg = broken(lambda d: d["tracks"][1]["ends"].pop())
    assert "tracks['B1']" in msg and "same length" in msg
    msg = broken(lambda d: d["tracks"][3]["furs"].__setitem__(2, 9))
    assert "tracks['B3'].furs[2]" in msg
    assert "missing key 'rows'" in broken(lambda d: d["tracks"][0].pop("rows"))


# ---------------------------------------------------------------- the tables of ST-14.3, 14.6–14.8, copied

TILES = {
    "L01": ("Taiga", 2, True, "2 coins"),
    "L02": ("Tundra", 2, True, "3 stories, 1 horse"),
    "L03": ("Steppe", 2, True, "banner, 2 horses"),
    "L04": ("Mountains", 2, True, "T, 1 horse"),
    "L05": ("Taiga", 2, True, "3 VP"),
    "L06": ("Tundra", 2, False, "3 VP"),
    "L07": ("Steppe", 2, False, "2 coins"),
    "L08": ("Mountains", 2, False, "4 stories"),
    "L09": ("Taiga", 2, False, "banner, 1 coin"),
    "L10": ("Tundra", 2, False, "T, 1 coin"),
    "L11": ("Steppe", 2, False, "5 horses"),
    "L12": ("Mountains", 2, False, "fur, 1 horse"),
    "L13": ("Taiga", 3, False, "4 VP"),
    "L14": ("Tundra", 3, False, "2 coins, 2 horses"),
    "L15": ("Steppe", 3, False, "T, 2 stories"),
    "L16": ("Mountains", 3, False, "outpost, 1 coin"),
    "L17": ("Taiga", 3, False, "tiger, 1 horse"),
    "L18": ("Tundra", 3, False, "banner, 2 stories"),
    "L19": ("Steppe", 3, False, "2 VP, 2 stories"),
    "L20": ("Mountains", 3, False, "3 coins"),
    "L21": ("Taiga", 4, False, "5 VP"),
    "L22": ("Tundra", 4, False, "T, 2 VP"),
    "L23": ("Steppe", 4, False, "tiger, 2 VP"),
    "L24": ("Mountains", 4, False, "outpost, 2 VP"),
    "L25": ("Tundra", 4, False, "banner, 2 coins"),
    "L26": ("Taiga", 4, False, "6 stories, 1 coin"),
}
"""ST-14.3: type, slots, S mark, claim reward."""
VILLAGES = {
    "V1": ("Fair", "2 coins"),
    "V2": ("Hunting lodge", "fur, 1 horse"),
    "V3": ("Chapel", "2 VP"),
    "V4": ("Stables", "banner, 2 horses"),
    "V5": ("Tavern", "3 stories, 1 horse"),
}
YURTS = {
    "YA1": "5 stories",
    "YA2": "3 stories, 1 coin",
    "YA3": "6 horses",
    "YA4": "banner, 2 horses",
    "YA5": "fur, 1 story",
    "YA6": "2 coins, 1 horse",
    "YA7": "T, 1 coin",
    "YA8": "tiger",
    "YB1": "6 stories",
    "YB2": "3 VP, 1 coin",
    "YB3": "8 horses",
    "YB4": "banner, 1 coin, 1 horse",
    "YB5": "fur, fur",
    "YB6": "outpost, 1 coin",
    "YB7": "T, 2 stories",
    "YB8": "tiger, 2 VP",
}
SONGS = {
    "SG01": (2, "2 VP"),
    "SG02": (2, "1 VP, 2 horses"),
    "SG03": (3, "3 VP"),
    "SG04": (3, "2 VP, 1 coin"),
    "SG05": (4, "4 VP"),
    "SG06": (4, "3 VP, banner"),
    "SG07": (4, "2 VP, T"),
    "SG08": (5, "5 VP, 1 horse"),
    "SG09": (5, "4 VP, outpost"),
    "SG10": (6, "7 VP"),
    "SG11": (6, "5 VP, 1 coin"),
    "SG12": (6, "4 VP, T"),
    "SG13": (7, "8 VP"),
    "SG14": (7, "6 VP, tiger"),
    "SG15": (8, "10 VP"),
    "SG16": (8, "8 VP, T"),
    "SG17": (9, "11 VP"),
    "SG18": (10, "13 VP"),
    "SG19": (10, "10 VP, T"),
    "SG20": (12, "16 VP"),
}


def test_st_14_3_landscape_tiles_match_the_table() -> None:
    got = {t.id: (t.type, t.slots, t.s, t.reward.text) for t in CONTENT.tiles.values()}
    assert got == TILES


def test_st_14_6_villages_match_the_table() -> None:
    assert {v.id: (v.name, v.reward.text) for v in CONTENT.villages.values()} == VILLAGES


def test_st_14_7_yurts_match_the_table() -> None:
    assert {y.id: y.reward.text for y in CONTENT.yurts.values()} == YURTS
    assert [y.deck for y in CONTENT.yurts.values()].count("A") == 8


def test_st_14_8_songs_match_the_table() -> None:
    assert {s.id: (s.cost, s.reward.text) for s in CONTENT.songs.values()} == SONGS
