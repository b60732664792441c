"""/shitenno: Shitenno's own commands and buttons (issue 11). Every decision can be made without
typing notation — buttons for the short answers, a title button then a card select for building a
lot or a split, autocompleted provinces and payments for a conquest — and ``/shitenno act`` takes
any decision in the engine's notation. The table (cogs/table/table.py) does the rest."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shitenno import picks
from cogs.shitenno.picks import card_words, cards_words
from cogs.shitenno.ui import ShitennoUI, sharing_decision
from cogs.table.buttons import Press, require_current, show_pick
from cogs.table.completion import KeptByVersion, complete
from cogs.table.lobby import DEFAULT_LEVEL, DEFAULT_PACE, new_game_options
from cogs.table.respond import Refusal, locale_of
from cogs.table.table import Table
from cogs.texts import t
from db.records import GameRecord
from rules.shitenno import GAME, ShitennoState
from rules.shitenno.actions import (
    Accept,
    Action,
    Choose,
    EndTurn,
    FormLot,
    Refuse,
    SenseiFlip,
    Split,
    UseDraw,
)
from rules.shitenno.content import CONTENT
from rules.shitenno.engine import conquest_payments

if TYPE_CHECKING:
    from bot import Deskovka

KIND = "shitenno"
GENERALS = [app_commands.Choice(name=g, value=g.split()[0]) for g in CONTENT.generals]


CARD = re.compile(r"^[TK]\d+$")


def payment_part(notation: str) -> str:
    """``conquer KANTO T1 T4`` → ``T1 T4``: what follows the province."""
    return " ".join(notation.split()[2:])


def payment_verb(tokens: str) -> str:
    """Koku cards alone buy (SH-8.6); troop cards conquer (SH-8.5)."""
    cards = [w.upper() for w in tokens.split() if CARD.match(w.upper())]
    return "buy" if cards and all(c.startswith("K") for c in cards) else "conquer"


def part_words(part: str, locale: str) -> str:
    """A payment's notation in words, part by part (``bushi + sōhei, +1 on bushi + sōhei``), as
    the conquest picker words it."""
    return ", ".join(picks.token_words(token, locale) for token in part.split())


def action_label(notation: str, locale: str) -> str:
    """The notation, and what its cards and tiles are (``offer Shomyo T3 — T3 (SA)``)."""
    words = notation.split()
    if words[0] in ("conquer", "buy") and len(words) > 2:
        return f"{notation} — {part_words(' '.join(words[2:]), locale)}"
    if words[0] == "offer" and len(words) > 2:
        return f"{notation} — {cards_words(words[2:], locale)}"
    return notation


class ShitennoCog(commands.GroupCog, name="shitenno", group_name="shitenno", group_description="Play Shitenno"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        self.ui = ShitennoUI()
        self.kept = KeptByVersion(16)
        """The act and with autocompletes' notations of a version (thousands in a hand of many
        cards): typing asks at every keystroke."""
        super().__init__()

    async def cog_load(self) -> None:
        on = self.table.router.on
        for verb in ("accept_lot", "refuse_lot", "choose", "end", "draw"):
            on(verb, self._decision_button, KIND)
        on("lot_start", self._lot_start, KIND)
        on("split_start", self._lot_start, KIND)
        on("lot_title", self._lot_title, KIND)
        on("lot_cards", self._lot_cards, KIND)
        on("lot_empty", self._lot_cards, KIND)
        on("flip_start", self._flip_start, KIND)
        on("flip", self._flip, KIND)
        on("conquer_start", self._conquer_start, KIND)
        on("conquer_help", self._conquer_start, KIND)  # the verb of buttons posted before issue 19
        on("conquer_province", self._conquer_province, KIND)
        on("conquer_pay", self._conquer_pay, KIND)

    # -- who decides --------------------------------------------------------------------------

    async def decider(self, interaction: discord.Interaction, rec: GameRecord) -> tuple[int, ShitennoState]:
        """The caller's seat if the decision is theirs; "waiting for @X to …" otherwise."""
        locale = locale_of(interaction)
        seat = self.table.finder.seat(rec, interaction.user.id, locale)
        self.table.finder.check_status(rec, ("active",), locale)
        self.table.finder.refuse_resigned(rec, seat, locale)
        state: ShitennoState = rec.load_state()
        waiting = GAME.to_act(state)
        if seat not in waiting:
            prompt = " ".join(self.ui.prompt(rec, state, s, locale) for s in waiting)
            raise Refusal(t("sh.not_your_decision", locale, prompt=prompt))
        return seat, state

    async def mine(self, interaction: discord.Interaction, game: str | None) -> tuple[GameRecord, int]:
        return await self.table.finder.mine(interaction, game, KIND)

    # -- a new game ---------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a game of Shitenno for 2–4 players")
    @app_commands.describe(
        player2="Invite a player (leave all out for an open lobby)",
        player3="Invite another player",
        player4="Invite another player",
        general="Your general (the others get the first free ones)",
    )
    @app_commands.choices(general=GENERALS)
    @app_commands.guild_only()
    @new_game_options
    async def new(
        self,
        interaction: discord.Interaction,
        player2: discord.User | None = None,
        player3: discord.User | None = None,
        player4: discord.User | None = None,
        general: str | None = None,
        pace: str = DEFAULT_PACE,
        language: str | None = None,
        computers: app_commands.Range[int, 0, 3] = 0,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        options = {"generals": general or ""}
        await self.table.lobbies.open(
            interaction,
            KIND,
            options,
            [player2, player3, player4],
            pace=pace,
            language=language,
            computers=computers,
            level=level,
        )

    # -- sharing ------------------------------------------------------------------------------

    @app_commands.command(name="offer", description="As Tairō: offer a lot — a title and any cards of the pool")
    @app_commands.describe(
        title="The hierarchy tile of the lot", cards="Pool cards, e.g. T3 T7 K2 (or none)", game="Which game"
    )
    async def offer(
        self, interaction: discord.Interaction, title: str, cards: str = "", game: str | None = None
    ) -> None:
        rec, seat = await self.mine(interaction, game)
        action = self.table.finder.parse(rec, f"offer {title} {cards}".strip(), locale_of(interaction))
        await self.table.acting.play(interaction, rec, seat, action)

    @offer.autocomplete("title")
    async def _title_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            rec, _ = await self.mine(interaction, interaction.namespace.game)
            state: ShitennoState = rec.load_state()
            view = GAME.view(state, None)
            tiles = view.sharing.unplaced if view.sharing else ()
            return [app_commands.Choice(name=x, value=x) for x in tiles if current.lower() in x.lower()]

        return await self.table.finder.autocomplete(interaction, work)

    @offer.autocomplete("cards")
    async def _card_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Next-card completion: what was typed, plus one more pool card not named yet."""

        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            rec, _ = await self.mine(interaction, interaction.namespace.game)
            state: ShitennoState = rec.load_state()
            view = GAME.view(state, None)
            pool = [c.label for c in view.sharing.pool] if view.sharing else []
            named = current.upper().split()
            done, partial = (named, "") if current.endswith(" ") or not named else (named[:-1], named[-1])
            head = " ".join(done)
            out = (
                [app_commands.Choice(name=head[:100] or t("sh.no_cards", locale), value=head)]
                if head or not partial
                else []
            )
            for c in pool:
                if c not in done and c.startswith(partial):
                    value = f"{head} {c}".strip()
                    out.append(app_commands.Choice(name=f"{value} — {card_words(c, locale)}"[:100], value=value))
            return out

        return await self.table.finder.autocomplete(interaction, work)

    async def _decision_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        seat, _ = await self.decider(interaction, rec)
        makers: dict[str, Callable[[], Action]] = {
            "accept_lot": lambda: Accept(),
            "refuse_lot": lambda: Refuse(),
            "choose": lambda: Choose(str(press.arg)),
            "end": lambda: EndTurn(),
            "draw": lambda: UseDraw(str(press.arg)),
        }
        action = makers[press.verb]()
        await self.table.acting.play(interaction, rec, seat, action, version=press.version)

    async def _lot_start(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """Building a lot (or the split) step 1, privately: which title (lot A's for a split)."""
        locale = locale_of(interaction)
        require_current(press, rec.version, locale)
        _, state = await self.decider(interaction, rec)
        view = GAME.view(state, None)
        assert view.sharing is not None
        split = sharing_decision(view) == "split"
        await show_pick(
            interaction, rec.id, picks.title_pick(view.sharing.unplaced, split, rec.version, locale), edit=False
        )

    async def _lot_title(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """Step 2 of a split: lot B's title, among those left (every pair SH-7.5 allows); then the
        cards, from a select of the pool (or none)."""
        locale = locale_of(interaction)
        require_current(press, rec.version, locale)
        _, state = await self.decider(interaction, rec)
        view = GAME.view(state, None)
        assert view.sharing is not None and press.arg is not None
        mode, *titles = press.arg.split(".")
        if mode == "s" and len(titles) == 1:
            others = [x for x in view.sharing.unplaced if x != titles[0]]
            if len(others) > 1:
                pick = picks.second_title_pick(view.sharing.unplaced, titles[0], press.version, locale)
                await show_pick(interaction, rec.id, pick, edit=True)
                return
            if not others:
                raise Refusal(t("sh.no_second_title", locale))
            titles.append(others[0])
        arg = ".".join([mode, *titles])
        pool = [c.label for c in view.sharing.pool]
        pick = picks.cards_pick(pool, view.sharing.unplaced, arg, press.version, locale)
        await show_pick(interaction, rec.id, pick, edit=True)

    async def _lot_cards(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        seat, state = await self.decider(interaction, rec)
        view = GAME.view(state, None)
        assert view.sharing is not None and press.arg is not None
        mode, title, *rest = press.arg.split(".")
        picked = tuple(v for v in press.values if v != "-")
        if mode == "o":
            action: Any = FormLot(title, picked)
        else:
            other = rest[0] if rest else next((x for x in view.sharing.unplaced if x != title), None)
            if other is None:
                raise Refusal(t("sh.no_second_title", locale_of(interaction)))
            left = tuple(c.label for c in view.sharing.pool if c.label not in picked)
            action = Split(title, picked, other, left)
        await self.table.acting.play(interaction, rec, seat, action, version=press.version)

    # -- control ------------------------------------------------------------------------------

    @app_commands.command(name="conquer", description="Conquer a position: the province, then how you pay")
    @app_commands.describe(
        province="A province you can take now", with_="How you pay (troops, koku, tiles, joker)", game="Which game"
    )
    @app_commands.rename(with_="with")
    async def conquer(
        self, interaction: discord.Interaction, province: str, with_: str, game: str | None = None
    ) -> None:
        rec, seat = await self.mine(interaction, game)
        locale = locale_of(interaction)
        text = with_.strip()
        if not text.lower().startswith(("conquer ", "buy ")):
            text = f"{payment_verb(text)} {province.strip()} {text}"
        action = self.table.finder.parse(rec, text, locale)
        if getattr(action, "province", province).upper() != province.strip().upper():
            raise Refusal(t("sh.payment_for_other", locale, province=province.strip()[:30]))
        await self.table.acting.play(interaction, rec, seat, action)

    @staticmethod
    def conquerable(state: ShitennoState, seat: int) -> list[str]:
        """The provinces ``seat`` can take a position in now (one payment found is enough)."""
        return picks.conquerable(state, seat)

    def ways(self, rec: GameRecord, seat: int, province: str) -> dict[str, str]:
        """Every way ``seat`` can pay for ``province`` now, as the notation after the province and
        the whole action's (``T1 T4`` → ``conquer KANTO T1 T4``); nothing for a name that is none.
        Kept for the version (:attr:`kept`): the ``with`` and ``act`` autocompletes ask at every
        keystroke."""
        province = province.strip().upper()
        if province not in CONTENT.province:
            return {}  # a name being typed: nothing to list, nothing to keep
        return self.kept.get(
            (rec.id, rec.version, seat, "ways", province),
            lambda: {
                payment_part(n): n for n in (a.notation() for a in conquest_payments(rec.load_state(), seat, province))
            },
        )

    @conquer.autocomplete("province")
    async def _province_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            rec, seat = await self.mine(interaction, interaction.namespace.game)
            state: ShitennoState = rec.load_state()
            view = GAME.view(state, None)
            provinces = {p.id: p for p in view.provinces}
            out = []
            for pid in self.conquerable(state, seat):
                p = provinces[pid]
                target = next(x for x in p.positions if x.stone is None)
                province = picks.province_words(pid, locale)
                label = t("sh.province_choice", locale, province=province, position=target.number, vp=target.value)
                if current.lower() in pid.lower():
                    out.append(app_commands.Choice(name=label[:100], value=pid))
            return out

        return await self.table.finder.autocomplete(interaction, work)

    @conquer.autocomplete("with_")
    async def _payment_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            rec, seat = await self.mine(interaction, interaction.namespace.game)
            locale = locale_of(interaction)
            full = self.ways(rec, seat, str(interaction.namespace.province or ""))
            in_words = partial(part_words, locale=locale)
            pairs = complete(full, current, in_words, words=in_words)
            return [app_commands.Choice(name=n, value=full.get(v, v)) for n, v in pairs]

        return await self.table.finder.autocomplete(interaction, work)

    async def _conquer_start(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """**Conquer…**, privately: the provinces a position can be taken in now."""
        locale = locale_of(interaction)
        require_current(press, rec.version, locale)
        seat, state = await self.decider(interaction, rec)
        pick = picks.province_pick(state, seat, rec.version, locale)
        await show_pick(interaction, rec.id, pick, edit=False)

    async def _conquer_province(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """The province chosen: the ways to pay for it."""
        locale = locale_of(interaction)
        require_current(press, rec.version, locale)
        seat, state = await self.decider(interaction, rec)
        province = press.values[0] if press.values else ""
        pick = picks.payment_pick(state, seat, province, rec.version, locale)
        await show_pick(interaction, rec.id, pick, edit=True)

    async def _conquer_pay(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """A way to pay: narrower ways (``n.…``) or the conquest itself (``p.…``)."""
        locale = locale_of(interaction)
        require_current(press, rec.version, locale)
        seat, state = await self.decider(interaction, rec)
        province, value = str(press.arg or ""), press.values[0] if press.values else ""
        if value.startswith("n."):
            pick = picks.payment_pick(state, seat, province, rec.version, locale, value)
            await show_pick(interaction, rec.id, pick, edit=True)
            return
        action = picks.chosen_payment(state, seat, province, value)
        if action is None:
            raise Refusal(t("stale_plain", locale))
        await self.table.acting.play(interaction, rec, seat, action, version=press.version)

    async def _flip_start(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        seat, state = await self.decider(interaction, rec)
        flips = [a for a in GAME.legal(state, seat) if isinstance(a, SenseiFlip)]
        if not flips:
            raise Refusal(t("sh.nothing_to_flip", locale))
        pick = picks.flip_pick([(a.province, a.position) for a in flips], press.version, locale)
        await show_pick(interaction, rec.id, pick, edit=False)

    async def _flip(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        seat, _ = await self.decider(interaction, rec)
        action = self.table.finder.parse(rec, f"flip {press.values[0]}", locale_of(interaction))
        await self.table.acting.play(interaction, rec, seat, action, version=press.version)

    @app_commands.command(name="end", description="End your control turn")
    @app_commands.describe(game="Which game")
    async def end(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec, seat = await self.mine(interaction, game)
        await self.table.acting.play(interaction, rec, seat, EndTurn())

    # -- any decision in notation -------------------------------------------------------------

    @app_commands.command(
        name="act",
        description="Any decision in notation: offer, accept, refuse, split, choose, conquer, buy, draw, flip, end",
    )
    @app_commands.describe(
        action="e.g. `offer Shomyo T3 T7 K2`, `conquer KANTO T1 T4 +B2@T1.1`, `end`", game="Which game"
    )
    async def act(self, interaction: discord.Interaction, action: str, game: str | None = None) -> None:
        rec, seat = await self.mine(interaction, game)
        await self.table.acting.play(
            interaction, rec, seat, self.table.finder.parse(rec, action, locale_of(interaction))
        )

    @act.autocomplete("action")
    async def _act_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            rec, seat = await self.mine(interaction, interaction.namespace.game)
            locale = locale_of(interaction)
            notations = self.kept.get(
                (rec.id, rec.version, seat, "act"), lambda: [a.notation() for a in GAME.legal(rec.load_state(), seat)]
            )
            words = current.split()
            if len(words) >= 2 and words[0].lower() in ("conquer", "buy"):
                # legal() lists the first payments of each province (CONQUEST_CAP): the typed one gets all.
                notations = [*notations, *self.ways(rec, seat, words[1]).values()]
            in_words = partial(action_label, locale=locale)
            pairs = complete(notations, current, in_words, words=in_words)
            return [app_commands.Choice(name=n, value=v) for n, v in pairs]

        return await self.table.finder.autocomplete(interaction, work)

    @offer.autocomplete("game")
    @conquer.autocomplete("game")
    @end.autocomplete("game")
    @act.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.table.finder.game_choices(interaction, current)


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(ShitennoCog(bot))
