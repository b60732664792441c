"""Takeback by agreement (issue 20 §3): a player asks to undo their last decision — with the **Take
back** button under that decision's news (issue 44 §4, while the engine allows it) or with ``/game
takeback`` — and every other player still in the game agrees with a button; it lapses after a day
(a ``takeback`` timer) or as soon as anyone acts (a listener on every change), and a refusal ends it.

Which decisions may be taken back is the engines' to say (``Game.can_take_back``: nothing hidden
was shown, asked at every commit so the news knows whether to offer the button); whose it was and
that nobody acted since is the store's (``plan_takeback``), which makes the takeback — a replay of
the log without the decision, a new version and a log entry of its own — in one transaction with
the version check; the table's one teller (``Table.tell``) announces it.

The request is persisted (``takeback_requests``, one per game): its buttons work after a restart,
a second request while one is open is answered privately, and the request's message says how it
ended. A refusal is persisted too (``takeback_refusals``): one request per decision, in every
process and after any restart (issue 44 §5). A press on a request that already ended — lapsed,
answered, or overtaken by a move — is answered privately. A game with nobody else to ask —
Stroganov against Ivan, or one player in every seat — takes the decision back at once: the engine
still refuses anything that showed a hidden card, so a solo player cannot use it to peek at Ivan's
deck or the bag.
"""

from __future__ import annotations

import logging

import discord

from cogs.table import plan
from cogs.table.buttons import Press, buttons
from cogs.table.clocks import Clocks
from cogs.table.core.change import Change
from cogs.table.core.commands import Command, TakeBack
from cogs.table.parts import Parts
from cogs.table.respond import Refusal, fit, locale_of, pings, reply
from cogs.table.ui import TAKE_BACK, ButtonSpec, mention
from cogs.texts import join_words, t
from db.errors import StaleVersion, TakebackRefused, WrongStatus
from db.records import TAKEBACK_TTL, GameRecord, TakebackRequest, Timer

log = logging.getLogger("deskovka.takeback")

AGREE, REFUSE = "takeback_yes", "takeback_no"


class Takebacks:
    def __init__(self, parts: Parts, clocks: Clocks) -> None:
        self.parts = parts
        self.clocks = clocks

    def register(self) -> None:
        """The buttons, the lapse timer and the listener that lapses a request when anyone acts."""
        self.parts.router.on(AGREE, self._agree)
        self.parts.router.on(REFUSE, self._refuse)
        self.parts.router.on(TAKE_BACK, self._take_back_pressed)
        self.clocks.on_timer("takeback", self.lapse)
        self.parts.teller.listeners.add(self.on_change)

    # -- who is asked ------------------------------------------------------------------------

    def voters(self, rec: GameRecord, seat: int) -> list[int]:
        """Every other player still in the game (not resigned), once each, in seat order."""
        out = rec.resigned_seats()
        asker = rec.players[seat]
        users = [u for s, u in enumerate(rec.players) if s not in out and u != asker]
        return list(dict.fromkeys(users))

    # -- asking --------------------------------------------------------------------------------

    async def request(self, interaction: discord.Interaction, game: str | None) -> None:
        """``/game takeback``: the caller's last decision in the game the command means."""
        parts = self.parts
        rec = await parts.finder.resolve(interaction, game)
        seat = parts.finder.seat(rec, interaction.user.id, locale_of(interaction))
        await self.ask(interaction, rec, seat)

    async def _take_back_pressed(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """The **Take back** button under a decision's news (issue 44 §4): only its mover asks,
        and only while the game is still at the version the news told."""
        locale = locale_of(interaction)
        user = interaction.user.id
        seat = int(press.arg) if press.arg is not None and press.arg.isdigit() else -1
        if not 0 <= seat < len(rec.players):
            raise Refusal(t("stale_plain", locale))
        if rec.players[seat] != user:
            self.parts.finder.seat(rec, user, locale)  # someone outside the game hears that first
            raise Refusal(t("takeback.not_mover", locale, game=rec.id, user=mention(rec.players[seat])))
        if rec.version != press.version:
            raise Refusal(t("takeback.moved_on_since", locale, game=rec.id))
        await self.ask(interaction, rec, seat, press.version)

    async def ask(
        self, interaction: discord.Interaction, rec: GameRecord, seat: int, version: int | None = None
    ) -> None:
        """Refuse clearly (the game is over, nothing to take back, not yours, someone acted since,
        it showed something hidden, refused before); else post the request for the others in the
        thread, or take the decision back at once when nobody else is to be asked. ``version``: the
        game must still be at it (a button's)."""
        parts = self.parts
        locale = locale_of(interaction)
        user = interaction.user.id
        parts.finder.refuse_resigned(rec, seat, locale)  # the computer's decisions are not theirs
        try:
            version, seq, _ = await parts.store.games.plan_takeback(rec.id, seat, version)
        except TakebackRefused as exc:
            raise Refusal(t(f"takeback.no.{exc.code}", locale, game=rec.id)) from None
        except StaleVersion:
            raise Refusal(t("takeback.moved_on_since", locale, game=rec.id)) from None
        if version != rec.version:
            rec = await parts.store.games.get(rec.id)
        voters = self.voters(rec, seat)
        if not voters:
            change = await self._take_back(rec, seat, version, user, locale)
            await reply(interaction, t("takeback.done_solo", locale, game=rec.id), ephemeral=True)
            await parts.teller.tell(change)
            return
        try:
            request, opened, lapsed = await parts.store.agreements.open_takeback(rec.id, version, seq, seat, user)
        except TakebackRefused as exc:  # refused already: one request per decision, no pings again
            raise Refusal(t(f"takeback.no.{exc.code}", locale, game=rec.id)) from None
        except (StaleVersion, WrongStatus):
            raise Refusal(t("takeback.moved_on", locale, game=rec.id)) from None
        if lapsed is not None:
            await self.retire(rec, lapsed, "takeback.lapsed_acted")
        if not opened:
            raise Refusal(t("takeback.already", locale, game=rec.id))
        game_locale = plan.game_locale(rec)
        who = join_words([mention(u) for u in voters], game_locale)
        text = t("takeback.asked", game_locale, user=mention(user), game=rec.id, waiting=who)
        posted = await parts.transport.post(rec, text, view=self.view(rec, request.version), ping=set(voters))
        if posted is not None:
            await parts.store.agreements.set_takeback_message(
                rec.id, request.version, posted.channel.id, posted.id, text
            )
        await reply(interaction, t("takeback.sent", locale, game=rec.id), ephemeral=True)

    def view(self, rec: GameRecord, version: int) -> discord.ui.View | None:
        locale = plan.game_locale(rec)
        return buttons(
            rec.id,
            [
                ButtonSpec(AGREE, t("btn.takeback_agree", locale), "success", version),
                ButtonSpec(REFUSE, t("btn.takeback_refuse", locale), "danger", version),
            ],
        )

    async def _take_back(self, rec: GameRecord, seat: int, version: int, user: int, locale: str) -> Change:
        try:
            return await self.parts.teller.commit(TakeBack(rec.id, seat, version, user))
        except TakebackRefused as exc:
            raise Refusal(t(f"takeback.no.{exc.code}", locale, game=rec.id)) from None
        except (StaleVersion, WrongStatus):
            raise Refusal(t("takeback.moved_on", locale, game=rec.id)) from None

    # -- answering -------------------------------------------------------------------------------

    async def _answerable(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> TakebackRequest:
        """The request the pressed button belongs to, if the presser is asked; else a refusal."""
        locale = locale_of(interaction)
        user = interaction.user.id
        self.parts.finder.seat(rec, user, locale)
        request = await self.parts.store.agreements.takeback_request(rec.id)
        if request is None or request.version != press.version:
            if interaction.message is not None:
                await self.parts.transport.edit_posted(
                    rec, interaction.message.channel.id, interaction.message.id, None
                )
            raise Refusal(t("takeback.gone", locale))
        if user == request.user_id:
            raise Refusal(t("takeback.own", locale))
        if user not in self.voters(rec, request.seat):
            raise Refusal(t("takeback.not_asked", locale, game=rec.id))
        return request

    async def _agree(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        await self._answerable(interaction, rec, press)
        request = await self.parts.store.agreements.agree_takeback(rec.id, press.version, interaction.user.id)
        if request is None:
            raise Refusal(t("takeback.gone", locale))
        voters = self.voters(rec, request.seat)
        waiting = [v for v in voters if v not in request.agreed]
        game_locale = plan.game_locale(rec)
        if waiting:
            agreed = join_words([mention(u) for u in request.agreed], game_locale)
            line = t(
                "takeback.agreed_so_far",
                game_locale,
                agreed=agreed,
                waiting=join_words([mention(u) for u in waiting], game_locale),
            )
            await self._answer(interaction, f"{request.text}\n{line}", self.view(rec, request.version))
            await reply(interaction, t("takeback.counted", locale), ephemeral=True)
            return
        try:
            change = await self.parts.teller.commit(
                TakeBack(rec.id, request.seat, request.version, interaction.user.id)
            )
        except (StaleVersion, WrongStatus, TakebackRefused):
            closed = await self.parts.store.agreements.close_takeback(rec.id, version=request.version)
            text = (closed or request).text + "\n" + t("takeback.lapsed_acted", game_locale)
            await self._answer(interaction, text, None)
            await reply(interaction, t("takeback.gone", locale), ephemeral=True)
            return
        await self._answer(interaction, f"{request.text}\n{t('takeback.all_agreed', game_locale)}", None)
        await self.parts.teller.tell(change)

    async def _refuse(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        await self._answerable(interaction, rec, press)
        closed = await self.parts.store.agreements.close_takeback(rec.id, version=press.version, refused=True)
        if closed is None:
            raise Refusal(t("takeback.gone", locale))
        line = t("takeback.refused_by", plan.game_locale(rec), user=mention(interaction.user.id))
        await self._answer(interaction, f"{closed.text}\n{line}", None)
        await reply(interaction, t("takeback.refused_ok", locale), ephemeral=True)

    async def _answer(self, interaction: discord.Interaction, text: str, view: discord.ui.View | None) -> None:
        """The request's message, edited as the answer to the button pressed on it (an edit that
        fails is logged; the presser's private word that follows answers the press then)."""
        try:
            await interaction.response.edit_message(content=fit(text), view=view, allowed_mentions=pings(()))
        except discord.HTTPException as exc:
            log.info("game %s: takeback request not edited (%s)", interaction.extras.get("game_id"), exc)
            await reply(interaction, fit(text), ephemeral=True, allowed_mentions=pings(()))

    # -- lapsing ---------------------------------------------------------------------------------

    async def on_change(self, change: Change) -> list[Command]:
        """Anyone acted (or the game ended): an open request about an older version lapses. The
        takeback itself ended its request in its own transaction. Nothing follows."""
        if change.kind in ("start", "seats") or not change.takeback_open or self.parts.teller.closing:
            return []  # none was open; a closing bot leaves it: the next request or a press on its buttons ends it
        open_now = await self.parts.store.agreements.takeback_request(change.game_id)
        if open_now is None or open_now.version >= change.version:
            return []
        closed = await self.parts.store.agreements.close_takeback(change.game_id, older_than=change.version)
        if closed is None:
            return []
        over = change.finished or change.kind in ("finish", "cancel")
        await self.retire(change.record, closed, "takeback.lapsed_over" if over else "takeback.lapsed_acted")
        return []

    async def lapse(self, rec: GameRecord, timer: Timer) -> None:
        """The request's day is over (the ``takeback`` timer)."""
        request = await self.parts.store.agreements.takeback_request(rec.id)
        if request is None or request.opened_at + TAKEBACK_TTL > self.parts.now():
            return
        closed = await self.parts.store.agreements.close_takeback(rec.id, version=request.version)
        if closed is not None:
            await self.retire(rec, closed, "takeback.lapsed_time")

    async def retire(self, rec: GameRecord, request: TakebackRequest, why: str) -> None:
        """An ended request's message keeps its words, loses its buttons and says why."""
        if request.channel_id is None or request.message_id is None:
            return
        text = f"{request.text}\n{t(why, plan.game_locale(rec))}"
        await self.parts.transport.edit_posted(rec, request.channel_id, request.message_id, text)
