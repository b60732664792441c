"""/game: the commands every game shares — list, board, hand, log, resign, cancel, rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.buttons import HANDLERS
from cogs.common import Refusal, Table, mention, png, reply, text_file
from cogs.kinds import UIS, ui
from cogs.texts import t
from rules.registry import GAMES

if TYPE_CHECKING:
    from bot import Deskovka


class GameCog(commands.GroupCog, name="game", group_name="game", group_description="Your board games"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        super().__init__()

    async def cog_load(self) -> None:
        HANDLERS["hand"] = self._hand_button

    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.table.game_choices(interaction, current)

    @app_commands.command(name="list", description="Your active games in this server")
    async def list_(self, interaction: discord.Interaction) -> None:
        games = await self.table.store.list_games(user_id=interaction.user.id, status=("lobby", "active"))
        if interaction.guild_id is not None:
            games = [g for g in games if g.guild_id == interaction.guild_id]
        if not games:
            await reply(interaction, t("no_games_listed"), ephemeral=True)
            return
        lines = []
        for g in games:
            if g.status == "lobby":
                lines.append(t("lobby_line", id=g.id, kind=ui(g.kind).title, creator=mention(g.creator_id)))
                continue
            rec = await self.table.store.get(g.id)
            state = rec.load_state()
            players = " vs ".join(mention(p) for p in rec.players)
            lines.append(
                t(
                    "game_line",
                    id=rec.id,
                    kind=ui(rec.kind).title,
                    players=players,
                    turn=ui(rec.kind).status_line(rec, state),
                )
            )
        await reply(interaction, t("your_games", lines="\n".join(lines)), ephemeral=True)

    @app_commands.command(name="board", description="Post the current public board here")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def board(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.resolve(interaction, game, statuses=("active", "finished"))
        state = rec.load_state()
        face = ui(rec.kind)
        status = face.status_line(rec, state)
        await reply(
            interaction,
            t("board_caption", game=rec.id, status=status),
            files=[png(face.public_image(state), f"{rec.kind}-{rec.id}.png")],
        )

    @app_commands.command(name="hand", description="Your private view of a game (only you see it)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def hand(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.resolve(interaction, game)
        await self._show_hand(interaction, rec.id)

    async def _hand_button(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        await self._show_hand(interaction, game_id)

    async def _show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        rec = await self.table.store.get(game_id)
        seat = self.table.seat(rec, interaction.user.id)
        if rec.status != "active":
            raise Refusal(t("not_active", game=rec.id, status=rec.status))
        state = rec.load_state()
        face = ui(rec.kind)
        view = face.private_buttons(rec, state, seat)
        await reply(
            interaction,
            t("hand_caption", game=rec.id),
            ephemeral=True,
            view=view,
            files=[png(face.private_image(state, seat), f"{rec.kind}-{rec.id}-yours.png")],
        )

    @app_commands.command(name="log", description="The last moves, and the full record as a file")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def log(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.resolve(interaction, game, statuses=("active", "finished"))
        state = rec.load_state()
        seat = rec.seat_of(interaction.user.id)
        face = ui(rec.kind)
        lines = face.last_lines(rec, state, seat)
        text = t("log_head", game=rec.id) + "\n" + ("\n".join(lines) if lines else t("log_empty"))
        record = text_file(face.record_text(rec, state, seat), f"{rec.kind}-{rec.id}-record.txt")
        await reply(interaction, text, ephemeral=True, files=[record])

    @app_commands.command(name="resign", description="Resign a game (it counts as a loss)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def resign(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.resolve(interaction, game)
        seat = self.table.seat(rec, interaction.user.id)
        cog = self.bot.get_cog(rec.kind)
        engine = GAMES[rec.kind]
        action = engine.parse_action("resign", rec.load_state())
        await cog.play(interaction, rec, seat, action)  # type: ignore[union-attr]

    @app_commands.command(name="cancel", description="Cancel a game or challenge (not counted as a loss)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def cancel(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.resolve(interaction, game, statuses=("lobby", "active"))
        perms = interaction.permissions
        if interaction.user.id != rec.creator_id and not (perms and perms.manage_guild):
            raise Refusal(t("cancel_not_allowed", game=rec.id))
        rec = await self.table.store.cancel(rec.id, interaction.user.id)
        text = t("cancelled", game=rec.id, user=mention(interaction.user.id))
        if self.table.in_game_channel(interaction, rec):
            await reply(interaction, text)
        else:
            await self.table.post(rec, text)
            await reply(interaction, text, ephemeral=True)

    @app_commands.command(name="rules", description="How a game is played, and its options")
    @app_commands.describe(name="The game")
    @app_commands.choices(name=[app_commands.Choice(name=k, value=k) for k in sorted(UIS)])
    async def rules(self, interaction: discord.Interaction, name: str) -> None:
        if name not in UIS:
            raise Refusal(t("unknown_rules", name=name))
        await reply(interaction, UIS[name].rules_text(), ephemeral=True)


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(GameCog(bot))
