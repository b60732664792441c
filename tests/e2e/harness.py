"""The real bot against tests/fakediscord: a server, three members, a moderator, and helpers that
act as users and check that every public image is exactly the public view (no secret leaks)."""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot import Deskovka, Settings
from cogs import games
from cogs.table import plan
from rules.stratego import StrategoState
from tests.e2e import count_cog  # noqa: F401  (registers the toy game before any bot starts)
from tests.fakeclock import FakeClock
from tests.fakediscord import FakeDiscord, Guild, Message, TextChannel, Thread, User

PLAYS = re.compile(r"<@(\d+)> plays \*\*Red\*\*, <@(\d+)> plays \*\*Blue\*\*")


@dataclass
class Table:
    fake: FakeDiscord
    guild: Guild
    channel: TextChannel
    alice: User
    bob: User
    carol: User
    mod: User
    db_path: Path
    bot: Deskovka | None = None
    secrets: list[str] = field(default_factory=list)
    """Strings that must never appear in a public message (setup codes, hidden battle results)."""
    checked: set[int] = field(default_factory=set)
    watched: tuple[int, tuple[Any, ...]] | None = None
    """A game and its public places, checked with :meth:`check_public` after every action."""
    _renders: dict[int, tuple[int, Any, set[bytes]]] = field(default_factory=dict)
    extra: list[User] = field(default_factory=list)
    """Members added by :meth:`seated` beyond the first three."""
    global_commands: bool = False
    """Sync commands globally (every server and DMs) instead of to the test server only."""
    clock: FakeClock = field(default_factory=FakeClock)
    """The bot's clock (store and timers): tests move it with :meth:`later`, never sleep."""
    render_processes: int = 0
    """Worker processes drawing the images (0: a thread, as the tests need no process per bot)."""
    computer_pause: float = 0.0
    """Seconds before a computer's decision is told (``COMPUTER_PAUSE``; 0 unless a test checks it)."""

    def untold(self) -> list[tuple[int, int, str]]:
        """Changes committed and not told once the bot stopped (issue 18: every one is told)."""
        if not self.db_path.exists():
            return []
        with closing(sqlite3.connect(self.db_path)) as conn:
            rows = conn.execute("SELECT game_id, version, kind FROM changes ORDER BY game_id, version").fetchall()
        return [tuple(r) for r in rows]

    def settings(self) -> Settings:
        guild = None if self.global_commands else self.guild.id
        return Settings(
            token="fake-token",
            database_path=self.db_path,
            dev_guild_id=guild,
            log_level="INFO",
            render_processes=self.render_processes,
            computer_pause=self.computer_pause,
        )

    async def start(self) -> Deskovka:
        self.bot = Deskovka(self.settings(), extra_cogs=("tests.e2e.count_cog",), clock=self.clock)
        await self.fake.start_bot(self.bot)
        return self.bot

    async def restart(self) -> Deskovka:
        assert self.bot is not None
        await self.fake.stop_bot(self.bot)
        return await self.start()

    async def later(self, *, days: float = 0.0, hours: float = 0.0, seconds: float = 0.0) -> int:
        """Move the bot's clock on and let every timer that fell due fire; returns how many did."""
        assert self.bot is not None
        self.clock.advance(seconds, days=days, hours=hours)
        return await self.bot.dispatcher.settle()

    async def state(self, game_id: int) -> StrategoState:
        assert self.bot is not None
        return (await self.bot.store.games.get(game_id)).load_state()

    async def slash(self, user: User, channel: Any, path: str, /, **options: Any) -> Message:
        i = await self.fake.slash(user, channel, path, **options)
        answer = await i.response()
        await self._check_watched()
        return answer

    async def click(self, user: User, message: Message, label: str) -> Message:
        i = await self.fake.click(user, message, label=label)
        answer = await i.response()
        await self._check_watched()
        return answer

    def watch(self, game: int, *places: Any) -> None:
        self.watched = (game, places)

    async def _check_watched(self) -> None:
        if self.watched is not None:
            await self.check_public(self.watched[0], *self.watched[1])

    async def challenge(
        self, creator: User, opponent: User | None = None, **options: Any
    ) -> tuple[int, Thread, User, User]:
        """Challenge, accept, and return (game id, thread, red user, blue user)."""
        if opponent is not None:
            options["opponent"] = opponent
        before = list(self.channel.threads)
        msg = await self.slash(creator, self.channel, "stratego new", **options)
        assert not msg.ephemeral
        joiner = opponent or self.bob
        await self.click(joiner, msg, "Accept" if opponent else "Join")
        thread = await self.channel.wait_for_thread(lambda th: th not in before)
        start = await thread.wait_for_message(lambda m: "plays **Red**" in m.content)
        m = PLAYS.search(start.content)
        assert m, start.content
        ids = {u.id: u for u in (self.alice, self.bob, self.carol, self.mod)}
        game_id = int(re.search(r"#(\d+)", start.content).group(1))  # type: ignore[union-attr]
        self.watch(game_id, thread, self.channel)
        return game_id, thread, ids[int(m.group(1))], ids[int(m.group(2))]

    def seated(self, n: int) -> list[User]:
        """``n`` members to play: alice, bob, carol, then dan and eve (added to the server)."""
        for name in ("dan", "eve")[: max(0, n - 3)]:
            if not any(u.name == name for u in self.extra):
                self.extra.append(self.fake.add_user(name))
                self.guild.add_member(self.extra[-1])
        return [self.alice, self.bob, self.carol, *self.extra][:n]

    async def lobby_game(self, kind: str, players: list[User], **options: Any) -> tuple[int, Thread, Message]:
        """``/{kind} new`` by the first player, the others join, the creator starts: the game's id,
        its thread and its first post (the game is watched for public images from then on)."""
        before = list(self.channel.threads)
        lobby = await self.slash(players[0], self.channel, f"{kind} new", **options)
        for user in players[1:]:
            await self.click(user, lobby, "Join")
        await self.click(players[0], lobby, "Start")
        thread = await self.channel.wait_for_thread(lambda th: th not in before)
        title = games.ui(kind).title("en")
        post = await thread.wait_for_message(lambda m: f"**{title} #" in m.content)
        game = int(re.search(rf"{title} #(\d+)", post.content).group(1))  # type: ignore[union-attr]
        self.watch(game, thread, self.channel)
        return game, thread, post

    async def pick_by_words(
        self, user: User, channel: Any, command: str, option: str, rnd: Any, others: dict[str, Any] | None = None
    ) -> str | None:
        """Fill ``option`` of ``command`` only from its autocomplete, a random choice at a time; a
        choice ending in "…" is a next word (cogs/table/completion.py), so go on from it. The whole
        value, or ``None`` when nothing is offered."""
        value = ""
        for _ in range(12):
            typed = {option: value}
            choices = await self.fake.autocomplete(user, channel, command, others or {}, focused=option, **typed)
            if not choices:
                return None
            pick = rnd.choice(choices)
            if not pick.name.endswith("…"):
                return pick.value
            value = pick.value + " "
        raise AssertionError(f"/{command} {option}: no whole value after 12 words")

    async def views_while_told(
        self, user: User, channel: Any, path: str, engine: Any, /, **options: Any
    ) -> tuple[Message, list[tuple[int, int | None]]]:
        """``/path`` typed and its change told (the bot quiet again): the answer, and the (state,
        seat) of every view ``engine`` computed meanwhile on the bot's thread (a drawing's thread is
        its own process in the bot; the harness's own checks are not run)."""
        assert self.bot is not None
        game, views = type(engine), []
        view = game.view

        def counted(engine: Any, state: Any, seat: int | None) -> Any:
            if threading.current_thread() is threading.main_thread():
                views.append((id(state), seat))
            return view(engine, state, seat)

        game.view = counted
        try:
            answer = await (await self.fake.slash(user, channel, path, **options)).response()
            await self.bot.table.teller.quiet()
        finally:
            game.view = view
        return answer, views

    async def typed_decisions(
        self, game: int, users: dict[int, User], rnd: Any, limit: int
    ) -> AsyncIterator[tuple[User, str]]:
        """The game's decisions to its end (at most ``limit``): the user to act and a random legal
        decision in notation (never resign), to be typed by the caller."""
        assert self.bot is not None
        for _ in range(limit):
            rec = await self.bot.store.games.get(game)
            if rec.status != "active":
                return
            state = rec.load_state()
            engine = games.ui(rec.kind).engine
            seat = engine.to_act(state)[0]
            legal = [a.notation() for a in engine.legal(state, seat) if a.notation() != "resign"]
            yield users[rec.players[seat]], rnd.choice(legal)

    async def public_images(self, game_id: int) -> set[bytes]:
        """The public images of every state the game has been in: replayed from its seed and log,
        each drawn by its UI from ``view(state, None)`` — whatever a public message shows must be
        one of them (so a public image shows nothing a public view does not)."""
        assert self.bot is not None
        rec = await self.bot.store.games.get(game_id)
        log = await self.bot.store.games.actions(game_id)
        face = games.ui(rec.kind)
        engine = face.engine
        names, locale = await self.bot.table.transport.names.names(rec), plan.game_locale(rec)
        cached = self._renders.get(game_id)
        if cached is None:
            state = engine.new(len(rec.players), rec.options, rec.seed)
            cached = (0, state, {f.data for f in face.public_files(rec, state, names, locale)})
        done, state, images = cached
        for n, entry in enumerate(log[done:], done):
            if entry.takeback is not None:  # issue 20 §3: the game as it was before the undone action
                state = engine.new(len(rec.players), rec.options, rec.seed)
                kept: list[Any] = []
                for a in log[: n + 1]:
                    kept.pop() if a.takeback is not None else kept.append(a)
                for a in kept:
                    engine.apply(state, a.seat, engine.parse_action(a.notation, state))
            else:
                engine.apply(state, entry.seat, engine.parse_action(entry.notation, state))
            images |= {f.data for f in face.public_files(rec, state, names, locale)}
        self._renders[game_id] = (len(log), state, images)
        return images

    async def check_public(self, game_id: int, *places: Any) -> None:
        """Every public image so far is the public view of a state the game was in; no public
        text holds a secret. Call after each action."""
        expected = await self.public_images(game_id)
        for place in places:
            for msg in place.messages:
                for s in self.secrets:
                    assert s not in msg.text, f"secret {s!r} in public message {msg.text!r}"
                if msg.id in self.checked:
                    continue
                self.checked.add(msg.id)
                for att in msg.attachments:
                    if att.filename.endswith(".png"):
                        assert att.data in expected, f"public image {att.filename} is not a public view"


@asynccontextmanager
async def table(
    tmp_path: Path, *, global_commands: bool = False, render_processes: int = 0, computer_pause: float = 0.0
) -> AsyncIterator[Table]:
    async with FakeDiscord(quick_retries=True) as fake:
        guild = fake.add_guild("Board games")
        channel = guild.add_text_channel("games")
        alice, bob, carol, mod = (fake.add_user(n) for n in ("alice", "bob", "carol", "mod"))
        for u in (alice, bob, carol):
            guild.add_member(u)
        guild.add_member(mod, permissions=discord.Permissions(manage_guild=True))
        t = Table(
            fake,
            guild,
            channel,
            alice,
            bob,
            carol,
            mod,
            tmp_path / "deskovka.db",
            global_commands=global_commands,
            render_processes=render_processes,
            computer_pause=computer_pause,
        )
        await t.start()
        try:
            yield t
        finally:
            if t.bot is not None and not t.bot.is_closed():
                await fake.stop_bot(t.bot)
        untold = t.untold()
        assert not untold, f"committed changes never told (game, version, kind): {untold}"
