"""Where the images are drawn: in worker processes (the default) or in one thread of the bot.

Drawing is most of a decision's CPU (docs/PERFORMANCE.md). In a thread it shares the bot's GIL
with the event loop, so one process tops out near one core however many cores the machine has;
in a worker process it runs beside the event loop on another core. A worker gets the UI's method
and its arguments (the game's record and state: plain dataclasses, pickled between two processes
of the same code and never stored — what is stored stays JSON, DESIGN §8) and sends back the
files' bytes.

Workers are spawned (a clean interpreter, not a fork of the running bot with its threads and
sockets) as the bot's own children, and end with it however it ends — a kill -9 included (Linux's
parent-death signal): a stopped bot leaves no process behind. A worker imports the games' UI
modules (they import no Discord: it holds the renderers, engines and words) and fills the
renderers' caches as it draws. A worker that dies is replaced and the drawing tried once more.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import importlib
import logging
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


PR_SET_PDEATHSIG = 1
"""Linux prctl(2): the signal a process gets when its parent ends."""


def end_with_parent(parent: int) -> None:
    """Ask Linux to kill this process when its parent ends (elsewhere: nothing to do); a parent
    already gone by now ends it at once."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(0)


def load_worker(parent: int, modules: Sequence[str]) -> None:
    """A new worker process: ends with the bot, imports the games' UI modules. The renderers'
    caches fill as they draw, as in the bot's own process (warming every game's up front costs
    ~36 MB)."""
    end_with_parent(parent)
    for name in modules:
        importlib.import_module(name)


@contextlib.contextmanager
def main_module_hidden() -> Iterator[None]:
    """Spawn workers without the bot's main module: ``spawn`` imports the parent's ``__main__``
    (``bot.py``, and with it discord.py, ~30 MB a worker) unless it has neither spec nor file. A
    worker needs only the UI modules it is given, so they are hidden while a worker is started
    (workers start here and in :meth:`Renderer.start`, nowhere else: a pool of ``processes``
    workers spawns no more once it has them)."""
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    spec, file = main.__dict__.get("__spec__"), main.__dict__.pop("__file__", None)
    main.__spec__ = None
    try:
        yield
    finally:
        main.__spec__ = spec
        if file is not None:
            main.__file__ = file


class Renderer:
    """Runs a drawing function away from the event loop: ``await renderer(fn, *args)``.

    ``processes``: how many worker processes (``RENDER_PROCESSES``); 0 draws in one thread of
    this process (the tests' default: no process to start per bot). ``modules``: what a worker
    imports before its first drawing (the games' UI modules)."""

    def __init__(self, processes: int = 0, modules: Sequence[str] = ()) -> None:
        if processes < 0:
            raise ValueError("processes must be 0 (a thread) or more")
        self.processes = processes
        self.modules = tuple(modules)
        self._pool = self._new_pool()
        self._started = False

    def _new_pool(self) -> Executor:
        if not self.processes:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="deskovka-render")
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=self.processes,
            mp_context=context,
            initializer=load_worker,
            initargs=(os.getpid(), self.modules),
        )

    def start(self) -> None:
        """Start the workers now (their imports) instead of at the first image."""
        if self.processes:
            with main_module_hidden():
                for _ in range(self.processes):
                    self._pool.submit(int)
        self._started = True

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        if not self._started:
            self.start()
        loop = asyncio.get_running_loop()
        call = functools.partial(fn, *args)
        pool = self._pool
        try:
            return await loop.run_in_executor(pool, call)
        except BrokenProcessPool:
            if self._pool is pool:  # the first caller to see it replaces it
                log.warning("a render worker died; starting a new one and drawing again")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()
                self.start()
            return await loop.run_in_executor(self._pool, call)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
