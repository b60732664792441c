"""Stratego against its computer through Discord (issue 46, rules/stratego/computer): ``/stratego new
computers:1`` starts at once, the computer sets up and answers the person's moves."""

from __future__ import annotations

from pathlib import Path

from db.records import computer_id
from rules.stratego.board import name
from rules.stratego.engine import legal_moves
from tests.e2e.harness import table


async def test_a_solo_stratego_against_the_computer_starts_and_the_computer_sets_up(tmp_path: Path) -> None:
    """Stratego's own computer (rules/stratego/computer): ``/stratego new computers:1`` is a game
    against it at once; it places a sound setup and confirms it while the person drafts theirs."""
    async with table(tmp_path) as t:
        answer = await t.slash(t.alice, t.channel, "stratego new", computers=1, level="hard", army="barrage")
        await t.channel.wait_for_thread()
        await t.bot.table.teller.quiet()
        assert not answer.ephemeral and not answer.buttons
        found = (await t.bot.store.games.find(status="active"))[-1]  # type: ignore[union-attr]
        rec = await t.bot.store.games.get(found.id)  # type: ignore[union-attr]
        assert rec.players == (t.alice.id, computer_id("hard", 0))
        state = rec.load_state()
        computer, person = state.seat_colour[1], state.seat_colour[0]
        assert state.ready[computer] and not state.ready[person], "the computer is ready, the person sets up"
        thread = await t.channel.wait_for_thread()
        await t.slash(t.alice, thread, "stratego setup", random=True)
        await t.slash(t.alice, thread, "stratego ready")
        answered = 0
        for _ in range(6):  # Alice moves her first legal piece; the computer answers each move
            await t.bot.table.teller.quiet()
            rec = await t.bot.store.games.get(rec.id)
            state = rec.load_state()
            if rec.status != "active":
                break  # a battle may end a Barrage game early
            assert state.turn == person, "the computer has answered"
            answered += state.ply > 1
            move = legal_moves(state, person)[0]
            await t.slash(t.alice, thread, "stratego move", **{"from": name(move.frm), "to": name(move.to)})
        assert answered or rec.status == "finished"
        said = "\n".join(m.content for m in thread.messages)
        assert "Computer (hard)" in said and "<@-" not in said
        assert [r for r in t.fake.requests.records if r.status >= 400] == []


async def test_an_open_challenge_nobody_answered_is_played_against_the_computer(tmp_path: Path) -> None:
    """An open challenge (no opponent named) offers **Add a computer** (issue 46 §1): its creator
    picks the level, and the computer takes the one free seat — the game starts at once, the
    challenge's message says where, and it never reads as a challenge of the computer."""
    async with table(tmp_path) as t:
        challenge = await t.slash(t.alice, t.channel, "stratego new")
        assert [b.label for b in challenge.buttons] == ["Join", "Withdraw", "Add a computer"]
        picker = await t.click(t.alice, challenge, "Add a computer")
        picked = await t.fake.select(t.alice, picker, picker.selects[0].custom_id, ["easy"])
        assert (await picked.response()).content == "Computer (easy) joins the lobby."
        thread = await t.channel.wait_for_thread()
        await t.bot.table.teller.quiet()
        rec = (await t.bot.store.games.find(status="active"))[-1]  # type: ignore[union-attr]
        assert rec.players == (t.alice.id, computer_id("easy", 0))
        assert not challenge.buttons and f"<#{thread.id}>" in challenge.content
        assert challenge.edit_count == 1, "the challenge went from open to started, never to the computer"
        assert [r for r in t.fake.requests.records if r.status >= 400] == []
