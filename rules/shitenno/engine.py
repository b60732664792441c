"""Shitenno rules: setup (SH-5), sharing (SH-7), control (SH-8), final scoring (SH-9) and
resignation (SH-R, docs/shitenno.md).

:func:`apply` validates completely before it changes anything (SH-0.2), so a raised
:class:`~rules.errors.RuleError` always leaves the state as it was. Every error carries the rule
it breaks as ``params["rule"]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules.errors import BadNotation, BadOptions, GameOver, IllegalAction, NotYourTurn, WrongPhase
from rules.protocol import PLAY_ON_OPTION, Option, resolve_options
from rules.rng import Rng
from rules.shitenno import payment
from rules.shitenno.actions import (
    Accept,
    Action,
    Choose,
    ConquerKoku,
    ConquerTroops,
    EndTurn,
    FormLot,
    Refuse,
    Resign,
    SenseiFlip,
    Split,
    UseDraw,
)
from rules.shitenno.content import CONTENT
from rules.shitenno.events import (
    Event,
    GameOverEvent,
    KokuExchange,
    KokuPlusOne,
    PlusOne,
    PositionBoughtEvent,
    PositionConqueredEvent,
    ResignEvent,
    Scoring,
    TroopExchange,
)
from rules.shitenno.state import Player, Sharing, ShitennoState

OPTIONS: tuple[Option, ...] = (Option("generals", ""), Option(PLAY_ON_OPTION, False))
"""SH-5.1 ``generals``: the generals picked in joining order, comma-separated (``"Ii,,Honda"``); a
blank or missing pick gets the first free general in SH-2.1 order. A pick may be any unambiguous
part of a general's name or his colour. SH-R.6 ``resigned_play_on``: with 3 or 4 players a resigned
seat plays on (the table has a computer decide for it) instead of leaving the game (SH-R.3)."""


def pick_generals(players: int, picks: str) -> list[str]:
    """SH-5.1: each player in joining order takes his pick if it is still free."""
    names = list(CONTENT.generals)
    wanted = [w.strip().lower() for w in picks.split(",")] if picks.strip() else []
    if len(wanted) > players:
        raise BadOptions("generals_count", given=len(wanted), players=players)
    chosen: list[str | None] = [None] * players
    for seat, w in enumerate(wanted):
        if not w:
            continue
        match = [g for g in names if w in g.lower().split() or w == g.lower() or w == CONTENT.generals[g]]
        if len(match) != 1:
            raise BadOptions("unknown_general", pick=w, known=names)
        if match[0] in chosen:
            raise BadOptions("general_taken", pick=match[0])
        chosen[seat] = match[0]
    free = [g for g in names if g not in chosen]
    return [c if c is not None else free.pop(0) for c in chosen]


SHARING_ACTIONS = (FormLot, Accept, Refuse, Split, Choose)
CONTROL_ACTIONS = (ConquerTroops, ConquerKoku, UseDraw, SenseiFlip, EndTurn)


def seals(title: str | None) -> int:
    return CONTENT.seals[title] if title else 0


def rank_order(st: ShitennoState) -> list[int]:
    """SH-6.3: seats by their current title's seals, most first."""
    return sorted(range(st.n), key=lambda s: -seals(st.players[s].title))


def _log(st: ShitennoState, events: list[Event], event: Event) -> None:
    """Every event is public (SH-4.1): it goes to the state's log and to the caller."""
    st.log.append(event)
    events.append(event)


# ---------------------------------------------------------------- setup (SH-5)


def new(players: int, options: Mapping[str, Any] | None, seed: int) -> ShitennoState:
    if players not in (2, 3, 4):
        raise BadOptions("player_count", players=players, allowed=[2, 3, 4])
    opts = resolve_options(OPTIONS, options)
    rng = Rng(seed)
    generals = pick_generals(players, str(opts["generals"]))
    stones = CONTENT.stones[players]
    plist = [Player(seat=s, general=generals[s], title=None, supply=stones) for s in range(players)]
    tiles = list(CONTENT.tiles)
    rng.shuffle(tiles)
    k = CONTENT.stack_size
    stacks = {p.id: tiles[i * k : (i + 1) * k] for i, p in enumerate(CONTENT.provinces)}
    troop = list(CONTENT.troop)
    rng.shuffle(troop)
    koku = list(CONTENT.koku)
    rng.shuffle(koku)
    st = ShitennoState(
        n=players,
        resigned_play_on=bool(opts[PLAY_ON_OPTION]) and players >= 3,
        rng=rng,
        players=plist,
        board={p.id: [] for p in CONTENT.provinces},
        stacks=stacks,
        troop_deck=troop,
        koku_deck=koku,
    )
    for p in plist:
        for _ in range(2):
            card = _draw_troop(st)
            if card:
                p.troops.append(card)
    titles = list(CONTENT.titles)
    rng.shuffle(titles)
    for p in plist:
        p.title = titles[p.seat]
    events: list[Event] = []
    _log(st, events, {"type": "setup", "titles": titles[:players]})
    _start_sharing(st, events)
    return st


def _draw_troop(st: ShitennoState) -> str | None:
    """SH-11.3: an empty deck is refilled by shuffling the whole discard pile."""
    if not st.troop_deck:
        if not st.discard:
            return None
        st.troop_deck = st.discard
        st.discard = []
        st.rng.shuffle(st.troop_deck)
    return st.troop_deck.pop(0)


# ---------------------------------------------------------------- sharing (SH-7)


def _start_sharing(st: ShitennoState, events: list[Event]) -> None:
    st.phase = "sharing"
    pool: list[str] = []
    for _ in range(2 * st.n):
        card = _draw_troop(st)
        if card is None:
            break
        pool.append(card)
    for _ in range(st.n):
        if st.koku_deck:
            pool.append(st.koku_deck.pop(0))
    order = [s for s in rank_order(st) if not left(st, s)]  # SH-R.3: resigned seats share nothing
    st.sharing = Sharing(pool=pool, unplaced=list(CONTENT.titles), pending=order, tairo=order[0])
    _log(st, events, {"type": "round_started", "round": st.round, "pool": list(pool)})
    if not st.koku_deck and not st.last_round:
        st.last_round = True
        _log(st, events, {"type": "last_round", "cause": "koku_deck_empty"})


def _receive(st: ShitennoState, seat: int, lot: tuple[str, tuple[str, ...]], events: list[Event]) -> None:
    sh = st.sharing
    assert sh is not None
    p = st.players[seat]
    for c in lot[1]:
        (p.troops if c.startswith("T") else p.koku).append(c)
    sh.received[seat] = lot[0]
    sh.pending.remove(seat)
    _log(st, events, {"type": "lot_received", "seat": seat, "tile": lot[0], "cards": list(lot[1])})


def _end_sharing(st: ShitennoState, events: list[Event]) -> None:
    """SH-7.7: titles follow the hierarchy tiles received; control begins. A resigned seat holds no
    title (SH-R.3)."""
    sh = st.sharing
    assert sh is not None
    before = [p.title for p in st.players]
    for p in st.players:
        p.title = None if left(st, p.seat) else sh.received[p.seat]
    st.sharing = None
    _log(st, events, {"type": "titles_assigned", "titles": [p.title for p in st.players], "before": before})
    st.phase = "control"
    st.order = rank_order(st)
    st.active = 0
    for p in st.players:
        p.conquests = 0
        p.flipped = False
        p.joker_used = False
    _skip_finished_turns(st, events)


def _check_lot(st: ShitennoState, tile: str, cards: tuple[str, ...], taken: set[str]) -> None:
    sh = st.sharing
    assert sh is not None
    if tile not in sh.unplaced:
        raise IllegalAction("tile_not_available", tile=tile, rule="SH-7.5")
    for c in cards:
        if c not in sh.pool or c in taken:
            raise IllegalAction("card_not_in_pool", card=c, rule="SH-7.5")
        taken.add(c)


def _apply_sharing(st: ShitennoState, seat: int, a: Action, events: list[Event]) -> None:
    sh = st.sharing
    assert sh is not None
    expected = sharing_expected(st)
    if isinstance(a, FormLot):
        if expected != "offer":
            raise IllegalAction("not_expected_action", expected=expected, rule="SH-7.4.1")
        _check_lot(st, a.tile, a.cards, set())
        sh.unplaced.remove(a.tile)
        for c in a.cards:
            sh.pool.remove(c)
        sh.offer = (a.tile, a.cards)
        sh.refused = []
        to = sh.offered_to()
        _log(st, events, {"type": "lot_offered", "seat": seat, "tile": a.tile, "cards": list(a.cards), "to": to})
    elif isinstance(a, Accept | Refuse):
        if expected != "answer":
            raise IllegalAction("not_expected_action", expected=expected, rule="SH-7.4.2")
        if isinstance(a, Accept):
            _log(st, events, {"type": "lot_accepted", "seat": seat})
        else:
            _log(st, events, {"type": "lot_refused", "seat": seat})
        lot = sh.offer
        assert lot is not None
        if isinstance(a, Accept):
            sh.offer = None
            _receive(st, seat, lot, events)
        else:
            sh.refused.append(seat)
            if sh.offered_to() is None:
                sh.offer = None
                tairo = sh.tairo
                _receive(st, tairo, lot, events)
                sh.tairo = sh.pending[0]
                _log(st, events, {"type": "tairo_changed", "seat": sh.tairo})
    elif isinstance(a, Split):
        if expected != "split":
            raise IllegalAction("not_expected_action", expected=expected, rule="SH-7.4.5")
        if a.a_tile == a.b_tile:
            raise IllegalAction("split_same_tile", tile=a.a_tile, rule="SH-7.5")
        taken: set[str] = set()
        _check_lot(st, a.a_tile, a.a_cards, taken)
        _check_lot(st, a.b_tile, a.b_cards, taken)
        if len(taken) != len(sh.pool):
            raise IllegalAction("split_leaves_cards", cards=[c for c in sh.pool if c not in taken], rule="SH-7.5")
        sh.unplaced.remove(a.a_tile)
        sh.unplaced.remove(a.b_tile)
        sh.pool = []
        sh.split = ((a.a_tile, a.a_cards), (a.b_tile, a.b_cards))
        _log(
            st,
            events,
            {
                "type": "pool_split",
                "seat": seat,
                "a_tile": a.a_tile,
                "a_cards": list(a.a_cards),
                "b_tile": a.b_tile,
                "b_cards": list(a.b_cards),
            },
        )
    elif isinstance(a, Choose):
        if expected != "choose":
            raise IllegalAction("not_expected_action", expected=expected, rule="SH-7.4.5")
        if a.lot not in ("A", "B"):
            raise IllegalAction("no_such_lot", lot=a.lot, rule="SH-7.4.5")
        split = sh.split
        assert split is not None
        mine, other = (split[0], split[1]) if a.lot == "A" else (split[1], split[0])
        _log(st, events, {"type": "lot_chosen", "seat": seat, "lot": a.lot})
        tairo = sh.tairo
        sh.split = None
        _receive(st, seat, mine, events)
        _receive(st, tairo, other, events)
    _settle_sharing(st, events)


def _settle_sharing(st: ShitennoState, events: list[Event]) -> None:
    """SH-7.7 once nobody is pending. SH-R.3.2: after a resignation a single pending player can
    remain (never otherwise, SH-7.4.6); he receives the whole pool with the highest unplaced
    hierarchy tile."""
    sh = st.sharing
    assert sh is not None
    if len(sh.pending) == 1 and sh.offer is None and sh.split is None:
        tile = max(sh.unplaced, key=seals)
        sh.unplaced.remove(tile)
        cards = tuple(sh.pool)
        sh.pool = []
        _receive(st, sh.pending[0], (tile, cards), events)
    if not sh.pending:
        _end_sharing(st, events)


def sharing_expected(st: ShitennoState) -> str:
    """SH-10: which sharing decision is due: offer, answer, split or choose."""
    sh = st.sharing
    assert sh is not None
    if sh.offer is not None:
        return "answer"
    if sh.split is not None:
        return "choose"
    return "split" if len(sh.pending) == 2 else "offer"


def _sharing_actor(st: ShitennoState) -> int:
    sh = st.sharing
    assert sh is not None
    e = sharing_expected(st)
    if e == "answer":
        s = sh.offered_to()
        assert s is not None
        return s
    if e == "choose":
        return next(s for s in sh.pending if s != sh.tairo)
    return sh.tairo


# ---------------------------------------------------------------- control (SH-8)


def requirement(st: ShitennoState, pid: str) -> list[str]:
    """SH-8.4.3; empty for a full province."""
    prov = CONTENT.province[pid]
    if len(st.board[pid]) >= 4:
        return []
    stack = st.stacks[pid]
    if stack:
        return [prov.home] * (prov.figures - 1) + [CONTENT.tiles[stack[0]][0]]
    return [prov.home] * prov.figures


def koku_cost(st: ShitennoState, pid: str) -> int | None:
    k = len(st.board[pid])
    return CONTENT.province[pid].values[k] if k < 4 else None


def _has_simple_stone(st: ShitennoState, seat: int) -> bool:
    return any(s == seat and not g for stones in st.board.values() for s, g in stones)


def _turn_is_over(st: ShitennoState, seat: int) -> bool:
    """SH-8.14.1: public information shows no action but END_TURN can be legal."""
    p = st.players[seat]
    no_conquest = p.conquests >= 2 or p.supply == 0 or not (p.troops or p.koku)
    no_draw = not any(CONTENT.tiles[t][1] == "DRAW" for t in p.kept) or not (st.troop_deck or st.discard)
    no_flip = p.title != "Sensei" or p.flipped or not _has_simple_stone(st, seat)
    return no_conquest and no_draw and no_flip


def _skip_finished_turns(st: ShitennoState, events: list[Event]) -> None:
    """SH-8.14.1, and SH-R.3.3: a resigned seat's turn is skipped."""
    while st.active < len(st.order):
        seat = st.order[st.active]
        if left(st, seat):
            _log(st, events, {"type": "turn_skipped", "seat": seat, "reason": "resigned"})
        elif _turn_is_over(st, seat):
            _log(st, events, {"type": "turn_ended", "seat": seat, "auto": True})
        else:
            break
        st.active += 1
    if st.active >= len(st.order):
        _end_control(st, events)


def _end_control(st: ShitennoState, events: list[Event]) -> None:
    if st.last_round:
        _final_scoring(st, events)
    else:
        st.round += 1
        st.order = []
        st.active = 0
        _start_sharing(st, events)


def _score(p: Player, what: str, vp: int) -> None:
    p.events.append((what, vp))
    p.score += vp


def _check_owned(p: Player, cards: tuple[str, ...], tiles: list[tuple[str, str]]) -> None:
    """SH-8.8: named cards in hand, tiles kept with the right effect, nothing named twice."""
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            raise IllegalAction("named_twice", item=c, rule="SH-8.8")
        seen.add(c)
        if c not in p.troops and c not in p.koku:
            raise IllegalAction("card_not_in_hand", card=c, rule="SH-8.8")
    for t, effect in tiles:
        if t in seen:
            raise IllegalAction("named_twice", item=t, rule="SH-8.8")
        seen.add(t)
        if t not in p.kept:
            raise IllegalAction("tile_not_kept", tile=t, rule="SH-8.8")
        if CONTENT.tiles[t][1] != effect:
            raise IllegalAction("tile_wrong_effect", tile=t, effect=effect, rule="SH-8.8")


def _check_conquest_common(st: ShitennoState, p: Player, province: str) -> None:
    _check_province(province)
    if p.conquests >= 2:
        raise IllegalAction("conquest_limit", rule="SH-8.8")
    if p.supply <= 0:
        raise IllegalAction("no_stone", rule="SH-8.8")
    if len(st.board[province]) >= 4:
        raise IllegalAction("province_full", province=province, rule="SH-8.8")


def _validate_troops(st: ShitennoState, p: Player, a: ConquerTroops) -> None:
    _check_conquest_common(st, p, a.province)
    for c in a.troops:
        if not c.startswith("T"):
            raise IllegalAction("card_not_in_hand", card=c, rule="SH-8.8")
    for c in a.koku:
        if not c.startswith("K"):
            raise IllegalAction("card_not_in_hand", card=c, rule="SH-8.8")
    _check_owned(
        p,
        a.troops + a.koku,
        [(t, "PLUS_ONE") for t, _ in a.plus] + [(t, "EXCHANGE") for t, _, _ in a.exchanges],
    )
    if a.joker is not None and (p.title != "Hatamoto" or p.joker_used):
        raise IllegalAction("joker_unavailable", rule="SH-8.5.4")
    if a.joker is not None and a.joker not in CONTENT.troop_types:
        raise IllegalAction("unknown_troop_type", value=a.joker, rule="SH-8.5.4")
    for _tile, _target, ty in a.exchanges:
        if ty not in CONTENT.troop_types:
            raise IllegalAction("unknown_troop_type", value=ty, rule="SH-8.5.1")
    err = payment.check_troops(a, requirement(st, a.province))
    if err:
        raise IllegalAction("bad_payment", rule=err)


def _validate_koku(st: ShitennoState, p: Player, a: ConquerKoku) -> None:
    _check_conquest_common(st, p, a.province)
    for c in a.koku:
        if not c.startswith("K"):
            raise IllegalAction("card_not_in_hand", card=c, rule="SH-8.8")
    for c in a.troops:
        if not c.startswith("T"):
            raise IllegalAction("card_not_in_hand", card=c, rule="SH-8.8")
    _check_owned(p, a.koku + a.troops, [(t, "PLUS_ONE") for t in a.plus] + [(t, "EXCHANGE") for t, _ in a.exchanges])
    cost = koku_cost(st, a.province)
    assert cost is not None
    err = payment.check_koku(a, cost)
    if err:
        raise IllegalAction("bad_payment", rule=err)


def _conquest(
    a: ConquerTroops | ConquerKoku, seat: int, position: int, vp: int, bonus: int
) -> PositionConqueredEvent | PositionBoughtEvent:
    """A conquest (SH-8.9) and its payment as an event (SH-4.1: payments are public); parts the
    payment does not use are left out, so the public log stays small."""
    if isinstance(a, ConquerTroops):
        conquered: PositionConqueredEvent = {
            "type": "position_conquered",
            "seat": seat,
            "province": a.province,
            "position": position,
            "vp": vp,
            "bonus": bonus,
        }
        plus: list[PlusOne] = [{"tile": t, "on": s} for t, s in a.plus]
        exchanges: list[TroopExchange] = [{"tile": t, "on": s, "to": ty} for t, s, ty in a.exchanges]
        if a.troops:
            conquered["troops"] = list(a.troops)
        if a.koku:
            conquered["koku"] = list(a.koku)
        if plus:
            conquered["plus"] = plus
        if exchanges:
            conquered["exchanges"] = exchanges
        if a.joker:
            conquered["joker"] = a.joker
        return conquered
    bought: PositionBoughtEvent = {
        "type": "position_bought",
        "seat": seat,
        "province": a.province,
        "position": position,
        "vp": vp,
        "bonus": bonus,
    }
    koku_plus: list[KokuPlusOne] = [{"tile": t} for t in a.plus]
    koku_exchanges: list[KokuExchange] = [{"tile": t, "on": s} for t, s in a.exchanges]
    if a.troops:
        bought["troops"] = list(a.troops)
    if a.koku:
        bought["koku"] = list(a.koku)
    if koku_plus:
        bought["plus"] = koku_plus
    if koku_exchanges:
        bought["exchanges"] = koku_exchanges
    return bought


def _resolve_conquest(
    st: ShitennoState,
    p: Player,
    a: ConquerTroops | ConquerKoku,
    tiles: list[str],
    events: list[Event],
) -> None:
    """SH-8.9, in order."""
    province, troops, koku = a.province, a.troops, a.koku
    joker = isinstance(a, ConquerTroops) and a.joker is not None
    for c in troops:
        p.troops.remove(c)
        st.discard.append(c)
    for c in koku:
        p.koku.remove(c)
        st.koku_removed.append(c)
    for t in tiles:
        p.kept.remove(t)
        st.spent.append(t)
    if joker:
        p.joker_used = True
    pos = len(st.board[province])
    st.board[province].append((p.seat, False))
    p.supply -= 1
    vp = CONTENT.province[province].values[pos]
    _score(p, f"conquest {province}.{pos + 1}", vp)
    bonus = CONTENT.vp_bonus[p.title] if p.title else 0
    if bonus:
        _score(p, f"title {p.title}", bonus)
    _log(st, events, _conquest(a, p.seat, pos + 1, vp, bonus))
    stack = st.stacks[province]
    if stack:
        tile = stack.pop(0)
        p.kept.append(tile)
        _log(st, events, {"type": "tile_taken", "seat": p.seat, "tile": tile, "province": province})
    p.conquests += 1
    if p.supply == 0 and not st.last_round:
        st.last_round = True
        _log(st, events, {"type": "last_round", "cause": "stones_placed", "seat": p.seat})


def _apply_control(st: ShitennoState, seat: int, a: Action, events: list[Event]) -> None:
    p = st.players[seat]
    if isinstance(a, ConquerTroops):
        _validate_troops(st, p, a)
        _resolve_conquest(st, p, a, [t for t, _ in a.plus] + [t for t, _, _ in a.exchanges], events)
    elif isinstance(a, ConquerKoku):
        _validate_koku(st, p, a)
        _resolve_conquest(st, p, a, list(a.plus) + [t for t, _ in a.exchanges], events)
    elif isinstance(a, UseDraw):
        if a.tile not in p.kept or CONTENT.tiles[a.tile][1] != "DRAW":
            raise IllegalAction("tile_not_kept", tile=a.tile, rule="SH-8.11")
        if not (st.troop_deck or st.discard):
            raise IllegalAction("troop_piles_empty", rule="SH-8.11")
        p.kept.remove(a.tile)
        st.spent.append(a.tile)
        card = _draw_troop(st)
        assert card is not None
        p.troops.append(card)
        _log(st, events, {"type": "draw_used", "seat": seat, "tile": a.tile})
    elif isinstance(a, SenseiFlip):
        if p.title != "Sensei":
            raise IllegalAction("not_sensei", rule="SH-8.13")
        if p.flipped:
            raise IllegalAction("already_flipped", rule="SH-8.13")
        _check_province(a.province)
        stones = st.board[a.province]
        if not (1 <= a.position <= len(stones)) or stones[a.position - 1] != (seat, False):
            raise IllegalAction("not_own_simple_stone", province=a.province, position=a.position, rule="SH-8.13")
        stones[a.position - 1] = (seat, True)
        p.flipped = True
        _log(st, events, {"type": "stone_flipped", "seat": seat, "province": a.province, "position": a.position})
    elif isinstance(a, EndTurn):
        _log(st, events, {"type": "turn_ended", "seat": seat, "auto": False})
        st.active += 1
        _skip_finished_turns(st, events)
        return
    if _turn_is_over(st, seat):
        _log(st, events, {"type": "turn_ended", "seat": seat, "auto": True})
        st.active += 1
        _skip_finished_turns(st, events)


# ---------------------------------------------------------------- final scoring (SH-9.3)


def _final_scoring(st: ShitennoState, events: list[Event]) -> None:
    for p in st.players:
        plus = sum(1 for t in p.kept if CONTENT.tiles[t][1] == "PLUS_ONE")
        exch = sum(1 for t in p.kept if CONTENT.tiles[t][1] == "EXCHANGE")
        symbols = sum(len(CONTENT.troop[c]) for c in p.troops)
        extra = (plus if p.koku else 0) + min(exch, symbols)
        st.spent.extend(p.kept)
        p.kept = []
        koku = sum(CONTENT.koku[k] for k in p.koku) + extra
        if koku:
            _score(p, "koku", koku)
    won = [0] * st.n
    weights = [0] * st.n
    for prov in CONTENT.provinces:
        stones = st.board[prov.id]
        if not stones:
            continue
        w: Counter[int] = Counter()
        first: dict[int, int] = {}
        for i, (s, g) in enumerate(stones):
            w[s] += 2 if g else 1
            first.setdefault(s, i)
            weights[s] += 2 if g else 1
        best = max(w.values())
        winner = min((s for s in w if w[s] == best), key=lambda s: first[s])
        won[winner] += 1
        _score(st.players[winner], f"majority {prov.id}", CONTENT.majority_vp)
    scores = [p.score for p in st.players]
    keys = [(scores[s], won[s], weights[s]) for s in range(st.n)]
    st.result = _ranking(st, keys, won, weights, "final_scoring")
    st.phase = "finished"
    st.order = []
    st.active = 0
    _log(st, events, _game_over(st))


def _scoring(p: Player) -> Scoring:
    """A seat's VP by source (SH-8.9, SH-9.3), from what :func:`_score` recorded."""
    vp_by = {"conquest": 0, "title": 0, "majority": 0, "koku": 0}
    provinces: list[str] = []
    for what, vp in p.events:
        kind, _, detail = what.partition(" ")
        vp_by[kind] += vp
        if kind == "majority":
            provinces.append(detail)
    return {
        "positions": vp_by["conquest"],
        "titles": vp_by["title"],
        "majorities": vp_by["majority"],
        "provinces": provinces,
        "koku": vp_by["koku"],
    }


def _game_over(st: ShitennoState) -> GameOverEvent:
    """SH-9.3.4 / SH-R.2: how the game ended, the result and every seat's VP by source."""
    r = st.result
    assert r is not None
    return {
        "type": "game_over",
        "reason": r["reason"],
        "winners": list(r["winners"]),
        "scores": list(r["scores"]),
        "places": list(r["places"]),
        "provinces_won": list(r["provinces_won"]),
        "weights": list(r["weights"]),
        "scoring": [_scoring(p) for p in st.players],
    }


def _ranking(
    st: ShitennoState, keys: Sequence[tuple[int, ...]], won: list[int], weights: list[int], reason: str
) -> dict[str, Any]:
    """SH-9.3.4 among the seats that have not resigned; resigned seats share the place after them
    and never win (SH-R.5)."""
    playing = [s for s in range(st.n) if s not in st.resigned]
    top = max(keys[s] for s in playing)
    places = [
        1 + sum(1 for t in playing if keys[t] > keys[s]) if s in playing else len(playing) + 1 for s in range(st.n)
    ]
    return {
        "winners": [s for s in playing if keys[s] == top],
        "scores": [p.score for p in st.players],
        "provinces_won": won,
        "weights": weights,
        "places": places,
        "reason": reason,
    }


# ---------------------------------------------------------------- resignation (SH-R)


def left(st: ShitennoState, seat: int) -> bool:
    """Whether ``seat`` resigned and left the game (SH-R.3): it decides nothing more. A seat that
    resigned in a game played on (SH-R.6) has not left: it still decides, by the table's computer."""
    return seat in st.resigned and not st.resigned_play_on


def _resign(st: ShitennoState, seat: int) -> list[Event]:
    """SH-R.1–R.6: the seat leaves (or, played on, stays in play and only loses its chance to
    win); with one player left he wins, else the game goes on."""
    events: list[Event] = []
    st.resigned = sorted({*st.resigned, seat})
    playing = [s for s in range(st.n) if s not in st.resigned]
    resign: ResignEvent = {"type": "resign", "seat": seat}
    if st.resigned_play_on and len(playing) > 1:
        resign["play_on"] = True
    _log(st, events, resign)
    if len(playing) == 1:
        _finish_by_resignation(st, events)
    elif not left(st, seat):  # SH-R.6: the seat plays on as it stood
        return events
    elif st.phase == "sharing":
        _leave_sharing(st, seat, events)
    elif st.order[st.active] == seat:  # SH-R.3.3: his control turn ends at once
        st.active += 1
        _skip_finished_turns(st, events)
    return events


def _finish_by_resignation(st: ShitennoState, events: list[Event]) -> None:
    """SH-R.2, SH-R.5: the last player who has not resigned wins at once; no final scoring, the
    scores stand; the board and any lots in the sharing phase stay as they are."""
    weights = [0] * st.n
    for stones in st.board.values():
        for s, g in stones:
            weights[s] += 2 if g else 1
    keys = [(0,) if s in st.resigned else (1,) for s in range(st.n)]
    st.result = _ranking(st, keys, [0] * st.n, weights, "resign")
    st.phase = "finished"
    st.order = []
    st.active = 0
    _log(st, events, _game_over(st))


def _return_lot(st: ShitennoState, lot: tuple[str, tuple[str, ...]]) -> None:
    """A lot nobody has received goes back: its tile to the unplaced ones, its cards to the pool."""
    sh = st.sharing
    assert sh is not None
    sh.unplaced = [t for t in CONTENT.titles if t in sh.unplaced or t == lot[0]]
    sh.pool.extend(lot[1])


def _leave_sharing(st: ShitennoState, seat: int, events: list[Event]) -> None:
    """SH-R.3.1–R.3.2: a pending resigner stops being pending and receives nothing. A split, or a
    lot he offered as Tairo, is taken back; if he was the Tairo, the highest-ranked pending player
    becomes Tairo; if he was the last one asked, the Tairo receives the lot (SH-7.4.4). A player left
    alone pending receives the whole pool with the highest unplaced hierarchy tile."""
    sh = st.sharing
    assert sh is not None
    if seat not in sh.pending:
        return
    if sh.split is not None:
        for lot in sh.split:
            _return_lot(st, lot)
        sh.split = None
    was_tairo = sh.tairo == seat
    if was_tairo and sh.offer is not None:
        _return_lot(st, sh.offer)
        sh.offer = None
        sh.refused = []
    sh.pending.remove(seat)
    if seat in sh.refused:
        sh.refused.remove(seat)
    if was_tairo:
        sh.tairo = sh.pending[0]
        _log(st, events, {"type": "tairo_changed", "seat": sh.tairo})
    elif sh.offer is not None and sh.offered_to() is None:
        lot = sh.offer
        sh.offer = None
        _receive(st, sh.tairo, lot, events)
        if sh.pending:
            sh.tairo = sh.pending[0]
            _log(st, events, {"type": "tairo_changed", "seat": sh.tairo})
    _settle_sharing(st, events)


# ---------------------------------------------------------------- protocol


def to_act(st: ShitennoState) -> tuple[int, ...]:
    """SH-10: at most one player is expected to act."""
    if st.phase == "sharing":
        return (_sharing_actor(st),)
    if st.phase == "control":
        return (st.order[st.active],)
    return ()


def apply(st: ShitennoState, seat: int, a: Action) -> list[Event]:
    if st.phase == "finished":
        raise GameOver("game_over", rule="SH-6.2")
    if not 0 <= seat < st.n:
        raise NotYourTurn("not_a_player", seat=seat)
    if seat in st.resigned and (isinstance(a, Resign) or not st.resigned_play_on):
        raise NotYourTurn("resigned", seat=seat, rule="SH-R.6" if st.resigned_play_on else "SH-R.4")
    if isinstance(a, Resign):
        return _resign(st, seat)
    if isinstance(a, SHARING_ACTIONS) and st.phase != "sharing":
        raise WrongPhase("not_sharing", phase=st.phase, rule="SH-10")
    if isinstance(a, CONTROL_ACTIONS) and st.phase != "control":
        raise WrongPhase("not_control", phase=st.phase, rule="SH-10")
    if not isinstance(a, SHARING_ACTIONS + CONTROL_ACTIONS):
        raise BadNotation("unknown_action", rule="SH-0.2")
    actor = to_act(st)[0]
    if seat != actor:
        raise NotYourTurn("not_your_turn", seat=seat, to_move=actor, rule="SH-10")
    events: list[Event] = []
    if st.phase == "sharing":
        _apply_sharing(st, seat, a, events)
    else:
        _apply_control(st, seat, a, events)
    return events


CONQUEST_CAP = 26
""":func:`legal` lists at most this many troop payments and this many koku payments per province,
the simplest first: one more than a Discord list shows (25), so a list made of them still sees
that there are more, and every province and way to pay (conquer, buy) is there. A hand with more
(many tiles and cards: thousands) reaches them all through :func:`conquest_payments`; enumerating
them all for every province took tens of milliseconds in such hands (the ``act`` autocomplete,
docs/PERFORMANCE.md)."""


def conquest_payments(st: ShitennoState, seat: int, province: str) -> list[ConquerTroops | ConquerKoku]:
    """Every conquest of ``province`` that ``apply`` accepts from ``seat`` now: each distinct
    legal payment once (:func:`rules.shitenno.payment.payment_key`: the same up to identical cards
    and tiles), troop payments (SH-8.5) then koku payments (SH-8.6), simplest first. Empty when
    the seat cannot conquer now (not its control turn, 2 conquests made, no stone, province full);
    an unknown province raises ``unknown_province``."""
    _check_province(province)
    if not _controls(st, seat):
        return []
    return _payments(st, st.players[seat], province)


def can_conquer(st: ShitennoState, seat: int, province: str) -> bool:
    """Whether ``seat`` can take a position in ``province`` now, by any payment
    (:func:`conquest_payments` is not empty): the search stops at the first payment it finds."""
    _check_province(province)
    return _controls(st, seat) and bool(_payments(st, st.players[seat], province, any_one=True))


def _controls(st: ShitennoState, seat: int) -> bool:
    return st.phase == "control" and 0 <= seat < st.n and not left(st, seat) and to_act(st) == (seat,)


def _payments(
    st: ShitennoState,
    p: Player,
    province: str,
    cap: int | None = None,
    *,
    per_kind: bool = False,
    any_one: bool = False,
) -> list[ConquerTroops | ConquerKoku]:
    """Troop payments then koku payments, each fewest tiles first; with ``cap`` the first ``cap``
    of that list, or (``per_kind``) the first ``cap`` troop payments and the first ``cap`` koku
    payments (found without enumerating the rest: a hand of many cards and tiles has tens of
    thousands); with ``any_one``, the first payment the search finds, whichever it is."""
    if p.conquests >= 2 or p.supply <= 0:
        return []
    req = requirement(st, province)
    if not req:
        return []
    plus = tuple(t for t in p.kept if CONTENT.tiles[t][1] == "PLUS_ONE")
    exch = tuple(t for t in p.kept if CONTENT.tiles[t][1] == "EXCHANGE")
    joker = p.title == "Hatamoto" and not p.joker_used
    cost = koku_cost(st, province)
    assert cost is not None

    out: list[ConquerTroops | ConquerKoku] = []
    out += payment.troop_payments(province, req, p.troops, p.koku, plus, exch, joker, cap, any_one=any_one)
    if any_one:
        if not out:
            out += payment.koku_payments(province, cost, p.koku, plus, exch, p.troops, 1)
        return out
    rest = cap if cap is None or per_kind else cap - len(out)
    if rest is None or rest > 0:
        out += payment.koku_payments(province, cost, p.koku, plus, exch, p.troops, rest)
    return out


def _check_province(province: str) -> None:
    if province not in CONTENT.province:
        raise IllegalAction("unknown_province", province=province, rule="SH-2.4")


def _pool_variants(pool: list[str]) -> list[tuple[str, ...]]:
    """Representative card subsets: every prefix and every suffix of the pool, and each single card."""
    out: dict[tuple[str, ...], None] = {}
    for k in range(len(pool) + 1):
        out[tuple(pool[:k])] = None
        out[tuple(pool[k:])] = None
    for c in pool:
        out[(c,)] = None
    return list(out)


def legal(st: ShitennoState, seat: int) -> list[Action]:
    """The legal actions of ``seat``: its decisions when it must act, and RESIGN (last) for every
    seat still playing (SH-R.1; a resigned seat played on has its decisions and no RESIGN,
    SH-R.6). Complete except for FORM_LOT and SPLIT, whose combinations
    explode: FORM_LOT lists every tile with each pool prefix, suffix and single card; SPLIT every
    ordered tile pair with each prefix/suffix cut of the pool. Conquests are every distinct legal
    payment (:func:`conquest_payments`), at most ``CONQUEST_CAP`` troop payments and as many koku
    payments per province."""
    if st.phase == "finished" or not 0 <= seat < st.n or left(st, seat):
        return []
    again: list[Action] = [] if seat in st.resigned else [Resign()]  # SH-R.6: played on, no second RESIGN
    if seat not in to_act(st):
        return again
    return [*_decisions(st, seat), *again]


def _decisions(st: ShitennoState, seat: int) -> list[Action]:
    """The SH-10 decisions of the seat that must act."""
    out: list[Action] = []
    if st.phase == "sharing":
        sh = st.sharing
        assert sh is not None
        e = sharing_expected(st)
        if e == "answer":
            return [Accept(), Refuse()]
        if e == "choose":
            return [Choose("A"), Choose("B")]
        if e == "offer":
            for tile in sh.unplaced:
                out += [FormLot(tile, cards) for cards in _pool_variants(sh.pool)]
            return out
        for ta in sh.unplaced:
            for tb in sh.unplaced:
                if ta != tb:
                    for k in range(len(sh.pool) + 1):
                        out.append(Split(ta, tuple(sh.pool[:k]), tb, tuple(sh.pool[k:])))
        return out
    p = st.players[seat]
    for prov in CONTENT.provinces:
        out += _payments(st, p, prov.id, CONQUEST_CAP, per_kind=True)
    if st.troop_deck or st.discard:
        out += [UseDraw(t) for t in p.kept if CONTENT.tiles[t][1] == "DRAW"]
    if p.title == "Sensei" and not p.flipped:
        for prov in CONTENT.provinces:
            for i, (s, g) in enumerate(st.board[prov.id]):
                if s == seat and not g:
                    out.append(SenseiFlip(prov.id, i + 1))
    out.append(EndTurn())
    return out


# ---------------------------------------------------------------- takeback by agreement (issue 20 §3)


def hidden(st: ShitennoState) -> tuple[Any, ...]:
    """What SH-4.2 and SH-4.3 hide: every hand, the generator, both decks and the stacks below
    their tops (the discard pile is public, but it is reshuffled into the deck, SH-11.3)."""
    hands = tuple((tuple(p.troops), tuple(p.koku)) for p in st.players)
    stacks = tuple(tuple(st.stacks[p]) for p in sorted(st.stacks))
    return hands, st.rng.state, tuple(st.troop_deck), tuple(st.koku_deck), stacks


def can_take_back(hidden_before: object, action: Action, after: ShitennoState, events: Sequence[Event]) -> bool:
    """Whether the players may agree to undo ``action`` (issue 20 §3): only a decision that left
    every hidden thing (SH-4.2, SH-4.3) as it was.

    - FORM_LOT and SPLIT (SH-7.5) put public pool cards into lots: yes.
    - REFUSE passing the lot on: yes; ACCEPT, CHOOSE, or the last REFUSE that gives the lot to the
      Tairo (SH-7.6) put cards into a hand: never.
    - A conquest (SH-8.9) shows the cards paid from a hand and turns a stack's next tile: never.
    - USE_DRAW (SH-8.11) draws a card: never.
    - SENSEI_FLIP (SH-8.13): yes. END_TURN (SH-8.14): yes, unless the round ended with it and the
      next one dealt a new pool (SH-7.3).
    - RESIGN (SH-R.1): never."""
    if isinstance(action, Resign) or after.phase == "finished":
        return False
    return hidden_before == hidden(after)
