"""Cancelling by agreement after a resignation (issue 18 §5 with issue 46), through Discord: a person
who resigned a Shitenno seat the computer plays on (SH-R.6) is out of the game — refused when
agreeing, not waited for, and sent no more of that seat's secrets by DM."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.resigned_seats import resign, settled, three_people
from tests.e2e.shitenno_players import decide


async def test_a_player_who_resigned_to_the_computer_is_out_of_the_cancel_and_the_secrets(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        game, thread, users, bob = await three_people(t, "shitenno")
        rnd = random.Random(18)
        for _ in range(4):
            await settled(t, game)
            await decide(t, game, thread, users, rnd)
        await resign(t, t.bob, thread, f"Resign #{game} Shitenno")
        await settled(t, game)
        dms = len(t.fake.dms(t.bob))
        for _ in range(8):  # the others and the computer play on: Bob's seat's hand changes
            if await settled(t, game) is None:
                break
            await decide(t, game, thread, users, rnd)
        rec = await t.bot.store.games.get(game)
        assert rec.status == "active"
        assert any(a.seat == bob for a in await t.bot.store.games.actions(game) if a.seq > rec.version - 12)
        assert len(t.fake.dms(t.bob)) == dms, [m.content[:120] for m in t.fake.dms(t.bob)[dms:]]

        refused = await t.slash(t.bob, thread, "game cancel")
        assert refused.ephemeral and f"You resigned game #{game}" in refused.content, refused.content
        await t.slash(t.alice, thread, "game cancel")
        proposal = await thread.wait_for_message(lambda m: "proposes to cancel" in m.content)
        assert f"<@{t.carol.id}>" in proposal.content and f"<@{t.bob.id}>" not in proposal.content
        pressed = await t.click(t.bob, proposal, "Agree to cancel")
        assert pressed.ephemeral and "You resigned game" in pressed.content
        assert (await t.bot.store.games.get(game)).status == "active"
        await t.click(t.carol, proposal, "Agree to cancel")
        assert (await t.bot.store.games.get(game)).status == "cancelled", "the two people still in it agreed"
        said = "\n".join(m.content for m in thread.messages)
        assert f"Game #{game} was cancelled: every player agreed" in said, "two people agreed: an agreement"


async def test_the_last_person_left_against_the_computers_cancels_as_their_own(tmp_path: Path) -> None:
    """Alice proposes to cancel a game of hers, Bob's and a computer's; Bob resigns to the computer
    before agreeing: Alice, the only person left, cancels by agreeing again — the thread says she
    cancelled it (not that every player agreed), the proposal that nobody else is waited for."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        lobby = await t.slash(t.alice, t.channel, "shitenno new", computers=1, level="easy")
        await t.click(t.bob, lobby, "Join")
        if any(b.label == "Start" for b in lobby.buttons):
            await t.click(t.alice, lobby, "Start")
        thread = await t.channel.wait_for_thread()
        await t.bot.table.teller.quiet()
        game = (await t.bot.store.games.find(status="active"))[-1].id
        await t.slash(t.alice, thread, "game cancel")
        proposal = await thread.wait_for_message(lambda m: "proposes to cancel" in m.content)
        assert f"<@{t.bob.id}>" in proposal.content
        await resign(t, t.bob, thread, f"Resign #{game} Shitenno")
        await settled(t, game)
        assert (await t.bot.store.games.get(game)).status == "active", "Bob's seat is played on"
        await t.click(t.alice, proposal, "Agree to cancel")
        await t.bot.table.teller.quiet()
        assert (await t.bot.store.games.get(game)).status == "cancelled"
        said = "\n".join(m.content for m in thread.messages)
        assert f"Game #{game} was cancelled by <@{t.alice.id}>." in said, said[-800:]
        assert "every player agreed" not in said
        assert f"proposed to cancel game #{game}; it is cancelled." in proposal.content and not proposal.buttons
