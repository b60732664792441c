"""The holes found when Stratego was tried from outside (issue 10 §3), each closed at the shared
table and shown here through the real client and the local Discord."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path

import discord

from cogs.stratego.ui import StrategoUI
from db.errors import StoreBusy
from tests.e2e.harness import Table, table
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up
from tests.e2e.test_stratego_table import hand_message

THREAD_POSTS = "/channels/{channel_id}/messages"


async def started(t: Table) -> tuple[int, object, object, object]:
    game, thread, red, blue = await t.challenge(t.alice, t.bob)
    await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
    return game, thread, red, blue


async def test_1_games_belong_to_their_server(tmp_path: Path) -> None:
    async with table(tmp_path, global_commands=True) as t:
        game, _thread, red, _blue = await started(t)
        other = t.fake.add_guild("Elsewhere")
        lounge = other.add_text_channel("lounge")
        boss = t.fake.add_user("boss")
        other.add_member(boss, permissions=discord.Permissions(manage_guild=True, administrator=True))
        other.add_member(t.alice)
        for path in ("game cancel", "game board", "game log", "game hand", "game resign"):
            for user in (boss, t.alice):
                answer = await t.slash(user, lounge, path, game=str(game))
                assert answer.ephemeral and "can't find that game" in answer.content, (path, answer.content)
        move = await t.slash(t.alice, lounge, "stratego move", from_="E4", to="E5", game=str(game))
        assert move.ephemeral and "can't find that game" in move.content
        assert (await t.bot.store.games.get(game)).status == "active"  # type: ignore[union-attr]
        # In DMs: your own games only.
        dm = t.fake.dm_channel(t.carol)
        peek = await t.slash(t.carol, dm, "game log", game=str(game))
        assert peek.ephemeral and "can't find that game" in peek.content
        mine = await t.slash(red, t.fake.dm_channel(red), "game log", game=str(game))  # type: ignore[arg-type]
        assert mine.ephemeral and "Last moves" in mine.content
        listed = await t.slash(red, t.fake.dm_channel(red), "game list")  # type: ignore[arg-type]
        assert f"#{game}" in listed.content
        t.fake.assert_clean()


async def test_2_a_stored_move_is_never_reported_as_failed(tmp_path: Path, caplog) -> None:  # type: ignore[no-untyped-def]
    async with table(tmp_path) as t:
        game, thread, red, blue = await started(t)
        t.fake.fail_requests("POST", THREAD_POSTS, status=403, code=50013, channel=thread)
        done = await t.slash(red, t.channel, "stratego move", from_="E4", to="E5", game=str(game))  # type: ignore[arg-type]
        assert done.ephemeral and "was made" in done.content and "Nothing was changed" not in done.content
        assert (await t.state(game)).ply == 1
        told = await t.fake.wait_for(
            lambda: next((m for m in t.fake.dms(blue) if "your move" in m.content), None),
            "blue's turn DM",  # type: ignore[arg-type]
        )
        assert "from E4 to E5" in told.content
        again = await t.slash(red, t.channel, "stratego move", from_="E5", to="E6", game=str(game))  # type: ignore[arg-type]
        assert again.ephemeral and "not your turn" in again.content and f"<@{blue.id}>" in again.content  # type: ignore[attr-defined]
        second = await t.slash(blue, t.channel, "stratego move", from_="J7", to="J6", game=str(game))  # type: ignore[arg-type]
        assert "was made" in second.content and (await t.state(game)).ply == 2
        logged = [r for r in caplog.records if "cannot post in channel" in r.getMessage()]
        assert len(logged) == 1, "the failure is logged once"
        # Blue's DMs are closed and the thread is gone: the channel tells him.
        t.fake.clear_failures()
        t.fake.close_dms(blue)  # type: ignore[arg-type]
        thread.delete()  # type: ignore[attr-defined]
        await t.slash(red, t.channel, "stratego move", from_="E5", to="E6", game=str(game))  # type: ignore[arg-type]
        fallback = await t.channel.wait_for_message(lambda m: "your turn in game" in m.content)
        assert fallback.pinged == [blue.id]  # type: ignore[attr-defined]
        assert (await t.state(game)).ply == 3
        t.fake.assert_clean()


async def test_3_every_reply_fits_discords_limits(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        _game, thread, red, _blue = await started(t)
        long = await t.slash(red, thread, "stratego move", from_="Q" * 6000, to="E5")  # type: ignore[arg-type]
        assert long.ephemeral and len(long.content) < 200 and "…" in long.content
        store = t.bot.store  # type: ignore[union-attr]
        for _ in range(40):
            await store.lobbies.create("stratego", t.carol.id, None, t.guild.id, t.channel.id)
        listed = await t.slash(t.carol, t.channel, "game list")
        assert listed.ephemeral and "Page 1 of 4" in listed.content and len(listed.content) <= 2000
        assert listed.content.count("• #") == 10, "ten games a page"
        last = await t.slash(t.carol, t.channel, "game list", page=4)
        assert "Page 4 of 4" in last.content and "page:1" in last.content and last.content.count("• #") == 10
        beyond = await t.slash(t.carol, t.channel, "game list", page=99)
        assert "Page 4 of 4" in beyond.content, "a page beyond the last shows the last"
        for seed in range(20):
            await store.games.create(
                "count", [t.carol.id, t.mod.id], None, seed, t.guild.id, t.channel.id, t.carol.id, thread_id=None
            )
        which = await t.slash(t.carol, t.channel, "count add", amount=1)
        assert which.ephemeral and "several games" in which.content and "and 5 more" in which.content
        t.fake.assert_clean()


async def test_4_absurd_numbers_are_no_such_game(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        for number in ("9" * 30, "9223372036854775808", "0", "#-4", "  "):
            board = await t.slash(t.alice, t.channel, "game board", game=number)
            assert board.ephemeral and ("can't find" in board.content or "no active game" in board.content), number
        t.fake.assert_clean()


async def test_5_no_single_player_voids_a_running_game(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await started(t)
        asked = await t.slash(red, thread, "game cancel")  # type: ignore[arg-type]
        assert asked.ephemeral and "counted" in asked.content
        assert (await t.bot.store.games.get(game)).status == "active"  # type: ignore[union-attr]
        proposal = await thread.wait_for_message(lambda m: "proposes to cancel" in m.content)  # type: ignore[attr-defined]
        assert proposal.pinged == [blue.id]  # type: ignore[attr-defined]
        nosy = await t.click(t.carol, proposal, "Agree to cancel")
        assert nosy.ephemeral and "not playing" in nosy.content
        await t.click(blue, proposal, "Agree to cancel")  # type: ignore[arg-type]
        assert (await t.bot.store.games.get(game)).status == "cancelled"  # type: ignore[union-attr]
        # A moderator of the game's own server cancels at once; a lobby, its creator.
        game2, _thread2, _, _ = await t.challenge(t.alice, t.bob)
        done = await t.slash(t.mod, t.channel, "game cancel", game=str(game2))
        assert "cancelled by" in done.content and (await t.bot.store.games.get(game2)).status == "cancelled"  # type: ignore[union-attr]
        lobby = await t.slash(t.alice, t.channel, "count new")
        lobby_id = (await t.bot.store.games.find(status="lobby"))[-1].id  # type: ignore[union-attr]
        refused = await t.slash(t.bob, t.channel, "game cancel", game=str(lobby_id))
        assert refused.ephemeral and (await t.bot.store.games.get(lobby_id)).status == "lobby"  # type: ignore[union-attr]
        await t.slash(t.alice, t.channel, "game cancel", game=str(lobby_id))
        assert not lobby.buttons and "cancelled" in lobby.content, "a cancelled lobby loses its buttons (§3.8)"
        # Resigning asks which game when there are several, and confirms.
        g3, _, _, _ = await t.challenge(t.alice, t.bob)
        g4, _, _, _ = await t.challenge(t.alice, t.carol)
        which = await t.slash(t.alice, t.channel, "game resign")
        assert which.ephemeral and "Which game" in which.content
        assert {b.label for b in which.buttons} == {f"Resign #{g3} Stratego", f"Resign #{g4} Stratego"}
        await t.click(t.alice, which, f"Resign #{g4} Stratego")
        assert (await t.bot.store.games.get(g4)).status == "finished"  # type: ignore[union-attr]
        assert (await t.bot.store.games.get(g3)).status == "active"  # type: ignore[union-attr]
        t.fake.assert_clean()


async def test_6_everyone_hears_that_a_game_ended(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await started(t)
        pieces = hand_message(thread)
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")  # type: ignore[arg-type]
        await t.slash(blue, thread, "stratego move", from_="J7", to="J6")  # type: ignore[arg-type]
        end = await t.slash(red, thread, "stratego move", from_="A4", to="A7")  # type: ignore[arg-type]
        assert "Game over" in end.content and set(end.pinged) == {red.id, blue.id}  # type: ignore[attr-defined]
        for user in (red, blue):
            dm = await t.fake.wait_for(
                lambda u=user: next((m for m in t.fake.dms(u) if "is over" in m.content), None), "game-over DM"
            )
            assert dm.attachments and "wins" in dm.content
        await t.fake.wait_for(lambda: thread.archived, "the thread archived")  # type: ignore[attr-defined]
        assert "won" in thread.name  # type: ignore[attr-defined]
        old = await t.click(blue, pieces, "My pieces")  # type: ignore[arg-type]
        assert old.ephemeral and f"Game #{game} is over" in old.content and "wins" in old.content
        t.fake.assert_clean()


async def test_7_no_new_game_inside_a_game_thread(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, _, _ = await t.challenge(t.alice, t.bob)
        inside = await t.slash(t.carol, thread, "stratego new")
        assert inside.ephemeral and f"<#{t.channel.id}>" in inside.content and f"#{game}" in inside.content
        assert len(await t.bot.store.games.find()) == 1  # type: ignore[union-attr]
        t.fake.assert_clean()


async def test_8_buttons_that_mean_nothing_go_and_accept_draw_stays(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        challenge = await t.slash(t.alice, t.channel, "stratego new", opponent=t.bob)
        await t.click(t.bob, challenge, "Accept")
        assert not challenge.buttons, "a started challenge loses its buttons"
        thread = await t.channel.wait_for_thread()
        game = (await t.bot.store.games.find(status="active"))[-1].id  # type: ignore[union-attr]
        state = await t.state(game)
        red, blue = (t.alice, t.bob) if state.seat_of(0) == 0 else (t.bob, t.alice)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        offer = await t.slash(red, thread, "stratego draw")
        assert "Accept draw" in [b.label for b in offer.buttons]
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        end = await t.click(blue, offer, "Accept draw")
        assert "a draw (agreed)" in end.content, "the offer stood after the offerer's own move"
        t.fake.assert_clean()


async def test_9_words_name_the_game_and_its_state(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.slash(t.alice, t.channel, "count new")
        lobby_id = (await t.bot.store.games.find(status="lobby"))[-1].id  # type: ignore[union-attr]
        early = await t.slash(t.alice, t.channel, "game board", game=str(lobby_id))
        assert "hasn't started yet" in early.content and " is lobby" not in early.content
        game, thread, red, blue = await started(t)
        empty = await t.slash(red, thread, "stratego move", from_=" ", to="E5")  # type: ignore[arg-type]
        assert "``" not in empty.content and "empty" in empty.content
        await t.slash(blue, thread, "game resign")  # type: ignore[arg-type]
        confirm = [m for m in t.fake.visible_to(blue) if "counts as a loss" in m.content][-1]  # type: ignore[arg-type]
        await t.click(blue, confirm, f"Resign #{game} Stratego")  # type: ignore[arg-type]
        after = await t.slash(red, thread, "stratego move", from_="E4", to="E5")  # type: ignore[arg-type]
        assert after.ephemeral and f"Game #{game} is over" in after.content and "wins" in after.content
        t.fake.assert_clean()


async def test_10_one_ping_per_turn_as_each_player_chose(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        _game, thread, red, blue = await started(t)
        setup_status = next(m for m in thread.messages if "Setup:" in m.content)  # type: ignore[attr-defined]
        assert setup_status.pinged == [], "status lines do not ping"
        first = await t.slash(red, thread, "stratego move", from_="E4", to="E5")  # type: ignore[arg-type]
        assert first.pinged == [] and f"<@{blue.id}>" in first.content, "named, not pinged: blue got a DM"  # type: ignore[attr-defined]
        dms = len(t.fake.dms(blue))  # type: ignore[arg-type]
        chosen = await t.slash(blue, thread, "game notify", how="mention")  # type: ignore[arg-type]
        assert chosen.ephemeral and "mention" in chosen.content
        await t.slash(blue, thread, "stratego move", from_="J7", to="J6")  # type: ignore[arg-type]
        await t.slash(red, thread, "game notify", how="both")  # type: ignore[arg-type]
        second = await t.slash(red, thread, "stratego move", from_="E5", to="E6")  # type: ignore[arg-type]
        assert second.pinged == [blue.id], "blue chose a mention"  # type: ignore[attr-defined]
        assert len(t.fake.dms(blue)) == dms, "and no turn DM"  # type: ignore[arg-type]
        t.fake.close_dms(red)  # type: ignore[arg-type]
        await t.slash(red, thread, "game notify", how="dm")  # type: ignore[arg-type]
        back = await t.slash(blue, thread, "stratego move", from_="J6", to="J5")  # type: ignore[arg-type]
        assert back.pinged == [red.id], "red's DM failed, so the thread pings him"  # type: ignore[attr-defined]
        t.fake.assert_clean()


async def test_11_the_turn_dm_says_what_happened(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        _game, thread, red, blue = await started(t)
        await t.slash(red, thread, "stratego move", from_="J4", to="J7")  # type: ignore[arg-type]
        told = await t.fake.wait_for(
            lambda: next((m for m in t.fake.dms(blue) if "from J4 to J7" in m.content), None),
            "blue's turn DM",  # type: ignore[arg-type]
        )
        assert "the defender wins" in told.content and "their Scout fell" in told.content
        assert f"https://discord.com/channels/{t.guild.id}/{thread.id}" in told.content  # type: ignore[attr-defined]
        await t.slash(blue, thread, "stratego move", from_="J7", to="J6")  # type: ignore[arg-type]
        red_dm = await t.fake.wait_for(
            lambda: next((m for m in t.fake.dms(red) if "from J7 to J6" in m.content), None),
            "red's turn DM",  # type: ignore[arg-type]
        )
        assert "(Blue) moves from J7 to J6" in red_dm.content
        t.fake.assert_clean()


async def test_busy_database_is_busy_try_again(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """§4: a database still locked after the busy timeout reaches the player as "busy", not as an
    apology, and changes nothing (the store's own StoreBusy is tested in tests/db/test_db_races.py)."""
    async with table(tmp_path) as t:
        game, thread, red, _blue = await started(t)
        store = t.bot.store  # type: ignore[union-attr]

        async def locked(*args: object, **kwargs: object) -> None:
            raise StoreBusy(game)

        monkeypatch.setattr(store.games, "append", locked)
        busy = await t.slash(red, thread, "stratego move", from_="E4", to="E5")  # type: ignore[arg-type]
        assert busy.ephemeral and "busy" in busy.content and "try again" in busy.content
        monkeypatch.undo()
        assert (await t.state(game)).ply == 0
        t.fake.assert_clean()


async def test_rendering_does_not_block_other_interactions(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """§2: while a move's board is being drawn (here: held), the bot still answers others."""
    async with table(tmp_path) as t:
        _game, thread, red, _blue = await started(t)
        release = threading.Event()
        drawing = threading.Event()
        real = StrategoUI.public_files

        def slow(self, rec, state, names, locale):  # type: ignore[no-untyped-def]
            drawing.set()
            release.wait(10)
            return real(self, rec, state, names, locale)

        t.watched = None  # the harness must not draw with the held renderer
        monkeypatch.setattr(StrategoUI, "public_files", slow)
        move = await t.fake.slash(red, thread, "stratego move", from_="E4", to="E5")  # type: ignore[arg-type]
        await asyncio.to_thread(drawing.wait, 10)
        assert await move.acknowledged() == 5, "the move was acknowledged (deferred) before drawing"
        rules = await t.slash(t.carol, t.channel, "game rules", name="stratego")
        assert rules.ephemeral and "Stratego" in rules.content, "answered while the board is drawn"
        release.set()
        answer = await move.response()
        assert "from E4 to E5" in answer.content and answer.attachments
        t.fake.assert_clean()


async def test_autocomplete_never_hides_a_bug(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """§2: expected refusals give no choices quietly; anything else is logged with the game id."""
    async with table(tmp_path) as t:
        game, thread, red, _ = await started(t)
        quiet = await t.fake.autocomplete(t.carol, thread, "stratego move", focused="from")
        assert quiet == [] and t.fake.logged_errors == [], "a non-player gets nothing, and nothing is logged"

        def broken(*args: object) -> list[object]:
            raise RuntimeError("bug in legal_moves")

        monkeypatch.setattr(sys.modules["cogs.stratego.cog"], "legal_moves", broken)
        choices = await t.fake.autocomplete(red, thread, "stratego move", focused="from")  # type: ignore[arg-type]
        assert choices == []
        assert any("autocomplete failed" in e and f"game {game}" in e for e in t.fake.logged_errors)
        t.fake.assert_clean(allow_logged_errors=True)


async def test_a_failure_after_the_commit_says_the_action_stands(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """DESIGN §5: if showing a committed move fails (here: the board image), the mover is told the
    move counts — never "nothing was changed" — and the game goes on."""
    async with table(tmp_path) as t:
        game, thread, red, blue = await started(t)

        def broken(self, rec, state, names, locale):  # type: ignore[no-untyped-def]
            raise RuntimeError("renderer bug")

        t.watched = None  # the harness draws public views too; not with the broken renderer
        monkeypatch.setattr(StrategoUI, "public_files", broken)
        answer = await t.slash(red, thread, "stratego move", from_="E4", to="E5")  # type: ignore[arg-type]
        assert "was made and counts" in answer.content and "Nothing was changed" not in answer.content
        monkeypatch.undo()
        assert (await t.state(game)).ply == 1
        t.watch(game, thread)
        moved = await t.slash(blue, thread, "stratego move", from_="J7", to="J6")  # type: ignore[arg-type]
        assert "from J7 to J6" in moved.content
        t.fake.assert_clean(allow_logged_errors=True)
