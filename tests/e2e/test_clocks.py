"""Issue 13 through the real client and the local Discord: turn clocks in days, reminders, nudges,
vacations, timeouts, the automatic player, expired lobbies, members who leave, and "games waiting
for me". Time is the harness's fake clock: ``t.later(...)`` moves it and fires what fell due."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from cogs import games
from db.clocks import DAY
from rules.protocol import Ending
from tests import kinds
from tests.e2e.harness import Table, table
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, BLUE_WALLED, RED_SCOUT_A4
from tests.fakediscord import Message, User

REMINDER = "A reminder: these games are waiting for your move"
THREE = [k.name for k in kinds.bot_kinds() if k.auto is not None and k.engine.min_players <= 3 <= k.engine.max_players]
"""The bot's games of three with an automatic player for an absent seat (Shitenno, Stroganov)."""


def reminders(t: Table, user: User) -> list[Message]:
    return [m for m in t.fake.dms(user) if REMINDER in m.content or "nudged you" in m.content]


def member_fetches(t: Table) -> int:
    return sum(
        1 for r in t.fake.requests.records if r.method == "GET" and r.route == "/guilds/{guild_id}/members/{user_id}"
    )


async def count_game(t: Table, creator: User, opponent: User, pace: str = "3d") -> tuple[int, object]:
    """A two-player Count game (the toy game) through its challenge; returns its id and thread."""
    before = list(t.channel.threads)
    lobby = await t.slash(creator, t.channel, "count new", player2=opponent, pace=pace, target=50)
    assert "per turn" in lobby.content or "no clock" in lobby.content, lobby.content
    await t.click(opponent, lobby, "Accept")
    thread = await t.channel.wait_for_thread(lambda th: th not in before)
    post = await thread.wait_for_message(lambda m: "**Count #" in m.content)
    game = int(re.search(r"Count #(\d+)", post.content).group(1))  # type: ignore[union-attr]
    return game, thread


async def to_move(t: Table, game: int) -> int:
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    return rec.players[rec.load_state().turn]


async def mover_and_other(t: Table, game: int) -> tuple[User, User]:
    """Of Alice and Bob's Count game: who is to move, and the other."""
    first = await to_move(t, game)
    return (t.alice, t.bob) if first == t.alice.id else (t.bob, t.alice)


async def test_reminders_at_half_time_and_12_hours_before_then_the_deadline(tmp_path: Path) -> None:
    """A 3-day pace: nothing before 36 h; a DM at half time with a jump link; the second 12 hours
    before the deadline; at the deadline the thread mentions everyone and the opponent decides."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob)
        start = next(m for m in thread.messages if "**Count #" in m.content)
        assert "3 days per turn" in start.content and "reminder at half time" in start.content
        mover, other = await mover_and_other(t, game)
        assert await t.later(hours=35.9) == 0
        assert reminders(t, mover) == []
        assert await t.later(hours=0.2) == 1
        (dm,) = reminders(t, mover)
        assert f"#{game} Count" in dm.content and f"/channels/{t.guild.id}/{thread.id}" in dm.content  # type: ignore[attr-defined]
        assert reminders(t, other) == []
        await t.later(hours=24)  # 60 h: 12 hours before the deadline
        assert len(reminders(t, mover)) == 2
        assert not [m for m in thread.messages if "time ran out" in m.content]  # type: ignore[attr-defined]
        await t.later(hours=12)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)  # type: ignore[attr-defined]
        assert set(out.pinged) == {t.alice.id, t.bob.id}, "everyone is mentioned"
        assert {b.label for b in out.buttons} == {"Wait", "Claim the win"}
        assert "tie" not in out.content, "one voter: no tie to speak of"
        t.fake.assert_clean()


async def test_at_most_one_reminder_a_day_listing_every_waiting_game(tmp_path: Path) -> None:
    """Alice waits in two games (1-day pace, the second started 6 hours later): one DM at the
    first half time lists both, oldest first; the second game's reminder is put off by the
    24-hour cap and then dropped, since its deadline comes first."""
    async with table(tmp_path) as t:
        games = []
        for opponent in (t.bob, t.carol):
            game, _ = await count_game(t, opponent, t.alice, pace="1d")
            games.append(game)
            assert t.bot is not None
            rec = await t.bot.store.games.get(game)
            if rec.players[rec.load_state().turn] != t.alice.id:  # make it Alice's turn
                first = t.bob if opponent is t.bob else t.carol
                await t.slash(first, t.channel, "count add", amount=1, game=str(game))
            await t.later(hours=6)
        await t.later(hours=0.1)  # 12 h after the first game's turn began
        (dm,) = reminders(t, t.alice)
        assert dm.content.index(f"#{games[0]} ") < dm.content.index(f"#{games[1]} "), "oldest first"
        await t.later(hours=6)  # the second game's half time: inside the 24 hours
        assert len(reminders(t, t.alice)) == 1
        await t.later(hours=20)
        assert len(reminders(t, t.alice)) == 1, "put off past its deadline: dropped"


async def test_timers_due_while_the_bot_was_down_fire_once_when_it_is_back(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="1d")
        mover, _ = await mover_and_other(t, game)
        assert t.bot is not None
        await t.fake.stop_bot(t.bot)
        t.clock.advance(days=2)  # half time and the deadline passed while down
        await t.start()
        await t.bot.dispatcher.settle()
        assert len(reminders(t, mover)) == 1
        outs = [m for m in thread.messages if "time ran out" in m.content]  # type: ignore[attr-defined]
        assert len(outs) == 1
        await t.restart()
        await t.bot.dispatcher.settle()
        assert (
            len(reminders(t, mover)) == 1
            and len(
                [m for m in thread.messages if "time ran out" in m.content]  # type: ignore[attr-defined]
            )
            == 1
        ), "each fired once, not again after another restart"


async def test_a_timeout_claim_in_a_two_player_game(tmp_path: Path) -> None:
    """Stratego, 1-day pace: Red sets up, Blue never does. At the deadline only Red decides:
    Blue and an outsider are refused; Red claims the win, recorded as a win by timeout."""
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob, pace="1d")
        t.secrets.append(RED_SCOUT_A4)
        draft = await t.slash(red, thread, "stratego setup", code=RED_SCOUT_A4)
        await t.click(red, draft, "Ready")
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
        assert f"<@{blue.id}>" in out.content and "1 day per turn" in out.content
        mine = await t.click(blue, out, "Claim the win")
        assert mine.ephemeral and "your own time" in mine.content
        nosy = await t.click(t.carol, out, "Claim the win")
        assert nosy.ephemeral and "Only the other players" in nosy.content
        assert t.bot is not None
        assert (await t.bot.store.games.get(game)).status == "active"
        await t.click(red, out, "Claim the win")
        over = await thread.wait_for_message(lambda m: "ran out of time" in m.content and "won" in m.content)
        assert set(over.pinged) >= {red.id, blue.id}
        rec = await t.bot.store.games.get(game)
        assert rec.status == "finished" and rec.outcome is not None
        assert rec.outcome.ending is Ending.TIMEOUT and rec.outcome.winners == (0 if red is t.alice else 1,)
        assert not out.buttons or "claimed" in out.content
        board = await t.slash(red, thread, "game board")
        assert "ran out of time" in board.content
        t.fake.assert_clean()


async def test_wait_gives_a_new_deadline(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="1d")
        mover, other = await mover_and_other(t, game)
        mover_id = mover.id
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)  # type: ignore[attr-defined]
        await t.click(other, out, "Wait")
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        clock = rec.clock_of(rec.seat_of(mover_id) or 0)
        assert clock is not None and clock.deadline == t.clock.now + DAY
        edited = next(m for m in thread.messages if m.id == out.id)  # type: ignore[attr-defined]
        assert "waits" in edited.content and not edited.buttons
        await t.later(days=1.01)
        again = [m for m in thread.messages if "time ran out" in m.content]  # type: ignore[attr-defined]
        assert [m.id for m in again] != [out.id] and len(again) == 1, "the new deadline asks again"


@pytest.mark.parametrize("kind", THREE)
async def test_a_game_of_three_plays_on_without_an_absent_player_and_gives_the_seat_back(
    tmp_path: Path, kind: str
) -> None:
    async with table(tmp_path) as t:
        players = t.seated(3)
        game, thread, _ = await t.lobby_game(kind, players, pace="1d")
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        (waiting,) = rec.waiting()
        absent = next(u for u in players if u.id == waiting.user_id)
        others = [u for u in players if u is not absent]
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
        assert {b.label for b in out.buttons} == {"Wait", "Play on without them"}
        first = await t.click(others[0], out, "Play on without them")
        assert first.ephemeral and "1 so far, 2 needed" in first.content
        await t.click(others[1], out, "Play on without them")
        rec = await t.bot.store.games.get(game)
        seat = rec.seat_of(absent.id)
        assert seat is not None and rec.clock_of(seat).absent == "normal"  # type: ignore[union-attr]
        engine = t.bot.store.games.engine(kind)
        for _ in range(1000):  # the table plays on after answering the click: wait for it (bounded)
            rec = await t.bot.store.games.get(game)
            if seat not in engine.to_act(rec.load_state()):
                break
            await asyncio.sleep(0.01)
        log = await t.bot.store.games.actions(game)
        assert any(a.seat == seat for a in log), "the table took the absent seat's decision"
        assert seat not in engine.to_act(rec.load_state()), "and went on to a present player"
        await t.fake.autocomplete(absent, thread, f"{kind} act", {}, focused="action", action="")
        assert (await t.bot.store.games.get(game)).clock_of(seat).absent == "normal", "typing is not coming back"  # type: ignore[union-attr]
        back = await t.slash(absent, thread, "game board")
        assert not (back.ephemeral and "can't" in back.content)
        await thread.wait_for_message(lambda m: "Welcome back" in m.content and f"<@{absent.id}>" in m.content)
        rec = await t.bot.store.games.get(game)
        assert rec.clock_of(seat).absent is None  # type: ignore[union-attr]
        t.fake.assert_clean()


async def test_vacation_stops_the_clocks_within_the_yearly_limit(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="1d")
        mover, _ = await mover_and_other(t, game)
        away = await t.slash(mover, t.channel, "game away", days=5)
        assert away.ephemeral and "clocks stop" in away.content and "5 of 14" in away.content
        listed = await t.slash(mover, t.channel, "game list")
        assert "away until" in listed.content
        await t.later(days=4)
        assert reminders(t, mover) == [] and not [
            m
            for m in thread.messages
            if "time ran out" in m.content  # type: ignore[attr-defined]
        ], "no reminder and no deadline while away"
        back = await t.slash(mover, t.channel, "game back")
        assert back.ephemeral and "4 of 14" in back.content, "the unused whole day comes back"
        await t.later(days=1.01)
        assert [m for m in thread.messages if "time ran out" in m.content]  # type: ignore[attr-defined]
        more = await t.slash(mover, t.channel, "game away", days=11)
        assert "can't" not in more.content and "15" not in more.content
        await t.slash(mover, t.channel, "game back")
        too_many = await t.slash(mover, t.channel, "game away", days=14)
        assert too_many.ephemeral and "left in" in too_many.content
        not_away = await t.slash(t.carol, t.channel, "game back")
        assert not_away.ephemeral and "not on vacation" in not_away.content


async def test_a_lobby_nobody_starts_expires_after_7_days(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        lobby = await t.slash(t.alice, t.channel, f"{THREE[0]} new")  # a lobby
        assert "3 days per turn" in lobby.content and lobby.buttons
        await t.later(days=6.9)
        assert lobby.buttons
        await t.later(days=0.2)
        edited = next(m for m in t.channel.messages if m.id == lobby.id)
        assert "expired" in edited.content and not edited.buttons
        listed = await t.slash(t.alice, t.channel, "game list")
        assert "no active games" in listed.content
        game = (await t.bot.store.games.find())[-1]
        assert game.status == "expired" and game.outcome is not None and game.outcome.ending is Ending.EXPIRED
        board = await t.slash(t.alice, t.channel, "game board", game=f"#{game.id}")
        assert board.ephemeral and "expired before it started" in board.content


async def test_a_member_who_left_is_absent_from_then_on(tmp_path: Path) -> None:
    """Bob leaves the server while it is his turn: the half-time reminder finds him gone (Unknown
    Member), his deadline is now, and Alice may claim the win."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="3d")
        if await to_move(t, game) == t.alice.id:
            await t.slash(t.alice, thread, "count add", amount=1)
        t.guild.remove_member(t.bob)
        await t.later(days=1.6)
        out = await thread.wait_for_message(lambda m: "left the server" in m.content)  # type: ignore[attr-defined]
        assert reminders(t, t.bob) == []
        await t.click(t.alice, out, "Claim the win")
        assert t.bot is not None
        assert (await t.bot.store.games.get(game)).outcome.ending is Ending.TIMEOUT  # type: ignore[union-attr]


@pytest.mark.parametrize("pace", ["3d", "none"])
async def test_a_turn_starting_for_a_member_who_left(tmp_path: Path, pace: str) -> None:
    """Found as the turn starts (one member fetch); with no pace too, where the game would
    otherwise wait for ever for someone who is gone."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace=pace)
        if await to_move(t, game) == t.bob.id:
            await t.slash(t.bob, thread, "count add", amount=1)
        await t.bot.table.teller.quiet()  # type: ignore[union-attr]  # Alice's turn started: her presence known
        t.guild.remove_member(t.bob)
        await t.later(hours=2)  # the bot last saw Bob more than an hour ago
        fetches = member_fetches(t)
        await t.slash(t.alice, thread, "count add", amount=1)
        await t.bot.dispatcher.settle()  # type: ignore[union-attr]
        out = await thread.wait_for_message(lambda m: "left the server" in m.content)  # type: ignore[attr-defined]
        assert member_fetches(t) == fetches + 2, "Bob fetched as his turn starts and as his deadline fires"
        await t.click(t.alice, out, "Wait")
        await t.bot.dispatcher.settle()  # type: ignore[union-attr]
        assert len([m for m in thread.messages if "left the server" in m.content]) == 0  # type: ignore[attr-defined]
        assert (await t.bot.store.games.get(game)).status == "active"  # type: ignore[union-attr]


async def test_nudge_once_a_day_and_next_and_list(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="7d")
        mover, other = await mover_and_other(t, game)
        own = await t.slash(mover, thread, "game nudge")
        assert own.ephemeral and "your own turn" in own.content
        done = await t.slash(other, thread, "game nudge")
        assert done.ephemeral and "Nudged" in done.content
        (dm,) = reminders(t, mover)
        assert f"<@{other.id}> nudged you" in dm.content and f"#{game}" in dm.content
        again = await t.slash(other, thread, "game nudge")
        assert again.ephemeral and "less than a day ago" in again.content
        outsider = await t.slash(t.carol, thread, "game nudge")
        assert outsider.ephemeral and "not playing" in outsider.content
        await t.later(days=1.01)
        assert "Nudged" in (await t.slash(other, thread, "game nudge")).content
        nxt = await t.slash(mover, t.channel, "game next")
        assert nxt.ephemeral and f"#{game} Count" in nxt.content and f"/{thread.id}" in nxt.content  # type: ignore[attr-defined]
        none = await t.slash(other, t.channel, "game next")
        assert "No game is waiting" in none.content
        listed = await t.slash(mover, t.channel, "game list")
        assert listed.content.startswith("**Waiting for you**") and "7 days per turn" in listed.content


async def test_a_thread_archived_meanwhile_is_opened_again_by_a_reminder(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        _game, thread = await count_game(t, t.alice, t.bob, pace="7d")
        thread.update(archived=True)  # type: ignore[attr-defined]
        await t.later(days=3.6)
        assert thread.archived is False  # type: ignore[attr-defined]
        assert thread.auto_archive_duration == 10080  # type: ignore[attr-defined]


async def test_a_bad_pace_is_refused_and_no_clock_is_shown(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        bad = await t.slash(t.alice, t.channel, "count new", player2=t.bob, pace="2w")
        assert bad.ephemeral and "`3d`" in bad.content
        _game, thread = await count_game(t, t.alice, t.bob, pace="none")
        await t.later(days=30)
        assert not [m for m in thread.messages if "time ran out" in m.content]  # type: ignore[attr-defined]
        assert reminders(t, t.alice) == reminders(t, t.bob) == []
        start = next(m for m in thread.messages if "**Count #" in m.content)  # type: ignore[attr-defined]
        assert "No clock" in start.content
        for kind in games.registered():
            name = kind.name
            if kind.cog.__name__.startswith("tests."):
                continue
            asked = await t.fake.slash(t.alice, t.channel, "game rules", name=name)
            await asked.response()

            def answers(i: Any = asked) -> list[Message]:
                return [m for m in [i.original, *i.followups] if m is not None and not m.loading]

            await t.fake.wait_for(lambda a=answers: "Pace." in "\n".join(m.content for m in a()), f"{name}: the pace")
            said = "\n".join(m.content for m in answers())
            assert all(m.ephemeral and len(m.content) <= 2000 for m in answers())
            assert "Pace." in said and "Lobbies nobody starts expire" in said, name
            assert ("Playing on without a player" in said) == (kind.auto is not None), name


async def test_in_a_dm_the_list_spans_every_server(tmp_path: Path) -> None:
    async with table(tmp_path, global_commands=True) as t:
        game, _ = await count_game(t, t.alice, t.bob, pace="1d")
        other = t.fake.add_guild("Elsewhere")
        lounge = other.add_text_channel("lounge")
        other.add_member(t.alice)
        other.add_member(t.bob)
        elsewhere = await t.slash(t.alice, lounge, "game list")
        assert f"#{game} " not in elsewhere.content, "in a channel: this server's games only"
        mover, _ = await mover_and_other(t, game)
        listed = await t.slash(mover, t.fake.dm_channel(mover), "game list")
        assert (
            listed.ephemeral and listed.content.startswith("**Waiting for you**") and f"#{game} Count" in listed.content
        )


@pytest.mark.parametrize("pace", ["none", "7d"])
async def test_a_running_games_thread_is_touched_every_six_days(tmp_path: Path, pace: str) -> None:
    """Discord archives a thread after 7 days without activity; a game can wait longer (no pace,
    a vacation, Wait). Every 6 days the bot gives its thread activity (a change of the auto-archive
    duration and back), so it never auto-archives while the game runs, and stops once it ends."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace=pace)
        mover, _ = await mover_and_other(t, game)
        await t.slash(mover, t.channel, "game away", days=14)  # nothing else happens meanwhile
        touched = thread.activity  # type: ignore[attr-defined]
        await t.later(days=5.9)
        assert thread.activity == touched  # type: ignore[attr-defined]
        await t.later(days=0.2)
        assert thread.activity > touched and thread.auto_archive_duration == 10080  # type: ignore[attr-defined]
        touched = thread.activity  # type: ignore[attr-defined]
        await t.later(days=6)
        assert thread.activity > touched, "and again six days later"  # type: ignore[attr-defined]
        assert t.bot is not None
        await t.bot.store.games.cancel(game, t.alice.id)
        await t.later(hours=1)  # a change made behind the bot's back is told all the same (issue 18)
        assert any("cancelled" in m.content for m in thread.messages)
        touched = thread.activity  # type: ignore[attr-defined]
        await t.later(days=7)
        assert thread.activity == touched, "an ended game's thread is left alone"  # type: ignore[attr-defined]


async def test_the_turn_dm_says_until_when_the_move_is_due(tmp_path: Path) -> None:
    """The DM that says it is your turn also says by when (after your vacation, if away)."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="3d")
        mover, other = await mover_and_other(t, game)
        await t.slash(other, t.channel, "game away", days=2)
        moved_at = t.clock.now
        fetches = member_fetches(t)
        await t.slash(mover, thread, "count add", amount=1)
        dm = await t.fake.next_dm(other)
        await t.slash(other, t.channel, "game list")  # a round trip after the move's handler
        assert member_fetches(t) == fetches, "a player seen within the hour is not fetched as their turn starts"
        due = int(moved_at + 2 * DAY + 3 * DAY)
        assert f"Your move is due by <t:{due}:f> (3 days per turn)" in dm.content
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        assert rec.clock_of(rec.seat_of(other.id) or 0).deadline == moved_at + 5 * DAY  # type: ignore[union-attr]


async def test_a_deadline_reaches_the_players_when_the_thread_cannot_be_posted_in(tmp_path: Path) -> None:
    """The thread was deleted or locked against the bot: the others' decision is posted in the
    channel instead, with its buttons, and works."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="1d")
        _, other = await mover_and_other(t, game)
        t.fake.fail_requests("POST", "/channels/{channel_id}/messages", status=403, code=50001, channel=thread)  # type: ignore[arg-type]
        await t.later(days=1.01)
        out = await t.channel.wait_for_message(lambda m: "time ran out" in m.content)
        await t.click(other, out, "Claim the win")
        assert t.bot is not None
        assert (await t.bot.store.games.get(game)).outcome.ending is Ending.TIMEOUT  # type: ignore[union-attr]


async def test_a_vote_that_became_moot_loses_its_buttons(tmp_path: Path) -> None:
    """Dead buttons are removed: when the late player moves after all, the question about their
    deadline says so and its buttons go; when the game ends, the same."""
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="1d")
        mover, _ = await mover_and_other(t, game)
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)  # type: ignore[attr-defined]
        assert out.buttons
        await t.slash(mover, thread, "count add", amount=1)
        await t.fake.wait_for(lambda: not out.buttons, "the moot vote's buttons to go")
        assert f"<@{mover.id}> has played since" in out.content and "time ran out" in out.content
        await t.later(days=1.01)  # now the other player is late
        second = next(m for m in thread.messages if "time ran out" in m.content and m.id != out.id)  # type: ignore[attr-defined]
        assert second.buttons
        await t.slash(mover, thread, "count act", action="resign")
        await t.fake.wait_for(lambda: not second.buttons, "the vote's buttons to go when the game ends")
        assert "The game is over" in second.content


@pytest.mark.parametrize("kind", THREE)
async def test_a_tie_between_the_others_waits(tmp_path: Path, kind: str) -> None:
    """A game of three: of the two others, one votes Wait and the other Play on — everyone
    voted and nothing has a majority, so the table waits (a new deadline)."""
    async with table(tmp_path) as t:
        players = t.seated(3)
        game, thread, _ = await t.lobby_game(kind, players, pace="1d")
        assert t.bot is not None
        (late,) = (await t.bot.store.games.get(game)).waiting()
        others = [u for u in players if u.id != late.user_id]
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
        assert "a tie waits" in out.content
        await t.click(others[0], out, "Wait")
        await t.click(others[1], out, "Play on without them")
        await t.fake.wait_for(lambda: "waits for" in out.content, "the tie to wait")
        rec = await t.bot.store.games.get(game)
        clock = rec.clock_of(late.seat)
        assert clock is not None and clock.absent is None and clock.deadline == t.clock.now + DAY


@pytest.mark.parametrize("kind", THREE)
async def test_a_player_who_resigned_does_not_decide(tmp_path: Path, kind: str) -> None:
    """A game of three: one of the others resigned (they drop out, or a computer plays their seat
    on where the game has one, and the game goes on), so the one player still in decides alone, and
    the resigned player is refused."""
    async with table(tmp_path) as t:
        players = t.seated(3)
        game, thread, _ = await t.lobby_game(kind, players, pace="1d")
        assert t.bot is not None
        (late,) = (await t.bot.store.games.get(game)).waiting()
        quitter, stayer = [u for u in players if u.id != late.user_id]
        confirm = await t.slash(quitter, thread, "game resign")
        await t.click(quitter, confirm, confirm.buttons[0].label)
        await thread.wait_for_message(lambda m: "resign" in m.content.lower())
        rec = await t.bot.store.games.get(game)
        assert rec.status == "active" and [c.user_id for c in rec.waiting()] == [late.user_id]
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
        assert f"<@{quitter.id}>" not in out.content.split("\n")[1] and "1 needed" in out.content
        refused = await t.click(quitter, out, "Wait")
        assert refused.ephemeral and "Only the other players" in refused.content
        await t.click(stayer, out, "Play on without them")
        rec = await t.bot.store.games.get(game)
        assert rec.clock_of(late.seat).absent == "normal"  # type: ignore[union-attr]


async def test_redrafting_the_setup_cannot_postpone_the_deadline(tmp_path: Path) -> None:
    """Issue 18 §5: Stratego at a 1-day pace; Red is ready, Blue changes the draft every 20 hours.
    A draft change leaves Blue's part unfinished, so it moves no deadline: 24 hours in, Red is
    asked. A draft after that does not take the question away, and Red claims the win."""
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob, pace="1d")
        t.secrets.extend([RED_SCOUT_A4, BLUE_FLAG_A7, BLUE_WALLED])
        draft = await t.slash(red, thread, "stratego setup", code=RED_SCOUT_A4)
        await t.click(red, draft, "Ready")
        await t.later(hours=20)
        await t.slash(blue, thread, "stratego setup", code=BLUE_FLAG_A7)
        assert not [m for m in thread.messages if "time ran out" in m.content]
        await t.later(hours=4.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
        assert f"<@{blue.id}>" in out.content and {b.label for b in out.buttons} == {"Wait", "Claim the win"}
        await t.later(hours=1)
        await t.slash(blue, thread, "stratego setup", code=BLUE_WALLED)
        assert out.buttons, "a draft change does not make the question moot"
        await t.click(red, out, "Claim the win")
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        assert rec.status == "finished" and rec.outcome is not None and rec.outcome.ending is Ending.TIMEOUT
        assert rec.outcome.winners == (rec.seat_of(red.id),)
        t.fake.assert_clean()
