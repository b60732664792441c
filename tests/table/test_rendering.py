"""Where images are drawn (cogs/table/workers.py, rendering.py): a worker process draws byte for byte what the
bot's own process draws, and holds the games' renderers without Discord (issue 18 §7)."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image, ImageChops

from cogs import games
from cogs.table.transport.channels import Transport
from cogs.table.ui import FileSpec
from cogs.table.workers import Workers
from db.json_text import dumps
from rules.stratego import GAME
from rules.stratego.actions import Ready
from tests.game_records import game_record

ROOT = Path(__file__).resolve().parents[2]
UI_MODULES = [m for m in games.worker_modules() if not m.startswith("tests.")]
"""What the bot's workers import: the registry (the games' words come with it) and the UIs."""


def a_started_game() -> object:
    state = GAME.new(2, {}, 5)
    GAME.apply(state, 0, Ready())
    GAME.apply(state, 1, Ready())
    return state


async def test_a_worker_draws_what_the_bot_draws_and_knows_no_discord() -> None:
    assert set(UI_MODULES) >= {"cogs.stratego.ui", "cogs.shitenno.ui", "cogs.stroganov.ui"}
    state = a_started_game()
    ui = games.ui("stratego")
    rec = SimpleNamespace(id=7)  # what the UI reads of the record here; pickles without this module

    here = Workers(0)
    there = Workers(1, UI_MODULES)
    there.start()
    try:
        drawn_here = await here(ui.private_files, rec, state, 0, ("alice", "bob"), "en")
        drawn_there = await there(ui.private_files, rec, state, 0, ("alice", "bob"), "en")
        assert drawn_there[0].data.startswith(b"\x89PNG")
        assert drawn_there == drawn_here, differences(drawn_here, drawn_there)
        assert not await there(eval, "'discord' in __import__('sys').modules"), "a worker imports no Discord"
        assert await there(eval, "__import__('os').getpid()") != await here(eval, "__import__('os').getpid()")
    finally:
        here.close()
        there.close()


async def test_a_game_drawing_carries_the_state_drawn_as_json_not_as_an_object() -> None:
    """``Transport.render``, to worker processes: a pickled state object cost the event loop five times what its JSON
    does (docs/PERFORMANCE.md), so the request carries the JSON, in the record; the worker draws
    the state given (here an older one, as a replay does), not the record's own."""
    older = a_started_game()
    newer = a_started_game()
    GAME.apply(newer, 0, GAME.legal(newer, 0)[0])
    ui = games.ui("stratego")
    rec = dataclasses.replace(game_record("stratego", 2, 9), state_json=dumps(GAME.dump(newer)), engine=GAME)
    names = ("alice", "bob")
    requests: list[bytes] = []
    there = Workers(1, UI_MODULES)

    class Watched:
        processes = there.processes

        async def __call__(self, fn: Any, *args: Any) -> Any:
            requests.append(pickle.dumps((fn, args)))
            return await there(fn, *args)

    try:
        drawn = await Transport.render(SimpleNamespace(renderer=Watched()), ui.public_files, rec, older, names, "en")  # type: ignore[arg-type]
    finally:
        there.close()
    assert drawn == ui.public_files(rec, older, names, "en"), "the state given is drawn"
    assert drawn != ui.public_files(rec, newer, names, "en")
    assert len(requests) == 1 and b"StrategoState" not in requests[0], "no state object is pickled"


def differences(here: list[FileSpec], there: list[FileSpec]) -> list[str]:
    """Where two drawings differ, file by file: names, sizes, and the box of differing pixels."""
    out = []
    for a, b in zip(here, there, strict=True):
        if a == b:
            continue
        with Image.open(io.BytesIO(a.data)) as x, Image.open(io.BytesIO(b.data)) as y:
            box = ImageChops.difference(x.convert("RGB"), y.convert("RGB")).getbbox() if x.size == y.size else None
            out.append(f"{a.name} / {b.name}: {len(a.data)} / {len(b.data)} bytes, {x.size} / {y.size}, {box}")
    return out


def test_a_negative_number_of_workers_is_refused() -> None:
    with pytest.raises(ValueError):
        Workers(-1)


WORKER_SCRIPT = """
import asyncio, sys
import discord  # the bot's main module imports Discord; its workers must not
from cogs.table.workers import Workers
from cogs.table.table import Table

async def main():
    renderer = Workers(1, ["cogs.stratego.ui"])
    pid = await renderer(eval, "__import__('os').getpid()")
    print(pid, flush=True)
    print(await renderer(eval, "'discord' in __import__('sys').modules"), flush=True)
    await asyncio.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_a_worker_ends_with_the_bot_even_on_kill_9(tmp_path: Path) -> None:
    """A stopped bot leaves no process behind, however it was stopped (systemd's SIGTERM is
    handled by bot.py; a SIGKILL by the workers' parent-death signal); and a worker of a main
    module like bot.py's holds no Discord (spawn would import the main module)."""
    script = tmp_path / "bot_like.py"
    script.write_text(WORKER_SCRIPT)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bot = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert bot.stdout.readline().strip() == "False", "a worker of a main module that imports Discord"
        assert alive(worker)
        bot.kill()
        bot.wait(30)
        deadline = time.monotonic() + 30
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker), "the worker outlived the bot"
    finally:
        bot.kill()


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def slow_square(n: int, pause: float) -> int:
    time.sleep(pause)
    return n * n


def explode(message: str) -> None:
    raise ValueError(message)


async def test_drawings_at_once_each_get_their_own_answer_and_a_drawing_error_is_raised_in_the_bot() -> None:
    """Two workers, sixty drawings sent together, answers of varied speed: each caller gets the
    answer to its own request (a worker answers in order on its socket), and an exception raised
    by a drawing is raised to its caller only."""
    renderer = Workers(2)
    try:
        calls = [renderer(slow_square, n, (n % 3) / 1000) for n in range(60)]
        assert await asyncio.gather(*calls) == [n * n for n in range(60)]
        with pytest.raises(ValueError, match="no such board"):
            await renderer(explode, "no such board")
        assert await renderer(slow_square, 7, 0) == 49
        assert len(set(renderer.pids())) == 2 and os.getpid() not in renderer.pids()
    finally:
        renderer.close()


async def test_a_worker_killed_while_drawing_is_replaced_and_the_drawing_made_again() -> None:
    renderer = Workers(1)
    try:
        (first,) = renderer.pids() or [None]
        assert await renderer(slow_square, 3, 0) == 9
        (first,) = renderer.pids()
        drawing = asyncio.ensure_future(renderer(slow_square, 4, 0.5))
        await asyncio.sleep(0.2)  # sent, and being drawn
        os.kill(first, signal.SIGKILL)
        assert await drawing == 16, "drawn again by a new worker"
        (second,) = renderer.pids()
        assert second != first
        assert await renderer(slow_square, 5, 0) == 25
    finally:
        renderer.close()


async def test_a_closed_renderer_ends_its_workers_and_draws_no_more() -> None:
    renderer = Workers(1)
    assert await renderer(slow_square, 2, 0) == 4
    (worker,) = renderer.pids()
    renderer.close()
    deadline = time.monotonic() + 30
    while alive(worker) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not alive(worker)
    with pytest.raises(RuntimeError, match="closed"):
        await renderer(slow_square, 2, 0)


def test_a_worker_gives_freed_memory_back_at_most_every_few_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    from cogs.table import workers

    trims: list[int] = []
    now = [1000.0]
    monkeypatch.setattr(workers.ctypes, "CDLL", lambda _name: SimpleNamespace(malloc_trim=trims.append))
    monkeypatch.setattr(workers.time, "monotonic", lambda: now[0])
    maybe = workers.heap_trimmer()
    maybe()
    assert trims == [0]  # the first idle moment trims
    now[0] += workers.TRIM_EVERY - 0.01
    maybe()
    assert trims == [0]  # not again so soon: each trim costs about a millisecond
    now[0] += 0.01
    maybe()
    assert trims == [0, 0]


def test_without_malloc_trim_a_worker_trims_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from cogs.table import workers

    monkeypatch.setattr(workers.ctypes, "CDLL", lambda _name: SimpleNamespace())
    workers.heap_trimmer()()  # no error where the C library has no malloc_trim


async def test_the_table_gives_freed_memory_back_when_it_goes_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's own heap too: after the last telling of a burst, not while tellings overlap."""
    import discord

    from cogs.table import workers
    from cogs.table.table import Table
    from db.time_source import SystemClock

    trims: list[int] = []
    monkeypatch.setattr(workers.ctypes, "CDLL", lambda _name: SimpleNamespace(malloc_trim=trims.append))
    table = Table(discord.Client(intents=discord.Intents.none()), lambda: None, SystemClock())  # type: ignore[arg-type, return-value]
    try:
        async with table.teller.busy():
            async with table.teller.busy():
                pass
            assert trims == [], "another telling is still going on"
        assert trims == [0], "the table went quiet"
    finally:
        table.close()
