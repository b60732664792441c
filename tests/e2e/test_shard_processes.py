"""One bot split over two processes (issue 21 §3): SHARD_COUNT=2, one process running shard 0 and
one shard 1, real subprocesses (tests/e2e/bot_process.py) on one database and the local Discord.

A Count game in a guild of each shard proceeds by presses; a reminder falls due in each guild and
is sent once, by the process of that guild's shard. Then shard 1's process is killed (SIGKILL)
right after a press it acknowledged: time moves on, shard 0's process fires its own guild's
reminder and leaves the other's alone; shard 1's process is started again, tells what it had not
told, fires its guild's reminder, and answers the next press. Every committed move is in its
thread once, every reminder and turn DM is sent once, nothing is left untold or unfired.

Subprocess bots cannot take the tests' FakeClock: their clock is real time plus an offset the
test moves (``BENCH_CLOCK``, read only by tests/e2e/bot_process.py; SIGUSR1 makes them read it again).

It runs on both backends: an SQLite file and a PostgreSQL database (``postgres_dsn``: skipped,
saying why, when no server can be started). Both processes start at once on a new database: on the
SQLite file both apply the migrations (each file once, tests/db/test_db_two_processes.py); the
PostgreSQL one comes migrated (tests/postgres.py's template). Both run the start-up sweeps.
"""

from __future__ import annotations

import asyncio
import re
import signal
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cogs.games import ENGINES
from db.base import Store
from db.clocks import DAY
from db.records import Shards
from db.store import GameStore
from tests.e2e import count_cog  # noqa: F401  (registers the toy game in this process's ENGINES)
from tests.e2e.bot_process import MovedClock, answering, guilds_on_shards, move_clock, spawn
from tests.e2e.test_clocks import REMINDER
from tests.fakediscord import FakeDiscord, Guild, Message, TextChannel, Thread, User

BACKENDS = ["sqlite", "postgresql"]
COUNT = 2
TIMEOUT = 60.0
"""Generous: a process starting on a busy machine imports the whole bot before it connects."""


async def open_store(db: str) -> Store:
    """The test's own look at the shared database (what the processes committed): ``db`` is the
    SQLite file or the PostgreSQL URL the processes were given."""
    return await (GameStore.open_postgres(db, ENGINES) if "://" in db else GameStore.open(Path(db), ENGINES))


@dataclass
class Side:
    """One shard: its guild, its channel and two players, its bot process, its Count game."""

    shard: int
    guild: Guild
    channel: TextChannel
    players: tuple[User, User]
    process: asyncio.subprocess.Process | None = None
    game: int = 0
    thread: Thread | None = None
    mover: User | None = None
    """Whose turn it is."""
    moves: list[int] = field(default_factory=list)
    """The totals after each move made, in order."""

    @property
    def to_move(self) -> User:
        assert self.mover is not None, "no game yet"
        return self.mover

    @property
    def pid(self) -> int:
        assert self.process is not None, "not started"
        return self.process.pid


def number(pattern: str, text: str) -> int:
    """The number ``pattern``'s group matches in ``text``."""
    found = re.search(pattern, text)
    assert found is not None, f"{pattern!r} not in {text!r}"
    return int(found.group(1))


async def start(fake: FakeDiscord, side: Side, db: str, clock: Path) -> None:
    """The process of ``side``'s shard, once its new gateway session is up and it answers."""
    old = fake.gateway.active.get(side.shard)
    env = {
        "SHARD_COUNT": str(COUNT),
        "SHARD_IDS": str(side.shard),
        "BENCH_COGS": "tests.e2e.count_cog",
        "BENCH_CLOCK": str(clock),
        "RENDER_PROCESSES": "0",
    }
    side.process = await spawn(fake, db, None, env)
    await answering(fake, side.players[0], side.channel, shard=side.shard, before=old, timeout=TIMEOUT)


async def new_game(fake: FakeDiscord, side: Side) -> None:
    creator, opponent = side.players
    made = await fake.slash(creator, side.channel, "count new", player2=opponent, pace="3d", target=50)
    lobby = await made.response()
    await (await fake.click(opponent, lobby, label="Accept")).response()
    side.thread = await side.channel.wait_for_thread()
    post = await side.thread.wait_for_message(lambda m: "**Count #" in m.content)
    side.game = number(r"Count #(\d+)", post.content)
    prompt = await side.thread.wait_for_message(lambda m: ", add 1 to" in m.content and bool(m.buttons))
    first = number(r"<@(\d+)>, add 1 to", prompt.content)
    side.mover = creator if creator.id == first else opponent


def other(side: Side) -> User:
    return side.players[1] if side.mover is side.players[0] else side.players[0]


def adds(thread: Thread) -> list[Message]:
    return [m for m in thread.messages if re.search(r"adds \d: total \d+", m.content)]


async def press(fake: FakeDiscord, side: Side, amount: int, *, answered: bool = True) -> None:
    """The player to move presses ``+amount`` on the newest post with buttons; with ``answered``
    waits for the answer and the post telling the move, else only for the acknowledgement."""
    assert side.thread is not None
    shown = [m for m in side.thread.messages if m.buttons]
    total = (side.moves or [0])[-1] + amount
    click = await fake.click(side.to_move, shown[-1], label=f"+{amount}")
    side.moves.append(total)
    side.mover = other(side)
    if not answered:
        await click.acknowledged(timeout=TIMEOUT)
        return
    await click.response(timeout=TIMEOUT)
    await told(side, total)


async def told(side: Side, total: int) -> None:
    assert side.thread is not None
    await side.thread.wait_for_message(lambda m: f"total {total}." in m.content and bool(m.buttons), timeout=TIMEOUT)


def reminders(fake: FakeDiscord, user: User) -> list[Message]:
    return [m for m in fake.dms(user) if REMINDER in m.content]


def turn_dms(fake: FakeDiscord, side: Side, user: User) -> list[Message]:
    return [m for m in fake.dms(user) if f"Count #{side.game}** — your turn" in m.content]


async def reminded(fake: FakeDiscord, user: User) -> None:
    await fake.wait_for(lambda: reminders(fake, user), f"a reminder DM to {user.name}", timeout=TIMEOUT)


async def stop(side: Side) -> None:
    if side.process is not None and side.process.returncode is None:
        side.process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(side.process.wait(), TIMEOUT)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_two_shard_processes_share_the_games_and_a_killed_one_loses_nothing(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    db = str(request.getfixturevalue("postgres_dsn")) if backend == "postgresql" else str(tmp_path / "deskovka.db")
    clock = tmp_path / "clock"
    clock.write_text("0")
    async with FakeDiscord(shard_count=COUNT, timeout=TIMEOUT) as fake:
        sides = []
        for shard, guild in enumerate(guilds_on_shards(fake, COUNT)):
            players = (fake.add_user(f"a{shard}"), fake.add_user(f"b{shard}"))
            for p in players:
                guild.add_member(p)
            sides.append(Side(shard, guild, guild.add_text_channel("games"), players))
        zero, one = sides
        try:
            await asyncio.gather(*(start(fake, s, db, clock) for s in sides))  # at once, on a new file
            for side in sides:
                await new_game(fake, side)
                await press(fake, side, 1)  # the first player moves; the other waits from now

            move_clock(clock, 2 * DAY, [s.pid for s in sides])  # past half time
            for side in sides:
                await reminded(fake, side.to_move)
            await press(fake, one, 2, answered=False)
            killed = one.process
            assert killed is not None
            killed.kill()  # right after its press was acknowledged (the move is committed)
            await killed.wait()
            await press(fake, zero, 2)  # after shard 1's: its player's timers fall due later

            move_clock(clock, 3.6 * DAY, [zero.pid])
            # Shard 0's process fires its own guild's reminder; had it taken shard 1's, due first
            # (timers fire earliest first, one at a time), that one would have gone out before.
            await reminded(fake, zero.to_move)
            assert reminders(fake, one.to_move) == [], "shard 1's reminder waits for its process"
            store = await open_store(db)
            try:
                waiting = await store.clocks.due_timers(MovedClock(clock)(), 100, Shards(COUNT, (1,)))
                assert {t.game_id for t in waiting} == {one.game}, "nobody took shard 1's due timer"
            finally:
                await store.close()

            await start(fake, one, db, clock)  # back: it catches up and fires what is due
            await told(one, one.moves[-1])
            await reminded(fake, one.to_move)
            for side in sides:
                await press(fake, side, 1)  # both answer the next press
            await asyncio.gather(*(stop(s) for s in sides))
        finally:
            for side in sides:
                if side.process is not None and side.process.returncode is None:
                    side.process.kill()
                    await side.process.wait()

        for side in sides:
            assert side.thread is not None
            totals = [number(r"total (\d+)", m.content) for m in adds(side.thread)]
            assert totals == side.moves, f"shard {side.shard}: each committed move told once, in order"
            first, second = side.players
            assert [len(reminders(fake, first)), len(reminders(fake, second))] == [1, 1], "each reminder once"
            turns = sorted(len(turn_dms(fake, side, u)) for u in side.players)
            assert turns == [1, 2], "each turn DM once (three moves: two to the second player, one to the first)"
        fake.assert_clean()

    store = await open_store(db)
    try:
        assert await store.outbox.pending(None, 100) == [], "nothing committed is left untold"
        assert await store.clocks.due_timers(MovedClock(clock)(), 100) == [], "no due timer left unfired"
    finally:
        await store.close()
