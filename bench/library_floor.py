"""What discord.py alone costs a Stratego move, with no game behind it (issue 18 §7).

Issue 18 asks each game's bot CPU per decision to be within 1.5 times of the images it draws. A
move's images are drawn by the render workers; everything else is the event loop's: the
interaction received over the gateway, its answer with the board, the DM with the private board,
the store's transaction and the game's words. This part measures the least of that which any bot
on discord.py pays: a process of its own (``python -m bench.library_floor API GATEWAY GUILD
PUBLIC PRIVATE``) with nothing but a ``/stratego move`` command that answers as the bot does — the
bot's words, the board's PNG and its two buttons — and sends the bot's DM with the private PNG, both
PNGs drawn once beforehand (no store, no engine, no drawing). The same driver as ``bench/e2e.py``
sends it the same moves at the same steady rates.

Its CPU per move against the images' floor (``bench/e2e.py`` ``floor``) is the ratio no bot on
discord.py can go below on this machine; the bot's own part is its CPU beyond this one's.
"""

from __future__ import annotations

import asyncio
import gc
import io
import random
import sys
import tempfile
from pathlib import Path

import discord
from discord import app_commands

from bench.bot_process import answering
from bench.e2e import GAMES, Bench, Game, Measured, floor, members, mid_game, ramp
from bench.stats import Row
from cogs.stratego.ui import image_words
from render.stratego import render_board
from rules.stratego import GAME
from rules.stratego.actions import Ready
from tests.fakediscord import FakeDiscord, discord_urls

SECTION = "library floor"

ANSWER = "<@{user}> (Red) moves from I4 to I5.\n<@{user}>, your move."
"""The public answer's words, as long as the bot's (its mentions are the other player's)."""
DM = (
    "**Stratego #1** — your move (Blue).\n<@{user}> (Red) moves from I4 to I5.\n"
    "⏱ Your move is due by <t:1796617353:f> (3 days per turn).\n"
    "Game: https://discord.com/channels/1578265224316715008/1578265224450932736"
)


def serve(api: str, gateway: str, guild_id: int, public: bytes, private: bytes) -> None:
    """The process: a client with the one command, answering every move as the bot does."""

    async def main() -> None:
        with discord_urls(api, gateway):
            client = discord.Client(intents=discord.Intents(guilds=True))
            tree = app_commands.CommandTree(client)
            guild = discord.Object(guild_id)
            dms: dict[int, discord.DMChannel] = {}
            group = app_commands.Group(name="stratego", description="Play Stratego")
            game = app_commands.Group(name="game", description="Games")

            @group.command(name="move", description="Move or attack: from one square to another")
            @app_commands.rename(frm="from")
            async def move(interaction: discord.Interaction, frm: str, to: str, game: str | None = None) -> None:
                view = discord.ui.View(timeout=None)
                view.add_item(discord.ui.Button(label="Move…", style=discord.ButtonStyle.primary, custom_id="dk:1:3:m"))
                view.add_item(discord.ui.Button(label="My pieces", custom_id="dk:1:0:hand"))
                user = interaction.user
                await interaction.response.send_message(
                    ANSWER.format(user=user.id), file=discord.File(io.BytesIO(public), "stratego-1-1.png"), view=view
                )
                channel = dms.get(user.id) or await user.create_dm()
                dms[user.id] = channel
                private_file = discord.File(io.BytesIO(private), "stratego-1-1-you.png")
                await channel.send(DM.format(user=user.id), file=private_file)

            @game.command(name="list", description="Games")
            async def listing(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("No games.", ephemeral=True)

            tree.add_command(group, guild=guild)
            tree.add_command(game, guild=guild)

            @client.event
            async def setup_hook() -> None:
                await tree.sync(guild=guild)

            @client.event
            async def on_ready() -> None:
                gc.freeze()  # as the bot does once ready

            async with client:
                await client.start("fake-token")

    asyncio.run(main())


def pictures() -> tuple[bytes, bytes]:
    """The public and the private board of a mid-game position, as the bot draws them."""
    state = mid_game(3)[0]
    seat = GAME.to_act(state)[0]
    words, names = image_words("en"), ("alice", "bob")
    return render_board(GAME.view(state, None), words, names), render_board(GAME.view(state, seat), words, names)


async def _run(quick: bool) -> list[tuple[int, Measured]]:
    public, private = pictures()
    with tempfile.TemporaryDirectory() as tmp:
        files = [Path(tmp) / "public.png", Path(tmp) / "private.png"]
        for path, data in zip(files, (public, private), strict=True):
            path.write_bytes(data)
        async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
            guild, channel, users = members(fake, 100)
            games = []
            for g in range(GAMES):
                red, blue = users[(2 * g) % len(users)], users[(2 * g + 1) % len(users)]
                state = GAME.new(2, {"colours": "seat0_red"}, g)
                GAME.apply(state, 0, Ready())
                GAME.apply(state, 1, Ready())
                games.append(Game(channel.create_thread(f"game {g}", owner=red), (red, blue), state, random.Random(g)))
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bench.library_floor",
                fake.server.api_base,
                fake.server.gateway_url,
                str(guild.id),
                *map(str, files),
            )
            try:
                await answering(fake, users[0], channel, guild=guild)
                bench = Bench(fake, [process], games, users)
                for _ in range(2):  # every player's DM channel opened, as in bench/e2e.py
                    await bench.burst()
                return await ramp(lambda rate: bench.paced(rate, 1.5 if quick else 4.0), RATES)
            finally:
                process.terminate()
                await process.wait()


RATES = (10, 25, 50, 75, 100)
"""The end-to-end ramp's rates up to issue 18's target: the library alone never misses at them,
and past them it would be measured at rates the bot never reaches."""


def run(quick: bool) -> list[Row]:
    steps = asyncio.run(_run(quick))
    pub, priv = floor(mid_game(40 if quick else 150))
    images = pub + priv
    rows = [
        Row(
            SECTION,
            f"discord.py alone, no game (the bot's answer and DM, two PNGs drawn beforehand): steady {rate} "
            "moves/s: final p50 / p99 ms; CPU ms/move",
            f"{m.ms('final', 50):.1f} / {m.ms('final', 99):.1f}; {m.cpu_ms:.1f}",
        )
        for rate, m in steps
    ]
    n = sum(len(m.samples) for _, m in steps)
    cpu = sum(m.cpu for _, m in steps) / max(1, n) * 1000
    rows.append(
        Row(
            SECTION,
            "discord.py alone against a move's images (public + private PNG of mid-game positions, drawn here), "
            "the ramp's steps: (images + its CPU) / images; what 1.5x leaves for the store and the game, ms",
            f"({images:.1f} + {cpu:.1f}) / {images:.1f} = {(images + cpu) / images:.2f}x; {0.5 * images - cpu:.1f}",
        )
    )
    return rows


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]).read_bytes(), Path(sys.argv[5]).read_bytes())
