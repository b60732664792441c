"""Functions run away from the event loop: in worker processes (the default) or in one thread of
the bot (:class:`Workers`). The images are drawn so (``cogs/table/rendering.py``), and the
computers think so, in workers of their own (``cogs/table/thinking.py``).

Drawing is most of a decision's CPU (docs/PERFORMANCE.md). In a thread it shares the bot's GIL
with the event loop, so one process tops out near one core however many cores the machine has;
in a worker process it runs beside the event loop on another core. A worker gets a function and
its arguments (e.g. the game's record and state: plain dataclasses, pickled between two processes
of the same code and never stored — what is stored stays JSON, DESIGN §8) and sends back its
result.

Each worker has a socket of its own to the bot, read and written by the event loop itself: a
request is one write there and one read back, with no thread between. (``ProcessPoolExecutor``
did the same through two threads of its own, a feeder and a manager, which woke for every
drawing and took the GIL from the event loop: about a fifth of the bot's Python time besides the
event loop's, docs/PERFORMANCE.md.) A worker runs its requests in order and answers in order.

Workers are spawned (a clean interpreter, not a fork of the running bot with its threads and
sockets) as the bot's own children, and end with it however it ends — a kill -9 included (Linux's
parent-death signal): a stopped bot leaves no process behind. A worker imports the modules it is
given (the games' UI modules: they import no Discord) and fills their caches as it works. A worker
that dies is replaced and the request tried once more.
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
import pickle
import signal
import socket
import struct
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    pass

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


TRIM_EVERY = 2.0
"""Seconds between two :func:`heap_trimmer` calls at most (each takes about a millisecond)."""


def heap_trimmer() -> Callable[[], None]:
    """What gives the C heap's free memory back to the system, when a render worker waits for
    work or the bot's table goes quiet: a drawing frees megabytes of image buffers that glibc
    otherwise keeps (about 10 MB of a Stroganov worker's 57, docs/PERFORMANCE.md), a burst of
    tellings a few MB of the bot's. At most once per ``TRIM_EVERY`` seconds; nothing where the C
    library has no ``malloc_trim``."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):
        return lambda: None
    last = 0.0

    def maybe() -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= TRIM_EVERY:
            last = now
            trim(0)

    return maybe


def load_worker(parent: int, modules: Sequence[str], niceness: int = 0) -> None:
    """A new worker process: ends with the bot, gives way to the bot's other work by ``niceness``
    (the computers' thinking: people's decisions first, issue 46 §3), imports the modules it is
    given. The renderers' caches fill as they draw, as in the bot's own process (warming every
    game's up front costs ~36 MB)."""
    end_with_parent(parent)
    if niceness:
        os.nice(niceness)
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


def serve(sock: socket.socket, parent: int, modules: Sequence[str], niceness: int = 0) -> None:
    """A worker process's life: :func:`load_worker`, then run each request read from ``sock``
    (a pickled function and its arguments) and send back its result, or the exception it raised,
    until the bot closes its end. Messages are framed as :class:`multiprocessing.connection.Connection`
    frames them (:func:`frame`)."""
    load_worker(parent, modules, niceness)
    conn = Connection(sock.detach())
    trim = heap_trimmer()
    while True:
        try:
            request = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            fn, args = pickle.loads(request)
            answer: tuple[bool, Any] = (True, fn(*args))
        except Exception as exc:  # the request's error, raised again in the bot
            answer = (False, exc)
        try:
            data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            data = pickle.dumps((False, RuntimeError(f"a worker's result could not be sent: {exc!r}")))
        try:
            conn.send_bytes(data)
        except OSError:
            return
        del request, answer, data
        if not conn.poll(0):  # no request waits: a good moment to give memory back
            trim()


def frame(data: bytes) -> bytes:
    """``data`` with :class:`multiprocessing.connection.Connection`'s header: its length in 4
    bytes, or -1 and the length in 8 bytes from 2 GiB on."""
    if len(data) > 0x7FFFFFFF:
        return struct.pack("!iQ", -1, len(data)) + data
    return struct.pack("!i", len(data)) + data


class WorkerDied(RuntimeError):
    """A worker process ended before it answered (killed, or out of memory)."""


class Worker:
    """One worker process and the bot's end of its socket: :meth:`run` sends a request and waits
    for its answer; a reader task on the event loop hands the answers out in order."""

    def __init__(self, parent: int, modules: Sequence[str], niceness: int = 0) -> None:
        ours, theirs = socket.socketpair()
        context = multiprocessing.get_context("spawn")
        self.process = context.Process(target=serve, args=(theirs, parent, tuple(modules), niceness), daemon=True)
        with main_module_hidden():
            self.process.start()
        theirs.close()  # the worker holds it now: its end closes when it ends, and we read EOF
        self._sock = ours
        self._opened: asyncio.Task[asyncio.StreamWriter] | None = None
        self._reader: asyncio.Task[None] | None = None
        self._waiting: deque[asyncio.Future[Any]] = deque()
        self.dead = False

    @property
    def pid(self) -> int | None:
        return self.process.pid

    @property
    def load(self) -> int:
        """Requests sent and not answered yet."""
        return len(self._waiting)

    async def run(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        if self.dead:
            raise WorkerDied(self.pid)
        data = frame(pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL))
        if self._opened is None:  # the socket joins the event loop once, at the first request
            self._opened = asyncio.get_running_loop().create_task(self._open())
        writer = await asyncio.shield(self._opened)
        if self.dead:
            raise WorkerDied(self.pid)
        answer: asyncio.Future[tuple[bool, Any]] = asyncio.get_running_loop().create_future()
        self._waiting.append(answer)  # in the order written: the worker answers in that order
        writer.write(data)
        ok, value = await answer
        if not ok:
            raise value
        result: T = value
        return result

    async def _open(self) -> asyncio.StreamWriter:
        reader, writer = await asyncio.open_unix_connection(sock=self._sock)
        self._reader = asyncio.get_running_loop().create_task(self._read(reader))
        return writer

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                (size,) = struct.unpack("!i", await reader.readexactly(4))
                if size == -1:
                    (size,) = struct.unpack("!Q", await reader.readexactly(8))
                data = await reader.readexactly(size)
                waiting = self._waiting.popleft()
                if waiting.done():  # its caller was cancelled
                    continue
                try:
                    waiting.set_result(pickle.loads(data))
                except Exception as exc:  # e.g. an exception whose class cannot be rebuilt here
                    waiting.set_exception(RuntimeError(f"a worker's answer could not be read: {exc!r}"))
        except (asyncio.IncompleteReadError, ConnectionError, OSError) as exc:
            self._died(exc)
        except asyncio.CancelledError:
            self._died(None)
            raise

    def _died(self, cause: BaseException | None) -> None:
        self.dead = True
        while self._waiting:
            waiting = self._waiting.popleft()
            if not waiting.done():
                error = WorkerDied(self.pid)
                error.__cause__ = cause
                waiting.set_exception(error)

    def close(self) -> None:
        """Close the bot's end: the worker reads EOF and ends; a request still waited for fails."""
        self.dead = True
        if self._reader is not None:
            self._reader.cancel()
        opened = self._opened
        if opened is not None and opened.done() and not opened.cancelled() and opened.exception() is None:
            opened.result().close()
        else:
            self._sock.close()
        if self.process.is_alive():
            self.process.terminate()


class Workers:
    """Runs a function away from the event loop: ``await workers(fn, *args)``.

    ``processes``: how many worker processes (``RENDER_PROCESSES`` for the drawings); 0 runs in
    one thread of this process (the tests' default: no process to start per bot). ``modules``:
    what a worker imports before its first request (the games' UI modules). A request goes to the
    worker with the fewest waiting; a worker that dies is replaced and the request made once more.
    ``name``: what its thread and its log lines call it. ``niceness``: how much its processes give
    way to the bot's others on a busy machine (``os.nice``; 0: none). ``end_abandoned``: a worker
    whose caller stopped waiting (cancelled, e.g. a time limit) is ended and replaced at once — it
    would otherwise go on with work nobody waits for, and every request queued behind it would
    wait too (the computers' thinking: a decision past its time limit is not worth finishing)."""

    def __init__(
        self,
        processes: int = 0,
        modules: Sequence[str] = (),
        name: str = "render",
        niceness: int = 0,
        end_abandoned: bool = False,
    ) -> None:
        if processes < 0:
            raise ValueError("processes must be 0 (a thread) or more")
        self.processes = processes
        self.modules = tuple(modules)
        self.name = name
        self.niceness = niceness
        self.end_abandoned = end_abandoned
        self._thread = None if processes else ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"deskovka-{name}")
        self._workers: list[Worker] = []
        self._closed = False

    def start(self) -> None:
        """Start the workers now (their imports) instead of at the first image."""
        if self._closed:
            raise RuntimeError(f"the {self.name} workers are closed")
        while len(self._workers) < self.processes:
            self._workers.append(Worker(os.getpid(), self.modules, self.niceness))

    def pids(self) -> list[int]:
        """The worker processes' ids (none when working in a thread)."""
        return [w.pid for w in self._workers if w.pid is not None]

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        if self._thread is not None:
            return await asyncio.get_running_loop().run_in_executor(self._thread, functools.partial(fn, *args))
        self.start()
        worker = min(self._workers, key=lambda w: w.load)
        try:
            return await worker.run(fn, args)
        except WorkerDied:
            return await self._replace(worker).run(fn, args)
        except asyncio.CancelledError:
            if self.end_abandoned and not self._closed and worker in self._workers:
                log.warning("a %s worker's request was given up; ending it and starting a new one", self.name)
                self._swap(worker)  # the requests queued behind it are asked again of the new one
            raise

    def _replace(self, worker: Worker) -> Worker:
        """A live worker in ``worker``'s place (the first caller to see it dead starts it)."""
        if worker in self._workers:
            log.warning("a %s worker died; starting a new one and asking again", self.name)
            self._swap(worker)
        self.start()
        return min(self._workers, key=lambda w: w.load)

    def _swap(self, worker: Worker) -> None:
        """End ``worker`` and put a new one in its place."""
        if worker in self._workers:
            self._workers[self._workers.index(worker)] = Worker(os.getpid(), self.modules, self.niceness)
            worker.close()

    def close(self) -> None:
        self._closed = True
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
        for worker in self._workers:
            worker.close()
        self._workers = []
