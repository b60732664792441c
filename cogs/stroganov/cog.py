"""/stroganov: Stroganov's own commands and buttons (issue 12). The turn page in the thread carries
the acting player's decisions as buttons and selects (cogs/stroganov/ui.py); the commands here
reach every choice, with autocomplete: ``hunt``, ``claim``, ``fulfil``, ``exchange`` and ``act``
for any decision in the engine's notation. The table (cogs/table/table.py, cogs/table/turn_pages.py) does the
rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.stroganov.ui import StroganovUI, action_label, cost_words, entry, group_page, notation_of
from cogs.table.buttons import Press, require_current, select_view
from cogs.table.completion import complete
from cogs.table.lobby import DEFAULT_LEVEL, DEFAULT_PACE, new_game_options
from cogs.table.respond import Refusal, files, locale_of, reply
from cogs.table.table import Table
from cogs.table.ui import SelectSpec
from cogs.texts import t
from db.records import GameRecord
from rules.errors import NotYourTurn
from rules.stroganov import GAME, StroganovState
from rules.stroganov.actions import Action, Paid, Resign
from rules.stroganov.complete import completions
from rules.stroganov.costs import cost

if TYPE_CHECKING:
    from bot import Deskovka

KIND = "stroganov"
DIFFICULTIES = [app_commands.Choice(name=d, value=d) for d in ("easy", "normal", "hard")]


class StroganovCog(commands.GroupCog, name="stroganov", group_name="stroganov", group_description="Play Stroganov"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        self.ui = StroganovUI()
        super().__init__()

    async def cog_load(self) -> None:
        self.table.router.on("do", self._do, KIND)
        self.table.router.on("fee_for", self._fee_for, KIND)
        self.table.router.on("full_board", self._full_board, KIND)

    async def mine(self, interaction: discord.Interaction, game: str | None) -> tuple[GameRecord, int]:
        return await self.table.finder.mine(interaction, game, KIND)

    # -- a new game ---------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a game of Stroganov for 1–4 players (alone: against Ivan)")
    @app_commands.describe(
        player2="Invite a player (leave all out for an open lobby; start it alone for a solo game)",
        player3="Invite another player",
        player4="Invite another player",
        difficulty="Ivan's difficulty in a solo game (default normal)",
    )
    @app_commands.choices(difficulty=DIFFICULTIES)
    @app_commands.guild_only()
    @new_game_options
    async def new(
        self,
        interaction: discord.Interaction,
        player2: discord.User | None = None,
        player3: discord.User | None = None,
        player4: discord.User | None = None,
        difficulty: str | None = None,
        pace: str = DEFAULT_PACE,
        language: str | None = None,
        computers: app_commands.Range[int, 0, 3] = 0,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        options = {"difficulty": difficulty or "normal"}
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

    # -- buttons and selects on the turn page -------------------------------------------------

    async def _do(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """A decision button (its notation in the argument) or a select (the notation picked)."""
        locale = locale_of(interaction)
        seat = self.table.finder.seat(rec, interaction.user.id, locale)
        self.table.finder.refuse_resigned(rec, seat, locale)
        text = press.values[0] if press.values else notation_of(press.arg or "")
        if text.startswith("more"):
            await self._more(interaction, rec, press, seat, text)
            return
        action = self.table.finder.parse(rec, text, locale)
        await self.table.acting.play(interaction, rec, seat, action, version=press.version)

    async def _more(
        self, interaction: discord.Interaction, rec: GameRecord, press: Press, seat: int, value: str
    ) -> None:
        """**More…** of a select: its next page, privately (every option stays reachable by presses)."""
        locale = locale_of(interaction)
        state: StroganovState = rec.load_state()
        require_current(press, rec.version, locale)
        if seat not in GAME.to_act(state):
            raise Refusal(self.table.finder.rule_words(rec, NotYourTurn("not_your_turn"), locale, state))
        page = value.partition(".")[2]
        spec = group_page(state, seat, str(press.arg or ""), int(page) if page.isdigit() else 1, rec.version, locale)
        if spec is None:
            raise Refusal(t("stale_plain", locale))
        await reply(interaction, spec.placeholder, ephemeral=True, view=select_view(rec.id, spec))

    async def _full_board(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """The "Full board" button: the whole board and every tableau, for the presser alone, in
        the presser's language (the turn page shows the compact turn image)."""
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        state: StroganovState = rec.load_state()
        images = await self.table.transport.render(
            self.ui.full_files, rec, state, await self.table.transport.names.names(rec), locale
        )
        await reply(interaction, t("img.sv.full_caption", locale, game=rec.id), ephemeral=True, files=files(images))

    async def _fee_for(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """The 3b select picked an action: offer its fees privately (then ``do`` applies it)."""
        locale = locale_of(interaction)
        seat = self.table.finder.seat(rec, interaction.user.id, locale)
        self.table.finder.refuse_resigned(rec, seat, locale)
        inner = press.values[0] if press.values else ""
        if inner.startswith("more"):
            await self._more(interaction, rec, press, seat, inner)
            return
        if not inner.strip():
            raise Refusal(t("sv.nothing_now", locale))
        state: StroganovState = rec.load_state()
        require_current(press, rec.version, locale)
        if seat not in GAME.to_act(state):
            raise Refusal(self.table.finder.rule_words(rec, NotYourTurn("not_your_turn"), locale, state))
        options = []
        for action in completions(state, seat, inner.split()[0] + " "):
            if isinstance(action, Paid) and action.action.notation() == inner:
                fee = entry(action.fee, locale)
                price = cost_words(cost(state, seat, action), locale)
                label = t("sv.fee_option", locale, fee=fee, cost=price)
                options.append((label, action.notation(), fee))
        if not options:
            raise Refusal(t("sv.no_fee", locale, action=inner))
        spec = SelectSpec("do", t("sv.fee_placeholder", locale), options[:25], 1, 1, press.version)
        await reply(interaction, t("sv.pick_fee", locale, action=inner), ephemeral=True, view=select_view(rec.id, spec))

    # -- commands for the decisions with many choices -----------------------------------------

    async def _verb_command(self, interaction: discord.Interaction, verb: str, text: str, game: str | None) -> None:
        rec, seat = await self.mine(interaction, game)
        state: StroganovState = rec.load_state()
        locale = locale_of(interaction)
        text = " ".join(text.split())
        if not text.lower().startswith(verb):
            text = f"{verb} {text}"
        await self.table.acting.play(interaction, rec, seat, self.table.finder.parse(rec, text, locale, state))

    async def _choices(
        self, interaction: discord.Interaction, current: str, verb: str | None = None
    ) -> list[app_commands.Choice[str]]:
        """The legal actions the typed words can become (of ``verb`` only, for its own command),
        labelled with their cost, whole or word by word (cogs/table/completion.py)."""

        async def work() -> list[app_commands.Choice[str]]:
            rec, seat = await self.mine(interaction, interaction.namespace.game)
            state: StroganovState = rec.load_state()
            locale = locale_of(interaction)
            typed = current if verb is None or current.lower().startswith(verb) else f"{verb} {current}"
            actions = {a.notation(): a for a in self.reachable(state, seat, typed) if verb is None or _verb(a) == verb}
            view = GAME.view(state, seat)

            def label(notation: str) -> str:
                return action_label(state, view, seat, actions[notation], locale, notation=True)

            pairs = complete(list(actions), typed, label)
            return [app_commands.Choice(name=n, value=v) for n, v in pairs]

        return await self.table.finder.autocomplete(interaction, work)

    @staticmethod
    def reachable(state: StroganovState, seat: int, typed: str) -> list[Action]:
        """The legal actions the typed words can still become, every payment of a claim,
        fulfilment, trade, trophy or fee included (rules/stroganov/complete.py); with nothing
        typed, those of every kind of decision open now."""
        listed = [a for a in GAME.legal(state, seat) if not isinstance(a, Resign)]
        words = typed.split()
        heads = [words[0]] if words else list(dict.fromkeys(a.notation().split()[0] for a in listed))
        found: list[Action] = []
        for head in heads:
            found += completions(state, seat, typed if words else head + " ")
        return list(dict.fromkeys(a for a in found if not isinstance(a, Resign)))

    @app_commands.command(name="hunt", description="Hunt one or two items where you stand")
    @app_commands.describe(items="Which items (autocomplete shows them with their cost)", game="Which game")
    async def hunt(self, interaction: discord.Interaction, items: str, game: str | None = None) -> None:
        await self._verb_command(interaction, "hunt", items, game)

    @hunt.autocomplete("items")
    async def _hunt_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, "hunt")

    @app_commands.command(name="claim", description="Claim a landscape tile, paying its region's furs")
    @app_commands.describe(landscape="The tile and how you pay (autocomplete offers every way)", game="Which game")
    async def claim(self, interaction: discord.Interaction, landscape: str, game: str | None = None) -> None:
        await self._verb_command(interaction, "claim", landscape, game)

    @claim.autocomplete("landscape")
    async def _claim_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, "claim")

    @app_commands.command(name="fulfil", description="Fulfil a tsar wish you hold (a free action)")
    @app_commands.describe(wish="The wish and how you pay (autocomplete offers every way)", game="Which game")
    async def fulfil(self, interaction: discord.Interaction, wish: str, game: str | None = None) -> None:
        await self._verb_command(interaction, "fulfil", wish, game)

    @fulfil.autocomplete("wish")
    async def _fulfil_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, "fulfil")

    @app_commands.command(
        name="exchange", description="Exchange one of your furs for one in the market (a free action)"
    )
    @app_commands.describe(furs="Give and take, e.g. `2 5` (autocomplete shows the horse cost)", game="Which game")
    async def exchange(self, interaction: discord.Interaction, furs: str, game: str | None = None) -> None:
        await self._verb_command(interaction, "exchange", furs, game)

    @exchange.autocomplete("furs")
    async def _exchange_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, "exchange")

    # -- any decision in notation -------------------------------------------------------------

    @app_commands.command(name="act", description="Any decision in notation: move, hunt, trade, wish, claim, fee, end…")
    @app_commands.describe(
        action="e.g. `move 3`, `hunt 1 3`, `claim L15 6 tiger`, `wish R4 fee 7`, `end`", game="Which game"
    )
    async def act(self, interaction: discord.Interaction, action: str, game: str | None = None) -> None:
        rec, seat = await self.mine(interaction, game)  # Stroganov's notation reads without the state
        await self.table.acting.play(
            interaction, rec, seat, self.table.finder.parse(rec, action, locale_of(interaction))
        )

    @act.autocomplete("action")
    async def _act_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current)

    @hunt.autocomplete("game")
    @claim.autocomplete("game")
    @fulfil.autocomplete("game")
    @exchange.autocomplete("game")
    @act.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.table.finder.game_choices(interaction, current)


def _verb(a: Action) -> str:
    inner = a.action if isinstance(a, Paid) else a
    return inner.notation().split()[0]


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(StroganovCog(bot))
