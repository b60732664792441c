"""What one seat, or the public, may see of a Shitenno game (SH-4).

:func:`view` is the only thing renderers and messages read. A view never holds another player's
hand, the deck order, the tiles below a stack's top, or the generator state (SH-4.3, SH-4.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.errors import NotYourTurn
from rules.shitenno.content import CONTENT
from rules.shitenno.engine import koku_cost, requirement, sharing_expected, to_act
from rules.shitenno.events import Event
from rules.shitenno.state import ShitennoState


@dataclass(frozen=True, slots=True)
class StoneView:
    owner: int
    """Seat of the stone's owner."""
    golden: bool
    """Golden face (weight 2, SH-8.13)."""


@dataclass(frozen=True, slots=True)
class PositionView:
    number: int
    """1–4, left to right."""
    value: int
    """Printed VP value (also the koku cost when it is the target, SH-8.4.2)."""
    stone: StoneView | None


@dataclass(frozen=True, slots=True)
class TileView:
    label: str
    """Stable tile identifier, e.g. ``B7``."""
    troop: str
    """Troop type on its face (BU, SA, SH, SO); irrelevant once kept."""
    effect: str
    """DRAW, PLUS_ONE or EXCHANGE."""


@dataclass(frozen=True, slots=True)
class ProvinceView:
    id: str
    home: str
    figures: int
    positions: tuple[PositionView, ...]
    top_tile: TileView | None
    """Only the top tile of the stack is public (SH-4.1, SH-4.3)."""
    tiles_left: int
    requirement: tuple[str, ...]
    """Troop types required for the next conquest (SH-8.4.3), empty when full."""
    koku_cost: int | None
    """Koku cost of the target position, ``None`` when full."""


@dataclass(frozen=True, slots=True)
class CardView:
    label: str
    """Stable identifier: ``T1``–``T34`` troop cards, ``K1``–``K24`` koku cards."""
    kind: str
    """``troop`` or ``koku``."""
    symbols: tuple[str, ...]
    """Troop types in symbol order (index 1, 2); empty for koku."""
    koku: int
    """Koku value; 0 for troop cards."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    general: str
    colour: str
    title: str | None
    """Title held now (``None`` only for a resigned player after the next end of sharing, SH-R.3)."""
    seals: int
    score: int
    stones: int
    """Stones in supply."""
    troop_cards: int
    koku_cards: int
    hand_size: int
    kept_tiles: tuple[TileView, ...]
    conquests: int
    """Conquests made in the current control phase."""
    flipped: bool
    joker_used: bool
    pending: bool
    """Has not yet received a lot this sharing phase."""
    tairo: bool
    hierarchy_tile: str | None
    """Hierarchy tile received this sharing phase, if any."""
    resigned: bool = False
    """Has resigned (SH-R.1): takes no more decisions and cannot win."""
    scoring: tuple[tuple[str, int], ...] = ()
    """Every VP scored so far and why (public, SH-4.1): ``("conquest KANTO.2", 6)``, ``("title
    Daimyo", 2)``, ``("majority KANTO", 5)``, ``("koku", 3)`` (SH-8.7, SH-9.3)."""


@dataclass(frozen=True, slots=True)
class LotView:
    tile: str
    """Hierarchy tile (a title name)."""
    cards: tuple[CardView, ...]
    """Pool cards are face up, so lots are public (SH-4.1)."""


@dataclass(frozen=True, slots=True)
class SharingView:
    pool: tuple[CardView, ...]
    unplaced: tuple[str, ...]
    """Hierarchy tiles not yet in a lot."""
    offer: LotView | None
    offered_to: int | None
    refused: tuple[int, ...]
    pending: tuple[int, ...]
    tairo: int | None
    split: tuple[LotView, LotView] | None
    """Lots A and B of the final split, awaiting CHOOSE."""
    due: str = "offer"
    """The decision due (SH-10): ``offer`` a lot, ``answer`` an offer, ``split`` the pool between
    the last two, or ``choose`` a lot."""


@dataclass(frozen=True, slots=True)
class ControlView:
    order: tuple[int, ...]
    active: int | None


@dataclass(frozen=True, slots=True)
class OutcomeView:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    provinces_won: tuple[int, ...]
    weights: tuple[int, ...]
    reason: str
    """``final_scoring`` or ``resign`` (SH-R.2, SH-R.5: the others resigned; no final scoring,
    ``provinces_won`` all 0 and ``weights`` the stone weights on the board)."""


@dataclass(frozen=True, slots=True)
class ShitennoView:
    viewer: int | None
    """The seat this view is for, ``None`` for the public."""
    phase: str
    """``sharing``, ``control`` or ``finished``."""
    round: int
    last_round: bool
    to_act: tuple[int, ...]
    players: tuple[PlayerView, ...]
    hand: tuple[CardView, ...]
    """The viewer's own hand; empty for the public view."""
    provinces: tuple[ProvinceView, ...]
    sharing: SharingView | None
    control: ControlView | None
    troop_deck: int
    troop_discard: tuple[CardView, ...]
    koku_deck: int
    koku_removed: tuple[CardView, ...]
    spent_tiles: tuple[TileView, ...]
    log: tuple[Event, ...]
    """Recent public events, oldest first (SH-4.5 keeps the whole log in the state); shared with
    the state, so read them only."""
    outcome: OutcomeView | None
    resigned: tuple[int, ...] = ()
    """Seats that resigned (SH-R.1), ascending."""
    resigned_play_on: bool = False
    """SH-R.6: resigned seats play on (decided for by the table's computer) instead of leaving."""
    history: tuple[Event, ...] = ()
    """The whole public log (SH-4.5), oldest first, of which ``log`` is the tail: what a computer
    player reasons from (issue 46 §2: which cards went publicly into which hand and out of it).
    Shared with the state, so read it only."""


LOG_TAIL = 30
"""How many recent log entries a view carries; the whole log is :func:`public_log`."""


def public_log(st: ShitennoState) -> tuple[Event, ...]:
    """SH-4.5: the whole public log, from setup on (every event in it is public, SH-4.1)."""
    return tuple(st.log)


@cache
def card_view(cid: str) -> CardView:
    """Views of cards, tiles and positions are immutable and few: each is made once."""
    if cid.startswith("T"):
        return CardView(cid, "troop", CONTENT.troop[cid], 0)
    return CardView(cid, "koku", (), CONTENT.koku[cid])


@cache
def tile_view(tid: str) -> TileView:
    troop, effect = CONTENT.tiles[tid]
    return TileView(tid, troop, effect)


@cache
def _position(number: int, value: int, stone: tuple[int, bool] | None) -> PositionView:
    return PositionView(number, value, StoneView(stone[0], stone[1]) if stone is not None else None)


def view(st: ShitennoState, seat: int | None) -> ShitennoView:
    """What ``seat`` sees (``None``: the public). A seat that is not a player is refused with
    ``not_a_player`` (DESIGN §3: never another seat's hand)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < st.n):
        raise NotYourTurn("not_a_player", seat=seat)
    players = []
    sh = st.sharing
    for p in st.players:
        players.append(
            PlayerView(
                seat=p.seat,
                general=p.general,
                colour=CONTENT.generals[p.general],
                title=p.title,
                seals=CONTENT.seals[p.title] if p.title else 0,
                score=p.score,
                stones=p.supply,
                troop_cards=len(p.troops),
                koku_cards=len(p.koku),
                hand_size=len(p.troops) + len(p.koku),
                kept_tiles=tuple(tile_view(t) for t in p.kept),
                conquests=p.conquests,
                flipped=p.flipped,
                joker_used=p.joker_used,
                pending=sh is not None and p.seat in sh.pending,
                tairo=sh is not None and sh.tairo == p.seat,
                hierarchy_tile=sh.received.get(p.seat) if sh is not None else None,
                resigned=p.seat in st.resigned,
                scoring=tuple((what, vp) for what, vp in p.events),
            )
        )
    hand: tuple[CardView, ...] = ()
    if seat is not None:
        me = st.players[seat]
        hand = tuple(card_view(c) for c in me.troops + me.koku)
    provinces = []
    for prov in CONTENT.provinces:
        stones = st.board[prov.id]
        positions = tuple(_position(i + 1, prov.values[i], stones[i] if i < len(stones) else None) for i in range(4))
        stack = st.stacks[prov.id]
        provinces.append(
            ProvinceView(
                id=prov.id,
                home=prov.home,
                figures=prov.figures,
                positions=positions,
                top_tile=tile_view(stack[0]) if stack else None,
                tiles_left=len(stack),
                requirement=tuple(requirement(st, prov.id)),
                koku_cost=koku_cost(st, prov.id),
            )
        )
    sharing = None
    if sh is not None:
        sharing = SharingView(
            pool=tuple(card_view(c) for c in sh.pool),
            unplaced=tuple(sh.unplaced),
            offer=LotView(sh.offer[0], tuple(card_view(c) for c in sh.offer[1])) if sh.offer else None,
            offered_to=sh.offered_to() if sh.offer else None,
            refused=tuple(sh.refused),
            pending=tuple(sh.pending),
            tairo=sh.tairo,
            split=(
                (
                    LotView(sh.split[0][0], tuple(card_view(c) for c in sh.split[0][1])),
                    LotView(sh.split[1][0], tuple(card_view(c) for c in sh.split[1][1])),
                )
                if sh.split
                else None
            ),
            due=sharing_expected(st),
        )
    control = None
    if st.phase == "control":
        control = ControlView(tuple(st.order), st.order[st.active] if st.active < len(st.order) else None)
    outcome = None
    if st.result is not None:
        r = st.result
        outcome = OutcomeView(
            tuple(r["winners"]),
            tuple(r["scores"]),
            tuple(r["provinces_won"]),
            tuple(r["weights"]),
            r.get("reason", "final_scoring"),
        )
    return ShitennoView(
        viewer=seat,
        phase=st.phase,
        round=st.round,
        last_round=st.last_round,
        to_act=to_act(st),
        players=tuple(players),
        hand=hand,
        provinces=tuple(provinces),
        sharing=sharing,
        control=control,
        troop_deck=len(st.troop_deck),
        troop_discard=tuple(card_view(c) for c in st.discard),
        koku_deck=len(st.koku_deck),
        koku_removed=tuple(card_view(c) for c in st.koku_removed),
        spent_tiles=tuple(tile_view(t) for t in st.spent),
        log=tuple(st.log[-LOG_TAIL:]),
        outcome=outcome,
        resigned=tuple(st.resigned),
        resigned_play_on=st.resigned_play_on,
        history=tuple(st.log),
    )
