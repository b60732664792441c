"""Leagues with real bot processes (issue 47 §3): two shard processes (tests/e2e/bot_process.py) on one
PostgreSQL store and the local Discord, a Stratego league (Barrage, four players) in a guild of each
shard, made by ``/league new``, **Join** and ``/league start``. Shard 0's process dies by SIGKILL
halfway through opening its league's first round: right after the first of the round's two games
is made (``BENCH_DIE_AFTER_LEAGUE_GAMES``), nothing of it told.

- Shard 1's process runs on the whole time. Its clock is moved past its own round's deadline: its
  league poll wakes and its organizer is told — and in that same look (rounds left opening come
  before rounds past their deadline) it left the other shard's half-opened round alone, although
  that round's hold had lapsed by its clock.
- Shard 0's process is started again at once. It tells the game the dead one made (the catch-up)
  and, while the dead process's hold on the opening lasts (it cannot know the holder died), leaves
  the round as it is: the mark of its start-up look having passed the round is the deadline post
  of an older league of its guild, a day older by that process's clock, which the same look tells
  after it. Once its clock passes the hold's end, its poll wakes by itself and finishes the round:
  the second game, then the pairings.

Every table has exactly one game (the store's games of each guild are its leagues'), each game's
start post is in its thread once, each player has one DM for the round, the pairings are posted
once, and the other shard's league is as its own process left it. Then one game is played to its
end by ``/game resign`` and ``/league pairings`` shows its result.

Only PostgreSQL, the store several processes share in production (the SQLite file takes the same
statements; tests/e2e/test_shard_processes.py runs processes on both). Subprocess bots cannot take
the tests' FakeClock: their clocks are real time plus an offset the test moves (``BENCH_CLOCK``).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import discord

from cogs import games
from cogs.games import ENGINES
from cogs.texts import t as words
from db.clocks import DAY
from db.league_records import ROUND_LEASE, League
from db.store import GameStore
from tests.e2e.bot_process import MovedClock, answering, clock_seen, guilds_on_shards, move_clock, spawn
from tests.fakediscord import FakeDiscord, Guild, Interaction, Message, TextChannel, User

COUNT = 2
TIMEOUT = 60.0
"""Generous: a process starting on a busy machine imports the whole bot before it connects."""
OLDER = "Older league"
"""A league of guild A a day older than League A (by A's clocks): its deadline post marks a look."""
CLAIMED = DAY - 200
"""A's clock when League A's round is claimed: the older league's deadline 200 s ahead."""


@dataclass
class Side:
    """One shard: its guild and league channel, the organizer and four players, its process and clock."""

    shard: int
    guild: Guild
    channel: TextChannel
    organizer: User
    players: list[User]
    clock: Path
    name: str
    process: asyncio.subprocess.Process | None = None
    games: list[int] = field(default_factory=list)

    @property
    def pid(self) -> int:
        assert self.process is not None, "not started"
        return self.process.pid

    def posts(self, text: str) -> list[Message]:
        return posts(self.channel, text)

    def round_dms(self, fake: FakeDiscord, user: User) -> list[Message]:
        return [m for m in fake.dms(user) if f"📋 **{self.name}**, round 1:" in m.content]

    def pairings(self) -> list[Message]:
        return self.posts(f"📋 **{self.name}** — round 1 of 3 has begun")

    def seen(self, fake: FakeDiscord) -> list[str]:
        """Everything its league channel, its threads and its members' DMs show."""
        shown = [m.content for m in self.channel.messages]
        shown += [m.content for th in self.guild.threads.values() for m in th.messages]
        shown += [m.content for u in (self.organizer, *self.players) for m in fake.dms(u)]
        return shown


async def start(fake: FakeDiscord, side: Side, db: str, **env: str) -> None:
    """The process of ``side``'s shard, once its new gateway session is up and it answers."""
    old = fake.gateway.active.get(side.shard)
    settings = {
        "SHARD_COUNT": str(COUNT),
        "SHARD_IDS": str(side.shard),
        "BENCH_CLOCK": str(side.clock),
        "RENDER_PROCESSES": "0",
        "THINK_PROCESSES": "0",
        **env,
    }
    side.process = await spawn(fake, db, None, settings)
    await answering(fake, side.players[0], side.channel, shard=side.shard, before=old, timeout=TIMEOUT)


async def sign_up(fake: FakeDiscord, side: Side, name: str, players: list[User], channel: TextChannel) -> Interaction:
    """League ``name`` made in ``channel`` by the organizer's ``/league new`` and joined by each of
    ``players``' **Join**; its ``/league start`` sent (its answer is the caller's to wait for, or not)."""
    options = {"name": name, "game": "stratego", "options": "army=barrage", "pace": "none", "round_days": 1}
    post = await (await fake.slash(side.organizer, channel, "league new", **options)).response(timeout=TIMEOUT)
    assert post.buttons and post.buttons[0].label == "Join", post.content
    for user in players:
        await (await fake.click(user, post, label="Join")).response(timeout=TIMEOUT)
    return await fake.slash(side.organizer, channel, "league start")


async def started(fake: FakeDiscord, side: Side, name: str, players: list[User], channel: TextChannel) -> None:
    """League ``name`` signed up in ``channel`` and started, its first round told."""
    answer = await (await sign_up(fake, side, name, players, channel)).response(timeout=TIMEOUT)
    assert "has started" in answer.content, answer.content
    await until(lambda: posts(channel, f"📋 **{name}** — round 1 of"), f"{name}'s round 1", fake)


def posts(channel: TextChannel, text: str) -> list[Message]:
    return [m for m in channel.messages if text in m.content]


async def until(check: Callable[[], object], what: str, fake: FakeDiscord) -> None:
    await fake.wait_for(lambda: bool(check()) or None, what, timeout=TIMEOUT)


async def store_until(store: GameStore, check: Callable[[GameStore], Awaitable[bool]], what: str) -> None:
    """Until ``check`` is true of what the processes committed (the test's own look at the store)."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while not await check(store):
        assert asyncio.get_running_loop().time() < deadline, f"never: {what}"
        await asyncio.sleep(0.05)


async def league_named(store: GameStore, side: Side, name: str) -> League:
    (found,) = [x for x in await store.leagues.find(side.guild.id) if x.name == name]
    return found


async def game_ids(store: GameStore, league_id: int) -> list[int | None]:
    return [tb.game_id for tb in await store.leagues.tables(league_id, 1) if not tb.bye]


async def told(store: GameStore, game_id: int) -> bool:
    rec = await store.games.get(game_id)
    return rec.announced == rec.version


async def result_of(store: GameStore, league_id: int) -> bool:
    return any(tb.result is not None for tb in await store.leagues.tables(league_id, 1))


async def test_a_round_opened_by_a_process_killed_halfway_is_finished_once_by_its_shards_next_process(
    tmp_path: Path, postgres_dsn: str
) -> None:
    db = postgres_dsn
    async with FakeDiscord(shard_count=COUNT, timeout=TIMEOUT) as fake:
        sides = []
        for shard, guild in enumerate(guilds_on_shards(fake, COUNT)):
            letter = "ab"[shard]
            organizer = fake.add_user(f"org{letter}")
            guild.add_member(organizer, permissions=discord.Permissions(manage_guild=True))
            players = [fake.add_user(f"{letter}{n}") for n in range(1, 5)]
            for p in players:
                guild.add_member(p)
            clock = tmp_path / f"clock{shard}"
            clock.write_text("0")
            name = f"League {letter.upper()}"
            sides.append(Side(shard, guild, guild.add_text_channel("leagues"), organizer, players, clock, name))
        a, b = sides
        store = await GameStore.open_postgres(db, ENGINES)
        try:
            # A's process dies after its second league game: the older league's one, then the
            # first of League A's round.
            await asyncio.gather(start(fake, a, db, BENCH_DIE_AFTER_LEAGUE_GAMES="2"), start(fake, b, db))
            await started(fake, b, b.name, b.players, b.channel)
            await until(lambda: all(b.round_dms(fake, u) for u in b.players), "B's DMs", fake)
            league_b = await league_named(store, b, b.name)
            elsewhere = a.guild.add_text_channel("older")  # a league each: the commands find theirs
            await started(fake, a, OLDER, a.players[:3], elsewhere)
            older = await league_named(store, a, OLDER)

            # A day less 200 s later by A's clock (its poll would tell the older league's deadline
            # in 200 s), League A is made and started, and its process dies while it opens round 1.
            move_clock(a.clock, CLAIMED, [a.pid])
            await clock_seen(a.clock, CLAIMED, [a.pid], TIMEOUT)  # before the command that reads it
            dead = a.process
            assert dead is not None
            await sign_up(fake, a, a.name, a.players, a.channel)  # its answer never comes: the process dies
            await asyncio.wait_for(dead.wait(), TIMEOUT)
            assert dead.returncode == -signal.SIGKILL
            league_a = await league_named(store, a, a.name)
            assert league_a.created_at > older.created_at + CLAIMED - 100, "made by the moved clock"
            opening = await store.leagues.get_round(league_a.id, 1)
            assert opening.status == "opening"
            held_until = opening.claimed_at + ROUND_LEASE
            made = await game_ids(store, league_a.id)
            assert len(made) == 2 and made[1] is None, f"one game of two made: {made}"
            first = made[0]
            assert first is not None, f"one game of two made: {made}"
            assert (await store.games.get(first)).announced == 0, "nothing of it told"

            # B's process looks at its shard's leagues once its round's deadline passes (its clock
            # moved; A's hold has long lapsed by that clock): it tells its organizer, and has left
            # A's round alone in the same look.
            move_clock(b.clock, CLAIMED + ROUND_LEASE + 300, [b.pid])
            await until(lambda: b.posts(f"⏰ **{b.name}**: the deadline of round 1"), "B's deadline told", fake)
            assert MovedClock(b.clock)() > held_until + 200, "by B's clock the hold has lapsed"
            assert (await store.leagues.get_round(league_a.id, 1)).status == "opening", "B left A's round alone"
            assert await game_ids(store, league_a.id) == made
            assert not a.pairings() and not any(a.round_dms(fake, u) for u in a.players)
            b_seen = b.seen(fake)

            # A's next process, at once (by its clock the older league's deadline has passed, the
            # dead process's hold not): its start-up tells the dead one's game, then looks at the
            # leagues: League A's round is held, the older league's deadline is told.
            a.clock.write_text(repr(DAY + 10))
            await start(fake, a, db)
            await until(lambda: posts(elsewhere, f"⏰ **{OLDER}**: the deadline"), "the older deadline told", fake)
            assert await told(store, first), "the dead process's game told by the catch-up"
            assert MovedClock(a.clock)() < held_until, "the test's premise: A's next process came within the hold"
            assert (await store.leagues.get_round(league_a.id, 1)).status == "opening", "the hold is kept"
            assert await game_ids(store, league_a.id) == made
            assert not a.pairings()

            move_clock(a.clock, DAY + 10 + ROUND_LEASE, [a.pid])  # the hold lapses: A's poll wakes by itself
            await until(lambda: a.pairings() and all(a.round_dms(fake, u) for u in a.players), "A's round 1", fake)
            a.games = [g or 0 for g in await game_ids(store, league_a.id)]
            assert a.games[0] == first and 0 not in a.games and len(set(a.games)) == 2, a.games
            assert (await store.leagues.get_round(league_a.id, 1)).status == "open"
            b.games = [g or 0 for g in await game_ids(store, league_b.id)]
            for side, leagues in ((a, (older.id, league_a.id)), (b, (league_b.id,))):
                found = sorted(g.id for g in await store.games.find(guild_id=side.guild.id))
                theirs = sorted([g or 0 for x in leagues for g in await game_ids(store, x)])
                assert found == theirs and len(found) == len(set(found)), f"{side.name}: one game per table"
            for game in a.games:
                rec = await store.games.get(game)
                assert rec.thread_id is not None and rec.announced == rec.version
                thread = a.guild.threads[rec.thread_id]
                starts = [m for m in thread.messages if f"**Stratego #{game}** —" in m.content]
                assert len(starts) == 1, (game, [m.content for m in thread.messages])
            assert len(a.pairings()) == 1, [m.content for m in a.pairings()]
            for side in sides:
                for user in side.players:
                    dms = side.round_dms(fake, user)
                    assert len(dms) == 1 and "you play <@" in dms[0].content, (user.name, [m.content for m in dms])
            assert len(posts(elsewhere, "⏰")) == 1 and not a.posts("⏰"), "only the older league's deadline told"
            assert b.seen(fake) == b_seen, "A's process never touched B's league"
            assert not any(b.name in text for text in a.seen(fake)), "nor B's process A's"

            # One of A's games played to its end by its players' commands: the league records it.
            rec = await store.games.get(a.games[1])
            assert rec.thread_id is not None
            thread = a.guild.threads[rec.thread_id]
            loser = next(u for u in a.players if u.id == rec.players[1])
            winner = next(u for u in a.players if u.id == rec.players[0])
            confirm = await (await fake.slash(loser, thread, "game resign")).response(timeout=TIMEOUT)
            label = words("btn.resign_game", "en", game=rec.id, title=games.ui(rec.kind).title("en"))
            await (await fake.click(loser, confirm, label=label)).response(timeout=TIMEOUT)
            await store_until(store, lambda s: result_of(s, league_a.id), "the game's result recorded")
            shown = await (await fake.slash(winner, a.channel, "league pairings")).response(timeout=TIMEOUT)
            assert f"{winner.name} won" in shown.content, shown.content
            assert f"playing, game #{a.games[0]}" in shown.content, shown.content
            assert len(a.pairings()) == 1 and all(len(a.round_dms(fake, u)) == 1 for u in a.players)

            for side in sides:
                assert side.process is not None
                side.process.send_signal(signal.SIGTERM)
            await asyncio.gather(*(asyncio.wait_for(s.process.wait(), TIMEOUT) for s in sides if s.process))
        finally:
            await store.close()
            for side in sides:
                if side.process is not None and side.process.returncode is None:
                    side.process.kill()
                    await side.process.wait()
        fake.assert_clean()
