"""Payments for conquests (SH-8.4 to SH-8.7): validity, the no-superfluous-parts rule, and the
complete enumeration of legal payments behind :func:`rules.shitenno.engine.conquest_payments`.

:func:`check_troops` / :func:`check_koku` decide legality exactly. :func:`troop_payments` and
:func:`koku_payments` list every legal payment of a hand, one per :func:`payment_key` (identical
cards and tiles are one choice); tests/rules/test_shitenno_conquests.py compares them with a brute-force
search judged by ``apply``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import product
from operator import add

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


def a_card_spare(values: Sequence[int], slack: int) -> bool:
    """SH-8.7.2 for a payment's koku cards (their ``values``) with ``slack`` koku beyond the cost:
    one of several cards could be taken out."""
    return len(values) > 1 and min(values) <= slack


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
    if a_card_spare([CONTENT.koku[k] for k in p.koku], slack):
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


# ---------------------------------------------------------------- complete enumeration

Payment = ConquerTroops | ConquerKoku


def payment_key(a: Payment) -> tuple[object, ...]:
    """What makes two legal payments for the same hand different: the cards up to identical ones
    (troop cards with the same symbols, koku cards of the same value), with what each tile does to
    them. Tiles of one effect are interchangeable (a kept tile's troop face no longer matters,
    SH-4.1), and so are the two symbols of a same-type double. A troop payment is its troop cards,
    each with the tile on each symbol (none, PLUS_ONE, or EXCHANGE and the new type), its koku
    cards by value with their new type, and the joker type (SH-8.5). A koku payment is its koku
    values, its number of PLUS_ONE tiles and its troop cards, each with how many of its symbols are
    exchanged (an exchanged symbol yields 1 koku whichever it is, SH-8.6.2)."""
    if isinstance(a, ConquerTroops):
        mods: dict[str, str] = {s: "+" for _t, s in a.plus}
        mods.update({target: ty for _t, target, ty in a.exchanges})
        cards = sorted(
            (
                CONTENT.troop[c],
                tuple(sorted((ty, mods.get(f"{c}.{i}", "")) for i, ty in enumerate(CONTENT.troop[c], 1))),
            )
            for c in a.troops
        )
        koku = sorted((CONTENT.koku[k], mods.get(k, "")) for k in a.koku)
        return ("conquer", a.province, tuple(cards), tuple(koku), a.joker)
    targeted = Counter(s.split(".")[0] for _t, s in a.exchanges)
    troops = sorted((CONTENT.troop[c], targeted[c]) for c in a.troops)
    return ("buy", a.province, tuple(sorted(CONTENT.koku[k] for k in a.koku)), len(a.plus), tuple(troops))


def _kinds(cards: Sequence[str]) -> dict[tuple[str, ...], list[str]]:
    """Troop cards grouped by their symbols, in hand order."""
    out: dict[tuple[str, ...], list[str]] = {}
    for c in cards:
        out.setdefault(CONTENT.troop[c], []).append(c)
    return out


class _Budget:
    """How many tiles a payment may still use so that it can be among the ``first`` payments in
    order (fewest tiles first): once ``first`` payments use at most k tiles, the rest with more
    cannot be among them, so the search stops looking for them."""

    def __init__(self, first: int | None, most: int) -> None:
        self.first = first
        self.most = most
        self.per_level = [0] * (most + 1)

    def found(self, tiles: int) -> None:
        if self.first is None:
            return
        self.per_level[tiles] += 1
        seen = 0
        for level, n in enumerate(self.per_level[: self.most + 1]):
            seen += n
            if seen >= self.first:
                self.most = level
                return


class _Enough(Exception):
    """A search asked for any one payment has found it."""


@dataclass(frozen=True, slots=True)
class _Part:
    """One troop card with the tiles on its symbols, one koku card with its EXCHANGE, or the joker:
    the pieces a troop payment is built from (a removal unit with the tiles it carries)."""

    group: int
    """Which cards it takes one of (a troop kind, a koku value, the joker)."""
    gain: tuple[int, ...]
    """Troops of each required type it yields."""
    mask: int
    """The required types (bits) it yields."""
    plus: int
    exch: int
    what: str
    """``troop``, ``koku`` or ``joker``."""
    mods: tuple[str, ...] = ()
    """Per symbol of a troop card: ``""``, ``"+"`` (PLUS_ONE) or the EXCHANGE's new type."""
    ty: str = ""
    """New type of a koku card, or the joker's type."""
    tight: int = 0
    """The required types (bits) its symbol tiles yield: removing such a tile alone loses one
    (SH-8.5.1, SH-8.5.2), so these types must be covered exactly."""


@lru_cache(maxsize=1024)
def _card_parts(
    symbols: tuple[str, ...], types: tuple[str, ...]
) -> tuple[tuple[tuple[str, ...], tuple[int, ...], int, int, int], ...]:
    """The ways a card of these symbols can be in a legal payment for these required types:
    (mods, gain, PLUS_ONE tiles, EXCHANGE tiles, tight bits). A PLUS_ONE only goes on a symbol of a
    required type and an EXCHANGE only to a required type (else the tile is superfluous,
    SH-8.7.2); the two symbols of a same-type double are interchangeable, so one order only; a
    card yielding no required troop is left out (it can only be a payment's plain only card)."""
    per = [[""] + (["+"] if ty in types else []) + [t for t in types if t != ty] for ty in symbols]
    out = []
    for mods in product(*per):
        if len(symbols) == 2 and symbols[0] == symbols[1] and per[0].index(mods[0]) > per[0].index(mods[1]):
            continue
        gain = [0] * len(types)
        tight = 0
        for ty, m in zip(symbols, mods, strict=True):
            got = ty if m in ("", "+") else m
            if got in types:
                gain[types.index(got)] += 1 + (m == "+")
            if m:
                tight |= 1 << types.index(got)
        if any(gain):
            out.append((mods, tuple(gain), mods.count("+"), sum(1 for m in mods if m not in ("", "+")), tight))
    return tuple(out)


def _reachable(need: Counter[str], troops: Sequence[str], koku: int, plus: int, exch: int, joker: bool) -> bool:
    """A quick necessary condition: each required type can be yielded often enough by its own
    symbols, a PLUS_ONE on each of them, EXCHANGEs on other symbols or koku cards, and the joker."""
    count = Counter(ty for c in troops for ty in CONTENT.troop[c])
    total = sum(count.values())
    for t, n in need.items():
        if count[t] + min(plus, count[t]) + min(exch, total - count[t] + koku) + joker < n:
            return False
    return True


def troop_payments(
    province: str,
    requirement: Sequence[str],
    troops: Sequence[str],
    koku: Sequence[str],
    plus_tiles: Sequence[str],
    exch_tiles: Sequence[str],
    joker: bool,
    first: int | None = None,
    *,
    any_one: bool = False,
) -> list[ConquerTroops]:
    """Every legal troop payment (SH-8.5, SH-8.7) from this hand, one per :func:`payment_key`,
    using the first cards of each kind and the first tiles in hand order; fewest tiles (the joker
    counts as one) first, then fewest cards; with ``first``, only the first that many of this list
    (found without looking for payments with more tiles than they need); with ``any_one``, the
    first payment the search finds, whichever it is (is there one at all?).

    A payment is built from parts (:class:`_Part`): troop cards with their tiles, exchanged koku
    cards, the joker. Their yields add up, so in a legal payment each part, taken in any fixed
    order, raises the coverage of the requirement when it is added: otherwise removing it leaves a
    valid payment (SH-8.7.2). The one exception is a troop card that is the payment's only one; it
    then yields nothing required and carries no tile. The search adds only parts that raise the
    coverage, stops when the requirement is covered (a payment without a troop card then takes one
    plain card of each kind yielding nothing required in turn), and keeps the payments from which
    no unit can be removed.
    tests/rules/test_shitenno_conquests.py checks the result against ``apply`` on every subset of a hand."""
    need = Counter(requirement)
    n_plus, n_exch = len(plus_tiles), len(exch_tiles)
    if not troops or not _reachable(need, troops, len(koku), n_plus, n_exch, joker):
        return []
    types = tuple(t for t in CONTENT.troop_types if need[t])
    want = tuple(need[t] for t in types)
    kinds = list(_kinds(troops).items())
    parts: list[_Part] = []
    caps: list[int] = []
    cards_of: list[list[str]] = []
    for syms, cards in kinds:
        g = len(caps)
        caps.append(len(cards))
        cards_of.append(cards)
        for mods, gain, np_, ne, tight in _card_parts(syms, types):
            if np_ <= n_plus and ne <= n_exch:
                mask = sum(1 << j for j, x in enumerate(gain) if x)
                parts.append(_Part(g, gain, mask, np_, ne, "troop", mods, tight=tight))
    one_hot = [tuple(int(i == j) for j in range(len(types))) for i in range(len(types))]
    if n_exch:
        koku_by_value: dict[int, list[str]] = {}
        for k in koku:
            koku_by_value.setdefault(CONTENT.koku[k], []).append(k)
        for value in sorted(koku_by_value):
            g = len(caps)
            caps.append(len(koku_by_value[value]))
            cards_of.append(koku_by_value[value])
            parts += [_Part(g, one_hot[i], 1 << i, 0, 1, "koku", ty=t) for i, t in enumerate(types)]
    if joker:
        g = len(caps)
        caps.append(1)
        cards_of.append([])
        parts += [_Part(g, one_hot[i], 1 << i, 0, 0, "joker", ty=t) for i, t in enumerate(types)]
    found: list[tuple[int, int, ConquerTroops]] = []
    used = [0] * len(caps)
    chosen: list[_Part] = []
    n_types = len(types)

    def removable(q: _Part, have: tuple[int, ...]) -> bool:
        return all(have[j] - q.gain[j] >= want[j] for j in range(n_types))

    # The payment being built, kept along with ``chosen``: its troop and koku cards, the symbols
    # its PLUS_ONE tiles go on, the (target, new type) of its EXCHANGE tiles, and the joker's type.
    # The tiles themselves are the first ones in hand order.
    t_out: list[str] = []
    k_out: list[str] = []
    p_syms: list[str] = []
    x_targets: list[tuple[str, str]] = []
    joker_ty: list[str | None] = [None]
    exch_firsts = [(tile,) for tile in exch_tiles]
    tiles_on: dict[tuple[int, str], tuple[list[str], list[tuple[str, str]]]] = {}
    """Per part (by index) and troop card: the symbols its PLUS_ONE tiles go on and its
    (symbol, new type) exchanges."""

    def tiles_of(i: int, q: _Part, card: str) -> tuple[list[str], list[tuple[str, str]]]:
        plus = [sym for (sym, _ty), m in zip(SYMBOLS[card], q.mods, strict=True) if m == "+"]
        exch = [(sym, m) for (sym, _ty), m in zip(SYMBOLS[card], q.mods, strict=True) if m not in ("", "+")]
        tiles_on[i, card] = plus, exch
        return plus, exch

    def build() -> None:
        jk = joker_ty[0]
        a = ConquerTroops(
            province,
            tuple(t_out),
            tuple(k_out),
            tuple(zip(plus_tiles, p_syms, strict=False)),
            tuple(map(add, exch_firsts, x_targets)),
            jk,
        )
        tiles = len(p_syms) + len(x_targets) + (jk is not None)
        found.append((tiles, len(t_out) + len(k_out), a))
        budget.found(tiles)
        if any_one:
            raise _Enough

    parts.sort(key=lambda q: q.plus + q.exch + (q.what == "joker"))  # payments with few tiles first
    useful: dict[tuple[int, int, int], list[int]] = {}
    """Per set of still short types and the PLUS_ONE and EXCHANGE tiles left (2 meaning 2 or
    more: a part takes at most 2 of a kind): the parts that yield one of those types and fit in
    the tiles left, by index."""

    def fitting(short: int, plus_left: int, exch_left: int) -> list[int]:
        key = short, min(plus_left, 2), min(exch_left, 2)
        if key not in useful:
            useful[key] = [
                i for i, q in enumerate(parts) if q.mask & short and q.plus <= plus_left and q.exch <= exch_left
            ]
        return useful[key]

    budget = _Budget(first, n_plus + n_exch + 1)

    coverage: dict[tuple[int, ...], tuple[int, int]] = {}
    """Per yield: the required types still short (bits) and those in surplus (bits); a search
    meets the same few yields again and again."""

    def classify(now: tuple[int, ...]) -> tuple[int, int]:
        left = over = 0
        for j in range(n_types):
            if now[j] < want[j]:
                left |= 1 << j
            elif now[j] > want[j]:
                over |= 1 << j
        coverage[now] = left, over
        return left, over

    def minimal(now: tuple[int, ...], over: int, nt: int) -> bool:
        """No chosen part can be taken out (SH-8.7.2): one yielding a type not in surplus
        cannot, nor the only troop card; the rest only if the surplus covers all it yields."""
        for c in chosen:
            if c.mask & ~over or (nt == 1 and c.what == "troop"):
                continue
            if removable(c, now):
                return False
        return True

    def rec(
        start: int, have: tuple[int, ...], short: int, np_: int, ne: int, n_troop: int, tight: int, jk: int
    ) -> None:
        cands = fitting(short, n_plus - np_, n_exch - ne)
        for i in cands[bisect_left(cands, start) :]:
            q = parts[i]
            g = q.group
            if used[g] >= caps[g]:
                continue
            p2, e2 = np_ + q.plus, ne + q.exch
            jq = jk + (q.what == "joker")
            if p2 + e2 + jq > budget.most:
                continue
            now = tuple(map(add, have, q.gain))
            left, over = coverage.get(now) or classify(now)
            t = tight | q.tight
            if t & over:
                continue  # a symbol tile's type is already in surplus: that tile is removable
            what = q.what
            nt = n_troop + (what == "troop")
            if what == "troop":
                card = cards_of[g][used[g]]
                t_out.append(card)
                if q.plus or q.exch:
                    plus, exch = tiles_on.get((i, card)) or tiles_of(i, q, card)
                    p_syms.extend(plus)
                    x_targets.extend(exch)
            elif what == "koku":
                card = cards_of[g][used[g]]
                k_out.append(card)
                x_targets.append((card, q.ty))
            else:
                joker_ty[0] = q.ty
            used[g] += 1
            chosen.append(q)
            if left:
                rec(i, now, left, p2, e2, nt, t, jq)
            elif minimal(now, over, nt):
                if nt:
                    build()
                else:  # the only troop card then yields nothing required (else a koku or joker is removable)
                    for syms, cards in kinds:
                        if not set(syms) & set(types):
                            t_out.append(cards[0])
                            build()
                            t_out.pop()
            used[g] -= 1
            chosen.pop()
            if what == "troop":
                t_out.pop()
                if q.plus:
                    del p_syms[-q.plus :]
                if q.exch:
                    del x_targets[-q.exch :]
            elif what == "koku":
                k_out.pop()
                x_targets.pop()
            else:
                joker_ty[0] = None

    try:
        rec(0, (0,) * n_types, (1 << n_types) - 1, 0, 0, 0, 0, 0)
    except _Enough:
        return [found[0][2]]
    found.sort(key=lambda f: (f[0], f[1]))
    return [a for _t, _c, a in found[:first]]


def _fills(kinds: list[tuple[tuple[str, ...], list[str]]], x: int) -> list[list[tuple[str, int]]]:
    """Every way to target exactly ``x`` symbols with EXCHANGE tiles, each chosen troop card at
    least once (SH-8.6.2), up to identical cards: (card, symbols targeted) lists."""
    out: list[list[tuple[str, int]]] = []

    def rec(i: int, left: int, acc: list[tuple[str, int]]) -> None:
        if left == 0:
            out.append(list(acc))
            return
        if i == len(kinds):
            return
        syms, cards = kinds[i]
        for once in range(min(len(cards), left) + 1):
            for twice in range(min(len(cards) - once, (left - once) // 2) + 1 if len(syms) == 2 else 1):
                used = once + 2 * twice
                if used > left:
                    break
                picks = [(c, 1) for c in cards[:once]] + [(c, 2) for c in cards[once : once + twice]]
                rec(i + 1, left - used, acc + picks)

    rec(0, x, [])
    return out


def koku_payments(
    province: str,
    cost: int,
    koku: Sequence[str],
    plus_tiles: Sequence[str],
    exch_tiles: Sequence[str],
    troops: Sequence[str],
    first: int | None = None,
) -> list[ConquerKoku]:
    """Every legal koku payment (SH-8.6, SH-8.7) from this hand, one per :func:`payment_key`,
    using the first cards of each kind and the first tiles in hand order; fewest tiles first, then
    fewest cards; with ``first``, only the first that many of this list.

    By SH-8.7.2 a payment whose koku cards reach the cost alone takes no tile and no troop card,
    and is legal when it is one card or no card is worth the surplus; otherwise PLUS_ONE tiles and
    exchanged symbols make up exactly the missing koku (any surplus would make a tile removable).
    Such a payment is legal as built: every unit taken out would leave it short, and each
    exchange is on a distinct symbol of a troop card it names (tests/rules/test_shitenno_conquests.py:
    ``apply`` accepts every payment listed, and the list is exactly the brute force's)."""
    by_value: dict[int, list[str]] = {}
    for k in koku:
        by_value.setdefault(CONTENT.koku[k], []).append(k)
    values = sorted(by_value)
    kinds = list(_kinds(troops).items())
    fills: dict[int, list[tuple[tuple[str, ...], tuple[tuple[str, str], ...]]]] = {}
    budget = _Budget(first, len(plus_tiles) + len(exch_tiles))
    out: list[tuple[int, int, ConquerKoku]] = []
    for counts in product(*(range(len(by_value[v]) + 1) for v in values)):
        if not any(counts):
            continue
        total = sum(v * n for v, n in zip(values, counts, strict=True))
        cards = tuple(c for v, n in zip(values, counts, strict=True) for c in by_value[v][:n])
        if total >= cost:
            if not a_card_spare([CONTENT.koku[c] for c in cards], total - cost):
                out.append((0, len(cards), ConquerKoku(province, cards)))
                budget.found(0)
            continue
        missing = cost - total
        if missing > budget.most:
            continue
        for np_ in range(min(missing, len(plus_tiles)) + 1):
            x = missing - np_
            if x > len(exch_tiles):
                continue
            if x not in fills:
                fills[x] = [_exchanges(fill, exch_tiles) for fill in _fills(kinds, x)]
            plus = tuple(plus_tiles[:np_])
            for targets, exch in fills[x]:
                out.append((missing, len(cards) + len(targets), ConquerKoku(province, cards, plus, targets, exch)))
                budget.found(missing)
    out.sort(key=lambda f: (f[0], f[1]))
    return [a for _t, _c, a in out[:first]]


def _exchanges(
    fill: list[tuple[str, int]], exch_tiles: Sequence[str]
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """A fill of :func:`_fills` as a koku payment's troop cards and (tile, symbol) exchanges."""
    exch: list[tuple[str, str]] = []
    for card, n in fill:
        for i in range(1, n + 1):
            exch.append((exch_tiles[len(exch)], f"{card}.{i}"))
    return tuple(card for card, _ in fill), tuple(exch)
