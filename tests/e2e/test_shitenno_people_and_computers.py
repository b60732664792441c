"""Done when (issue 46): a four-player Shitenno of two people and two computers, played to its end
through Discord — in English by the bot's buttons and selects, in Czech by typed decisions. The
computers take every decision of theirs as the game comes to them (the people never wait for a
press of theirs), they are named in the game's language and never mentioned, the people get their
hands by DM and the result, and the game is not rated."""

from __future__ import annotations

import random
from pathlib import Path

from cogs import games
from db.records import computer_id
from tests.e2e.harness import Table, table
from tests.e2e.shitenno_players import Seen, check_secrets, decide, observe
from tests.fakediscord import Thread, User

LIMIT = 600
"""The people's decisions at most."""


async def two_people_and_two_computers(t: Table, level: str, join: str, start: str) -> tuple[int, Thread]:
    """Alice opens a lobby with two computers of ``level``, Bob joins (``join``: the button's
    label in the game's language), Alice starts if the lobby is not full yet. The game's seed is
    fixed, so that every run deals the same cards and the computers think the same."""
    t.bot.table.teller.master.new_seed = lambda: len(level)  # type: ignore[union-attr]
    lobby = await t.slash(t.alice, t.channel, "shitenno new", computers=2, level=level)
    assert not lobby.ephemeral, lobby.content
    await t.click(t.bob, lobby, join)
    if any(b.label == start for b in lobby.buttons):
        await t.click(t.alice, lobby, start)
    thread = await t.channel.wait_for_thread()
    await t.bot.table.teller.quiet()  # type: ignore[union-attr]
    rec = (await t.bot.store.games.find(status="active"))[-1]  # type: ignore[union-attr]
    assert sorted(rec.players) == sorted([t.alice.id, t.bob.id, computer_id(level, 0), computer_id(level, 1)]), (
        rec.players
    )
    return rec.id, thread


async def people_to_act(t: Table, game: int) -> list[int] | None:
    """The seats to act once the computers have decided (None: the game is over); they are people's."""
    assert t.bot is not None
    await t.bot.table.teller.quiet()
    rec = await t.bot.store.games.get(game)
    if rec.status != "active":
        return None
    seats = list(games.kind("shitenno").engine.to_act(rec.load_state()))
    assert seats and all(rec.computer_at(s) is None for s in seats), "the computers never keep the people waiting"
    return seats


async def finished_well(t: Table, game: int, thread: Thread, computer: str, over: str) -> None:
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    assert rec.status == "finished"
    said = "\n".join(m.content for m in thread.messages)
    assert computer in said and "<@-" not in said, "computers are named, never mentioned"
    assert over in thread.messages[-1].content
    assert [r for r in t.fake.requests.records if r.status >= 400] == [], "no DM or ping reached a computer"
    for person in (t.alice, t.bob):
        assert any(a.filename.endswith("hand.png") for m in t.fake.dms(person) for a in m.attachments)
    standings, players = await t.bot.store.ratings.leaderboard(t.guild.id, "shitenno")
    assert not standings and players == 0, "a game with computers is not rated"


async def test_two_people_and_two_computers_play_shitenno_to_the_end_by_presses(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await two_people_and_two_computers(t, "normal", "Join", "Start")
        users = {t.alice.id: t.alice, t.bob.id: t.bob}
        rnd, seen = random.Random(46), Seen()
        for _ in range(LIMIT):
            if await people_to_act(t, game) is None:
                break
            await observe(t, game, seen)
            await decide(t, game, thread, users, rnd)
            await check_secrets(t, game, thread, seen)
        await finished_well(t, game, thread, "Computer (normal)", "Game over")


async def test_dva_lide_a_dva_pocitace_dohraji_shitenno(tmp_path: Path) -> None:
    """The same in Czech (the server prefers Czech, the players' Discord speaks it), each decision
    typed with ``/shitenno act``."""
    async with table(tmp_path) as t:
        t.guild.preferred_locale = t.alice.locale = t.bob.locale = "cs"
        game, thread = await two_people_and_two_computers(t, "hard", "Přidat se", "Začít")
        users = {t.alice.id: t.alice, t.bob.id: t.bob}
        rnd = random.Random(7)
        engine = games.kind("shitenno").engine
        for _ in range(LIMIT):
            seats = await people_to_act(t, game)
            if seats is None:
                break
            rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
            seat = seats[0]
            legal = [a.notation() for a in engine.legal(rec.load_state(), seat) if a.notation() != "resign"]
            user: User = users[rec.players[seat]]
            answer = await t.slash(user, thread, "shitenno act", action=rnd.choice(legal))
            assert not answer.ephemeral, answer.content
        await finished_well(t, game, thread, "Počítač (těžký)", "Konec hry")
