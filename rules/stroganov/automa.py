"""Ivan, the solo automa (ST-15): deck preparation, his turn, and his winter song."""

from __future__ import annotations

from rules.rng import Rng
from rules.stroganov import core
from rules.stroganov.content import CONTENT
from rules.stroganov.core import Events, log
from rules.stroganov.payment import commit, ivan_pays, pay, wallet
from rules.stroganov.state import TIGER, StroganovState
from rules.stroganov.turn import claim_count, claim_tile, gold


def prepare_deck(rng: Rng, strategy: str) -> tuple[list[str], list[str]]:
    """ST-15.2: remove 5 cards (by strategy pair, or at random); shuffle the other 13."""
    cards = list(CONTENT.automa)
    if strategy:
        removed = [a for a in cards if strategy in CONTENT.automa[a].not_for]
    else:
        pool = list(cards)
        rng.shuffle(pool)
        removed = sorted(pool[:5])
    deck = [a for a in cards if a not in removed]
    rng.shuffle(deck)
    return deck, removed


def _pay(st: StroganovState, ci: int, needs: list[int]) -> bool:
    """Pay ``needs`` by ST-15.4 if possible; nothing is spent otherwise."""
    c = st.cossacks[ci]
    entries = ivan_pays(c, needs)
    if entries is None:
        return False
    w = wallet(c)
    pay(w, needs, entries, "ST-15.4")
    commit(st, c, w)
    return True


def can_pay(st: StroganovState, ci: int, needs: list[int]) -> bool:
    return ivan_pays(st.cossacks[ci], needs) is not None


def trophy(st: StroganovState, ci: int, events: Events) -> None:
    """ST-15.7: Ivan advances whenever he can pay; the row rewards come either way."""
    c = st.cossacks[ci]
    need = core.next_trophy_fur(c)
    if need is not None and can_pay(st, ci, [need]):
        log(st, events, {"type": "ivan_trophy", "cossack": ci, "automa": True, "advance": True, "space": c.trophy + 1})
        _pay(st, ci, [need])
        core.advance_trophy(st, ci, events)
    else:
        log(st, events, {"type": "ivan_trophy", "cossack": ci, "automa": True, "advance": False, "space": c.trophy})
        core.trophy_rows(st, ci)


def take_turn(st: StroganovState, ci: int, events: Events) -> None:
    """ST-15.5. The basic action's reward is gained before the extended action (ST-11.2: completely,
    before play continues); the extended action's reward is queued and the caller runs the queue
    (Ivan's T never waits)."""
    c = st.cossacks[ci]
    card = st.automa.pop(0)
    st.flipped.append(card)
    extended = CONTENT.automa[card].extended
    back = CONTENT.automa[st.automa[0]] if st.automa else CONTENT.automa[card]
    # 2. move
    to = min(12, c.position + back.move)
    log(
        st,
        events,
        {
            "type": "ivan_flip",
            "cossack": ci,
            "automa": True,
            "card": card,
            "to": to,
            "hunt_from": back.hunt_from,
            "hunt": back.hunt,
        },
    )
    if to != c.position:
        c.position = to
        core.arrive(st, ci)
    # 3. hunt
    line = st.items[c.position - 1] if st.row[c.position - 1] else []
    taken: list[int] = []
    for _ in range(back.hunt):
        if line:
            taken.append(line.pop(0) if back.hunt_from == "lowest" else line.pop())
    c.coins += back.hunt - len(taken)
    for v in taken:
        if v == TIGER:
            c.tigers += 1
        elif st.difficulty == "hard" and v == st.trade_fur:
            st.bag.append(v)
            st.bag.sort()
            c.coins += 1
        else:
            core.add_fur(c, v)
    # 4. basic action
    region = core.region_of(c.position)
    assert region is not None
    start = len(st.queue)
    tile = st.row[c.position - 1]
    if tile is not None and not st.items[c.position - 1]:
        log(
            st,
            events,
            {"type": "ivan_claim", "cossack": ci, "automa": True, "tile": tile, "position": c.position, "free": True},
        )
        claim_tile(st, ci, c.position)
    else:
        log(
            st,
            events,
            {
                "type": "ivan_village",
                "cossack": ci,
                "automa": True,
                "region": region,
                "village": st.villages[region - 1],
            },
        )
        gold(st, ci, "village", region)
    gain_now(st, start, events)
    # 5. extended action
    if not extended_action(st, ci, extended, events):
        log(st, events, {"type": "ivan_fails", "cossack": ci, "automa": True, "action": extended.lower()})
        if st.difficulty in ("normal", "hard"):
            c.coins += 1


def gain_now(st: StroganovState, start: int, events: Events) -> None:
    """Gain the queued reward elements from ``start`` on, in printed order (ST-11.2); they are
    Ivan's, so a T is resolved at once (ST-15.7)."""
    while len(st.queue) > start:
        ci, kind, n, source, category = st.queue.pop(start)
        if kind == "trophy":
            trophy(st, ci, events)
        else:
            core.gain(st, ci, kind, n, source, category)


def extended_action(st: StroganovState, ci: int, kind: str, events: Events) -> bool:
    """ST-15.6; returns whether the action could be taken."""
    c = st.cossacks[ci]
    regions = sorted(core.accessible(st, ci), reverse=True)  # easternmost first
    if kind == "Trophy":
        st.queue.append([ci, "trophy", 1, "automa", "REWARD"])
        return True
    if kind == "Outpost":
        here = core.region_of(c.position)
        if (
            here is not None
            and c.supply
            and ci not in st.outposts[here - 1]
            and core.free_slot(st, here) is not None
            and can_pay(st, ci, [st.region_furs[here - 1]])
        ):
            log(st, events, {"type": "ivan_build", "cossack": ci, "automa": True, "region": here})
            _pay(st, ci, [st.region_furs[here - 1]])
            gold(st, ci, "build", here)
            return True
        if c.supply == 0 and c.reserve:
            for r in regions:
                if can_pay(st, ci, [st.region_furs[r - 1]]):
                    log(st, events, {"type": "ivan_recruit", "cossack": ci, "automa": True, "region": r})
                    _pay(st, ci, [st.region_furs[r - 1]])
                    gold(st, ci, "recruit", r)
                    return True
        return False
    if kind in ("Yurt", "Wish"):
        slots = st.yurt_slots if kind == "Yurt" else st.wish_slots
        for r in regions:
            card = slots[r - 1]
            if card is not None and can_pay(st, ci, [st.region_furs[r - 1]]):
                if kind == "Yurt":
                    log(st, events, {"type": "ivan_yurt", "cossack": ci, "automa": True, "region": r, "yurt": card})
                else:
                    log(st, events, {"type": "ivan_wish", "cossack": ci, "automa": True, "region": r, "wish": card})
                _pay(st, ci, [st.region_furs[r - 1]])
                gold(st, ci, kind.lower(), r)
                return True
        return False
    # Claim
    best: tuple[int, int] | None = None
    for r in regions:
        for pos in core.positions_of(r):
            if st.row[pos - 1] is None:
                continue
            needs = [st.region_furs[r - 1]] * claim_count(st, ci, pos)
            if can_pay(st, ci, needs):
                key = (len(st.items[pos - 1]), -pos)
                if best is None or key < (len(st.items[best[1] - 1]), -best[1]):
                    best = (r, pos)
    if best is None:
        return False
    r, pos = best
    tile = st.row[pos - 1]
    assert tile is not None
    log(st, events, {"type": "ivan_claim", "cossack": ci, "automa": True, "tile": tile, "position": pos, "free": False})
    _pay(st, ci, [st.region_furs[r - 1]] * claim_count(st, ci, pos))
    claim_tile(st, ci, pos)
    return True


def song(st: StroganovState, ci: int) -> str | None:
    """ST-15.8: the most expensive affordable song; ties: the rightmost."""
    c = st.cossacks[ci]
    best = None
    for s in st.songs:  # ascending by cost, so the last affordable of the top cost is rightmost
        if CONTENT.songs[s].cost <= c.stories and (best is None or CONTENT.songs[s].cost >= CONTENT.songs[best].cost):
            best = s
    return best
