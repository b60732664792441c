"""How Stratego looks and reads in Discord (the :class:`~cogs.table.ui.GameUI` of Stratego): images and
sentences built from views only (SG-7), words from the ``sg.`` tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.table.ui import ButtonSpec, FileSpec, GameUI, mention
from cogs.table.views_kept import view_of
from cogs.texts import has, t, tn
from cogs.texts.images import image_words as words_of_images
from db.records import GameRecord
from render.stratego import render_board
from render.words import Words
from rules import protocol
from rules.errors import RuleError
from rules.protocol import Ending
from rules.stratego import GAME, StrategoState
from rules.stratego.board import COLOURS
from rules.stratego.board import name as square_name
from rules.stratego.events import Event, typed
from rules.stratego.record import record
from rules.stratego.stratados import game_file
from rules.stratego.view import MoveView, RescueView, recent

ADDS_ENTRY = frozenset({"move", "rescue", "rescue_declined"})
"""Engine event types that each add one history entry."""
BOARD_EVENTS = frozenset({"move", "rescue", "rescue_declined", "start", "over"})
SQUARE_PARAMS = ("square", "frm", "to", "by")
ORDINALS = {3: "sg.nth.4", 5: "sg.nth.6"}
IMAGE_WORDS = ("img.sg.", "sg.rank.")
"""The keys the board image draws (render.stratego takes them as its ``words``)."""


def image_words(locale: str) -> Words:
    """The board image's labels in ``locale``."""
    return words_of_images(locale, *IMAGE_WORDS)


def ready_button(version: int, locale: str) -> ButtonSpec:
    """SG-3.3's confirmation, tied to the version the draft image was drawn at."""
    return ButtonSpec("ready", t("btn.ready", locale), "success", version)


REASON_WORDS: dict[tuple[Ending, bool], str] = {
    (Ending.NORMAL, False): "flag",
    (Ending.NO_MOVES, False): "no_moves",
    (Ending.NO_MOVES, True): "both_immobile",
    (Ending.MOVE_LIMIT, True): "move_limit",
    (Ending.AGREED_DRAW, True): "agreed_draw",
    (Ending.RESIGNED, False): "resign",
    (Ending.TIMEOUT, False): "timeout",
}
"""``sg.reason.*`` by (ending, draw): a normal win is the flag's capture (SG-6.5)."""


class StrategoUI(GameUI[StrategoState]):
    kind = "stratego"
    engine = GAME
    has_private = True
    board_at_start = False
    live_turn = False

    def title(self, locale: str) -> str:
        return t("sg.title", locale)

    def private_label(self, locale: str) -> str:
        return t("btn.my_pieces", locale)

    # -- images -------------------------------------------------------------------------------

    def public_files(self, rec: GameRecord, state: StrategoState, names: Sequence[str], locale: str) -> list[FileSpec]:
        image = render_board(view_of(GAME, state), image_words(locale), names)
        return [FileSpec(image, f"stratego-{rec.id}-{state.ply}.png")]

    def private_files(
        self, rec: GameRecord, state: StrategoState, seat: int, names: Sequence[str], locale: str
    ) -> list[FileSpec]:
        suffix = "setup" if state.phase == "setup" else f"{state.ply}-you"
        image = render_board(view_of(GAME, state, seat), image_words(locale), names)
        return [FileSpec(image, f"stratego-{rec.id}-{suffix}.png")]

    def private_text(self, rec: GameRecord, state: StrategoState, seat: int, locale: str) -> str:
        if state.phase == "setup" and not state.ready[state.seat_colour[seat]]:
            return t("sg.setup_dm", locale, game=rec.id, colour=self.colour_of(state, seat, locale))
        return t("sg.your_pieces", locale, game=rec.id, colour=self.colour_of(state, seat, locale))

    def private_buttons(self, rec: GameRecord, state: StrategoState, seat: int, locale: str) -> list[ButtonSpec]:
        """Ready while the seat's setup is a draft."""
        if state.phase == "setup" and not state.ready[state.seat_colour[seat]]:
            return [ready_button(rec.version, locale)]
        return []

    def public_buttons(self, rec: GameRecord, state: StrategoState, version: int, locale: str) -> list[ButtonSpec]:
        """**Move…** for the player to move (issue 19 §3: a move by presses), and Accept draw
        while an offer stands (it stays valid until declined, not one version)."""
        specs = []
        if state.phase == "play" and GAME.to_act(state):
            specs.append(ButtonSpec("move_start", t("sg.btn.move", locale), "primary", version))
        if state.phase == "play" and state.draw_offer >= 0:
            specs.append(ButtonSpec("accept_draw", t("btn.accept_draw", locale), "secondary"))
        return specs

    def private_changed(self, logged: Sequence[protocol.Event], seat: int) -> bool:
        return False

    def board_changed(self, logged: Sequence[protocol.Event]) -> bool:
        events = typed(logged)
        return any(e["type"] in BOARD_EVENTS for e in events)

    # -- words --------------------------------------------------------------------------------

    def options_text(self, options: dict[str, Any], locale: str) -> str:
        parts = [t(f"sg.army.{options.get('army', 'classic')}", locale)]
        for key in ("attacker_advantage", "silent_defence", "rescue", "chase_rule"):
            if options.get(key):
                parts.append(t(f"sg.option.{key}", locale))
        parts.append(t("sg.option.two_square_limit", locale, n=options.get("two_square_limit", 3)))
        return ", ".join(parts)

    def rules_text(self, locale: str) -> str:
        return t("sg.rules", locale)

    def thread_name(self, rec: GameRecord, state: StrategoState, names: Sequence[str], locale: str) -> str:
        red, blue = (names[state.seat_of(c)] for c in (0, 1))
        return t("sg.thread_name", locale, game=rec.id, red=red, blue=blue)

    def start_text(self, rec: GameRecord, state: StrategoState, locale: str) -> str:
        red, blue = (self.player(rec, state, c) for c in (0, 1))
        return t("sg.started", locale, game=rec.id, red=red, blue=blue, options=self.options_text(rec.options, locale))

    def player(self, rec: GameRecord, state: StrategoState, colour: int) -> str:
        return mention(rec.players[state.seat_of(colour)])

    def colour_of(self, state: StrategoState, seat: int, locale: str) -> str:
        return t(f"sg.colour.{COLOURS[state.seat_colour[seat]]}", locale)

    def who(self, rec: GameRecord, state: StrategoState, colour: str, locale: str) -> str:
        """``@jana (Red)``: the player and the side the board shows."""
        return f"{self.player(rec, state, COLOURS.index(colour))} ({t(f'sg.colour.{colour}', locale)})"

    def entry_line(self, rec: GameRecord, state: StrategoState, entry: MoveView | RescueView, locale: str) -> str:
        """One move or rescue in words: who, from where to where, and any battle with its ranks."""
        who = self.who(rec, state, entry.colour, locale)
        if isinstance(entry, RescueView):
            if entry.rank is None or entry.square is None:
                return t("sg.rescue_declined", locale, who=who)
            return t(
                "sg.rescued",
                locale,
                who=who,
                rank=rank_word(entry.rank, locale),
                square=square_name(entry.square),
            )
        b = entry.battle
        battle = t(f"sg.battle.{b.result}", locale) if b else ""
        attack = ""
        if b is not None:
            defender = rank_word(b.defender_rank, locale) if b.defender_rank else t("sg.unknown_piece", locale)
            attack = t("sg.attacks", locale, attacker=rank_word(b.attacker_rank, locale), defender=defender)
        scout = t("sg.scout_revealed", locale) if entry.scout_revealed and not entry.battle else ""
        frm, to = square_name(entry.frm), square_name(entry.to)
        return t("sg.moved", locale, who=who, frm=frm, to=to, attack=attack, battle=battle, scout=scout)

    def new_entries(
        self, state: StrategoState, events: Sequence[Event], seat: int | None
    ) -> list[MoveView | RescueView]:
        """The history entries one action added, as ``seat`` may see them."""
        added = sum(1 for e in events if e["type"] in ADDS_ENTRY)
        return list(recent(state, seat, added)) if added else []

    def event_lines(
        self, rec: GameRecord, state: StrategoState, logged: Sequence[protocol.Event], locale: str
    ) -> list[str]:
        events = typed(logged)
        types = {e["type"] for e in events}
        lines = [self.entry_line(rec, state, e, locale) for e in self.new_entries(state, events, None)]
        if "ready" in types and "start" not in types:
            red, blue = (self.player(rec, state, c) for c in (0, 1))
            word = {True: t("sg.ready", locale), False: t("sg.not_ready", locale)}
            lines.append(
                t(
                    "sg.ready_status",
                    locale,
                    red=red,
                    blue=blue,
                    red_state=word[state.ready[0]],
                    blue_state=word[state.ready[1]],
                )
            )
        if "start" in types:
            lines.append(t("sg.begin", locale, red=self.player(rec, state, 0)))
        if "draw_offered" in types:
            offerer = next(e["colour"] for e in events if e["type"] == "draw_offered")
            lines.append(
                t(
                    "sg.draw_offered",
                    locale,
                    user=self.player(rec, state, offerer),
                    opponent=self.player(rec, state, 1 - offerer),
                )
            )
        if any(e["type"] == "move" and e.get("draw_declined") for e in events):
            lines.append(t("sg.draw_declined", locale))
        return lines

    def prompt(self, rec: GameRecord, state: StrategoState, seat: int, locale: str) -> str:
        if state.phase != "play":
            return ""
        user = mention(rec.players[seat])
        if state.rescue_from >= 0:
            return t("sg.rescue_prompt", locale, user=user)
        return t("sg.your_turn", locale, user=user)

    def turn_notice(
        self, rec: GameRecord, state: StrategoState, seat: int, logged: Sequence[protocol.Event], locale: str
    ) -> str:
        """SG-7: what the opponent did, from this seat's own view (it knows its own pieces)."""
        events = typed(logged)
        colour = self.colour_of(state, seat, locale)
        if state.phase != "play":
            return ""
        mine = COLOURS[state.seat_colour[seat]]
        what = [self.happened(rec, state, e, mine, locale) for e in self.new_entries(state, events, seat)]
        head = t("sg.rescue_dm" if state.rescue_from >= 0 else "sg.your_turn_dm", locale, game=rec.id, colour=colour)
        return "\n".join([head, *what])

    def happened(
        self, rec: GameRecord, state: StrategoState, entry: MoveView | RescueView, mine: str, locale: str
    ) -> str:
        """One entry as a sentence for the player ``mine``: the battle and what it cost."""
        line = self.entry_line(rec, state, entry, locale)
        if isinstance(entry, RescueView) or entry.battle is None:
            return line
        b = entry.battle
        own_attacked = entry.colour != mine
        own, theirs = (b.defender_rank, b.attacker_rank) if own_attacked else (b.attacker_rank, b.defender_rank)
        lost = []
        if b.result in ("both", "attacker" if own_attacked else "defender") and own:
            lost.append(t("sg.lost_yours", locale, rank=rank_word(own, locale)))
        if b.result in ("both", "defender" if own_attacked else "attacker"):
            lost.append(
                t("sg.lost_theirs", locale, rank=rank_word(theirs, locale) if theirs else t("sg.unknown_piece", locale))
            )
        return line + (": " + "; ".join(lost) if lost else "")

    def status_line(self, rec: GameRecord, state: StrategoState, locale: str) -> str:
        since = int(rec.turn_since or rec.updated_at)
        if state.phase == "setup":
            waiting = [mention(rec.players[s]) for s in GAME.to_act(state)]
            return t("setup_waiting", locale, since=since, who=", ".join(waiting))
        if state.phase == "play":
            return t("turn_of", locale, who=self.player(rec, state, state.turn), since=since)
        return self.outcome_text(rec, state, locale)

    def outcome_text(self, rec: GameRecord, state: StrategoState, locale: str) -> str:
        outcome = rec.outcome or GAME.outcome(state)
        if outcome is None or (not outcome.draw and not outcome.winners):
            return t("finished", locale)
        reason = t(f"sg.reason.{REASON_WORDS[outcome.ending, outcome.draw]}", locale)
        if outcome.draw:
            return t("sg.result.draw", locale, reason=reason)
        colour = state.seat_colour[outcome.winners[0]]
        winner = f"{self.player(rec, state, colour)} ({t(f'sg.colour.{COLOURS[colour]}', locale)})"
        return t("sg.result.win", locale, winner=winner, reason=reason)

    def automa_name(self, locale: str) -> str | None:
        return None

    def record_text(self, rec: GameRecord, state: StrategoState, seat: int | None, locale: str) -> str:
        return record(state, seat, seed=rec.seed if state.phase == "over" else None)

    def record_files(self, rec: GameRecord, state: StrategoState, names: Sequence[str], locale: str) -> list[FileSpec]:
        """The StraDoS2 game file (rules/stratego/stratados.py), when that format replays the game."""
        outcome = rec.outcome
        timeout = None
        if outcome is not None and outcome.ending is Ending.TIMEOUT and outcome.winners:
            timeout = state.seat_colour[outcome.winners[0]]
        red, blue = (names[state.seat_of(colour)] for colour in (0, 1))
        text = game_file(state, red, blue, timeout_winner=timeout)
        return [] if text is None else [FileSpec(text.encode(), f"stratego-{rec.id}-stratados2.xml")]

    def last_lines(self, rec: GameRecord, state: StrategoState, seat: int | None, locale: str) -> list[str]:
        return [f"{h.ply}. {self.entry_line(rec, state, h, locale)}" for h in recent(state, seat, 10)]

    def error_params(self, error: RuleError, locale: str) -> dict[str, object]:
        """Squares as A1–J10, ranks as names, the two-squares count as an ordinal, setup counts."""
        p = error.params
        words: dict[str, Any] = {k: square_name(p[k]) for k in SQUARE_PARAMS if isinstance(p.get(k), int)}
        if isinstance(p.get("rank"), str):
            words["rank"] = rank_word(p["rank"], locale)
        if error.code == "two_squares":
            words["nth"] = t(ORDINALS.get(p.get("limit", 3), "sg.nth.more"), locale)
        if error.code == "not_in_zone":
            words["rows"] = "1–4" if p.get("colour", 0) == 0 else "7–10"
        if error.code == "setup_counts":
            words["counts"] = counts(p.get("too_few", {}), p.get("too_many", {}), locale)
        return words


def rank_word(rank: str, locale: str) -> str:
    key = f"sg.rank.{rank}"
    return t(key, locale) if has(key, locale) else rank


def counts(too_few: dict[str, int], too_many: dict[str, int], locale: str) -> str:
    parts = [tn(f"sg.count.{r}", n, locale) + " " + t("sg.too_few", locale) for r, n in too_few.items()]
    parts += [tn(f"sg.count.{r}", n, locale) + " " + t("sg.too_many", locale) for r, n in too_many.items()]
    return ", ".join(parts)
