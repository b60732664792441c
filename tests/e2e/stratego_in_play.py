"""Stratego games in play on real bot processes (tests/e2e/bot_process.py) and the local Discord:
the games stored past their setups, as told, and the bot started on them. The end-to-end test of a
bot killed in a press (tests/e2e/test_killed_in_a_press.py) and the end-to-end benchmark
(bench/e2e.py) both start from here."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from typing import Any

from db.clocks import DEFAULT_PACE, PACES
from db.records import computer_id
from rules.stratego import GAME
from rules.stratego.actions import Move, Ready
from tests.e2e.bot_process import Where, guilds_on_shards, launch, members, open_at
from tests.fakediscord import FakeDiscord

PACE = PACES[DEFAULT_PACE]


@dataclass
class Game:
    thread: Any
    players: tuple[Any, Any]
    state: Any
    rnd: random.Random
    stuck: bool = False

    def next_move(self) -> tuple[int, Move] | None:
        if self.state.phase != "play":
            return None
        seat = GAME.to_act(self.state)[0]
        legal = [m for m in GAME.legal(self.state, seat) if isinstance(m, Move) and not m.attack]
        return (seat, self.rnd.choice(legal)) if legal else None


@dataclass
class AgainstComputer:
    """A game in play of a person (red, seat 0) against a computer (blue)."""

    game_id: int
    thread: Any
    person: Any


async def in_play(
    fake: FakeDiscord,
    where: Where,
    n_games: int,
    shards: int = 1,
    against_computer: list[AgainstComputer] | None = None,
    level: str = "hard",
    env: dict[str, str] | None = None,
) -> tuple[list[asyncio.subprocess.Process], list[Game], list[Any]]:
    """``n_games`` games in play stored in ``where`` and the bot on it: one process, or with
    ``shards`` > 1 one process a shard (``fake`` must have as many), the games spread over a guild
    of each shard in turn. The bot processes, the games and the users. ``against_computer``, when
    given, receives as many more games of one more person each against a computer of ``level``
    (one process only); ``env`` adds to the bot's environment."""
    places: list[tuple[Any, Any]]
    users: list[Any]
    if shards == 1:
        guild, channel, users = members(fake, 2 * min(n_games, 50))
        places = [(guild, channel)]
    else:
        users = [fake.add_user(f"p{i}") for i in range(2 * min(n_games, 50))]
        places = []
        for guild in guilds_on_shards(fake, shards):
            for u in users:
                guild.add_member(u)
            places.append((guild, guild.add_text_channel("games")))
    store = await open_at(where)
    games = []
    for g in range(n_games):
        red, blue = users[(2 * g) % len(users)], users[(2 * g + 1) % len(users)]
        guild, channel = places[g % shards]
        thread = channel.create_thread(f"game {g}", owner=red)
        rec = await store.games.create(
            "stratego",
            [red.id, blue.id],
            {"colours": "seat0_red"},
            g,
            guild_id=guild.id,
            channel_id=channel.id,
            creator_id=red.id,
            thread_id=thread.id,
            pace=PACE,
        )
        v = (await store.games.append(rec.id, rec.version, 0, Ready())).version
        result = await store.games.append(rec.id, v, 1, Ready())
        await store.outbox.told(rec.id, result.version)  # as a bot that told them: no catch-up at start
        games.append(Game(thread, (red, blue), result.state, random.Random(g)))
    if against_computer is not None:
        guild, channel = places[0]
        for g in range(len(against_computer)):
            person = fake.add_user(f"c{g}")
            guild.add_member(person)
            thread = channel.create_thread(f"computer game {g}", owner=person)
            rec = await store.games.create(
                "stratego",
                [person.id, computer_id(level, 1)],
                {"colours": "seat0_red"},
                n_games + g,
                guild_id=guild.id,
                channel_id=channel.id,
                creator_id=person.id,
                thread_id=thread.id,
                pace=PACE,
            )
            v = (await store.games.append(rec.id, rec.version, 0, Ready())).version
            result = await store.games.append(rec.id, v, 1, Ready())
            await store.outbox.told(rec.id, result.version)
            against_computer[g] = AgainstComputer(rec.id, thread, person)
    await store.close()
    bots: list[asyncio.subprocess.Process] = []
    try:
        for shard, (guild, channel) in enumerate(places):
            bots.append(await launch(fake, where, guild, users[0], channel, shard=shard, shards=shards, env=env))
    except BaseException:
        for bot in bots:
            bot.terminate()
            await bot.wait()
        raise
    return bots, games, users
