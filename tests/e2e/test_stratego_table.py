"""Stratego end to end, part two: variants and what each player is told, closed DMs, restarts,
thread fallback and the /game commands (issue 3 §3, §4)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up

# Barrage (SG-2.3): Red's Scout on E4 runs into Blue's Bomb on E7; Red's Marshal walks up the A
# file, takes Blue's Miner on A8 and reaches A10, Blue's back row (SG-8.3); Blue's General circles
# J10-J9-I9-I10 meanwhile.
RED_BARRAGE = "FB3S....../........../.........2/M...2....9"
BLUE_BARRAGE = "9.2.F..M../......S.../...2.....3/.....B...."
BLUE_CIRCLE = [("J10", "J9"), ("J9", "I9"), ("I9", "I10"), ("I10", "J10")]


async def test_silent_defence_and_rescue_tell_each_player_the_right_things(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob, army="barrage", silent_defence=True, rescue=True)
        await set_up(t, game, thread, red, blue, RED_BARRAGE, BLUE_BARRAGE)
        t.secrets.append("Marshal against Miner")

        scout = await t.slash(red, thread, "stratego move", from_="E4", to="E7")
        assert "from E4 to E7 and attacks (Scout against Bomb)" in scout.content, (
            "a Scout's attack reveals the defender (SG-8.2)"
        )
        circle = iter(BLUE_CIRCLE * 3)
        for frm, to in [("A4", "A5"), ("A5", "A6"), ("A6", "A7"), ("A7", "A8"), ("A8", "A9")]:
            await t.slash(blue, thread, "stratego move", **dict(zip(("from_", "to"), next(circle), strict=True)))
            msg = await t.slash(red, thread, "stratego move", from_=frm, to=to)
            await t.check_public(game, thread)
            if to == "A8":
                assert (
                    "from A7 to A8 and attacks (Marshal against piece)" in msg.content
                    and "the attacker wins" in msg.content
                )
                told = await t.fake.wait_for(
                    lambda: next((m for m in t.fake.dms(blue) if "from A7 to A8" in m.content), None), "blue's DM"
                )
                assert "from A7 to A8 and attacks (Marshal against Miner)" in told.content, (
                    "the defender knows his own piece"
                )
        await t.slash(blue, thread, "stratego move", **dict(zip(("from_", "to"), next(circle), strict=True)))
        arrived = await t.slash(red, thread, "stratego move", from_="A9", to="A10")
        assert "rescue" in arrived.content and f"<@{red.id}>" in arrived.content
        blocked = await t.slash(blue, thread, "stratego move", from_="I10", to="J10")
        assert blocked.ephemeral and "not your turn" in blocked.content
        pieces = await t.fake.autocomplete(red, thread, "stratego rescue", focused="piece")
        assert [c.value for c in pieces] == ["2"]
        squares = await t.fake.autocomplete(
            red, thread, "stratego rescue", {"piece": "2"}, focused="square", square="E"
        )
        assert "E3" in [c.value for c in squares] and all(c.value.startswith("E") for c in squares)
        rescued = await t.slash(red, thread, "stratego rescue", piece="2", square="E3")
        assert "rescues a Scout onto E3" in rescued.content
        await t.check_public(game, thread)

        red_log = await t.slash(red, thread, "game log")
        blue_log = await t.slash(blue, thread, "game log")
        assert (
            red_log.ephemeral
            and "(Marshal against piece)" in red_log.content
            and "against Miner" not in red_log.content
        )
        assert "(Marshal against Miner)" in blue_log.content
        record = red_log.attachments[0].data.decode()
        assert "Blue setup: hidden" in record and RED_BARRAGE in record
        public_record_leaks = [m for m in thread.messages + t.channel.messages if "(Mx3)" in m.text]
        assert public_record_leaks == []
        t.fake.assert_clean()


async def test_closed_dms_fall_back_to_game_hand(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.fake.close_dms(t.bob)
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        notice = await thread.wait_for_message(lambda m: "can't send you direct messages" in m.content)
        assert f"<@{t.bob.id}>" in notice.content
        hand = await t.slash(t.bob, thread, "game hand")
        assert hand.ephemeral and hand.attachments and "Ready" in [b.label for b in hand.buttons]
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        for user, frm, to in ((red, "E4", "E5"), (blue, "J7", "J6"), (red, "E5", "E6")):
            await t.slash(user, thread, "stratego move", from_=frm, to=to)
        notices = [m for m in thread.messages if "can't send you direct messages" in m.content]
        assert len(notices) == 1, "the thread says it once, though every turn DM to bob failed"
        mine = await t.click(t.bob, hand_message(thread), "My pieces")
        assert mine.ephemeral and mine.attachments
        t.fake.assert_clean()


def hand_message(thread):  # type: ignore[no-untyped-def]
    return next(m for m in reversed(thread.messages) if any(b.label == "My pieces" for b in m.buttons))


async def test_restart_mid_game_keeps_games_and_buttons(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        syncs = t.fake.commands.syncs
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        setup_dm = await t.fake.next_dm(blue)
        await t.slash(red, thread, "stratego setup", code=RED_SCOUT_A4)
        await t.slash(red, thread, "stratego ready")
        await t.restart()
        assert t.fake.commands.syncs == syncs, "an unchanged command tree is not synced again"
        ready = await t.click(blue, setup_dm, "Ready")
        assert ready.ephemeral and "ready" in ready.content.lower()
        await thread.wait_for_message(lambda m: "Both armies are in place" in m.content)
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        await t.fake.wait_for(lambda: any("your move" in m.content for m in t.fake.dms(blue)), "blue's DM")
        await t.restart()
        # Blue kept his random draft: move whatever piece autocomplete offers first.
        frm = (await t.fake.autocomplete(blue, thread, "stratego move", focused="from"))[0].value
        to = (await t.fake.autocomplete(blue, thread, "stratego move", {"from": frm}, focused="to"))[0].value
        moved = await t.slash(blue, thread, "stratego move", from_=frm, to=to)
        assert not moved.ephemeral and f"from {frm} to {to}" in moved.content, moved.content
        mine = await t.click(red, hand_message(thread), "My pieces")
        assert mine.ephemeral and mine.attachments
        assert (await t.state(game)).ply == 2
        assert await t.bot.store.games.verify(game)  # type: ignore[union-attr]
        t.fake.assert_clean()


async def test_game_in_the_channel_when_threads_are_forbidden(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.channel.forbid_threads()
        msg = await t.slash(t.alice, t.channel, "stratego new", opponent=t.bob)
        await t.click(t.bob, msg, "Accept")
        start = await t.channel.wait_for_message(lambda m: "plays **Red**" in m.content)
        assert not t.channel.threads and start.channel is t.channel
        hand = await t.slash(t.alice, t.channel, "game hand")
        assert hand.ephemeral and hand.attachments
        t.fake.assert_clean()


async def test_game_commands(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, _, _ = await t.challenge(t.alice, t.bob)
        listed = await t.slash(t.alice, t.channel, "game list")
        assert listed.ephemeral and f"#{game}" in listed.content and "setting up" in listed.content
        board = await t.slash(t.carol, thread, "game board")
        assert not board.ephemeral and board.attachments
        await t.check_public(game, thread)
        nothing = await t.slash(t.carol, t.channel, "game hand")
        assert nothing.ephemeral and "no active game" in nothing.content
        choices = await t.fake.autocomplete(t.alice, t.channel, "game log", focused="game")
        assert [c.value for c in choices] == [str(game)]
        rules = await t.slash(t.carol, t.channel, "game rules", name="stratego")
        assert rules.ephemeral and "silent_defence" in rules.content and "rescue" in rules.content
        refused = await t.slash(t.carol, t.channel, "game cancel", game=str(game))
        assert refused.ephemeral and "Only the players of game" in refused.content
        done = await t.slash(t.mod, t.channel, "game cancel", game=str(game))
        assert "cancelled" in done.content and "not counted" in done.content
        assert (await t.bot.store.games.get(game)).status == "cancelled"  # type: ignore[union-attr]
        gone = await t.slash(t.alice, thread, "stratego move", from_="E4", to="E5")
        assert gone.ephemeral
        t.fake.assert_clean()


async def test_open_challenge_withdraw_and_decline(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        open_ = await t.slash(t.alice, t.channel, "stratego new")
        assert "Join" in [b.label for b in open_.buttons]
        own = await t.click(t.alice, open_, "Join")
        assert own.ephemeral and "your own challenge" in own.content
        not_yours = await t.click(t.bob, open_, "Withdraw")
        assert not_yours.ephemeral
        withdrawn = await t.click(t.alice, open_, "Withdraw")
        assert "withdrew" in withdrawn.content and not withdrawn.buttons
        direct = await t.slash(t.alice, t.channel, "stratego new", opponent=t.bob)
        wrong = await t.click(t.carol, direct, "Accept")
        assert wrong.ephemeral and "is for" in wrong.content
        declined = await t.click(t.bob, direct, "Decline")
        assert "declined" in declined.content
        me = await t.slash(t.alice, t.channel, "stratego new", opponent=t.alice)
        assert me.ephemeral and "yourself" in me.content
        t.fake.assert_clean()


async def test_pending_challenge_survives_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        msg = await t.slash(t.alice, t.channel, "stratego new", opponent=t.bob, rescue=True)
        await t.restart()
        accepted = await t.click(t.bob, msg, "Accept")
        assert "accepted" in accepted.content
        start = await (await t.channel.wait_for_thread()).wait_for_message(lambda m: "plays **Red**" in m.content)
        assert "Rescue" in start.content
        t.fake.assert_clean()


async def test_move_from_the_channel_goes_to_the_thread(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        done = await t.slash(red, t.channel, "stratego move", from_="E4", to="E5", game=str(game))
        assert done.ephemeral and f"<#{thread.id}>" in done.content
        posted = await thread.wait_for_message(lambda m: "from E4 to E5" in m.content)
        assert posted.attachments and f"<@{blue.id}>" in posted.content
        t.fake.assert_clean()


async def test_text_json_carries_but_utf8_cannot_is_answered_and_the_bot_goes_on(tmp_path: Path) -> None:
    """An unpaired surrogate (``"\\ud800"`` in the gateway's JSON: valid JSON, not UTF-8) in a
    command: orjson alone refused the whole event, the command went unanswered and the shard
    answered nothing more. It is read, the refusal quotes it with "?", and the next command is
    answered."""
    async with table(tmp_path) as t:
        game, thread, red, _blue = await t.challenge(t.alice, t.bob)
        odd = await t.slash(red, thread, "stratego move", from_="A\ud800", to="B1")
        assert odd.ephemeral and "`A?` is not a square" in odd.content, ascii(odd.content)
        log = await t.slash(red, thread, "game log")
        assert f"game #{game}" in log.content
        t.fake.assert_clean()


async def test_a_player_dmed_before_gets_the_next_dms_without_a_dm_channel_opened_again(tmp_path: Path) -> None:
    """discord.py keeps the 128 latest DM channels only; a bot with more players than that opened
    one (a REST call) before every DM. The table keeps each player's channel: after the first DMs,
    with discord.py's cache emptied (as 128 other players would), turns are still told by DM and no
    DM channel is opened again."""
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        connection = t.bot._connection
        connection._private_channels.clear()
        connection._private_channels_by_user.clear()
        since = len(t.fake.requests.records)
        before = len(t.fake.dms(blue)), len(t.fake.dms(red))
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        await t.fake.wait_for(lambda: len(t.fake.dms(blue)) > before[0], "blue's turn DM")
        await t.slash(blue, thread, "stratego move", from_="J7", to="J6")
        await t.fake.wait_for(lambda: len(t.fake.dms(red)) > before[1], "red's turn DM")
        assert "your move" in t.fake.dms(red)[-1].content and t.fake.dms(red)[-1].attachments
        opened = [r for r in t.fake.requests.records[since:] if r.route == "/users/@me/channels"]
        assert opened == []
        t.fake.assert_clean()
