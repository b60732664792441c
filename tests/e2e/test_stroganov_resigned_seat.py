"""A seat left behind by a resignation in Stroganov (issue 46 §1, ST-R.6), through Discord: in a
three-player game of Alice, Bob and Carol, Bob resigns mid-game; the game goes on with his cossack
played by a computer at normal level to the end (the others never wait for it), Bob is refused when
he tries to act, resign again or take back, and the result lists him as resigned and last — in
English; then the Czech words of the same (the thread's line, Bob's refusal)."""

from __future__ import annotations

import random
from pathlib import Path

from rules.stroganov import engine
from tests.e2e.harness import Table, table
from tests.e2e.resigned_seats import resign, settled, three_people
from tests.e2e.stroganov_players import decide
from tests.fakediscord import Thread, User

LIMIT = 2500
"""The people's decisions at most."""


async def play_until_turn_of(
    t: Table, game: int, thread: Thread, users: dict[int, User], rnd: random.Random, seat: int
) -> None:
    """Decide by presses until ``seat`` is to act in a season's turn (mid-game, past the boards)."""
    assert t.bot is not None
    for n in range(LIMIT):
        to_act = await settled(t, game)
        assert to_act is not None, "the game ended before the resignation"
        rec = await t.bot.store.games.get(game)
        if n >= 6 and to_act == (seat,) and rec.load_state().stage == "turn":
            return
        await decide(t, game, thread, users, rnd)
    raise AssertionError("the seat never came to act")


async def test_a_resigned_cossack_is_played_on_by_the_computer_to_the_end(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        game, thread, users, bob = await three_people(t, "stroganov")
        rnd = random.Random(46)
        await play_until_turn_of(t, game, thread, users, rnd, bob)
        before = (await t.bot.store.games.get(game)).version
        asked = await resign(t, t.bob, thread, f"Resign #{game} Stroganov")
        assert "It counts as a loss; Computer (normal) plays your seat to the end of the game" in asked
        said = await thread.wait_for_message(lambda m: "resigns (a loss)" in m.content)
        assert f"<@{t.bob.id}>" in said.content and "Computer (normal) plays their seat to the end" in said.content

        # the computer took Bob's turn that was due, without a ping or DM to him
        assert await settled(t, game) != (bob,)
        rec = await t.bot.store.games.get(game)
        assert rec.table_plays(bob) and rec.clock_of(bob).since is None  # type: ignore[union-attr]
        by_computer = [a for a in await t.bot.store.games.actions(game) if a.seq > before + 1 and a.seat == bob]
        assert by_computer, "the computer decided for Bob's seat"

        # Bob can no longer act, resign again, or take back, and his command does not take the seat back
        refused = await t.slash(t.bob, thread, "stroganov act", action="end")
        assert refused.ephemeral and f"You resigned game #{game}: Computer (normal) plays your seat" in refused.content
        again = await t.slash(t.bob, thread, "game resign")
        pressed = await t.click(t.bob, again, again.buttons[0].label)
        assert pressed.ephemeral and "You resigned game" in pressed.content
        taken = await t.slash(t.bob, thread, "game takeback")
        assert taken.ephemeral and "You resigned game" in taken.content
        assert (await t.bot.store.games.get(game)).table_plays(bob), "his commands do not take the seat back"

        # Alice and Carol play on; the computer plays Bob's cossack to the end and nobody waits for it
        for _ in range(LIMIT):
            to_act = await settled(t, game)
            if to_act is None:
                break
            assert bob not in to_act, "Bob's seat never keeps the others waiting"
            await decide(t, game, thread, users, rnd)
        rec = await t.bot.store.games.get(game)
        assert rec.status == "finished" and rec.outcome is not None
        assert bob not in rec.outcome.winners
        state = rec.load_state()
        assert state.result["reason"] == "final_scoring" and state.year == 4
        assert state.result["ranking"][-1] == engine.cossack_of(state, bob), "the resigner ranks last (ST-R.5)"
        assert not any(e["type"] == "turn_skipped" for e in state.log), "his turns were played, not skipped"
        assert len([a for a in await t.bot.store.games.actions(game) if a.seat == bob]) > len(by_computer)
        over = await thread.wait_for_message(lambda m: "wins. Final scores" in m.content)
        assert f"<@{t.bob.id}> (" in over.content and "(resigned)" in over.content
        assert not [m for m in t.fake.dms(t.bob) if "your decision" in m.content and m.id > said.id]
        t.fake.assert_clean()


async def test_kozak_ktery_se_vzdal_cesky(tmp_path: Path) -> None:
    """The Czech words: the thread names the computer that plays on, Bob's refusal is in Czech."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        t.guild.preferred_locale = t.alice.locale = t.bob.locale = t.carol.locale = "cs"
        game, thread, _, bob = await three_people(t, "stroganov", "Přidat se", "Začít")
        asked = await resign(t, t.bob, thread, f"Vzdát #{game} Stroganov")
        assert "Počítá se jako prohra; tvé místo do konce hry převezme Počítač (normální)" in asked
        said = await thread.wait_for_message(lambda m: "se vzdává (prohrává)" in m.content)
        assert "za tohoto hráče do konce hry hraje Počítač (normální)" in said.content
        refused = await t.slash(t.bob, thread, "stroganov act", action="end")
        assert refused.ephemeral and f"Hru #{game} už máš vzdanou" in refused.content
        assert "Počítač (normální)" in refused.content
        await settled(t, game)
        rec = await t.bot.store.games.get(game)
        assert rec.status == "active" and rec.table_plays(bob)
