"""/stratego: challenges, secret setup, moves, rescues and draws, end to end (issue 3).

Thin by design: every rule lives in the engine, every sentence in cogs/texts.py, every picture in
render/. Messages are built from views only, so nothing secret reaches a thread or a channel.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.buttons import HANDLERS, buttons
from cogs.common import Refusal, Table, mention, png, reply, text_file
from cogs.stratego_ui import StrategoUI, ready_button
from cogs.texts import t
from db.errors import StaleVersion, WrongStatus
from db.records import AppendResult, GameRecord
from rules.errors import BadNotation
from rules.protocol import resolve_options
from rules.rng import Rng
from rules.stratego import GAME, StrategoState
from rules.stratego.actions import (
    AcceptDraw,
    Action,
    Move,
    OfferDraw,
    PlaceSetup,
    Ready,
    Rescue,
    Swap,
    parse_rank,
)
from rules.stratego.board import HALF, RED, ZONE_ORDER, name, parse_square
from rules.stratego.engine import OPTIONS, legal_moves
from rules.stratego.pieces import NAMES
from rules.stratego.setup import PRESETS, parse_code, random_setup
from rules.stratego.setup import preset as preset_setup

if TYPE_CHECKING:
    from bot import Deskovka

log = logging.getLogger("deskovka.stratego")

KIND = "stratego"
RETRIES = 3


class StrategoCog(commands.GroupCog, name="stratego", group_name="stratego", group_description="Play Stratego"):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot
        self.table: Table = bot.table
        self.ui = StrategoUI()
        super().__init__()

    async def cog_load(self) -> None:
        HANDLERS.update(
            accept=self._accept,
            decline=self._decline,
            join=self._accept,
            withdraw=self._withdraw,
            ready=self._ready_button,
            accept_draw=self._accept_draw_button,
        )

    # -- acting -------------------------------------------------------------------------------

    async def act(self, rec: GameRecord, seat: int, action: Action, *, version: int | None = None) -> AppendResult:
        """Append one action. Commands (``version`` None) act on the game as it is now and retry
        a lost race; buttons carry the version they were drawn for and are stale otherwise."""
        if version is not None:
            return await self.table.store.append(rec.id, version, seat, action)
        for attempt in range(RETRIES):
            try:
                return await self.table.store.append(rec.id, rec.version, seat, action)
            except StaleVersion:
                if attempt == RETRIES - 1:
                    raise
                rec = await self.table.store.get(rec.id)
        raise AssertionError("unreachable")

    async def mine(self, interaction: discord.Interaction, game: str | None) -> tuple[GameRecord, int, StrategoState]:
        rec = await self.table.resolve(interaction, game)
        if rec.kind != KIND:
            raise Refusal(t("not_active", game=rec.id, status=f"a game of {rec.kind}"))
        seat = self.table.seat(rec, interaction.user.id)
        return rec, seat, rec.load_state()

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
        two_square_limit=[app_commands.Choice(name="3", value=3), app_commands.Choice(name="5 (ISF)", value=5)],
    )
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
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("Challenges are made in a server channel.")
        if opponent is not None and opponent.id == interaction.user.id:
            raise Refusal(t("challenge_self"))
        if opponent is not None and opponent.bot:
            raise Refusal(t("challenge_bot"))
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
        seats = [interaction.user.id] + ([opponent.id] if opponent else [])
        rec = await self.table.store.create_lobby(
            KIND, interaction.user.id, options, interaction.guild_id, interaction.channel_id, seats=seats
        )
        creator = mention(interaction.user.id)
        opts = self.ui.options_text(options)
        if opponent:
            content = t(
                "challenge_direct", creator=creator, opponent=mention(opponent.id), kind="Stratego", options=opts
            )
            view = buttons(
                (rec.id, rec.version, "accept", t("btn.accept"), "success"),
                (rec.id, rec.version, "decline", t("btn.decline"), "danger"),
                (rec.id, rec.version, "withdraw", t("btn.withdraw"), "secondary"),
            )
        else:
            content = t("challenge_open", creator=creator, kind="Stratego", options=opts)
            view = buttons(
                (rec.id, rec.version, "join", t("btn.join"), "success"),
                (rec.id, rec.version, "withdraw", t("btn.withdraw"), "secondary"),
            )
        response = await interaction.response.send_message(
            content, view=view, allowed_mentions=discord.AllowedMentions(users=True)
        )
        message = response.resource
        if isinstance(message, discord.InteractionMessage):
            await self.table.store.set_message(rec.id, message.id)

    async def _lobby(self, game_id: int, version: int) -> GameRecord:
        rec = await self.table.store.get(game_id)
        if rec.status != "lobby" or rec.version != version:
            raise Refusal(t("challenge_gone"))
        return rec

    async def _accept(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        rec = await self._lobby(game_id, version)
        user = interaction.user.id
        if len(rec.players) > 1 and rec.players[1] != user:
            raise Refusal(t("challenge_not_for_you", opponent=mention(rec.players[1])))
        if user == rec.creator_id:
            raise Refusal(t("challenge_own"))
        players = [rec.creator_id, user]
        try:
            rec = await self.table.store.start(rec.id, players, secrets.randbits(62), expected_version=version)
        except (StaleVersion, WrongStatus):
            raise Refusal(t("challenge_gone")) from None
        state: StrategoState = rec.load_state()
        red, blue = (mention(players[state.seat_of(c)]) for c in (0, 1))
        thread_id = None
        if interaction.message is not None and interaction.guild_id is not None:
            try:
                thread = await interaction.message.create_thread(
                    name=t(
                        "sg.thread_name",
                        game=rec.id,
                        red=_name(interaction, players[state.seat_of(RED)]),
                        blue=_name(interaction, players[state.seat_of(1)]),
                    ),
                    auto_archive_duration=10080,
                )
                thread_id = thread.id
            except discord.HTTPException as exc:
                log.info("game %s: no thread (%s); playing in the channel", rec.id, exc)
        if thread_id is not None:
            rec = await self.table.store.set_thread(rec.id, thread_id)
        await interaction.response.edit_message(
            content=t("challenge_accepted", opponent=mention(user), where=self.table.where(rec)), view=None
        )
        await self.table.post(
            rec,
            t("sg.started", game=rec.id, red=red, blue=blue, options=self.ui.options_text(rec.options)),
            view=self.hand_button(rec),
        )
        for seat in (0, 1):
            await self.send_setup(rec, state, seat)

    async def _decline(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        rec = await self._lobby(game_id, version)
        if len(rec.players) < 2 or interaction.user.id != rec.players[1]:
            raise Refusal(t("challenge_not_for_you", opponent=mention(rec.players[-1])))
        await self.table.store.cancel(rec.id, interaction.user.id, expected_version=version)
        await interaction.response.edit_message(
            content=t("challenge_declined", opponent=mention(interaction.user.id), creator=mention(rec.creator_id)),
            view=None,
        )

    async def _withdraw(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        rec = await self._lobby(game_id, version)
        if interaction.user.id != rec.creator_id:
            raise Refusal(t("challenge_withdraw_not_yours", creator=mention(rec.creator_id)))
        await self.table.store.cancel(rec.id, interaction.user.id, expected_version=version)
        await interaction.response.edit_message(
            content=t("challenge_withdrawn", creator=mention(rec.creator_id)), view=None
        )

    # -- setup --------------------------------------------------------------------------------

    def hand_button(self, rec: GameRecord) -> discord.ui.View:
        return buttons((rec.id, 0, "hand", t("btn.my_pieces"), "secondary"))

    async def send_setup(self, rec: GameRecord, state: StrategoState, seat: int) -> None:
        image = png(self.ui.private_image(state, seat), f"stratego-{rec.id}-setup.png")
        await self.table.dm(
            rec,
            rec.players[seat],
            t("sg.setup_dm", game=rec.id, colour=self.ui.colour_of(state, seat)),
            files=[image],
            view=ready_button(rec, rec.version),
        )

    async def show_draft(
        self, interaction: discord.Interaction, result: AppendResult, rec: GameRecord, seat: int
    ) -> None:
        image = png(self.ui.private_image(result.state, seat), f"stratego-{rec.id}-setup.png")
        await reply(
            interaction,
            t("sg.draft", game=rec.id),
            ephemeral=True,
            files=[image],
            view=ready_button(rec, result.version),
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
        rec, seat, state = await self.mine(interaction, game)
        if sum(x is not None and x is not False for x in (code, preset, random)) != 1:
            raise Refusal(t("sg.setup_one_source"))
        if code is not None:
            setup = parse_code(code, state.army)
        elif preset is not None:
            setup = preset_setup(state.army, preset.strip().lower())
        else:
            setup = random_setup(state.army, Rng(secrets.randbits(64)))
        result = await self.act(rec, seat, PlaceSetup(setup))
        await self.show_draft(interaction, result, rec, seat)

    @setup.autocomplete("preset")
    async def _preset_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        army = "classic"
        try:
            rec = await self.table.resolve(interaction, interaction.namespace.game)
            army = rec.options.get("army", "classic")
        except Exception:
            pass
        return [app_commands.Choice(name=n, value=n) for n in PRESETS[army] if current.lower() in n][:25]

    @app_commands.command(name="swap", description="Swap two squares of your draft setup")
    @app_commands.describe(a="A square of your zone", b="Another square of your zone", game="Which game")
    async def swap(self, interaction: discord.Interaction, a: str, b: str, game: str | None = None) -> None:
        rec, seat, _ = await self.mine(interaction, game)
        result = await self.act(rec, seat, Swap(parse_square(a), parse_square(b)))
        await self.show_draft(interaction, result, rec, seat)

    @swap.autocomplete("a")
    @swap.autocomplete("b")
    async def _zone_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            _, seat, state = await self.mine(interaction, interaction.namespace.game)
        except Exception:
            return []
        view = GAME.view(state, seat)
        out = []
        for sq in ZONE_ORDER[state.seat_colour[seat]]:
            n = name(sq)
            if n.lower().startswith(current.strip().lower()):
                piece = view.board[sq]
                label = f"{n} — {NAMES[piece.rank]}" if piece and piece.rank else f"{n} — empty"
                out.append(app_commands.Choice(name=label, value=n))
        return out[:25]

    @app_commands.command(name="ready", description="Confirm your setup (final)")
    @app_commands.describe(game="Which game")
    async def ready(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec, seat, _ = await self.mine(interaction, game)
        await self._do_ready(interaction, rec, seat, None)

    async def _ready_button(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        rec = await self.table.store.get(game_id)
        seat = self.table.seat(rec, interaction.user.id)
        if rec.version != version:
            since = [a for a in await self.table.store.actions(game_id) if a.seq > version and a.seat == seat]
            if since or rec.status != "active":
                raise Refusal(t("stale_plain"))
        await self._do_ready(interaction, rec, seat, None)

    async def _do_ready(
        self, interaction: discord.Interaction, rec: GameRecord, seat: int, version: int | None
    ) -> None:
        result = await self.act(rec, seat, Ready(), version=version)
        state: StrategoState = result.state
        await reply(interaction, t("sg.you_are_ready"), ephemeral=True)
        if state.phase == "setup":
            red, blue = (mention(rec.players[state.seat_of(c)]) for c in (0, 1))
            await self.table.post(
                rec,
                t(
                    "sg.ready_status",
                    red=red,
                    blue=blue,
                    red_state=t("sg.ready" if state.ready[0] else "sg.not_ready"),
                    blue_state=t("sg.ready" if state.ready[1] else "sg.not_ready"),
                ),
            )
            return
        if any(e["type"] == "start" for e in result.events):
            await self.announce_turn(rec, result, t("sg.begin", red=self.ui.player(rec, state, RED)))

    # -- play ---------------------------------------------------------------------------------

    @app_commands.command(name="move", description="Move or attack: from one square to another")
    @app_commands.describe(frm="Your piece's square", to="Where it goes", game="Which game")
    @app_commands.rename(frm="from")
    async def move(self, interaction: discord.Interaction, frm: str, to: str, game: str | None = None) -> None:
        rec, seat, _ = await self.mine(interaction, game)
        action = Move(parse_square(frm), parse_square(to))
        await self.play(interaction, rec, seat, action)

    @move.autocomplete("frm")
    async def _from_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        moves = await self._my_moves(interaction)
        view_ranks = moves[1]
        froms = sorted({m.frm for m in moves[0]}, key=lambda s: (s // 10, s % 10))
        return [
            app_commands.Choice(name=f"{name(s)} — {NAMES.get(view_ranks.get(s, ''), '')}".rstrip(" —"), value=name(s))
            for s in froms
            if name(s).lower().startswith(current.strip().lower())
        ][:25]

    @move.autocomplete("to")
    async def _to_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        moves, _ = await self._my_moves(interaction)
        frm_text = getattr(interaction.namespace, "from", None) or ""
        try:
            frm = parse_square(frm_text)
        except BadNotation:
            return []
        out = []
        for m in moves:
            if m.frm == frm and name(m.to).lower().startswith(current.strip().lower()):
                out.append(app_commands.Choice(name=name(m.to) + (" — attack" if m.attack else ""), value=name(m.to)))
        return out[:25]

    async def _my_moves(self, interaction: discord.Interaction) -> tuple[list[Move], dict[int, str]]:
        try:
            _, seat, state = await self.mine(interaction, interaction.namespace.game)
        except Exception:
            return [], {}
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
        rec, seat, _ = await self.mine(interaction, game)
        if piece is None:
            action = Rescue(None, None)
        else:
            if square is None:
                raise Refusal("Say where the rescued piece goes with the `square` option.")
            action = Rescue(parse_rank(piece), parse_square(square))
        await self.play(interaction, rec, seat, action)

    @rescue.autocomplete("piece")
    async def _rescue_pieces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state, colour = await self._pending_rescue(interaction)
        if state is None:
            return []
        ranks = sorted(
            {p.rank for p in state.pieces if p.colour == colour and p.square < 0 and p.rank != "B"},
            key="M98765432SBF".index,
        )
        return [app_commands.Choice(name=NAMES[r], value=r) for r in ranks if current.lower() in NAMES[r].lower()][:25]

    @rescue.autocomplete("square")
    async def _rescue_squares(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state, colour = await self._pending_rescue(interaction)
        if state is None:
            return []
        empty = [name(s) for s in sorted(HALF[colour]) if state.board[s] < 0]
        return [app_commands.Choice(name=n, value=n) for n in empty if n.lower().startswith(current.strip().lower())][
            :25
        ]

    async def _pending_rescue(self, interaction: discord.Interaction) -> tuple[StrategoState | None, int]:
        try:
            _, seat, state = await self.mine(interaction, interaction.namespace.game)
        except Exception:
            return None, 0
        colour = state.seat_colour[seat]
        if state.rescue_from < 0 or state.turn != colour:
            return None, colour
        return state, colour

    @app_commands.command(name="draw", description="Offer a draw, or accept your opponent's offer")
    @app_commands.describe(game="Which game")
    async def draw(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rec, seat, state = await self.mine(interaction, game)
        colour = state.seat_colour[seat]
        action = AcceptDraw() if state.draw_offer == 1 - colour else OfferDraw()
        await self.play(interaction, rec, seat, action)

    @setup.autocomplete("game")
    @swap.autocomplete("game")
    @ready.autocomplete("game")
    @move.autocomplete("game")
    @rescue.autocomplete("game")
    @draw.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.table.game_choices(interaction, current)

    async def _accept_draw_button(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        rec = await self.table.store.get(game_id)
        seat = self.table.seat(rec, interaction.user.id)
        await self.play(interaction, rec, seat, AcceptDraw(), version=version)

    async def play(
        self,
        interaction: discord.Interaction,
        rec: GameRecord,
        seat: int,
        action: Action,
        *,
        version: int | None = None,
    ) -> None:
        """Apply a move, rescue or draw action and tell the table what happened."""
        result = await self.act(rec, seat, action, version=version)
        state: StrategoState = result.state
        rec = await self.table.store.get(rec.id) if result.finished else rec
        if isinstance(action, OfferDraw):
            opponent = rec.players[1 - seat]
            await self.announce(
                interaction,
                rec,
                t("sg.draw_offered", user=mention(rec.players[seat]), opponent=mention(opponent)),
                view=buttons((rec.id, result.version, "accept_draw", t("btn.accept_draw"), "primary")),
            )
            return
        lines = [self.ui.entry_line(rec, state, e) for e in self.ui.new_entries(state, result.events)]
        if any(e.get("draw_declined") for e in result.events):
            lines.append(t("sg.draw_declined"))
        await self.after(interaction, rec, result, "\n".join(lines))

    async def after(
        self, interaction: discord.Interaction | None, rec: GameRecord, result: AppendResult, lines: str
    ) -> None:
        """Board, result or whose turn, and the DM to the next player."""
        state: StrategoState = result.state
        if result.finished:
            await self.game_over(interaction, rec, state, lines)
            return
        if state.rescue_from >= 0:
            mover = rec.players[state.seat_of(state.turn)]
            text = f"{lines}\n{t('sg.rescue_prompt', user=mention(mover))}"
            await self.announce(interaction, rec, text, files=[self.public_png(rec, state)], view=self.hand_button(rec))
            return
        await self.announce_turn(rec, result, lines, interaction)

    async def announce_turn(
        self, rec: GameRecord, result: AppendResult, lines: str, interaction: discord.Interaction | None = None
    ) -> None:
        state: StrategoState = result.state
        nxt = state.seat_of(state.turn)
        text = f"{lines}\n{t('sg.your_turn', user=mention(rec.players[nxt]))}".strip()
        await self.announce(interaction, rec, text, files=[self.public_png(rec, state)], view=self.hand_button(rec))
        last = GAME.view(state, nxt).last_move
        await self.table.dm(
            rec,
            rec.players[nxt],
            t(
                "sg.your_turn_dm",
                game=rec.id,
                colour=self.ui.colour_of(state, nxt),
                last=last.notation if last else "—",
                where=self.table.where(rec),
            ),
            files=[png(self.ui.private_image(state, nxt), f"stratego-{rec.id}-{result.version}-you.png")],
        )

    async def game_over(
        self, interaction: discord.Interaction | None, rec: GameRecord, state: StrategoState, lines: str
    ) -> None:
        text = f"{lines}\n{t('sg.over', result=self.ui.outcome_text(rec, state))}".strip()
        files = [
            self.public_png(rec, state),
            text_file(self.ui.record_text(rec, state, None), f"stratego-{rec.id}-record.txt"),
        ]
        await self.announce(interaction, rec, text, files=files)

    def public_png(self, rec: GameRecord, state: StrategoState) -> discord.File:
        return png(self.ui.public_image(state), f"stratego-{rec.id}-{state.ply}.png")

    async def announce(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        text: str,
        *,
        files: list[discord.File] | None = None,
        view: discord.ui.View | None = None,
    ) -> None:
        """Public news of a game: the interaction's answer when it happens in the game's thread,
        otherwise a post there and a short private confirmation."""
        if (
            interaction is not None
            and self.table.in_game_channel(interaction, rec)
            and not interaction.response.is_done()
        ):
            await reply(interaction, text, files=files, view=view)
            return
        await self.table.post(rec, text, files=files, view=view)
        if interaction is not None:
            await reply(interaction, t("sg.move_ok_elsewhere", where=self.table.where(rec)), ephemeral=True)


def _name(interaction: discord.Interaction, user_id: int) -> str:
    """A display name without a member cache: the clicker, or the challenge's author."""
    if interaction.user.id == user_id:
        return interaction.user.display_name
    meta = interaction.message.interaction_metadata if interaction.message else None
    if meta is not None and meta.user.id == user_id:
        return meta.user.display_name
    return f"player {user_id % 10000}"


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(StrategoCog(bot))
