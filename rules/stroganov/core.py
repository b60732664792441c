"""Shared rule mechanics: regions, depth, abilities, rewards and the trophy track (ST-6, ST-11).

Everything here mutates the state and never raises a rule error: callers check first.
"""

from __future__ import annotations

import bisect
import functools
import operator
from collections import Counter
from collections.abc import Sequence
from typing import Literal, TypeVar

from rules.stroganov.content import CONTENT, Reward, Track
from rules.stroganov.events import Counted, Event, Gain
from rules.stroganov.state import TIGER, Cossack, StroganovState

REGION_NUMBER = {p: int(r[1:]) for p, r in CONTENT.region_of.items()}
"""Position 1..12 -> region 1..5."""
T = TypeVar("T", int, str)


class Events(list[Event]):
    """The events of one call of the engine (``new``, ``apply``, a resignation) in order, as
    :func:`log` appends them; ``open`` is the latest of them still waiting for its ``gains``, with
    the :func:`mark` it was logged at, until :func:`close`."""

    __slots__ = ("open",)

    def __init__(self) -> None:
        super().__init__()
        self.open: tuple[Event, Mark] | None = None


def log(st: StroganovState, events: Events, event: Event) -> None:
    """A public log entry (see :mod:`rules.stroganov.events`), appended to the state's log and to
    ``events``. Every entry is logged *before* the change it describes, so what each cossack gained
    or spent until the next entry is that entry's ``gains`` (see :func:`close`). The caller may
    complete the event with what it learns while carrying the change out (a refresh)."""
    now = mark(st)
    close(st, events, now)
    st.log.append(event)
    events.append(event)
    events.open = (event, now)


def close(st: StroganovState, events: Events, now: Mark | None = None) -> None:
    """Give the latest entry its ``gains``: a list, per cossack that changed, of ``{"cossack":
    index, ...}`` with what changed since it was logged (numbers as differences; furs, tiles,
    wishes and songs as lists of what came and went). Later changes belong to no entry until the
    next one. ``now`` is :func:`mark` of ``st`` if the caller has it already."""
    if events.open is None:
        return
    entry, before = events.open
    events.open = None
    after = mark(st) if now is None else now
    outposts = None if before[1] == after[1] else (before[1], after[1])
    gains: list[Gain] = []
    for ci, (old, new) in enumerate(zip(before[0], after[0], strict=True)):
        if old == new and outposts is None:  # most entries change one cossack, or none
            continue
        g = changes(st.cossacks[ci], ci, old, new, outposts)
        if len(g) > 1:
            gains.append(g)
    if gains:
        entry["gains"] = gains


COUNTED: tuple[Counted, ...] = (
    "coins", "horses", "tigers", "banners", "stories", "trophy", "supply", "reserve", "score",
)  # fmt: skip
"""A cossack's numbers, which an entry's ``gains`` give as differences."""
LISTED = ("furs", "tiles", "held", "fulfilled", "songs")
"""A cossack's lists, which an entry's ``gains`` give as what came (``furs``) and went
(``furs_spent``); so are ``built``, the regions of his outposts."""
_Ids = Literal["tiles", "held", "fulfilled", "songs"]
_IdsSpent = Literal["tiles_spent", "held_spent", "fulfilled_spent", "songs_spent"]
_NAMED: tuple[tuple[_Ids, _IdsSpent], ...] = (
    ("tiles", "tiles_spent"), ("held", "held_spent"), ("fulfilled", "fulfilled_spent"), ("songs", "songs_spent"),
)  # fmt: skip
"""The lists of ids in ``LISTED`` (after the furs), with their keys of what came and went."""
_KEPT = tuple(k for k in COUNTED if k != "score")
_counted = operator.attrgetter(*_KEPT)


def _listed(c: Cossack) -> tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """His lists, in the order of ``LISTED``."""
    return tuple(c.furs), tuple(c.tiles), tuple(c.held), tuple(c.fulfilled), tuple(c.songs)


Holding = tuple[
    tuple[int, ...],
    tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]],
    int,
    int,
]
"""A cossack in a :data:`Mark`: his numbers but the score (``_KEPT``), his lists (``LISTED``), his
position and how many scoring events he has."""
Outposts = tuple[tuple[int | None, ...], ...]
Mark = tuple[tuple[Holding, ...], Outposts]
"""What :func:`log` keeps for an entry until :func:`close`: per cossack his :data:`Holding` (the
scoring events are only ever appended, so their count gives the score then), and after them the
outposts. Tuples, so an unchanged cossack compares equal at once (a snapshot of dicts made every
entry cost a fifth of a playout)."""


def mark(st: StroganovState) -> Mark:
    return (
        tuple([(_counted(c), _listed(c), c.position, len(c.events)) for c in st.cossacks]),
        tuple(map(tuple, st.outposts)),
    )


def changes(c: Cossack, ci: int, old: Holding, new: Holding, outposts: tuple[Outposts, Outposts] | None) -> Gain:
    """``{"cossack": 0, "coins": 1, "furs": [5], "furs_spent": [3], "position": [2, 7], ...}``: what
    cossack ``c`` (number ``ci``) gained and spent between two of his marks, in the order of
    ``COUNTED``, ``LISTED``, ``built`` and ``position``; ``outposts``: the marks' outposts, if they
    differ. Nothing but ``cossack`` when nothing changed."""
    (counted, listed, position, scored), (counted_now, listed_now, position_now, scored_now) = old, new
    out: Gain = {"cossack": ci}
    if counted != counted_now:
        for k, was, now in zip(_KEPT, counted, counted_now, strict=True):
            if was != now:
                out[k] = now - was
    if scored != scored_now:
        score = sum(e[2] for e in c.events[scored:scored_now])
        if score:
            out["score"] = score
    if listed != listed_now:  # most lists do not change (and comparing is cheap; counting is not)
        if listed[0] != listed_now[0]:
            came, went = _came_went(listed[0], listed_now[0])
            if came:
                out["furs"] = came
            if went:
                out["furs_spent"] = went
        for (key, spent), ids, ids_now in zip(_NAMED, listed[1:], listed_now[1:], strict=True):
            if ids != ids_now:
                came_ids, went_ids = _came_went(ids, ids_now)
                if came_ids:
                    out[key] = came_ids
                if went_ids:
                    out[spent] = went_ids
    if outposts is not None:
        built, built_now = built_in(outposts[0], ci), built_in(outposts[1], ci)
        if built != built_now:
            came, went = _came_went(built, built_now)
            if came:
                out["built"] = came
            if went:
                out["built_spent"] = went
    if position != position_now:
        out["position"] = [position, position_now]
    return out


def _came_went(was: Sequence[T], now: Sequence[T]) -> tuple[list[T], list[T]]:
    """What is in ``now`` and not in ``was``, and the other way round, each sorted (as multisets)."""
    came, went = Counter(now), Counter(was)
    came.subtract(was)
    went.subtract(now)
    return sorted((+came).elements()), sorted((+went).elements())


def built_in(outposts: Sequence[Sequence[int | None]], ci: int) -> list[int]:
    """Regions (1–5) holding an outpost of cossack ``ci``."""
    return [r + 1 for r, slots in enumerate(outposts) if ci in slots]


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
    return built_in(st.outposts, ci)


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
