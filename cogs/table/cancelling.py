"""Cancelling a game or lobby (``/game cancel``; issue 18 §5): a lobby by its creator or a
moderator at once; a running game by a moderator at once, otherwise only when every player agrees —
one open proposal per game, its **Agree** button under it, edited as players agree; a person alone
(against computers) cancels it at once, and it is told as theirs. Cancelling needs the game's
server (a moderator's right is a server's)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from cogs.table import plan
from cogs.table.buttons import Press, buttons
from cogs.table.core.change import Cause, Change
from cogs.table.core.commands import Cancel
from cogs.table.core.progress import Progress
from cogs.table.respond import Refusal, answering, locale_of, pings, reply
from cogs.table.ui import ButtonSpec, mention
from cogs.texts import join_words, t
from db.errors import NotAPlayer, WrongStatus
from db.records import CancelProposal, GameRecord

if TYPE_CHECKING:
    from cogs.table.lobby_messages import LobbyMessages
    from cogs.table.parts import Parts


@dataclass(frozen=True, slots=True)
class Cancelled(Cause):
    """``/game cancel`` made it: the words said (``key``, with ``params``) and, when the players
    agreed, their proposal with its last words (it loses its button before the thread closes)."""

    key: str
    params: tuple[tuple[str, str], ...] = ()
    proposal: tuple[CancelProposal, str] | None = None


def deciders(rec: GameRecord) -> list[int]:
    """Whose agreement cancels a running game: its people still in it, in seat order — never a
    computer (it neither votes nor is asked, issue 46: a person alone against computers cancels by
    agreeing alone) nor a person who resigned a seat the computer plays on (SH-R.6, ST-R.6). A
    person away, whose seat the table plays for a while, is still asked."""
    gone = rec.played_on()
    return list(dict.fromkeys(u for s, u in enumerate(rec.players) if rec.computer_at(s) is None and s not in gone))


class Cancellations:
    def __init__(self, parts: Parts, lobby_messages: LobbyMessages) -> None:
        self.parts = parts
        self.lobby_messages = lobby_messages
        parts.shows.on(Cancelled, self._show)

    def register(self) -> None:
        """The **Agree** button of a cancel proposal."""
        self.parts.router.on("cancel_vote", self._cancel_vote_button)

    async def cancel(self, interaction: discord.Interaction, game: str | None) -> None:
        """``/game cancel``: the game the command means, cancelled now or voted on."""
        locale = await self.parts.locales.set_locale(interaction)
        if interaction.guild_id is None:
            raise Refusal(t("cancel_in_server", locale))
        rec = await self.parts.finder.resolve(interaction, game, statuses=("lobby", "active"))
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
        self.parts.finder.refuse_resigned(rec, self.parts.finder.seat(rec, user, locale), locale)
        await self._vote(interaction, rec)

    async def _cancel_vote_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        self.parts.finder.refuse_resigned(rec, self.parts.finder.seat(rec, interaction.user.id, locale), locale)
        self.parts.finder.check_status(rec, ("active",), locale)
        await self._vote(interaction, rec)

    async def _vote(self, interaction: discord.Interaction, rec: GameRecord) -> None:
        """A running game ends by cancellation only when every player agrees. One open proposal
        per game (issue 18 §5): the agreement that opens it posts it, mentioning the others; a
        repeat is answered privately and pings nobody; another player's agreement edits it."""
        locale = locale_of(interaction)
        try:
            vote = await self.parts.store.agreements.agree_cancel(rec.id, interaction.user.id)
        except NotAPlayer:
            raise Refusal(t("not_a_player", locale, game=rec.id)) from None
        people = deciders(rec)
        waiting = [p for p in people if p not in vote.agreed]
        game_locale = plan.game_locale(rec)
        proposer = mention(vote.proposer_id)
        if not waiting and len(people) == 1:
            # one person alone (against computers, or the others resigned to them): their cancel,
            # said as theirs — not "every player agreed"
            done = t("cancel_proposal_alone", game_locale, user=proposer, game=rec.id)
            await self._cancel_now(interaction, rec, "cancelled", proposal=(vote, done), user=mention(people[0]))
            return
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
            posted = await self.parts.transport.post(rec, text, view=view, ping=set(waiting))
            if posted is not None:
                await self.parts.store.agreements.set_cancel_message(rec.id, posted.channel.id, posted.id)
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
        await self.parts.transport.edit_posted(rec, vote.channel_id, vote.message_id, text, view)

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

        def still_open(current: GameRecord) -> None:
            self.parts.finder.check_status(current, ("lobby", "active"), locale)

        cause = Cancelled(key, tuple(params.items()), proposal)
        try:
            change = await self.parts.teller.commit(Cancel(rec.id, interaction.user.id, still_open, cause, seen=rec))
        except WrongStatus:
            current = await self.parts.store.games.get(rec.id)
            still_open(current)
            raise
        answering(interaction).committed = True
        await self.parts.teller.tell(change, interaction)

    async def _show(
        self, change: Change, cause: Cancelled, interaction: discord.Interaction | None, progress: Progress
    ) -> None:
        """Where everyone sees it: the lobby's message, the game's thread (the answer when the
        command was given there), else the thread or channel and a private answer."""
        rec, params = change.record, dict(cause.params)
        text = t(cause.key, plan.game_locale(rec), game=rec.id, **params)
        everyone = set(rec.people)
        if rec.thread_id is None and rec.message_id is not None:
            await self.lobby_messages.close_message(rec, text)
        in_thread = interaction is not None and self.parts.transport.in_game_channel(interaction, rec)
        if interaction is not None and in_thread and rec.thread_id is not None:
            await reply(interaction, text, allowed_mentions=pings(everyone))
        else:
            if rec.thread_id is not None or rec.seed is not None:
                await self.parts.transport.post(rec, text, ping=everyone)
            if interaction is not None:
                private = t(cause.key, locale_of(interaction), game=rec.id, **params)
                await reply(interaction, private, ephemeral=True)
        if cause.proposal is not None:
            await self._edit_proposal(rec, *cause.proposal)
