"""Determinizations of a Shitenno view (issue 46 §2): whole states its seat cannot tell from the
real game. Each other hand holds the cards the public log shows it received in lots and has not
paid since (:func:`known_cards`); every card the seat has neither seen nor placed is dealt at
random among the places holding such cards, each as many as the view counts (the rest of the
other hands, the two decks); the unseen bonus tiles go below the stacks' tops; the generator is
fresh. The view of a sample for the seat equals its view of the real game (tested)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.rng import Rng
from rules.shitenno.content import CONTENT
from rules.shitenno.events import Event
from rules.shitenno.state import Player, Sharing, ShitennoState
from rules.shitenno.view import ShitennoView


@dataclass(frozen=True, slots=True)
class _Fixed:
    """What a view fixes of a state, read once per decision."""

    view: ShitennoView
    seat: int
    unseen_troops: tuple[str, ...]
    """Troop cards the seat has not seen and does not know to be in a given hand."""
    unseen_koku: tuple[str, ...]
    unseen_tiles: tuple[str, ...]
    known: dict[int, tuple[str, ...]]
    """Per other seat, the cards publicly known to be in its hand (received in a lot, not paid)."""


def known_cards(history: Sequence[Event], n: int) -> dict[int, list[str]]:
    """Per seat, the cards the public log shows going into its hand (lots received, SH-4.1) and
    not out of it since (payments, SH-4.1); the rest of a hand (the cards dealt at setup, SH-5,
    and drawn with DRAW tiles, SH-8.11) is secret."""
    known: dict[int, list[str]] = {s: [] for s in range(n)}
    for e in history:
        if e["type"] == "lot_received":
            known[e["seat"]].extend(e["cards"])
        elif e["type"] == "position_conquered" or e["type"] == "position_bought":
            paid = [*e.get("troops", ()), *e.get("koku", ())]
            known[e["seat"]] = [c for c in known[e["seat"]] if c not in paid]
    return known


def _fixed(v: ShitennoView, seat: int) -> _Fixed:
    seen_cards = {c.label for c in v.hand}
    seen_cards.update(c.label for c in v.troop_discard)
    seen_cards.update(c.label for c in v.koku_removed)
    sh = v.sharing
    if sh is not None:
        seen_cards.update(c.label for c in sh.pool)
        if sh.offer is not None:
            seen_cards.update(c.label for c in sh.offer.cards)
        if sh.split is not None:
            for lot in sh.split:
                seen_cards.update(c.label for c in lot.cards)
    hands = known_cards(v.history, len(v.players))
    known = {s: tuple(cs) for s, cs in hands.items() if s != seat}
    for cs in known.values():
        seen_cards.update(cs)
    seen_tiles = {t.label for t in v.spent_tiles}
    for pv in v.players:
        seen_tiles.update(t.label for t in pv.kept_tiles)
    for prov in v.provinces:
        if prov.top_tile is not None:
            seen_tiles.add(prov.top_tile.label)
    return _Fixed(
        v,
        seat,
        tuple(c for c in CONTENT.troop if c not in seen_cards),
        tuple(c for c in CONTENT.koku if c not in seen_cards),
        tuple(t for t in CONTENT.tiles if t not in seen_tiles),
        known,
    )


def sample(fixed: _Fixed, rng: Rng) -> ShitennoState:
    """A whole state consistent with ``fixed.view`` (its seat's view of it is that view)."""
    v, seat = fixed.view, fixed.seat
    troops, koku, tiles = list(fixed.unseen_troops), list(fixed.unseen_koku), list(fixed.unseen_tiles)
    rng.shuffle(troops)
    rng.shuffle(koku)
    rng.shuffle(tiles)
    players = []
    for pv in v.players:
        p = Player(
            seat=pv.seat,
            general=pv.general,
            title=pv.title,
            supply=pv.stones,
            score=pv.score,
            events=list(pv.scoring),
            kept=[t.label for t in pv.kept_tiles],
            conquests=pv.conquests,
            flipped=pv.flipped,
            joker_used=pv.joker_used,
        )
        if pv.seat == seat:
            p.troops = [c.label for c in v.hand if c.kind == "troop"]
            p.koku = [c.label for c in v.hand if c.kind == "koku"]
        else:
            mine = fixed.known[pv.seat]
            p.troops = [c for c in mine if c.startswith("T")]
            p.koku = [c for c in mine if c.startswith("K")]
            more_t, more_k = pv.troop_cards - len(p.troops), pv.koku_cards - len(p.koku)
            p.troops += troops[:more_t]
            p.koku += koku[:more_k]
            troops, koku = troops[more_t:], koku[more_k:]
        players.append(p)
    board: dict[str, list[tuple[int, bool]]] = {}
    stacks: dict[str, list[str]] = {}
    for prov in v.provinces:
        board[prov.id] = [(pos.stone.owner, pos.stone.golden) for pos in prov.positions if pos.stone is not None]
        if prov.top_tile is None:
            stacks[prov.id] = []
        else:
            below = prov.tiles_left - 1
            stacks[prov.id] = [prov.top_tile.label, *tiles[:below]]
            tiles = tiles[below:]
    sharing = None
    if v.sharing is not None:
        s = v.sharing
        sharing = Sharing(
            pool=[c.label for c in s.pool],
            unplaced=list(s.unplaced),
            pending=list(s.pending),
            tairo=s.tairo if s.tairo is not None else s.pending[0],
            offer=(s.offer.tile, tuple(c.label for c in s.offer.cards)) if s.offer is not None else None,
            refused=list(s.refused),
            split=(
                (
                    (s.split[0].tile, tuple(c.label for c in s.split[0].cards)),
                    (s.split[1].tile, tuple(c.label for c in s.split[1].cards)),
                )
                if s.split is not None
                else None
            ),
            received={pv.seat: pv.hierarchy_tile for pv in v.players if pv.hierarchy_tile is not None},
        )
    order: list[int] = []
    active = 0
    if v.control is not None:
        order = list(v.control.order)
        active = order.index(v.control.active) if v.control.active is not None else len(order)
    return ShitennoState(
        n=len(v.players),
        rng=Rng(rng.next64()),
        players=players,
        board=board,
        stacks=stacks,
        troop_deck=troops,
        koku_deck=koku,
        discard=[c.label for c in v.troop_discard],
        koku_removed=[c.label for c in v.koku_removed],
        spent=[t.label for t in v.spent_tiles],
        round=v.round,
        phase=v.phase,
        last_round=v.last_round,
        sharing=sharing,
        order=order,
        active=active,
        log=list(v.history or v.log),
        result=None,
        resigned=list(v.resigned),
        resigned_play_on=v.resigned_play_on,
    )


def sampler(view: ShitennoView, seat: int) -> Callable[[Rng], ShitennoState]:
    """Determinizations of ``view`` for ``seat``: each call a fresh state."""
    fixed = _fixed(view, seat)
    return lambda rng: sample(fixed, rng)
