"""The actions of a player's own turn: movement, silver, gold and free actions (ST-7 to ST-10).

Each action is checked in full against a scratch :class:`~rules.stroganov.payment.Wallet` (``check``)
before anything changes; ``perform`` then writes the wallet back and carries the action out.
"""

from __future__ import annotations

from rules.errors import IllegalAction, WrongPhase
from rules.stroganov import core
from rules.stroganov.actions import (
    Claim,
    Coin,
    Draw,
    EndTurn,
    Exchange,
    Extra,
    Fulfil,
    Gold,
    Horses,
    Hunt,
    Move,
    Paid,
    Step,
    Trade,
)
from rules.stroganov.content import CONTENT
from rules.stroganov.core import Events, has_ability, log, region_of
from rules.stroganov.events import ActionEvent, ExtraEvent, effect_data, entry_data
from rules.stroganov.payment import Wallet, commit, greedy, pay, spend_coins, spend_horses, wallet
from rules.stroganov.state import TIGER, StroganovState

SILVER = (Coin, Horses, Step, Hunt, Trade)
GOLD = (Gold, Claim)
FREE = (Exchange, Draw, Fulfil)


def movement_cost(st: StroganovState, ci: int, k: int) -> int:
    """ST-7.3: 2 horses per position beyond the second; FASTHORSE 1."""
    per = 1 if has_ability(st, st.cossacks[ci], "FASTHORSE") else 2
    return per * max(0, k - 2)


def step_limit(st: StroganovState, ci: int) -> int:
    return 3 if has_ability(st, st.cossacks[ci], "SCOUT") else 2


def action_region(st: StroganovState, a: Extra) -> int | None:
    """The region a gold action is taken in (ST-9.1); ``None`` for silver actions."""
    if isinstance(a, Gold):
        return a.region
    if isinstance(a, Claim):
        pos = tile_position(st, a.tile)
        return region_of(pos) if pos else None
    return None


def tile_position(st: StroganovState, tile: str) -> int | None:
    try:
        return st.row.index(tile) + 1
    except ValueError:
        return None


# ---------------------------------------------------------------- checks


def check_step(st: StroganovState, ci: int, position: int, direction: str, k: int, rule: str) -> int:
    limit = step_limit(st, ci)
    if not 1 <= k <= limit:
        raise IllegalAction("step_range", k=k, maximum=limit, rule=rule)
    to = position + k if direction == "e" else position - k
    if not 1 <= to <= 12:
        raise IllegalAction("step_off_row", to=to, rule=rule)
    return to


def check_extra(st: StroganovState, ci: int, a: Extra, w: Wallet) -> None:
    """Everything an extra or silver action needs, costs taken from ``w`` (ST-8, ST-9)."""
    c = st.cossacks[ci]
    if isinstance(a, (Coin, Horses)):
        return
    if isinstance(a, Step):
        check_step(st, ci, c.position, a.direction, a.k, "ST-8.3")
        return
    if isinstance(a, Hunt):
        check_hunt(st, ci, a, w)
        return
    if isinstance(a, Trade):
        check_trade(st, ci, a, w)
        return
    region = action_region(st, a)
    if region is None:
        raise IllegalAction("tile_not_in_row", tile=getattr(a, "tile", None), rule="ST-9.6.1")
    if region not in core.accessible(st, ci):
        raise IllegalAction("no_access", region=region, rule="ST-9.1")
    if isinstance(a, Claim):
        check_claim(st, ci, a, w, region)
        return
    r = region - 1
    if a.kind == "wish" and st.wish_slots[r] is None:
        raise IllegalAction("no_wish", region=region, rule="ST-9.2")
    if a.kind == "yurt" and st.yurt_slots[r] is None:
        raise IllegalAction("no_yurt", region=region, rule="ST-9.4")
    if a.kind == "build":
        if c.supply < 1:
            raise IllegalAction("no_outpost_in_supply", rule="ST-9.5.1")
        if ci in st.outposts[r]:
            raise IllegalAction("already_built", region=region, rule="ST-9.5.1")
        if core.free_slot(st, region) is None:
            raise IllegalAction("region_full", region=region, rule="ST-9.5.1")
    if a.kind == "recruit":
        if c.supply > 0:
            raise IllegalAction("supply_not_empty", rule="ST-9.5.2")
        if c.reserve < 1:
            raise IllegalAction("reserve_empty", rule="ST-9.5.2")


def check_hunt(st: StroganovState, ci: int, a: Hunt, w: Wallet) -> None:
    c = st.cossacks[ci]
    line = st.items[c.position - 1] if c.position else []
    if not line:
        raise IllegalAction("nothing_to_hunt", position=c.position, rule="ST-8.4.1")
    if max(a.items) > len(line):
        raise IllegalAction("no_such_item", item=max(a.items), items=len(line), rule="ST-8.4.2")
    last = max(a.items)
    skipped = sum(1 for i in range(1, last) if i not in a.items)
    horses = skipped
    if has_ability(st, c, "TRACKER"):
        horses = max(0, horses - 1)
    if len(a.items) == 2:
        if a.keeneye:
            if not has_ability(st, c, "KEENEYE"):
                raise IllegalAction("no_keeneye", rule="ST-14.4")
            horses += 2
        else:
            spend_coins(w, 1, "ST-8.4.2")
    spend_horses(w, horses, "ST-8.4.3")


def check_trade(st: StroganovState, ci: int, a: Trade, w: Wallet) -> None:
    c = st.cossacks[ci]
    want = 3 if has_ability(st, c, "TONGUE") else 2
    if len(a.effects) != want:
        raise IllegalAction("trade_effects", need=want, given=len(a.effects), rule="ST-8.5.2")
    pay(w, [st.trade_fur], [a.pay], "ST-8.5.1", any_fur=has_ability(st, c, "FREETRADE"))
    pos = c.position
    for e in a.effects:
        if e[0] in "ew":
            pos = check_step(st, ci, pos, e[0], int(e[1:]), "ST-8.5.2")


def claim_count(st: StroganovState, ci: int, position: int) -> int:
    base = 1 if has_ability(st, st.cossacks[ci], "SURVEYOR") else 2
    return base + len(st.items[position - 1])


def check_claim(st: StroganovState, ci: int, a: Claim, w: Wallet, region: int) -> None:
    pos = tile_position(st, a.tile)
    assert pos is not None
    need = st.region_furs[region - 1]
    pay(w, [need] * claim_count(st, ci, pos), a.pays, "ST-9.6.2")


def check_fee(st: StroganovState, ci: int, a: Paid, w: Wallet) -> None:
    """ST-7.6: any fur or tiger for a silver action; the region fur for a gold action."""
    region = action_region(st, a.action)
    if isinstance(a.action, SILVER):
        pay(w, [None], [a.fee], "ST-7.6")
    elif region is not None:
        envoy = has_ability(st, st.cossacks[ci], "ENVOY")
        pay(w, [st.region_furs[region - 1]], [a.fee], "ST-7.6", any_fur=envoy)


def check_free(st: StroganovState, ci: int, a: Exchange | Draw | Fulfil, w: Wallet) -> None:
    c = st.cossacks[ci]
    if isinstance(a, Exchange):
        if a.give not in w.furs:
            raise IllegalAction("missing_fur", value=a.give, need=1, have=0, rule="ST-10.1")
        if a.take not in st.market:
            raise IllegalAction("not_in_market", value=a.take, rule="ST-10.1")
        if a.take == a.give:
            raise IllegalAction("exchange_same_value", value=a.give, rule="ST-10.1")
        cost = max(0, a.take - a.give - (1 if has_ability(st, c, "BROKER") else 0))
        spend_horses(w, cost, "ST-10.1")
        w.furs.remove(a.give)
        return
    if isinstance(a, Draw):
        if not st.bag:
            raise IllegalAction("bag_empty", rule="ST-10.2")
        spend_horses(w, 3 if has_ability(st, c, "CARAVAN") else 5, "ST-10.2")
        return
    if a.wish not in c.held:
        raise IllegalAction("wish_not_held", wish=a.wish, rule="ST-10.3")
    needs, spend = fulfil_needs(a.wish)
    pay(w, needs, a.pays, "ST-10.3", spend=spend)


def fulfil_needs(wish: str) -> tuple[list[int], list[bool]]:
    """ST-16.1: red requirements ascending, then the shown ones ascending."""
    card = CONTENT.wishes[wish]
    shown = list(card.required)
    for v in card.red:
        shown.remove(v)
    return [*card.red, *shown], [True] * len(card.red) + [False] * len(shown)


def check(st: StroganovState, ci: int, a: object, phase: int, patron: bool) -> Wallet:
    """Check a turn action for the phase it is taken in (ST-7); returns the wallet after it."""
    c = st.cossacks[ci]
    w = wallet(c, free_sub=patron)
    if isinstance(a, FREE):
        check_free(st, ci, a, w)
        return w
    if isinstance(a, Move):
        if phase != 0:
            raise WrongPhase("moved_already", rule="ST-7.1")
        limit = min(5, 12 - c.position)
        if not 1 <= a.k <= limit:
            raise IllegalAction("move_range", k=a.k, maximum=limit, rule="ST-7.3")
        spend_horses(w, movement_cost(st, ci, a.k), "ST-7.3")
        return w
    if isinstance(a, EndTurn):
        if phase < 2:
            raise WrongPhase("silver_first" if phase == 1 else "move_first", rule="ST-7.8")
        return w
    if phase == 0:
        raise WrongPhase("move_first", rule="ST-7.1")
    if phase == 4:
        raise WrongPhase("actions_done", rule="ST-7.8")
    if isinstance(a, Paid):
        if phase != 3:
            raise WrongPhase("no_fee_now", rule="ST-7.6")
        if isinstance(a.action, Paid):
            raise IllegalAction("fee_twice", rule="ST-7.6")
        check_fee(st, ci, a, w)
        check_extra(st, ci, a.action, w)
        return w
    if phase == 3:
        raise IllegalAction("fee_required", rule="ST-7.6")
    if phase == 1 and isinstance(a, GOLD):
        raise WrongPhase("silver_phase", rule="ST-7.4")
    check_extra(st, ci, a, w)  # type: ignore[arg-type]
    return w


# ---------------------------------------------------------------- carrying out


def action_event(st: StroganovState, ci: int, a: object) -> ActionEvent:
    """The event of a player's turn action, read from the state *before* it is carried out (the
    action is checked already)."""
    if isinstance(a, Paid):
        event = extra_event(st, ci, a.action)
        event["fee"] = entry_data(a.fee)
        return event
    if isinstance(a, Move):
        return {"type": "move", "cossack": ci, "k": a.k, "to": st.cossacks[ci].position + a.k}
    if isinstance(a, Draw):
        return {"type": "draw", "cossack": ci}
    if isinstance(a, Exchange):
        return {"type": "exchange", "cossack": ci, "give": a.give, "take": a.take}
    if isinstance(a, Fulfil):
        ability = CONTENT.wishes[a.wish].ability
        pays = [entry_data(e) for e in a.pays]
        return {"type": "fulfil", "cossack": ci, "wish": a.wish, "ability": ability, "pays": pays}
    if isinstance(a, (*SILVER, *GOLD)):
        return extra_event(st, ci, a)
    raise TypeError(f"not a turn action: {a!r}")  # pragma: no cover - turn.check rules this out


def extra_event(st: StroganovState, ci: int, a: Extra) -> ExtraEvent:
    """The event of a silver or gold action (:func:`action_event`), without its fee."""
    c = st.cossacks[ci]
    if isinstance(a, Coin):
        return {"type": "coin", "cossack": ci}
    if isinstance(a, Horses):
        return {"type": "horses", "cossack": ci}
    if isinstance(a, Step):
        to = c.position + (a.k if a.direction == "e" else -a.k)
        return {"type": "step", "cossack": ci, "direction": a.direction, "k": a.k, "to": to}
    if isinstance(a, Hunt):
        line = st.items[c.position - 1]
        taken = [line[i - 1] for i in a.items]
        return {
            "type": "hunt",
            "cossack": ci,
            "items": list(a.items),
            "keeneye": a.keeneye,
            "position": c.position,
            "taken": taken,
        }
    if isinstance(a, Trade):
        pos, moved = c.position, False
        for e in a.effects:
            if e[0] in "ew":
                pos += int(e[1:]) if e[0] == "e" else -int(e[1:])
                moved = True
        effects = [effect_data(e) for e in a.effects]
        return {
            "type": "trade",
            "cossack": ci,
            "pay": entry_data(a.pay),
            "effects": effects,
            "to": pos if moved else None,
        }
    if isinstance(a, Claim):
        position = st.row.index(a.tile) + 1
        pays = [entry_data(e) for e in a.pays]
        return {"type": "claim", "cossack": ci, "tile": a.tile, "position": position, "pays": pays}
    r = a.region - 1
    if a.kind == "wish":
        wish = st.wish_slots[r]
        assert wish is not None
        return {"type": "wish", "cossack": ci, "region": a.region, "wish": wish}
    if a.kind == "village":
        return {"type": "village", "cossack": ci, "region": a.region, "village": st.villages[r]}
    if a.kind == "yurt":
        yurt = st.yurt_slots[r]
        assert yurt is not None
        return {"type": "yurt", "cossack": ci, "region": a.region, "yurt": yurt}
    if a.kind == "build":
        return {"type": "build", "cossack": ci, "region": a.region}
    if a.kind == "recruit":
        return {"type": "recruit", "cossack": ci, "region": a.region}
    raise TypeError(f"not a gold action: {a!r}")  # pragma: no cover - turn.check rules this out


def perform(st: StroganovState, ci: int, a: object, w: Wallet, events: Events) -> None:
    """Write back the wallet checked by :func:`check` and carry out the action."""
    c = st.cossacks[ci]
    log(st, events, action_event(st, ci, a))
    commit(st, c, w)
    if w.patron_used and st.turn is not None:
        st.turn.patron_used = True
    if isinstance(a, Paid):
        a = a.action
    if isinstance(a, Exchange):
        st.market.remove(a.take)
        st.market.append(a.give)
        st.market.sort()
        core.add_fur(c, a.take)
    elif isinstance(a, Draw):
        f = core.draw_fur(st)
        if f is not None:
            core.add_fur(c, f)
    elif isinstance(a, Fulfil):
        c.held.remove(a.wish)
        c.fulfilled.append(a.wish)
        ability = CONTENT.wishes[a.wish].ability
        if CONTENT.abilities[ability] == "I":
            gift(st, ci, ability, a.wish)
    elif isinstance(a, Move):
        c.position += a.k
        core.arrive(st, ci)
    elif isinstance(a, Coin):
        c.coins += 1
    elif isinstance(a, Horses):
        c.horses += 4
    elif isinstance(a, Step):
        c.position += a.k if a.direction == "e" else -a.k
        core.arrive(st, ci)
    elif isinstance(a, Hunt):
        line = st.items[c.position - 1]
        for i in sorted(a.items, reverse=True):
            v = line.pop(i - 1)
            if v == TIGER:
                c.tigers += 1
            else:
                core.add_fur(c, v)
    elif isinstance(a, Trade):
        for e in a.effects:
            if e == "coin":
                c.coins += 1
            elif e == "stories":
                core.gain(st, ci, "stories", 2, "trade", "REWARD")
            elif e == "horses":
                c.horses += 3
            else:
                c.position += int(e[1:]) if e[0] == "e" else -int(e[1:])
                core.arrive(st, ci)
    elif isinstance(a, Claim):
        pos = tile_position(st, a.tile)
        assert pos is not None
        claim_tile(st, ci, pos)
    elif isinstance(a, Gold):
        gold(st, ci, a.kind, a.region)


def claim_tile(st: StroganovState, ci: int, pos: int) -> None:
    """ST-9.6.3 (and Ivan's free claim, ST-15.5 step 4)."""
    tile = st.row[pos - 1]
    assert tile is not None
    core.clear_tile(st, pos)
    st.cossacks[ci].tiles.append(tile)
    core.grant(st, ci, CONTENT.tiles[tile].reward, tile)


def gold(st: StroganovState, ci: int, kind: str, region: int) -> None:
    c = st.cossacks[ci]
    r = region - 1
    if kind == "wish":
        card = st.wish_slots[r]
        assert card is not None
        st.wish_slots[r] = None
        (c.fulfilled if c.ivan else c.held).append(card)
    elif kind == "village":
        village = st.villages[r]
        core.grant(st, ci, CONTENT.villages[village].reward, village)
        if has_ability(st, c, "ELDER"):
            st.queue.append([ci, "coins", 1, "ELDER", "WISH"])
    elif kind == "yurt":
        yurt = st.yurt_slots[r]
        assert yurt is not None
        st.yurt_slots[r] = None
        st.out.append(yurt)
        core.grant(st, ci, CONTENT.yurts[yurt].reward, yurt)
        if has_ability(st, c, "NOMAD"):
            st.queue.append([ci, "stories", 2, "NOMAD", "WISH"])
    elif kind == "build":
        slot = core.free_slot(st, region)
        assert slot is not None
        st.outposts[r][slot] = ci
        c.supply -= 1
        if has_ability(st, c, "GOVERNOR"):
            st.queue.append([ci, "vp", 2, "GOVERNOR", "WISH"])
    elif kind == "recruit":
        c.reserve -= 1
        c.supply += 1


def gift(st: StroganovState, ci: int, ability: str, wish: str) -> None:
    """I abilities (ST-14.4), resolved right after fulfilment."""
    q = st.queue
    if ability == "GIFT_TIGER":
        q.append([ci, "tiger", 1, wish, "WISH"])
    elif ability == "GIFT_OUTPOST":
        q.extend([[ci, "outpost", 1, wish, "WISH"], [ci, "coins", 1, wish, "WISH"]])
    elif ability == "GIFT_TROPHY":
        q.extend([[ci, "trophy", 1, wish, "WISH"], [ci, "trophy", 1, wish, "WISH"]])
    elif ability == "GIFT_BANNER":
        q.extend([[ci, "banner", 1, wish, "WISH"], [ci, "horses", 2, wish, "WISH"]])


def free_action_possible(st: StroganovState, ci: int) -> bool:
    """Whether any free action (ST-10.1–10.3) is open, for the automatic END_TURN (ST-16.2)."""
    c = st.cossacks[ci]
    broker = 1 if has_ability(st, c, "BROKER") else 0
    for give in set(c.furs):
        for take in set(st.market):
            if give != take and max(0, take - give - broker) <= c.horses:
                return True
    if st.bag and c.horses >= (3 if has_ability(st, c, "CARAVAN") else 5):
        return True
    w = wallet(c, free_sub=bool(st.turn and not st.turn.patron_used and has_ability(st, c, "PATRON")))
    return any(greedy(w, fulfil_needs(h)[0]) is not None for h in c.held)
