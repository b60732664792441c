"""Simulated Shitenno players for the end-to-end tests: they decide only among what the bot offers
— the buttons under the latest news, the title buttons and card selects of the lot builder, and
the province and payment selects of **Conquer…** — never typed notation."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from rules.shitenno import GAME
from tests.e2e.harness import Table
from tests.e2e.resigned_seats import Decide, PlayedOn
from tests.fakediscord import Message, Thread, User

CARD = re.compile(r"\b[TK]\d{1,2}\b")
DECISIONS = ("Accept the lot", "Refuse", "Take lot A", "Take lot B", "Offer a lot", "Split the pool", "End turn")


@dataclass
class Seen:
    """What a careful observer of the thread knows: every card that was ever in the pool is
    public (SH-4.1); a card in a hand that never was is a secret no public text may name."""

    public_cards: set[str] = field(default_factory=set)
    checked: set[int] = field(default_factory=set)


def latest_decision(thread: Thread, version: int) -> Message:
    for m in reversed(thread.messages):
        if any(b.custom_id and f":{version}:" in b.custom_id and b.label in DECISIONS for b in m.buttons):
            return m
    last = [(m.content[:200], [(b.label, b.custom_id) for b in m.buttons]) for m in thread.messages[-3:]]
    raise AssertionError(f"no message with the decision buttons of version {version}: {last}")


async def observe(t: Table, game: int, seen: Seen) -> None:
    """Note the pool as it lies face up now (call before each decision)."""
    assert t.bot is not None
    state = (await t.bot.store.games.get(game)).load_state()
    if state.sharing is not None:
        seen.public_cards |= set(state.sharing.pool)


async def check_secrets(t: Table, game: int, thread: Thread, seen: Seen) -> None:
    assert t.bot is not None
    await observe(t, game, seen)
    state = (await t.bot.store.games.get(game)).load_state()
    in_hands = {c for p in state.players for c in p.troops + p.koku}
    secret = in_hands - seen.public_cards
    for m in thread.messages + t.channel.messages:
        if m.id in seen.checked:
            continue
        seen.checked.add(m.id)
        named = set(CARD.findall(m.text))
        assert not named & secret, f"public text names hidden cards {named & secret}: {m.text!r}"


async def decide(t: Table, game: int, thread: Thread, users: dict[int, User], rnd: random.Random) -> str:
    """One decision by whoever must decide, through the offered controls; returns what was done."""
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    state = rec.load_state()
    seat = GAME.to_act(state)[0]
    user = users[rec.players[seat]]
    news = latest_decision(thread, rec.version)
    labels = [b.label for b in news.buttons]
    if "Accept the lot" in labels:
        choice = rnd.choice(["Accept the lot", "Refuse"])
        await t.click(user, news, choice)
        return choice
    if "Take lot A" in labels:
        choice = rnd.choice(["Take lot A", "Take lot B"])
        await t.click(user, news, choice)
        return choice
    if "Offer a lot" in labels or "Split the pool" in labels:
        start = "Offer a lot" if "Offer a lot" in labels else "Split the pool"
        titles = await t.click(user, news, start)
        assert titles.ephemeral and titles.buttons
        title = rnd.choice([b.label for b in titles.buttons])
        picker = await t.click(user, titles, title)
        if not picker.selects and "No cards" not in [b.label for b in picker.buttons]:
            second = rnd.choice([b.label for b in picker.buttons])  # a split: lot B's title (SH-7.5)
            picker = await t.click(user, picker, second)
            title = f"{title}/{second}"
        if picker.selects and rnd.random() < 0.85:
            select = picker.selects[0]
            values = [o["value"] for o in select.options]
            picked = rnd.sample(values, rnd.randint(1, len(values)))
            i = await t.fake.select(user, picker, select.custom_id, picked)
            await i.response()
            await t._check_watched()
        else:
            await t.click(user, picker, "No cards")
        return f"{start}: {title}"
    return await control(t, game, user, news, rnd)


async def control(t: Table, game: int, user: User, news: Message, rnd: random.Random) -> str:
    labels = [b.label for b in news.buttons]
    if "Conquer…" in labels and rnd.random() < 0.8:
        return await conquer_by_presses(t, game, user, news, rnd)
    draws = [b.label for b in news.buttons if b.label.startswith("Draw")]
    if draws and rnd.random() < 0.5:
        await t.click(user, news, draws[0])
        return draws[0]
    await t.click(user, news, "End turn")
    return "end"


async def conquer_by_presses(t: Table, game: int, user: User, news: Message, rnd: random.Random) -> str:
    """**Conquer…** → a province from the select → a way to pay (narrowing as offered) — no typing."""
    assert t.bot is not None
    before = (await t.bot.store.games.get(game)).version
    picker = await t.click(user, news, "Conquer…")
    assert picker.ephemeral and picker.selects, picker.content
    for _ in range(12):
        select = picker.selects[0]
        value = rnd.choice([o["value"] for o in select.options])
        i = await t.fake.select(user, picker, select.custom_id, [value])
        answer = await i.response()
        await t._check_watched()
        if (await t.bot.store.games.get(game)).version > before:
            return f"conquered ({value})"
        assert answer.ephemeral and answer.selects, f"a payment picked but nothing happened: {answer.content}"
        picker = answer
    raise AssertionError("the payment select never ended in a payment")


async def play_out(t: Table, game: int, thread: Thread, users: dict[int, User], seed: int, limit: int = 600) -> Any:
    """Decide until the game is over; checks the secret scan after every decision."""
    assert t.bot is not None
    rnd, seen = random.Random(seed), Seen()
    for _ in range(limit):
        rec = await t.bot.store.games.get(game)
        if rec.status != "active":
            return rec
        await observe(t, game, seen)
        await decide(t, game, thread, users, rnd)
        await check_secrets(t, game, thread, seen)
    raise AssertionError(f"game {game} not over after {limit} decisions")


def checked_player() -> Decide:
    """A player for one game: each decision by presses, the secret scan after it."""
    seen = Seen()

    async def one(t: Table, game: int, thread: Thread, users: dict[int, User], rnd: random.Random) -> str:
        await observe(t, game, seen)
        done = await decide(t, game, thread, users, rnd)
        await check_secrets(t, game, thread, seen)
        return done

    return one


def resigner_last(state: Any, seat: int) -> None:
    assert state.result["places"][seat] == len(state.players) and state.phase == "finished"


PLAYED_ON = PlayedOn(checked_player, limit=600, mid_game=lambda state: True, resigner_last=resigner_last)
"""Shitenno's resigned seat played on (SH-R.6, ``test_resigned_seat_played_on.py``)."""
