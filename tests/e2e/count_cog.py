"""The toy "count" game (tests/toygame.py) seated at the shared table: its UI, its words and a thin
cog, as a new game would add them — nothing copied from Stratego — and its one registration, which
names this module as its extension. Loaded as an extra cog by the harness."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image, ImageDraw

from cogs import games
from cogs.table.respond import locale_of
from cogs.table.ui import ButtonSpec, FileSpec, mention
from cogs.texts import t
from cogs.texts.tables import Words
from db.records import GameRecord
from rules.errors import RuleError
from tests.toygame import GAME, Add, CountState

if TYPE_CHECKING:
    from bot import Deskovka

KIND = "count"
WORDS = {"en": Words({"count.title": "Count"}), "cs": Words({"count.title": "Počítání"})}
"""Its words by locale, as a game's ``cogs/<game>/words/`` gives them."""


def picture(state: CountState) -> bytes:
    """The public board: the total and the target (nothing is secret in this game)."""
    img = Image.new("RGB", (160, 40), "white")
    ImageDraw.Draw(img).text((8, 12), f"{state.total} / {state.target}", fill="black")
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


class CountUI:
    kind = KIND
    engine = GAME
    has_private = False
    board_at_start = True
    live_turn = False

    def title(self, locale: str) -> str:
        return t("count.title", locale)

    def private_label(self, locale: str) -> str:
        return ""

    def options_text(self, options: dict[str, Any], locale: str) -> str:
        return f"to {options.get('target')}, steps up to {options.get('max_step')}"

    def rules_text(self, locale: str) -> str:
        return "Add 1 to 3 in turn; whoever reaches the target wins."

    def thread_name(self, rec: GameRecord, state: CountState, names: Sequence[str], locale: str) -> str:
        return f"Count #{rec.id}: " + ", ".join(names)

    def start_text(self, rec: GameRecord, state: CountState, locale: str) -> str:
        return f"**Count #{rec.id}** to {state.target}: " + ", ".join(mention(p) for p in rec.players)

    def public_files(self, rec: GameRecord, state: CountState, names: Sequence[str], locale: str) -> list[FileSpec]:
        return [FileSpec(picture(state), f"count-{rec.id}-{state.total}.png")]

    def private_files(
        self, rec: GameRecord, state: CountState, seat: int, names: Sequence[str], locale: str
    ) -> list[FileSpec]:
        return []

    def private_text(self, rec: GameRecord, state: CountState, seat: int, locale: str) -> str:
        return ""

    def private_buttons(self, rec: GameRecord, state: CountState, seat: int, locale: str) -> list[ButtonSpec]:
        return []

    def public_buttons(self, rec: GameRecord, state: CountState, version: int, locale: str) -> list[ButtonSpec]:
        if state.winner is not None:
            return []
        return [ButtonSpec("add", f"+{k}", "primary", version, str(k)) for k in range(1, state.max_step + 1)]

    def private_changed(self, events: list[dict[str, Any]], seat: int) -> bool:
        return False

    def board_changed(self, events: list[dict[str, Any]]) -> bool:
        return any(e["type"] == "added" for e in events)

    def event_lines(self, rec: GameRecord, state: CountState, events: list[dict[str, Any]], locale: str) -> list[str]:
        out = []
        for e in events:
            if e["type"] == "added":
                out.append(f"{mention(rec.players[e['seat']])} adds {e['amount']}: total {state.total}.")
            elif e["type"] == "resigned":
                out.append(f"{mention(rec.players[e['seat']])} resigns and is out.")
        return out

    def prompt(self, rec: GameRecord, state: CountState, seat: int, locale: str) -> str:
        return f"{mention(rec.players[seat])}, add 1 to {state.max_step}."

    def turn_notice(
        self, rec: GameRecord, state: CountState, seat: int, events: list[dict[str, Any]], locale: str
    ) -> str:
        return f"**Count #{rec.id}** — your turn: the total is {state.total} of {state.target}."

    def status_line(self, rec: GameRecord, state: CountState, locale: str) -> str:
        return f"total {state.total}/{state.target}, {mention(rec.players[state.turn])} to add"

    def automa_name(self, locale: str) -> str | None:
        return None

    def outcome_text(self, rec: GameRecord, state: CountState, locale: str) -> str:
        assert state.winner is not None
        return f"{mention(rec.players[state.winner])} wins ({state.reason})."

    def record_text(self, rec: GameRecord, state: CountState, seat: int | None, locale: str) -> str:
        return f"Count #{rec.id}: total {state.total}, rolls {state.rolls}"

    def record_files(self, rec: GameRecord, state: CountState, names: Sequence[str], locale: str) -> list[FileSpec]:
        return []  # the JSON record (/game log) is the only one

    def last_lines(self, rec: GameRecord, state: CountState, seat: int | None, locale: str) -> list[str]:
        return [f"total {state.total}"]

    def error_params(self, error: RuleError, locale: str) -> dict[str, Any]:
        return {}


class CountCog(commands.GroupCog, name="count", group_name="count", group_description="Count to a target"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table = bot.table
        super().__init__()

    async def cog_load(self) -> None:
        self.table.router.on("add", self._add_button, KIND)

    @app_commands.command(name="new", description="A game of Count")
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        player2: discord.User | None = None,
        player3: discord.User | None = None,
        target: int = 10,
        pace: str = "3d",
        language: str | None = None,
        computers: int = 0,
        level: str = "normal",
    ) -> None:
        """``pace``, ``language`` and ``level`` are free text here (the real games offer choices),
        so a bad one can be typed."""
        await self.table.lobbies.open(
            interaction,
            KIND,
            {"target": target},
            [player2, player3],
            pace=pace,
            language=language,
            computers=computers,
            level=level,
        )

    @app_commands.command(name="add", description="Add to the total")
    async def add(self, interaction: discord.Interaction, amount: int, game: str | None = None) -> None:
        rec, seat = await self.table.finder.mine(interaction, game, KIND)
        await self.table.acting.play(interaction, rec, seat, Add(amount))

    @app_commands.command(name="act", description="Any action in notation")
    async def act(self, interaction: discord.Interaction, action: str, game: str | None = None) -> None:
        rec, seat = await self.table.finder.mine(interaction, game, KIND)
        await self.table.acting.play(
            interaction, rec, seat, self.table.finder.parse(rec, action, locale_of(interaction), rec.load_state())
        )

    async def _add_button(self, interaction: discord.Interaction, rec: GameRecord, press: Any) -> None:
        seat = self.table.finder.seat(rec, interaction.user.id, locale_of(interaction))
        await self.table.acting.play(interaction, rec, seat, Add(int(press.arg)), version=press.version)


games.register(games.GameKind(GAME, CountUI(), sys.modules[__name__], WORDS))
"""Registered as the module loads (as the built-in games are when cogs.games does), so every bot
of a test run, the first included, sees the same command tree."""


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(CountCog(bot))
