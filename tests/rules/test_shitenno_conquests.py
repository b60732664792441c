"""Every legal conquest is offered (issue 11 §2; SH-8.4 to SH-8.8): ``engine.conquest_payments``,
and so ``legal``, lists every distinct legal payment, compared on seeded random positions with a
brute-force search over the subsets of the hand's cards and tiles that ``apply`` is the judge of.

"Distinct" is :func:`canon`, written here independently of ``payment.payment_key``: two payments
are the same when they differ only by identical cards (troop cards with the same symbols, koku
cards of the same value), by tiles of the same effect (a kept tile's troop face no longer matters,
SH-4.1), by which of a same-type double's two symbols a tile is on, and in a koku payment by which
symbols of a troop card are exchanged (each yields 1 koku, SH-8.6.2).

The brute force takes every sub-multiset of the troop cards and of the koku cards (a sub-multiset
up to identical cards is a subset up to :func:`canon`), every placement of the PLUS_ONE and
EXCHANGE tiles on their symbols and koku cards, every new type and every joker use. To stay small
it uses three consequences of SH-8.7.2, each checked without them on small hands by
:func:`test_the_brute_force_shortcuts_lose_nothing`:

- an EXCHANGE to a type the province does not require, a PLUS_ONE on a symbol of such a type and a
  joker of such a type can each be removed, so they are never legal;
- a legal troop payment has at most |requirement| + 1 cards and joker: each card (with its tiles),
  exchanged koku card and joker, except a payment's only troop card, must be needed to cover some
  required type t, and the ones needed for t each yield more t than the surplus s of t, so there
  are at most (need + s) / (s + 1) <= need of them;
- a troop payment covers the requirement and a koku payment the cost (SH-8.5.6, SH-8.6.4), so
  candidates that do not are not sent to ``apply``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import Any

import pytest

from rules.errors import IllegalAction, RuleError
from rules.shitenno import GAME, engine, payment
from rules.shitenno.actions import ConquerKoku, ConquerTroops
from rules.shitenno.content import CONTENT
from rules.shitenno.state import ShitennoState, dump, load
from tests.playouts import FULL
from tests.shitenno_play import control_state, find_koku, find_tile, find_troop, random_actions, take

Payment = ConquerTroops | ConquerKoku
TYPES = CONTENT.troop_types


# ---------------------------------------------------------------- positions


def can_conquer(st: ShitennoState, seat: int) -> bool:
    p = st.players[seat]
    return p.conquests < 2 and p.supply > 0 and bool(p.troops or p.koku)


def positions(count: int, every: int, seed: int) -> Iterator[tuple[dict[str, Any], int]]:
    """``count`` positions: every ``every``-th control decision of a seat that could conquer, in
    seeded random games of 2, 3 and 4 players (the random player never resigns)."""
    k = 0
    for g in range(10 * count):
        st = GAME.new(2 + g % 3, None, seed + g)
        for seat, act in random_actions(st, random.Random(seed + g)):
            if st.phase == "control" and can_conquer(st, seat):
                k += 1
                if k % every == 0:
                    yield dump(st), seat
                    if k == count * every:
                        return
            GAME.apply(st, seat, act)


def trimmed(
    data: dict[str, Any], seat: int, troops: int, koku: int, rnd: random.Random, tiles: int = 0
) -> ShitennoState:
    """The position with the seat's hand cut to at most ``troops`` troop and ``koku`` koku cards
    (the others go under their decks, so every card is still in one place, SH-13.1/13.2), and up
    to ``tiles`` spent PLUS_ONE / EXCHANGE tiles given back to him as kept (random games keep few
    tiles; SH-13.3 still holds)."""
    st = load(data)
    p = st.players[seat]
    while len(p.troops) > troops:
        st.troop_deck.append(p.troops.pop(rnd.randrange(len(p.troops))))
    while len(p.koku) > koku:
        st.koku_deck.append(p.koku.pop(rnd.randrange(len(p.koku))))
    spent = [t for t in st.spent if CONTENT.tiles[t][1] != "DRAW"]
    for t in rnd.sample(spent, min(len(spent), rnd.randint(0, tiles))):
        st.spent.remove(t)
        p.kept.append(t)
    return st


# ---------------------------------------------------------------- canonical form


def canon(a: Payment) -> tuple[object, ...]:
    if isinstance(a, ConquerTroops):
        on = {s: "+" for _t, s in a.plus} | {target: "x" + ty for _t, target, ty in a.exchanges}
        cards = []
        for c in a.troops:
            syms = CONTENT.troop[c]
            mods = [on.get(f"{c}.{i}", "") for i in range(1, len(syms) + 1)]
            if len(syms) == 2 and syms[0] == syms[1]:
                mods.sort()
            cards.append((syms, tuple(mods)))
        koku = sorted((CONTENT.koku[k], on.get(k, "")) for k in a.koku)
        return ("troops", a.province, tuple(sorted(cards)), tuple(koku), a.joker)
    exchanged = Counter(s.split(".")[0] for _t, s in a.exchanges)
    troops = sorted((CONTENT.troop[c], exchanged[c]) for c in a.troops)
    return ("koku", a.province, tuple(sorted(CONTENT.koku[k] for k in a.koku)), len(a.plus), tuple(troops))


# ---------------------------------------------------------------- brute force


def sub_multisets(cards: Sequence[str], kind: Any, limit: int) -> Iterator[list[str]]:
    groups: dict[Any, list[str]] = {}
    for c in cards:
        groups.setdefault(kind(c), []).append(c)
    gs = list(groups.values())
    for counts in product(*(range(len(g) + 1) for g in gs)):
        if sum(counts) <= limit:
            yield [c for g, n in zip(gs, counts, strict=True) for c in g[:n]]


def tiles(st: ShitennoState, seat: int, effect: str) -> list[str]:
    return [t for t in st.players[seat].kept if CONTENT.tiles[t][1] == effect]


def troop_candidates(st: ShitennoState, seat: int, province: str, shortcuts: bool = True) -> Iterator[ConquerTroops]:
    p = st.players[seat]
    req = engine.requirement(st, province)
    need = Counter(req)
    kinds = sorted(set(req)) if shortcuts else list(TYPES)
    plus, exch = tiles(st, seat, "PLUS_ONE"), tiles(st, seat, "EXCHANGE")
    jokers = [None, *kinds] if p.title == "Hatamoto" and not p.joker_used else [None]
    bound = len(req) + 1 if shortcuts else 99
    for troops in sub_multisets(p.troops, lambda c: CONTENT.troop[c], bound):
        if not troops:
            continue
        syms = [(f"{c}.{i}", ty) for c in troops for i, ty in enumerate(CONTENT.troop[c], 1)]
        printed = Counter(ty for _s, ty in syms)
        plus_ok = [(s, ty) for s, ty in syms if ty in kinds]
        for koku in sub_multisets(p.koku, lambda k: CONTENT.koku[k], bound - len(troops)):
            k_opts = kinds if shortcuts else ["", *TYPES]
            for k_types in product(k_opts, repeat=len(koku)):
                k_ex = [(k, t) for k, t in zip(koku, k_types, strict=True) if t]
                if len(k_ex) > len(exch):
                    continue
                for n_plus in range(min(len(plus), len(plus_ok)) + 1):
                    for p_on in combinations(plus_ok, n_plus):
                        rest = [(s, ty) for s, ty in syms if (s, ty) not in p_on]
                        for n_ex in range(min(len(exch) - len(k_ex), len(rest)) + 1):
                            for x_on in combinations(rest, n_ex):
                                for x_types in product(*[[t for t in kinds if t != ty] for _s, ty in x_on]):
                                    # SH-8.5.1 to SH-8.5.3: what the cards and tiles yield
                                    got = printed.copy()
                                    got.update(ty for _s, ty in p_on)
                                    got.subtract(ty for _s, ty in x_on)
                                    got.update(x_types)
                                    got.update(t for _k, t in k_ex)
                                    ex = k_ex + [(s, t) for (s, _), t in zip(x_on, x_types, strict=True)]
                                    exchanges = tuple((exch[i], target, t) for i, (target, t) in enumerate(ex))
                                    pl = tuple(zip(plus, [s for s, _ty in p_on], strict=False))
                                    for joker in jokers:
                                        if len(troops) + len(koku) + (joker is not None) > bound:
                                            continue
                                        if shortcuts and any(got[t] + (joker == t) < n for t, n in need.items()):
                                            continue  # SH-8.5.4, SH-8.5.6: it does not cover
                                        yield ConquerTroops(province, tuple(troops), tuple(koku), pl, exchanges, joker)


def koku_candidates(st: ShitennoState, seat: int, province: str, shortcuts: bool = True) -> Iterator[ConquerKoku]:
    p = st.players[seat]
    cost = engine.koku_cost(st, province)
    assert cost is not None
    plus, exch = tiles(st, seat, "PLUS_ONE"), tiles(st, seat, "EXCHANGE")
    for koku in sub_multisets(p.koku, lambda k: CONTENT.koku[k], 99):
        if not koku:
            continue
        value = sum(CONTENT.koku[k] for k in koku)
        for n_plus in range(len(plus) + 1):
            for troops in sub_multisets(p.troops, lambda c: CONTENT.troop[c], len(exch) if shortcuts else 99):
                syms = [f"{c}.{i}" for c in troops for i in range(1, len(CONTENT.troop[c]) + 1)]
                for n_ex in range(min(len(exch), len(syms)) + 1):
                    if shortcuts and value + n_plus + n_ex < cost:
                        continue
                    for on in combinations(syms, n_ex):
                        if shortcuts and {s.split(".")[0] for s in on} != set(troops):
                            continue
                        yield ConquerKoku(
                            province,
                            tuple(koku),
                            tuple(plus[:n_plus]),
                            tuple(troops),
                            tuple(zip(exch, on, strict=False)),
                        )


def accepted(st: ShitennoState, seat: int, candidates: Iterator[Payment]) -> list[Payment]:
    """The candidates ``apply`` accepts, each tried on a copy of the position (SH-0.2: a refusal
    leaves the copy as it was, checked at the end)."""
    data = dump(st)
    work = load(data)
    out = []
    for a in candidates:
        try:
            GAME.apply(work, seat, a)
        except RuleError:
            continue
        out.append(a)
        work = load(data)
    assert dump(work) == data
    return out


def brute_force(st: ShitennoState, seat: int, shortcuts: bool = True) -> set[tuple[object, ...]]:
    out: set[tuple[object, ...]] = set()
    for prov in CONTENT.provinces:
        if engine.requirement(st, prov.id):
            out |= {canon(a) for a in accepted(st, seat, troop_candidates(st, seat, prov.id, shortcuts))}
            out |= {canon(a) for a in accepted(st, seat, koku_candidates(st, seat, prov.id, shortcuts))}
    return out


# ---------------------------------------------------------------- the comparison

SEEN: Counter[str] = Counter()


def offered(st: ShitennoState, seat: int) -> list[Payment]:
    return [a for prov in CONTENT.provinces for a in engine.conquest_payments(st, seat, prov.id)]


def compare(st: ShitennoState, seat: int) -> None:
    """The enumeration is exactly the brute force, up to :func:`canon`: nothing is missing, every
    offered payment is accepted, none is offered twice, and ``payment_key`` draws the same lines."""
    got = offered(st, seat)
    keys = [canon(a) for a in got]
    assert len(set(keys)) == len(keys), "a payment is offered twice"
    assert len({payment.payment_key(a) for a in got}) == len(got)
    assert len(accepted(st, seat, iter(got))) == len(got), "an offered payment is refused"
    truth = brute_force(st, seat)
    assert set(keys) == truth, (sorted(truth - set(keys))[:3], sorted(set(keys) - truth)[:3])
    for prov in CONTENT.provinces:  # what the "Conquer…" button and the province lists ask
        assert engine.can_conquer(st, seat, prov.id) == any(a.province == prov.id for a in got), prov.id
    for a in got:
        SEEN["payment"] += 1
        if isinstance(a, ConquerTroops):
            SEEN["joker"] += a.joker is not None
            SEEN["plus"] += bool(a.plus)
            SEEN["2 exchanges"] += len(a.exchanges) >= 2
            SEEN["exchanged koku"] += bool(a.koku)
            SEEN["useless only card"] += len(a.troops) == 1 and not set(CONTENT.troop[a.troops[0]]) & set(
                engine.requirement(st, a.province)
            )
        else:
            SEEN["buy with troops"] += bool(a.troops)
            SEEN["buy with plus"] += bool(a.plus)


@pytest.mark.slow
def test_conquests_match_the_brute_force() -> None:
    """SH-8.5 to SH-8.8: on 300 random positions under ``make soak``, the first 150 under ``make
    test`` (hands cut to 5 troop and 2 koku cards so the brute force stays small, up to 2 tiles
    given back), the offered conquests are exactly the legal ones."""
    rnd = random.Random(11)
    SEEN.clear()
    count = 0
    wanted = 300 if FULL else 150
    for data, seat in positions(wanted, 3, 7_000):
        compare(trimmed(data, seat, 5, 2, rnd, tiles=2), seat)
        count += 1
    assert count == wanted
    assert all(SEEN[k] for k in ("joker", "plus", "2 exchanges", "exchanged koku", "useless only card")), SEEN
    assert SEEN["buy with troops"] and SEEN["buy with plus"], SEEN


@pytest.mark.slow
def test_conquests_match_the_brute_force_on_whole_hands() -> None:
    """As above on whole hands (a dozen cards and more) with up to 3 tiles given back, where a
    search in a fixed order missed many payments: 110 positions under ``make soak``, the first 55
    under ``make test`` (``tests/playouts.py``)."""
    rnd = random.Random(12)
    SEEN.clear()
    count = 0
    wanted = 110 if FULL else 55
    for data, seat in positions(wanted, 5, 8_000):
        compare(trimmed(data, seat, 99, 99, rnd, tiles=3), seat)
        count += 1
    assert count == wanted
    assert SEEN["2 exchanges"] and SEEN["joker"], SEEN


def test_the_brute_force_shortcuts_lose_nothing() -> None:
    """The brute force's shortcuts (module docstring) drop no legal payment: on small hands the
    search without them (any new type, koku cards without EXCHANGE, no bound on the cards, troop
    cards without exchanged symbols in a koku payment, payments short of the cost) finds the
    same."""
    rnd = random.Random(3)
    checked = with_tiles = 0
    for data, seat in positions(120, 4, 9_000):
        st = trimmed(data, seat, 3, 2, rnd, tiles=2)
        if len(st.players[seat].kept) > 3:
            continue
        assert brute_force(st, seat, shortcuts=False) == brute_force(st, seat)
        checked += 1
        with_tiles += len(st.players[seat].kept) >= 2
    assert checked >= 60 and with_tiles >= 20


def listed_per_kind(every: list[ConquerTroops | ConquerKoku]) -> list[ConquerTroops | ConquerKoku]:
    """What ``legal`` lists of a province's payments: the first ``CONQUEST_CAP`` troop payments,
    then the first ``CONQUEST_CAP`` koku payments."""
    troops = [a for a in every if isinstance(a, ConquerTroops)]
    koku = [a for a in every if isinstance(a, ConquerKoku)]
    return troops[: engine.CONQUEST_CAP] + koku[: engine.CONQUEST_CAP]


def test_legal_lists_the_enumeration_up_to_the_cap() -> None:
    """``legal`` lists, per province, the first ``CONQUEST_CAP`` troop payments and koku payments
    of ``conquest_payments`` (all of them below the cap); the other seats get no payment, and a
    wrong province is a typed error (SH-2.4)."""
    for data, seat in positions(60, 4, 10_000):
        st = load(data)
        listed = [a for a in GAME.legal(st, seat) if isinstance(a, ConquerTroops | ConquerKoku)]
        want = [a for prov in CONTENT.provinces for a in listed_per_kind(engine.conquest_payments(st, seat, prov.id))]
        assert listed == want
        assert GAME.conquest_payments(st, seat, "KANTO") == engine.conquest_payments(st, seat, "KANTO")
        for other in range(-1, st.n + 1):
            if other != seat:
                assert engine.conquest_payments(st, other, "KANTO") == []
    with pytest.raises(IllegalAction) as e:
        engine.conquest_payments(st, seat, "ATLANTIS")
    assert e.value.code == "unknown_province" and e.value.params["rule"] == "SH-2.4"


def kanto_hand() -> tuple[ShitennoState, dict[str, str]]:
    """Kanto needs SA SA SA + the top tile's type; seat 0 (Hatamoto) holds SA+SA, BU, SO, a koku 1,
    two EXCHANGE tiles and a PLUS_ONE."""
    st = control_state(["Hatamoto", "Sensei"], 0)
    top = find_tile(st, "SH", "DRAW")
    take(st, top)
    st.stacks["KANTO"].insert(0, top)
    st.spent.append(st.stacks["KANTO"].pop())
    cards = {"sasa": find_troop(st, "SA", "SA"), "bu": find_troop(st, "BU"), "so": find_troop(st, "SO")}
    cards["k1"] = find_koku(st, 1)
    cards["x1"] = find_tile(st, "BU", "EXCHANGE")
    cards["x2"] = find_tile(st, "SA", "EXCHANGE")
    cards["plus"] = find_tile(st, "SO", "PLUS_ONE")
    take(st, *cards.values())
    p = st.players[0]
    p.troops = [cards["sasa"], cards["bu"], cards["so"]]
    p.koku = [cards["k1"]]
    p.kept = [cards["x1"], cards["x2"], cards["plus"]]
    return st, cards


def test_two_exchanges_and_every_target_are_offered() -> None:
    """SH-8.5.1, SH-8.5.3, SH-8.5.4, SH-8.7.3: payments with two EXCHANGE tiles, on any symbol or
    the koku card, with or without the joker, are all offered (a search trying one EXCHANGE on the
    first card found none of them)."""
    st, c = kanto_hand()
    assert engine.requirement(st, "KANTO") == ["SA", "SA", "SA", "SH"]
    payments = engine.conquest_payments(st, 0, "KANTO")
    got = {canon(a) for a in payments}
    sasa, bu, so, k1, x1, x2, plus = (c[k] for k in ("sasa", "bu", "so", "k1", "x1", "x2", "plus"))
    for text in (
        f"conquer KANTO {sasa} {bu} {so} x{x1}@{bu}.1=SA x{x2}@{so}.1=SH",
        f"conquer KANTO {sasa} {bu} x{x1}@{bu}.1=SA joker=SH",
        f"conquer KANTO {sasa} {k1} +{plus}@{sasa}.1 x{x1}@{k1}=SH",
        f"conquer KANTO {sasa} {bu} {k1} x{x1}@{bu}.1=SH x{x2}@{k1}=SA",
        f"conquer KANTO {sasa} +{plus}@{sasa}.1 joker=SH",
    ):
        assert canon(GAME.parse_action(text)) in got, text
    assert all(a in GAME.legal(st, 0) for a in payments)
    assert {canon(a) for a in offered(st, 0)} == brute_force(st, 0, shortcuts=False)


def test_legal_caps_a_huge_hand_at_the_simplest_payments() -> None:
    """With 20 troop cards, 6 koku and 6 tiles some provinces have thousands of payments: ``legal``
    lists the first ``CONQUEST_CAP`` troop payments of each (fewest tiles first) and the first
    ``CONQUEST_CAP`` koku payments, the same as ``conquest_payments`` cut there: a province whose
    troop payments pass the cap still offers buying it."""
    rnd = random.Random(4)
    st = control_state(["Hatamoto", "Daimyo"], 0)
    p = st.players[0]
    troops, koku = rnd.sample(sorted(CONTENT.troop), 20), rnd.sample(sorted(CONTENT.koku), 6)
    kept = [t for t in sorted(CONTENT.tiles) if CONTENT.tiles[t][1] == "PLUS_ONE"][:3]
    kept += [t for t in sorted(CONTENT.tiles) if CONTENT.tiles[t][1] == "EXCHANGE"][:3]
    take(st, *troops, *koku, *kept)
    p.troops, p.koku, p.kept = troops, koku, kept
    listed = [a for a in GAME.legal(st, 0) if isinstance(a, ConquerTroops | ConquerKoku)]
    capped = bought = 0
    for prov in CONTENT.provinces:
        every = engine.conquest_payments(st, 0, prov.id)
        mine = [a for a in listed if a.province == prov.id]
        troop_count = sum(isinstance(a, ConquerTroops) for a in every)
        capped += troop_count > engine.CONQUEST_CAP
        bought += troop_count > engine.CONQUEST_CAP and any(isinstance(a, ConquerKoku) for a in mine)
        assert mine == listed_per_kind(every)
        tiles = [len(a.plus) + len(a.exchanges) + (getattr(a, "joker", None) is not None) for a in every]
        troops = [t for t, a in zip(tiles, every, strict=True) if isinstance(a, ConquerTroops)]
        assert troops == sorted(troops)
    assert capped >= 4 and bought >= 1
