"""How Stratego looks and reads in Discord: images and sentences built from views only (SG-7)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.buttons import buttons
from cogs.common import mention
from cogs.texts import EN, rank_word, t
from db.records import GameRecord
from render.stratego import render_board
from rules.stratego import GAME, StrategoState
from rules.stratego.board import BLUE, COLOURS, RED
from rules.stratego.board import name as square_name
from rules.stratego.record import record
from rules.stratego.view import MoveView, RescueView, StrategoView

COLOUR_WORD = {"red": "Red", "blue": "Blue"}
ADDS_ENTRY = frozenset({"move", "rescue", "rescue_declined"})
"""Engine event types that each add one history entry."""


def ready_button(rec: GameRecord, version: int) -> discord.ui.View:
    """SG-3.3's confirmation, tied to the version the draft image was drawn at."""
    return buttons((rec.id, version, "ready", t("btn.ready"), "success"))


class StrategoUI:
    kind = "stratego"
    title = "Stratego"

    # -- images -------------------------------------------------------------------------------

    def public_image(self, state: StrategoState) -> bytes:
        return render_board(GAME.view(state, None))

    def private_image(self, state: StrategoState, seat: int) -> bytes:
        return render_board(GAME.view(state, seat))

    def private_buttons(self, rec: GameRecord, state: StrategoState, seat: int) -> discord.ui.View | None:
        """What goes with a player's private image: Ready while his setup is a draft."""
        if state.phase == "setup" and not state.ready[state.seat_colour[seat]]:
            return ready_button(rec, rec.version)
        return None

    # -- words --------------------------------------------------------------------------------

    def options_text(self, options: dict[str, Any]) -> str:
        parts = [f"{options.get('army', 'classic')} army"]
        for key, label in (
            ("attacker_advantage", "Attacker advantage"),
            ("silent_defence", "Silent defence"),
            ("rescue", "Rescue"),
            ("chase_rule", "chase rule"),
        ):
            if options.get(key):
                parts.append(label)
        parts.append(f"two-squares limit {options.get('two_square_limit', 3)}")
        return ", ".join(parts)

    def player(self, rec: GameRecord, state: StrategoState, colour: int) -> str:
        return mention(rec.players[state.seat_of(colour)])

    def status_line(self, rec: GameRecord, state: StrategoState) -> str:
        since = int(rec.turn_since or rec.updated_at)
        if state.phase == "setup":
            waiting = [mention(rec.players[s]) for s in GAME.to_act(state)]
            return t("setup_waiting", since=since, who=", ".join(waiting))
        if state.phase == "play":
            return t("turn_of", who=self.player(rec, state, state.turn), since=since)
        return self.outcome_text(rec, state)

    def entry_line(self, rec: GameRecord, state: StrategoState, entry: MoveView | RescueView) -> str:
        colour = COLOUR_WORD[entry.colour]
        if isinstance(entry, RescueView):
            if entry.rank is None or entry.square is None:
                return t("sg.rescue_declined", colour=colour)
            return t("sg.rescued", colour=colour, rank=rank_word(entry.rank), square=square_name(entry.square))
        battle = t(f"sg.battle.{entry.battle.result}") if entry.battle else ""
        scout = t("sg.scout_revealed") if entry.scout_revealed and not entry.battle else ""
        return t("sg.moved", colour=colour, notation=entry.notation, battle=battle, scout=scout)

    def new_entries(self, state: StrategoState, events: list[dict[str, Any]]) -> list[MoveView | RescueView]:
        """The public history entries one action added: its move or rescue events, one each."""
        added = sum(1 for e in events if e["type"] in ADDS_ENTRY)
        return list(GAME.view(state, None).history[-added:]) if added else []

    def outcome_text(self, rec: GameRecord, state: StrategoState) -> str:
        key = f"sg.reason.{state.reason}"
        reason = t(key) if key in EN else state.reason
        if state.winner < 0:
            return t("sg.result.draw", reason=reason)
        winner = f"{self.player(rec, state, state.winner)} ({COLOUR_WORD[COLOURS[state.winner]]})"
        return t("sg.result.win", winner=winner, reason=reason)

    def record_text(self, rec: GameRecord, state: StrategoState, seat: int | None) -> str:
        return record(state, seat, seed=rec.seed if state.phase == "over" else None)

    def last_lines(self, rec: GameRecord, state: StrategoState, seat: int | None, n: int = 10) -> list[str]:
        view: StrategoView = GAME.view(state, seat)
        return [f"{h.ply}. {self.entry_line(rec, state, h)}" for h in view.history[-n:]]

    def colour_of(self, state: StrategoState, seat: int) -> str:
        return COLOUR_WORD[COLOURS[state.seat_colour[seat]]]

    def rules_text(self) -> str:
        return RULES


RULES = """**Stratego** — two players, 10×10 board, each army hidden from the other.
**Goal**: capture the enemy Flag, or leave the enemy without a legal move.
**Setup**: each player arranges 40 pieces (Barrage: 8) on his own 4 rows, in secret. `/stratego setup` \
(code, preset or random), `/stratego swap a b`, then `/stratego ready`.
**Moves**: one piece one square forward, back or sideways; Scouts any distance in a straight line \
and may attack at the end. Bombs and the Flag never move. Nobody enters the lakes.
**Battles**: the higher rank wins, equal ranks both fall. The Spy beats the Marshal only when it \
attacks. Only a Miner defuses a Bomb. `/stratego move from to`.
**Two-squares rule**: a piece may not shuttle between the same two squares more than 3 times in a row (or 5).
**Options** for `/stratego new`: `army` classic|barrage · `attacker_advantage` (equal ranks: the attacker \
wins) · `silent_defence` (only the attacker's rank is revealed, except against Scouts) · `rescue` (reach the \
enemy back row to bring back a captured piece, twice per game) · `two_square_limit` 3|5 · `chase_rule` \
(no endless chasing).
**Also**: `/stratego draw` offers or accepts a draw; `/game resign`; `/game hand` shows your pieces."""

__all__ = ["BLUE", "RED", "StrategoUI"]
