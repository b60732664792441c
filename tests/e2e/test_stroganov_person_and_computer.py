"""Done when (issue 46): a Stroganov game of one person and one computer, in which the person hands
their seat to a computer for a vacation (``/game away`` with ``computer:``) for a while and takes it
back with ``/game back``, played to its end through Discord — in English by the turn page's
presses, in Czech by typed decisions. The computer plays beside the person (no Ivan: he is the solo
game's automa only), takes every decision of its seat as the game comes to it, is named in the
game's language and never mentioned; the game is not rated."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from cogs import games
from cogs.texts import t as words
from db.records import computer_id, computer_level
from tests.e2e.harness import Table, table
from tests.e2e.stroganov_players import DONE, decide
from tests.fakediscord import Thread

LIMIT = 600
"""The person's decisions at most."""
BEFORE_AWAY = 12
"""The person's own decisions before the vacation."""
AWAY = 6
"""The decisions of the person's seat a computer takes during the vacation (at least)."""


async def person_and_computer(t: Table, level: str, *, by_button: bool = False) -> tuple[int, Thread]:
    """Alice opens a lobby with one computer of ``level`` — by ``/stroganov new computers:``, or
    ``by_button``: she presses **Add a computer** and picks the level privately — and starts it: a
    game of two, Alice and the computer."""
    lang = "cs" if t.alice.locale == "cs" else "en"
    if by_button:
        lobby = await t.slash(t.alice, t.channel, "stroganov new")
        picker = await t.click(t.alice, lobby, words("btn.add_computer", lang))
        assert picker.ephemeral and len(picker.selects) == 1, picker.content
        picked = await t.fake.select(t.alice, picker, picker.selects[0].custom_id, [level])
        said = await picked.response()
        assert said.content == words("lobby.computer_added", lang, computer=name(level, lang)), said.content
        await settled(t)  # the lobby's message is edited as the change is told
    else:
        lobby = await t.slash(t.alice, t.channel, "stroganov new", computers=1, level=level)
    assert not lobby.ephemeral and name(level, lang) in lobby.content and "<@-" not in lobby.content, lobby.content
    await t.click(t.alice, lobby, words("btn.start", lang))
    thread = await t.channel.wait_for_thread()
    await settled(t)
    assert t.bot is not None
    rec = await t.bot.store.games.get((await t.bot.store.games.find(status="active"))[-1].id)
    assert rec.players == (t.alice.id, computer_id(level, 0)), rec.players
    state = rec.load_state()
    assert not state.solo and not any(c.ivan for c in state.cossacks), "a computer is a seat, not Ivan"
    return rec.id, thread


def name(level: str, lang: str) -> str:
    """A lone computer's name in ``lang``: "Computer (hard)", "Počítač (těžký)"."""
    return words("computer.name", lang, level=words(f"computer.level.{level}", lang))


async def settled(t: Table) -> None:
    assert t.bot is not None
    await t.bot.table.teller.quiet()


async def alice_to_act(t: Table, game: int) -> bool:
    """Whether the game goes on once the table has played its seats; it then waits for Alice."""
    assert t.bot is not None
    await settled(t)
    rec = await t.bot.store.games.get(game)
    if rec.status != "active":
        return False
    seats = games.kind("stroganov").engine.to_act(rec.load_state())
    assert seats and all(rec.players[s] == t.alice.id and not rec.table_plays(s) for s in seats), (
        "the computer never keeps the person waiting"
    )
    return True


Think = Callable[..., Awaitable[Any]]


def hold_the_computers(t: Table, after: int) -> tuple[asyncio.Event, asyncio.Event, list[int]]:
    """Hold the table's computers before the computer's own seat decides, once a computer has
    taken ``after`` decisions of Alice's seat: the vacation lasts a while, and ``/game back`` comes
    before the two computers play the game to its end. Returns (held, release, the seats the
    computers decided for, in order)."""
    assert t.bot is not None
    master = t.bot.table.teller.master
    think: Think = master._think
    held, release, seats = asyncio.Event(), asyncio.Event(), []

    async def gated(rec: Any, state: Any, seat: int, level: str, seed: int) -> Any:
        mine = computer_level(rec.players[seat]) is None
        if not mine and sum(rec.players[s] == t.alice.id for s in seats) >= after and not release.is_set():
            held.set()
            await release.wait()
        seats.append(seat)
        return await think(rec, state, seat, level, seed)

    master._think = gated
    return held, release, seats


async def vacation(t: Table, game: int, thread: Thread, level: str, handed: str, back: str) -> None:
    """``/game away`` with ``computer: level`` (``handed``: how the answer names the computer),
    the computer plays Alice's seat for a while, then ``/game back`` (``back``: its welcome)."""
    assert t.bot is not None
    held, release, seats = hold_the_computers(t, AWAY)
    away = await t.slash(t.alice, t.channel, "game away", days=3, computer=level)
    assert away.ephemeral and handed in away.content, away.content
    told = await thread.wait_for_message(lambda m: f"<@{t.alice.id}>" in m.content and handed in m.content)
    assert "<@-" not in told.content
    await asyncio.wait_for(held.wait(), 120)
    rec = await t.bot.store.games.get(game)
    assert rec.level_at(0) == level and rec.status == "active"
    answer = await t.slash(t.alice, t.channel, "game back")
    assert answer.ephemeral and back in answer.content, answer.content
    release.set()
    await thread.wait_for_message(lambda m: back in m.content and f"<@{t.alice.id}>" in m.content)
    await settled(t)
    rec = await t.bot.store.games.get(game)
    assert rec.level_at(0) is None, "the seat is Alice's again"
    assert seats.count(0) >= AWAY, f"the computer played Alice's seat during the vacation: {seats}"
    actions = await t.bot.store.games.actions(game)
    assert [a.seat for a in actions].count(0) >= BEFORE_AWAY + AWAY


async def finished_well(t: Table, game: int, thread: Thread, computer: str, over: str) -> None:
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    assert rec.status == "finished"
    said = "\n".join(m.content for m in thread.messages)
    assert computer in said and "<@-" not in said, "the computer is named, never mentioned"
    assert over in said
    assert [r for r in t.fake.requests.records if r.status >= 400] == [], "no DM or ping reached a computer"
    standings, players = await t.bot.store.ratings.leaderboard(t.guild.id, "stroganov")
    assert not standings and players == 0, "a game with a computer is not rated"


async def test_a_person_and_a_computer_play_stroganov_with_a_vacation_by_presses(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await person_and_computer(t, "normal")
        users = {t.alice.id: t.alice}
        rnd, mine = random.Random(46), 0
        for _ in range(LIMIT):
            if not await alice_to_act(t, game):
                break
            if mine == BEFORE_AWAY:
                await vacation(t, game, thread, "hard", "Computer (hard)", "Welcome back")
                mine += 1
                continue
            await decide(t, game, thread, users, rnd)
            mine += 1
        await finished_well(t, game, thread, "Computer (normal)", "Game over")


async def test_clovek_a_pocitac_dohraji_stroganova_s_dovolenou(tmp_path: Path) -> None:
    """The same in Czech (the server prefers Czech, Alice's Discord speaks it), the computer seated
    by the lobby's **Přidat počítač**, each decision typed with ``/stroganov act``."""
    async with table(tmp_path) as t:
        t.guild.preferred_locale = t.alice.locale = "cs"
        game, thread = await person_and_computer(t, "easy", by_button=True)
        engine = games.kind("stroganov").engine
        rnd, mine = random.Random(7), 0
        for _ in range(LIMIT):
            if not await alice_to_act(t, game):
                break
            if mine == BEFORE_AWAY:
                await vacation(t, game, thread, "normal", "Počítač (normální)", "Vítej zpět")
                mine += 1
                continue
            assert t.bot is not None
            rec = await t.bot.store.games.get(game)
            seat = engine.to_act(rec.load_state())[0]
            legal = [a.notation() for a in engine.legal(rec.load_state(), seat) if a.notation() != "resign"]
            answer = await t.slash(t.alice, thread, "stroganov act", action=rnd.choice(legal))
            assert answer.content.startswith(DONE), answer.content
            mine += 1
        await finished_well(t, game, thread, "Počítač (lehký)", "Konec hry")
