"""How a league's news reaches Discord (issue 47 §1): a league game is told as any started game (its
thread of its own in the league's channel, the start post, clocks and DMs: the table's telling),
then the round's pairings are posted in the league's channel and each player is told by DM whom
they play and where (a closed DM: the game's thread says so, as the table does for its DMs); a
round's end posts the standings, the league's end the winner and places, ties shown.

Each post is told piece by piece (:class:`~cogs.leagues.posts.PostProgress`): a piece made before
(by a process killed part way) is skipped, each piece is written down once made and sent with its
nonce (a piece sent but not written down is answered by Discord with the message already made);
the runner marks the post told after the last (:mod:`cogs.leagues.announcing`). Public words are
in the league's language, DMs in each player's. Players are named by mentions (shown as display
names, notifying nobody)."""

from __future__ import annotations

import logging
from fractions import Fraction
from typing import TYPE_CHECKING

import discord

from cogs.leagues import describing
from cogs.leagues.posts import PostProgress
from cogs.leagues.signup import refresh_signup
from cogs.leagues.view import LeagueView
from cogs.table.plan.news import dm_locale, link, where
from cogs.table.respond import CONTENT_LIMIT, pings
from cogs.table.ui import mention
from cogs.texts import Locale, chunks, has, join_words, plural_category, supported, t, tn
from db.errors import GameNotFound
from db.league_records import LeagueTable
from db.records import GameRecord
from rules.league.standings import Standing

if TYPE_CHECKING:
    from cogs.table.parts import Parts

log = logging.getLogger("deskovka.leagues")

SILENT = discord.AllowedMentions.none()


def points_words(value: Fraction, locale: Locale) -> str:
    """League points, written as everywhere in a league (``describing.number``: "7", "4½", "4,33"),
    with their word in the number's plural form: "1 point", "7 points", "4½ points"; "1 bod",
    "3 body", "7 bodů", and a fraction's "4½ bodu" (CLDR's ``many``)."""
    key = f"league_run.points.{plural_category(float(value), locale)}"
    if not has(key, locale):
        key = "league_run.points.other"
    return t(key, locale, n=describing.number(value, locale))


def place(standing: Standing) -> str:
    """``1.`` or a shared ``2.–3.``."""
    if standing.shared:
        return f"{standing.place}.–{standing.place_to}."
    return f"{standing.place}."


def standing_lines(view: LeagueView, locale: Locale) -> list[str]:
    """One line per player, best first: place, name, points, games played; withdrawn marked."""
    lines = []
    for s in view.standings:
        key = "league_run.standing.withdrawn" if s.withdrawn else "league_run.standing"
        lines.append(t(key, locale, place=place(s), player=mention(s.player), points=points_words(s.points, locale)))
    return lines


class LeagueTeller:
    """The runner's :class:`~cogs.leagues.view.LeagueTelling` on Discord, made by the table."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def started(self, league_id: int) -> None:
        await refresh_signup(self.parts.bot, self.parts.store, league_id)

    async def pairings(self, view: LeagueView, round_no: int, progress: PostProgress) -> None:
        league = view.league
        locale = supported(league.language)
        tables = view.tables[round_no - 1]
        games = {t.table_no: await self._game(t) for t in tables}
        deadline = (await self.parts.store.leagues.get_round(league.id, round_no)).deadline
        lines = [
            t(
                "league_run.pairings",
                locale,
                league=league.name,
                round=round_no,
                rounds=view.total_rounds,
                deadline=f"<t:{int(deadline)}:f>",
            )
        ]
        for table in tables:
            lines.append(self._table_line(table, games[table.table_no], locale))
        await self._post(league.channel_id, league.guild_id, lines, progress)
        for table in tables:
            await self._tell_players(view, round_no, table, games[table.table_no], progress)
        if round_no == 1 and not progress.made("signup"):
            await self._close_signup(view)
            await progress.mark("signup")

    async def _close_signup(self, view: LeagueView) -> None:
        """The sign-up post loses its buttons and says the league has started, however it started:
        the organizer's ``/league start`` (whose answer edits it too), its start date, or a new
        process finishing a start cut short — else the post offered **Join** forever."""
        league = view.league
        if league.signup_message_id is None:
            return
        players = [p.user_id for p in view.players]
        text = describing.signup_text(league, view.config, players, supported(league.language))
        channel = self.parts.bot.get_partial_messageable(league.channel_id, guild_id=league.guild_id)
        try:
            await channel.get_partial_message(league.signup_message_id).edit(
                content=text, view=None, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.warning("the sign-up post of league %s could not be closed", league.id, exc_info=True)

    def _table_line(self, table: LeagueTable, rec: GameRecord | None, locale: Locale) -> str:
        names = [mention(u) for u in table.seats]
        if table.bye:
            return t("league_run.pairings.bye", locale, player=names[0])
        if rec is None:
            return t("league_run.pairings.forfeit", locale, number=table.table_no, players=join_words(names, locale))
        return t(
            "league_run.pairings.table",
            locale,
            number=table.table_no,
            players=join_words(names, locale),
            where=where(rec),
        )

    async def _tell_players(
        self, view: LeagueView, round_no: int, table: LeagueTable, rec: GameRecord | None, progress: PostProgress
    ) -> None:
        """Each player of the table, by DM in their language: whom they play and where (a bye: that
        they rest this round). A forfeited table's players learn it from the pairings."""
        if rec is None and not table.bye:
            return
        told = [u for u in table.seats if u not in view.withdrawn and not progress.made(f"dm:{u}")]
        prefs = await self.parts.locales.prefs_of(told) if told else {}
        for user in told:
            locale, step = dm_locale(prefs[user]), f"dm:{user}"
            if rec is None:
                text = t("league_run.dm.bye", locale, league=view.league.name, round=round_no)
                await self._dm_without_game(user, text, progress.nonce(step))
            else:
                others = join_words([mention(u) for u in table.seats if u != user], locale)
                text = t(
                    "league_run.dm.table",
                    locale,
                    league=view.league.name,
                    round=round_no,
                    opponents=others,
                    link=link(rec),
                )
                await self.parts.transport.dm(rec, user, text, nonce=progress.nonce(step))
            await progress.mark(step)

    async def _dm_without_game(self, user: int, text: str, nonce: int) -> None:
        try:
            await (await self.parts.transport.dm_channel(user)).send(text, allowed_mentions=SILENT, nonce=nonce)
        except discord.HTTPException:
            log.info("league DM to %s not sent", user)

    async def round_over(self, view: LeagueView, round_no: int, progress: PostProgress) -> None:
        league = view.league
        locale = supported(league.language)
        head = t("league_run.round_over", locale, league=league.name, round=round_no, rounds=view.total_rounds)
        await self._post(league.channel_id, league.guild_id, [head, *standing_lines(view, locale)], progress)

    async def finished(self, view: LeagueView, progress: PostProgress) -> None:
        league = view.league
        locale = supported(league.language)
        first = [s.player for s in view.standings if s.place == 1]
        if len(first) == 1:
            head = t("league_run.finished", locale, league=league.name, winner=mention(first[0]))
        else:
            winners = join_words([mention(u) for u in first], locale)
            head = t("league_run.finished.shared", locale, league=league.name, winners=winners)
        await self._post(league.channel_id, league.guild_id, [head, *standing_lines(view, locale)], progress)

    async def withdrew(self, view: LeagueView, user_id: int, by_user: int, progress: PostProgress) -> None:
        league = view.league
        locale = supported(league.language)
        key = "league_run.withdrew" if by_user == user_id else "league_run.removed"
        text = t(key, locale, league=league.name, player=mention(user_id))
        await self._post(league.channel_id, league.guild_id, [text], progress)

    async def round_due(self, view: LeagueView, round_no: int, unfinished: int, progress: PostProgress) -> None:
        """The organizers pinged, and only they: the league's creator and the server's league
        role when it has one (the bot allows no mention by default; this post allows exactly
        these, so a role named elsewhere in a league's name stays silent)."""
        if progress.made("post"):
            return
        league = view.league
        locale = supported(league.language)
        role = (await self.parts.store.leagues.settings(league.guild_id)).manager_role_id
        organizers = [mention(league.created_by), *([f"<@&{role}>"] if role is not None else [])]
        text = tn(
            "league_run.due",
            unfinished,
            locale,
            league=league.name,
            round=round_no,
            rounds=view.total_rounds,
            organizer=join_words(organizers, locale),
        )
        allowed = pings({league.created_by})
        if role is not None:
            allowed.roles = [discord.Object(role)]
        channel = self.parts.bot.get_partial_messageable(league.channel_id, guild_id=league.guild_id)
        try:
            await channel.send(text, allowed_mentions=allowed, nonce=progress.nonce("post"))
        except discord.HTTPException:
            log.warning("league %s: the deadline of round %s not posted", league.id, round_no, exc_info=True)
        await progress.mark("post")

    async def _game(self, table: LeagueTable) -> GameRecord | None:
        if table.game_id is None:
            return None
        try:
            return await self.parts.store.games.get(table.game_id)
        except GameNotFound:
            return None

    async def _post(self, channel_id: int, guild_id: int, lines: list[str], progress: PostProgress) -> None:
        """The post's messages (``post:1``, ``post:2``, …) not made yet, each sent and written down;
        one Discord refuses ends the post (logged; the rest would fail alike)."""
        channel = self.parts.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        for n, text in enumerate(chunks(lines, CONTENT_LIMIT), start=1):
            step = f"post:{n}"
            if progress.made(step):
                continue
            try:
                await channel.send(text, allowed_mentions=SILENT, nonce=progress.nonce(step))
            except discord.HTTPException:
                log.warning("league post in channel %s failed", channel_id, exc_info=True)
                return
            await progress.mark(step)
