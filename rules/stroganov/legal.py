"""Legal actions for the seat that must act (ST-16), and RESIGN for every seat still playing (ST-R.1).

Payments and trade effects combine into far too many actions to list, so :func:`legal` lists every
kind of decision with a representative set of payments; every listed action is checked by the same
code that :func:`~rules.stroganov.engine.apply` uses, and ``apply`` accepts any legal action, listed
or not.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from rules.errors import NotYourTurn, RuleError
from rules.stroganov import core, engine, turn
from rules.stroganov.actions import (
    Action,
    Board,
    Claim,
    Coin,
    Draw,
    EndTurn,
    Entry,
    Exchange,
    Extra,
    Fulfil,
    Gold,
    Horses,
    Hunt,
    Move,
    Paid,
    Resign,
    Song,
    SongPass,
    Step,
    Trade,
    Trophy,
)
from rules.stroganov.core import has_ability
from rules.stroganov.payment import Wallet, greedy, options, pay, wallet
from rules.stroganov.state import StroganovState

MAX_FEES = 2
"""Fee choices listed per 3b action."""


def legal(st: StroganovState, seat: int) -> list[Action]:
    """The seat's decisions when it must act, then RESIGN (ST-R.1); only RESIGN for a seat still
    playing that need not act; nothing once finished, for a resigned seat or a seat not playing. A
    resigned seat played on (ST-R.6) has its decisions and no RESIGN."""
    if st.stage == "finished":
        return []
    try:
        ci = engine.cossack_of(st, seat)
    except NotYourTurn:
        return []
    if engine.left(st, ci):
        return []
    again: list[Action] = [] if seat in st.resigned else [Resign()]  # ST-R.6: played on, no second RESIGN
    if seat not in engine.to_act(st):
        return again
    return [*decisions(st, ci), *again]


def decisions(st: StroganovState, ci: int) -> list[Action]:
    """The ST-16 decisions of the cossack that must act."""
    c = st.cossacks[ci]
    if st.stage == "boards":
        taken = {x.board for x in st.cossacks if x.board}
        return [Board(b, s) for b in range(1, 5) if b not in taken for s in "AB"]
    if st.queue:
        need = core.next_trophy_fur(c)
        out: list[Action] = [Trophy(None)]
        if need is not None:
            w = wallet(c, free_sub=engine.patron_free(st, ci))
            out += [Trophy(e) for e in options(w, need, tanner=has_ability(st, c, "TANNER"))]
        return out
    if st.stage == "songs":
        return [*(Song(s) for s in engine.affordable_songs(st, ci)), SongPass()]
    t = st.turn
    assert t is not None
    patron = engine.patron_free(st, ci)
    out = free_actions(st, ci, patron)
    if t.phase == 0:
        out += [a for a in (Move(k) for k in range(1, min(5, 12 - c.position) + 1)) if _ok(st, ci, a, 0, patron)]
    elif t.phase in (1, 2):
        candidates = extras(st, ci, gold=t.phase == 2, patron=patron)
        out += [a for a in candidates if isinstance(a, Trade) or _ok(st, ci, a, t.phase, patron)]
    elif t.phase == 3:
        out += paid(st, ci, patron)
    if t.phase >= 2:
        out.append(EndTurn())
    return out


def _ok(st: StroganovState, ci: int, a: object, phase: int, patron: bool) -> bool:
    try:
        turn.check(st, ci, a, phase, patron)
    except RuleError:
        return False
    return True


def free_actions(st: StroganovState, ci: int, patron: bool) -> list[Action]:
    c = st.cossacks[ci]
    out: list[Action] = []
    for give in sorted(set(c.furs)):
        for take in sorted(set(st.market)):
            a = Exchange(give, take)
            if give != take and _ok(st, ci, a, 0, patron):
                out.append(a)
    if _ok(st, ci, Draw(), 0, patron):
        out.append(Draw())
    w = wallet(c, free_sub=patron)
    for wish in c.held:
        needs = turn.fulfil_needs(wish)[0]
        seen: set[tuple[Entry, ...]] = set()
        for prefer in (False, True):
            pays = greedy(w, needs, prefer_tiger=prefer)
            if pays is not None and tuple(pays) not in seen:
                seen.add(tuple(pays))
                out.append(Fulfil(wish, tuple(pays)))
    return out


def extras(st: StroganovState, ci: int, *, gold: bool, patron: bool) -> list[Extra]:
    """Candidate silver (and gold) actions; the caller filters them with the real check."""
    c = st.cossacks[ci]
    w = wallet(c, free_sub=patron)
    out: list[Extra] = [Coin(), Horses()]
    limit = turn.step_limit(st, ci)
    moves = [f"{d}{k}" for d in "ew" for k in range(1, limit + 1)]
    out += [Step(m[0], int(m[1:])) for m in moves]
    line = st.items[c.position - 1] if c.position else []
    idx = range(1, len(line) + 1)
    out += [Hunt((i,)) for i in idx]
    out += [Hunt(p) for p in combinations(idx, 2)]
    if has_ability(st, c, "KEENEYE"):
        out += [Hunt(p, True) for p in combinations(idx, 2)]
    out += trades(st, ci, w, moves)
    if gold:
        for r in core.accessible(st, ci):
            out += [Gold(kind, r) for kind in ("wish", "village", "yurt", "build", "recruit")]
            need = st.region_furs[r - 1]
            for pos in core.positions_of(r):
                tile = st.row[pos - 1]
                if tile is None:
                    continue
                needs = [need] * turn.claim_count(st, ci, pos)
                for prefer in (False, True):
                    p = greedy(w, needs, prefer_tiger=prefer)
                    if p is not None:
                        out.append(Claim(tile, tuple(p)))
    return list(dict.fromkeys(out))


def trades(st: StroganovState, ci: int, w: Wallet, moves: list[str]) -> list[Extra]:
    """Trades payable from ``w`` whose moves stay on the row (already checked, ST-8.5)."""
    c = st.cossacks[ci]
    freetrade = has_ability(st, c, "FREETRADE")
    pays = []
    for entry in options(w, st.trade_fur, any_fur=freetrade)[:2]:
        try:
            pay(w.copy(), [st.trade_fur], [entry], "ST-8.5.1", any_fur=freetrade)
        except RuleError:
            continue
        pays.append(entry)
    effects = ["coin", "stories", "horses", *moves]
    count = 3 if has_ability(st, c, "TONGUE") else 2
    out: list[Extra] = []
    for combo in combinations_with_replacement(effects, count):
        pos = c.position
        for e in combo:
            if e[0] in "ew":
                pos += int(e[1:]) if e[0] == "e" else -int(e[1:])
                if not 1 <= pos <= 12:
                    break
        else:
            out += [Trade(entry, combo) for entry in pays]
    return out


def paid(st: StroganovState, ci: int, patron: bool) -> list[Action]:
    """3b actions with up to :data:`MAX_FEES` fees each (ST-7.6); the action is checked with what
    remains after the fee, and a claim's payment is chosen from that."""
    c = st.cossacks[ci]
    w = wallet(c, free_sub=patron)
    envoy = has_ability(st, c, "ENVOY")
    groups: dict[int | None, list[Extra]] = {}
    for a in extras(st, ci, gold=True, patron=patron):
        region = turn.action_region(st, a)
        groups.setdefault(None if region is None else st.region_furs[region - 1], []).append(a)
    out: list[Action] = []
    for need, actions in groups.items():
        any_fur = envoy and need is not None
        found = dict.fromkeys(actions, 0)
        for fee in options(w, need, any_fur=any_fur):
            after = w.copy()
            try:
                pay(after, [need], [fee], "ST-7.6", any_fur=any_fur)
            except RuleError:
                continue
            for a in actions:
                if found[a] >= MAX_FEES:
                    continue
                cand = a
                if isinstance(a, Claim):
                    pos = turn.tile_position(st, a.tile)
                    assert pos is not None
                    pays = greedy(after, [need] * turn.claim_count(st, ci, pos))  # type: ignore[list-item]
                    if pays is None:
                        continue
                    cand = Claim(a.tile, tuple(pays))
                try:
                    turn.check_extra(st, ci, cand, after.copy())
                except RuleError:
                    continue
                found[a] += 1
                out.append(Paid(cand, fee))
    return list(dict.fromkeys(out))
