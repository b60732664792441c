"""How Shitenno looks and reads in Discord (its :class:`~cogs.ui.GameUI`): the public board and the
sharing table for the thread, each player's hand for him alone, and every decision in words
(SH-4: the pool, the lots and everything on the board are public; hands are not)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cogs.respond import mention
from cogs.texts import join_words, t
from cogs.ui import ButtonSpec, FileSpec
from db.records import GameRecord
from render.shitenno import render_board, render_hand, render_sharing
from rules.errors import RuleError
from rules.shitenno import GAME, ShitennoState
from rules.shitenno.content import CONTENT
from rules.shitenno.view import ShitennoView, public_log

ENTRY = re.compile(r"^P(?P<seat>\d)(?P<colon>:?) (?P<rest>.*)$")
BOARD_WORDS = ("conquer", "buy", "flip", "split")
"""Log verbs after which the public images are worth posting again: not after an offer, a refusal or
an accepted lot, which are one line each; the end of a sharing phase posts them (``titles``)."""


def sharing_decision(view: ShitennoView) -> str:
    """Which sharing decision is due (SH-10): ``answer`` an offer, ``choose`` a lot, ``split`` the
    pool between the last two, or ``offer`` a lot."""
    assert view.sharing is not None
    return view.sharing.due


def card_words(label: str, locale: str) -> str:
    """``T9`` as ``T9 (SA·BU)``, ``K3`` as ``K3 (2 koku)``: the label the images print, and what it is."""
    if label in CONTENT.troop:
        return f"{label} ({'·'.join(CONTENT.troop[label])})"
    if label in CONTENT.koku:
        return t("sh.koku_card", locale, label=label, n=CONTENT.koku[label])
    if label in CONTENT.tiles:
        troop, effect = CONTENT.tiles[label]
        return t("sh.tile", locale, label=label, effect=t(f"sh.effect.{effect}", locale), troop=troop)
    return label


def cards_words(labels: Sequence[str], locale: str) -> str:
    return ", ".join(card_words(c, locale) for c in labels) if labels else t("sh.no_cards", locale)


class ShitennoUI:
    kind = "shitenno"
    engine = GAME
    has_private = True
    board_at_start = True

    def title(self, locale: str) -> str:
        return t("sh.title", locale)

    def private_label(self, locale: str) -> str:
        return t("btn.my_hand", locale)

    # -- who is who ---------------------------------------------------------------------------

    def player(self, rec: GameRecord, view: ShitennoView, seat: int) -> str:
        """``@jana (Honda)``: the Discord name and the general (the images name generals)."""
        general = view.players[seat].general.split()[0]
        return f"{mention(rec.players[seat])} ({general})"

    # -- images -------------------------------------------------------------------------------

    def public_files(self, rec: GameRecord, state: ShitennoState, locale: str) -> list[FileSpec]:
        view = GAME.view(state, None)
        files = [FileSpec(render_board(view), f"shitenno-{rec.id}-r{view.round}-board.png")]
        if view.phase == "sharing":
            files.append(FileSpec(render_sharing(view), f"shitenno-{rec.id}-r{view.round}-sharing.png"))
        return files

    def private_files(self, rec: GameRecord, state: ShitennoState, seat: int, locale: str) -> list[FileSpec]:
        return [FileSpec(render_hand(GAME.view(state, seat)), f"shitenno-{rec.id}-hand.png")]

    def private_text(self, rec: GameRecord, state: ShitennoState, seat: int, locale: str) -> str:
        view = GAME.view(state, seat)
        me = view.players[seat]
        troops = [c.label for c in view.hand if c.kind == "troop"]
        koku = [c.label for c in view.hand if c.kind == "koku"]
        tiles = [x.label for x in me.kept_tiles]
        return t(
            "sh.hand",
            locale,
            game=rec.id,
            general=me.general,
            title=me.title or "—",
            troops=cards_words(troops, locale),
            koku=cards_words(koku, locale),
            tiles=cards_words(tiles, locale),
        )

    def private_buttons(self, rec: GameRecord, state: ShitennoState, seat: int, locale: str) -> list[ButtonSpec]:
        return []

    def public_buttons(self, rec: GameRecord, state: ShitennoState, version: int, locale: str) -> list[ButtonSpec]:
        """The decision of whoever must decide now; anyone else pressing them is told to wait."""
        view = GAME.view(state, None)
        if view.phase == "sharing":
            due = sharing_decision(view)
            if due == "answer":
                return [
                    ButtonSpec("accept_lot", t("btn.accept_lot", locale), "success", version),
                    ButtonSpec("refuse_lot", t("btn.refuse_lot", locale), "danger", version),
                ]
            if due == "choose":
                return [ButtonSpec("choose", t("btn.take_lot", locale, lot=x), "primary", version, x) for x in "AB"]
            verb = "split_start" if due == "split" else "lot_start"
            return [ButtonSpec(verb, t(f"btn.{verb}", locale), "primary", version)]
        if view.phase == "control" and view.control is not None and view.control.active is not None:
            seat = view.control.active
            me = view.players[seat]
            specs = [ButtonSpec("conquer_help", t("btn.conquer", locale), "primary", version)]
            for tile in me.kept_tiles:
                if tile.effect == "DRAW":
                    specs.append(
                        ButtonSpec("draw", t("btn.draw", locale, tile=tile.label), "secondary", version, tile.label)
                    )
            if me.title == "Sensei" and not me.flipped:
                specs.append(ButtonSpec("flip_start", t("btn.flip", locale), "secondary", version))
            specs.append(ButtonSpec("end", t("btn.end_turn", locale), "danger", version))
            return specs
        return []

    def private_changed(self, events: list[dict[str, Any]], seat: int) -> bool:
        """A seat's hand changes when it receives a lot, pays, takes or uses a tile (SH-7, SH-8)."""
        for e in events:
            m = ENTRY.match(e.get("log", ""))
            if m and int(m["seat"]) == seat and not m["rest"].startswith(("end", "refuse", "offer", "is Tairo")):
                return True
        return False

    def board_changed(self, events: list[dict[str, Any]]) -> bool:
        for e in events:
            entry = e.get("log", "")
            if entry.startswith(("round", "titles", "final")):
                return True
            m = ENTRY.match(entry)
            if m and m["rest"].split()[0] in BOARD_WORDS:
                return True
        return False

    # -- words --------------------------------------------------------------------------------

    def options_text(self, options: dict[str, Any], locale: str) -> str:
        picks = str(options.get("generals") or "")
        return t("sh.generals_picked", locale, picks=picks) if picks.strip(", ") else t("sh.generals_in_order", locale)

    def rules_text(self, locale: str) -> str:
        return t("sh.rules", locale)

    def thread_name(self, rec: GameRecord, state: ShitennoState, names: Sequence[str], locale: str) -> str:
        return t("sh.thread_name", locale, game=rec.id, names=", ".join(names))

    def start_text(self, rec: GameRecord, state: ShitennoState, locale: str) -> str:
        view = GAME.view(state, None)
        who = [
            t("sh.plays", locale, user=mention(rec.players[p.seat]), general=p.general, colour=p.colour, title=p.title)
            for p in view.players
        ]
        return t("sh.started", locale, game=rec.id, players="\n".join(who))

    def event_lines(
        self, rec: GameRecord, state: ShitennoState, events: list[dict[str, Any]], locale: str
    ) -> list[str]:
        view = GAME.view(state, None)
        return [line for e in events if "log" in e and (line := self.entry_words(rec, view, e["log"], locale))]

    def entry_words(self, rec: GameRecord, view: ShitennoView, entry: str, locale: str) -> str:
        """One public log entry (SH-4.5) as a sentence."""
        words = entry.split()
        if words[0] == "round":
            return t("sh.round", locale, round=words[1], pool=cards_words(words[3:], locale))
        if words[0] == "titles":
            parts = [f"{self.player(rec, view, int(w[1]))} {w.split('=')[1]}" for w in words[1:]]
            return t("sh.titles", locale, titles=", ".join(parts))
        if words[0] == "final":
            return self.scoring_table(rec, view, locale)
        if entry.startswith("last round"):
            return t("sh.last_round", locale)
        m = ENTRY.match(entry)
        if m is None:
            return ""
        who, rest = self.player(rec, view, int(m["seat"])), m["rest"].split()
        verb, args = rest[0], rest[1:]
        if verb == "offer":
            return t("sh.offered", locale, who=who, tile=args[0], cards=cards_words(args[1:], locale))
        if verb in ("accept", "refuse"):
            return t("sh.accepted" if verb == "accept" else "sh.refused", locale, who=who)
        if verb == "receives":
            return t("sh.receives", locale, who=who, tile=args[0], cards=cards_words(args[1:], locale))
        if verb == "is":
            return t("sh.is_tairo", locale, who=who)
        if verb == "split":
            cut = args.index("/")
            a, b = args[:cut], args[cut + 1 :]
            return t(
                "sh.split",
                locale,
                who=who,
                a_tile=a[0],
                a=cards_words(a[1:], locale),
                b_tile=b[0],
                b=cards_words(b[1:], locale),
            )
        if verb == "choose":
            return t("sh.chose", locale, who=who, lot=args[0])
        if verb in ("conquer", "buy"):
            return t(f"sh.{verb}", locale, who=who, province=args[0].title(), payment=" ".join(args[1:]))
        if verb == "takes":
            return t("sh.takes", locale, who=who, tile=card_words(args[0], locale))
        if verb == "draw":
            return t("sh.drew", locale, who=who, tile=args[0])
        if verb == "flip":
            province, pos = args[0].split(".")
            return t("sh.flipped", locale, who=who, province=province.title(), position=pos)
        if verb == "end":
            return t("sh.ended_auto" if "(auto)" in rest else "sh.ended", locale, who=who)
        if verb == "skip":
            return ""
        if verb == "resign":
            return t("sh.resigned", locale, who=who)
        return ""

    def scoring_table(self, rec: GameRecord, view: ShitennoView, locale: str) -> str:
        """SH-9.3: each player's VP by source — positions, title bonuses, province majorities
        (ties go to the stone placed first), leftover koku — and the ranking's tie-breaks."""
        lines = [t("sh.scoring_head", locale)]
        for p in view.players:
            parts = {"conquest": 0, "title": 0, "majority": 0, "koku": 0}
            won = []
            for what, vp in p.scoring:
                kind = what.split()[0]
                parts[kind] = parts.get(kind, 0) + vp
                if kind == "majority":
                    won.append(what.split()[1].title())
            lines.append(
                t(
                    "sh.scoring_line",
                    locale,
                    who=self.player(rec, view, p.seat),
                    total=p.score,
                    positions=parts["conquest"],
                    titles=parts["title"],
                    majorities=parts["majority"],
                    provinces=", ".join(won) or "—",
                    koku=parts["koku"],
                )
            )
        lines.append(t("sh.scoring_ties", locale))
        return "\n".join(lines)

    def prompt(self, rec: GameRecord, state: ShitennoState, seat: int, locale: str) -> str:
        view = GAME.view(state, None)
        who = self.player(rec, view, seat)
        if view.phase == "sharing":
            sh = view.sharing
            assert sh is not None
            due = sharing_decision(view)
            if due == "answer":
                assert sh.offer is not None
                cards = cards_words([c.label for c in sh.offer.cards], locale)
                return t("sh.prompt_answer", locale, who=who, tile=sh.offer.tile, cards=cards)
            if due == "choose":
                return t("sh.prompt_choose", locale, who=who)
            others = [self.player(rec, view, s) for s in sh.pending if s != seat]
            if due == "split":
                return t("sh.prompt_split", locale, who=who, other=join_words(others, locale))
            nxt = next((s for s in sh.pending if s != seat and s not in sh.refused), None)
            to = self.player(rec, view, nxt) if nxt is not None else ""
            return t("sh.prompt_offer", locale, who=who, to=to)
        if view.phase == "control":
            me = view.players[seat]
            return t("sh.prompt_control", locale, who=who, done=me.conquests)
        return ""

    def turn_notice(
        self, rec: GameRecord, state: ShitennoState, seat: int, events: list[dict[str, Any]], locale: str
    ) -> str:
        happened = self.event_lines(rec, state, events, locale)
        head = t("sh.your_decision_dm", locale, game=rec.id)
        prompt = self.prompt(rec, state, seat, locale)
        return "\n".join([head, *happened[-6:], prompt])

    def status_line(self, rec: GameRecord, state: ShitennoState, locale: str) -> str:
        view = GAME.view(state, None)
        if view.phase == "finished":
            return self.outcome_text(rec, state, locale)
        since = int(rec.turn_since or rec.updated_at)
        who = join_words([self.player(rec, view, s) for s in view.to_act], locale)
        return t(f"sh.status.{view.phase}", locale, round=view.round, who=who, since=since)

    def outcome_text(self, rec: GameRecord, state: ShitennoState, locale: str) -> str:
        view = GAME.view(state, None)
        o = view.outcome
        if o is None:
            return t("finished", locale)
        winners = join_words([self.player(rec, view, s) for s in o.winners], locale)
        scores = ", ".join(f"{self.player(rec, view, s)} {o.scores[s]}" for s in range(len(o.scores)))
        return t(f"sh.result.{o.reason}", locale, winners=winners, scores=scores)

    def record_text(self, rec: GameRecord, state: ShitennoState, seat: int | None, locale: str) -> str:
        lines = [f"Shitenno #{rec.id}", *public_log(state)]
        if state.phase == "finished":
            lines.append(f"seed {rec.seed}")
        return "\n".join(lines)

    def last_lines(self, rec: GameRecord, state: ShitennoState, seat: int | None, locale: str) -> list[str]:
        view = GAME.view(state, None)
        words = [self.entry_words(rec, view, entry, locale) for entry in view.log]
        return [w for w in words if w][-12:]

    def error_params(self, error: RuleError, locale: str) -> dict[str, Any]:
        return {}
