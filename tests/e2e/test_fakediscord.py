"""End-to-end tests of tests/fakediscord: a small discord.py bot driven through the stand-in."""

from __future__ import annotations

import asyncio
import io
import json
import re
import time
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeDiscordError, Guild, RateLimits, TextChannel, Thread, User

BOARD_PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
SQUARES = [f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 11)]


ACCEPT_TEMPLATE = r"demo:accept:(?P<challenger>\d+):(?P<opponent>\d+)"


class AcceptButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ACCEPT_TEMPLATE):
    """A persistent button: all its state is in the custom_id, so it survives restarts."""

    def __init__(self, challenger: int, opponent: int) -> None:
        self.challenger, self.opponent = challenger, opponent
        super().__init__(
            discord.ui.Button(
                label="Accept", style=discord.ButtonStyle.success, custom_id=f"demo:accept:{challenger}:{opponent}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> AcceptButton:
        return cls(int(match["challenger"]), int(match["opponent"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.opponent:
            await interaction.response.send_message("This challenge is not for you.", ephemeral=True)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        done = discord.ui.View(timeout=None)
        done.add_item(discord.ui.Button(label="Accepted", disabled=True, custom_id="demo:accepted"))
        await interaction.response.edit_message(content=f"{interaction.user.mention} accepted!", view=done)


class RenameModal(discord.ui.Modal, title="Rename the game"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="New name", custom_id="demo:name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Renamed to {self.name.value}")


class Demo(commands.GroupCog, group_name="demo", group_description="Demo game"):
    board = app_commands.Group(name="board", description="The board")

    def __init__(self, bot: DemoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="move", description="Move a piece")
    @app_commands.rename(frm="from")
    async def move(self, interaction: discord.Interaction, frm: str, to: str) -> None:
        await interaction.response.send_message(f"{interaction.user.name} moved {frm} to {to}")

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        start = interaction.namespace["from"]
        legal = [s for s in SQUARES if s[0] == start[0] and s.startswith(current.upper())]
        return [app_commands.Choice(name=f"{start} → {s}", value=s) for s in legal][:25]

    @app_commands.command(name="challenge", description="Challenge someone")
    async def challenge(self, interaction: discord.Interaction, opponent: discord.User) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AcceptButton(interaction.user.id, opponent.id))
        await interaction.response.send_message(f"{interaction.user.mention} challenges {opponent.mention}", view=view)

    @board.command(name="show", description="Show the board")
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("The board:", file=discord.File(io.BytesIO(BOARD_PNG), "board.png"))

    @app_commands.command(name="slow", description="Defers, waits for the test, then edits @original")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await self.bot.gate.wait()
        await interaction.edit_original_response(content="Done thinking.")

    @app_commands.command(name="secret", description="Whisper")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Only you can see this.", ephemeral=True)

    @app_commands.command(name="start", description="Start a game in a thread")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("The game starts.")
        message = await interaction.original_response()
        try:
            thread = await message.create_thread(name="demo game")
        except discord.Forbidden as error:
            assert interaction.channel is not None and isinstance(interaction.channel, discord.TextChannel)
            await interaction.channel.send(f"No thread ({error.code}); playing here.")
            return
        await thread.send(f"{interaction.user.mention}, your move.")

    @app_commands.command(name="hand", description="DM me my hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("Your hand: 3 cards.")
        except discord.Forbidden as error:
            await interaction.response.send_message(f"I cannot DM you ({error.code}).", ephemeral=True)
            return
        await interaction.response.send_message("Sent you a DM.", ephemeral=True)

    @app_commands.command(name="rename", description="Rename via a modal")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())

    @app_commands.command(name="crash", description="Fails without answering")
    async def crash(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("the engine exploded")

    @app_commands.command(name="tour", description="Uses a wide range of REST calls")
    async def tour(self, interaction: discord.Interaction, guest: discord.User) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        posted = await channel.send("draft", file=discord.File(io.BytesIO(b"v1"), "log.txt"))
        kept = await posted.edit(
            content="final", attachments=[*posted.attachments, discord.File(io.BytesIO(b"v2"), "more.txt")]
        )
        fetched = await channel.fetch_message(posted.id)
        history = [m.content async for m in channel.history(limit=10)]
        thread = await channel.create_thread(name="side room", type=discord.ChannelType.private_thread)
        await thread.add_user(guest)
        await thread.edit(archived=True)
        await thread.send("back again")
        again = await self.bot.fetch_channel(thread.id)
        assert isinstance(again, discord.Thread)
        user = await self.bot.fetch_user(guest.id)
        doomed = await channel.send("to be deleted")
        await doomed.delete()
        await interaction.followup.send(
            f"{[a.filename for a in kept.attachments]} {fetched.content} {history} "
            f"archived={again.archived} {user.name}",
            ephemeral=False,
        )
        await interaction.edit_original_response(content=f"{interaction.user.name}: tour done")

    @app_commands.command(name="pins", description="Calls a route the stand-in lacks")
    async def pins(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            await interaction.channel.create_invite()
        except discord.NotFound as error:
            await interaction.response.send_message(f"404: {error.text}", ephemeral=True)


class Admin(commands.Cog):
    @app_commands.command(name="reset", description="Admins only")
    @app_commands.default_permissions(manage_guild=True)
    async def reset(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Reset done.")


class DemoBot(commands.AutoShardedBot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        self.gate = asyncio.Event()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(AcceptButton)
        await self.add_cog(Demo(self))
        await self.add_cog(Admin())
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)


@dataclass
class Scene:
    fake: FakeDiscord
    guild: Guild
    games: TextChannel
    alice: User
    bob: User
    bot: DemoBot


@pytest.fixture
async def world() -> AsyncIterator[Scene]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Test server")
        games = guild.add_text_channel("games")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        guild.add_member(alice)
        guild.add_member(bob, permissions=discord.Permissions(manage_guild=True))
        bot = DemoBot(guild.id)
        await fake.start_bot(bot)
        yield Scene(fake, guild, games, alice, bob, bot)


async def test_bot_logs_in_and_sees_the_guild(world: Scene) -> None:
    bot = world.bot
    assert bot.user is not None and bot.user.id == world.fake.bot_user.id
    assert bot.application_id == world.fake.application_id
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.get_channel(world.games.id) is not None
    assert bot.shard_count == 1
    world.fake.assert_clean()


async def test_synced_command_tree_is_visible(world: Scene) -> None:
    fake = world.fake
    assert set(fake.command_paths(world.guild)) >= {
        "demo move",
        "demo challenge",
        "demo board show",
        "demo secret",
        "demo start",
        "demo hand",
        "reset",
    }
    move = fake.command("demo move", world.guild)
    options = {o["name"]: o for o in move["options"]}
    assert options["from"]["type"] == 3 and options["from"]["required"]
    assert options["to"]["autocomplete"] is True
    assert fake.command("demo challenge", world.guild)["options"][0]["type"] == 6
    assert fake.command("demo board", world.guild)["type"] == 2
    reset = fake.command("reset", world.guild)
    assert reset["default_member_permissions"] == str(discord.Permissions(manage_guild=True).value)
    with pytest.raises(FakeDiscordError, match="not synced"):
        fake.command("demo move")


async def test_slash_command_reply_is_public(world: Scene) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    interaction = await fake.slash(alice, world.games, "demo move", from_="A4", to="A5")
    reply = await interaction.response()
    assert reply.content == "alice moved A4 to A5"
    assert not reply.ephemeral and reply.author is fake.bot_user
    assert reply in world.games.messages and reply in fake.visible_to(bob)
    assert await world.games.next_message() is reply
    assert interaction.latency is not None and interaction.latency < 3
    fake.assert_clean()


async def test_autocomplete_offers_filtered_choices(world: Scene) -> None:
    fake = world.fake
    choices = await fake.autocomplete(world.alice, world.games, "demo move", {"from": "C3"}, focused="to", to="c1")
    assert [c.value for c in choices] == ["C1", "C10"]
    assert choices[0].name == "C3 → C1"
    world.fake.assert_clean()


async def test_ephemeral_reply_is_seen_only_by_the_invoker(world: Scene) -> None:
    fake = world.fake
    reply = await (await fake.slash(world.alice, world.games, "demo secret")).response()
    assert reply.ephemeral and reply.flags & 64
    assert reply in fake.visible_to(world.alice)
    assert reply not in fake.visible_to(world.bob)
    assert reply not in world.games.messages


async def test_deferred_follow_up_replaces_thinking_and_carries_the_file(world: Scene) -> None:
    fake = world.fake
    before = fake.requests.count()
    interaction = await fake.slash(world.alice, world.games, "demo board show")
    reply = await interaction.response()
    assert interaction.response_type == 5
    assert not reply.loading and reply.content == "The board:"
    assert reply is interaction.original and interaction.followups == []
    attachment = reply.attachment("board.png")
    assert attachment.data == BOARD_PNG and attachment.size == len(BOARD_PNG)
    records = fake.requests.records[before:]
    assert [r.route for r in records if r.interaction_response] == [
        "/interactions/{interaction_id}/{token}/callback",
        "/webhooks/{application_id}/{token}",
    ]
    assert fake.requests.count(interaction_responses=False, since=records[0].started) == 0
    async with aiohttp.ClientSession() as http, http.get(attachment.url) as response:
        assert await response.read() == BOARD_PNG


async def test_user_option_and_persistent_button(world: Scene) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    challenge = await (await fake.slash(alice, world.games, "demo challenge", opponent=bob)).response()
    assert challenge.content == f"{alice.mention} challenges {bob.mention}"
    assert challenge.mentions == [alice.id, bob.id]
    button = challenge.button("Accept")
    assert button.custom_id == f"demo:accept:{alice.id}:{bob.id}" and not button.disabled

    refused = await (await fake.click(alice, challenge, label="Accept")).response()
    assert refused.ephemeral and refused.content == "This challenge is not for you."
    assert refused not in fake.visible_to(bob)

    click = await fake.click(bob, challenge, button.custom_id)
    assert await click.response() is challenge
    assert click.response_type == 7
    assert challenge.content == f"{bob.mention} accepted!" and challenge.edit_count == 1
    assert challenge.button("Accepted").disabled
    with pytest.raises(FakeDiscordError, match="disabled"):
        await fake.click(bob, challenge, "demo:accepted")
    fake.assert_clean()


async def test_thread_from_the_response_message(world: Scene) -> None:
    fake = world.fake
    start = await (await fake.slash(world.alice, world.games, "demo start")).response()
    thread = await world.games.wait_for_thread()
    assert thread.id == start.id and start.thread is thread and thread.name == "demo game"
    assert (await thread.next_message()).content == f"{world.alice.mention}, your move."
    assert world.bot.get_channel(thread.id) is not None
    fake.assert_clean()


async def test_thread_creation_forbidden_falls_back_to_the_channel(world: Scene) -> None:
    world.games.forbid_threads()
    await (await world.fake.slash(world.alice, world.games, "demo start")).response()
    fallback = await world.games.wait_for_message(lambda m: m.content.startswith("No thread"))
    assert fallback.content == "No thread (50013); playing here."
    assert world.games.threads == []


async def test_dms_and_closed_dms(world: Scene) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    ok = await (await fake.slash(alice, world.games, "demo hand")).response()
    assert ok.content == "Sent you a DM." and ok.ephemeral
    dm = await fake.next_dm(alice)
    assert dm.content == "Your hand: 3 cards." and fake.dms(alice) == [dm]
    assert dm in fake.visible_to(alice) and dm not in fake.visible_to(bob)

    fake.close_dms(bob)
    refused = await (await fake.slash(bob, world.games, "demo hand")).response()
    assert refused.content == "I cannot DM you (50007)."
    assert fake.dms(bob) == []


async def test_a_message_sent_again_with_its_nonce_is_not_sent_twice(world: Scene) -> None:
    """Discord's ``enforce_nonce``: the same author sending the same nonce within a few minutes
    gets the message already made back, not a second one (what a catch-up after a crash relies on)."""
    channel = world.bot.get_partial_messageable(world.games.id)
    first = await channel.send("Your move", nonce=1234)
    again = await channel.send("Your move", nonce=1234)
    other = await channel.send("Your move", nonce=5678)
    assert again.id == first.id and other.id != first.id
    assert [m.id for m in world.games.messages if m.content == "Your move"] == [first.id, other.id]


async def test_default_member_permissions_hide_commands(world: Scene) -> None:
    fake = world.fake
    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash(world.alice, world.games, "reset")
    reply = await (await fake.slash(world.bob, world.games, "reset")).response()
    assert reply.content == "Reset done."


async def test_modal_round_trip(world: Scene) -> None:
    fake = world.fake
    opened = await fake.slash(world.alice, world.games, "demo rename")
    modal = await opened.shown_modal()
    assert modal["title"] == "Rename the game"
    submitted = await fake.submit_modal(world.alice, opened, {"demo:name": "Grand final"})
    assert (await submitted.response()).content == "Renamed to Grand final"


async def test_bad_invocations_fail_like_the_discord_client(world: Scene) -> None:
    fake, alice = world.fake, world.alice
    with pytest.raises(FakeDiscordError, match="required"):
        await fake.slash(alice, world.games, "demo move", to="A5")
    with pytest.raises(FakeDiscordError, match="no option"):
        await fake.slash(alice, world.games, "demo move", frm="A4", to="A5")
    with pytest.raises(FakeDiscordError, match="no synced command"):
        await fake.slash(alice, world.games, "chess move")
    with pytest.raises(FakeDiscordError, match="is a group"):
        await fake.slash(alice, world.games, "demo board")


async def test_unimplemented_routes_are_reported(world: Scene) -> None:
    fake = world.fake
    reply = await (await fake.slash(world.alice, world.games, "demo pins")).response()
    assert reply.content == f"404: fakediscord: unimplemented POST /channels/{world.games.id}/invites"
    assert fake.unhandled == [f"POST /channels/{world.games.id}/invites"]
    with pytest.raises(FakeDiscordError, match="unimplemented route"):
        fake.assert_clean()


async def test_restart_keeps_buttons_working(world: Scene) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    challenge = await (await fake.slash(alice, world.games, "demo challenge", opponent=bob)).response()
    await fake.stop_bot(world.bot)
    assert world.bot.is_closed()

    restarted = DemoBot(world.guild.id)
    await fake.start_bot(restarted)
    click = await fake.click(bob, challenge, label="Accept")
    assert (await click.response()).content == f"{bob.mention} accepted!"
    assert fake.commands.syncs == 2
    fake.assert_clean()


async def test_gateway_resume_after_reconnect(world: Scene) -> None:
    await world.fake.reconnect_gateway()
    assert world.fake.gateway.resumes == 1
    reply = await (await world.fake.slash(world.alice, world.games, "demo move", from_="B1", to="B2")).response()
    assert reply.content == "alice moved B1 to B2"


async def test_a_dropped_socket_resumes_and_delivers_what_was_pressed_meanwhile(world: Scene) -> None:
    fake, gateway = world.fake, world.fake.gateway
    identifies = gateway.identifies
    async with fake.gateway_down():
        assert not gateway.connected, "the socket is cut and no new one is let in"
        meanwhile = await fake.slash(world.alice, world.games, "demo move", from_="C1", to="C2")
        assert meanwhile.response_type is None
    assert gateway.drops == 1 and gateway.resumes == 1 and gateway.identifies == identifies
    assert (await meanwhile.response()).content == "alice moved C1 to C2", "replayed from the backlog"
    assert meanwhile.lost is None and gateway.lost == []
    fake.assert_clean()


async def test_an_invalidated_session_loses_what_was_pressed_while_down_and_the_bot_identifies(world: Scene) -> None:
    fake, gateway = world.fake, world.fake.gateway
    identifies = gateway.identifies

    async def at_once(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before any IDENTIFY but the first; not what is tested here."""

    world.bot.before_identify_hook = at_once  # type: ignore[method-assign]
    async with fake.gateway_down(invalidate=True):
        meanwhile = await fake.slash(world.alice, world.games, "demo move", from_="D1", to="D2")
    assert gateway.invalidated == 1 and gateway.resumes == 0 and gateway.identifies == identifies + 1
    assert meanwhile.lost is not None and gateway.lost == [meanwhile] and meanwhile.response_type is None
    again = await fake.slash(world.alice, world.games, "demo move", from_="D1", to="D2")
    assert (await again.response()).content == "alice moved D1 to D2"
    fake.assert_clean()  # the lost interaction is Discord's doing, not a bot that never answered


async def test_a_press_while_no_bot_is_connected_is_lost_when_a_new_one_identifies(world: Scene) -> None:
    fake = world.fake
    await fake.stop_bot(world.bot)
    meanwhile = await fake.slash(world.alice, world.games, "demo move", from_="E1", to="E2")
    assert meanwhile.lost is None, "the session might still be resumed"
    await fake.start_bot(DemoBot(world.guild.id))
    assert meanwhile.lost is not None and fake.gateway.lost == [meanwhile]
    again = await fake.slash(world.alice, world.games, "demo move", from_="E1", to="E2")
    assert (await again.response()).content == "alice moved E1 to E2"
    fake.assert_clean()


async def test_a_dropped_socket_ends_without_a_close_frame() -> None:
    """What the client reads: no close frame, an abnormal closure (1006), and no HELLO on a new
    socket until the gateway is reopened."""
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        url = f"{fake.server.gateway_url}?v=10&encoding=json"
        async with http.ws_connect(url) as ws:
            assert (await ws.receive_json())["op"] == 10
            await ws.send_json({"op": 2, "d": {"token": "fake-token", "intents": 1, "properties": {}}})
            assert (await ws.receive_json())["t"] == "READY"
            await fake.wait_for(lambda: fake.gateway.connected, "the session")
            fake.gateway.drop()
            frame = await ws.receive()
            while frame.type == aiohttp.WSMsgType.TEXT:  # what was written before the cut
                frame = await ws.receive()
            assert frame.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR), frame
            assert ws.close_code == 1006
        async with http.ws_connect(url) as ws:
            with pytest.raises(asyncio.TimeoutError):
                await ws.receive(timeout=0.2)  # held
            fake.gateway.reopen()
            assert (await ws.receive_json())["op"] == 10


class VoteView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="vote:pick", options=[discord.SelectOption(label=x, value=x) for x in ("red", "blue")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[VoteView]) -> None:
        await interaction.response.defer()
        assert interaction.message is not None
        await interaction.message.edit(content=f"Votes: {select.values[0]}")
        await interaction.followup.send("Vote counted.", ephemeral=True)


async def test_plain_bot_global_commands_dms_and_selects() -> None:
    async with FakeDiscord(bot_name="Plain") as fake:
        guild = fake.add_guild("Solo")
        channel = guild.add_text_channel("general")
        carol = fake.add_user("carol")
        guild.add_member(carol)

        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

        @bot.tree.command(name="ping", description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"pong in {type(interaction.channel).__name__}")

        @bot.tree.command(name="vote", description="Vote")
        @app_commands.guild_only()
        async def vote(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Votes: none", view=VoteView())

        await fake.start_bot(bot)
        assert fake.registered_commands() == []
        await bot.tree.sync()
        assert [c["name"] for c in await fake.wait_for_commands()] == ["ping", "vote"]
        assert sorted(fake.command_paths()) == ["ping", "vote"]

        assert (await (await fake.slash(carol, channel, "ping")).response()).content == "pong in TextChannel"
        in_dm = await (await fake.slash(carol, fake.dm_channel(carol), "ping")).response()
        assert in_dm.content == "pong in DMChannel" and in_dm in fake.dms(carol)
        with pytest.raises(FakeDiscordError, match="no synced command"):
            await fake.slash(carol, fake.dm_channel(carol), "vote")

        ballot = await (await fake.slash(carol, channel, "vote")).response()
        picked = await fake.select(carol, ballot, "vote:pick", ["blue"])
        assert await picked.response() is ballot and picked.response_type == 6
        assert ballot.content == "Votes: blue"
        counted = await picked.followup()
        assert counted.ephemeral and counted.content == "Vote counted." and counted.ephemeral_for is carol
        with pytest.raises(FakeDiscordError, match="offers"):
            await fake.select(carol, ballot, "vote:pick", ["green"])
        fake.assert_clean()


async def test_wire_format_details() -> None:
    """The hard-won points: exact JSON content type, zlib-stream frames, clock snowflakes, loud 404s."""
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        async with http.get(f"{fake.server.api_base}/gateway") as response:
            assert response.headers["Content-Type"] == "application/json"
            assert (await response.json())["url"] == fake.server.gateway_url
        async with http.get(f"{fake.server.api_base}/voice/regions") as response:
            assert response.status == 404
            assert (await response.json())["message"] == "fakediscord: unimplemented GET /voice/regions"
        assert fake.unhandled == ["GET /voice/regions"]

        async with http.ws_connect(f"{fake.server.gateway_url}?v=10&encoding=json&compress=zlib-stream") as ws:
            frame = await ws.receive_bytes()
            assert frame.endswith(b"\x00\x00\xff\xff")
            assert json.loads(zlib.decompressobj().decompress(frame)) == {"op": 10, "d": {"heartbeat_interval": 41250}}

        created = discord.utils.snowflake_time(fake.add_user("dave").id)
        assert abs((discord.utils.utcnow() - created).total_seconds()) < 5


async def test_waiting_in_vain_explains_why(world: Scene) -> None:
    fake = world.fake
    crashed = await fake.slash(world.alice, world.games, "demo crash")
    await fake.wait_for(lambda: fake.logged_errors, "the bot to log the crash")
    with pytest.raises(FakeDiscordError) as failure:
        await crashed.response(timeout=0.1)
    message = str(failure.value)
    assert "timed out after 0.1 s waiting for the response to alice's /demo crash in #games" in message
    assert "not acknowledged yet" in message and "the engine exploded" in message
    assert fake.problems() == [
        "alice's /demo crash in #games was never acknowledged",
        *(f"logged error: {e}" for e in fake.logged_errors),
    ]


async def test_a_bot_that_fails_to_start_is_reported() -> None:
    class Broken(commands.Bot):
        async def setup_hook(self) -> None:
            raise RuntimeError("no database")

    async with FakeDiscord() as fake:
        with pytest.raises(FakeDiscordError, match="stopped before it was ready: RuntimeError"):
            await fake.start_bot(Broken(command_prefix="!", intents=discord.Intents.default()))


async def test_rest_surface_used_by_a_command(world: Scene) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    tour = await fake.slash(alice, world.games, "demo tour", guest=bob)
    reply = await tour.response()
    assert reply.ephemeral and reply.ephemeral_for is alice, "a follow-up keeps the defer's ephemerality"
    assert reply.content == "['log.txt', 'more.txt'] final ['final'] archived=False bob"
    await fake.wait_for(lambda: reply.edit_count == 1, "the original response to be edited")
    assert reply.content == "alice: tour done"

    [posted] = [m for m in world.games.messages if m.content == "final"]
    assert [(a.filename, a.data, a.content_type) for a in posted.attachments] == [
        ("log.txt", b"v1", "text/plain"),
        ("more.txt", b"v2", "text/plain"),
    ]
    assert [m.deleted for m in world.games.log if m.content == "to be deleted"] == [True]
    [thread] = world.games.threads
    assert thread.private and not thread.archived and set(thread.members) == {fake.bot_user, bob}
    assert thread.can_see(bob) and not thread.can_see(alice)
    assert [m.content for m in thread.messages] == ["back again"]
    assert [m.content for m in fake.visible_to(alice) if m.channel is thread] == []
    fake.assert_clean()


async def test_a_wrong_token_is_refused_like_discord() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        me = f"{fake.server.api_base}/users/@me"
        for headers in ({"Authorization": "Bot wrong-token"}, {}):
            async with http.get(me, headers=headers) as response:
                assert response.status == 401
                assert await response.json() == {"code": 0, "message": "401: Unauthorized"}
        async with http.get(me, headers={"Authorization": "Bot fake-token"}) as response:
            assert response.status == 200 and (await response.json())["id"] == str(fake.bot_user.id)

        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
        with pytest.raises(FakeDiscordError, match=r"stopped before it was ready: LoginFailure\('Improper token"):
            await fake.start_bot(bot, token="wrong-token")
        fake.assert_clean()


MESSAGES = "/channels/{channel_id}/messages"


async def test_injected_failures_and_discord_py_retries(world: Scene) -> None:
    fake, bot = world.fake, world.bot
    other = world.guild.add_text_channel("other")
    games = await fake.wait_for(lambda: bot.get_channel(world.games.id), "the bot to see #games", timeout=1)
    elsewhere = await fake.wait_for(lambda: bot.get_channel(other.id), "the bot to see #other", timeout=1)
    assert isinstance(games, discord.TextChannel) and isinstance(elsewhere, discord.TextChannel)

    down = fake.fail_requests("POST", MESSAGES, status=503, channel=world.games)
    with pytest.raises(discord.DiscordServerError) as error:
        await games.send("lost")
    assert error.value.status == 503 and down.hits == 1, "503 is not retried by discord.py"
    await elsewhere.send("fine")
    assert [m.content for m in other.messages] == ["fine"] and world.games.messages == []
    assert [(r.route, r.status) for r in fake.requests.records if r.injected] == [(MESSAGES, 503)]
    fake.clear_failures()
    await games.send("back")

    started = time.perf_counter()
    blip = fake.fail_requests("POST", MESSAGES, status=500, count=2)
    await games.send("after a blip")
    assert blip.hits == 2 and not blip.active and fake.server.failures == []
    outage = fake.fail_requests("POST", MESSAGES, status=500)
    with pytest.raises(discord.DiscordServerError):
        await games.send("lost too")
    assert outage.hits == 5, "discord.py tries a 500 five times"
    assert time.perf_counter() - started < 2, "the 1+3+5+7+9 s retry sleeps are skipped"
    fake.clear_failures()

    fake.fail_requests("POST", MESSAGES, status=403, code=50013, count=1)
    with pytest.raises(discord.Forbidden) as forbidden:
        await games.send("nope")
    assert (forbidden.value.code, forbidden.value.text) == (50013, "Missing Permissions")
    await games.send("allowed again")
    assert [m.content for m in world.games.messages] == ["back", "after a blip", "allowed again"]

    with pytest.raises(FakeDiscordError, match=re.escape("no route POST /channels/{channel_id}/message;")):
        fake.fail_requests("POST", "/channels/{channel_id}/message", status=500)
    with pytest.raises(FakeDiscordError, match=re.escape("has no {channel_id}")):
        fake.fail_requests("GET", "/users/{user_id}", status=500, channel=world.games)
    fake.assert_clean()


async def test_failing_follow_up_is_retried_then_raises(world: Scene) -> None:
    fake = world.fake
    failure = fake.fail_requests("POST", "/webhooks/{application_id}/{token}", status=503)
    shown = await fake.slash(world.alice, world.games, "demo board show")
    await fake.wait_for(
        lambda: any("DiscordServerError" in e for e in fake.logged_errors), "the bot to log the failed follow-up"
    )
    assert failure.hits == 5, "the webhook adapter retries every 5xx"
    assert shown.response_type == 5 and shown.original is not None and shown.original.loading


async def _game_thread(world: Scene) -> tuple[Thread, discord.Thread]:
    await (await world.fake.slash(world.alice, world.games, "demo start")).response()
    thread = await world.games.wait_for_thread(lambda t: not t.deleted)
    await thread.next_message()
    seen = world.bot.get_channel(thread.id)
    assert isinstance(seen, discord.Thread)
    return thread, seen


async def test_deleted_threads_and_channels(world: Scene) -> None:
    fake, bot = world.fake, world.bot
    thread, seen = await _game_thread(world)
    starter = world.games.messages[0]
    deleted = asyncio.ensure_future(bot.wait_for("raw_thread_delete", timeout=5))
    thread.delete()
    event = await deleted
    assert (event.thread_id, event.parent_id, event.thread) == (thread.id, world.games.id, seen)
    assert world.games.threads == [] and thread.deleted and bot.get_channel(thread.id) is None
    assert starter.thread is None
    with pytest.raises(discord.NotFound) as gone:
        await seen.send("anyone here?")
    assert (gone.value.status, gone.value.code, gone.value.text) == (404, 10003, "Unknown Channel")
    with pytest.raises(discord.NotFound):
        await bot.fetch_channel(thread.id)
    with pytest.raises(FakeDiscordError, match="cannot see"):
        await fake.slash(world.alice, thread, "demo move", from_="A1", to="A2")

    mine, mine_seen = await _game_thread(world)
    await mine_seen.delete()
    assert mine.deleted and world.games.threads == []
    # fake.wait_for also re-checks after every event discord.py dispatches (timeout=1: no 10 s fallback).
    await fake.wait_for(lambda: bot.get_channel(mine.id) is None, "THREAD_DELETE of the bot's own deletion", timeout=1)

    channel_gone = asyncio.ensure_future(bot.wait_for("guild_channel_delete", timeout=5))
    world.games.delete()
    assert (await channel_gone).id == world.games.id and bot.get_channel(world.games.id) is None
    fake.assert_clean()


async def test_thread_rename_archive_lock(world: Scene) -> None:
    fake, bot = world.fake, world.bot
    thread, seen = await _game_thread(world)
    [turn] = thread.messages
    updated = asyncio.ensure_future(bot.wait_for("raw_thread_update", timeout=5))
    ended = await seen.edit(name="demo game (won)", archived=True, locked=True)
    assert (thread.name, thread.archived, thread.locked) == ("demo game (won)", True, True)
    assert ended.name == "demo game (won)" and ended.archived and ended.locked
    assert (await updated).data["thread_metadata"]["locked"] is True

    with pytest.raises(discord.HTTPException) as archived:
        await ended.send("one more thing")
    assert (archived.value.status, archived.value.code, archived.value.text) == (400, 50083, "Thread is archived")
    with pytest.raises(discord.HTTPException, match="50083"):
        await ended.edit(name="renamed while archived")
    with pytest.raises(discord.HTTPException, match="50083"):
        await ended.get_partial_message(turn.id).edit(content="edited while archived")
    assert thread.messages == [turn] and turn.edit_count == 0 and thread.name == "demo game (won)"

    thread.update(locked=False)  # a moderator unlocks it; a message then unarchives it
    await ended.send("reopened")
    assert not thread.archived and thread.messages[-1].content == "reopened"

    world.games.set_permissions(fake.bot_user, deny=discord.Permissions(manage_threads=True))
    with pytest.raises(discord.Forbidden):
        await ended.edit(locked=True)
    await ended.edit(archived=True)  # the owner may archive without Manage Threads
    thread.update(locked=True)
    with pytest.raises(discord.Forbidden):
        await ended.edit(archived=False)
    assert thread.archived and thread.locked
    fake.assert_clean()


async def test_thread_activity_is_what_restarts_discords_auto_archive(world: Scene) -> None:
    """Discord counts a message, unarchiving and a change of the auto-archive duration as a
    thread's activity (the 7-day auto-archive restarts); a rename or the same duration again
    does not. The bot keeps a running game's thread open with the duration change."""
    fake = world.fake
    thread, seen = await _game_thread(world)
    before = thread.activity
    await seen.edit(name="renamed")
    await seen.edit(auto_archive_duration=thread.auto_archive_duration)
    assert thread.activity == before, "a rename, or the same duration, is no activity"
    await seen.edit(auto_archive_duration=4320)
    await seen.edit(auto_archive_duration=10080)
    assert thread.activity == before + 2
    await seen.send("a message")
    assert thread.activity == before + 3
    await seen.edit(archived=True)
    assert thread.activity == before + 3, "archiving is no activity"
    await seen.edit(archived=False)
    assert thread.activity == before + 4
    fake.assert_clean()


async def test_deferred_reply_resolved_by_editing_original(world: Scene) -> None:
    fake = world.fake
    slow = await fake.slash(world.alice, world.games, "demo slow")
    assert await slow.acknowledged() == 5
    latency = slow.latency
    assert latency is not None and latency < 3, "latency is taken at the defer"
    assert slow.original is not None and slow.original.loading
    with pytest.raises(FakeDiscordError, match="still thinking"):
        await slow.response(timeout=0.05)
    world.bot.gate.set()
    reply = await slow.response()
    assert reply is slow.original and reply.content == "Done thinking." and not reply.loading
    assert slow.followups == [] and slow.latency == latency and reply.edit_count == 0
    assert await world.games.next_message() is reply
    fake.assert_clean()


class GlobalBot(commands.Bot):
    """No dev guild: commands are synced globally, so they work in DMs too."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        game = app_commands.Group(name="game", description="Games")

        @game.command(name="list", description="List games")
        async def list_games(interaction: discord.Interaction) -> None:
            where = type(interaction.channel).__name__
            await interaction.response.send_message(f"{interaction.user.name} guild={interaction.guild_id} {where}")

        @app_commands.command(name="perms", description="Show permissions")
        @app_commands.guild_only()
        async def perms(interaction: discord.Interaction) -> None:
            text = f"{interaction.permissions.value} {interaction.app_permissions.value}"
            await interaction.response.send_message(text, ephemeral=True)

        self.tree.add_command(game)
        self.tree.add_command(perms)

    async def setup_hook(self) -> None:
        await self.tree.sync()


async def test_global_commands_in_dms_and_interaction_permissions() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Server")
        channel = guild.add_text_channel("games")
        dave, erin = fake.add_user("dave"), fake.add_user("erin")
        guild.add_member(dave)
        guild.add_member(erin, permissions=discord.Permissions(manage_guild=True))
        await fake.start_bot(GlobalBot())
        assert sorted(fake.command_paths()) == ["game list", "perms"] and fake.registered_commands(guild) == []

        dm = fake.dm_channel(dave)
        listed = await fake.slash(dave, dm, "game list")
        reply = await listed.response()
        assert reply.content == "dave guild=None DMChannel" and fake.dms(dave) == [reply]
        payload = listed.payload
        assert "guild_id" not in payload and "member" not in payload and "guild_id" not in payload["data"]
        assert payload["channel_id"] == str(dm.id) and payload["channel"]["type"] == 1
        assert payload["user"]["id"] == str(dave.id) and payload["context"] == 1
        with pytest.raises(FakeDiscordError, match="no synced command"):
            await fake.slash(dave, dm, "perms")

        async def shown(user: User) -> tuple[discord.Permissions, discord.Permissions]:
            reply = await (await fake.slash(user, channel, "perms")).response()
            member, app = reply.content.split()
            return discord.Permissions(int(member)), discord.Permissions(int(app))

        dave_perms, app = await shown(dave)
        erin_perms, _ = await shown(erin)
        assert not dave_perms.manage_guild and erin_perms.manage_guild
        assert erin_perms.value == guild.permissions_for(erin, channel)
        assert app.value == guild.permissions_for(fake.bot_user, channel) and app.attach_files
        channel.set_permissions(fake.bot_user, deny=discord.Permissions(attach_files=True))
        _, app = await shown(dave)
        assert not app.attach_files and app.send_messages
        fake.assert_clean()


async def test_pinged_follows_allowed_mentions(world: Scene) -> None:
    """A mention notifies only when allowed_mentions lets it (Discord's rule): names stay silent."""
    channel = world.bot.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    a, b = world.alice, world.bob
    text = f"{a.mention} and {b.mention}"
    await channel.send(text)
    await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(b.id)]))
    default, silent, only_bob = world.games.messages[-3:]
    assert default.pinged == [a.id, b.id] and silent.pinged == [] and only_bob.pinged == [b.id]
    assert silent.mentions == [a.id, b.id], "the names are still in the text"
    world.fake.assert_clean()


def _localized_command(**overrides: Any) -> dict[str, Any]:
    option = {
        "type": 3,
        "name": "square",
        "description": "Which square",
        "name_localizations": {"cs": "pole"},
        "description_localizations": {"cs": "Které pole"},
        "choices": [{"name": "first", "value": "a1", "name_localizations": {"cs": "první"}}],
    }
    option.update(overrides.pop("option", {}))
    command = {
        "type": 1,
        "name": "look",
        "description": "Look at a square",
        "name_localizations": {"cs": "podívej_se"},
        "description_localizations": {"cs": "Podívej se na pole"},
        "options": [option, {"type": 3, "name": "note", "description": "A note"}],
    }
    command.update(overrides)
    return command


async def test_localized_commands_are_stored_and_checked_like_discord(world: Scene) -> None:
    """Issue 19 §4: the stand-in accepts and keeps ``name_localizations`` and
    ``description_localizations`` of commands, options and choices, and refuses what Discord
    refuses: an unknown locale, a name with spaces or capitals, a description over 100
    characters, a localized name equal to another option's name in that language."""
    http, app, guild = world.bot.http, world.fake.application_id, world.guild.id
    await http.bulk_upsert_guild_commands(app, guild, [_localized_command()])
    stored = world.fake.command("look", world.guild)
    assert stored["name_localizations"] == {"cs": "podívej_se"}
    assert stored["description_localizations"] == {"cs": "Podívej se na pole"}
    assert stored["options"][0]["name_localizations"] == {"cs": "pole"}
    assert stored["options"][0]["choices"][0]["name_localizations"] == {"cs": "první"}
    bad = [
        _localized_command(name_localizations={"xx": "look"}),
        _localized_command(name_localizations={"cs": "podívej se"}),
        _localized_command(name_localizations={"cs": "Podívej"}),
        _localized_command(description_localizations={"cs": "x" * 101}),
        _localized_command(option={"name_localizations": {"cs": "note"}}),
        _localized_command(option={"description_localizations": {"cs": ""}}),
        _localized_command(option={"choices": [{"name": "first", "value": "a1", "name_localizations": {"cs": ""}}]}),
    ]
    for command in bad:
        with pytest.raises(discord.HTTPException, match="50035"):
            await http.bulk_upsert_guild_commands(app, guild, [command])
    assert world.fake.command("look", world.guild)["name_localizations"] == {"cs": "podívej_se"}, "nothing changed"


# -- rate limits (issue 21 §3) ----------------------------------------------------------------


class Ticks:
    """A hand-moved clock for the rate limits' own arithmetic."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_global_limit_refuses_the_request_over_it_and_spares_interaction_endpoints() -> None:
    ticks = Ticks()
    limits = RateLimits(per_second=3, buckets={}, clock=ticks)
    send = ("POST", "/channels/{channel_id}/messages", {"channel_id": "1"})
    assert [limits.admit(*send, interaction=False)[0] for _ in range(3)] == [None] * 3
    ticks.now += 0.25
    refusal, headers = limits.admit(*send, interaction=False)
    assert refusal is not None and (refusal.scope, refusal.retry_after) == ("global", 0.75)
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and headers["Via"]
    callback = ("POST", "/interactions/{interaction_id}/{token}/callback", {"interaction_id": "9", "token": "t"})
    assert [limits.admit(*callback, interaction=True)[0] for _ in range(10)] == [None] * 10, "not bound"
    ticks.now += 0.75
    assert limits.admit(*send, interaction=False)[0] is None, "a new second"
    assert (limits.count(), limits.count("global"), limits.admitted) == (1, 1, 14)


def test_a_routes_bucket_counts_per_channel_and_says_so_in_headers() -> None:
    ticks = Ticks()
    limits = RateLimits(clock=ticks)
    send = ("POST", "/channels/{channel_id}/messages")
    seen = [limits.admit(*send, {"channel_id": "1"}, interaction=False)[1] for _ in range(5)]
    assert [h["X-RateLimit-Remaining"] for h in seen] == ["4", "3", "2", "1", "0"]
    assert {h["X-RateLimit-Limit"] for h in seen} == {"5"} and len({h["X-RateLimit-Bucket"] for h in seen}) == 1
    assert seen[0]["X-RateLimit-Reset-After"] == "5.000" and float(seen[0]["X-RateLimit-Reset"]) > time.time()
    ticks.now += 2
    refusal, headers = limits.admit(*send, {"channel_id": "1"}, interaction=False)
    assert refusal is not None and (refusal.scope, refusal.retry_after) == ("user", 3.0)
    assert headers["X-RateLimit-Remaining"] == "0" and headers["X-RateLimit-Scope"] == "user"
    assert limits.admit(*send, {"channel_id": "2"}, interaction=False)[0] is None, "another channel's bucket"
    ticks.now += 3
    assert limits.admit(*send, {"channel_id": "1"}, interaction=False)[1]["X-RateLimit-Remaining"] == "4"


async def test_discord_py_keeps_within_a_routes_bucket_by_its_headers() -> None:
    """12 messages at once to one channel, 5 per 0.3 s allowed: discord.py reads the bucket headers
    and waits before it is refused, and every message arrives. Sent blind, 7 of the 11 would be
    refused at first. With both cores busy, discord.py was refused twice in one run of 20 (it paces
    by the answers' headers, which then arrive late; real time, as discord.py sleeps real seconds):
    so at most two refusals, each retried, not none."""
    limits = RateLimits(buckets={("POST", "/channels/{channel_id}/messages"): (5, 0.3)})
    async with FakeDiscord(rate_limits=limits) as fake:
        guild = fake.add_guild("Busy")
        channel = guild.add_text_channel("busy")
        bot = DemoBot(guild.id)
        await fake.start_bot(bot)
        target = bot.get_channel(channel.id)
        assert isinstance(target, discord.TextChannel)
        await target.send("first")  # discord.py learns the bucket from this answer's headers
        await asyncio.gather(*(target.send(f"m{i}") for i in range(11)))
        assert len(channel.messages) == 12 and channel.messages[0].content == "first"
        assert sorted(m.content for m in channel.messages[1:]) == sorted(f"m{i}" for i in range(11))
        assert limits.count() <= 2 and limits.admitted >= 12
        fake.assert_clean()


async def test_discord_py_waits_out_a_global_429_and_sends_everything() -> None:
    """A burst over the global limit: the stand-in answers 429 (global) and discord.py waits the
    ``retry_after`` it was given and sends again; every message arrives once."""
    limits = RateLimits(per_second=5, window=0.2, buckets={})
    async with FakeDiscord(rate_limits=limits) as fake:
        guild = fake.add_guild("Busy")
        channels = [guild.add_text_channel(f"c{i}") for i in range(6)]
        bot = DemoBot(guild.id)
        await fake.start_bot(bot)
        targets = [bot.get_channel(c.id) for c in channels]
        sends = [t.send(f"{t.name} {i}") for t in targets if isinstance(t, discord.TextChannel) for i in range(3)]
        assert len(sends) == 18
        await asyncio.gather(*sends)
        assert limits.count("global") > 0 and limits.count("user") == 0
        assert sorted(m.content for c in channels for m in c.messages) == sorted(
            f"c{n} {i}" for n in range(6) for i in range(3)
        )
        refused = [r for r in fake.requests.records if r.status == 429]
        assert len(refused) == limits.count(), "each refusal is a request answered 429"
        fake.assert_clean(allow_logged_errors=False)
