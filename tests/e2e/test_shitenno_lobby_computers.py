"""A Shitenno lobby's computers through Discord (issue 46 §1), in English and in Czech: its creator
presses **Add a computer**, picks the level in a private select, and the computer sits in the
lobby by its name; anyone else's press is refused privately and changes nothing; **Remove a
computer** takes it away again; the computer that takes the last seat starts the game, and the
computers play their turns. A picker left open from before the start is refused as closed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cogs import games
from cogs.texts import t as words
from db.records import computer_id, computer_level
from tests.e2e.harness import Table, table
from tests.fakediscord import Interaction, Message, User


async def pick_level(t: Table, user: User, lobby: Message, label: str, level: str) -> tuple[Message, Interaction]:
    """**Add a computer** pressed by ``user``, ``level`` picked in the private select: the picker
    as the pick left it, and the interaction of the pick."""
    picker = await t.click(user, lobby, label)
    assert picker.ephemeral and len(picker.selects) == 1, picker.content
    picked = await t.fake.select(user, picker, picker.selects[0].custom_id, [level])
    return await picked.response(), picked


@pytest.mark.parametrize("lang", ["en", "cs"])
async def test_the_creator_seats_and_removes_computers_and_the_last_seat_starts_the_game(
    tmp_path: Path, lang: str
) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        for user in (t.alice, t.bob, t.carol):
            user.locale = "cs" if lang == "cs" else "en-US"
        add, remove = words("btn.add_computer", lang), words("btn.remove_computer", lang)
        normal = words("computer.name", lang, level=words("computer.level.normal", lang))
        lobby = await t.slash(t.alice, t.channel, "shitenno new", language=lang)
        assert add in [b.label for b in lobby.buttons] and remove not in [b.label for b in lobby.buttons]
        await t.click(t.bob, lobby, words("btn.join", lang))

        said, _ = await pick_level(t, t.alice, lobby, add, "normal")
        assert said.content == words("lobby.computer_added", lang, computer=normal) and not said.selects
        await t.bot.table.teller.quiet()
        rec = (await t.bot.store.games.find(status="lobby"))[-1]
        assert rec.players == (t.alice.id, t.bob.id, computer_id("normal", 0))
        assert normal in lobby.content and "<@-" not in lobby.content, "the lobby names its computer"
        assert remove in [b.label for b in lobby.buttons]

        not_yours = words("lobby.computers_not_yours", lang, creator=f"<@{t.alice.id}>")
        for label in (add, remove):
            refused = await t.click(t.carol, lobby, label)
            assert refused.ephemeral and refused.content == not_yours
        assert (await t.bot.store.games.get(rec.id)).version == rec.version, "a refused press changes nothing"

        answer = await t.click(t.alice, lobby, remove)  # the lone computer leaves at once
        assert answer.id == lobby.id and normal not in lobby.content
        assert remove not in [b.label for b in lobby.buttons]
        assert (await t.bot.store.games.get(rec.id)).players == (t.alice.id, t.bob.id)

        await pick_level(t, t.alice, lobby, add, "normal")
        left_open = await t.click(t.alice, lobby, add)  # a picker the creator leaves open
        before = list(t.channel.threads)
        said, picked = await pick_level(t, t.alice, lobby, add, "hard")
        hard = words("computer.name", lang, level=words("computer.level.hard", lang))
        assert said.content == words("lobby.computer_added", lang, computer=hard)
        thread = await t.channel.wait_for_thread(lambda th: th not in before)
        where = await picked.followup()
        assert where.ephemeral and f"<#{thread.id}>" in where.content
        assert not lobby.buttons and f"#{rec.id}" in lobby.content, "the lobby says where its game is"

        stale = await t.fake.select(t.alice, left_open, left_open.selects[0].custom_id, ["easy"])
        closed = await stale.response()
        assert closed.ephemeral and closed.content == words("lobby.closed", lang)

        await t.bot.table.teller.quiet()
        rec = await t.bot.store.games.get(rec.id)
        assert rec.status == "active"
        assert rec.players == (t.alice.id, t.bob.id, computer_id("normal", 0), computer_id("hard", 0))
        users = {t.alice.id: t.alice, t.bob.id: t.bob}
        engine, rnd = games.kind("shitenno").engine, random.Random(46)
        for _ in range(40):  # the people type a legal decision when theirs; the computers answer
            await t.bot.table.teller.quiet()
            if any(computer_level(rec.players[a.seat]) for a in await t.bot.store.games.actions(rec.id)):
                break
            rec = await t.bot.store.games.get(rec.id)
            seat = engine.to_act(rec.load_state())[0]
            assert rec.computer_at(seat) is None, "a computer to act has acted"
            legal = [a.notation() for a in engine.legal(rec.load_state(), seat) if a.notation() != "resign"]
            await t.slash(users[rec.players[seat]], thread, "shitenno act", action=rnd.choice(legal))
        else:
            raise AssertionError("no computer took a decision")
        thread_text = "\n".join(m.content for m in thread.messages)
        assert (normal in thread_text or hard in thread_text) and "<@-" not in thread_text
        assert [r for r in t.fake.requests.records if r.status >= 400] == []
