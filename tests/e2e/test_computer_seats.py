"""Computer seats through Discord (issue 46 §1), with the toy game's computer (tests/toy_computer.py):
a lobby seats computers named in the game's language, a game they fill starts at once, a computer
plays its turns as the table tells a player's — never mentioned, never sent a DM — and bad choices
are refused."""

from __future__ import annotations

from pathlib import Path

from db.records import computer_id
from tests import toy_computer
from tests.e2e.harness import table


async def test_a_game_against_computers_plays_to_its_end(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        toy_computer.register()
        answer = await t.slash(t.alice, t.channel, "count new", target=9, computers=3, level="hard")
        thread = await t.channel.wait_for_thread()
        await t.bot.table.teller.quiet()
        assert not answer.ephemeral and "has started" in answer.content and not answer.buttons
        rec = (await t.bot.store.games.find(status="active"))[-1]  # type: ignore[union-attr]
        assert rec.players == (t.alice.id, *(computer_id("hard", n) for n in range(3)))
        start = await thread.wait_for_message(lambda m: "**Count #" in m.content)
        assert set(start.pinged) == {t.alice.id}
        t.watch(rec.id, thread, t.channel)
        for _ in range(20):  # Alice adds 1 whenever it is her turn; the computers answer
            await t.bot.table.teller.quiet()
            rec = await t.bot.store.games.get(rec.id)  # type: ignore[union-attr]
            if rec.status != "active":
                break
            assert rec.load_state().turn == 0, "the computers play their turns at once"
            await t.slash(t.alice, thread, "count add", amount=1)
        rec = await t.bot.store.games.get(rec.id)  # type: ignore[union-attr]
        assert rec.status == "finished"
        said = "\n".join(m.content for m in thread.messages)
        names = ("Computer (hard)", "Computer 2 (hard)", "Computer 3 (hard)")
        assert any(name in said for name in names), "the computers are named (whichever of them the thread tells)"
        assert "<@-" not in said
        refused = [(r.method, r.path, r.status) for r in t.fake.requests.records if r.status >= 400]
        assert refused == [], "no DM, ping or name of a computer ever reached Discord"


async def test_a_lobby_seats_computers_and_refuses_too_many_or_a_bad_level(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        toy_computer.register()
        lobby = await t.slash(t.alice, t.channel, "count new", target=7, computers=1, language="cs")
        labels = [b.label for b in lobby.buttons]
        assert labels == ["Přidat se", "Odejít", "Začít", "Zrušit", "Přidat počítač", "Odebrat počítač"]
        assert not lobby.ephemeral
        assert "Počítač (normální)" in lobby.content and "<@-" not in lobby.content
        assert "Počítač (normální) (nový)" not in lobby.content, "a computer has no pace of its own"
        too_many = await t.slash(t.alice, t.channel, "count new", computers=4)
        assert too_many.ephemeral and "at most 4 players" in too_many.content
        bad = await t.slash(t.alice, t.channel, "count new", computers=1, level="genius")
        assert bad.ephemeral and "`easy`, `normal`, `hard`" in bad.content
