"""A seat left behind by a resignation (issue 46 §1; Shitenno's SH-R.6, Stroganov's ST-R.6), through
Discord, in every registered game whose engine can play a resigned seat on: in a three-player game
of Alice, Bob and Carol, Bob resigns mid-game; the game goes on with his seat played by a computer
at normal level to the end (the others never wait for it), Bob is refused when he tries to act,
resign again or take back, and the result lists him as resigned and last — in English; then the
Czech words of the same (the thread's line, Bob's refusal). What is a game's own (its players by
presses and their checks, when it is mid-game, how it ranks the resigner) is its ``PLAYED_ON`` in
``tests/e2e/<game>_players.py`` (:class:`tests.e2e.resigned_seats.PlayedOn`)."""

from __future__ import annotations

import importlib
import importlib.util
import random
from pathlib import Path

import pytest

from cogs import games
from rules.protocol import PLAY_ON_OPTION
from tests import kinds
from tests.e2e.harness import Table, table
from tests.e2e.resigned_seats import Decide, PlayedOn, resign, settled, three_people
from tests.fakediscord import Thread, User

PLAYS_ON = kinds.plays_on()


def played_on(kind: str) -> PlayedOn:
    found: PlayedOn = importlib.import_module(f"tests.e2e.{kind}_players").PLAYED_ON
    return found


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_every_game_with_a_played_on_plays_resigned_seats_on(kind: str) -> None:
    """A game that has its ``PLAYED_ON`` is tested below: its engine still plays a resigned seat on
    (a game that lost the option is not silently left out)."""
    module = f"tests.e2e.{kind}_players"
    if importlib.util.find_spec(module) is not None and hasattr(importlib.import_module(module), "PLAYED_ON"):
        assert kind in PLAYS_ON, f"{kind} has its PLAYED_ON but its engine no longer plays a resigned seat on"
    assert PLAYS_ON, "no registered game plays a resigned seat on: the tests below test nothing"


async def play_until(
    t: Table, game: int, thread: Thread, users: dict[int, User], rnd: random.Random, seat: int, one: Decide
) -> None:
    """Decide by presses until ``seat`` is to act mid-game (a few decisions in, past any setup)."""
    assert t.bot is not None
    kind = (await t.bot.store.games.get(game)).kind
    for n in range(played_on(kind).limit):
        to_act = await settled(t, game)
        assert to_act is not None, "the game ended before the resignation"
        if n >= 6 and to_act == (seat,) and played_on(kind).mid_game((await t.bot.store.games.get(game)).load_state()):
            return
        await one(t, game, thread, users, rnd)
    raise AssertionError("the seat never came to act")


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_a_resigned_seat_is_played_on_by_the_computer_to_the_end(tmp_path: Path, kind: str) -> None:
    game_of = played_on(kind)
    title = games.ui(kind).title("en")
    async with table(tmp_path) as t:
        assert t.bot is not None
        game, thread, users, bob = await three_people(t, kind)
        assert (await t.bot.store.games.get(game)).options.get(PLAY_ON_OPTION) is True
        rnd, one = random.Random(46), game_of.player()
        await play_until(t, game, thread, users, rnd, bob, one)
        before = (await t.bot.store.games.get(game)).version
        asked = await resign(t, t.bob, thread, f"Resign #{game} {title}")
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
        refused = await t.slash(t.bob, thread, f"{kind} act", action="end")
        assert refused.ephemeral and f"You resigned game #{game}: Computer (normal) plays your seat" in refused.content
        again = await t.slash(t.bob, thread, "game resign")
        pressed = await t.click(t.bob, again, again.buttons[0].label)
        assert pressed.ephemeral and "You resigned game" in pressed.content
        taken = await t.slash(t.bob, thread, "game takeback")
        assert taken.ephemeral and "You resigned game" in taken.content
        assert (await t.bot.store.games.get(game)).table_plays(bob), "his commands do not take the seat back"

        # Alice and Carol play on; the computer plays Bob's seat to the end and nobody waits for it
        for _ in range(game_of.limit):
            to_act = await settled(t, game)
            if to_act is None:
                break
            assert bob not in to_act, "Bob's seat never keeps the others waiting"
            await one(t, game, thread, users, rnd)
        rec = await t.bot.store.games.get(game)
        assert rec.status == "finished" and rec.outcome is not None
        assert bob not in rec.outcome.winners
        game_of.resigner_last(rec.load_state(), bob)
        assert len([a for a in await t.bot.store.games.actions(game) if a.seat == bob]) > len(by_computer)
        over = await thread.wait_for_message(lambda m: "wins. Final scores" in m.content)
        assert f"<@{t.bob.id}> (" in over.content and "(resigned)" in over.content
        assert not [m for m in t.fake.dms(t.bob) if "your decision" in m.content and m.id > said.id]
        t.fake.assert_clean()


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_hrac_ktery_se_vzdal_cesky(tmp_path: Path, kind: str) -> None:
    """The Czech words: the thread names the computer that plays on, Bob's refusal is in Czech."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        t.guild.preferred_locale = t.alice.locale = t.bob.locale = t.carol.locale = "cs"
        game, thread, _, bob = await three_people(t, kind, "Přidat se", "Začít")
        asked = await resign(t, t.bob, thread, f"Vzdát #{game} {games.ui(kind).title('cs')}")
        assert "Počítá se jako prohra; tvé místo do konce hry převezme Počítač (normální)" in asked
        said = await thread.wait_for_message(lambda m: "se vzdává (prohrává)" in m.content)
        assert "za tohoto hráče do konce hry hraje Počítač (normální)" in said.content
        refused = await t.slash(t.bob, thread, f"{kind} act", action="end")
        assert refused.ephemeral and f"Hru #{game} už máš vzdanou" in refused.content
        assert "Počítač (normální)" in refused.content
        await settled(t, game)
        rec = await t.bot.store.games.get(game)
        assert rec.status == "active" and rec.table_plays(bob)
