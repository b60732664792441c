"""/league (issue 47 §1, §3): what organizers and players see and do — create a league and post its
sign-up with **Join** / **Leave** buttons, set who may run leagues, start it, leave or withdraw,
remove a player, close a round at its deadline, and read the standings (an image and the text),
a round's pairings and the league's description.

Who may manage a league (start, remove, close): members with Manage Server, members with the role
the server set (``/league settings``), and the league's own organizer (who created it: they were
allowed to then, and a club's organizer need not be a moderator). Creating needs Manage Server or
the role; the settings need Manage Server.

The rounds themselves — starting, withdrawals and closing a round — are the league runner's
(:class:`cogs.leagues.running.LeagueRunner`): this cog checks who asks and words the answers.
Every refusal is private, in the caller's language, and changes nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import io
import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.leagues import describing, game_options, signup
from cogs.leagues.errors import LeagueRefusal
from cogs.leagues.names import LeagueNames
from cogs.leagues.signup import SignupButton, signup_view
from cogs.leagues.view import LeagueView
from cogs.table.clock_words import stamp
from cogs.table.lobby import LANGUAGE_CHOICES, LANGUAGE_HELP, PACE_CHOICES, PACE_HELP, default_language
from cogs.table.respond import Refusal, choices_or_nothing, locale_of, reply
from cogs.table.table import Table
from cogs.texts import LANGUAGES, quote, t
from cogs.texts.images import image_words
from db.base import Store
from db.clocks import DEFAULT_PACE, PACES
from db.errors import (
    AlreadyJoined,
    LeagueFull,
    LeagueNotFound,
    LeagueStaleVersion,
    LeagueWrongStatus,
    NotJoined,
)
from db.league_records import League
from render.font_coverage import drawable
from render.league_standings import StandingRow, standings_image
from rules.league.config import (
    DEFAULT_PLACEMENT,
    ByeScore,
    Format,
    LeagueConfig,
    LeagueError,
    Scoring,
    Unfinished,
    scoring_of,
)
from rules.league.schedule import check_start
from rules.league.standings import tie_breaks

if TYPE_CHECKING:
    from bot import Deskovka

log = logging.getLogger("deskovka.leagues")

NAME_LIMIT = 80
ACTIVE = ("signup", "running")
DATE_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d")
RETRIES = 3
"""Tries of a sign-up change that met another at the same moment (the league's version moved)."""


class Runner(Protocol):
    """What this cog asks of the league runner (:class:`cogs.leagues.running.LeagueRunner`)."""

    async def start(self, league_id: int, by_user: int) -> None: ...

    async def withdraw(self, league_id: int, user_id: int, by_user: int) -> None: ...

    async def close_round(self, league_id: int, by_user: int) -> None: ...

    async def standings_of(self, league_id: int) -> LeagueView: ...

    def poke(self) -> None: ...


def parse_start(text: str, now: float, locale: str) -> float:
    """``YYYY-MM-DD`` or ``YYYY-MM-DD HH:MM`` in UTC, in the future."""
    for form in DATE_FORMATS:
        try:
            when = datetime.datetime.strptime(text.strip(), form).replace(tzinfo=datetime.UTC)
        except ValueError:
            continue
        stamp = when.timestamp()
        if stamp <= now:
            raise Refusal(t("league.no.date_past", locale, when=f"<t:{int(stamp)}:F>"))
        return stamp
    raise Refusal(t("league.no.date", locale, text=quote(text, locale)))


def league_config(
    kind: str,
    size: int | None,
    form: str,
    rounds: int | None,
    locale: str,
    scoring: LeagueScoring | None = None,
) -> LeagueConfig:
    """The league's rules for ``kind``: its tables of ``size`` (default: the game's most players),
    the format and rounds checked, and the organizer's scoring (:class:`LeagueScoring`) — a clear
    refusal for an impossible one."""
    engine = games.ui(kind).engine
    low, high = max(2, engine.min_players), engine.max_players
    size = high if size is None else size
    title = games.ui(kind).title(locale)
    if not low <= size <= high:
        raise Refusal(t("league.no.table", locale, game=title, low=low, high=high, size=size))
    chosen = Format(form)
    if chosen is Format.SWISS and rounds is None:
        raise Refusal(t("league.no.rounds_swiss", locale))
    if chosen is Format.ROUND_ROBIN and rounds is not None:
        raise Refusal(t("league.no.rounds_robin", locale))
    try:
        config = LeagueConfig(chosen, size, tuple(range(low, high + 1)), rounds)
    except LeagueError as e:
        raise Refusal(t("league.no.table", locale, game=title, low=low, high=high, size=size)) from e
    return config if scoring is None else scoring.applied(config, locale)


POINT_SEPARATORS = re.compile(r"[\s/,;]+")


@dataclass(frozen=True, slots=True)
class LeagueScoring:
    """What ``/league new`` takes of the scoring (issue 47 §2, configurable): ``points`` as typed
    ("6/3/1": win/draw/loss; "6/4/2/0": places, best first), the rule for games closed unfinished
    and the bye's score (None: the default)."""

    points: str | None = None
    unfinished: str | None = None
    bye: str | None = None

    def applied(self, config: LeagueConfig, locale: str) -> LeagueConfig:
        scoring = config.scoring
        if self.points is not None:
            scoring = self._scoring(config, locale)
        unfinished = Unfinished(self.unfinished) if self.unfinished else config.unfinished
        bye = ByeScore(self.bye) if self.bye else config.bye
        return dataclasses.replace(config, scoring=scoring, unfinished=unfinished, bye=bye)

    def _scoring(self, config: LeagueConfig, locale: str) -> Scoring:
        text = (self.points or "").strip()
        places = max(config.allowed_sizes)
        example = "6/3/1" if config.two_player else "/".join(map(str, DEFAULT_PLACEMENT[:places]))
        words = [w for w in POINT_SEPARATORS.split(text) if w]
        if not words or not all(w.isascii() and w.isdigit() for w in words):
            raise Refusal(t("league.no.points_form", locale, text=quote(text, locale), example=example))
        try:
            return scoring_of([int(w) for w in words], two_player=config.two_player, places=places)
        except LeagueError as e:
            kind = "two" if config.two_player else "table"
            key = f"league.no.points_count_{kind}" if e.code == "points_count" else f"league.no.{e.code}"
            raise Refusal(t(key, locale, example=example, **e.params)) from None


def refusal_words(refusal: LeagueRefusal, locale: str) -> str:
    """The runner's refusal in the caller's words; a deadline (Unix seconds) as a Discord timestamp,
    which every reader sees in their own time zone."""
    params = {k: stamp(v, "F") if k == "deadline" and isinstance(v, int) else v for k, v in refusal.params.items()}
    return t(refusal.key, locale, **params)


@app_commands.guild_only()
class LeagueCog(
    commands.GroupCog, name="league", group_name="league", group_description="Leagues: a season of games in this server"
):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        self.names = LeagueNames(self.table.transport.names)
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SignupButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SignupButton)

    @property
    def store(self) -> Store:
        return self.table.store

    def runner(self) -> Runner:
        """The bot's league runner (:class:`cogs.leagues.running.LeagueRunner`)."""
        return self.table.leagues

    # -- who asks, which league ------------------------------------------------------------------

    async def guild_of(self, interaction: discord.Interaction) -> tuple[int, str]:
        locale = await self.table.locales.set_locale(interaction)
        if interaction.guild_id is None:
            raise Refusal(t("league.no.dm", locale))
        return interaction.guild_id, locale

    async def may_manage(self, interaction: discord.Interaction, league: League | None) -> bool:
        """Manage Server, the server's league role, or (for an existing league) its organizer."""
        if league is not None and league.created_by == interaction.user.id:
            return True
        perms = interaction.permissions
        if perms.manage_guild or perms.administrator:
            return True
        assert interaction.guild_id is not None
        role = (await self.store.leagues.settings(interaction.guild_id)).manager_role_id
        roles = getattr(interaction.user, "roles", [])
        return role is not None and any(r.id == role for r in roles)

    async def managed(self, interaction: discord.Interaction, league: str | None) -> tuple[League, str]:
        """The league, when the caller may manage it; a refusal otherwise."""
        found, locale = await self.which(interaction, league)
        if not await self.may_manage(interaction, found):
            raise Refusal(t("league.no.manager", locale))
        return found, locale

    async def which(self, interaction: discord.Interaction, league: str | None) -> tuple[League, str]:
        """The league named, else the one this channel holds (one in sign-up or running, else the
        last one finished here), else the server's only active one."""
        guild, locale = await self.guild_of(interaction)
        if league:
            text = league.strip().lstrip("#")
            try:
                found = await self.store.leagues.get(int(text)) if text.isdigit() else None
            except LeagueNotFound:
                found = None
            if found is None and not text.isdigit():  # its name typed instead of picked
                named = [x for x in await self.store.leagues.find(guild) if x.name.casefold() == text.casefold()]
                found = named[-1] if named else None  # the latest of that name
            if found is None or found.guild_id != guild:
                raise Refusal(t("league.no.league", locale))
            return found, locale
        everything: list[League] = await self.store.leagues.find(guild)
        channel = getattr(interaction.channel, "parent_id", None) or interaction.channel_id
        here = [x for x in everything if x.channel_id in (channel, interaction.channel_id)]
        for pool in (
            [x for x in here if x.status in ACTIVE],
            [x for x in everything if x.status in ACTIVE],
            [x for x in here if x.status == "finished"][-1:],
        ):
            if len(pool) == 1:
                return pool[0], locale
            if len(pool) > 1:
                names = ", ".join(f"`#{x.id}` {describing.plain(x.name)}" for x in pool[:10])
                raise Refusal(t("league.no.which", locale, names=names))
        raise Refusal(t("league.no.none_here", locale))

    async def _league_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            if interaction.guild_id is None:
                return []
            typed = current.strip().lstrip("#").lower()
            found: list[League] = await self.store.leagues.find(interaction.guild_id)
            found.sort(key=lambda x: (x.status not in ACTIVE, -x.id))
            return [
                app_commands.Choice(name=f"#{x.id} {x.name}"[:100], value=str(x.id))
                for x in found
                if typed in f"{x.id} {x.name}".lower()
            ]

        return await choices_or_nothing(interaction, work)

    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            typed = current.strip().lower()
            named = [(games.ui(k).title(locale), k) for k in sorted(games.KINDS)]
            return [app_commands.Choice(name=n, value=k) for n, k in named if typed in n.lower() or typed in k]

        return await choices_or_nothing(interaction, work)

    async def _options_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            kind = getattr(interaction.namespace, "game", None)
            if kind not in games.KINDS:
                return []
            offered = game_options.completions(kind, current, locale_of(interaction))
            return [app_commands.Choice(name=words, value=value) for words, value in offered]

        return await choices_or_nothing(interaction, work)

    # -- /league new -----------------------------------------------------------------------------

    @app_commands.command(name="new", description="Create a league and post its sign-up here")
    @app_commands.describe(
        name="The league's name",
        game="Which game",
        format="Everyone plays everyone, or a Swiss system of some rounds",
        rounds="How many rounds (Swiss only)",
        players_per_game="Players at each game (default: the game's most)",
        options="The game's options: type a word (e.g. barrage) and pick from the list",
        pace=PACE_HELP,
        round_days="Days each round lasts (default 14)",
        start="Start date, YYYY-MM-DD or YYYY-MM-DD HH:MM in UTC (default: when you start it)",
        limit="The most players who may sign up",
        language=LANGUAGE_HELP,
        points="Points: win/draw/loss for two players (default 6/3/1), by place for tables (default 6/4/2/0)",
        unfinished="How a game still running when the organizer closes its round counts (default: draw)",
        bye="What a bye scores (default: a win for two players, the table's average for tables)",
    )
    @app_commands.choices(
        format=[
            app_commands.Choice(name="round robin", value=Format.ROUND_ROBIN.value),
            app_commands.Choice(name="Swiss", value=Format.SWISS.value),
        ],
        pace=PACE_CHOICES,
        language=LANGUAGE_CHOICES,
        unfinished=[app_commands.Choice(name=u.value, value=u.value) for u in Unfinished],
        bye=[
            app_commands.Choice(name="win", value=ByeScore.WIN.value),
            app_commands.Choice(name="draw", value=ByeScore.DRAW.value),
            app_commands.Choice(name="loss", value=ByeScore.LOSS.value),
            app_commands.Choice(name="nothing", value=ByeScore.ZERO.value),
        ],
    )
    @app_commands.autocomplete(game=_game_choices, options=_options_choices)
    async def new(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, NAME_LIMIT],
        game: str,
        format: str = Format.ROUND_ROBIN.value,
        rounds: app_commands.Range[int, 1, 30] | None = None,
        players_per_game: app_commands.Range[int, 2, 8] | None = None,
        options: str | None = None,
        pace: str = DEFAULT_PACE,
        round_days: app_commands.Range[int, 1, 365] = 14,
        start: str | None = None,
        limit: app_commands.Range[int, 2, 256] | None = None,
        language: str | None = None,
        points: app_commands.Range[str, 1, 60] | None = None,
        unfinished: str | None = None,
        bye: str | None = None,
    ) -> None:
        guild, locale = await self.guild_of(interaction)
        if not await self.may_manage(interaction, None):
            raise Refusal(t("league.no.manager_new", locale))
        if isinstance(interaction.channel, discord.Thread):  # its games need threads of their own
            raise Refusal(t("league.no.thread", locale))
        if game not in games.KINDS:
            titles = ", ".join(games.ui(k).title(locale) for k in sorted(games.KINDS))
            raise Refusal(t("league.no.game", locale, name=quote(game, locale), games=titles))
        if format not in {f.value for f in Format}:
            raise Refusal(t("league.no.rounds_swiss", locale))
        scoring = LeagueScoring(
            points,
            unfinished if unfinished in {u.value for u in Unfinished} else None,
            bye if bye in {b.value for b in ByeScore} else None,
        )
        config = league_config(game, players_per_game, format, rounds, locale, scoring)
        resolved = game_options.parse_options(game, options, locale)
        if pace not in PACES:
            raise Refusal(t("league.no.pace", locale, choices=", ".join(f"`{p}`" for p in PACES)))
        if language is not None and language not in LANGUAGES:
            language = None
        label = " ".join(name.split())
        if not label or len(label) > NAME_LIMIT:
            raise Refusal(t("league.no.name", locale, n=NAME_LIMIT))
        starts_at = parse_start(start, self.bot.clock(), locale) if start else None
        if limit is not None:
            try:
                check_start(config, limit)
            except LeagueError:
                raise Refusal(
                    t("league.no.limit", locale, limit=limit, least=describing.least_players(config))
                ) from None
        created: League = await self.store.leagues.create(
            guild,
            interaction.channel_id or 0,
            label,
            game,
            resolved,
            config.to_json(),
            PACES[pace],
            round_days,
            interaction.user.id,
            starts_at=starts_at,
            player_limit=limit,
            language=language or default_language(interaction),
        )
        if starts_at is not None:
            self.runner().poke()  # its poll wakes on the date
        post_locale = created.language or DEFAULT
        await interaction.response.send_message(
            describing.signup_text(created, config, [], post_locale),
            view=signup_view(created.id, post_locale),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        try:
            message = await interaction.original_response()
            await self.store.leagues.set_signup_message(created.id, message.id)
        except discord.HTTPException:
            log.warning("the sign-up post of league %s is not known", created.id, exc_info=True)

    # -- /league settings ------------------------------------------------------------------------

    @app_commands.command(name="settings", description="Who may create and run leagues here (Manage Server)")
    @app_commands.describe(role="Members with this role may create and run leagues", clear="Remove the role")
    async def settings(
        self, interaction: discord.Interaction, role: discord.Role | None = None, clear: bool = False
    ) -> None:
        guild, locale = await self.guild_of(interaction)
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            raise Refusal(t("league.no.settings", locale))
        if clear:
            await self.store.leagues.set_settings(guild, None)
            await reply(interaction, t("league.settings.cleared", locale), ephemeral=True)
            return
        if role is not None:
            await self.store.leagues.set_settings(guild, role.id)
            await reply(interaction, t("league.settings.set", locale, role=role.mention), ephemeral=True)
            return
        current = (await self.store.leagues.settings(guild)).manager_role_id
        key = "league.settings.show_role" if current is not None else "league.settings.show_none"
        await reply(interaction, t(key, locale, role=f"<@&{current}>"), ephemeral=True)

    # -- /league start, leave, remove, close -------------------------------------------------------

    @app_commands.command(name="start", description="Start a league now (its organizers)")
    @app_commands.describe(league="Which league")
    @app_commands.autocomplete(league=_league_choices)
    async def start(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found, locale = await self.managed(interaction, league)
        if found.status != "signup":
            raise Refusal(t("league.no.signup", locale, name=describing.plain(found.name)))
        runner = self.runner()
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.run(locale, runner.start(found.id, interaction.user.id))  # the runner edits the sign-up post
        await reply(interaction, t("league.started", locale, name=describing.plain(found.name)), ephemeral=True)

    @app_commands.command(name="leave", description="Leave a league's sign-up, or withdraw from a running league")
    @app_commands.describe(league="Which league")
    @app_commands.autocomplete(league=_league_choices)
    async def leave(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found, locale = await self.which(interaction, league)
        name = describing.plain(found.name)
        user = interaction.user.id
        if found.status == "signup":
            await self.sign(found, user, "leave", locale)
            await self.refresh_signup(found.id)
            await reply(interaction, t("league.left", locale, name=name), ephemeral=True)
            return
        if found.status != "running":
            raise Refusal(t("league.no.not_running", locale, name=name))
        if user not in {p.user_id for p in await self.store.leagues.players(found.id)}:
            raise Refusal(t("league.no.not_joined", locale, name=name))
        runner = self.runner()
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.run(locale, runner.withdraw(found.id, user, user))
        await reply(interaction, t("league.withdrew", locale, name=name), ephemeral=True)

    @app_commands.command(name="remove", description="Take a player off a league (its organizers)")
    @app_commands.describe(player="Who", league="Which league")
    @app_commands.autocomplete(league=_league_choices)
    async def remove(self, interaction: discord.Interaction, player: discord.User, league: str | None = None) -> None:
        found, locale = await self.managed(interaction, league)
        name = describing.plain(found.name)
        if player.id not in {p.user_id for p in await self.store.leagues.players(found.id)}:
            raise Refusal(t("league.no.not_player", locale, user=player.mention, name=name))
        if found.status == "signup":
            await self.sign(found, player.id, "leave", locale, other=player.mention)
            await self.refresh_signup(found.id)
            await reply(interaction, t("league.removed", locale, user=player.mention, name=name), ephemeral=True)
            return
        if found.status != "running":
            raise Refusal(t("league.no.not_running", locale, name=name))
        runner = self.runner()
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.run(locale, runner.withdraw(found.id, player.id, interaction.user.id))
        await reply(interaction, t("league.removed_running", locale, user=player.mention, name=name), ephemeral=True)

    @app_commands.command(name="close", description="Close the current round at its deadline (its organizers)")
    @app_commands.describe(league="Which league")
    @app_commands.autocomplete(league=_league_choices)
    async def close(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found, locale = await self.managed(interaction, league)
        name = describing.plain(found.name)
        if found.status != "running":
            raise Refusal(t("league.no.not_running", locale, name=name))
        runner = self.runner()
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.run(locale, runner.close_round(found.id, interaction.user.id))
        await reply(interaction, t("league.closed", locale, round=found.current_round, name=name), ephemeral=True)

    async def view(self, league_id: int, locale: str) -> LeagueView:
        """The league as the runner shows it (the same standings as its posts)."""
        try:
            return await self.runner().standings_of(league_id)
        except LeagueRefusal as e:
            raise Refusal(refusal_words(e, locale)) from e

    async def run(self, locale: str, work: Any) -> None:
        """A runner's operation; its typed refusals in the caller's words (nothing was changed)."""
        try:
            await work
        except LeagueRefusal as e:
            raise Refusal(refusal_words(e, locale)) from e

    # -- /league standings, pairings, info ----------------------------------------------------------

    @app_commands.command(name="standings", description="A league's standings: a picture and the text")
    @app_commands.describe(league="Which league")
    @app_commands.autocomplete(league=_league_choices)
    async def standings(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found, locale = await self.which(interaction, league)
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await self.view(found.id, locale)
        names = await self.names.names(found.guild_id, describing.seed_order(view), locale)
        text = describing.standings_text(view, names, locale)
        image = await asyncio.to_thread(standings_png, view, names, locale)
        picture = discord.File(io.BytesIO(image), filename=f"league-{found.id}-standings.png")
        await reply(interaction, text, ephemeral=True, files=[picture])

    @app_commands.command(name="pairings", description="A round's tables and results")
    @app_commands.describe(round="Which round (default: the current one)", league="Which league")
    @app_commands.autocomplete(league=_league_choices)
    async def pairings(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1, 1000] | None = None,
        league: str | None = None,
    ) -> None:
        found, locale = await self.which(interaction, league)
        name = describing.plain(found.name)
        if found.current_round == 0:
            raise Refusal(t("league.no.no_rounds", locale, name=name))
        chosen = found.current_round if round is None else round
        if chosen > found.current_round:
            raise Refusal(t("league.no.round", locale, name=name, round=chosen))
        await interaction.response.defer(ephemeral=True, thinking=True)  # names may need Discord
        view = await self.view(found.id, locale)
        seated = [p for table in describing.round_tables(view, chosen) for p in table.seats]
        names = await self.names.names(found.guild_id, seated, locale)
        await reply(interaction, describing.pairings_text(view, chosen, names, locale), ephemeral=True)

    @app_commands.command(name="info", description="A league's format, scoring, pace, dates and players")
    @app_commands.describe(league="Which league")
    @app_commands.autocomplete(league=_league_choices)
    async def info(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found, locale = await self.which(interaction, league)
        await interaction.response.defer(ephemeral=True, thinking=True)  # names may need Discord
        view = await self.view(found.id, locale)
        due = None
        if found.status == "running" and found.current_round:
            due = (await self.store.leagues.get_round(found.id, found.current_round)).deadline
        lines = describing.description(found, view.config, locale, round_due=due, rounds=describing.rounds_of(view))
        names = await self.names.names(found.guild_id, describing.seed_order(view), locale)
        who = [
            describing.plain(names[p.user_id]) + (t("league.standings.withdrawn", locale) if not p.active else "")
            for p in view.players
        ]
        listed = ", ".join(who) or t("league.signup.nobody", locale)
        if found.player_limit is not None:
            lines.append(t("league.signup.players_limit", locale, n=len(who), limit=found.player_limit, players=listed))
        else:
            lines.append(t("league.signup.players", locale, n=len(who), players=listed))
        await reply(interaction, describing.fit_lines(lines), ephemeral=True)

    # -- the sign-up post ----------------------------------------------------------------------------

    async def sign(self, league: League, user: int, verb: str, locale: str, other: str | None = None) -> League:
        """Join or leave the sign-up; the store's refusals in the caller's words."""
        name = describing.plain(league.name)
        for attempt in range(RETRIES):
            try:
                if verb == "join":
                    changed: League = await self.store.leagues.join(league.id, user)
                else:
                    changed = await self.store.leagues.leave(league.id, user)
                return changed
            except AlreadyJoined:
                raise Refusal(t("league.no.joined_twice", locale, name=name)) from None
            except NotJoined:
                if other is not None:
                    raise Refusal(t("league.no.not_player", locale, user=other, name=name)) from None
                raise Refusal(t("league.no.not_joined", locale, name=name)) from None
            except LeagueFull as e:
                raise Refusal(t("league.no.full", locale, name=name, n=e.limit)) from None
            except LeagueWrongStatus:
                raise Refusal(t("league.no.signup", locale, name=name)) from None
            except LeagueStaleVersion:
                if attempt == RETRIES - 1:
                    raise Refusal(t("league.no.busy", locale)) from None
        raise AssertionError("unreachable")

    async def pressed(self, interaction: discord.Interaction, league_id: int, verb: str) -> None:
        """**Join** / **Leave** on a sign-up post: the post is edited to the new list of players
        (that edit answers the press); a refusal is private."""
        locale = await self.table.locales.set_locale(interaction)
        try:
            league: League = await self.store.leagues.get(league_id)
        except LeagueNotFound:
            raise Refusal(t("league.no.league", locale)) from None
        if league.guild_id != interaction.guild_id:
            raise Refusal(t("league.no.league", locale))
        if league.status != "signup":  # started on its date: the post loses its buttons too
            await self.refresh_signup(league.id)
            raise Refusal(t("league.no.signup", locale, name=describing.plain(league.name)))
        changed = await self.sign(league, interaction.user.id, verb, locale)
        content, view = await self.signup_post(changed)
        await interaction.response.edit_message(
            content=content, view=view, allowed_mentions=discord.AllowedMentions.none()
        )

    async def signup_post(self, league: League) -> tuple[str, discord.ui.View | None]:
        return await signup.signup_post(self.store, league)

    async def refresh_signup(self, league_id: int) -> None:
        await signup.refresh_signup(self.bot, self.store, league_id)


DEFAULT = "en"


def standings_png(view: LeagueView, names: dict[int, str], locale: str) -> bytes:
    """The standings image in ``locale`` (drawn off the event loop)."""
    words = image_words(locale, "img.lg.")
    rows = view.standings
    league = view.league
    if league.status == "finished":
        sub = words("img.lg.subheading_final")
    elif league.current_round:
        sub = words("img.lg.subheading", round=league.current_round, rounds=describing.rounds_of(view))
    else:
        sub = words("img.lg.subheading_none")
    breaks = [b.value for b in tie_breaks(view.config)]
    scored = any(s.points or s.played for s in rows)
    shown = [
        StandingRow(
            place=describing.place_column(s),
            name=drawable(names.get(s.player, "")) or t("league.unknown_player", locale, n=s.player % 10000),
            points=describing.number(s.points, locale),
            played=s.played,
            tie_breaks=tuple(describing.number(v, locale) for _, v in s.tie_breaks),
            withdrawn=s.withdrawn,
            leader=s.place == 1 and scored,
        )
        for s in rows
    ]
    return standings_image(words("img.lg.heading", name=view.league.name), sub, breaks, shown, words)


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(LeagueCog(bot))
