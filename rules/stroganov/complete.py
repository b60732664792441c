"""Every legal action behind what was typed, for the ``/stroganov act`` autocomplete (DESIGN §5).

:func:`~rules.stroganov.legal.legal` lists every kind of decision but only representative payments;
:func:`completions` lists, for the verb (and tile or wish) typed so far, every legal action: every
claim payment, every fulfilment, every trophy entry, every trade (payment × effects) and, in 3b,
every action with every fee. Payments are built entry by entry from what the cossack holds: per
requirement the entries :func:`~rules.stroganov.payment.options` offers for what is left after the
earlier entries, each paid on a scratch wallet with :func:`~rules.stroganov.payment.pay` (so
counts, coins and PATRON's free substitution are the engine's); :func:`~rules.stroganov.turn.check`
then judges what is not payment (phase, tile, region, wish, moves).

One action per distinct effect: entries for equal requirements are written in the order of
``options`` (furs ascending, ``tiger``, substitutions ascending), and a trade's effects once per
multiset, in the first order whose moves stay on the row (the order changes nothing else).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement, permutations

from rules.errors import RuleError
from rules.stroganov import core, engine, turn
from rules.stroganov.actions import EFFECTS, Action, Claim, Entry, Extra, Fulfil, Paid, Trade, Trophy
from rules.stroganov.core import has_ability
from rules.stroganov.legal import extras, legal
from rules.stroganov.payment import Wallet, options, pay, wallet
from rules.stroganov.state import StroganovState

EXTRA_VERBS = ("coin", "horses", "step", "hunt", "trade", "wish", "village", "yurt", "build", "recruit", "claim")
"""The verbs of the actions a 3b fee is paid for (ST-7.6)."""


def completions(st: StroganovState, seat: int, typed: str) -> list[Action]:
    """The legal actions of ``seat`` now that fit the head of ``typed``: its verb (a prefix of one
    while the first word is unfinished) and, for ``claim`` and ``fulfil``, the tile or wish (likewise).
    Verbs with payments or combinations are listed in full; the others as :func:`legal` lists them;
    with nothing typed, or for a seat not to act, :func:`legal`'s list."""
    words = typed.lower().split()
    if not words or seat not in engine.to_act(st):
        return legal(st, seat)
    ci = engine.cossack_of(st, seat)

    def fits(word: str, i: int) -> bool:
        """Typed word ``i``: whole once a space follows it, else the start of ``word``."""
        done = len(words) > i + 1 or typed[-1].isspace()
        return word.lower() == words[i] if done else word.lower().startswith(words[i])

    verbs = [v for v in open_verbs(st) if fits(v, 0)]
    verb_done = len(words) > 1 or typed[-1].isspace()
    listed = [] if verbs and verb_done else legal(st, seat)  # a whole open verb: legal adds nothing
    out = [a for a in listed if verb(a) not in verbs and fits(verb(a), 0)]
    for v in verbs:
        out += expand(st, ci, v, lambda ident: len(words) < 2 or fits(ident, 1))
    return out


def verb(a: Action) -> str:
    return a.notation().split()[0]


def open_verbs(st: StroganovState) -> tuple[str, ...]:
    """The verbs with more legal actions than :func:`legal` lists, for the decision now due."""
    if st.queue:
        return ("trophy",)
    if st.stage != "turn" or st.turn is None:
        return ()
    return {0: ("fulfil",), 1: ("fulfil", "trade"), 2: ("fulfil", "trade", "claim"), 3: ("fulfil", *EXTRA_VERBS)}.get(
        st.turn.phase, ("fulfil",)
    )


def expand(st: StroganovState, ci: int, v: str, named: Callable[[str], bool]) -> list[Action]:
    """Every legal action of verb ``v``; ``named(tile_or_wish)`` filters claims and fulfilments."""
    c = st.cossacks[ci]
    patron = engine.patron_free(st, ci)
    w = wallet(c, free_sub=patron)
    if v == "trophy":
        return trophies(st, ci, w)
    assert st.turn is not None
    phase = st.turn.phase
    if v == "fulfil":
        return [a for wish in c.held if named(wish) for a in fulfils(st, ci, wish, w, patron, phase)]
    if v == "trade":
        return trades(st, ci, w, patron, phase)
    if v == "claim":
        tiles = [t for t in st.row if t is not None and named(t)]
        memo: Memo = {}  # tiles of a region share their payments
        return [a for t in tiles for a in claims(st, ci, t, w, patron, phase, memo)]
    acts = [a for a in extras(st, ci, gold=True, patron=patron) if verb(a) == v]
    return [p for a in acts for f in fees(st, ci, a, w) if ok(st, ci, p := Paid(a, f), phase, patron)]


def ok(st: StroganovState, ci: int, a: Action, phase: int, patron: bool) -> bool:
    """The engine's judgement of a turn action (what ``apply`` checks)."""
    try:
        turn.check(st, ci, a, phase, patron)
    except RuleError:
        return False
    return True


def judged(st: StroganovState, ci: int, acts: list[Action], phase: int, patron: bool) -> list[Action]:
    """Actions alike but for payments built by :func:`payments`, whose every entry ``pay`` took: the
    engine's check of the first judges the rest (the phase, the tile and its region, the wish)."""
    return acts if acts and ok(st, ci, acts[0], phase, patron) else []


# ---------------------------------------------------------------- payments entry by entry


def rank(e: Entry) -> tuple[int, int]:
    """The order of :func:`options`: furs ascending, ``tiger``, substitutions ascending."""
    kind, v = e
    return ({"fur": 0, "tiger": 1, "sub": 2}[kind], v)


def entries(w: Wallet, need: int | None, *, any_fur: bool = False, tanner: bool = False) -> list[Entry]:
    """The entries that can meet one requirement from ``w``: :func:`options`, plus the substitutions
    it leaves out where a fur of that value meets the requirement anyway (FREETRADE, ENVOY, TANNER):
    ``pay`` takes them too, at a coin."""
    out = options(w, need, any_fur=any_fur, tanner=tanner)
    if need is not None and (w.coins or w.free_sub):
        out += [("sub", v) for v in sorted(set(w.furs)) if v != need and ("sub", v) not in out]
    return sorted(out, key=rank)


def paid_one(w: Wallet, need: int | None, e: Entry, *, any_fur: bool = False, tanner: bool = False) -> Wallet | None:
    """``w`` after ``e`` meets ``need`` (spent, so later entries cannot use it again), or ``None``."""
    after = w.copy()
    try:
        pay(after, [need], [e], "", any_fur=any_fur, tanner=tanner)
    except RuleError:
        return None
    return after


Need = tuple[int | None, bool]
"""A requirement: the fur value (``None``: any fur or tiger) and whether any fur meets it (ENVOY)."""


Memo = dict[tuple[object, ...], list[tuple[Entry, ...]]]


def payments(
    w: Wallet, needs: Sequence[Need], runs: Sequence[object], memo: Memo | None = None
) -> list[tuple[Entry, ...]]:
    """Every payment of ``needs`` from ``w``; neighbours with the same ``runs`` key are alike (the
    engine does not tell them apart), so their entries only ascend by :func:`rank`. The rest of a
    payment is worked out once per wallet and requirements left (``memo`` may be shared)."""
    memo = {} if memo is None else memo

    def walk(i: int, w: Wallet, prev: Entry | None) -> list[tuple[Entry, ...]]:
        if i == len(needs):
            return [()]
        if not affordable(w, needs[i:]):
            return []
        floor = rank(prev) if prev is not None and runs[i] == runs[i - 1] else None
        key = (tuple(needs[i:]), tuple(runs[i:]), tuple(w.furs), w.tigers, w.coins, w.free_sub, floor)
        if key not in memo:
            need, any_fur = needs[i]
            out = []
            for e in entries(w, need, any_fur=any_fur):
                after = None if floor is not None and rank(e) < floor else paid_one(w, need, e, any_fur=any_fur)
                if after is not None:
                    out += [(e, *rest) for rest in walk(i + 1, after, e)]
            memo[key] = out
        return memo[key]

    return walk(0, w, None)


def affordable(w: Wallet, needs: Sequence[Need]) -> bool:
    """A quick bound: each requirement takes a fur or a tiger; one of a value without ENVOY takes a
    tiger, a fur of that value, or another fur and a coin."""
    valued = Counter(v for v, any_fur in needs if v is not None and not any_fur)
    exact = sum(min(k, valued[v]) for v, k in Counter(w.furs).items())
    coins = w.coins + w.free_sub
    return len(needs) <= len(w.furs) + w.tigers and valued.total() <= w.tigers + exact + min(coins, len(w.furs) - exact)


def fees(st: StroganovState, ci: int, a: Extra, w: Wallet) -> list[Entry]:
    """ST-7.6 (as ``turn.check_fee``): any fur or tiger for a silver action; the region fur (any fur
    with ENVOY) for a gold action."""
    region = turn.action_region(st, a)
    if isinstance(a, turn.SILVER) or region is None:
        return [e for e in entries(w, None) if paid_one(w, None, e)]
    need = st.region_furs[region - 1]
    envoy = has_ability(st, st.cossacks[ci], "ENVOY")
    return [e for e in entries(w, need, any_fur=envoy) if paid_one(w, need, e, any_fur=envoy)]


# ---------------------------------------------------------------- the verbs


def trophies(st: StroganovState, ci: int, w: Wallet) -> list[Action]:
    """ST-11.3, as ``engine.resolve_trophy`` pays: stay, or each entry for the next space."""
    c = st.cossacks[ci]
    need = core.next_trophy_fur(c)
    out: list[Action] = [Trophy(None)]
    if need is not None:
        tanner = has_ability(st, c, "TANNER")
        out += [Trophy(e) for e in entries(w, need, tanner=tanner) if paid_one(w, need, e, tanner=tanner)]
    return out


def fulfils(st: StroganovState, ci: int, wish: str, w: Wallet, patron: bool, phase: int) -> list[Action]:
    """ST-10.3: red requirements ascending, then the shown ones."""
    needs, spend = turn.fulfil_needs(wish)
    reqs: list[Need] = [(v, False) for v in needs]
    acts: list[Action] = [Fulfil(wish, p) for p in payments(w, reqs, list(zip(needs, spend, strict=True)))]
    return judged(st, ci, acts, phase, patron)


def claims(st: StroganovState, ci: int, tile: str, w: Wallet, patron: bool, phase: int, memo: Memo) -> list[Action]:
    """ST-9.6.2: ``claim_count`` region furs; in 3b with each fee, the claim paid from what is left."""
    pos = turn.tile_position(st, tile)
    region = core.region_of(pos) if pos else None
    if pos is None or region is None or region not in core.accessible(st, ci):
        return []
    needs: list[Need] = [(st.region_furs[region - 1], False)] * turn.claim_count(st, ci, pos)
    if phase != 3:
        acts: list[Action] = [Claim(tile, p) for p in payments(w, needs, [0] * len(needs), memo)]
    else:  # the fee last, as written (and paid first: the same payments, as the coins add up alike)
        fee = (needs[0][0], has_ability(st, st.cossacks[ci], "ENVOY"))
        acts = [Paid(Claim(tile, p[:-1]), p[-1]) for p in payments(w, [*needs, fee], [0] * len(needs) + [1], memo)]
    return judged(st, ci, acts, phase, patron)


def trades(st: StroganovState, ci: int, w: Wallet, patron: bool, phase: int) -> list[Action]:
    """ST-8.5: every payment (with every fee in 3b) × every multiset of effects whose moves can stay
    on the row. The payment only touches the wallet and the effects only the position, so each is
    judged once with a fixed other half and the two halves are combined."""
    c = st.cossacks[ci]
    freetrade = has_ability(st, c, "FREETRADE")
    count = 3 if has_ability(st, c, "TONGUE") else 2
    limit = turn.step_limit(st, ci)
    plain = ("coin",) * count
    costs: list[tuple[Entry, Entry | None]] = []  # (payment, fee)
    for f in fees(st, ci, Trade(("tiger", 0), plain), w) if phase == 3 else [None]:
        after = w if f is None else paid_one(w, None, f)
        assert after is not None
        costs += [(e, f) for e in entries(after, st.trade_fur, any_fur=freetrade)]

    def action(e: Entry, f: Entry | None, effects: tuple[str, ...]) -> Action:
        return Trade(e, effects) if f is None else Paid(Trade(e, effects), f)

    costs = [(e, f) for e, f in costs if ok(st, ci, action(e, f, plain), phase, patron)]
    if not costs:
        return []
    e0, f0 = costs[0]
    effects = [*EFFECTS, *(f"{d}{k}" for d in "ew" for k in range(1, limit + 1))]
    orders = []
    for combo in combinations_with_replacement(effects, count):
        fine = (p for p in dict.fromkeys(permutations(combo)) if ok(st, ci, action(e0, f0, p), phase, patron))
        first = next(fine, None)
        if first is not None:
            orders.append(first)
    return [action(e, f, p) for e, f in costs for p in orders]
