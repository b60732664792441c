"""/game: the commands every game shares — list, board, hand, log, history, replay, resign, cancel,
rules, notify, language.

In a server they reach that server's games only. In DMs (DESIGN §5) they reach the caller's own
games: ``list``, ``hand``, ``log``, ``history``, ``replay``, ``board``, ``rules``, ``notify``,
``language`` and ``resign`` work there; ``cancel`` needs the game's server (a moderator's right is a
server's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.table import computer_levels, listing, open_games, plan, standings, walkthrough
from cogs.table import history as past
from cogs.table.buttons import Press
from cogs.table.cancelling import Cancellations
from cogs.table.core.record import record_json, record_name
from cogs.table.lobby import LEVEL_CHOICES
from cogs.table.replaying import Replayer
from cogs.table.resigning import Resignations
from cogs.table.respond import CONTENT_LIMIT, Refusal, choices_or_nothing, files, fit, locale_of, reply, text_file
from cogs.table.table import Table
from cogs.table.takeback import Takebacks
from cogs.texts import AUTO, LANGUAGES, has, t
from db.records import NOTIFY_CHOICES, GameRecord

if TYPE_CHECKING:
    from bot import Deskovka


class GameCog(commands.GroupCog, name="game", group_name="game", group_description="Your board games"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        self.takebacks = Takebacks(self.table.parts, self.table.clocks)
        self.resignations = Resignations(self.table.parts, self.table.acting)
        self.cancellations = Cancellations(self.table.parts, self.table.lobby_messages)
        self.replayer = Replayer(self.table.parts)
        super().__init__()

    async def cog_load(self) -> None:
        self.table.router.on("hand", self._hand_button)
        self.resignations.register()
        self.cancellations.register()
        self.takebacks.register()

    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.table.finder.game_choices(interaction, current)

    # -- list, board, hand, log ---------------------------------------------------------------

    @app_commands.command(name="list", description="Your games, those waiting for you first (in DMs: all servers)")
    @app_commands.describe(page="Which page, when you have many games")
    async def list_(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        locale = locale_of(interaction)
        user = interaction.user.id
        games = await self.table.finder.my_games(interaction, ("lobby", "active"))
        prefs = await self.table.store.prefs.get(user)
        now = self.bot.clock()
        if not games:
            away = listing.away_line(prefs, now, locale)
            await reply(interaction, "\n".join(x for x in (t("no_games_listed", locale), away) if x), ephemeral=True)
            return
        entries = listing.order(games, user)
        await reply(interaction, await listing.text(self.table, entries, page, prefs, now, locale), ephemeral=True)

    @app_commands.command(name="open", description="This server's open lobbies and challenges, to join")
    @app_commands.describe(page="Which page, when there are many")
    @app_commands.guild_only()
    async def open_(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        locale = await self.table.locales.set_locale(interaction)
        if interaction.guild_id is None:
            raise Refusal(t("open_in_server", locale))
        text, view = await open_games.page(self.table, interaction.guild_id, page, locale)
        await reply(interaction, text, ephemeral=True, view=view)

    @app_commands.command(name="next", description="Go to the game that has waited longest for your move")
    async def next_(self, interaction: discord.Interaction) -> None:
        locale = await self.table.locales.set_locale(interaction)
        mine = await self.table.finder.my_games(interaction, ("active",))
        entries = [e for e in listing.order(mine, interaction.user.id) if e.mine is not None]
        if not entries:
            raise Refusal(t("next_none", locale))
        rec = await self.table.finder.get(interaction, entries[0].rec.id)
        head = await listing.line(self.table, listing.order([rec], interaction.user.id)[0], locale)
        if games.ui(rec.kind).has_private:
            await self.table.acting.private_view(interaction, rec, head=head)
        else:
            await reply(interaction, head, ephemeral=True)

    @app_commands.command(name="nudge", description="Remind the player the game is waiting for (once a day per game)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def nudge(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.finder.resolve(interaction, game)
        await self.table.clocks.nudge(interaction, rec)

    @app_commands.command(name="away", description="Holiday: stop your clocks for some days (14 a year)")
    @app_commands.describe(
        days="How many days (1–14; what is left this year)",
        computer="A computer of this level plays your seats meanwhile (default: your clocks stop)",
    )
    @app_commands.choices(computer=LEVEL_CHOICES)
    async def away(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 14], computer: str | None = None
    ) -> None:
        await self.table.absence.go_away(interaction, days, computer)

    @app_commands.command(name="back", description="End your holiday early: your clocks run again")
    async def back(self, interaction: discord.Interaction) -> None:
        await self.table.absence.come_back(interaction)

    @app_commands.command(name="board", description="Post the current public board here")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def board(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.finder.resolve(interaction, game, statuses=("active", "finished"))
        await interaction.response.defer(thinking=True)
        state = rec.load_state()
        face = games.ui(rec.kind)
        locale = plan.game_locale(rec)
        public = await self.table.transport.public_images(rec, state, locale)
        if rec.status == "finished":
            status = self.table.finder.outcome_words(rec, state, locale)
        else:
            status = f"{face.status_line(rec, state, locale)} · {self.table.clocks.clock_text(rec, locale)}"
        await reply(interaction, t("board_caption", locale, game=rec.id, status=status), files=files(public))

    @app_commands.command(name="hand", description="Your private view of a game (only you see it)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def hand(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.finder.resolve(interaction, game)
        await self.table.acting.private_view(interaction, rec)

    async def _hand_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        await self.table.acting.private_view(interaction, rec)

    @app_commands.command(name="log", description="The last moves, and the full record as a file")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def log(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec = await self.table.finder.resolve(interaction, game, statuses=("active", "finished"))
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = rec.load_state()
        seat = rec.seat_of(interaction.user.id)
        face = games.ui(rec.kind)
        lines = face.last_lines(rec, state, seat, locale)
        text = t("log_head", locale, game=rec.id) + "\n" + ("\n".join(lines) if lines else t("log_empty", locale))
        record = [text_file(face.record_text(rec, state, seat, locale), f"{rec.kind}-{rec.id}-record.txt")]
        if rec.status == "finished":  # the replayable record, seed included, once the game is over
            record.append(text_file(record_json(rec, await self.table.store.games.actions(rec.id)), record_name(rec)))
            record += face.record_files(
                rec, state, await self.table.transport.names.names(rec), locale
            )  # Stratego: StraDoS2
        await reply(interaction, fit(text), ephemeral=True, files=files(record))

    # -- history and replays ------------------------------------------------------------------

    @app_commands.command(name="history", description="Finished games of a player, newest first (in DMs: yours)")
    @app_commands.describe(
        user="Whose games (default: yours)", name="Only games of this kind", page="Which page, when there are many"
    )
    @app_commands.choices(name=[app_commands.Choice(name=k, value=k) for k in sorted(games.KINDS)])
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        name: str | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        """In a server: that server's finished games of ``user`` (default: the caller); in DMs: the
        caller's own, from every server (another player's games there would show games of servers
        the caller may not be in)."""
        locale = locale_of(interaction)
        if name is not None and name not in games.KINDS:
            raise Refusal(t("unknown_rules", locale, name=name[:60]))
        caller = interaction.user.id
        who = user.id if user is not None else caller
        everywhere = interaction.guild_id is None
        if everywhere and who != caller:
            raise Refusal(t("history.dm_own", locale))
        listed = await self.table.store.games.find(user_id=who, guild_id=interaction.guild_id, status=("finished",))
        chosen = past.finished(listed, name)
        text = await past.text(self.table, chosen, page, who, name, everywhere, locale)
        await reply(interaction, fit(text), ephemeral=True)

    async def _finished_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete for ``/game replay``: the caller's finished games here, newest first."""

        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            typed = current.strip().lstrip("#").lower()
            mine = past.finished(await self.table.finder.my_games(interaction, ("finished",)))
            out = []
            for rec in mine:
                label = f"#{rec.id} {games.ui(rec.kind).title(locale)}"
                if typed and typed not in label.lower():
                    continue
                out.append(app_commands.Choice(name=label[:100], value=str(rec.id)))
            return out

        return await choices_or_nothing(interaction, work)

    @app_commands.command(name="replay", description="A finished game as an animated image, or moves from–to of it")
    @app_commands.describe(
        game="Which finished game",
        first="The first move to show (1: from the start; moves as numbered in the /game log record)",
        last="The last move to show (default: the end)",
    )
    @app_commands.rename(first="from", last="to")
    @app_commands.autocomplete(game=_finished_choices)
    async def replay(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        first: app_commands.Range[int, 1, 1_000_000] | None = None,
        last: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        await self.replayer.replay(interaction, game, first, last)

    # -- resigning ----------------------------------------------------------------------------

    @app_commands.command(name="resign", description="Resign a game (it counts as a loss)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def resign(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.resignations.resign(interaction, game)

    # -- taking back ----------------------------------------------------------------------------

    @app_commands.command(name="takeback", description="Ask the other players to take back your last decision")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def takeback(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.takebacks.request(interaction, game)

    # -- cancelling ---------------------------------------------------------------------------

    @app_commands.command(name="cancel", description="Cancel a game or lobby (not counted as a loss)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def cancel(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.cancellations.cancel(interaction, game)

    # -- ratings (issue 20 §1) -----------------------------------------------------------------

    @app_commands.command(name="top", description="The best players of a game in this server")
    @app_commands.describe(name="The game", page="Which page, when many have played")
    @app_commands.choices(name=[app_commands.Choice(name=k, value=k) for k in sorted(games.KINDS)])
    async def top(
        self, interaction: discord.Interaction, name: str, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        locale = await self.table.locales.set_locale(interaction)
        text = await standings.top_text(self.table, interaction.guild_id, name, page, locale)
        await reply(interaction, text, ephemeral=True)

    @app_commands.command(name="stats", description="A player's games here: record, rating and its trend, pace")
    @app_commands.describe(user="Whose (default: yours)")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        locale = await self.table.locales.set_locale(interaction)
        if interaction.guild_id is None:
            raise Refusal(t("ratings_in_server", locale))
        who = user or interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, chart = await standings.stats(self.table, interaction.guild_id, who.id, who.display_name, locale)
        await reply(interaction, text, ephemeral=True, files=files(chart))

    # -- rules and preferences ----------------------------------------------------------------

    @app_commands.command(name="rules", description="How a game is played, and its options")
    @app_commands.describe(name="The game")
    @app_commands.choices(name=[app_commands.Choice(name=k, value=k) for k in sorted(games.KINDS)])
    async def rules(self, interaction: discord.Interaction, name: str) -> None:
        locale = locale_of(interaction)
        if name not in games.KINDS:
            raise Refusal(t("unknown_rules", locale, name=name[:60]))
        ui = games.ui(name)
        rules = ui.rules_text(locale)
        clock = t("rules_pace", locale) + ("\n" + t(f"rules_auto.{name}", locale) if games.auto_player(name) else "")
        levels = computer_levels.rules_text(name, locale)
        walk = walkthrough.text(name, ui.title(locale), locale)
        messages: list[str] = []
        for part in (rules, clock, levels, walk):  # as few messages as Discord's 2,000 characters allow
            if part is None:
                continue
            if messages and len(messages[-1]) + 2 + len(part) <= CONTENT_LIMIT:
                messages[-1] += "\n\n" + part
            else:
                messages.append(part)
        for message in messages:
            await reply(interaction, fit(message), ephemeral=True)

    @app_commands.command(name="notify", description="How you hear it is your turn: DM, a mention, or both")
    @app_commands.describe(how="dm: a DM with your view (default) · mention: a ping in the thread · both")
    @app_commands.choices(how=[app_commands.Choice(name=c, value=c) for c in NOTIFY_CHOICES])
    async def notify(self, interaction: discord.Interaction, how: str) -> None:
        locale = locale_of(interaction)
        if how not in NOTIFY_CHOICES:
            raise Refusal(t("notify_unknown", locale, choices=", ".join(NOTIFY_CHOICES)))
        await self.table.locales.set_prefs(interaction.user.id, notify=how)
        await reply(interaction, t(f"notify_set.{how}", locale), ephemeral=True)

    @app_commands.command(name="language", description="The language of your replies and DMs: Czech, English, or auto")
    @app_commands.describe(language="auto: as your Discord app (default) · cs: Czech · en: English")
    @app_commands.choices(
        language=[
            app_commands.Choice(name="čeština", value="cs"),
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="auto (as your Discord app)", value=AUTO),
        ]
    )
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """Stored in ``user_prefs.language``; answered in the language just chosen."""
        locale = locale_of(interaction)
        if language not in (*LANGUAGES, AUTO):
            raise Refusal(t("language_unknown", locale, choices=", ".join(f"`{c}`" for c in (*LANGUAGES, AUTO))))
        await self.table.locales.set_prefs(interaction.user.id, language=language)
        locale = await self.table.locales.relocale(interaction)
        name = t(f"language_name.{locale}", locale) if has(f"language_name.{locale}") else locale
        await reply(interaction, t(f"language_set.{language}", locale, language=name), ephemeral=True)


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(GameCog(bot))
