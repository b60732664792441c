"""Shared rule mechanics: regions, depth, abilities, rewards and the trophy track (ST-6, ST-11).

Everything here mutates the state and never raises a rule error: callers check first.
"""

from __future__ import annotations

import bisect
import functools
from collections import Counter
from typing import Any

from rules.stroganov.content import CONTENT, Reward, Track
from rules.stroganov.events import Event, Events
from rules.stroganov.state import TIGER, Cossack, StroganovState

REGION_NUMBER = {p: int(r[1:]) for p, r in CONTENT.region_of.items()}
"""Position 1..12 -> region 1..5."""


MARK = "_before"
"""Key of the resources snapshot an entry's event carries until the next entry closes it."""


def who(st: StroganovState, ci: int) -> Event:
    """The acting cossack of an event: ``{"cossack": index}``, plus ``"automa": True`` for Ivan."""
    return {"cossack": ci, "automa": True} if st.cossacks[ci].ivan else {"cossack": ci}


def log(st: StroganovState, events: Events, kind: str, ci: int | None = None, **params: Any) -> Event:
    """A public log entry: the event ``{"type": kind, "cossack": ci, ...params}`` (see
    :mod:`rules.stroganov.events`), appended to the state's log and to ``events``. Every entry is
    logged *before* the change it describes, so what each cossack gained or spent until the next
    entry is that entry's ``gains`` (see :func:`close`). Returns the event, which the caller may
    complete with what it learns while carrying the change out (a refresh)."""
    close(st, events)
    event: Event = {"type": kind, **(who(st, ci) if ci is not None else {}), **params}
    st.log.append(event)
    event[MARK] = snapshot(st)
    events.append(event)
    return event


def close(st: StroganovState, events: Events) -> None:
    """Give the latest entry its ``gains``: a list, per cossack that changed, of ``{"cossack":
    index, ...}`` with what changed since it was logged (numbers as differences; furs, tiles,
    wishes and songs as lists of what came and went). Later changes belong to no entry until the
    next one."""
    entry = next((e for e in reversed(events) if MARK in e), None)
    if entry is None:
        return
    before = entry.pop(MARK)
    gains = []
    for ci, (old, new) in enumerate(zip(before, snapshot(st), strict=True)):
        d = resource_changes(old, new)
        if d:
            gains.append({"cossack": ci, **d})
    if gains:
        entry["gains"] = gains


COUNTED = ("coins", "horses", "tigers", "banners", "stories", "trophy", "supply", "reserve", "score")
LISTED = ("furs", "tiles", "held", "fulfilled", "songs")


def snapshot(st: StroganovState) -> list[dict[str, Any]]:
    return [
        {
            **{k: getattr(c, k) for k in COUNTED},
            **{k: list(getattr(c, k)) for k in LISTED},
            "position": c.position,
            "built": built(st, i),
        }
        for i, c in enumerate(st.cossacks)
    ]


def resource_changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``{"coins": 1, "furs": [5], "furs_spent": [3], "position": [2, 7], ...}``; empty if nothing changed."""
    out: dict[str, Any] = {}
    for k in COUNTED:
        if new[k] != old[k]:
            out[k] = new[k] - old[k]
    for k in (*LISTED, "built"):
        if new[k] == old[k]:  # most lists do not change (and comparing is cheap; counting is not)
            continue
        came, went = Counter(new[k]), Counter(old[k])
        came.subtract(Counter(old[k]))
        went.subtract(Counter(new[k]))
        if +came:
            out[k] = sorted((+came).elements())
        if +went:
            out[f"{k}_spent"] = sorted((+went).elements())
    if new["position"] != old["position"]:
        out["position"] = [old["position"], new["position"]]
    return out


def region_of(position: int) -> int | None:
    return REGION_NUMBER.get(position)


def positions_of(region: int) -> tuple[int, ...]:
    return CONTENT.regions[region - 1].positions


def has_ability(st: StroganovState, c: Cossack, code: str) -> bool:
    """P, I and E abilities count from fulfilment (ST-10.3); never for Ivan (ST-15.9)."""
    if c.ivan or not c.fulfilled:
        return False
    return code in _abilities(tuple(c.fulfilled))


@functools.lru_cache(maxsize=4096)
def _abilities(fulfilled: tuple[str, ...]) -> frozenset[str]:
    return frozenset(CONTENT.wishes[w].ability for w in fulfilled)


def built(st: StroganovState, ci: int) -> list[int]:
    """Regions (1–5) holding an outpost of this cossack."""
    return [r + 1 for r, slots in enumerate(st.outposts) if ci in slots]


def accessible(st: StroganovState, ci: int) -> list[int]:
    """ST-9.1: the cossack's region and every region with his outpost, ascending."""
    regs = set(built(st, ci))
    here = region_of(st.cossacks[ci].position)
    if here is not None:
        regs.add(here)
    return sorted(regs)


def depth_order(st: StroganovState) -> list[int]:
    """Deepest first: higher position, then lower arrival stamp (ST-1 Deeper)."""
    return sorted(range(st.n), key=lambda i: (-st.cossacks[i].position, st.cossacks[i].stamp))


def arrive(st: StroganovState, ci: int) -> None:
    """ST-6.4: a finished move gets the next arrival stamp."""
    st.counter += 1
    st.cossacks[ci].stamp = st.counter


def draw_fur(st: StroganovState) -> int | None:
    """ST-17.2: uniform among the bag's furs; ``None`` from an empty bag (ST-10.8)."""
    if not st.bag:
        return None
    return st.bag.pop(st.rng.below(len(st.bag)))


def draw_line(st: StroganovState, slots: int) -> list[int]:
    furs = [f for f in (draw_fur(st) for _ in range(slots)) if f is not None]
    return sorted(furs)


def add_fur(c: Cossack, v: int) -> None:
    bisect.insort(c.furs, v)


def track(c: Cossack) -> Track:
    return CONTENT.tracks[c.track]


def free_slot(st: StroganovState, region: int) -> int | None:
    for i, o in enumerate(st.outposts[region - 1]):
        if o is None:
            return i
    return None


def score(c: Cossack, category: str, source: str, vp: int) -> None:
    if vp:
        c.events.append((category, source, vp))


# ---------------------------------------------------------------- rewards (ST-11.1, ST-11.2)


def grant(st: StroganovState, ci: int, reward: Reward, source: str, category: str = "REWARD") -> None:
    """Queue a reward's elements in printed order; :func:`run_queue` gains them."""
    for kind, n in reward.elements:
        st.queue.append([ci, kind, n, source, category])


def gain(st: StroganovState, ci: int, kind: str, n: int, source: str, category: str) -> None:
    """One reward element other than T; what cannot be given is skipped (ST-11.1)."""
    c = st.cossacks[ci]
    if kind == "vp":
        score(c, category, source, n)
    elif kind == "coins":
        c.coins += n
    elif kind == "horses":
        if not c.ivan:  # ST-15.3
            c.horses += n
    elif kind == "stories":
        c.stories = min(30, c.stories + n)  # ST-11.6
    elif kind == "banner":
        for _ in range(n):
            if st.banner_supply:
                st.banner_supply -= 1
                c.banners += 1
    elif kind == "tiger":
        for _ in range(n):
            if st.tiger_supply:
                st.tiger_supply -= 1
                c.tigers += 1
    elif kind == "fur":
        for _ in range(n):
            f = draw_fur(st)
            if f is not None:
                add_fur(c, f)
    elif kind == "outpost":
        for _ in range(n):
            if c.reserve:
                c.reserve -= 1
                c.supply += 1
    else:  # pragma: no cover - content validation rules this out
        raise ValueError(f"unknown reward element {kind!r}")


def gain_all(st: StroganovState, ci: int, reward: Reward, source: str, category: str) -> None:
    for kind, n in reward.elements:
        gain(st, ci, kind, n, source, category)


def advance_trophy(st: StroganovState, ci: int, events: Events) -> None:
    """The marker moves one space (already paid): entry bonus, then rows 0..position (ST-11.3)."""
    c = st.cossacks[ci]
    c.trophy += 1
    bonus = track(c).entry.get(c.trophy)
    if bonus is not None:
        gain_all(st, ci, bonus, f"trophy{c.trophy}", "TROPHY")
    trophy_rows(st, ci)


def trophy_rows(st: StroganovState, ci: int) -> None:
    c = st.cossacks[ci]
    t = track(c)
    for space in range(c.trophy + 1):
        gain_all(st, ci, t.rows[space], f"trophy{space}", "TROPHY")


def next_trophy_fur(c: Cossack) -> int | None:
    """The fur value the next space requires, ``None`` at the last space (ST-11.3.1)."""
    t = track(c)
    return t.furs[c.trophy + 1] if c.trophy + 1 < len(t.furs) else None


# ---------------------------------------------------------------- the row (ST-3.2, ST-12.6)


def row_has_tiger(st: StroganovState) -> bool:
    return any(line and line[-1] == TIGER for line in st.items)


def lay_tile(st: StroganovState, position: int, tile: str) -> None:
    st.row[position - 1] = tile
    st.items[position - 1] = draw_line(st, CONTENT.tiles[tile].slots)


def clear_tile(st: StroganovState, position: int) -> None:
    """Items of a claimed tile go back: furs into the bag, a tiger to the supply (ST-9.6.3)."""
    for v in st.items[position - 1]:
        if v == TIGER:
            st.tiger_supply += 1
        else:
            bisect.insort(st.bag, v)
    st.items[position - 1] = []
    st.row[position - 1] = None


def sort_songs(songs: list[str]) -> list[str]:
    return sorted(songs, key=lambda s: (CONTENT.songs[s].cost, s))
