"""Images drawn in a worker process (the bot's default, ``RENDER_PROCESSES``): the same images as
drawn in the bot's own process, and a worker that dies is replaced without losing an image."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from db.records import GameRecord
from rules.stratego.state import StrategoState
from tests.e2e.harness import table
from tests.e2e.test_records import distinct, public_steps, rgb_frames
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up


def worker_pids(t) -> list[int]:
    return t.bot.table.transport.renderer.pids()


async def test_a_stratego_game_drawn_by_a_worker_process_and_one_that_dies(tmp_path: Path) -> None:
    async with table(tmp_path, render_processes=1) as t:
        assert t.bot.table.transport.renderer.processes == 1
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)  # checks the public images

        (worker,) = worker_pids(t)
        assert worker != os.getpid()
        reply = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        assert reply.attachments
        await t.check_public(game, thread)  # byte for byte the public view, as drawn in-process

        os.kill(worker, signal.SIGKILL)
        reply = await t.slash(blue, thread, "stratego move", from_="J7", to="J6")
        assert not reply.ephemeral and reply.attachments, "the image is drawn again by a new worker"
        await t.check_public(game, thread)
        assert worker not in worker_pids(t)
        dm = await t.fake.wait_for(
            lambda: next((m for m in t.fake.dms(red) if "your move" in m.content and m.attachments), None),
            "red's turn DM with its private image",
        )
        assert dm.attachments[0].filename.endswith(".png")


async def test_a_replay_drawn_and_encoded_by_a_worker_process(tmp_path: Path) -> None:
    """``/game replay`` draws each position and encodes the GIF in the worker: the frames are the
    public views, as drawn in the bot's own process."""
    async with table(tmp_path, render_processes=1) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        confirm = await t.slash(blue, thread, "game resign")
        await t.click(blue, confirm, f"Resign #{game} Stratego")
        moves = len(await t.bot.store.games.actions(game))
        replay = await t.slash(red, thread, "game replay")
        gif = replay.attachment(f"stratego-{game}-replay-1-{moves}.gif")
        assert rgb_frames(gif.data) == distinct(await public_steps(t, game))
        assert worker_pids(t) and os.getpid() not in worker_pids(t)


async def test_a_drawing_is_sent_the_state_as_json_in_its_record(tmp_path: Path) -> None:
    """A worker gets the game's state as JSON in the record, not as a pickled state object (which
    cost the event loop three times as much): the JSON of the state drawn, and the same images."""
    async with table(tmp_path, render_processes=1) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        renderer = t.bot.table.transport.renderer
        sent: list[GameRecord] = []
        objects: list[object] = []

        class Watched:
            processes = renderer.processes

            async def __call__(self, fn, *args):  # type: ignore[no-untyped-def]
                sent.extend(a for a in args if isinstance(a, GameRecord))
                objects.extend(a for a in args if isinstance(a, StrategoState))
                return await renderer(fn, *args)

        t.bot.table.transport.renderer = Watched()
        try:
            reply = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
            await t.bot.table.teller.quiet()
        finally:
            t.bot.table.transport.renderer = renderer
        assert reply.attachments
        await t.check_public(game, thread)  # the same images
        stored = await t.bot.store.games.get(game)
        assert len(sent) >= 2, "the public board and Blue's private one"
        assert not objects, "no state object is pickled"
        assert all(r.id == game and r.players == stored.players for r in sent)
        assert all(r.state_json == stored.state_json for r in sent), "the state drawn: the one just stored"
        assert stored.state_json, "the stored record keeps its state"
