"""A new game needs no copy (issue 10, done-when): the toy Count game, with its own UI and thin cog
only, is played by three players end to end through the shared table — lobby, thread, turns,
buttons with arguments, resignation of one of three, the game over."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from tests.e2e.harness import Table, table


async def open_lobby(t: Table) -> tuple[int, object]:
    lobby = await t.slash(t.alice, t.channel, "count new", target=7)
    assert not lobby.ephemeral and [b.label for b in lobby.buttons] == ["Join", "Leave", "Start", "Cancel"]
    game = (await t.bot.store.games.find(status="lobby"))[-1].id  # type: ignore[union-attr]
    return game, lobby


async def test_three_players_through_the_shared_table(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, lobby = await open_lobby(t)
        early = await t.click(t.alice, lobby, "Start")
        assert early.ephemeral and "needs 2–4 players" in early.content
        # Two join in the same instant: neither press goes stale, both are seated.
        a, b = await asyncio.gather(
            t.fake.click(t.bob, lobby, label="Join"), t.fake.click(t.carol, lobby, label="Join")
        )
        await a.response()
        await b.response()
        assert set((await t.bot.store.games.get(game)).players) == {t.alice.id, t.bob.id, t.carol.id}  # type: ignore[union-attr]
        assert "Players (3)" in lobby.content, "the lobby message shows who is in"
        again = await t.click(t.bob, lobby, "Join")
        assert again.ephemeral and "already in" in again.content
        await t.click(t.carol, lobby, "Leave")
        assert "Players (2)" in lobby.content
        await t.click(t.carol, lobby, "Join")
        not_yours = await t.click(t.bob, lobby, "Start")
        assert not_yours.ephemeral and "Only" in not_yours.content
        await t.click(t.alice, lobby, "Start")
        assert not lobby.buttons and "has started" in lobby.content
        thread = await t.channel.wait_for_thread()
        start = await thread.wait_for_message(lambda m: "**Count #" in m.content)
        assert set(start.pinged) == {t.alice.id, t.bob.id, t.carol.id}
        assert not any(b.label in ("My pieces", "My hand") for b in start.buttons), "no secrets, no private button"
        t.watch(game, thread, t.channel)

        users = {u.id: u for u in (t.alice, t.bob, t.carol)}
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]

        def to_move() -> object:
            state = rec.load_state()
            return users[rec.players[state.turn]]

        first = to_move()
        others = [u for u in users.values() if u is not first]
        refused = await t.slash(others[0], thread, "count add", amount=1)
        assert refused.ephemeral and "not your turn" in refused.content and f"<@{first.id}>" in refused.content  # type: ignore[attr-defined]
        moved = await t.slash(first, thread, "count add", amount=2)  # type: ignore[arg-type]
        assert not moved.ephemeral and "adds 2: total 2" in moved.content and moved.attachments
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        second = to_move()
        assert moved.pinged == [] or moved.pinged == [second.id], "at most the next player is pinged"  # type: ignore[attr-defined]
        notice = await t.fake.wait_for(
            lambda: next((m for m in t.fake.dms(second) if "your turn" in m.content), None),
            "turn DM",  # type: ignore[arg-type]
        )
        assert "https://discord.com/channels/" in notice.content
        # A button with an argument: "+3" under the news, pressed by the player to move.
        plus = await t.click(second, moved, "+3")  # type: ignore[arg-type]
        assert "adds 3: total 5" in plus.content
        stale = await t.click(second, moved, "+1")  # type: ignore[arg-type]
        assert stale.ephemeral and "out of date" in stale.content

        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        third = to_move()
        confirm = await t.slash(third, thread, "game resign")  # type: ignore[arg-type]
        assert confirm.ephemeral and "counts as a loss" in confirm.content
        out = await t.click(third, confirm, f"Resign #{game} Count")  # type: ignore[arg-type]
        assert "resigns and is out" in out.content
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        assert rec.status == "active", "with three players, one resigning does not end the game"
        state = rec.load_state()
        assert rec.players.index(third.id) in state.resigned  # type: ignore[attr-defined]
        nxt = to_move()
        assert nxt is not third
        end = await t.slash(nxt, thread, "count add", amount=2)  # type: ignore[arg-type]
        assert "Game over" in end.content and set(end.pinged) == set(users), "everyone hears the end"
        for user in users.values():
            await t.fake.wait_for(lambda u=user: any("is over" in m.content for m in t.fake.dms(u)), "game-over DM")
        await t.fake.wait_for(lambda: thread.archived, "the thread archived")
        assert "won" in thread.name
        old = await t.click(others[0], moved, "+1")
        assert old.ephemeral and re.search(rf"Game #{game} is over: .* wins", old.content)
        t.fake.assert_clean()
