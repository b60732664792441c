"""Payments for conquests (SH-8.4 to SH-8.7): validity, the no-superfluous-parts rule, and a
bounded enumeration of legal payments for :func:`rules.shitenno.engine.legal`.

Validation is exact. Enumeration is a representative subset (documented in :func:`troop_payments`
and :func:`koku_payments`); :func:`check_troops` / :func:`check_koku` decide legality.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from rules.shitenno.actions import ConquerKoku, ConquerTroops
from rules.shitenno.content import CONTENT


def _symbol(sym: str) -> tuple[str, int] | None:
    card, _, idx = sym.partition(".")
    syms = CONTENT.troop.get(card)
    if syms is None or not idx.isdigit() or not 1 <= int(idx) <= len(syms):
        return None
    return card, int(idx)


def printed(sym: str) -> str:
    card, idx = sym.split(".")
    return CONTENT.troop[card][int(idx) - 1]


def troop_structure(p: ConquerTroops) -> str | None:
    """The SH rule a troop payment's shape breaks (ignoring cost), or ``None``."""
    if not p.troops:
        return "SH-8.5.5"
    targeted: set[str] = set()
    for _tile, sym in p.plus:
        s = _symbol(sym)
        if s is None or s[0] not in p.troops:
            return "SH-8.5.2"
        if sym in targeted:
            return "SH-8.7.1"
        targeted.add(sym)
    for _tile, target, new in p.exchanges:
        if target.startswith("K"):
            if target not in p.koku:
                return "SH-8.5.3"
        else:
            s = _symbol(target)
            if s is None or s[0] not in p.troops:
                return "SH-8.5.1"
            if printed(target) == new:
                return "SH-8.5.1"
        if target in targeted:
            return "SH-8.7.1"
        targeted.add(target)
    for k in p.koku:
        if k not in targeted:
            return "SH-8.5.3"
    return None


SYMBOLS: dict[str, tuple[tuple[str, str], ...]] = {
    card: tuple((f"{card}.{i}", ty) for i, ty in enumerate(types, 1)) for card, types in CONTENT.troop.items()
}
"""Troop card -> (symbol name, printed type) pairs."""
PRINTED: dict[str, str] = {sym: ty for pairs in SYMBOLS.values() for sym, ty in pairs}


def troop_yield(p: ConquerTroops) -> Counter[str]:
    new = {target: ty for _t, target, ty in p.exchanges}
    out: Counter[str] = Counter()
    for card in p.troops:
        for sym, ty in SYMBOLS[card]:
            out[new.get(sym, ty)] += 1
    for _tile, sym in p.plus:
        out[PRINTED[sym]] += 1
    for k in p.koku:
        out[new[k]] += 1
    if p.joker:
        out[p.joker] += 1
    return out


def _covers(have: Counter[str], need: Counter[str]) -> bool:
    return all(have[t] >= n for t, n in need.items())


def troop_valid(p: ConquerTroops, need: Counter[str]) -> bool:
    return troop_structure(p) is None and _covers(troop_yield(p), need)


def _troop_units(p: ConquerTroops) -> list[ConquerTroops]:
    """SH-8.7.2: the payment with each removal unit taken out."""
    out = []
    for card in p.troops:
        out.append(
            replace(
                p,
                troops=tuple(c for c in p.troops if c != card),
                plus=tuple(x for x in p.plus if not x[1].startswith(card + ".")),
                exchanges=tuple(x for x in p.exchanges if not x[1].startswith(card + ".")),
            )
        )
    for k in p.koku:
        out.append(
            replace(p, koku=tuple(c for c in p.koku if c != k), exchanges=tuple(x for x in p.exchanges if x[1] != k))
        )
    for i in range(len(p.plus)):
        out.append(replace(p, plus=p.plus[:i] + p.plus[i + 1 :]))
    for i in range(len(p.exchanges)):
        out.append(replace(p, exchanges=p.exchanges[:i] + p.exchanges[i + 1 :]))
    if p.joker:
        out.append(replace(p, joker=None))
    return out


def check_troops_reference(p: ConquerTroops, requirement: Sequence[str]) -> str | None:
    """SH-8.7.2 read literally (rebuild the payment without each unit); :func:`check_troops`
    must agree with it (tested)."""
    err = troop_structure(p)
    if err:
        return err
    need = Counter(requirement)
    if not _covers(troop_yield(p), need):
        return "SH-8.5.6"
    if any(troop_valid(q, need) for q in _troop_units(p)):
        return "SH-8.7.2"
    return None


def check_troops(p: ConquerTroops, requirement: Sequence[str]) -> str | None:
    """The rule a troop payment breaks for this requirement, or ``None`` if it is legal.

    For SH-8.7.2 each removal unit's contribution is subtracted from the yield instead of
    rebuilding the payment: removing a unit keeps the shape valid except when it takes the last
    troop card or an EXCHANGE away from a koku card."""
    err = troop_structure(p)
    if err:
        return err
    need = Counter(requirement)
    have = troop_yield(p)
    if not _covers(have, need):
        return "SH-8.5.6"
    new = {target: ty for _t, target, ty in p.exchanges}

    def still_covers(minus: Counter[str], plus_back: Counter[str] | None = None) -> bool:
        return all(have[t] - minus[t] + (plus_back[t] if plus_back else 0) >= n for t, n in need.items())

    if len(p.troops) > 1:
        for card in p.troops:
            minus: Counter[str] = Counter()
            for sym, ty in SYMBOLS[card]:
                minus[new.get(sym, ty)] += 1
            for _tile, sym in p.plus:
                if sym.startswith(card + "."):
                    minus[PRINTED[sym]] += 1
            if still_covers(minus):
                return "SH-8.7.2"
    for k in p.koku:
        if still_covers(Counter((new[k],))):
            return "SH-8.7.2"
    for _tile, sym in p.plus:
        if still_covers(Counter((PRINTED[sym],))):
            return "SH-8.7.2"
    for _tile, target, ty in p.exchanges:
        if not target.startswith("K") and still_covers(Counter((ty,)), Counter((PRINTED[target],))):
            return "SH-8.7.2"
    if p.joker and still_covers(Counter((p.joker,))):
        return "SH-8.7.2"
    return None


def koku_structure(p: ConquerKoku) -> str | None:
    if not p.koku:
        return "SH-8.6.3"
    targeted: set[str] = set()
    for _tile, sym in p.exchanges:
        s = _symbol(sym)
        if s is None or s[0] not in p.troops:
            return "SH-8.6.2"
        if sym in targeted:
            return "SH-8.7.1"
        targeted.add(sym)
    for card in p.troops:
        if not any(s.startswith(card + ".") for s in targeted):
            return "SH-8.6.2"
    return None


def koku_total(p: ConquerKoku) -> int:
    return sum(CONTENT.koku[k] for k in p.koku) + len(p.plus) + len(p.exchanges)


def _koku_units(p: ConquerKoku) -> list[ConquerKoku]:
    out = [replace(p, koku=tuple(c for c in p.koku if c != k)) for k in p.koku]
    for card in p.troops:
        out.append(
            replace(
                p,
                troops=tuple(c for c in p.troops if c != card),
                exchanges=tuple(x for x in p.exchanges if not x[1].startswith(card + ".")),
            )
        )
    out += [replace(p, plus=p.plus[:i] + p.plus[i + 1 :]) for i in range(len(p.plus))]
    out += [replace(p, exchanges=p.exchanges[:i] + p.exchanges[i + 1 :]) for i in range(len(p.exchanges))]
    return out


def check_koku_reference(p: ConquerKoku, cost: int) -> str | None:
    """SH-8.7.2 read literally; :func:`check_koku` must agree with it (tested)."""
    err = koku_structure(p)
    if err:
        return err
    if koku_total(p) < cost:
        return "SH-8.6.4"
    if any(koku_structure(q) is None and koku_total(q) >= cost for q in _koku_units(p)):
        return "SH-8.7.2"
    return None


def check_koku(p: ConquerKoku, cost: int) -> str | None:
    """The rule a koku payment breaks for this cost, or ``None`` if it is legal. A removal keeps
    the shape valid unless it takes the last koku card or a troop card's only EXCHANGE."""
    err = koku_structure(p)
    if err:
        return err
    total = koku_total(p)
    if total < cost:
        return "SH-8.6.4"
    slack = total - cost
    if len(p.koku) > 1 and any(CONTENT.koku[k] <= slack for k in p.koku):
        return "SH-8.7.2"
    if p.plus and slack >= 1:
        return "SH-8.7.2"
    per_card = Counter(sym.split(".")[0] for _t, sym in p.exchanges)
    for card in p.troops:
        if per_card[card] <= slack:
            return "SH-8.7.2"
    if slack >= 1 and any(per_card[c] > 1 for c in p.troops):
        return "SH-8.7.2"
    return None


def koku_payments(
    province: str,
    cost: int,
    koku: tuple[str, ...],
    plus_tiles: tuple[str, ...],
    exch_tiles: tuple[str, ...],
    troops: tuple[str, ...],
) -> tuple[ConquerKoku, ...]:
    """Every legal multiset of koku values (first cards of each value), with 0..k PLUS_ONE tiles
    and, when possible, one EXCHANGE on the first symbol of the first troop card in hand."""
    by_value: dict[int, list[str]] = {}
    for k in koku:
        by_value.setdefault(CONTENT.koku[k], []).append(k)
    values = sorted(by_value)
    out: list[ConquerKoku] = []
    ex_opts = [()] + ([((exch_tiles[0], f"{troops[0]}.1"),)] if exch_tiles and troops else [])

    def rec(i: int, chosen: list[str], total: int) -> None:
        if i == len(values):
            if not chosen:
                return
            for np in range(min(len(plus_tiles), cost) + 1):
                for ex in ex_opts:
                    if total + np + len(ex) < cost or (np and total + np + len(ex) > cost):
                        continue
                    p = ConquerKoku(
                        province, tuple(chosen), tuple(plus_tiles[:np]), tuple(t[1].split(".")[0] for t in ex), ex
                    )
                    if check_koku(p, cost) is None:
                        out.append(p)
            return
        v = values[i]
        cards = by_value[v]
        for n in range(len(cards) + 1):
            if total + v * n - v >= cost and n > 0:
                break
            rec(i + 1, chosen + cards[:n], total + v * n)

    rec(0, [], 0)
    return tuple(out)


def troop_payments(
    province: str,
    requirement: tuple[str, ...],
    troops: tuple[str, ...],
    koku: tuple[str, ...],
    plus_tiles: tuple[str, ...],
    exch_tiles: tuple[str, ...],
    joker: bool,
    cap: int = 6,
    budget: int = 150,
) -> tuple[ConquerTroops, ...]:
    """A representative subset of legal troop payments: a depth-first search that covers the first
    still-missing troop type with one new source at a time (a card of a distinct symbol pattern,
    the joker, the next PLUS_ONE, or the next EXCHANGE on a symbol or on the lowest koku card).
    At most ``cap`` payments with cards only and ``cap`` using a tile or the joker are kept, and
    at most ``budget`` nodes visited, so the list stays short."""
    need = Counter(requirement)
    reach: Counter[str] = Counter()
    for c in troops:
        reach.update(CONTENT.troop[c])
    spare = len(plus_tiles) + len(exch_tiles) + (1 if joker else 0)
    if sum(max(0, n - reach[t]) for t, n in need.items()) > spare:
        return ()
    kinds: dict[tuple[str, ...], str] = {}
    for c in troops:
        kinds.setdefault(CONTENT.troop[c], c)
    kind_index = {card: i for i, card in enumerate(kinds.values())}
    low_koku = sorted(koku, key=lambda k: (CONTENT.koku[k], k))
    order = CONTENT.troop_types
    results: dict[str, ConquerTroops] = {}
    found = [0, 0]
    """Payments found without and with tiles or the joker."""
    nodes = 0
    extras_possible = spare > 0

    def rec(p: ConquerTroops, extra: bool) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > budget or found[extra] >= cap:
            return
        have = troop_yield(p)
        missing = [t for t in order if have[t] < need[t]]
        if not missing:
            if check_troops(p, requirement) is None:
                key = p.notation()
                if key not in results:
                    results[key] = p
                    found[extra] += 1
            return
        t = missing[0]
        last = kind_index.get(p.troops[-1], -1) if p.troops else -1
        for i, (syms, card) in enumerate(kinds.items()):
            if t in syms and i > last and card not in p.troops:
                rec(ConquerTroops(province, (*p.troops, card), p.koku, p.plus, p.exchanges, p.joker), extra)
        if not extras_possible or found[1] >= cap:
            return
        used_tiles = {x[0] for x in p.plus} | {x[0] for x in p.exchanges}
        targeted = {x[1] for x in p.plus} | {x[1] for x in p.exchanges}
        if joker and p.joker is None:
            rec(ConquerTroops(province, p.troops, p.koku, p.plus, p.exchanges, t), True)
        free_plus = [x for x in plus_tiles if x not in used_tiles]
        if free_plus:
            for card in p.troops:
                for s, ty in SYMBOLS[card]:
                    if ty == t and s not in targeted:
                        rec(
                            ConquerTroops(
                                province, p.troops, p.koku, (*p.plus, (free_plus[0], s)), p.exchanges, p.joker
                            ),
                            True,
                        )
        free_ex = [x for x in exch_tiles if x not in used_tiles]
        if free_ex:
            tile = free_ex[0]
            for card in p.troops:
                for s, ty in SYMBOLS[card]:
                    if ty != t and s not in targeted:
                        rec(
                            ConquerTroops(province, p.troops, p.koku, p.plus, (*p.exchanges, (tile, s, t)), p.joker),
                            True,
                        )
            for syms, card in kinds.items():
                if t not in syms and card not in p.troops:
                    ex = (*p.exchanges, (tile, f"{card}.1", t))
                    rec(ConquerTroops(province, (*p.troops, card), p.koku, p.plus, ex, p.joker), True)
            free_k = [k for k in low_koku if k not in p.koku]
            if free_k and p.troops:
                k = free_k[0]
                rec(
                    ConquerTroops(province, p.troops, (*p.koku, k), p.plus, (*p.exchanges, (tile, k, t)), p.joker),
                    True,
                )

    rec(ConquerTroops(province, ()), False)
    return tuple(results.values())
