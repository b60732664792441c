"""Stroganov's content as data (ST-2, ST-14, ST-15.2), loaded from ``content.json`` and validated at import.

The printed contents could not be confirmed, so this is a house edition (ST-21); an owner of the
printed game may replace the values by editing the file (ST-0.5). A malformed file fails loudly with
:class:`ContentError` naming the offending entry.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

PATH = Path(__file__).with_name("content.json")

REWARD_KINDS = ("vp", "coins", "horses", "stories", "banner", "tiger", "fur", "outpost", "trophy")
TILE_TYPES = ("Taiga", "Tundra", "Steppe", "Mountains")
TIMINGS = ("I", "P", "W", "E")
STRATEGIES = ("O", "T", "L", "W")  # Outposts, Trophies, Landscapes, Wishes
EXTENDED = ("Outpost", "Trophy", "Yurt", "Wish", "Claim")

PAIRS = tuple(a + b for i, a in enumerate(STRATEGIES) for b in STRATEGIES[i + 1 :])
"""The 6 strategy pairs in O, T, L, W order: OT, OL, OW, TL, TW, LW."""
TILE_TYPE_COUNTS = {"Taiga": 7, "Tundra": 7, "Steppe": 6, "Mountains": 6}
S_TILES = 5
FUR_TOTAL = 76
WISH_DECKS = {"S": 5, "A": 16, "B": 16}
YURT_DECKS = {"A": 8, "B": 8}
SONGS = 20
VILLAGES = 5
AUTOMA_CARDS = 18
AUTOMA_PER_PAIR = 5
POSITIONS = tuple(range(1, 13))
COSSACK_COUNTS = (2, 3, 4)
TRACK_IDS = ("A", "B1", "B2", "B3", "B4")
HUNT_FROM = ("highest", "lowest")

_WORDS = {"T": "trophy", "banner": "banner", "tiger": "tiger", "fur": "fur", "outpost": "outpost"}
_UNITS = {
    "VP": "vp",
    "coin": "coins",
    "coins": "coins",
    "horse": "horses",
    "horses": "horses",
    "story": "stories",
    "stories": "stories",
}
_COUNTED = re.compile(r"([1-9][0-9]*) (\S+)")
_WISH_ID = re.compile(r"TW-([SAB])[0-9]+")
_YURT_ID = re.compile(r"Y([AB])[0-9]+")


class ContentError(ValueError):
    """The content file is malformed; the message names the entry."""


@dataclass(frozen=True, slots=True)
class Reward:
    elements: tuple[tuple[str, int], ...]
    """(kind, amount) in printed order, one per printed element (``"fur, fur"`` gives two)."""
    text: str
    """The original string, e.g. ``"T, 1 horse"``."""


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    type: str
    slots: int
    s: bool
    reward: Reward


@dataclass(frozen=True, slots=True)
class Wish:
    id: str
    deck: str
    """"S", "A" or "B" (from the id)."""
    required: tuple[int, ...]
    """Ascending fur values."""
    red: tuple[int, ...]
    """Ascending; the spent part of ``required`` (a sub-multiset)."""
    vp: int
    ability: str


@dataclass(frozen=True, slots=True)
class Village:
    id: str
    name: str
    reward: Reward


@dataclass(frozen=True, slots=True)
class Yurt:
    id: str
    deck: str
    reward: Reward


@dataclass(frozen=True, slots=True)
class Song:
    id: str
    cost: int
    reward: Reward


@dataclass(frozen=True, slots=True)
class Track:
    id: str
    name: str
    furs: tuple[int | None, ...]
    """``furs[0]`` is None (start); ``furs[i]`` is the value spent to enter space i."""
    rows: tuple[Reward, ...]
    ends: tuple[int, ...]
    entry: dict[int, Reward]
    """Entry bonuses by space (ST-11.3.4)."""


@dataclass(frozen=True, slots=True)
class AutomaCard:
    id: str
    not_for: tuple[str, ...]
    """Strategy pairs as 2-letter strings in O, T, L, W order."""
    move: int
    hunt_from: str
    hunt: int
    extended: str


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    positions: tuple[int, ...]
    slot_vp: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Content:
    furs: dict[int, tuple[str, int]]
    """Fur value -> (animal, count)."""
    tigers: int
    setup_furs: tuple[int, ...]
    regions: tuple[Region, ...]
    region_of: dict[int, str]
    """Position 1..12 -> region id."""
    dummies: dict[int, tuple[str, ...]]
    """Cossack count N -> regions with a dummy outpost on slot 1."""
    banners: dict[int, int]
    """Cossack count N -> banner supply."""
    tiles: dict[str, Tile]
    abilities: dict[str, str]
    """Ability code -> timing (ST-14.4)."""
    wishes: dict[str, Wish]
    villages: dict[str, Village]
    yurts: dict[str, Yurt]
    songs: dict[str, Song]
    tracks: dict[str, Track]
    automa: dict[str, AutomaCard]
    start_horses: tuple[int, ...]
    """Start horses by seat 1, 2, 3, 4."""


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise ContentError(f"{where}: {what}")


def _int(v: Any, lo: int = 0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= lo


def parse_reward(text: Any, where: str) -> Reward:
    """Parse a printed reward such as ``"T, 1 horse"`` (ST-11.1); ``where`` names the entry in errors."""
    _need(isinstance(text, str) and text.strip() != "", where, f"reward must be a non-empty string, not {text!r}")
    elements: list[tuple[str, int]] = []
    for raw in text.split(","):
        part = raw.strip()
        m = _COUNTED.fullmatch(part)
        if part in _WORDS:
            elements.append((_WORDS[part], 1))
        elif m and m.group(2) in _UNITS:
            elements.append((_UNITS[m.group(2)], int(m.group(1))))
        else:
            raise ContentError(f"{where}: unknown reward element {part!r}")
    return Reward(tuple(elements), text)


def _entry(section: str, i: int, e: Any) -> str:
    key = e.get("id") if isinstance(e, dict) else None
    return f"{section}[{key!r}]" if isinstance(key, str) and key else f"{section}[{i}]"


def _items(data: dict[str, Any], section: str) -> list[tuple[str, dict[str, Any]]]:
    """The entries of a list section with their names; checks object shape and unique string ids."""
    entries = data[section]
    _need(isinstance(entries, list), section, "must be a list")
    seen: set[str] = set()
    out = []
    for i, e in enumerate(entries):
        where = _entry(section, i, e)
        _need(isinstance(e, dict), where, "must be an object")
        _need(isinstance(e.get("id"), str) and e["id"] != "", where, "missing or non-string id")
        _need(e["id"] not in seen, where, "duplicate id")
        seen.add(e["id"])
        out.append((where, e))
    return out


def _count(n: int, expected: int, where: str, what: str) -> None:
    _need(n == expected, where, f"need {expected} {what}, found {n}")


def parse(data: Any, source: str = "content") -> Content:
    """Validate the decoded JSON and build :class:`Content`; errors are prefixed with ``source``."""
    try:
        return _parse(data)
    except ContentError as e:
        raise ContentError(f"{source}: {e}") from None


def _parse(data: Any) -> Content:
    _need(isinstance(data, dict), "top level", "must be an object")
    where = "top level"
    try:
        # ST-14.1 furs and tigers
        furs: dict[int, tuple[str, int]] = {}
        for i, f in enumerate(data["furs"]):
            where = f"furs[{i}]"
            _need(isinstance(f, dict), where, "must be an object")
            _need(_int(f["value"], 1) and f["value"] not in furs, where, f"bad or duplicate value {f['value']!r}")
            where = f"furs[{f['value']}]"
            _need(isinstance(f["animal"], str) and f["animal"] != "", where, "animal must be a non-empty string")
            _need(_int(f["count"], 1), where, f"count must be a positive int, not {f['count']!r}")
            furs[f["value"]] = (f["animal"], f["count"])
        where = "furs"
        _need(set(furs) == set(range(2, 9)), where, f"need fur values 2..8, found {sorted(furs)}")
        _count(sum(c for _, c in furs.values()), FUR_TOTAL, where, "furs in all")
        furs = dict(sorted(furs.items()))
        where = "tigers"
        _need(_int(data["tigers"], 1), where, "must be a positive int")
        where = "setup_furs"
        setup = tuple(data["setup_furs"])
        _need(len(setup) == 6 and len(set(setup)) == 6, where, "need 6 distinct values")
        _need(all(v in furs for v in setup), where, f"unknown fur value in {list(setup)}")

        # ST-14.2 regions, dummies, banners
        regions: list[Region] = []
        region_of: dict[int, str] = {}
        for where, r in _items(data, "regions"):
            pos = r["positions"]
            _need(isinstance(pos, list) and len(pos) > 0, where, "positions must be a non-empty list")
            for p in pos:
                _need(p in POSITIONS, where, f"position {p!r} outside 1..12")
                _need(p not in region_of, where, f"position {p} already in {region_of.get(p)}")
                region_of[p] = r["id"]
            vp = r["slot_vp"]
            _need(isinstance(vp, list) and len(vp) == 3, where, "need 3 outpost slots")
            _need(all(_int(v, 1) for v in vp), where, "slot VP must be positive ints")
            regions.append(Region(r["id"], tuple(pos), tuple(vp)))
        where = "regions"
        missing = sorted(set(POSITIONS) - set(region_of))
        _need(not missing, where, f"positions {missing} are in no region")
        region_of = dict(sorted(region_of.items()))
        region_ids = {r.id for r in regions}
        dummies: dict[int, tuple[str, ...]] = {}
        banners: dict[int, int] = {}
        for i, pc in enumerate(data["player_counts"]):
            where = f"player_counts[{i}]"
            _need(isinstance(pc, dict), where, "must be an object")
            n = pc["cossacks"]
            _need(n in COSSACK_COUNTS and n not in dummies, where, f"bad or duplicate cossack count {n!r}")
            where = f"player_counts[cossacks={n}]"
            dum = tuple(pc["dummies"])
            _need(all(d in region_ids for d in dum) and len(set(dum)) == len(dum), where, f"bad dummies {list(dum)}")
            _need(_int(pc["banners"], 1), where, f"banners must be a positive int, not {pc['banners']!r}")
            dummies[n] = dum
            banners[n] = pc["banners"]
        where = "player_counts"
        _need(set(dummies) == set(COSSACK_COUNTS), where, "need cossack counts 2, 3 and 4")
        dummies = dict(sorted(dummies.items()))
        banners = dict(sorted(banners.items()))
        where = "start_horses"
        horses = tuple(data["start_horses"])
        _need(len(horses) == 4 and all(_int(h) for h in horses), where, "need 4 ints >= 0 (seats 1-4)")

        # ST-14.3 landscape tiles
        tiles: dict[str, Tile] = {}
        for where, t in _items(data, "tiles"):
            _need(t["type"] in TILE_TYPES, where, f"unknown tile type {t['type']!r}")
            _need(_int(t["slots"], 1), where, f"slots must be a positive int, not {t['slots']!r}")
            _need(isinstance(t["s"], bool), where, "s must be true or false")
            tiles[t["id"]] = Tile(t["id"], t["type"], t["slots"], t["s"], parse_reward(t["reward"], f"{where}.reward"))
        where = "tiles"
        _count(len(tiles), sum(TILE_TYPE_COUNTS.values()), where, "tiles")
        types = Counter(t.type for t in tiles.values())
        for ty, n in TILE_TYPE_COUNTS.items():
            _count(types[ty], n, where, f"{ty} tiles")
        _count(sum(t.s for t in tiles.values()), S_TILES, where, "S tiles")
        tiles = dict(sorted(tiles.items()))

        # ST-14.4 abilities
        abilities: dict[str, str] = {}
        for i, a in enumerate(data["abilities"]):
            code = a.get("code") if isinstance(a, dict) else None
            where = f"abilities[{code!r}]" if isinstance(code, str) and code else f"abilities[{i}]"
            _need(isinstance(code, str) and code != "", where, "missing or non-string code")
            _need(code not in abilities, where, "duplicate code")
            _need(a["timing"] in TIMINGS, where, f"unknown timing {a['timing']!r}")
            _need(isinstance(a.get("effect", ""), str), where, "effect must be a string")
            abilities[cast(str, code)] = a["timing"]

        # ST-14.5 wishes
        wishes: dict[str, Wish] = {}
        for where, w in _items(data, "wishes"):
            m = _WISH_ID.fullmatch(w["id"])
            _need(m is not None, where, "id must look like TW-S1, TW-A01 or TW-B01")
            assert m is not None
            req, red = w["required"], w["red"]
            _need(isinstance(req, list) and len(req) > 0, where, "required must be a non-empty list")
            _need(isinstance(red, list), where, "red must be a list")
            for v in req:
                _need(v in furs, where, f"required fur {v!r} is not a fur value")
            _need(not Counter(red) - Counter(req), where, f"red {red} is not part of required {req}")
            _need(_int(w["vp"]), where, f"vp must be an int >= 0, not {w['vp']!r}")
            _need(w["ability"] in abilities, where, f"unknown ability {w['ability']!r}")
            wishes[w["id"]] = Wish(w["id"], m.group(1), tuple(sorted(req)), tuple(sorted(red)), w["vp"], w["ability"])
        where = "wishes"
        decks = Counter(w.deck for w in wishes.values())
        for deck, n in WISH_DECKS.items():
            _count(decks[deck], n, where, f"{deck} wishes")

        # ST-14.6 villages, ST-14.7 yurts, ST-14.8 songs
        villages: dict[str, Village] = {}
        for where, v in _items(data, "villages"):
            _need(isinstance(v["name"], str) and v["name"] != "", where, "name must be a non-empty string")
            villages[v["id"]] = Village(v["id"], v["name"], parse_reward(v["reward"], f"{where}.reward"))
        _count(len(villages), VILLAGES, "villages", "villages")
        yurts: dict[str, Yurt] = {}
        for where, y in _items(data, "yurts"):
            m = _YURT_ID.fullmatch(y["id"])
            _need(m is not None, where, "id must look like YA1 or YB1")
            assert m is not None
            yurts[y["id"]] = Yurt(y["id"], m.group(1), parse_reward(y["reward"], f"{where}.reward"))
        ydecks = Counter(y.deck for y in yurts.values())
        for deck, n in YURT_DECKS.items():
            _count(ydecks[deck], n, "yurts", f"{deck} yurts")
        songs: dict[str, Song] = {}
        for where, s in _items(data, "songs"):
            _need(_int(s["cost"], 1), where, f"cost must be a positive int, not {s['cost']!r}")
            songs[s["id"]] = Song(s["id"], s["cost"], parse_reward(s["reward"], f"{where}.reward"))
        _count(len(songs), SONGS, "songs", "songs")

        # ST-14.9 trophy tracks
        tracks: dict[str, Track] = {}
        for where, t in _items(data, "tracks"):
            _need(t["id"] in TRACK_IDS, where, f"track id must be one of {', '.join(TRACK_IDS)}")
            _need(isinstance(t["name"], str), where, "name must be a string")
            tf, rows, ends = t["furs"], t["rows"], t["ends"]
            _need(isinstance(tf, list) and len(tf) >= 2, where, "furs must list at least 2 spaces")
            _need(isinstance(rows, list) and isinstance(ends, list), where, "rows and ends must be lists")
            _need(len(tf) == len(rows) == len(ends), where, "furs, rows and ends must have the same length")
            _need(tf[0] is None, where, "space 0 is the start and needs no fur (null)")
            for k, v in enumerate(tf[1:], 1):
                _need(v in furs, f"{where}.furs[{k}]", f"{v!r} is not a fur value")
            _need(all(_int(e) for e in ends), f"{where}.ends", "must be ints >= 0")
            entry: dict[int, Reward] = {}
            _need(isinstance(t["entry"], dict), where, "entry must be an object")
            for k, text in t["entry"].items():
                _need(str(k).isdigit() and 1 <= int(k) < len(tf), f"{where}.entry", f"bad space {k!r}")
                entry[int(k)] = parse_reward(text, f"{where}.entry[{k}]")
            tracks[t["id"]] = Track(
                t["id"],
                t["name"],
                tuple(tf),
                tuple(parse_reward(r, f"{where}.rows[{k}]") for k, r in enumerate(rows)),
                tuple(ends),
                dict(sorted(entry.items())),
            )
        missing_tracks = [k for k in TRACK_IDS if k not in tracks]
        _need(not missing_tracks, "tracks", f"missing tracks {missing_tracks}")

        # ST-15.2 automa cards
        automa: dict[str, AutomaCard] = {}
        for where, a in _items(data, "automa"):
            nf = a["not_for"]
            _need(isinstance(nf, list) and len(nf) > 0, where, "not_for must be a non-empty list")
            for p in nf:
                _need(p in PAIRS, where, f"unknown strategy pair {p!r} (use {', '.join(PAIRS)})")
            _need(len(set(nf)) == len(nf), where, "duplicate pair in not_for")
            _need(_int(a["move"], 1) and a["move"] <= 5, where, f"move must be 1-5, not {a['move']!r}")
            _need(a["hunt_from"] in HUNT_FROM, where, f"hunt_from must be highest or lowest, not {a['hunt_from']!r}")
            _need(a["hunt"] in (1, 2) and _int(a["hunt"]), where, f"hunt must be 1 or 2, not {a['hunt']!r}")
            _need(a["extended"] in EXTENDED, where, f"unknown extended action {a['extended']!r}")
            automa[a["id"]] = AutomaCard(a["id"], tuple(nf), a["move"], a["hunt_from"], a["hunt"], a["extended"])
        _count(len(automa), AUTOMA_CARDS, "automa", "cards")
        pairs = Counter(p for c in automa.values() for p in c.not_for)
        for p in PAIRS:
            _count(pairs[p], AUTOMA_PER_PAIR, "automa", f"cards not for {p}")

        return Content(
            furs=furs,
            tigers=data["tigers"],
            setup_furs=setup,
            regions=tuple(regions),
            region_of=region_of,
            dummies=dummies,
            banners=banners,
            tiles=tiles,
            abilities=abilities,
            wishes=wishes,
            villages=villages,
            yurts=yurts,
            songs=songs,
            tracks=tracks,
            automa=automa,
            start_horses=horses,
        )
    except KeyError as e:
        raise ContentError(f"{where}: missing key {e.args[0]!r}") from None
    except (TypeError, AttributeError, ValueError) as e:
        if isinstance(e, ContentError):
            raise
        raise ContentError(f"{where}: malformed entry ({e})") from None


def load_content(path: Path = PATH) -> Content:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise ContentError(f"{path.name}: not JSON ({e})") from None
    return parse(data, path.name)


CONTENT = load_content()
