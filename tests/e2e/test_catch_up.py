"""A committed change is always told (issue 18 §3): the bot dies after an action is stored and
before (or while) it is told; at the next start the thread, the turn page and the next player
catch up — exactly once, with the buttons of the current version — and a further restart tells
nothing again. The crash is injected by making the telling stop dead, as a killed process would.
(A Stratego draft, told privately and leaving nothing to catch up: test_stratego_catch_up.py.)"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from cogs import games
from db.records import GameRecord, TurnPage
from tests.e2e.harness import Table, table
from tests.e2e.stroganov_players import offered, page
from tests.e2e.test_clocks import count_game, mover_and_other
from tests.fakediscord import Message, Thread, User


def die_at(target: Any, name: str) -> asyncio.Event:
    """Make ``target.name`` stop the telling dead (a process killed there); returns an event set
    when it was reached."""
    reached = asyncio.Event()

    async def dead(*args: Any, **kwargs: Any) -> None:
        reached.set()
        raise asyncio.CancelledError  # nothing after this point runs, as if the process died

    setattr(target, name, dead)
    return reached


def said(thread: Thread) -> list[Message]:
    """The thread's messages with words (not an interaction's "thinking…" left by the crash)."""
    return [m for m in thread.messages if m.content]


def turn_dms(t: Table, user: User, game: int) -> list[str]:
    return [m.content for m in t.fake.dms(user) if f"Count #{game}** — your turn" in m.content]


async def test_a_move_stored_but_never_posted_is_told_once_after_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob)
        mover, other = await mover_and_other(t, game)
        assert t.bot is not None
        before = await t.bot.store.games.get(game)
        posts, dms = len(said(thread)), len(turn_dms(t, other, game))
        reached = die_at(t.bot.table.shows, "announce")
        await t.fake.slash(mover, thread, "count add", amount=2)
        await asyncio.wait_for(reached.wait(), 10)
        assert (await t.bot.store.games.get(game)).version == before.version + 1, "the move is stored"
        assert len(said(thread)) == posts and len(turn_dms(t, other, game)) == dms, "and nobody was told"

        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        news = said(thread)[posts:]
        assert len(news) == 1, [m.content for m in news]
        told = news[0]
        assert f"<@{mover.id}> adds 2" in told.content and f"<@{other.id}>, add 1 to" in told.content
        assert len(turn_dms(t, other, game)) == dms + 1, "the next player is told once"
        rec = await t.bot.store.games.get(game)
        assert rec.announced == rec.version

        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        assert len(said(thread)) == posts + 1 and len(turn_dms(t, other, game)) == dms + 1, "told once only"

        await t.click(other, told, "+1")  # the buttons are the current version's
        assert (await t.bot.store.games.get(game)).version == rec.version + 1


async def test_a_telling_cut_short_after_the_dm_does_not_send_it_twice(tmp_path: Path) -> None:
    """The next player's DM went out, then the process died before the thread post: after the
    restart the post is made, and the DM is not sent again."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob)
        mover, other = await mover_and_other(t, game)
        assert t.bot is not None
        posts, dms = len(said(thread)), len(turn_dms(t, other, game))
        reached = die_at(t.bot.table.transport, "publish")
        await t.fake.slash(mover, thread, "count add", amount=1)
        await asyncio.wait_for(reached.wait(), 10)
        assert len(turn_dms(t, other, game)) == dms + 1, "the DM went out before the crash"

        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        assert [m for m in said(thread)[posts:] if f"<@{mover.id}> adds 1" in m.content], "the post is made"
        assert len(turn_dms(t, other, game)) == dms + 1, "the DM is not sent twice"


async def test_a_game_over_stored_but_never_told_is_announced_after_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob)
        mover, _ = await mover_and_other(t, game)
        assert t.bot is not None
        reached = die_at(t.bot.table.shows, "game_over")
        await t.fake.slash(mover, thread, "count act", action="resign")
        await asyncio.wait_for(reached.wait(), 10)
        assert (await t.bot.store.games.get(game)).status == "finished"
        assert not [m for m in thread.messages if "Game over" in m.content or "game is over" in m.content.lower()]

        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        over = [m for m in thread.messages if "wins" in m.content]
        assert len(over) == 1, [m.content for m in thread.messages]
        assert thread.archived, "and the thread is closed"  # type: ignore[attr-defined]


async def solo_decision_cut_at(t: Table, step: str) -> tuple[int, Thread, int]:
    """A solo Stroganov game whose first decision, pressed on the page, stops the telling dead at
    ``t.bot.table.pages.<step>``: the game, its thread and the version before the decision."""
    game, thread, _ = await t.lobby_game("stroganov", [t.alice])
    assert t.bot is not None
    version = (await t.bot.store.games.get(game)).version
    current = await page(t, thread, version)
    kind, custom_id, value = offered(current, version)[0]
    reached = die_at(t.bot.table.pages, step)
    await press(t, current, kind, custom_id, value)
    await asyncio.wait_for(reached.wait(), 10)
    return game, thread, version


async def restarted_and_told_once(t: Table, game: int, thread: Thread) -> GameRecord:
    """Restart, let the catch-up run; the last decision's words are in the thread exactly once."""
    await t.restart()
    assert t.bot is not None
    await t.bot.dispatcher.settle()
    rec = await t.bot.store.games.get(game)
    assert rec.announced == rec.version
    (decision,) = (await t.bot.store.games.actions(game))[-1:]
    assert decision.events is not None
    ui = games.ui("stroganov")
    words = [s.text for s in ui.story(rec, rec.load_state(), list(decision.events), "en")]  # type: ignore[attr-defined]
    told = "\n".join(m.content for m in thread.messages)
    assert words and all(told.count(w) == 1 for w in words if w), (words, told)
    return rec


async def test_a_turn_page_whose_save_was_lost_keeps_the_decisions_words(tmp_path: Path) -> None:
    """Stroganov: the process died after the commit, before the turn page was saved; after the
    restart the page tells that decision, and the page's buttons are the current version's."""
    async with table(tmp_path) as t:
        game, thread, version = await solo_decision_cut_at(t, "save")
        assert t.bot is not None
        assert (await t.bot.store.games.get(game)).version == version + 1

        rec = await restarted_and_told_once(t, game, thread)
        shown = await page(t, thread, rec.version)
        kind, custom_id, value = offered(shown, rec.version)[0]
        await press(t, shown, kind, custom_id, value)
        assert (await t.bot.store.games.get(game)).version == rec.version + 1, "the page's buttons work"


async def test_a_turn_pages_save_marks_the_decision_told(tmp_path: Path) -> None:
    """Stroganov: the save of the turn page marks the decision told in the same write (issue 18
    §7), so a process that died right after it leaves nothing to tell again."""
    async with table(tmp_path) as t:
        game, thread, _ = await solo_decision_cut_at(t, "confirm")
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        assert rec.announced == rec.version and (await t.bot.store.pages.get(game)).version == rec.version
        before = [m.content for m in thread.messages]

        await restarted_and_told_once(t, game, thread)
        assert [m.content for m in thread.messages] == before, "nothing posted or edited again"


async def test_a_turn_page_saved_before_the_crash_does_not_tell_the_decision_twice(tmp_path: Path) -> None:
    """Stroganov: the process died after the turn page was saved with the decision's words, before
    the change was marked told (as a game-ending decision's page is saved before its game-over, or
    as the code before issue 18 §7 saved every page); after the restart the page does not take the
    same words in again."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        store = t.bot.store
        save = store.pages.save

        async def save_untold(game_id: int, page: TurnPage, *, told: int | None = None) -> None:
            await save(game_id, page)

        store.pages.save = save_untold  # type: ignore[method-assign]
        game, thread, _ = await solo_decision_cut_at(t, "confirm")
        rec = await store.games.get(game)
        assert rec.announced < rec.version and (await store.pages.get(game)).version == rec.version
        before = [m.content for m in thread.messages]

        await restarted_and_told_once(t, game, thread)
        assert [m.content for m in thread.messages] == before, "nothing posted or edited again"


async def press(t: Table, message: Message, kind: str, custom_id: str, value: str) -> None:
    if kind == "button":
        i = await t.fake.click(t.alice, message, custom_id)
    else:
        i = await t.fake.select(t.alice, message, custom_id, [value])
    await i.response()


async def test_a_start_stored_but_never_told_opens_its_thread_after_a_restart(tmp_path: Path) -> None:
    """The process died right after the lobby became a game: after the restart the game gets its
    thread under the lobby message, the start post pinging both players, and the lobby says where."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        lobby = await t.slash(t.alice, t.channel, "count new", player2=t.bob, target=50)
        reached = die_at(t.bot.table.shows, "open_thread")
        await t.fake.click(t.bob, lobby, label="Accept")
        await asyncio.wait_for(reached.wait(), 10)
        (game,) = await t.bot.store.games.find(status="active")
        assert not t.channel.threads

        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        (thread,) = t.channel.threads
        starts = [m for m in thread.messages if f"**Count #{game.id}**" in m.content]
        assert len(starts) == 1 and starts[0].buttons, [m.content for m in thread.messages]
        assert f"<#{thread.id}>" in lobby.content and not lobby.buttons
        rec = await t.bot.store.games.get(game.id)
        assert rec.thread_id == thread.id and rec.announced == rec.version


async def test_a_move_shown_as_the_commands_answer_before_the_crash_is_not_posted_again(tmp_path: Path) -> None:
    """The move was shown as the slash command's public answer (an interaction follow-up, which
    takes no nonce), then the process died before marking it told: after the restart the catch-up
    finds that answer among the thread's latest messages (its buttons carry the version) and posts
    nothing again; the next player keeps their one DM."""
    from cogs.table.core.progress import Progress

    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob)
        mover, other = await mover_and_other(t, game)
        assert t.bot is not None
        await asyncio.wait_for(t.bot.table.teller.quiet(), 10)  # the start is told
        posts, dms = len(said(thread)), len(turn_dms(t, other, game))
        told = Progress.told
        try:
            reached = die_at(Progress, "told")
            await t.fake.slash(mover, thread, "count add", amount=3)
            await asyncio.wait_for(reached.wait(), 10)
        finally:
            Progress.told = told  # type: ignore[method-assign]
        shown = [m for m in said(thread)[posts:] if f"<@{mover.id}> adds 3" in m.content]
        assert len(shown) == 1, "the answer went out before the crash"
        rec = await t.bot.store.games.get(game)
        assert rec.announced < rec.version, "and the change was not marked told"

        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        again = [m for m in said(thread)[posts:] if f"<@{mover.id}> adds 3" in m.content]
        assert len(again) == 1, [m.content for m in said(thread)[posts:]]
        assert len(turn_dms(t, other, game)) == dms + 1, "the DM is not sent twice"
        rec = await t.bot.store.games.get(game)
        assert rec.announced == rec.version
        await t.click(other, shown[0], "+1")  # its buttons are still the current version's
        assert (await t.bot.store.games.get(game)).version == rec.version + 1


async def test_a_game_over_shown_as_the_commands_answer_before_the_crash_is_not_posted_again(tmp_path: Path) -> None:
    """The result was the resign command's public answer; the process died before writing that
    step down: after the restart the catch-up finds the result (its Rematch button) and does not
    post it again."""
    from cogs.table.core.progress import Progress

    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob)
        mover, _ = await mover_and_other(t, game)
        assert t.bot is not None
        await asyncio.wait_for(t.bot.table.teller.quiet(), 10)
        mark = Progress.mark
        try:
            reached = die_at(Progress, "mark")
            await t.fake.slash(mover, thread, "count act", action="resign")
            await asyncio.wait_for(reached.wait(), 10)
        finally:
            Progress.mark = mark  # type: ignore[method-assign]
        assert len([m for m in thread.messages if "wins" in m.content]) == 1, "the result went out"

        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        over = [m for m in thread.messages if "wins" in m.content]
        assert len(over) == 1, [m.content for m in thread.messages]
        rec = await t.bot.store.games.get(game)
        assert rec.announced == rec.version
