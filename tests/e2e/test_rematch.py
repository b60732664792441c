"""A finished game's **Rematch** button (issue 20 §3), through the real bot and the local Discord:
a player presses it under the result, a lobby with the same players and options opens in the
game's channel (Stratego: the colours swapped), the others accept by joining; a second press —
also two at once — opens no second lobby but points to the first; someone who did not play is
refused; and the button works after a restart."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from tests.e2e.harness import PLAYS, Table, table
from tests.fakediscord import Message, Thread, User


async def resign(t: Table, user: User, thread: Thread) -> Message:
    """``user`` resigns by ``/game resign`` and its button; the game-over post in the thread."""
    confirm = await t.slash(user, thread, "game resign")
    await t.click(user, confirm, confirm.buttons[0].label or "")
    return await thread.wait_for_message(lambda m: "Game over" in m.content)


def rematch_lobbies(t: Table, game: int) -> list[Message]:
    return [m for m in t.channel.messages if f"Rematch of game #{game}." in m.content]


async def test_a_rematch_of_stratego_swaps_the_colours_and_starts_when_accepted(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob, army="barrage", rescue=True)
        over = await resign(t, red, thread)
        assert [b.label for b in over.buttons] == ["Rematch"]
        t.watched = None

        answer = await t.click(blue, over, "Rematch")
        assert answer.ephemeral and f"Rematch of game #{game}: the lobby is open" in answer.content
        (lobby,) = rematch_lobbies(t, game)
        assert f"<@{blue.id}> challenges <@{red.id}> to **Stratego**" in lobby.content
        assert "Barrage" in lobby.content or "barrage" in lobby.content, lobby.content
        assert red.id in lobby.pinged, "the other player is invited with a ping"
        assert answer.content.endswith(f"/{t.channel.id}/{lobby.id}"), "the answer links the lobby"

        before = list(t.channel.threads)
        await t.click(red, lobby, "Accept")
        new_thread = await t.channel.wait_for_thread(lambda th: th not in before)
        start = await new_thread.wait_for_message(lambda m: "plays **Red**" in m.content)
        m = PLAYS.search(start.content)
        assert m is not None
        assert (int(m.group(1)), int(m.group(2))) == (blue.id, red.id), "the colours are swapped"
        assert t.bot is not None
        new = (await t.bot.store.games.find(status="active"))[-1]
        old = await t.bot.store.games.get(game)
        assert set(new.players) == set(old.players)
        assert {k: v for k, v in new.options.items() if k != "colours"} == {
            k: v for k, v in old.options.items() if k != "colours"
        }, "the same options"

        again = await t.click(t.carol, over, "Rematch")
        assert again.ephemeral and f"The rematch is already on: game #{new.id}" in again.content
        t.fake.assert_clean()


async def test_a_second_press_and_two_at_once_open_one_lobby_and_outsiders_are_refused(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        over = await resign(t, blue, thread)
        t.watched = None

        refused = await t.click(t.carol, over, "Rematch")
        assert refused.ephemeral and refused.content == f"Only the players of game #{game} can ask for a rematch."
        assert rematch_lobbies(t, game) == [], "nothing was opened"

        both = await asyncio.gather(t.fake.click(red, over, label="Rematch"), t.fake.click(blue, over, label="Rematch"))
        answers = [await i.response() for i in both]
        assert len(rematch_lobbies(t, game)) == 1, "two presses at once: one lobby"
        (lobby,) = rematch_lobbies(t, game)
        assert sum("the lobby is open" in a.content for a in answers) == 1
        assert sum("The rematch is already open" in a.content for a in answers) == 1
        assert all(a.content.endswith(f"/{t.channel.id}/{lobby.id}") for a in answers), [a.content for a in answers]

        later = await t.click(t.carol, over, "Rematch")
        assert later.content.startswith("The rematch is already open: "), "anyone is pointed to it"
        assert len(rematch_lobbies(t, game)) == 1
        assert t.bot is not None
        assert len(await t.bot.store.games.find(status="lobby")) == 1
        t.fake.assert_clean()


async def test_a_rematch_after_a_restart_invites_everyone_and_starts_with_the_same_players(tmp_path: Path) -> None:
    """Three players of Count: the rematch is a lobby for the invited; they join, the presser starts."""
    async with table(tmp_path) as t:
        before = list(t.channel.threads)
        lobby = await t.slash(t.alice, t.channel, "count new", target=30)
        for user in (t.bob, t.carol):
            await t.click(user, lobby, "Join")
        await t.click(t.alice, lobby, "Start")
        thread = await t.channel.wait_for_thread(lambda th: th not in before)
        game = int(re.search(r"Count #(\d+)", lobby.content).group(1))  # type: ignore[union-attr]
        assert t.bot is not None
        for _ in range(2):  # two resign: the last one wins
            rec = await t.bot.store.games.get(game)
            mover = rec.players[rec.load_state().turn]
            user = next(u for u in (t.alice, t.bob, t.carol) if u.id == mover)
            await t.slash(user, thread, "count act", action="resign")
        over = await thread.wait_for_message(lambda m: "Game over" in m.content)
        await t.fake.wait_for(lambda: thread.archived, "the game's thread closed")  # type: ignore[attr-defined]

        await t.restart()
        answer = await t.click(t.carol, over, "Rematch")
        assert answer.ephemeral and "the lobby is open" in answer.content
        (rematch,) = rematch_lobbies(t, game)
        assert f"<@{t.carol.id}> invites <@{t.alice.id}> and <@{t.bob.id}>" in rematch.content, rematch.content
        assert set(rematch.pinged) == {t.alice.id, t.bob.id}
        outsider = await t.click(t.mod, rematch, "Join")
        assert outsider.ephemeral and "This lobby is for the invited players" in outsider.content

        await t.restart()
        for user in (t.alice, t.bob):
            await t.click(user, rematch, "Join")
        before = list(t.channel.threads)
        await t.click(t.carol, rematch, "Start")
        await t.channel.wait_for_thread(lambda th: th not in before)
        new = (await t.bot.store.games.find(status="active"))[-1]
        old = await t.bot.store.games.get(game)
        assert new.players == (t.carol.id, t.alice.id, t.bob.id) and set(new.players) == set(old.players)
        assert new.options == old.options
        t.fake.assert_clean()
