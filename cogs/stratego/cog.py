"""/stratego: Stratego's own commands (challenge, secret setup, moves, rescues, draws) and buttons.
Everything shared — finding the game, acting, announcing, lobbies — is the table's (cogs/table/table.py);
every sentence is in cogs/texts, every picture in render/, and messages come from views only."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.stratego import picks
from cogs.stratego.ui import StrategoUI, rank_word, ready_button
from cogs.table.buttons import Press, buttons, require_current, show_pick
from cogs.table.core.change import Cause, Change
from cogs.table.core.progress import Progress
from cogs.table.lobby import DEFAULT_LEVEL, DEFAULT_PACE, new_game_options
from cogs.table.respond import Refusal, answering, files, locale_of, reply
from cogs.table.table import Table
from cogs.texts import t
from db.records import GameRecord
from rules.errors import BadNotation
from rules.protocol import resolve_options
from rules.rng import Rng
from rules.stratego import GAME, StrategoState
from rules.stratego.actions import AcceptDraw, Move, OfferDraw, PlaceSetup, Ready, Rescue, Swap, parse_rank
from rules.stratego.board import HALF, ZONE_ORDER, name, parse_square
from rules.stratego.engine import OPTIONS, legal_moves
from rules.stratego.setup import PRESETS, parse_code, random_setup
from rules.stratego.setup import preset as preset_setup

if TYPE_CHECKING:
    from bot import Deskovka

KIND = "stratego"
RESCUE_ORDER = "M98765432SBF"


@dataclass(frozen=True, slots=True)
class Draft(Cause):
    """A seat's draft setup changed (a preset, a code, a swap): shown to its player alone."""


class StrategoCog(commands.GroupCog, name="stratego", group_name="stratego", group_description="Play Stratego"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        self.ui = StrategoUI()
        super().__init__()

    async def cog_load(self) -> None:
        self.table.router.on("ready", self._ready_button, KIND)
        self.table.shows.on(Draft, self.show_draft)
        self.table.router.on("accept_draw", self._accept_draw_button, KIND)
        self.table.router.on("move_start", self._move_start, KIND)
        self.table.router.on("move_from", self._move_from, KIND)
        self.table.router.on("move_to", self._move_to, KIND)

    async def mine(self, interaction: discord.Interaction, game: str | None) -> tuple[GameRecord, int]:
        return await self.table.finder.mine(interaction, game, KIND)

    # -- challenges ---------------------------------------------------------------------------

    @app_commands.command(name="new", description="Challenge someone (or anyone) to Stratego")
    @app_commands.describe(
        opponent="Who you challenge; leave out for an open challenge anyone can join",
        army="classic (40 pieces) or barrage (8 pieces, quick)",
        attacker_advantage="Equal ranks: the attacker wins",
        silent_defence="Only the attacker's rank is revealed in a battle (except against Scouts)",
        rescue="Reaching the enemy back row brings back a captured piece (twice per game)",
        two_square_limit="How often a piece may shuttle between two squares in a row",
        chase_rule="Forbid endless chasing (ISF rule)",
    )
    @app_commands.choices(
        army=[
            app_commands.Choice(name="classic", value="classic"),
            app_commands.Choice(name="barrage", value="barrage"),
        ],
    )
    @app_commands.choices(
        two_square_limit=[app_commands.Choice(name="3", value=3), app_commands.Choice(name="5 (ISF)", value=5)],
    )
    @app_commands.guild_only()
    @new_game_options
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        army: str = "classic",
        attacker_advantage: bool = False,
        silent_defence: bool = False,
        rescue: bool = False,
        two_square_limit: int = 3,
        chase_rule: bool = False,
        pace: str = DEFAULT_PACE,
        language: str | None = None,
        computers: app_commands.Range[int, 0, 1] = 0,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        options = resolve_options(
            OPTIONS,
            {
                "army": army,
                "attacker_advantage": attacker_advantage,
                "silent_defence": silent_defence,
                "rescue": rescue,
                "two_square_limit": two_square_limit,
                "chase_rule": chase_rule,
            },
        )
        await self.table.lobbies.open(
            interaction,
            KIND,
            options,
            [opponent] if opponent else [],
            pace=pace,
            language=language,
            computers=computers,
            level=level,
        )

    # -- setup --------------------------------------------------------------------------------

    async def draft(
        self, interaction: discord.Interaction, rec: GameRecord, seat: int, action: PlaceSetup | Swap
    ) -> None:
        """A change of a seat's draft setup: committed, then told to that player alone (the table
        sees nothing until both are ready)."""
        change = await self.table.acting.act(
            rec, seat, action, locale=locale_of(interaction), by_user=interaction.user.id, cause=Draft()
        )
        answering(interaction).committed = True
        await self.table.teller.tell(change, interaction)

    async def show_draft(
        self, result: Change, _: Draft, interaction: discord.Interaction | None, progress: Progress
    ) -> None:
        """The seat's draft, privately to the player who changed it (a draft the catch-up finds is
        not shown: the player sees it again with ``/stratego setup`` or a swap)."""
        if interaction is None or result.seat is None:
            return
        rec, seat = result.record, result.seat
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        draft = await self.table.transport.private_images(rec, result.state, seat, locale)
        await reply(
            interaction,
            t("sg.draft", locale, game=rec.id),
            ephemeral=True,
            files=files(draft),
            view=buttons(rec.id, [ready_button(result.version, locale)]),
        )

    @app_commands.command(name="setup", description="Replace your draft setup: by code, by preset, or at random")
    @app_commands.describe(
        code="A setup code, back row first (e.g. FB3B24B5B3/B4M2356743/...) or a StraDoS2 string",
        preset="A named setup",
        random="A random setup",
        game="Which game (if you have several)",
    )
    async def setup(
        self,
        interaction: discord.Interaction,
        code: str | None = None,
        preset: str | None = None,
        random: bool | None = None,
        game: str | None = None,
    ) -> None:
        rec, seat = await self.mine(interaction, game)
        state: StrategoState = rec.load_state()
        locale = locale_of(interaction)
        if sum(x is not None and x is not False for x in (code, preset, random)) != 1:
            raise Refusal(t("sg.setup_one_source", locale))
        try:
            if code is not None:
                setup = parse_code(code, state.army)
            elif preset is not None:
                setup = preset_setup(state.army, preset.strip().lower())
            else:
                setup = random_setup(state.army, Rng(secrets.randbits(64)))
        except BadNotation as exc:
            raise Refusal(self.table.finder.rule_words(rec, exc, locale)) from exc
        await self.draft(interaction, rec, seat, PlaceSetup(setup))

    @setup.autocomplete("preset")
    async def _preset_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            army = "classic"
            if interaction.namespace.game or interaction.guild_id is not None:
                try:
                    rec = await self.table.finder.resolve(interaction, interaction.namespace.game)
                    army = rec.options.get("army", "classic")
                except Refusal:
                    pass
            return [app_commands.Choice(name=n, value=n) for n in PRESETS[army] if current.lower() in n]

        return await self.table.finder.autocomplete(interaction, work)

    @app_commands.command(name="swap", description="Swap two squares of your draft setup")
    @app_commands.describe(a="A square of your zone", b="Another square of your zone", game="Which game")
    async def swap(self, interaction: discord.Interaction, a: str, b: str, game: str | None = None) -> None:
        rec, seat = await self.mine(interaction, game)
        locale = locale_of(interaction)
        await self.draft(interaction, rec, seat, Swap(self.square(rec, a, locale), self.square(rec, b, locale)))

    def square(self, rec: GameRecord, text: str, locale: str) -> int:
        try:
            return parse_square(text)
        except BadNotation as exc:
            raise Refusal(self.table.finder.rule_words(rec, exc, locale)) from exc

    @swap.autocomplete("a")
    @swap.autocomplete("b")
    async def _zone_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            rec, seat = await self.mine(interaction, interaction.namespace.game)
            state: StrategoState = rec.load_state()
            view = GAME.view(state, seat)
            out = []
            for sq in ZONE_ORDER[state.seat_colour[seat]]:
                n = name(sq)
                if n.lower().startswith(current.strip().lower()):
                    piece = view.board[sq]
                    what = rank_word(piece.rank, locale) if piece and piece.rank else t("sg.empty_square", locale)
                    out.append(app_commands.Choice(name=f"{n} — {what}", value=n))
            return out

        return await self.table.finder.autocomplete(interaction, work)

    @app_commands.command(name="ready", description="Confirm your setup (final)")
    @app_commands.describe(game="Which game")
    async def ready(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec, seat = await self.mine(interaction, game)
        await self.table.acting.play(interaction, rec, seat, Ready(), ack=t("sg.you_are_ready", locale_of(interaction)))

    async def _ready_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """The draft's Ready: valid while the player has not changed the draft since it was drawn."""
        locale = locale_of(interaction)
        seat = self.table.finder.seat(rec, interaction.user.id, locale)
        if rec.version != press.version:
            since = [
                a for a in await self.table.store.games.actions(rec.id) if a.seq > press.version and a.seat == seat
            ]
            if since:
                raise Refusal(t("sg.draft_changed", locale))
        await self.table.acting.play(interaction, rec, seat, Ready(), ack=t("sg.you_are_ready", locale))

    # -- play ---------------------------------------------------------------------------------

    @app_commands.command(name="move", description="Move or attack: from one square to another")
    @app_commands.describe(frm="Your piece's square", to="Where it goes", game="Which game")
    @app_commands.rename(frm="from")
    async def move(self, interaction: discord.Interaction, frm: str, to: str, game: str | None = None) -> None:
        rec, seat = await self.mine(interaction, game)
        locale = locale_of(interaction)
        await self.table.acting.play(
            interaction, rec, seat, Move(self.square(rec, frm, locale), self.square(rec, to, locale))
        )

    @move.autocomplete("frm")
    async def _from_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            moves, ranks = await self._my_moves(interaction)
            froms = sorted({m.frm for m in moves}, key=lambda s: (s // 10, s % 10))
            return [
                app_commands.Choice(
                    name=f"{name(s)} — {rank_word(ranks[s], locale)}" if s in ranks else name(s), value=name(s)
                )
                for s in froms
                if name(s).lower().startswith(current.strip().lower())
            ]

        return await self.table.finder.autocomplete(interaction, work)

    @move.autocomplete("to")
    async def _to_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            moves, _ = await self._my_moves(interaction)
            frm = parse_square(getattr(interaction.namespace, "from", None) or "")
            attack = t("sg.attack", locale)
            return [
                app_commands.Choice(name=name(m.to) + (f" — {attack}" if m.attack else ""), value=name(m.to))
                for m in moves
                if m.frm == frm and name(m.to).lower().startswith(current.strip().lower())
            ]

        return await self.table.finder.autocomplete(interaction, work)

    async def _my_moves(self, interaction: discord.Interaction) -> tuple[list[Move], dict[int, str]]:
        rec, seat = await self.mine(interaction, interaction.namespace.game)
        state: StrategoState = rec.load_state()
        colour = state.seat_colour[seat]
        if state.phase != "play" or state.turn != colour or state.rescue_from >= 0:
            return [], {}
        ranks = {p.square: p.rank for p in state.pieces if p.colour == colour and p.square >= 0}
        return legal_moves(state, colour), ranks

    @app_commands.command(name="rescue", description="Rescue a captured piece (or leave out piece to decline)")
    @app_commands.describe(
        piece="The captured piece to bring back", square="An empty square of your half", game="Which game"
    )
    async def rescue(
        self,
        interaction: discord.Interaction,
        piece: str | None = None,
        square: str | None = None,
        game: str | None = None,
    ) -> None:
        rec, seat = await self.mine(interaction, game)
        locale = locale_of(interaction)
        if piece is None:
            action = Rescue(None, None)
        else:
            if square is None:
                raise Refusal(t("sg.rescue_needs_square", locale))
            try:
                rank = parse_rank(piece)
            except BadNotation as exc:
                raise Refusal(self.table.finder.rule_words(rec, exc, locale)) from exc
            action = Rescue(rank, self.square(rec, square, locale))
        await self.table.acting.play(interaction, rec, seat, action)

    @rescue.autocomplete("piece")
    async def _rescue_pieces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            state, colour = await self._pending_rescue(interaction)
            if state is None:
                return []
            ranks = sorted(
                {p.rank for p in state.pieces if p.colour == colour and p.square < 0 and p.rank != "B"},
                key=RESCUE_ORDER.index,
            )
            named = [(r, rank_word(r, locale)) for r in ranks]
            return [app_commands.Choice(name=w, value=r) for r, w in named if current.lower() in w.lower()]

        return await self.table.finder.autocomplete(interaction, work)

    @rescue.autocomplete("square")
    async def _rescue_squares(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        async def work() -> list[app_commands.Choice[str]]:
            state, colour = await self._pending_rescue(interaction)
            if state is None:
                return []
            empty = [name(s) for s in sorted(HALF[colour]) if state.board[s] < 0]
            return [
                app_commands.Choice(name=n, value=n) for n in empty if n.lower().startswith(current.strip().lower())
            ]

        return await self.table.finder.autocomplete(interaction, work)

    async def _pending_rescue(self, interaction: discord.Interaction) -> tuple[StrategoState | None, int]:
        rec, seat = await self.mine(interaction, interaction.namespace.game)
        state: StrategoState = rec.load_state()
        colour = state.seat_colour[seat]
        if state.rescue_from < 0 or state.turn != colour:
            return None, colour
        return state, colour

    @app_commands.command(name="draw", description="Offer a draw, or accept your opponent's offer")
    @app_commands.describe(game="Which game")
    async def draw(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec, seat = await self.mine(interaction, game)
        state: StrategoState = rec.load_state()
        colour = state.seat_colour[seat]
        action = AcceptDraw() if state.draw_offer == 1 - colour else OfferDraw()
        await self.table.acting.play(interaction, rec, seat, action)

    # -- moves by presses (issue 19 §3) -------------------------------------------------------

    async def mover(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> tuple[int, StrategoState]:
        """The caller's seat when the move is theirs and the picker is of the game as it is."""
        locale = locale_of(interaction)
        seat = self.table.finder.seat(rec, interaction.user.id, locale)
        self.table.finder.check_status(rec, ("active",), locale)
        require_current(press, rec.version, locale)
        state: StrategoState = rec.load_state()
        if state.phase != "play" or seat not in GAME.to_act(state):
            raise Refusal(t("sg.pick.not_your_move", locale))
        return seat, state

    async def _move_start(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """**Move…**, privately: the pieces that can move now."""
        seat, state = await self.mover(interaction, rec, press)
        pick = picks.piece_pick(state, seat, rec.version, locale_of(interaction))
        await show_pick(interaction, rec.id, pick, edit=False)

    async def _move_from(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """A piece chosen (or the next page of pieces): where it may go."""
        seat, state = await self.mover(interaction, rec, press)
        locale, value = locale_of(interaction), press.values[0] if press.values else ""
        if value.startswith("more."):
            page = int(value[5:]) if value[5:].isdigit() else 0
            pick = picks.piece_pick(state, seat, rec.version, locale, page)
        else:
            pick = picks.target_pick(state, seat, value[2:], rec.version, locale)
        await show_pick(interaction, rec.id, pick, edit=True)

    async def _move_to(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """A destination chosen: the move, as ``/stratego move`` makes it."""
        seat, state = await self.mover(interaction, rec, press)
        move = picks.chosen_move(state, seat, press.values[0] if press.values else "")
        if move is None:
            raise Refusal(t("stale_plain", locale_of(interaction)))
        await self.table.acting.play(interaction, rec, seat, move, version=press.version)

    async def _accept_draw_button(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        """Valid while the offer stands, whatever moves were made since (SG-6.4)."""
        locale = locale_of(interaction)
        seat = self.table.finder.seat(rec, interaction.user.id, locale)
        state: StrategoState = rec.load_state()
        colour = state.seat_colour[seat]
        if state.draw_offer == colour:
            raise Refusal(t("sg.own_draw_offer", locale))
        if state.draw_offer != 1 - colour:
            raise Refusal(t("sg.draw_offer_gone", locale))
        await self.table.acting.play(interaction, rec, seat, AcceptDraw())

    @setup.autocomplete("game")
    @swap.autocomplete("game")
    @ready.autocomplete("game")
    @move.autocomplete("game")
    @rescue.autocomplete("game")
    @draw.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.table.finder.game_choices(interaction, current)


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(StrategoCog(bot))
