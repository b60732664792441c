"""A seat left behind by a resignation (issue 46 §1), through Discord: in a three-player Shitenno of
Alice, Bob and Carol, Bob resigns mid-game; the game goes on with his seat played by a computer at
normal level to the end (the others never wait for it), Bob is refused when he tries to act or
take back, and the result lists him as resigned and last — in English; then the Czech words of
the same (the thread's line, Bob's refusal)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import Table, table
from tests.e2e.resigned_seats import resign, settled, three_people
from tests.e2e.shitenno_players import Seen, check_secrets, decide, observe
from tests.fakediscord import Thread, User

LIMIT = 600
"""The people's decisions at most."""


async def play_until(
    t: Table, game: int, thread: Thread, users: dict[int, User], rnd: random.Random, seat: int
) -> None:
    """Decide by presses until ``seat`` is to act (mid-game: a few decisions in)."""
    assert t.bot is not None
    seen = Seen()
    for n in range(LIMIT):
        to_act = await settled(t, game)
        assert to_act is not None, "the game ended before the resignation"
        if n >= 6 and to_act == (seat,):
            return
        await observe(t, game, seen)
        await decide(t, game, thread, users, rnd)
        await check_secrets(t, game, thread, seen)
    raise AssertionError("the seat never came to act")


async def test_a_resigned_seat_is_played_on_by_the_computer_to_the_end(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        game, thread, users, bob = await three_people(t, "shitenno")
        rnd = random.Random(46)
        await play_until(t, game, thread, users, rnd, bob)
        before = (await t.bot.store.games.get(game)).version
        asked = await resign(t, t.bob, thread, f"Resign #{game} Shitenno")
        assert "It counts as a loss; Computer (normal) plays your seat to the end of the game" in asked
        said = await thread.wait_for_message(lambda m: "resigns (a loss)" in m.content)
        assert f"<@{t.bob.id}>" in said.content and "Computer (normal) plays their seat to the end" in said.content

        # the computer took Bob's decision that was due, without a ping or DM to him
        assert await settled(t, game) != (bob,)
        rec = await t.bot.store.games.get(game)
        assert rec.table_plays(bob) and rec.clock_of(bob).since is None  # type: ignore[union-attr]
        by_computer = [a for a in await t.bot.store.games.actions(game) if a.seq > before + 1 and a.seat == bob]
        assert by_computer, "the computer decided for Bob's seat"

        # Bob can no longer act, resign again, or take back, and his command does not take the seat back
        refused = await t.slash(t.bob, thread, "shitenno act", action="end")
        assert refused.ephemeral and f"You resigned game #{game}: Computer (normal) plays your seat" in refused.content
        again = await t.slash(t.bob, thread, "game resign")
        pressed = await t.click(t.bob, again, again.buttons[0].label)
        assert pressed.ephemeral and "You resigned game" in pressed.content
        taken = await t.slash(t.bob, thread, "game takeback")
        assert taken.ephemeral and "You resigned game" in taken.content
        assert (await t.bot.store.games.get(game)).table_plays(bob), "his commands do not take the seat back"

        # Alice and Carol play on; the computer plays Bob's seat to the end and nobody waits for it
        seen = Seen()
        for _ in range(LIMIT):
            to_act = await settled(t, game)
            if to_act is None:
                break
            assert bob not in to_act, "Bob's seat never keeps the others waiting"
            await observe(t, game, seen)
            await decide(t, game, thread, users, rnd)
            await check_secrets(t, game, thread, seen)
        rec = await t.bot.store.games.get(game)
        assert rec.status == "finished" and rec.outcome is not None
        assert bob not in rec.outcome.winners
        state = rec.load_state()
        assert state.result["places"][bob] == 3 and state.phase == "finished"
        assert len([a for a in await t.bot.store.games.actions(game) if a.seat == bob]) > len(by_computer)
        over = await thread.wait_for_message(lambda m: "Final scores" in m.content)
        assert f"<@{t.bob.id}> (" in over.content and "(resigned)" in over.content
        assert not [m for m in t.fake.dms(t.bob) if "your decision" in m.content and m.id > said.id]
        t.fake.assert_clean()


async def test_hrac_ktery_se_vzdal_cesky(tmp_path: Path) -> None:
    """The Czech words: the thread names the computer that plays on, Bob's refusal is in Czech."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        t.guild.preferred_locale = t.alice.locale = t.bob.locale = t.carol.locale = "cs"
        game, thread, _, bob = await three_people(t, "shitenno", "Přidat se", "Začít")
        asked = await resign(t, t.bob, thread, f"Vzdát #{game} Shitenno")
        assert "Počítá se jako prohra; tvé místo do konce hry převezme Počítač (normální)" in asked
        said = await thread.wait_for_message(lambda m: "se vzdává (prohrává)" in m.content)
        assert "za tohoto hráče do konce hry hraje Počítač (normální)" in said.content
        refused = await t.slash(t.bob, thread, "shitenno act", action="end")
        assert refused.ephemeral and f"Hru #{game} už máš vzdanou" in refused.content
        assert "Počítač (normální)" in refused.content
        await settled(t, game)
        rec = await t.bot.store.games.get(game)
        assert rec.status == "active" and rec.table_plays(bob)
