"""Shitenno's printed content as data (SH-2), loaded from ``content.json`` and validated at import.

A group owning the physical game may substitute the printed values (SH-14) by editing the file; a
malformed file fails loudly with :class:`ContentError` naming the offending entry.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("content.json")
EFFECTS = ("DRAW", "PLUS_ONE", "EXCHANGE")


class ContentError(ValueError):
    """The content file is malformed; the message names the entry."""


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    home: str
    figures: int
    values: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Content:
    troop_types: tuple[str, ...]
    generals: dict[str, str]
    """General name -> colour, in SH-2.1 order."""
    titles: tuple[str, ...]
    """Title names, highest rank first."""
    seals: dict[str, int]
    vp_bonus: dict[str, int]
    stones: dict[int, int]
    majority_vp: int
    stack_size: int
    provinces: tuple[Province, ...]
    province: dict[str, Province]
    troop: dict[str, tuple[str, ...]]
    """Troop card id -> symbol types in order (SH-0.4)."""
    koku: dict[str, int]
    tiles: dict[str, tuple[str, str]]
    """Bonus tile id -> (troop type, effect)."""


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise ContentError(f"{where}: {what}")


def parse(data: Any, source: str = "content") -> Content:
    _need(isinstance(data, dict), source, "top level must be an object")
    where = source
    try:
        types = tuple(data["troop_types"])
        _need(len(types) == 4 and len(set(types)) == 4, f"{source}.troop_types", "need 4 distinct types")
        generals: dict[str, str] = {}
        for i, g in enumerate(data["generals"]):
            where = f"{source}.generals[{i}]"
            generals[str(g["name"])] = str(g["colour"])
        _need(len(generals) == 4, f"{source}.generals", "need 4 distinct generals")
        titles = []
        seals: dict[str, int] = {}
        bonus: dict[str, int] = {}
        for i, t in enumerate(data["titles"]):
            where = f"{source}.titles[{i}] ({t.get('name')!r})"
            _need(isinstance(t["seals"], int) and t["seals"] > 0, where, "seals must be a positive int")
            _need(isinstance(t["vp_bonus"], int) and t["vp_bonus"] >= 0, where, "vp_bonus must be an int >= 0")
            titles.append(str(t["name"]))
            seals[t["name"]] = t["seals"]
            bonus[t["name"]] = t["vp_bonus"]
        _need(
            titles == ["Daimyo", "Shomyo", "Sensei", "Hatamoto"], f"{source}.titles", "need the 4 titles in rank order"
        )
        _need(
            sorted(seals.values(), reverse=True) == [seals[t] for t in titles] and len(set(seals.values())) == 4,
            f"{source}.titles",
            "seals must be distinct and descending",
        )
        where = f"{source}.stones"
        stones = {int(k): int(v) for k, v in data["stones"].items()}
        _need(set(stones) == {2, 3, 4} and all(v > 0 for v in stones.values()), f"{source}.stones", "need 2, 3, 4")
        provinces = []
        for i, p in enumerate(data["provinces"]):
            where = f"{source}.provinces[{i}] ({p.get('id')!r})"
            _need(p["home"] in types, where, f"unknown home type {p['home']!r}")
            _need(p["figures"] in (3, 4), where, "figures must be 3 or 4")
            vals = p["values"]
            _need(
                isinstance(vals, list) and len(vals) == 4 and all(isinstance(v, int) and v > 0 for v in vals),
                where,
                "values must be 4 positive ints",
            )
            provinces.append(Province(str(p["id"]), p["home"], p["figures"], tuple(vals)))
        _need(len({p.id for p in provinces}) == len(provinces) == 8, f"{source}.provinces", "need 8 unique ids")
        troop: dict[str, tuple[str, ...]] = {}
        for i, c in enumerate(data["troop_cards"]):
            where = f"{source}.troop_cards[{i}] ({c.get('id')!r})"
            sym = tuple(c["symbols"])
            _need(str(c["id"]).startswith("T") and c["id"] not in troop, where, "id must be unique and start with T")
            _need(len(sym) in (1, 2) and all(s in types for s in sym), where, f"bad symbols {list(sym)!r}")
            troop[c["id"]] = sym
        koku: dict[str, int] = {}
        for i, c in enumerate(data["koku_cards"]):
            where = f"{source}.koku_cards[{i}] ({c.get('id')!r})"
            _need(str(c["id"]).startswith("K") and c["id"] not in koku, where, "id must be unique and start with K")
            _need(isinstance(c["value"], int) and c["value"] > 0, where, f"bad value {c['value']!r}")
            koku[c["id"]] = c["value"]
        tiles: dict[str, tuple[str, str]] = {}
        for i, t in enumerate(data["bonus_tiles"]):
            where = f"{source}.bonus_tiles[{i}] ({t.get('id')!r})"
            _need(str(t["id"]).startswith("B") and t["id"] not in tiles, where, "id must be unique and start with B")
            _need(t["troop"] in types, where, f"unknown troop type {t['troop']!r}")
            _need(t["effect"] in EFFECTS, where, f"unknown effect {t['effect']!r}")
            tiles[t["id"]] = (t["troop"], t["effect"])
        where = source
        stack = int(data["stack_size"])
        _need(len(tiles) == stack * len(provinces), f"{source}.bonus_tiles", "need stack_size tiles per province")
        _need(len(koku) % 2 == 0 and len(koku) % 3 == 0, f"{source}.koku_cards", "count must divide by 2, 3 and 4")
        _need(len(koku) % 4 == 0, f"{source}.koku_cards", "count must divide by 2, 3 and 4")
        for t in types:
            n = Counter(s for syms in troop.values() for s in syms)[t]
            _need(n > 0, f"{source}.troop_cards", f"no symbol of type {t}")
        return Content(
            troop_types=types,
            generals=generals,
            titles=tuple(titles),
            seals=seals,
            vp_bonus=bonus,
            stones=stones,
            majority_vp=int(data["majority_vp"]),
            stack_size=stack,
            provinces=tuple(provinces),
            province={p.id: p for p in provinces},
            troop=troop,
            koku=koku,
            tiles=tiles,
        )
    except KeyError as e:
        raise ContentError(f"{where}: missing key {e.args[0]!r}") from None
    except (TypeError, AttributeError, ValueError) as e:
        raise ContentError(f"{where}: malformed entry ({e})") from None


def load_content(path: Path = PATH) -> Content:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise ContentError(f"{path.name}: not JSON ({e})") from None
    return parse(data, path.name)


CONTENT = load_content()
