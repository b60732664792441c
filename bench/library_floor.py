"""What discord.py alone costs a decision, with no game behind it (issue 18 §7).

Issue 18 asks each game's bot CPU per decision to be within 1.5 times of the images it draws. A
decision's images are drawn by the render workers; everything else is the bot process's: the
interaction received over the gateway, its answer, the DMs, the store's transactions and the game's
words. This part measures the least of that which any bot on discord.py pays, in a process of its
own (``python -m bench.library_floor API GATEWAY GUILD PUBLIC PRIVATE PAGE``) with no store, no
engine and no drawing:

- ``/stratego move`` answers as the bot does — the bot's words, the board's PNG and its two
  buttons — and sends the bot's DM with the private PNG, both PNGs drawn once beforehand;
- ``/stroganov act`` answers with a turn page as the bot does for a press that adds to the page:
  words and the bot's selects and buttons of a mid-game position, no file. The game is the
  registered one told on turn pages (its UI's ``live_turn``: Stroganov; :func:`page_game`), its
  page drawn from its own engine and UI.

The same driver as ``bench/e2e.py`` sends them at the same steady rates. A move's CPU against its
images (``bench/e2e.py`` ``floor``) is the ratio no bot on discord.py goes below on this machine,
and 1.5 times the images less it is what the target leaves for the store and the game; a page's
CPU is what a Stroganov decision costs before any of the bot's own work, images or not.
"""

from __future__ import annotations

import asyncio
import gc
import io
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bench.e2e import GAMES, Bench, Measured, Sample, floor, mid_game, ramp, stalled
from bench.e2e_games import random_action
from bench.stats import Row
from cogs.games import GameKind, registered
from cogs.stratego.ui import image_words
from cogs.table.ui import SelectSpec
from db.json_text import dumps, loads
from render.stratego import render_board
from rules.stratego import GAME
from rules.stratego.actions import Ready
from tests.e2e.bot_process import answering, members, spawn_module
from tests.e2e.stratego_in_play import Game
from tests.fakediscord import FakeDiscord, discord_urls

SECTION = "library floor"
MOVE = "stratego move"
"""The command of a move the floor answers (bench/e2e.py's: Stratego's)."""

ANSWER = "<@{user}> (Red) moves from I4 to I5.\n<@{user}>, your move."
"""The public answer's words, as long as the bot's (its mentions are the other player's)."""
DM = (
    "**Stratego #1** — your move (Blue).\n<@{user}> (Red) moves from I4 to I5.\n"
    "⏱ Your move is due by <t:1796617353:f> (3 days per turn).\n"
    "Game: https://discord.com/channels/1578265224316715008/1578265224450932736"
)


def serve(api: str, gateway: str, guild_id: int, public: bytes, private: bytes, page: dict[str, Any]) -> None:
    """The process: a client with ``/stratego move``, answering every move as the bot does, and
    ``/<game> act`` of the page's game (Stroganov), answering with a turn page (``page``: its
    game, words and components, as :func:`page_spec` wrote them) as the bot answers a press that
    adds to the page."""

    async def main() -> None:
        with discord_urls(api, gateway):
            client = discord.Client(intents=discord.Intents(guilds=True))
            tree = app_commands.CommandTree(client)
            guild = discord.Object(guild_id)
            dms: dict[int, discord.DMChannel] = {}
            group = app_commands.Group(name="stratego", description="Play Stratego")
            game = app_commands.Group(name="game", description="Games")
            act_group = app_commands.Group(name=page["game"], description=f"Play {page['title']}")

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

            @act_group.command(name="act", description="Take a decision")
            async def act(interaction: discord.Interaction, action: str) -> None:
                view = discord.ui.View(timeout=None)
                for k, item in enumerate(page["components"]):
                    if "options" in item:
                        options = [discord.SelectOption(label=a, value=b, description=c) for a, b, c in item["options"]]
                        view.add_item(
                            discord.ui.Select(custom_id=f"dk:1:7:do:{k}", placeholder=item["label"], options=options)
                        )
                    else:
                        view.add_item(discord.ui.Button(label=item["label"], custom_id=f"dk:1:7:b:{k}"))
                await interaction.response.send_message(page["content"], view=view)

            @game.command(name="list", description="Games")
            async def listing(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("No games.", ephemeral=True)

            tree.add_command(group, guild=guild)
            tree.add_command(game, guild=guild)
            tree.add_command(act_group, guild=guild)

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


PAGE_WORDS = (
    "**Year 1, summer** — Player 1's turn\n"
    "Player 1 moved 3 spaces along the river to Tobolsk (2 horses).\n"
    "Player 1 hunted: 2 sables, 1 fox (1 hunter).\n"
    "Player 1 traded 2 sables for 3 silver at the market of Tobolsk.\n"
    "Player 1 claimed the fort of Tobolsk (3 silver, 1 gold): 4 VP.\n"
    "Ivan moved to Berezov and took 1 ermine.\n"
    "Player 2 takes the next turn."
)
"""Words of a turn page of about the usual length (what they say costs discord.py nothing)."""


def page_game() -> GameKind:
    """The game whose turn page the floor answers: the first registered game told on turn pages
    (its UI's ``live_turn``: Stroganov)."""
    for kind in registered():
        if kind.ui.live_turn:
            return kind
    raise LookupError("no registered game is told on turn pages")


def page_spec() -> dict[str, Any]:
    """A turn page of :func:`page_game` at its most players (Stroganov's four) 60 random decisions
    in, on the options its decisions are timed with (``Workload.decisions``): the components the bot
    shows there (Stroganov's: two selects of 7 and 5 decisions, End turn, Full board) and
    :data:`PAGE_WORDS`."""
    kind = page_game()
    engine = kind.engine
    decisions = kind.bench.decisions if kind.bench is not None else None
    options = dict(decisions.options) if decisions is not None else {}
    rnd, state = random.Random(2), engine.new(engine.max_players, options, 2)
    for _ in range(60):
        picked = random_action(engine, state, engine.to_act(state)[0], rnd)
        if picked is None:
            break
        state = picked[1]
    specs = kind.ui.public_buttons(None, state, 7, "en")  # type: ignore[arg-type]  # no record is read
    components = [
        {"label": c.placeholder, "options": c.options} if isinstance(c, SelectSpec) else {"label": c.label}
        for c in specs
    ]
    return {"game": kind.name, "title": kind.ui.title("en"), "content": PAGE_WORDS, "components": components}


class PageBench(Bench):
    """``/<game> act`` of the page's game (Stroganov) in each game's thread, answered with the page:
    no DM to wait for."""

    command = f"{page_game().name} act"

    async def move(self, game: Game, due: float | None = None) -> Sample | None:
        start = time.perf_counter()
        i = await self.fake.slash(game.players[0], game.thread, self.command, action="x")
        answer = await i.response()
        took = time.perf_counter() - (start if due is None else due)
        assert answer.components and i.latency is not None, answer.content
        return Sample(i.latency, took)


async def spawn_floor(fake: FakeDiscord, guild: Any, files: list[Path]) -> asyncio.subprocess.Process:
    """This module as a process against ``fake``, its commands synced to ``guild``."""
    return await spawn_module(fake, "bench.library_floor", str(guild.id), *map(str, files))


def inputs(folder: Path) -> list[Path]:
    """The floor process's arguments as files: the public and private board, the page."""
    files = [folder / "public.png", folder / "private.png", folder / "page.json"]
    public, private = pictures()
    files[0].write_bytes(public)
    files[1].write_bytes(private)
    files[2].write_text(dumps(page_spec()))
    return files


async def _run(quick: bool) -> dict[str, list[tuple[int, Measured]]]:
    """The ramp of Stratego moves, then of the page game's pages (Stroganov's), on one floor process."""
    seconds = 1.5 if quick else 4.0
    with tempfile.TemporaryDirectory() as tmp:
        files = inputs(Path(tmp))
        async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
            guild, channel, users = members(fake, 100)
            games = []
            for g in range(GAMES):
                red, blue = users[(2 * g) % len(users)], users[(2 * g + 1) % len(users)]
                state = GAME.new(2, {"colours": "seat0_red"}, g)
                GAME.apply(state, 0, Ready())
                GAME.apply(state, 1, Ready())
                games.append(Game(channel.create_thread(f"game {g}", owner=red), (red, blue), state, random.Random(g)))
            process = await spawn_floor(fake, guild, files)
            try:
                await answering(fake, users[0], channel, guild=guild)
                moves = Bench(fake, [process], games, users)
                for _ in range(2):  # every player's DM channel opened, as in bench/e2e.py
                    await moves.burst()
                out = {"move": await ramp(lambda rate: moves.paced(rate, seconds), RATES)}
                pages = PageBench(fake, [process], games, users)
                await pages.burst()
                out["page"] = await ramp(lambda rate: pages.paced(rate, seconds), RATES)
                return out
            finally:
                process.terminate()
                await process.wait()


RATES = (10, 25, 50, 75, 100)
"""The end-to-end ramp's rates up to issue 18's target: the library alone never misses at them,
and past them it would be measured at rates the bot never reaches."""


def per_decision(steps: list[tuple[int, Measured]]) -> float:
    """CPU ms per decision over a ramp's steps."""
    return sum(m.cpu for _, m in steps) / max(1, sum(len(m.samples) for _, m in steps)) * 1000


def run(quick: bool) -> list[Row]:
    ramps = asyncio.run(_run(quick))
    pub, priv = floor(mid_game(40 if quick else 150))
    images = pub + priv
    paged = page_game().ui.title("en")
    what = {
        "move": "a Stratego move (the bot's answer and DM, two PNGs drawn beforehand)",
        "page": f"a {paged} decision (its turn page answered: words, two selects, two buttons; no file)",
    }
    rows = [
        Row(
            SECTION,
            f"discord.py alone, {what[kind]}: steady {rate}/s: final p50 / p99 ms; CPU ms",
            f"{m.ms('final', 50):.1f} / {m.ms('final', 99):.1f}; {m.cpu_ms:.1f}{stalled(m)}",
        )
        for kind, steps in ramps.items()
        for rate, m in steps
    ]
    move, page = per_decision(ramps["move"]), per_decision(ramps["page"])
    rows += [
        Row(
            SECTION,
            "discord.py alone against a Stratego move's images (public + private PNG of mid-game positions, drawn "
            "here), the ramp's steps: (images + its CPU) / images; what 1.5x leaves for the store and the game, ms",
            f"({images:.1f} + {move:.1f}) / {images:.1f} = {(images + move) / images:.2f}x; {0.5 * images - move:.1f}",
        ),
        Row(
            SECTION,
            f"discord.py alone, a {paged} decision's page, the ramp's steps: CPU ms; the images per decision "
            "under which 1.5x cannot be met (twice it), ms",
            f"{page:.1f}; {2 * page:.1f}",
        ),
    ]
    return rows


if __name__ == "__main__":
    public, private, page = (Path(a) for a in sys.argv[4:7])
    serve(
        sys.argv[1], sys.argv[2], int(sys.argv[3]), public.read_bytes(), private.read_bytes(), loads(page.read_text())
    )
