"""How Shitenno looks and reads in Discord (its :class:`~cogs.table.ui.GameUI`): the public board and the
sharing table for the thread, each player's hand for him alone, and every decision in words
(SH-4: the pool, the lots and everything on the board are public; hands are not)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeAlias

from cogs.shitenno.picks import (
    card_words,
    cards_words,
    koku_total,
    may_conquer,
    province_words,
    title_words,
    troops_words,
    used_words,
    yielded,
)
from cogs.table.ui import ButtonSpec, FileSpec, GameUI, mention
from cogs.table.views_kept import view_of
from cogs.texts import computer_mark, join_words, t
from cogs.texts.images import image_words as words_of_images
from db.records import ABSENT_LEVEL, GameRecord
from render.shitenno import render_board, render_hand, render_sharing
from render.words import Words
from rules import protocol
from rules.errors import RuleError
from rules.protocol import Ending
from rules.shitenno import GAME, ShitennoState
from rules.shitenno.content import CONTENT
from rules.shitenno.events import Conquest, Event, GameOverEvent, typed
from rules.shitenno.view import ShitennoView, public_log

BOARD_EVENTS = frozenset(
    {
        "round_started",
        "pool_split",
        "titles_assigned",
        "position_conquered",
        "position_bought",
        "stone_flipped",
        "game_over",
    }
)
"""Events after which the public images are worth posting again: not after an offer, a refusal or
an accepted lot, which are one line each; the end of a sharing phase posts them (``titles_assigned``)."""

HandEvent: TypeAlias = Literal["position_conquered", "position_bought", "tile_taken", "draw_used"]
HAND_EVENTS: frozenset[HandEvent] = frozenset({"position_conquered", "position_bought", "tile_taken", "draw_used"})
"""Events of a seat that always change its private view (hand, kept tiles): a DM shows it again.
A received lot does when it has cards, a new title when it differs from the old
(:meth:`ShitennoUI.private_changed`). Not a split of the pool (the splitter's hand changes when
the other lot is chosen) nor a Sensei's flip (a stone on the board): a DM after those showed the
very hand the player already had."""


Names = Callable[[int], str]
"""How a seat is named in words: a mention with the general in Discord, the general in a file."""


def sharing_decision(view: ShitennoView) -> str:
    """Which sharing decision is due (SH-10): ``answer`` an offer, ``choose`` a lot, ``split`` the
    pool between the last two, or ``offer`` a lot."""
    assert view.sharing is not None
    return view.sharing.due


def event_payment(e: Conquest, locale: str) -> str:
    """A conquest's payment (SH-8.5, SH-8.6) in words, from its event: what the troops were (or
    how much koku), then how many cards and tiles it took (the event leaves out unused parts)."""
    troops, koku = e.get("troops", []), e.get("koku", [])
    n_plus, n_exchanges = len(e.get("plus", [])), len(e.get("exchanges", []))
    used = used_words(len(troops), len(koku), n_plus, n_exchanges, bool(e.get("joker")), locale)
    if e["type"] == "position_bought":
        return t("sh.pay_koku", locale, n=koku_total(koku, n_plus, n_exchanges), used=used)
    swapped = {x["on"]: x["to"] for x in e.get("exchanges", []) if x.get("to")}
    plus = [p["on"] for p in e.get("plus", []) if p.get("on")]
    counts = yielded(troops, koku, plus, swapped, e.get("joker"))
    return t("sh.pay_troops", locale, troops=troops_words(counts, locale), used=used)


def tairo_of(titles: Sequence[str | None], resigned: set[int]) -> int | None:
    """SH-6.3: the Tairō of a sharing is the highest title still playing."""
    held = [(CONTENT.titles.index(x), seat) for seat, x in enumerate(titles) if x is not None and seat not in resigned]
    return min(held)[1] if held else None


def with_tairo(log: Sequence[Event]) -> list[tuple[Event, int | None]]:
    """Each event with, for a ``round_started``, who is Tairō in it (from the titles held then)."""
    titles: Sequence[str | None] = ()
    resigned: set[int] = set()
    out: list[tuple[Event, int | None]] = []
    for e in log:
        if e["type"] in ("setup", "titles_assigned"):
            titles = e["titles"]
        elif e["type"] == "resign" and not e.get("play_on"):  # a seat played on keeps its title (SH-R.6)
            resigned.add(e["seat"])
        out.append((e, tairo_of(titles, resigned) if e["type"] == "round_started" else None))
    return out


SIMPLE = {
    "lot_accepted": "sh.accepted",
    "lot_refused": "sh.refused",
    "tairo_changed": "sh.is_tairo",
    "resign": "sh.resigned",
}
"""Events whose words name only who did it."""


IMAGE_WORDS = ("img.sh.", "sh.effect.")
"""The keys the images draw (render.shitenno takes them as its ``words``)."""


def image_words(locale: str) -> Words:
    """The images' labels in ``locale``."""
    return words_of_images(locale, *IMAGE_WORDS)


class ShitennoUI(GameUI[ShitennoState]):
    kind = "shitenno"
    engine = GAME
    has_private = True
    board_at_start = True
    live_turn = False

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

    def public_files(self, rec: GameRecord, state: ShitennoState, names: Sequence[str], locale: str) -> list[FileSpec]:
        view, words = view_of(GAME, state), image_words(locale)
        files = [FileSpec(render_board(view, words, names), f"shitenno-{rec.id}-r{view.round}-board.png")]
        if view.phase == "sharing":
            image = render_sharing(view, words, names)
            files.append(FileSpec(image, f"shitenno-{rec.id}-r{view.round}-sharing.png"))
        return files

    def private_files(
        self, rec: GameRecord, state: ShitennoState, seat: int, names: Sequence[str], locale: str
    ) -> list[FileSpec]:
        image = render_hand(view_of(GAME, state, seat), image_words(locale), names)
        return [FileSpec(image, f"shitenno-{rec.id}-hand.png")]

    def private_text(self, rec: GameRecord, state: ShitennoState, seat: int, locale: str) -> str:
        view = view_of(GAME, state, seat)
        me = view.players[seat]
        troops = [c.label for c in view.hand if c.kind == "troop"]
        koku = [c.label for c in view.hand if c.kind == "koku"]
        tiles = [x.label for x in me.kept_tiles]
        return t(
            "sh.hand",
            locale,
            game=rec.id,
            general=me.general,
            title=title_words(me.title, locale) if me.title else "—",
            troops=cards_words(troops, locale),
            koku=cards_words(koku, locale),
            tiles=cards_words(tiles, locale, "sh.no_tiles"),
        )

    def private_buttons(self, rec: GameRecord, state: ShitennoState, seat: int, locale: str) -> list[ButtonSpec]:
        return []

    def public_buttons(self, rec: GameRecord, state: ShitennoState, version: int, locale: str) -> list[ButtonSpec]:
        """The decision of whoever must decide now; anyone else pressing them is told to wait."""
        view = view_of(GAME, state)
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
            specs: list[ButtonSpec] = []
            if may_conquer(state, seat):  # nothing is offered that cannot be taken
                specs.append(ButtonSpec("conquer_start", t("btn.conquer", locale), "primary", version))
            draws = {
                t("btn.draw", locale, troop=t(f"sh.troop.{x.troop}", locale)): x.label
                for x in me.kept_tiles
                if x.effect == "DRAW"
            }
            for label, tile in draws.items():  # two alike tiles: one button (either does the same)
                specs.append(ButtonSpec("draw", label, "secondary", version, tile))
            simple = any(s == seat and not golden for stones in state.board.values() for s, golden in stones)
            if me.title == "Sensei" and not me.flipped and simple:
                specs.append(ButtonSpec("flip_start", t("btn.flip", locale), "secondary", version))
            specs.append(ButtonSpec("end", t("btn.end_turn", locale), "danger", version))
            return specs
        return []

    def private_changed(self, logged: Sequence[protocol.Event], seat: int) -> bool:
        """What a seat's hand DM shows changed: its cards (a lot with cards; a payment), its tiles
        (taken, used) or its title (SH-7.7, SH-8). A lot of a tile alone changes nothing until
        the titles are assigned; events logged before ``titles_assigned`` named the old titles
        count such a lot as a change, as they were told."""
        events = typed(logged)
        lot_alone = False
        for e in events:
            if e["type"] in HAND_EVENTS and e["seat"] == seat:
                return True
            if e["type"] == "lot_received" and e["seat"] == seat:
                if e["cards"]:
                    return True
                lot_alone = True
            elif e["type"] == "titles_assigned":
                retitled = lot_alone if "before" not in e else e["titles"][seat] != e["before"][seat]
                if retitled:
                    return True
        return False

    def board_changed(self, logged: Sequence[protocol.Event]) -> bool:
        events = typed(logged)
        return any(e["type"] in BOARD_EVENTS for e in events)

    # -- words --------------------------------------------------------------------------------

    def options_text(self, options: dict[str, Any], locale: str) -> str:
        picks = str(options.get("generals") or "")
        return t("sh.generals_picked", locale, picks=picks) if picks.strip(", ") else t("sh.generals_in_order", locale)

    def rules_text(self, locale: str) -> str:
        return t("sh.rules", locale)

    def thread_name(self, rec: GameRecord, state: ShitennoState, names: Sequence[str], locale: str) -> str:
        return t("sh.thread_name", locale, game=rec.id, names=", ".join(names))

    def start_text(self, rec: GameRecord, state: ShitennoState, locale: str) -> str:
        view = view_of(GAME, state)
        who = [
            t(
                "sh.plays",
                locale,
                user=mention(rec.players[p.seat]),
                general=p.general,
                colour=t(f"sh.colour.{p.colour}", locale),
                title=title_words(p.title, locale) if p.title else "—",
            )
            for p in view.players
        ]
        return t("sh.started", locale, game=rec.id, players="\n".join(who))

    def event_lines(
        self, rec: GameRecord, state: ShitennoState, logged: Sequence[protocol.Event], locale: str
    ) -> list[str]:
        events = typed(logged)
        view = view_of(GAME, state)
        tairos: dict[int, int | None] = {}
        if any(e["type"] == "round_started" for e in events):  # who is Tairō, from the whole log
            tairos = {e["round"]: seat for e, seat in with_tairo(public_log(state)) if e["type"] == "round_started"}
        who = self.names(rec, view)
        return [
            self.event_words(e, who, locale, tairos.get(e["round"]) if e["type"] == "round_started" else None)
            for e in events
        ]

    def names(self, rec: GameRecord, view: ShitennoView) -> Names:
        return lambda seat: self.player(rec, view, seat)

    def event_words(self, e: Event, who: Names, locale: str, tairo: int | None = None) -> str:
        """One public event (SH-4.5) as a sentence (the final scoring as a table)."""
        if e["type"] == "setup":
            return t("sh.setup", locale, titles=self.titles_words(e["titles"], who, locale))
        if e["type"] == "round_started":
            line = t("sh.round", locale, round=e["round"], pool=cards_words(e["pool"], locale))
            return line if tairo is None else f"{line} {t('sh.round_tairo', locale, who=who(tairo))}"
        if e["type"] == "last_round":
            if e["cause"] == "stones_placed":
                return t("sh.last_round.stones_placed", locale, who=who(e["seat"]))
            return t("sh.last_round.koku_deck_empty", locale)
        if e["type"] == "titles_assigned":
            return t("sh.titles", locale, titles=self.titles_words(e["titles"], who, locale))
        if e["type"] == "game_over":
            return self.scoring_table(e, who, locale)
        name = who(e["seat"])
        if e["type"] == "lot_offered":
            key = "sh.offered" if e["to"] is None else "sh.offered_to"
            to = "" if e["to"] is None else who(e["to"])
            return t(
                key, locale, who=name, to=to, tile=title_words(e["tile"], locale), cards=cards_words(e["cards"], locale)
            )
        if e["type"] == "resign" and e.get("play_on"):  # SH-R.6: a computer plays the seat on
            return t("sh.resigned.play_on", locale, who=name, computer=computer_mark(ABSENT_LEVEL))
        if e["type"] in SIMPLE:
            return t(SIMPLE[e["type"]], locale, who=name)
        if e["type"] == "lot_received":
            return t(
                "sh.receives",
                locale,
                who=name,
                tile=title_words(e["tile"], locale),
                cards=cards_words(e["cards"], locale),
            )
        if e["type"] == "pool_split":
            a, b = cards_words(e["a_cards"], locale), cards_words(e["b_cards"], locale)
            return t(
                "sh.split",
                locale,
                who=name,
                a_tile=title_words(e["a_tile"], locale),
                a=a,
                b_tile=title_words(e["b_tile"], locale),
                b=b,
            )
        if e["type"] == "lot_chosen":
            return t("sh.chose", locale, who=name, lot=e["lot"])
        if e["type"] in ("position_conquered", "position_bought"):
            key = ("sh.conquer" if e["type"] == "position_conquered" else "sh.buy") + ("_bonus" if e["bonus"] else "")
            return t(
                key,
                locale,
                who=name,
                province=province_words(e["province"], locale),
                position=e["position"],
                vp=e["vp"],
                bonus=e["bonus"],
                payment=event_payment(e, locale),
            )
        if e["type"] == "tile_taken":
            return t("sh.takes", locale, who=name, tile=card_words(e["tile"], locale))
        if e["type"] == "draw_used":
            return t("sh.drew", locale, who=name, tile=card_words(e["tile"], locale))
        if e["type"] == "stone_flipped":
            return t(
                "sh.flipped", locale, who=name, province=province_words(e["province"], locale), position=e["position"]
            )
        if e["type"] == "turn_ended":
            return t("sh.ended_auto" if e["auto"] else "sh.ended", locale, who=name)
        if e["type"] == "turn_skipped":
            return t("sh.skipped", locale, who=name)
        raise ValueError(f"no words for the event {e['type']!r}")

    def titles_words(self, titles: Sequence[str | None], who: Names, locale: str) -> str:
        """Who holds which title; a resigned seat holds none (SH-R.3)."""
        held = [(seat, title) for seat, title in enumerate(titles) if title is not None]
        return ", ".join(
            t("sh.holds_title", locale, who=who(seat), title=title_words(title, locale)) for seat, title in held
        )

    def scoring_table(self, e: GameOverEvent, who: Names, locale: str) -> str:
        """SH-9.3: each player's VP by source — positions, title bonuses, province majorities
        (ties go to the stone placed first), leftover koku — and the ranking's tie-breaks."""
        lines = [t("sh.scoring_head", locale)]
        for seat, parts in enumerate(e["scoring"]):
            lines.append(
                t(
                    "sh.scoring_line",
                    locale,
                    who=who(seat),
                    total=e["scores"][seat],
                    positions=parts["positions"],
                    titles=parts["titles"],
                    majorities=parts["majorities"],
                    provinces=", ".join(province_words(p, locale) for p in parts["provinces"]) or "—",
                    koku=parts["koku"],
                )
            )
        lines.append(t("sh.scoring_ties", locale))
        return "\n".join(lines)

    def prompt(self, rec: GameRecord, state: ShitennoState, seat: int, locale: str) -> str:
        view = view_of(GAME, state)
        who = self.player(rec, view, seat)
        if view.phase == "sharing":
            sh = view.sharing
            assert sh is not None
            due = sharing_decision(view)
            if due == "answer":
                assert sh.offer is not None
                cards = cards_words([c.label for c in sh.offer.cards], locale)
                return t("sh.prompt_answer", locale, who=who, tile=title_words(sh.offer.tile, locale), cards=cards)
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
        self, rec: GameRecord, state: ShitennoState, seat: int, logged: Sequence[protocol.Event], locale: str
    ) -> str:
        events = typed(logged)
        happened = self.event_lines(rec, state, events, locale)
        head = t("sh.your_decision_dm", locale, game=rec.id)
        prompt = self.prompt(rec, state, seat, locale)
        return "\n".join([head, *happened[-6:], prompt])

    def status_line(self, rec: GameRecord, state: ShitennoState, locale: str) -> str:
        view = view_of(GAME, state)
        if view.phase == "finished":
            return self.outcome_text(rec, state, locale)
        since = int(rec.turn_since or rec.updated_at)
        who = join_words([self.player(rec, view, s) for s in view.to_act], locale)
        return t(f"sh.status.{view.phase}", locale, round=view.round, who=who, since=since)

    def automa_name(self, locale: str) -> str | None:
        return None

    def named(self, rec: GameRecord, view: ShitennoView, seat: int, locale: str) -> str:
        """A seat in the result: its player, marked when they resigned (SH-R.5: a loss)."""
        who = self.player(rec, view, seat)
        return t("sh.result.resigned_mark", locale, who=who) if seat in view.resigned else who

    def outcome_text(self, rec: GameRecord, state: ShitennoState, locale: str) -> str:
        view = view_of(GAME, state)
        o = rec.outcome or GAME.outcome(state)
        if o is None or o.scores is None:
            return t("finished", locale)
        winners = join_words([self.player(rec, view, s) for s in o.winners], locale)
        scores = ", ".join(f"{self.named(rec, view, s, locale)} {o.scores[s]}" for s in range(len(o.scores)))
        key = "sh.result.resign" if o.ending is Ending.RESIGNED else "sh.result.final_scoring"
        return t(key, locale, winners=winners, scores=scores)

    def record_text(self, rec: GameRecord, state: ShitennoState, seat: int | None, locale: str) -> str:
        """The whole public history in words, each general by name (a file shows no mentions),
        after who plays which general; the seed once the game is over (so it can be replayed)."""
        view = view_of(GAME, state)
        lines = [t("sh.record_head", locale, game=rec.id)]
        for p in view.players:
            lines.append(
                t(
                    "sh.record_player",
                    locale,
                    general=p.general,
                    colour=t(f"sh.colour.{p.colour}", locale),
                    user=mention(rec.players[p.seat]),
                )
            )
        lines += [
            self.event_words(e, lambda s: view.players[s].general, locale, x) for e, x in with_tairo(public_log(state))
        ]
        if state.phase == "finished":
            lines.append(t("sh.record_seed", locale, seed=rec.seed))
        return "\n".join(lines)

    def record_files(self, rec: GameRecord, state: ShitennoState, names: Sequence[str], locale: str) -> list[FileSpec]:
        return []  # the JSON record (/game log) is the only one

    def last_lines(self, rec: GameRecord, state: ShitennoState, seat: int | None, locale: str) -> list[str]:
        """What ``/game log`` shows: the latest public events in words."""
        view = view_of(GAME, state)
        who = self.names(rec, view)
        return [self.event_words(e, who, locale, x) for e, x in with_tairo(view.log)][-12:]

    def error_params(self, error: RuleError, locale: str) -> dict[str, object]:
        """The expected decision in words, provinces and titles by name (no rule ids)."""
        p = error.params
        words: dict[str, Any] = {}
        if isinstance(p.get("expected"), str):
            words["expected"] = t(f"sh.expected.{p['expected']}", locale)
        if isinstance(p.get("province"), str) and p["province"] in CONTENT.province:
            words["province"] = province_words(p["province"], locale)
        for key in ("tile", "title"):
            if isinstance(p.get(key), str) and p[key] in CONTENT.titles:
                words[key] = title_words(p[key], locale)
        return words
