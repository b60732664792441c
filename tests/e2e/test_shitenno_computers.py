"""Shitenno's computers through Discord (issue 46, rules/shitenno/computer): one person and three
computers; the computers take their decisions, named in the game's language, until the person is
to act."""

from __future__ import annotations

from pathlib import Path

from cogs import games
from tests.e2e.harness import table


async def test_shitennos_computers_take_their_decisions_and_wait_for_the_person(tmp_path: Path) -> None:
    """Shitenno's own computer (rules/shitenno/computer): one person and three computers; the
    computers share and conquer until the person is to act, told in the thread by name."""
    async with table(tmp_path) as t:
        answer = await t.slash(t.alice, t.channel, "shitenno new", computers=3, level="easy", language="cs")
        thread = await t.channel.wait_for_thread()
        await t.bot.table.teller.quiet()
        assert not answer.buttons, "the lobby the computers filled has started"
        found = (await t.bot.store.games.find(status="active"))[-1]  # type: ignore[union-attr]
        rec = await t.bot.store.games.get(found.id)  # type: ignore[union-attr]
        assert rec.computer_at(1) == rec.computer_at(2) == rec.computer_at(3) == "easy"
        to_act = games.kind("shitenno").engine.to_act(rec.load_state())
        assert to_act == (0,), "the computers decided until the person is to act"
        said = "\n".join(m.content for m in thread.messages)
        assert "Počítač (lehký)" in said and "<@-" not in said
        assert [r for r in t.fake.requests.records if r.status >= 400] == []
