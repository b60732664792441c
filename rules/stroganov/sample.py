"""Determinizations of Stroganov for the computer player (issue 46 §2): whole states consistent
with what every seat sees (ST-4.4), the hidden parts drawn afresh.

A view shows everything but the order (and, for cards out of the game, the contents) of the
face-down stacks — landscapes, wishes A and B, yurts A and B, songs — Ivan's deck below the top
card's back, and the generator that draws from the bag (ST-4.2, ST-17.2). :func:`determinize`
rebuilds the public part from the view and fills each stack, to its public size, with a random
choice among the cards of its kind that the view does not show; Ivan's top card is one whose back
matches the public one. The state's generator is fresh from the caller's generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.rng import Rng
from rules.stroganov.content import CONTENT
from rules.stroganov.state import Cossack, StroganovState, Turn
from rules.stroganov.view import StroganovView


@dataclass(frozen=True, slots=True)
class Pools:
    """The unseen cards of each hidden stack, and the stack's public size."""

    landscapes: tuple[tuple[str, ...], int]
    wishes_a: tuple[tuple[str, ...], int]
    wishes_b: tuple[tuple[str, ...], int]
    yurts_a: tuple[tuple[str, ...], int]
    yurts_b: tuple[tuple[str, ...], int]
    songs: tuple[tuple[str, ...], int]
    automa: tuple[tuple[str, ...], int]
    automa_top: tuple[str, ...]
    """Unseen automa cards whose back matches the public top card's."""
    out: tuple[str, ...]
    """Every card and tile the view does not show (those not drawn into a stack are out)."""


def pools(v: StroganovView) -> Pools:
    """What a view leaves unknown."""
    sizes = dict(v.stacks)
    tiles = {p.tile.id for p in v.positions if p.tile}
    wishes = {r.wish.id for r in v.regions if r.wish}
    yurts = {r.yurt for r in v.regions if r.yurt}
    songs = {s.id for s in v.songs}
    for c in v.cossacks:
        tiles.update(t.id for t in c.tiles)
        wishes.update(w.id for w in c.held)
        wishes.update(w.id for w in c.fulfilled)
        songs.update(c.songs)
    landscapes = tuple(t for t, tile in CONTENT.tiles.items() if not tile.s and t not in tiles)
    wishes_a = tuple(w for w, c in CONTENT.wishes.items() if c.deck == "A" and w not in wishes)
    wishes_b = tuple(w for w, c in CONTENT.wishes.items() if c.deck == "B" and w not in wishes)
    yurts_a = tuple(y for y, c in CONTENT.yurts.items() if c.deck == "A" and y not in yurts)
    yurts_b = tuple(y for y, c in CONTENT.yurts.items() if c.deck == "B" and y not in yurts)
    song_pool = tuple(s for s in CONTENT.songs if s not in songs)
    automa: tuple[str, ...] = ()
    top: tuple[str, ...] = ()
    deck = 0
    a = v.automa
    if a is not None:
        flipped = {f for f, _ in a.flipped}
        automa = tuple(
            k
            for k, card in CONTENT.automa.items()
            if k not in flipped and not (a.strategy and a.strategy in card.not_for)
        )
        deck = a.deck
        back = (a.move, a.hunt_from, a.hunt)
        top = tuple(
            k for k in automa if (CONTENT.automa[k].move, CONTENT.automa[k].hunt_from, CONTENT.automa[k].hunt) == back
        )
    start = tuple(w for w, c in CONTENT.wishes.items() if c.deck == "S" and w not in wishes)
    out = (*landscapes, *wishes_a, *wishes_b, *yurts_a, *yurts_b, *song_pool, *start, *automa)
    return Pools(
        landscapes=(landscapes, sizes["landscapes"]),
        wishes_a=(wishes_a, sizes["wishes_a"]),
        wishes_b=(wishes_b, sizes["wishes_b"]),
        yurts_a=(yurts_a, sizes["yurts_a"]),
        yurts_b=(yurts_b, sizes["yurts_b"]),
        songs=(song_pool, sizes["songs"]),
        automa=(automa, deck),
        automa_top=top,
        out=out,
    )


def _draw(pool: tuple[tuple[str, ...], int], rng: Rng) -> list[str]:
    cards, size = pool
    items = list(cards)
    rng.shuffle(items)
    return items[:size]


def _automa(p: Pools, rng: Rng) -> list[str]:
    cards, size = p.automa
    if not size:
        return []
    top = list(p.automa_top) or list(cards)
    first = top[rng.below(len(top))] if top else None
    rest = [k for k in cards if k != first]
    rng.shuffle(rest)
    return ([first] if first else []) + rest[: size - 1]


def determinize(v: StroganovView, p: Pools, rng: Rng) -> StroganovState:
    """A whole state whose view equals ``v`` (the log as far as the view shows it), the hidden
    parts drawn with ``rng``."""
    stacks = {
        "landscapes": _draw(p.landscapes, rng),
        "wishes_a": _draw(p.wishes_a, rng),
        "wishes_b": _draw(p.wishes_b, rng),
        "yurts_a": _draw(p.yurts_a, rng),
        "yurts_b": _draw(p.yurts_b, rng),
        "song_stack": _draw(p.songs, rng),
        "automa": _automa(p, rng),
    }
    used = {x for s in stacks.values() for x in s}
    cossacks = [
        Cossack(
            seat=c.seat,
            order=c.order,
            board=c.board,
            side=c.side,
            position=c.position,
            stamp=c.stamp,
            coins=c.coins,
            horses=c.horses,
            furs=list(c.furs),
            tigers=c.tigers,
            banners=c.banners,
            stories=c.stories,
            trophy=c.trophy,
            supply=c.supply,
            reserve=c.reserve,
            held=[w.id for w in c.held],
            fulfilled=[w.id for w in c.fulfilled],
            tiles=[t.id for t in c.tiles],
            songs=list(c.songs),
            events=list(c.events),
        )
        for c in v.cossacks
    ]
    n = len(cossacks)
    a = v.automa
    st = StroganovState(
        players=n - 1 if v.solo else n,
        solo=v.solo,
        difficulty=a.difficulty if a else "normal",
        strategy=a.strategy if a else "",
        rng=Rng(rng.next64()),
        cossacks=cossacks,
        row=[p.tile.id if p.tile else None for p in v.positions],
        items=[list(p.items) for p in v.positions],
        trade_fur=v.trade_fur,
        region_furs=[r.fur for r in v.regions],
        villages=[r.village for r in v.regions],
        wish_slots=[r.wish.id if r.wish else None for r in v.regions],
        yurt_slots=[r.yurt for r in v.regions],
        outposts=[list(r.outposts) for r in v.regions],
        market=list(v.market),
        songs=[s.id for s in v.songs],
        bag=[value for value, count in v.bag for _ in range(count)],
        flipped=[f for f, _ in a.flipped] if a else [],
        tiger_supply=v.tiger_supply,
        banner_supply=v.banner_supply,
        banner_start=CONTENT.banners[n],
        out=[x for x in p.out if x not in used],
        year=v.year,
        season=v.season,
        stage=v.stage,
        order=list(v.order),
        active=v.active,
        counter=max(c.stamp for c in cossacks),
        b_stacks=v.year >= 3,
        turn=Turn(v.phase, v.patron_used) if v.phase is not None else None,
        queue=[list(q) for q in v.queue],
        turns_taken=list(v.order[: v.active]) if v.stage == "turn" else [],
        log=list(v.log),
        resigned=list(v.resigned),
        resigned_play_on=v.resigned_play_on,
        **stacks,  # type: ignore[arg-type]
    )
    return st


def clone(st: StroganovState) -> StroganovState:
    """A copy deep enough for :func:`rules.stroganov.engine.apply` (events are shared: the engine
    only appends to the log)."""
    return StroganovState(
        players=st.players,
        solo=st.solo,
        difficulty=st.difficulty,
        strategy=st.strategy,
        rng=Rng(st.rng.state),
        cossacks=[
            Cossack(
                seat=c.seat,
                order=c.order,
                board=c.board,
                side=c.side,
                position=c.position,
                stamp=c.stamp,
                coins=c.coins,
                horses=c.horses,
                furs=list(c.furs),
                tigers=c.tigers,
                banners=c.banners,
                stories=c.stories,
                trophy=c.trophy,
                supply=c.supply,
                reserve=c.reserve,
                held=list(c.held),
                fulfilled=list(c.fulfilled),
                tiles=list(c.tiles),
                songs=list(c.songs),
                events=list(c.events),
            )
            for c in st.cossacks
        ],
        row=list(st.row),
        items=[list(x) for x in st.items],
        trade_fur=st.trade_fur,
        region_furs=list(st.region_furs),
        villages=list(st.villages),
        wish_slots=list(st.wish_slots),
        yurt_slots=list(st.yurt_slots),
        outposts=[list(r) for r in st.outposts],
        market=list(st.market),
        songs=list(st.songs),
        bag=list(st.bag),
        landscapes=list(st.landscapes),
        wishes_a=list(st.wishes_a),
        wishes_b=list(st.wishes_b),
        yurts_a=list(st.yurts_a),
        yurts_b=list(st.yurts_b),
        song_stack=list(st.song_stack),
        automa=list(st.automa),
        flipped=list(st.flipped),
        tiger_supply=st.tiger_supply,
        banner_supply=st.banner_supply,
        banner_start=st.banner_start,
        out=list(st.out),
        year=st.year,
        season=st.season,
        stage=st.stage,
        order=list(st.order),
        active=st.active,
        counter=st.counter,
        b_stacks=st.b_stacks,
        turn=Turn(st.turn.phase, st.turn.patron_used) if st.turn else None,
        queue=[list(q) for q in st.queue],
        turns_taken=list(st.turns_taken),
        log=list(st.log[-1:]),
        result=st.result,
        resigned=list(st.resigned),
        resigned_play_on=st.resigned_play_on,
    )
