"""Records, history and replays (issue 20 §2) end to end: ``/game history`` pages a player's
finished games newest first and leaves cancelled ones out; ``/game log`` of a finished Stratego game
attaches its JSON record and its StraDoS2 file; ``/game replay`` animates a finished game whose
frames are its public views step by step, and refuses a running game and a bad range."""

from __future__ import annotations

import asyncio
import io
import json
import re
import threading
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageSequence

from cogs import games
from cogs.table import plan, replays
from cogs.table.history import PAGE
from rules.stratego import GAME
from rules.stratego.setup import parse_code
from tests.e2e.harness import Table, table
from tests.e2e.records import check_record
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up
from tests.fakediscord import User

LINE = re.compile(r"^• #(\d+) ", re.M)


async def count_game_won(t: Table, creator: User, opponent: User) -> int:
    """A two-player Count game to 2 (the toy game), won at the first move; its id."""
    before = list(t.channel.threads)
    lobby = await t.slash(creator, t.channel, "count new", player2=opponent, target=2)
    await t.click(opponent, lobby, "Accept")
    thread = await t.channel.wait_for_thread(lambda th: th not in before)
    post = await thread.wait_for_message(lambda m: "**Count #" in m.content)
    game = int(re.search(r"Count #(\d+)", post.content).group(1))  # type: ignore[union-attr]
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    mover = creator if rec.players[rec.load_state().turn] == creator.id else opponent
    end = await t.slash(mover, thread, "count add", amount=2)
    assert "Game over" in end.content
    return game


async def test_history_pages_newest_first_and_leaves_cancelled_games_out(tmp_path: Path) -> None:
    async with table(tmp_path, global_commands=True) as t:
        assert t.bot is not None
        won = []
        for _ in range(PAGE + 2):
            won.append(await count_game_won(t, t.alice, t.bob))
            t.clock.advance(hours=1)
        await t.slash(t.alice, t.channel, "count new", player2=t.bob, target=2)
        cancelled = (await t.bot.store.games.find(status="lobby"))[-1].id
        await t.slash(t.alice, t.channel, "game cancel", game=str(cancelled))
        assert (await t.bot.store.games.get(cancelled)).status == "cancelled"

        first = await t.slash(t.alice, t.channel, "game history")
        assert first.ephemeral and len(first.content) <= 2000
        assert f"**Finished games of <@{t.alice.id}>** in this server ({len(won)})" in first.content
        newest_first = list(reversed(won))
        assert [int(g) for g in LINE.findall(first.content)] == newest_first[:PAGE]
        assert "Page 1 of 2: `/game history page:2`" in first.content
        rec = await t.bot.store.games.get(won[-1])
        line = next(x for x in first.content.splitlines() if x.startswith(f"• #{won[-1]} "))
        assert f"<t:{int(rec.updated_at)}:d>" in line, "the day it ended"
        assert "wins (target_reached)" in line, "the result in the game's words"
        assert f"<@{t.alice.id}>" in line and f"<@{t.bob.id}>" in line
        assert f"https://discord.com/channels/{t.guild.id}/{rec.thread_id}" in line, "a jump link to its thread"
        second = await t.slash(t.alice, t.channel, "game history", page=2)
        assert [int(g) for g in LINE.findall(second.content)] == newest_first[PAGE:]
        assert cancelled not in [int(g) for g in LINE.findall(first.content + second.content)]

        asked = await t.fake.slash(t.carol, t.channel, "game history", {"user": t.bob, "name": "count"})
        bobs = await asked.response()
        assert f"**Finished games of <@{t.bob.id}>** of Count in this server ({len(won)})" in bobs.content
        none = await t.slash(t.alice, t.channel, "game history", name="stratego")
        assert "has no finished games of Stratego in this server yet" in none.content
        carol = await t.slash(t.carol, t.channel, "game history")
        assert f"<@{t.carol.id}> has no finished games in this server yet" in carol.content

        dm = t.fake.dm_channel(t.alice)
        mine = await t.slash(t.alice, dm, "game history")
        assert f"**Your finished games** in every server ({len(won)})" in mine.content
        other = await (await t.fake.slash(t.alice, dm, "game history", {"user": t.bob})).response()
        assert other.ephemeral and "only your own games" in other.content
        t.fake.assert_clean()


def rgb_frames(gif: bytes) -> list[bytes]:
    with Image.open(io.BytesIO(gif)) as im:
        assert im.format == "GIF" and im.info.get("loop") == 0, "a looping GIF"
        return [f.convert("RGB").tobytes() for f in ImageSequence.Iterator(im)]


async def public_steps(t: Table, game: int) -> list[bytes]:
    """The public image after each action of the game's log (and before the first), drawn from
    ``view(state, None)`` by its UI, as RGB pixels; a step that looks like the one before it is
    the same frame."""
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    face = games.ui(rec.kind)
    names, locale = await t.bot.table.transport.names.names(rec), plan.game_locale(rec)
    state = face.engine.new(len(rec.players), rec.options, rec.seed)

    def drawn() -> bytes:
        (image,) = face.public_files(rec, state, names, locale)
        with Image.open(io.BytesIO(image.data)) as im:
            return im.convert("RGB").tobytes()

    steps = [drawn()]
    for entry in await t.bot.store.games.actions(game):
        face.engine.apply(state, entry.seat, face.engine.parse_action(entry.notation, state))
        steps.append(drawn())
    return steps


def distinct(steps: list[bytes]) -> list[bytes]:
    return [s for i, s in enumerate(steps) if i == 0 or s != steps[i - 1]]


async def test_log_and_replay_of_a_finished_stratego_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        await t.slash(blue, thread, "stratego move", from_="J7", to="J6")
        await t.slash(red, thread, "stratego move", from_="A4", to="A6")

        running = await t.slash(red, thread, "game replay")
        assert running.ephemeral and f"Game #{game} is still being played" in running.content
        assert not running.attachments
        confirm = await t.slash(blue, thread, "game resign")
        await t.click(blue, confirm, f"Resign #{game} Stratego")
        rec = await t.bot.store.games.get(game)
        assert rec.status == "finished"
        moves = len(await t.bot.store.games.actions(game))

        # /game log: the words, the text record, the JSON record and the StraDoS2 file.
        log = await t.slash(red, t.channel, "game log", game=str(game))
        assert log.ephemeral and {a.filename for a in log.attachments} == {
            f"stratego-{game}-record.txt",
            f"stratego-{game}-record.json",
            f"stratego-{game}-stratados2.xml",
        }
        doc = json.loads(log.attachment(f"stratego-{game}-record.json").data)
        over = next(m for m in thread.messages if any(a.filename.endswith(".json") for a in m.attachments))
        assert doc == await check_record(t, over, game), "the game-over post's record, which replays the game"
        root = ET.fromstring(log.attachment(f"stratego-{game}-stratados2.xml").data)
        xml_game = root.find("game")
        assert xml_game is not None and xml_game.get("type") == "classic"
        content = xml_game.find("field").get("content")  # type: ignore[union-attr]
        assert content is not None
        state = rec.load_state()
        assert (parse_code(content[:40], "classic"), parse_code(content[60:], "classic")) == (
            state.drafts[0],
            state.drafts[1],
        )
        assert [(m.get("source"), m.get("target")) for m in xml_game.findall("move")] == [
            ("E4", "E5"),
            ("K7", "K6"),
            ("A4", "A6"),
        ], "squares as that format names them (J is K)"
        red_name = await t.bot.table.transport.names.display_name(rec, red.id)
        assert [p.text for p in xml_game.findall("player")] == [
            red_name,
            await t.bot.table.transport.names.display_name(rec, blue.id),
        ]
        assert xml_game.find("result").attrib == {"type": "3", "winner": "1"}  # type: ignore[union-attr]

        # Bad ranges are refused privately, with the game's number of moves.
        for bad in ({"from_": 5, "to": 2}, {"to": moves + 1}, {"from_": moves + 1}):
            refused = await t.slash(red, t.channel, "game replay", game=str(game), **bad)
            assert refused.ephemeral and not refused.attachments
            assert f"Game #{game} has moves 1 to {moves}" in refused.content

        # The whole game: every frame is the public view after the next action, the last one the
        # finished game's, which shows every piece.
        whole = await t.slash(red, thread, "game replay")
        assert not whole.ephemeral
        gif = whole.attachment(f"stratego-{game}-replay-1-{moves}.gif")
        assert gif.size <= 8 * 1024 * 1024
        assert f"Replay of game #{game} (Stratego), moves 1–{moves} of {moves}" in whole.content
        assert "Sampled" not in whole.content and "full size" not in whole.content
        steps = await public_steps(t, game)
        assert rgb_frames(gif.data) == distinct(steps)
        final = GAME.view(rec.load_state(), None)
        assert all(p.rank is not None for p in final.board if p is not None), "everything revealed at the end"

        # A stretch: the position before move 5, then after each of moves 5–7; while it is drawn
        # (here: held), the bot has said it is thinking and answers others.
        release, drawing = threading.Event(), threading.Event()
        real = replays.animate

        def held(*args: Any) -> replays.Animation:
            drawing.set()
            release.wait(10)
            return real(*args)

        monkeypatch.setattr(replays, "animate", held)
        asked = await t.fake.slash(blue, t.channel, "game replay", game=str(game), from_=5, to=7)
        await asyncio.to_thread(drawing.wait, 10)
        assert await asked.acknowledged() == 5, "deferred before the drawing"
        rules = await t.slash(t.carol, t.channel, "game rules", name="stratego")
        assert rules.ephemeral and "Stratego" in rules.content, "answered while the replay is drawn"
        twice = await t.slash(blue, t.channel, "game replay", game=str(game))
        assert twice.ephemeral and "one at a time" in twice.content, "one replay at a time per player"
        other = await t.fake.slash(red, t.channel, "game replay", game=str(game), from_=1, to=2)
        assert await other.acknowledged() == 5, "another player's replay waits its turn, thinking"
        release.set()
        part = await asked.response()
        waited = await other.response()
        assert waited.attachment(f"stratego-{game}-replay-1-2.gif").data, "and is made after it"
        frames = rgb_frames(part.attachment(f"stratego-{game}-replay-5-7.gif").data)
        assert frames == distinct(steps[4:8])
        assert "moves 5–7 of" in part.content
        t.secrets.clear()
        await t.check_public(game, thread, t.channel)
        t.fake.assert_clean()
