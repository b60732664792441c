"""Paying with furs (ST-10.4, ST-10.5, ST-16.1) on a scratch :class:`Wallet`.

Checks work on a copy of the cossack's resources, so an action and its 3b fee can be checked in
full before anything changes; :func:`commit` then writes the result back.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.errors import IllegalAction
from rules.stroganov.actions import Entry
from rules.stroganov.state import Cossack, StroganovState


@dataclass(slots=True)
class Wallet:
    furs: list[int]
    tigers: int
    coins: int
    horses: int
    free_sub: bool = False
    """PATRON's free substitution is still available (ST-14.4)."""
    spent_furs: list[int] = field(default_factory=list)
    spent_tigers: int = 0
    patron_used: bool = False

    def copy(self) -> Wallet:
        return Wallet(
            list(self.furs), self.tigers, self.coins, self.horses, self.free_sub, list(self.spent_furs),
            self.spent_tigers, self.patron_used,
        )  # fmt: skip


def wallet(c: Cossack, free_sub: bool = False) -> Wallet:
    return Wallet(list(c.furs), c.tigers, c.coins, c.horses, free_sub)


def commit(st: StroganovState, c: Cossack, w: Wallet) -> None:
    """Write the wallet back; spent furs go into the bag, tigers to the supply (ST-1 Spend)."""
    c.furs, c.tigers, c.coins, c.horses = w.furs, w.tigers, w.coins, w.horses
    for v in w.spent_furs:
        bisect.insort(st.bag, v)
    st.tiger_supply += w.spent_tigers


def spend_coins(w: Wallet, n: int, rule: str) -> None:
    if w.coins < n:
        raise IllegalAction("coins_short", need=n, have=w.coins, rule=rule)
    w.coins -= n


def spend_horses(w: Wallet, n: int, rule: str) -> None:
    if w.horses < n:
        raise IllegalAction("horses_short", need=n, have=w.horses, rule=rule)
    w.horses -= n


def pay(
    w: Wallet,
    needs: Sequence[int | None],
    entries: Sequence[Entry],
    rule: str,
    *,
    spend: Sequence[bool] | None = None,
    any_fur: bool = False,
    tanner: bool = False,
) -> None:
    """Meet each requirement (a fur value, or ``None`` for "any fur or tiger") with one entry.

    ``any_fur``: a fur of any value meets the requirement without coin (FREETRADE, ENVOY).
    ``tanner``: a fur of higher value meets it (TANNER). ``spend[i]`` false: only shown (ST-10.3).
    """
    if len(entries) != len(needs):
        raise IllegalAction("payment_count", need=len(needs), given=len(entries), rule=rule)
    spend = spend if spend is not None else [True] * len(needs)
    used: Counter[int] = Counter()
    tigers = coins = 0
    free = w.free_sub
    for need, (kind, v) in zip(needs, entries, strict=True):
        if kind == "tiger":
            tigers += 1
            continue
        used[v] += 1
        if kind == "fur":
            if not (need is None or v == need or any_fur or (tanner and v > need)):
                raise IllegalAction("wrong_fur", need=need, given=v, rule=rule)
        else:
            if need is None:
                raise IllegalAction("sub_not_needed", given=v, rule="ST-10.5")
            if v == need:
                raise IllegalAction("sub_same_value", given=v, rule="ST-16.1")
            if free:
                free = False
            else:
                coins += 1
    have = Counter(w.furs)
    for v, k in sorted(used.items()):
        if have[v] < k:
            raise IllegalAction("missing_fur", value=v, need=k, have=have[v], rule="ST-10.4")
    if tigers > w.tigers:
        raise IllegalAction("missing_tiger", need=tigers, have=w.tigers, rule="ST-10.4")
    spend_coins(w, coins, "ST-10.4")
    if free != w.free_sub:
        w.free_sub, w.patron_used = False, True
    for sp, (kind, v) in zip(spend, entries, strict=True):
        if not sp:
            continue
        if kind == "tiger":
            w.tigers -= 1
            w.spent_tigers += 1
        else:
            w.furs.remove(v)
            w.spent_furs.append(v)


def options(w: Wallet, need: int | None, *, any_fur: bool = False, tanner: bool = False) -> list[Entry]:
    """The distinct single entries that can meet one requirement (for :func:`legal` lists)."""
    out: list[Entry] = []
    distinct = sorted(set(w.furs))
    for v in distinct:
        if need is None or v == need or any_fur or (tanner and v > need):
            out.append(("fur", v))
    if w.tigers:
        out.append(("tiger", 0))
    if need is not None and (w.coins or w.free_sub):
        out.extend(("sub", v) for v in distinct if v != need and ("fur", v) not in out)
    return out


def greedy(w: Wallet, needs: Sequence[int], *, prefer_tiger: bool = False) -> list[Entry] | None:
    """A payment for ``needs`` if one exists: exact furs first, then tigers (or the reverse), then
    substitutions with the lowest spare furs. Used for legal lists and by simple players."""
    have = Counter(w.furs)
    entries: list[Entry | None] = [None] * len(needs)
    for i, v in enumerate(needs):
        if have[v]:
            have[v] -= 1
            entries[i] = ("fur", v)
    tigers, coins = w.tigers, w.coins + (1 if w.free_sub else 0)
    missing = [i for i, e in enumerate(entries) if e is None]
    for i in missing:
        spare = sorted(v for v, k in have.items() if k > 0 and v != needs[i])
        if (prefer_tiger or not spare or not coins) and tigers:
            tigers -= 1
            entries[i] = ("tiger", 0)
        elif spare and coins:
            coins -= 1
            have[spare[0]] -= 1
            entries[i] = ("sub", spare[0])
        elif tigers:
            tigers -= 1
            entries[i] = ("tiger", 0)
        else:
            return None
    return [e for e in entries if e is not None]


def ivan_pays(c: Cossack, needs: Sequence[int]) -> list[Entry] | None:
    """ST-15.4: per requirement an exact fur; else his lowest unused fur plus a coin; else a tiger."""
    have = Counter(c.furs)
    coins, tigers = c.coins, c.tigers
    out: list[Entry] = []
    for v in needs:
        if have[v]:
            have[v] -= 1
            out.append(("fur", v))
            continue
        spare = sorted(u for u, k in have.items() if k > 0)
        if coins and spare:
            coins -= 1
            have[spare[0]] -= 1
            out.append(("sub", spare[0]))
        elif tigers:
            tigers -= 1
            out.append(("tiger", 0))
        else:
            return None
    return out
