"""What the players and the public see of a Stroganov game (ST-4).

Nobody holds private information (ST-4.4), so ``view(state, seat)`` is the same for every seat. A
view never holds the generator state, the order of any stack or of the bag, the start wishes not
dealt, or the automa cards removed at random (ST-4.2, ST-20.11).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field

from rules.stroganov import core
from rules.stroganov.content import CONTENT
from rules.stroganov.engine import decider, to_act
from rules.stroganov.events import Event
from rules.stroganov.state import StroganovState

LOG_TAIL = 30


@dataclass(frozen=True, slots=True)
class TileView:
    id: str
    type: str
    slots: int
    s: bool
    reward: str


@dataclass(frozen=True, slots=True)
class WishView:
    id: str
    required: tuple[int, ...]
    red: tuple[int, ...]
    vp: int
    ability: str
    timing: str
    """I, P, W or E (ST-14.4)."""


@dataclass(frozen=True, slots=True)
class PositionView:
    number: int
    region: int
    tile: TileView | None
    items: tuple[int, ...]
    """Fur values in line order; ``0`` is the tiger (always last)."""


@dataclass(frozen=True, slots=True)
class RegionView:
    number: int
    positions: tuple[int, ...]
    fur: int
    village: str
    village_name: str
    village_reward: str
    wish: WishView | None
    yurt: str | None
    yurt_reward: str | None
    outposts: tuple[int | None, ...]
    """Per slot: ``None`` free, ``-1`` a dummy, else a cossack index."""
    slot_vp: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SongView:
    id: str
    cost: int
    reward: str


@dataclass(frozen=True, slots=True)
class TrackView:
    id: str
    name: str
    furs: tuple[int | None, ...]
    rows: tuple[str, ...]
    ends: tuple[int, ...]
    entry: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class AutomaView:
    move: int | None
    """The back of the deck's top card (Ivan's latest Move and Hunt, ST-4.4)."""
    hunt_from: str | None
    hunt: int | None
    flipped: tuple[tuple[str, str], ...]
    """Flipped cards and their extended actions, oldest first."""
    deck: int
    difficulty: str
    strategy: str


@dataclass(frozen=True, slots=True)
class CossackView:
    index: int
    seat: int | None
    """``None`` for Ivan."""
    order: int
    board: int
    side: str
    track: TrackView
    position: int
    stamp: int
    coins: int
    horses: int
    furs: tuple[int, ...]
    tigers: int
    banners: int
    stories: int
    trophy: int
    supply: int
    reserve: int
    built: tuple[int, ...]
    held: tuple[WishView, ...]
    fulfilled: tuple[WishView, ...]
    tiles: tuple[TileView, ...]
    songs: tuple[str, ...]
    score: int
    events: tuple[tuple[str, str, int], ...]
    resigned: bool = False
    """Its player has resigned (ST-R.1): it cannot win, and takes no more turns unless played on
    (ST-R.6)."""


@dataclass(frozen=True, slots=True)
class StroganovView:
    viewer: int | None = field(compare=False)
    """The seat this view is for, ``None`` for the public. Nothing else depends on it (ST-4.4), so
    views for different seats compare equal."""
    year: int
    season: str
    stage: str
    """boards, turn, income, songs or finished."""
    solo: bool
    to_act: tuple[int, ...]
    """Seats expected to act (``GAME.to_act``); empty while nobody is (finished)."""
    actor: int | None
    """Cossack index expected to act."""
    pending: str | None
    """``board``, ``turn``, ``trophy``, ``song`` or ``None``."""
    phase: int | None
    """The active player's turn phase (0 movement … 4 after 3b)."""
    patron_used: bool
    """The active player's free PATRON substitution is used up this turn (ST-3.5)."""
    order: tuple[int, ...]
    active: int
    trade_fur: int
    positions: tuple[PositionView, ...]
    regions: tuple[RegionView, ...]
    market: tuple[int, ...]
    songs: tuple[SongView, ...]
    bag: tuple[tuple[int, int], ...]
    """(value, count) for every fur value (ST-4.3)."""
    stacks: tuple[tuple[str, int], ...]
    """Sizes only (ST-4.2)."""
    tiger_supply: int
    banner_supply: int
    automa: AutomaView | None
    cossacks: tuple[CossackView, ...]
    log: tuple[Event, ...] = field(hash=False)
    """The latest events of the public log (rules/stroganov/events.py), oldest first; read-only
    (events are dicts, so the view's hash leaves them out)."""
    result: tuple[tuple[int, int], ...] | None
    """Final ranking as (cossack index, score), winner first."""
    resigned: tuple[int, ...] = ()
    """Seats that resigned (ST-R.1), ascending."""
    resigned_play_on: bool = False
    """ST-R.6: resigned cossacks play on (decided for by the table's computer) instead of leaving."""
    reason: str | None = None
    """Once finished, how: ``final_scoring``, ``automa_wins`` or ``resign`` (ST-R.2, ST-R.5)."""
    queue: tuple[tuple[int, str, int, str, str], ...] = ()
    """Reward elements still to be gained, in order, as (cossack index, kind, amount, source,
    category) (ST-11.2): public, they are the rewards on the table; the first is the pending
    trophy decision when ``pending`` is ``trophy``."""


@functools.cache
def tile_view(tile: str) -> TileView:
    t = CONTENT.tiles[tile]
    return TileView(t.id, t.type, t.slots, t.s, t.reward.text)


@functools.cache
def wish_view(wish: str) -> WishView:
    w = CONTENT.wishes[wish]
    return WishView(w.id, w.required, w.red, w.vp, w.ability, CONTENT.abilities[w.ability])


@functools.cache
def track_view(track: str) -> TrackView:
    t = CONTENT.tracks[track]
    return TrackView(
        t.id, t.name, t.furs, tuple(r.text for r in t.rows), t.ends, tuple((k, r.text) for k, r in t.entry.items())
    )


def cossack_view(st: StroganovState, i: int) -> CossackView:
    c = st.cossacks[i]
    return CossackView(
        index=i,
        seat=c.seat,
        order=c.order,
        board=c.board,
        side=c.side,
        track=track_view(c.track),
        position=c.position,
        stamp=c.stamp,
        coins=c.coins,
        horses=c.horses,
        furs=tuple(c.furs),
        tigers=c.tigers,
        banners=c.banners,
        stories=c.stories,
        trophy=c.trophy,
        supply=c.supply,
        reserve=c.reserve,
        built=tuple(core.built(st, i)),
        held=tuple(wish_view(w) for w in c.held),
        fulfilled=tuple(wish_view(w) for w in c.fulfilled),
        tiles=tuple(tile_view(t) for t in c.tiles),
        songs=tuple(c.songs),
        score=c.score,
        events=tuple(c.events),
        resigned=c.seat is not None and c.seat in st.resigned,
    )


def pending(st: StroganovState) -> str | None:
    if st.stage == "finished":
        return None
    if st.stage == "boards":
        return "board"
    if st.queue:
        return "trophy"
    return "song" if st.stage == "songs" else "turn"


def view(st: StroganovState, seat: int | None = None) -> StroganovView:
    # ST-4.4: everyone sees the same; ``seat`` only names the viewer
    bag = Counter(st.bag)
    regions = []
    for r, reg in enumerate(CONTENT.regions):
        v = CONTENT.villages[st.villages[r]]
        y = st.yurt_slots[r]
        w = st.wish_slots[r]
        regions.append(
            RegionView(
                number=r + 1,
                positions=reg.positions,
                fur=st.region_furs[r],
                village=v.id,
                village_name=v.name,
                village_reward=v.reward.text,
                wish=wish_view(w) if w else None,
                yurt=y,
                yurt_reward=CONTENT.yurts[y].reward.text if y else None,
                outposts=tuple(st.outposts[r]),
                slot_vp=reg.slot_vp,
            )
        )
    automa = None
    if st.solo:
        top = CONTENT.automa[st.automa[0]] if st.automa else None
        automa = AutomaView(
            move=top.move if top else None,
            hunt_from=top.hunt_from if top else None,
            hunt=top.hunt if top else None,
            flipped=tuple((a, CONTENT.automa[a].extended) for a in st.flipped),
            deck=len(st.automa),
            difficulty=st.difficulty,
            strategy=st.strategy,
        )
    result = None
    reason = None
    if st.result is not None:
        result = tuple((i, st.result["scores"][i]) for i in st.result["ranking"])
        winner = st.cossacks[st.result["winner"]]
        reason = st.result.get("reason") or ("automa_wins" if winner.ivan else "final_scoring")
    return StroganovView(
        viewer=seat,
        year=st.year,
        season=st.season,
        stage=st.stage,
        solo=st.solo,
        to_act=to_act(st),
        actor=decider(st),
        pending=pending(st),
        phase=st.turn.phase if st.turn and st.stage == "turn" else None,
        patron_used=bool(st.turn and st.turn.patron_used),
        order=tuple(st.order),
        active=st.active,
        trade_fur=st.trade_fur,
        positions=tuple(
            PositionView(
                p,
                core.region_of(p) or 0,
                tile_view(st.row[p - 1]) if st.row[p - 1] else None,
                tuple(st.items[p - 1]),
            )
            for p in range(1, 13)
        ),
        regions=tuple(regions),
        market=tuple(st.market),
        songs=tuple(SongView(s, CONTENT.songs[s].cost, CONTENT.songs[s].reward.text) for s in st.songs),
        bag=tuple((v, bag[v]) for v in CONTENT.furs),
        stacks=(
            ("landscapes", len(st.landscapes)),
            ("wishes_a", len(st.wishes_a)),
            ("wishes_b", len(st.wishes_b)),
            ("yurts_a", len(st.yurts_a)),
            ("yurts_b", len(st.yurts_b)),
            ("songs", len(st.song_stack)),
        ),
        tiger_supply=st.tiger_supply,
        banner_supply=st.banner_supply,
        automa=automa,
        cossacks=tuple(cossack_view(st, i) for i in range(st.n)),
        log=tuple(st.log[-LOG_TAIL:]),
        result=result,
        resigned=tuple(st.resigned),
        resigned_play_on=st.resigned_play_on,
        reason=reason,
        queue=tuple((int(q[0]), str(q[1]), int(q[2]), str(q[3]), str(q[4])) for q in st.queue),
    )


def public_log(st: StroganovState) -> tuple[Event, ...]:
    """ST-3.1, ST-4.1: the whole public log, every event since setup (nothing in it is secret)."""
    return tuple(st.log)
