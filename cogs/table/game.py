"""/game: the commands every game shares — list, board, hand, log, history, replay, resign, cancel,
rules, notify, language.

In a server they reach that server's games only. In DMs (DESIGN §5) they reach the caller's own
games: ``list``, ``hand``, ``log``, ``history``, ``replay``, ``board``, ``rules``, ``notify``,
``language`` and ``resign`` work there; ``cancel`` needs the game's server (a moderator's right is a
server's).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.table import history as past
from cogs.table import listing, open_games, plan, replays, standings, walkthrough
from cogs.table.buttons import Press, buttons, view_of
from cogs.table.core.commands import Cancel
from cogs.table.core.record import record_json, record_name
from cogs.table.respond import (
    CONTENT_LIMIT,
    Refusal,
    answering,
    choices_or_nothing,
    files,
    fit,
    locale_of,
    pings,
    reply,
    text_file,
)
from cogs.table.table import Table
from cogs.table.takeback import Takebacks
from cogs.table.ui import ButtonSpec, FileSpec, mention
from cogs.texts import AUTO, LANGUAGES, has, join_words, t
from db.errors import NotAPlayer, WrongStatus
from db.records import ENDED, NOTIFY_CHOICES, CancelProposal, GameRecord, LoggedAction
from rules.errors import RuleError

if TYPE_CHECKING:
    from bot import Deskovka

log = logging.getLogger("deskovka.game")

RESIGN_CHOICES = 10
REPLAYS_AT_ONCE = 1
"""Replays made at the same time: a long one is seconds of drawing and encoding in the render
worker that draws every game's images, so they take turns (waiting with Discord's "thinking…")
instead of holding up the moves of everyone else; and each player asks for one at a time."""


class GameCog(commands.GroupCog, name="game", group_name="game", group_description="Your board games"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        self.lobbies = self.table.lobby_messages
        self.takebacks = Takebacks(self.table.parts, self.table.clocks)
        self._replaying: set[int] = set()
        """Users whose replay is being made: one at a time each."""
        self._replay_slot = asyncio.Semaphore(REPLAYS_AT_ONCE)
        super().__init__()

    async def cog_load(self) -> None:
        router = self.table.router
        router.on("hand", self._hand_button)
        router.on("resign", self._resign_button)
        router.on("cancel_vote", self._cancel_vote_button)
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
    @app_commands.describe(days="How many days (1–14; what is left this year)")
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 14]) -> None:
        await self.table.absence.go_away(interaction, days)

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
        """Refusals first (a running game, a bad range: cheap, and answered privately); then the
        public "thinking" while the positions are replayed in a thread and drawn in the render
        worker, one position per drawing so that other games' images are not held up."""
        locale = locale_of(interaction)
        rec = await self.table.finder.resolve(interaction, game, statuses=("lobby", "active", *ENDED))
        if rec.status in ("lobby", "active"):
            raise Refusal(t("replay.running", locale, game=rec.id))
        self.table.finder.check_status(rec, ("finished",), locale)
        logged = await self.table.store.games.actions(rec.id)
        part = replays.stretch(len(logged), first, last)
        if part is None:
            if not logged:
                raise Refusal(t("replay.no_moves", locale, game=rec.id))
            raise Refusal(t("replay.bad_range", locale, game=rec.id, moves=len(logged)))
        user = interaction.user.id
        if user in self._replaying:
            raise Refusal(t("replay.one_at_a_time", locale))
        self._replaying.add(user)
        try:
            await interaction.response.defer(thinking=True)
            async with self._replay_slot:
                await self._replay(interaction, rec, logged, part)
        finally:
            self._replaying.discard(user)

    async def _replay(
        self, interaction: discord.Interaction, rec: GameRecord, logged: list[LoggedAction], part: replays.Stretch
    ) -> None:
        face, game_locale = games.ui(rec.kind), plan.game_locale(rec)
        states = await asyncio.to_thread(replays.positions, face.engine, rec, logged, part)
        names = await self.table.transport.names.names(rec)
        drawn = [
            [f.data for f in await self.table.transport.render(face.public_files, rec, state, names, game_locale)]
            for state in states
        ]
        positions = [(i, images) for i, images in zip(part.kept, drawn, strict=True) if images]
        if not positions:
            await reply(interaction, t("replay.no_images", game_locale, game=rec.id))
            return
        try:
            animation = await self.table.transport.renderer(replays.animate, [images for _, images in positions])
        except ValueError:  # not even two frames fit the upload limit (no game's images come near)
            log.warning("game %s: replay %s–%s does not fit", rec.id, part.first, part.last, exc_info=True)
            await reply(interaction, t("replay.too_big", game_locale, game=rec.id))
            return
        shown = [positions[i][0] for i in animation.shown]
        lines = [
            t(
                "replay.caption",
                game_locale,
                game=rec.id,
                kind=face.title(game_locale),
                first=part.first,
                last=part.last,
                moves=part.moves,
                result=self.table.finder.result_text(rec, game_locale),
            )
        ]
        if len(shown) < part.positions:
            every = max(b - a for a, b in itertools.pairwise(shown)) if len(shown) > 1 else part.positions
            lines.append(t("replay.sampled", game_locale, shown=len(shown), positions=part.positions, every=every))
        if animation.scale < 1:
            lines.append(t("replay.scaled", game_locale, percent=round(animation.scale * 100)))
        name = f"{rec.kind}-{rec.id}-replay-{part.first}-{part.last}.gif"
        await reply(interaction, "\n".join(lines), files=files([FileSpec(animation.data, name)]))

    # -- resigning ----------------------------------------------------------------------------

    @app_commands.command(name="resign", description="Resign a game (it counts as a loss)")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=_game_choices)
    async def resign(self, interaction: discord.Interaction, game: str | None = None) -> None:
        locale = await self.table.locales.set_locale(interaction)
        candidates = await self._resignable(interaction, game)
        if not candidates:
            raise Refusal(self.table.finder.no_active_game(locale))
        specs = [
            ButtonSpec(
                "resign", t("btn.resign_game", locale, game=g.id, title=games.ui(g.kind).title(locale)), "danger"
            )
            for g in candidates[:RESIGN_CHOICES]
        ]
        if len(candidates) == 1:
            rec = candidates[0]
            text = t("resign_confirm", locale, game=rec.id, title=games.ui(rec.kind).title(locale))
        else:
            more = len(candidates) - RESIGN_CHOICES
            text = t("resign_which", locale) + (t("and_more", locale, n=more) if more > 0 else "")
        view = view_of(zip((g.id for g in candidates), specs, strict=False))
        await reply(interaction, text, ephemeral=True, view=view)

    async def _resignable(self, interaction: discord.Interaction, game: str | None) -> list[GameRecord]:
        """The named game, this thread's game, or every active game of the caller here."""
        locale = locale_of(interaction)
        if game is not None and game.strip():
            rec = await self.table.finder.resolve(interaction, game)
            self.table.finder.seat(rec, interaction.user.id, locale)
            return [rec]
        channel = interaction.channel_id
        if interaction.guild_id is not None and channel is not None and await self.table.finder.game_of_thread(channel):
            rec = await self.table.finder.resolve(interaction, None)
            self.table.finder.seat(rec, interaction.user.id, locale)
            return [rec]
        return await self.table.finder.my_games(interaction, ("active",))

    async def _resign_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        seat = self.table.finder.seat(rec, interaction.user.id, locale)
        self.table.finder.check_status(rec, ("active",), locale)
        engine = games.ui(rec.kind).engine
        state = rec.load_state()
        try:
            action = engine.parse_action("resign", state)
        except RuleError:
            raise Refusal(t("cannot_resign", locale, title=games.ui(rec.kind).title(locale))) from None
        await self.table.acting.play(interaction, rec, seat, action)

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
        locale = await self.table.locales.set_locale(interaction)
        if interaction.guild_id is None:
            raise Refusal(t("cancel_in_server", locale))
        rec = await self.table.finder.resolve(interaction, game, statuses=("lobby", "active"))
        user = interaction.user.id
        perms = interaction.permissions
        moderator = bool(perms and perms.manage_guild)
        if rec.status == "lobby":
            if user != rec.creator_id and not moderator:
                raise Refusal(t("cancel_not_allowed", locale, game=rec.id))
            await self._cancel_now(interaction, rec, "cancelled", user=mention(user))
            return
        if moderator:
            await self._cancel_now(interaction, rec, "cancelled", user=mention(user))
            return
        if user not in rec.players:
            raise Refusal(t("cancel_not_allowed", locale, game=rec.id))
        await self._vote(interaction, rec)

    async def _cancel_vote_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        self.table.finder.seat(rec, interaction.user.id, locale)
        self.table.finder.check_status(rec, ("active",), locale)
        await self._vote(interaction, rec)

    async def _vote(self, interaction: discord.Interaction, rec: GameRecord) -> None:
        """A running game ends by cancellation only when every player agrees. One open proposal
        per game (issue 18 §5): the agreement that opens it posts it, mentioning the others; a
        repeat is answered privately and pings nobody; another player's agreement edits it."""
        locale = locale_of(interaction)
        try:
            vote = await self.table.store.agreements.agree_cancel(rec.id, interaction.user.id)
        except NotAPlayer:
            raise Refusal(t("not_a_player", locale, game=rec.id)) from None
        waiting = [p for p in dict.fromkeys(rec.players) if p not in vote.agreed]
        game_locale = plan.game_locale(rec)
        proposer = mention(vote.proposer_id)
        if not waiting:
            done = t("cancel_proposal_done", game_locale, user=proposer, game=rec.id)
            await self._cancel_now(interaction, rec, "cancelled_agreed", proposal=(vote, done))
            return
        answer = "cancel_vote_counted" if vote.counted else "cancel_vote_already"
        await reply(interaction, t(answer, locale, game=rec.id), ephemeral=True)
        view = buttons(rec.id, [ButtonSpec("cancel_vote", t("btn.agree_cancel", game_locale), "danger")])
        who = [mention(p) for p in waiting]
        if vote.opened:
            text = t("cancel_proposed", game_locale, user=proposer, game=rec.id, waiting=join_words(who, game_locale))
            posted = await self.table.transport.post(rec, text, view=view, ping=set(waiting))
            if posted is not None:
                await self.table.store.agreements.set_cancel_message(rec.id, posted.channel.id, posted.id)
        elif vote.counted:
            text = t(
                "cancel_proposal_open",
                game_locale,
                user=proposer,
                game=rec.id,
                agreed=join_words([mention(p) for p in vote.agreed], game_locale),
                waiting=join_words(who, game_locale),
            )
            await self._edit_proposal(rec, vote, text, view)

    async def _edit_proposal(
        self, rec: GameRecord, vote: CancelProposal, text: str, view: discord.ui.View | None = None
    ) -> None:
        """The game's one cancel proposal says who agrees now (an edit notifies nobody); without
        ``view`` its button goes."""
        if vote.channel_id is None or vote.message_id is None:
            return
        await self.table.transport.edit_posted(rec, vote.channel_id, vote.message_id, text, view)

    async def _cancel_now(
        self,
        interaction: discord.Interaction,
        rec: GameRecord,
        key: str,
        proposal: tuple[CancelProposal, str] | None = None,
        **params: str,
    ) -> None:
        """Cancel now and say so (the words ``key``: in the game's language where everyone sees
        them, in the caller's in a private answer); ``proposal``: the agreed proposal and its last
        words (it loses its button before the thread closes)."""
        locale = locale_of(interaction)
        text = t(key, plan.game_locale(rec), game=rec.id, **params)
        private = t(key, locale, game=rec.id, **params)

        def still_open(current: GameRecord) -> None:
            self.table.finder.check_status(current, ("lobby", "active"), locale)

        try:
            change = await self.table.teller.commit(Cancel(rec.id, interaction.user.id, still_open, seen=rec))
        except WrongStatus:
            current = await self.table.store.games.get(rec.id)
            still_open(current)
            raise
        answering(interaction).committed = True
        rec = change.record

        async def show(_: object) -> None:
            everyone = set(rec.players)
            if rec.thread_id is None and rec.message_id is not None:
                await self.lobbies.close_message(rec, text)
            if self.table.transport.in_game_channel(interaction, rec) and rec.thread_id is not None:
                await reply(interaction, text, allowed_mentions=pings(everyone))
            else:
                if rec.thread_id is not None or rec.seed is not None:
                    await self.table.transport.post(rec, text, ping=everyone)
                await reply(interaction, private, ephemeral=True)
            if proposal is not None:
                await self._edit_proposal(rec, *proposal)

        await self.table.teller.tell(change, interaction, show=show)

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
        walk = walkthrough.text(name, ui.title(locale), locale)
        messages: list[str] = []
        for part in (rules, clock, walk):  # as few messages as Discord's 2,000 characters allow
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
