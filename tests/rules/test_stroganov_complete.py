"""``completions`` (rules/stroganov/complete.py) against a brute-force enumeration.

Positions come from seeded random games (1–4 players); some are enriched before the check: the
cossack to act gets extra furs, tigers and coins and a fulfilled wish with a payment ability
(PATRON, TANNER, ENVOY, FREETRADE, TONGUE, SCOUT, SURVEYOR, KEENEYE), so payments get many choices.

For each head the engine could take there (``trophy``, ``fulfil <wish>`` for every held wish, ``trade``,
``claim <tile>`` for every tile in the row, and in 3b every silver and gold verb), the brute force
writes every syntactically possible action of that verb from the payment tokens ``1``–``9``,
``tiger``, ``sub1``–``sub9`` (with the right number of entries; never more furs of a value, or more
tigers, than the cossack holds), every effect sequence for a trade and every fee token in 3b, and
keeps what ``GAME.apply`` accepts on a copy of the state. Entries the notation cannot tell apart
(equal requirements: a claim's, or a run of a wish's) are tried once, in a random order, and every
action is compared by its :func:`canon` form (such entries and a trade's effects sorted).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product

import pytest

from rules.errors import RuleError
from rules.stroganov import GAME, engine, turn
from rules.stroganov.actions import Action, Claim, Fulfil, Paid, Resign, Trade, entry_text, parse_action
from rules.stroganov.complete import EXTRA_VERBS, completions
from rules.stroganov.content import CONTENT
from rules.stroganov.core import has_ability
from rules.stroganov.state import StroganovState
from tests.playouts import FULL
from tests.stroganov_play import random_player

TOKENS = (*(str(v) for v in range(1, 10)), "tiger", *(f"sub{v}" for v in range(1, 10)))
EFFECTS = ("coin", "stories", "horses", "e1", "e2", "e3", "w1", "w2", "w3")
SIMPLE = {
    "coin": ["coin"],
    "horses": ["horses"],
    "step": [f"step {d}{k}" for d in "ew" for k in (1, 2, 3)],
    "hunt": [f"hunt {i}" for i in range(1, 10)]
    + [f"hunt {i} {j}{h}" for i in range(1, 10) for j in range(i + 1, 10) for h in ("", " horses")],
    **{kind: [f"{kind} R{r}" for r in range(1, 6)] for kind in ("wish", "village", "yurt", "build", "recruit")},
}
"""Every syntactically possible action of a verb without payment (hunt items 1–9)."""
ABILITIES = ("PATRON", "TANNER", "ENVOY", "FREETRADE", "TONGUE", "SCOUT", "SURVEYOR", "KEENEYE")
WISH_OF = {card.ability: w for w, card in CONTENT.wishes.items()}


# ---------------------------------------------------------------- canonical form


def canon(a: Action) -> str:
    """The notation with entries for equal requirements, and a trade's effects, sorted."""
    if isinstance(a, Paid):
        return f"{canon(a.action)} fee {entry_text(a.fee)}"
    if isinstance(a, Claim):
        return f"claim {a.tile} " + " ".join(sorted(entry_text(e) for e in a.pays))
    if isinstance(a, Fulfil):
        needs, spend = turn.fulfil_needs(a.wish)
        runs: dict[tuple[int, bool], list[str]] = {}
        for key, e in zip(zip(needs, spend, strict=True), a.pays, strict=True):
            runs.setdefault(key, []).append(entry_text(e))
        return f"fulfil {a.wish} " + " ".join(t for run in runs.values() for t in sorted(run))
    if isinstance(a, Trade):
        return f"trade {entry_text(a.pay)} " + " ".join(sorted(a.effects))
    return a.notation()


def head(a: Action) -> str:
    """What is typed before the payments: the verb, and the tile or wish."""
    inner = a.action if isinstance(a, Paid) else a
    words = inner.notation().split()
    return " ".join(words[:2]) + " " if words[0] in ("claim", "fulfil") else words[0]


# ---------------------------------------------------------------- brute force


class Brute:
    """The brute force for one position: candidate texts, kept when ``GAME.apply`` takes them."""

    def __init__(self, st: StroganovState, seat: int, rnd: random.Random, budget: int | None = None) -> None:
        self.st, self.seat, self.rnd = st, seat, rnd
        self.budget = budget
        """Heads with more candidates are left out (``head`` gives ``None``)."""
        self.data = GAME.dump(st)
        self.copy: StroganovState | None = None
        self.c = st.cossacks[engine.cossack_of(st, seat)]
        self.have = Counter(str(v) for v in self.c.furs)
        self.have["tiger"] = self.c.tigers
        self.tried = 0
        self.accepted: set[str] = set()

    def accepts(self, text: str) -> Action | None:
        """The action if ``GAME.apply`` takes it on a copy (a refusal leaves the copy as it was)."""
        self.tried += 1
        a = parse_action(text)
        if self.copy is None:
            self.copy = GAME.load(self.data)
        try:
            GAME.apply(self.copy, self.seat, a)
        except RuleError:
            return None
        self.copy = None
        self.accepted.add(text)
        return a

    def held(self, tokens: tuple[str, ...]) -> bool:
        """Never more furs of a value, or more tigers, than the cossack holds."""
        used: dict[str, int] = {}
        for t in tokens:
            k = t if t == "tiger" else t[-1]
            used[k] = used.get(k, 0) + 1
        return all(self.have[k] >= n for k, n in used.items())

    def runs(self, lengths: list[int], used: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
        """Every payment for runs of alike requirements: per run a multiset of tokens (shuffled)."""
        if not lengths:
            yield ()
            return

        def bags(n: int, start: int, bag: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
            if n == 0:
                yield bag
                return
            for i in range(start, len(TOKENS)):
                if self.held((*used, *bag, TOKENS[i])):
                    yield from bags(n - 1, i, (*bag, TOKENS[i]))

        for bag in bags(lengths[0], 0, ()):
            shuffled = list(bag)
            self.rnd.shuffle(shuffled)
            for rest in self.runs(lengths[1:], (*used, *bag)):
                yield (*shuffled, *rest)

    def fees(self, used: tuple[str, ...]) -> list[str]:
        return [t for t in TOKENS if self.held((*used, t))] if self.paid else [""]

    @property
    def paid(self) -> bool:
        return self.st.turn is not None and self.st.turn.phase == 3 and not self.st.queue

    def fee_text(self, fee: str) -> str:
        return f" fee {fee}" if fee else ""

    def head(self, h: str) -> list[Action] | None:
        out: list[Action] = []
        words = h.split()
        if words[0] == "trophy":
            texts = ["trophy stay", *(f"trophy {t}" for t in TOKENS)]
        elif words[0] == "fulfil":
            needs, spend = turn.fulfil_needs(words[1])
            lengths = list(Counter(zip(needs, spend, strict=True)).values())
            texts = [f"fulfil {words[1]} " + " ".join(p) for p in self.runs(lengths)]
        elif words[0] == "claim":
            pos = self.st.row.index(words[1]) + 1
            n = turn.claim_count(self.st, engine.cossack_of(self.st, self.seat), pos)
            texts = [f"claim {words[1]} {' '.join(p)}{self.fee_text(f)}" for p in self.runs([n]) for f in self.fees(p)]
        elif words[0] == "trade":
            count = 3 if has_ability(self.st, self.c, "TONGUE") else 2
            texts = [
                f"trade {t} {' '.join(effects)}{self.fee_text(f)}"
                for t in TOKENS
                if self.held((t,))
                for f in self.fees((t,))
                for effects in product(EFFECTS, repeat=count)
            ]
        else:
            texts = [f"{s}{self.fee_text(f)}" for s in SIMPLE[words[0]] for f in self.fees(())]
        if self.budget is not None and len(texts) > self.budget:
            return None
        for text in texts:
            a = self.accepts(text)
            if a is not None:
                out.append(a)
        return out


def heads(st: StroganovState, seat: int) -> list[str]:
    """Every head with payments or combinations the seat could take now."""
    c = st.cossacks[engine.cossack_of(st, seat)]
    if st.queue:
        return ["trophy"]
    assert st.turn is not None
    phase = st.turn.phase
    out = [f"fulfil {w} " for w in c.held]
    tiles = [f"claim {t} " for t in st.row if t is not None]
    if phase in (1, 2):
        out.append("trade")
    if phase == 2:
        out += tiles
    if phase == 3:
        out += [v for v in EXTRA_VERBS if v != "claim"] + tiles
    return out


# ---------------------------------------------------------------- positions


def enrich(st: StroganovState, rnd: random.Random) -> None:
    """More furs (from the bag), tigers (from the supply) and coins for the cossack to act, and a
    payment ability (its wish moved from wherever it lies to his fulfilled wishes)."""
    ci = engine.decider(st)
    assert ci is not None
    c = st.cossacks[ci]
    for _ in range(rnd.randint(2, 6)):
        if st.bag:
            c.furs.append(st.bag.pop(rnd.randrange(len(st.bag))))
    c.furs.sort()
    extra = min(st.tiger_supply, rnd.randint(0, 2))
    st.tiger_supply -= extra
    c.tigers += extra
    c.coins += rnd.randint(0, 3)
    wish = WISH_OF[rnd.choice(ABILITIES)]
    for place in (
        st.wishes_a,
        st.wishes_b,
        st.out,
        *(x.held for x in st.cossacks),
        *(x.fulfilled for x in st.cossacks),
    ):
        if wish in place:
            place.remove(wish)
    st.wish_slots = [None if w == wish else w for w in st.wish_slots]
    c.fulfilled.append(wish)
    if st.turn is not None and not st.queue and rnd.random() < 0.2:
        st.queue.append([ci, "trophy", 1, wish, "WISH"])  # a trophy action due in his own turn


def positions(players: int, seed: int, every: int) -> Iterator[StroganovState]:
    """Every trophy decision, every other 3b decision and every ``every``-th other decision with
    payments to choose (a held wish, 3a) of a random game, half of them enriched (a copy; the game
    goes on unchanged)."""
    st = GAME.new(players, None, seed)
    rnd = random.Random(seed)
    player = random_player(rnd)
    k = 0
    while st.stage != "finished":
        (seat,) = GAME.to_act(st)
        ci = engine.cossack_of(st, seat)
        due = st.queue or (st.stage == "turn" and st.turn is not None and (st.turn.phase or st.cossacks[ci].held))
        if due:
            k += 1
            if st.queue or k % (every if st.turn is None or st.turn.phase != 3 else 2) == 0:
                pos = GAME.load(GAME.dump(st))
                if rnd.random() < 0.5:
                    enrich(pos, rnd)
                yield pos
        GAME.apply(st, seat, player(st, seat))


# ---------------------------------------------------------------- the property


@dataclass
class Tally:
    positions: int = 0
    heads: int = 0
    actions: int = 0
    tried: int = 0
    legal: int = 0
    skipped: int = 0
    worst: float = 0.0
    worst_head: str = ""
    kinds: Counter = field(default_factory=Counter)
    abilities: Counter = field(default_factory=Counter)


def check_position(st: StroganovState, rnd: random.Random, tally: Tally, budget: int | None = None) -> None:
    """Brute force = ``completions`` for every head; every returned action applies; every listed one
    is among its head's completions; nothing changes the state."""
    (seat,) = GAME.to_act(st)
    brute = Brute(st, seat, rnd, budget=budget)
    data = GAME.dump(st)
    tally.positions += 1
    tally.kinds["trophy" if st.queue else f"phase {st.turn.phase if st.turn else '-'}"] += 1
    tally.abilities.update(a for a in ABILITIES if has_ability(st, brute.c, a))
    got: dict[str, set[str]] = {}
    for h in heads(st, seat):
        t0 = time.perf_counter()
        acts = completions(st, seat, h)
        took = time.perf_counter() - t0
        if took > tally.worst:
            tally.worst, tally.worst_head = took, f"{h!r} ({len(acts)} actions)"
        assert all(head(a) == h for a in acts), (h, [a.notation() for a in acts if head(a) != h][:5])
        keys = [canon(a) for a in acts]
        assert len(keys) == len(set(keys)), (h, sorted(k for k, n in Counter(keys).items() if n > 1))
        got[h] = set(keys)
        found = brute.head(h)
        if found is None:
            tally.skipped += 1
            continue
        expected = {canon(a) for a in found}
        assert got[h] == expected, (h, sorted(got[h] - expected)[:5], sorted(expected - got[h])[:5])
        for a in acts:  # as written, not only in canonical form
            assert a.notation() in brute.accepted or brute.accepts(a.notation()) is not None, a.notation()
        tally.heads += 1
        tally.actions += len(keys)
    tally.tried += brute.tried
    for a in GAME.legal(st, seat):
        if isinstance(a, Resign):
            continue
        h = head(a)
        if h not in got:
            got[h] = {canon(b) for b in completions(st, seat, h)}
        assert canon(a) in got[h], (h, a.notation())
        tally.legal += 1
    assert GAME.dump(st) == data, "completions changes nothing"


def run(games: list[tuple[int, int]], every: int, per_game: int | None = None, budget: int | None = None) -> Tally:
    tally = Tally()
    for players, seed in games:
        rnd = random.Random(1000 + seed)
        for _, st in zip(range(per_game or 10**6), positions(players, seed, every), strict=False):
            check_position(st, rnd, tally, budget)
    return tally


def test_completions_match_brute_force_small() -> None:
    tally = run([(1, 1), (2, 2), (3, 3), (4, 4)], every=8, per_game=10, budget=10000)
    assert tally.positions == 40 and tally.kinds["phase 3"] and tally.kinds["trophy"], tally


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="make soak only (DESKOVKA_PLAYOUTS=full): make test runs the small test")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_completions_match_brute_force(players: int) -> None:
    """About 100 positions per player count (about 110 s in all), only under ``make soak``
    (``tests/playouts.py``): ``make test`` checks 40 positions of one to four players in the
    small test above."""
    seeds = {1: 7, 2: 4, 3: 3, 4: 2}[players]  # about 100 positions each
    tally = run([(players, seed) for seed in range(10, 10 + seeds)], every=6)
    assert tally.positions >= 90 and tally.kinds["phase 3"] >= 30 and tally.kinds["trophy"] >= 5, tally
    assert all(tally.abilities[a] for a in ABILITIES), tally


def test_typed_heads() -> None:
    """A head may be unfinished (``cl``, ``claim L1``, ``CLAIM l``) or whole (``claim L1 ``); verbs
    without hidden payments keep what ``legal`` lists; a seat not to act gets only RESIGN."""
    seen = set()
    for st in positions(3, 7, every=2):
        (seat,) = GAME.to_act(st)
        if st.queue or st.turn is None or st.turn.phase not in (2, 3) or st.turn.phase in seen:
            continue
        tiles = [t for t in st.row if t is not None]
        claims = {t: {canon(a) for a in completions(st, seat, f"claim {t} ")} for t in tiles}
        every = set().union(*claims.values())
        if not every:
            continue
        seen.add(st.turn.phase)
        assert {canon(a) for a in completions(st, seat, "cl") if head(a).startswith("claim")} == every
        assert {canon(a) for a in completions(st, seat, "CLAIM l")} == every
        assert {canon(a) for a in completions(st, seat, "claim L1")} == set().union(
            *(claims[t] for t in tiles if t.startswith("L1"))
        )
        assert {canon(a) for a in completions(st, seat, "claim L1 6 ")} == claims.get("L1", set())
        listed = GAME.legal(st, seat)
        assert completions(st, seat, "") == listed
        assert completions(st, seat, "e") == [a for a in listed if a.notation().split()[0].startswith("e")]
        assert completions(st, seat, "exchange 3") == [a for a in listed if a.notation().startswith("exchange")]
        other = next(s for s in range(st.players) if s != seat)
        assert completions(st, other, "claim") == [Resign()]
        if seen == {2, 3}:
            return
    raise AssertionError(f"no claims to make in 3a and 3b, only in {seen}")
