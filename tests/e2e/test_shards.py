"""A bot split over processes by shard (issue 21 §2, §3): the slash commands are synced once, by
the process running shard 0, and the synced tree's digest is kept per application, so two bots on
one database never take each other's digest for their own."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from bot import Deskovka, Settings
from tests.fakeclock import FakeClock
from tests.fakediscord import FakeDiscord


def settings(db: Path, guild: int | None, *, count: int | None = None, ids: tuple[int, ...] | None = None) -> Settings:
    return Settings("fake-token", db, guild, "INFO", render_processes=0, shard_count=count, shard_ids=ids)


def digests(db: Path) -> dict[str, str]:
    with closing(sqlite3.connect(db)) as conn:
        return dict(conn.execute("SELECT key, value FROM meta WHERE key LIKE 'commands:%'").fetchall())


async def test_only_the_process_running_shard_0_syncs_the_commands(tmp_path: Path) -> None:
    db = tmp_path / "deskovka.db"
    async with FakeDiscord(shard_count=2) as fake:
        guild = fake.add_guild("Board games")
        second = Deskovka(settings(db, guild.id, count=2, ids=(1,)), clock=FakeClock())
        await fake.start_bot(second)
        assert fake.commands.syncs == 0 and digests(db) == {}, "shard 1's process leaves the commands alone"
        first = Deskovka(settings(db, guild.id, count=2, ids=(0,)), clock=FakeClock())
        await fake.start_bot(first)
        assert fake.commands.syncs == 1 and "game list" in fake.command_paths(guild)
        await fake.stop_bot(first)
        await fake.stop_bot(second)
        fake.assert_clean()


async def test_two_bots_on_one_database_keep_their_own_command_digest(tmp_path: Path) -> None:
    """Bot A syncs and keeps its digest; bot B (another application) on the same database finds no
    digest of its own and syncs its commands too (with one key for both it would take A's for its
    own and never sync); A's digest stays, so A's restart would sync nothing."""
    db = tmp_path / "deskovka.db"
    async with FakeDiscord() as a:
        await a.start_bot(Deskovka(settings(db, None), clock=FakeClock()))
        assert a.commands.syncs == 1
        app_a = a.application_id
    first = digests(db)
    assert list(first) == [f"commands:{app_a}:global"]
    async with FakeDiscord() as b:
        assert b.application_id != app_a
        await b.start_bot(Deskovka(settings(db, None), clock=FakeClock()))
        assert b.commands.syncs == 1 and "game list" in b.command_paths(), "B syncs its own commands"
        app_b = b.application_id
    assert digests(db) == {**first, f"commands:{app_b}:global": first[f"commands:{app_a}:global"]}
