"""How Stroganov looks and reads in Discord (its :class:`~cogs.table.ui.GameUI`, told as turn pages).

Nothing is hidden in Stroganov (ST-4.4): there is no private view, and the acting player's
decisions are buttons and selects on the current turn page in the thread (docs/stroganov.md,
"In Discord"). Every event (rules/stroganov/events.py) is told in words from the string table
``cogs/texts/<locale>/stroganov.py``, with what it gave and cost (its ``gains``): one running line
per turn on the turn pages, and the same words for the whole log in ``/game log``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from cogs.table.plan.pages import Page, fold
from cogs.table.ui import ButtonSpec, FileSpec, SelectSpec, Story, TurnPagesUI, mention, with_room
from cogs.table.views_kept import view_of
from cogs.texts import TABLES, computer_mark, has, join_words, shorten, t, tn
from db.records import ABSENT_LEVEL, GameRecord
from render.stroganov import Words, render_board, render_tableaux, render_turn
from rules import protocol
from rules.errors import RuleError
from rules.protocol import Ending
from rules.stroganov import GAME, StroganovState
from rules.stroganov.actions import (
    Action,
    Board,
    Claim,
    Coin,
    Draw,
    EndTurn,
    Entry,
    Exchange,
    Fulfil,
    Gold,
    Horses,
    Hunt,
    Move,
    Paid,
    Resign,
    Song,
    SongPass,
    Step,
    Trade,
    Trophy,
)
from rules.stroganov.content import CONTENT, Reward
from rules.stroganov.costs import Cost, cost
from rules.stroganov.events import (
    DECISIONS,
    EXTRAS,
    IVAN_STEPS,
    Counted,
    Decision,
    Effect,
    EntryData,
    Event,
    FinalEvent,
    Gain,
    IvanEvent,
    RefreshEvent,
    SetupEvent,
    effect_data,
    typed,
)
from rules.stroganov.view import CossackView, StroganovView, public_log

MAX_OPTIONS = 25
LABEL_LIMIT = 100
"""Discord's limit for an option's label and an autocomplete choice's name."""
SEASON_WORDS = ("spring", "summer", "autumn", "winter")

IVAN_REGION_STEPS = {
    "ivan_village": "sv.ivan.village",
    "ivan_build": "sv.ivan.build",
    "ivan_recruit": "sv.ivan.recruit",
}
LAST_LINES = 12
LAST_LINES_ROOM = 1800
"""``/game log`` shows at most this many lines, within this many characters."""


@functools.lru_cache(maxsize=256)
def fur(value: int, locale: str) -> str:
    """``a 5 Sable``; ``a tiger`` for 0 (kept: every cost and payment on the page's buttons
    names furs, a few distinct ones)."""
    if value == 0:
        return t("sv.tiger", locale)
    key = f"sv.fur.{value}" if has(f"sv.fur.{value}", locale) else "sv.fur"
    animal = t(f"sv.animal.{value}", locale) if has(f"sv.animal.{value}", locale) else CONTENT.furs[value][0]
    return t(key, locale, value=value, animal=animal)


def reward_words(reward: Reward, locale: str) -> str:
    """A printed reward (``"T, 1 horse"``) in words: a trophy step and 1 horse."""
    words = []
    for kind, n in reward.elements:
        if kind in ("vp", "coins", "horses", "stories"):
            words.append(tn(f"sv.{kind}", n, locale))
        elif kind in ("banner", "tiger"):
            words.append(tn(f"sv.{kind}s", n, locale))
        else:
            words += [t(f"sv.reward.{kind}", locale)] * n
    return join_words(words, locale)


def ability_words(code: str, locale: str) -> str:
    return t(f"sv.ability.{code}", locale)


def wish_words(wish: str, locale: str) -> str:
    """A tsar wish by what it is worth and does (``3 VP, each winter: 2 horses``), not its id."""
    w = CONTENT.wishes[wish]
    return t("sv.wish_words", locale, vp=w.vp, ability=ability_words(w.ability, locale))


def land_words(tile: str, locale: str) -> str:
    """A landscape tile by its type and reward (``Taiga (2 coins)``), not its id."""
    x = CONTENT.tiles[tile]
    return t("sv.landscape", locale, type=t(f"sv.land.{x.type}", locale), reward=reward_words(x.reward, locale))


def furs(values: Sequence[int], locale: str) -> str:
    return join_words([fur(v, locale) for v in values], locale)


def entry(e: Entry | EntryData, locale: str) -> str:
    """A payment entry (``("fur", 5)``, ``("tiger", 0)``, ``("sub", 3)``, or the same as a list in
    an event) in words: a 5 Sable, a tiger, a 3 Hare + a coin."""
    kind, value = e[0], int(e[1])
    if kind == "tiger":
        return fur(0, locale)
    if kind == "sub":
        return t("sv.sub", locale, fur=fur(value, locale))
    return fur(value, locale)


def cost_words(c: Cost | None, locale: str) -> str:
    """``2 horses``, ``a 4 Fox + 1 coin``; ``free`` when nothing is paid."""
    if c is None or not c:
        return t("sv.free", locale)
    parts = [fur(v, locale) for v in c.furs] + [fur(0, locale)] * c.tigers
    if c.coins:
        parts.append(tn("sv.coins", c.coins, locale))
    if c.horses:
        parts.append(tn("sv.horses", c.horses, locale))
    if c.stories:
        parts.append(tn("sv.stories", c.stories, locale))
    return " + ".join(parts)


def gains_of(e: Event, index: int) -> Gain:
    """What an event's ``gains`` say cossack ``index`` gained and spent (nothing but ``cossack``
    when nothing)."""
    for g in e.get("gains", ()):
        if g["cossack"] == index:
            return g
    return {"cossack": index}


def gains_words(g: Gain, locale: str, *, spent: bool = True) -> str:
    """What an entry gave (and, with ``spent``, what it cost) in words; "" when nothing changed."""
    got, paid = got_and_paid(g, locale)
    words = join_words(got, locale)
    if spent and paid:
        paid_words = t("sv.paid", locale, what=join_words(paid, locale))
        words = t("sv.got_paid", locale, got=words, paid=paid_words) if words else paid_words
    return words


def effect_words(effect: Effect, locale: str) -> str:
    """A trade effect (ST-8.5.2) as data (:func:`rules.stroganov.events.effect_data`) in words."""
    if effect["effect"] != "step":
        return t(f"sv.effect.{effect['effect']}", locale)
    return t("sv.effect.east" if effect["direction"] == "e" else "sv.effect.west", locale, k=effect["k"])


GAIN_PHRASES: tuple[Counted, ...] = ("coins", "horses", "stories", "banners")
"""The numbers of a :class:`~rules.stroganov.events.Gain` worded as gained or paid alike."""


def got_and_paid(g: Gain, locale: str, *, furs_named: bool = False) -> tuple[list[str], list[str]]:
    """What an entry gave and what it cost, as word lists (``furs_named``: the furs are already
    named by the phrase, e.g. an exchange)."""
    got: list[str] = []
    paid: list[str] = []
    got += [fur(v, locale) for v in g.get("furs", [])]
    for key in GAIN_PHRASES:
        n = g.get(key, 0)
        if n > 0:
            got.append(tn(f"sv.{key}", n, locale))
        elif n < 0:
            paid.append(tn(f"sv.{key}", -n, locale))
    if g.get("tigers", 0) > 0:
        got.append(tn("sv.tigers", g["tigers"], locale))
    elif g.get("tigers", 0) < 0:
        paid.append(tn("sv.tigers", -g["tigers"], locale))
    if g.get("score", 0) > 0:
        got.append(tn("sv.vp", g["score"], locale))
    if g.get("trophy", 0) > 0:
        got.append(t("sv.trophy_up", locale, n=g["trophy"]))
    if g.get("supply", 0) > 0 and g.get("reserve", 0) < 0:
        got.append(tn("sv.outposts_to_supply", g["supply"], locale))
    for tile in g.get("tiles", []):
        got.append(t("sv.tile_gained", locale, tile=land_words(tile, locale)))
    paid += [fur(v, locale) for v in g.get("furs_spent", [])]
    if furs_named:
        named = {fur(v, locale) for v in [*g.get("furs", []), *g.get("furs_spent", [])]}
        got, paid = [w for w in got if w not in named], [w for w in paid if w not in named]
    return got, paid


class StroganovUI(TurnPagesUI[StroganovState]):
    kind = "stroganov"
    engine = GAME
    has_private = False
    board_at_start = True
    live_turn = True

    def title(self, locale: str) -> str:
        return t("sv.title", locale)

    def private_label(self, locale: str) -> str:
        return ""

    # -- who is who ---------------------------------------------------------------------------

    def who(self, rec: GameRecord, view: StroganovView, index: int, locale: str) -> str:
        """A cossack by index: ``@jana (blue)`` — the colour of the images — or
        ``Ivan`` for the automa."""
        c = view.cossacks[index]
        if c.seat is None:
            return t("sv.ivan", locale)
        colour = t(f"sv.colour.{index}", locale)
        return t("sv.who", locale, player=mention(rec.players[c.seat]), colour=colour)

    def named(self, rec: GameRecord, view: StroganovView, index: int, locale: str) -> str:
        """A cossack in the result: :meth:`who`, marked when its player resigned (ST-R.5: a loss)."""
        who = self.who(rec, view, index, locale)
        return t("sv.result.resigned_mark", locale, who=who) if view.cossacks[index].resigned else who

    def seat_words(self, rec: GameRecord, view: StroganovView, seat: int, locale: str) -> str:
        return self.who(rec, view, next(c.index for c in view.cossacks if c.seat == seat), locale)

    # -- images -------------------------------------------------------------------------------

    def public_files(self, rec: GameRecord, state: StroganovState, names: Sequence[str], locale: str) -> list[FileSpec]:
        """The turn image (issue 19 §4): what matters now, readable on a phone; the full board and
        tableaux are behind the "Full board" button (:meth:`full_files`)."""
        view = view_of(GAME, state)
        return [FileSpec(render_turn(view, image_words(locale), cossack_names(view, names)), f"{stem(rec, view)}.png")]

    def full_files(self, rec: GameRecord, state: StroganovState, names: Sequence[str], locale: str) -> list[FileSpec]:
        """The whole board and every tableau (the "Full board" button's answer)."""
        view = view_of(GAME, state)
        words, by_cossack = image_words(locale), cossack_names(view, names)
        return [
            FileSpec(render_board(view, words, by_cossack), f"{stem(rec, view)}-board.png"),
            FileSpec(render_tableaux(view, words, by_cossack), f"{stem(rec, view)}-players.png"),
        ]

    def private_files(
        self, rec: GameRecord, state: StroganovState, seat: int, names: Sequence[str], locale: str
    ) -> list[FileSpec]:
        return []

    def private_text(self, rec: GameRecord, state: StroganovState, seat: int, locale: str) -> str:
        return ""

    def private_buttons(self, rec: GameRecord, state: StroganovState, seat: int, locale: str) -> list[ButtonSpec]:
        return []

    def private_changed(self, logged: Sequence[protocol.Event], seat: int) -> bool:
        return False

    def board_changed(self, logged: Sequence[protocol.Event]) -> bool:
        return True

    # -- the decisions on the page ------------------------------------------------------------

    def public_buttons(
        self, rec: GameRecord, state: StroganovState, version: int, locale: str
    ) -> list[ButtonSpec | SelectSpec]:
        """The acting player's decisions open now, with their cost: buttons for the few, selects for
        the many (each at most 25; the commands reach the rest)."""
        full = ButtonSpec("full_board", t("img.sv.button", locale), "secondary")
        to_act = GAME.to_act(state)
        if not to_act:
            return [full]
        seat = to_act[0]
        acts = [a for a in GAME.legal(state, seat) if not isinstance(a, Resign)]
        return with_room(decision_components(state, seat, acts, version, locale), full)

    # -- words --------------------------------------------------------------------------------

    def options_text(self, options: dict[str, Any], locale: str) -> str:
        return t("sv.options", locale, difficulty=t(f"sv.difficulty.{options.get('difficulty') or 'normal'}", locale))

    def rules_text(self, locale: str) -> str:
        return t("sv.rules", locale)

    def thread_name(self, rec: GameRecord, state: StroganovState, names: Sequence[str], locale: str) -> str:
        return t("sv.thread_name", locale, game=rec.id, names=", ".join(names))

    def start_text(self, rec: GameRecord, state: StroganovState, locale: str) -> str:
        view = view_of(GAME, state)
        who = ", ".join(self.who(rec, view, c.index, locale) for c in view.cossacks)
        key = "sv.started_solo" if view.solo else "sv.started"
        difficulty = t(f"sv.difficulty.{view.automa.difficulty}", locale) if view.automa else ""
        return t(key, locale, game=rec.id, players=who, difficulty=difficulty)

    def event_lines(
        self, rec: GameRecord, state: StroganovState, logged: Sequence[protocol.Event], locale: str
    ) -> list[str]:
        """Only the final scoring: everything else is told on the turn pages (:meth:`story`)."""
        view = view_of(GAME, state)
        if view.result is None:
            return []
        return [self.scoring_table(rec, view, locale)]

    def story(
        self, rec: GameRecord, state: StroganovState, logged: Sequence[protocol.Event], locale: str
    ) -> list[Story]:
        events = typed(logged)
        return self.tell(rec, view_of(GAME, state), events, locale)

    def tell(
        self, rec: GameRecord, view: StroganovView, events: Sequence[Event], locale: str, *, whole: bool = False
    ) -> list[Story]:
        """The events as :class:`Story` items: each of Ivan's turns (his song) one line, a player's
        turn a running line of phrases. ``whole``: the whole log is told (``/game log``), so the
        setup and the final scores get lines too (on the turn pages the scoring table tells them)."""
        out: list[Story] = []
        ivan: list[str] = []

        def flush() -> None:
            if ivan:
                out.append(Story("line", t("sv.ivan_turn", locale, parts="; ".join(ivan))))
                ivan.clear()

        for e in events:
            if e["type"] in IVAN_STEPS:  # one line per turn of his (ST-15.5), and his song
                if e["type"] == "ivan_flip":
                    flush()
                ivan.append(self.ivan_words(e, locale))
                continue
            flush()
            item = self.event_story(rec, view, e, locale, whole=whole)
            if item is not None:
                out.append(item)
        flush()
        return out

    def event_story(
        self, rec: GameRecord, view: StroganovView, e: Event, locale: str, *, whole: bool = False
    ) -> Story | None:
        """One event other than Ivan's steps as a story item; ``None`` when it says nothing here."""
        if e["type"] == "trophy" and e.get("winter"):  # no turn runs: the line names who
            who = self.who(rec, view, e["cossack"], locale)
            return Story("line", t("sv.winter_decision", locale, who=who, what=self.decision_words(view, e, locale)))
        if e["type"] in DECISIONS:  # the phrases of his turn line
            return Story("part", self.decision_words(view, e, locale))
        if e["type"] == "season":
            order = ", ".join(self.who(rec, view, i, locale) for i in e["order"])
            season = t(f"sv.season.{e['season']}", locale)
            return Story("page", t("sv.season", locale, season=season, year=e["year"], order=order))
        if e["type"] == "winter":
            income = [
                t("sv.income_part", locale, who=self.who(rec, view, g["cossack"], locale), got=words)
                for g in e.get("gains", ())
                if (words := gains_words(g, locale))
            ]
            return Story(
                "page", t("sv.winter", locale, year=e["year"], income="; ".join(income) or t("sv.nothing", locale))
            )
        if e["type"] == "turn_start":
            return Story("start", t("sv.turn_start", locale, who=self.who(rec, view, e["cossack"], locale)))
        if e["type"] == "end_turn":
            return Story("end", t("sv.ended_auto" if e["auto"] else "sv.ended", locale))
        if e["type"] == "no_move":
            return Story("part", t("sv.no_move", locale))
        if e["type"] == "exploration":
            parts = [
                t("sv.income_part", locale, who=self.who(rec, view, i, locale), got=tn("sv.stories", n, locale))
                for i in e["cossacks"]
                if (n := gains_of(e, i).get("stories", 0))
            ]
            return Story("line", t("sv.exploration", locale, parts=join_words(parts, locale))) if parts else None
        if e["type"] == "refresh":
            return Story("line", self.refresh_words(e, locale))
        if e["type"] == "final":
            return Story("line", self.final_words(rec, view, e, locale)) if whole else None
        if e["type"] == "setup":
            return Story("line", self.setup_words(rec, view, e, locale)) if whole else None
        who = self.who(rec, view, e["cossack"], locale)
        if e["type"] == "board":
            key = "sv.board_auto" if e["auto"] else "sv.chose_board"
            return Story("line", t(key, locale, who=who, board=e["board"], side=e["side"]))
        if e["type"] == "song":
            got = gains_words(gains_of(e, e["cossack"]), locale, spent=False)
            return Story("line", t("sv.song" if got else "sv.song_nothing", locale, who=who, got=got))
        if e["type"] == "song_pass":
            return Story("line", t(f"sv.song_pass.{e['reason']}", locale, who=who))
        if e["type"] == "turn_skipped":
            return Story("line", t("sv.turn_skipped", locale, who=who))
        if e["type"] == "resign" and e.get("play_on"):  # ST-R.6: a computer plays the seat on
            return Story("line", t("sv.resigned.play_on", locale, who=who, computer=computer_mark(ABSENT_LEVEL)))
        if e["type"] == "resign":
            return Story("line", t("sv.resigned", locale, who=who))
        raise ValueError(f"unknown Stroganov event {e['type']!r}")

    def decision_words(self, view: StroganovView, e: Decision, locale: str) -> str:
        """A player's decision as a phrase of their turn line: what it did and gave, then what it
        cost ("hunted a 5 Sable (1 coin)", "visited the Tavern in R2: 3 stories, 1 horse")."""
        kind = e["type"]
        fee = e.get("fee") if e["type"] in EXTRAS else None
        g = gains_of(e, e["cossack"])
        got, paid = got_and_paid(g, locale, furs_named=kind == "exchange")
        if kind in ("trade", "claim", "fulfil"):  # the payment is named, substitution coins too
            paid = [p for p in paid if not _is_fur_words(p, locale) and not _is_coin_words(p, locale)]
        elif fee is not None:
            paid = [p for p in paid if not _is_fur_words(p, locale)]  # the fee is named
        if e["type"] == "hunt":  # the items taken are named
            named = {fur(v, locale) for v in e["taken"]} | {tn("sv.tigers", 1, locale)}
            got = [w for w in got if w not in named]
        said = self.action_phrase(view, e, locale)
        if kind in ("coin", "horses"):
            said = t("sv.took", locale, what=join_words(got, locale)) if got else said
        elif kind == "draw" and got:
            said = t("sv.phrase_what", locale, said=said, what=join_words(got, locale))
        elif got and kind != "trade":
            said = t("sv.phrase_got", locale, said=said, got=join_words(got, locale))
        costs = [*paid, *([t("sv.fee", locale, fee=entry(fee, locale))] if fee else [])]
        return t("sv.phrase_costs", locale, said=said, costs=", ".join(costs)) if costs else said

    def action_phrase(self, view: StroganovView, e: Decision, locale: str) -> str:
        if e["type"] == "move":
            return t("sv.moved", locale, k=e["k"], to=e["to"])
        if e["type"] == "step":
            direction = t("sv.east" if e["direction"] == "e" else "sv.west", locale)
            return t("sv.stepped", locale, k=e["k"], direction=direction, to=e["to"])
        if e["type"] == "village":
            return t("sv.village", locale, village=t(f"sv.village_name.{e['village']}", locale), region=e["region"])
        if e["type"] == "wish":
            return t("sv.took_wish", locale, wish=wish_words(e["wish"], locale), region=e["region"])
        if e["type"] in ("yurt", "build", "recruit"):
            return t(f"sv.{e['type']}", locale, region=e["region"])
        if e["type"] == "claim":
            pays = join_words([entry(p, locale) for p in e["pays"]], locale)
            return t("sv.claimed", locale, tile=land_words(e["tile"], locale), pays=pays)
        if e["type"] == "trade":
            effects = join_words([effect_words(x, locale) for x in e["effects"]], locale)
            where = t("sv.now_at", locale, position=e["to"]) if e["to"] is not None else ""
            return t("sv.traded", locale, pay=entry(e["pay"], locale), effects=effects) + where
        if e["type"] == "exchange":
            return t("sv.exchanged", locale, give=fur(e["give"], locale), take=fur(e["take"], locale))
        if e["type"] == "fulfil":
            pays = join_words([entry(p, locale) for p in e["pays"]], locale)
            return t("sv.fulfilled", locale, ability=ability_words(e["ability"], locale), pays=pays)
        if e["type"] == "trophy":
            return t("sv.trophy_stay" if e["pay"] is None else "sv.trophy_advance", locale)
        if e["type"] == "draw":
            return t("sv.drew", locale)
        if e["type"] == "hunt":
            return t("sv.hunted", locale, items=furs(e["taken"], locale))
        return t(f"sv.did.{e['type']}", locale)  # coin, horses

    def ivan_words(self, e: IvanEvent, locale: str) -> str:
        """One step of Ivan's turn (ST-15.5) or his song in words, with what it gave and cost him."""
        if e["type"] == "ivan_flip":
            side = t(f"sv.ivan.side.{e['hunt_from']}", locale)
            words = t("sv.ivan.flip", locale, to=e["to"], side=side, n=e["hunt"])
        elif e["type"] == "ivan_claim":
            key = "sv.ivan.claims_free" if e["free"] else "sv.ivan.claims"
            words = t(key, locale, tile=land_words(e["tile"], locale))
        elif e["type"] == "ivan_wish":
            words = t("sv.ivan.wish", locale, region=e["region"], card=wish_words(e["wish"], locale))
        elif e["type"] == "ivan_yurt":
            reward = reward_words(CONTENT.yurts[e["yurt"]].reward, locale)
            words = t("sv.ivan.yurt", locale, region=e["region"], card=reward)
        elif e["type"] == "ivan_trophy":
            words = t("sv.ivan.trophy" if e["advance"] else "sv.ivan.trophy_stay", locale, space=e["space"])
        elif e["type"] == "ivan_song":
            words = t("sv.ivan.song", locale, song=reward_words(CONTENT.songs[e["song"]].reward, locale))
        elif e["type"] == "ivan_fails":
            words = t("sv.ivan.fails", locale, action=t(f"sv.ivan.action.{e['action']}", locale))
        else:
            words = t(IVAN_REGION_STEPS[e["type"]], locale, region=e["region"])
        got = gains_words(gains_of(e, e["cossack"]), locale)
        return t("sv.phrase_got", locale, said=words, got=got) if got else words

    def refresh_words(self, e: RefreshEvent, locale: str) -> str:
        parts = [tn("sv.new_tiles", len(e["tiles"]), locale)] if e["tiles"] else []
        if e.get("tiger"):
            parts.append(t("sv.new_tiger", locale, position=e["tiger"]))
        if e["wishes"]:
            parts.append(t("sv.new_wishes", locale, wishes=len(e["wishes"])))
        if e["yurts"]:
            parts.append(t("sv.new_yurts", locale, yurts=len(e["yurts"])))
        if e["songs"]:
            parts.append(t("sv.new_songs", locale, songs=len(e["songs"])))
        parts.append(t("sv.new_market", locale, market=", ".join(str(v) for v in e["market"])))
        text = t("sv.refresh", locale, parts="; ".join(parts))
        if e.get("b_stacks"):
            text = t("sv.refresh_b", locale, refresh=text)
        return text

    def final_words(self, rec: GameRecord, view: StroganovView, e: FinalEvent, locale: str) -> str:
        scores = ", ".join(
            t("sv.score_part", locale, who=self.who(rec, view, i, locale), score=e["scores"][i]) for i in e["ranking"]
        )
        return t(f"sv.final.{e['reason']}", locale, scores=scores)

    def setup_words(self, rec: GameRecord, view: StroganovView, e: SetupEvent, locale: str) -> str:
        return t("sv.setup", locale, order=", ".join(self.who(rec, view, i, locale) for i in e["seat_order"]))

    def scoring_table(self, rec: GameRecord, view: StroganovView, locale: str) -> str:
        """ST-13: each cossack's VP by source, in ranking order (Ivan's score in the solo game)."""
        assert view.result is not None
        lines = [t("sv.scoring_head", locale)]
        for index, total in view.result:
            c = view.cossacks[index]
            parts: dict[str, int] = {}
            for category, _source, vp in c.events:
                parts[category] = parts.get(category, 0) + vp
            detail = ", ".join(
                f"{t(f'sv.cat.{k}', locale)} {v}" for k, v in sorted(parts.items(), key=lambda kv: -kv[1]) if v
            )
            lines.append(
                t(
                    "sv.scoring_line",
                    locale,
                    who=self.who(rec, view, c.index, locale),
                    total=total,
                    detail=detail or "—",
                    wishes=len(c.fulfilled),
                    tiles=len(c.tiles),
                    tigers=c.tigers,
                    trophy=c.trophy,
                    built=len(c.built),
                    supply=c.supply,
                    furs=len(c.furs),
                    stories=c.stories,
                )
            )
        return "\n".join(lines)

    def prompt(self, rec: GameRecord, state: StroganovState, seat: int, locale: str) -> str:
        view = view_of(GAME, state)
        who = self.seat_words(rec, view, seat, locale)
        me = next(c for c in view.cossacks if c.seat == seat)
        have = self.holdings(me, locale)
        if view.pending == "board":
            return t("sv.prompt_board", locale, who=who)
        if view.pending == "trophy":
            return t("sv.prompt_trophy", locale, who=who, have=have)
        if view.pending == "song":
            return t("sv.prompt_song", locale, who=who, stories=me.stories)
        return t(f"sv.prompt_phase.{view.phase}", locale, who=who, have=have)

    def holdings(self, c: CossackView, locale: str) -> str:
        parts = [tn("sv.coins", c.coins, locale), tn("sv.horses", c.horses, locale)]
        parts.append(furs(c.furs, locale) if c.furs else t("sv.no_furs", locale))
        if c.tigers:
            parts.append(tn("sv.tigers", c.tigers, locale))
        return ", ".join(parts)

    def turn_notice(
        self, rec: GameRecord, state: StroganovState, seat: int, logged: Sequence[protocol.Event], locale: str
    ) -> str:
        events = typed(logged)
        head = t("sv.your_turn_dm", locale, game=rec.id)
        lines = [s.text for s in self.story(rec, state, events, locale) if s.kind in ("line", "page") and s.text]
        return "\n".join([head, *lines[-4:], self.prompt(rec, state, seat, locale)])

    def status_line(self, rec: GameRecord, state: StroganovState, locale: str) -> str:
        view = view_of(GAME, state)
        if view.stage == "finished":
            return self.outcome_text(rec, state, locale)
        since = int(rec.turn_since or rec.updated_at)
        who = join_words([self.seat_words(rec, view, s, locale) for s in view.to_act], locale)
        if view.season.lower() not in SEASON_WORDS:  # before the first spring: choosing boards
            return t("sv.status_boards", locale, who=who, since=since)
        season = t(f"sv.season.{view.season.lower()}", locale)
        return t("sv.status", locale, year=view.year, season=season, who=who, since=since)

    def automa_name(self, locale: str) -> str | None:
        return t("sv.ivan", locale)

    def outcome_text(self, rec: GameRecord, state: StroganovState, locale: str) -> str:
        view = view_of(GAME, state)
        o = rec.outcome or GAME.outcome(state)
        if o is None or view.result is None:
            return t("finished", locale)
        scores = ", ".join(
            t("sv.score_part", locale, who=self.named(rec, view, i, locale), score=s) for i, s in view.result
        )
        winners = join_words([self.seat_words(rec, view, s, locale) for s in o.winners], locale)
        resigned = o.ending is Ending.RESIGNED
        if o.automa_won:
            key = "sv.result.automa_resign" if resigned else "sv.result.automa_wins"
        else:
            key = "sv.result.resign" if resigned else "sv.result.final_scoring"
        return t(key, locale, winners=winners, scores=scores)

    def log_lines(self, rec: GameRecord, state: StroganovState, locale: str) -> list[str]:
        """The whole public log in words, folded like the turn pages: one line per turn, per
        season, per Ivan turn and per piece of news."""
        view = view_of(GAME, state)
        lines: list[str] = []
        for page in fold(Page(), self.tell(rec, view, public_log(state), locale, whole=True)):
            lines.extend(page.lines)
            if page.turn is not None:
                lines.append(page.turn_line())
        return [line for line in lines if line]

    def record_text(self, rec: GameRecord, state: StroganovState, seat: int | None, locale: str) -> str:
        lines = [t("sv.record_head", locale, game=rec.id), *self.log_lines(rec, state, locale)]
        if state.stage == "finished":
            lines.append(t("sv.record_seed", locale, seed=rec.seed))
        return "\n".join(lines)

    def record_files(self, rec: GameRecord, state: StroganovState, names: Sequence[str], locale: str) -> list[FileSpec]:
        return []  # the JSON record (/game log) is the only one

    def last_lines(self, rec: GameRecord, state: StroganovState, seat: int | None, locale: str) -> list[str]:
        """The latest lines of the log in words, as many as fit one message (at most
        :data:`LAST_LINES`; a turn line is long)."""
        out: list[str] = []
        room = LAST_LINES_ROOM
        for line in reversed(self.log_lines(rec, state, locale)):
            if len(out) == LAST_LINES or len(line) + 1 > room:
                if not out:
                    out.append(shorten(line, room - 1))
                break
            out.append(line)
            room -= len(line) + 1
        return out[::-1]

    def error_params(self, error: RuleError, locale: str) -> dict[str, object]:
        return {}


# -- images ---------------------------------------------------------------------------------------


def stem(rec: GameRecord, view: StroganovView) -> str:
    return f"stroganov-{rec.id}-y{view.year}-{view.season.lower()}"


IMAGE_COUNTS = ("coins", "horses", "stories", "vp")
"""The counted phrases of the images (``Words.count``): the text's plural keys ``sv.<key>``."""


@functools.cache
def image_words(locale: str) -> Words:
    """The images' words in ``locale``: every ``img.sv.*`` label and the animal, season,
    difficulty and Ivan words, with the plural rule for counts. One object per language, kept, so
    that the renderers' caches stay per language."""
    table = TABLES.get(locale) or TABLES["en"]
    labels = {k.removeprefix("img.sv."): v for k, v in TABLES["en"].items() if k.startswith("img.sv.")}
    labels.update({k.removeprefix("img.sv."): v for k, v in table.items() if k.startswith("img.sv.")})
    for v in (2, 3, 4, 5, 6, 7, 8):
        labels[f"animal.{v}"] = t(f"sv.animal.{v}", locale)
    for season in SEASON_WORDS:
        labels[f"season.{season}"] = t(f"sv.season.{season}", locale)
    for d in ("easy", "normal", "hard"):
        labels[f"difficulty.{d}"] = t(f"sv.difficulty.{d}", locale)
    labels["ivan"] = t("sv.ivan", locale)
    labels.update(reward_labels(locale))

    def count(key: str, n: int) -> str:
        return tn(f"sv.{key}", n, locale)

    return Words(labels, count)


def reward_labels(locale: str) -> dict[str, str]:
    """Every reward printed in the game's content (landscapes, villages, yurts, songs, trophy
    rows and entries) in words for the images, keyed ``reward.<printed text>`` as the view gives
    it (the same words as the text's, :func:`reward_words`); and the villages' names."""
    rewards = [t.reward for t in CONTENT.tiles.values()]
    rewards += [s.reward for s in CONTENT.songs.values()]
    rewards += [y.reward for y in CONTENT.yurts.values()]
    rewards += [v.reward for v in CONTENT.villages.values()]
    for track in CONTENT.tracks.values():
        rewards += [*track.rows, *track.entry.values()]
    out = {f"reward.{r.text}": reward_words(r, locale) for r in rewards}
    for v in CONTENT.villages.values():
        if has(f"img.sv.village_name.{v.name}", locale):
            out[f"village.{v.name}"] = t(f"img.sv.village_name.{v.name}", locale)
    return out


def cossack_names(view: StroganovView, names: Sequence[str]) -> tuple[str, ...]:
    """The players' display names (by seat) by cossack index; Ivan's place is empty (the renderer
    calls him Ivan)."""
    return tuple("" if c.seat is None or c.seat >= len(names) else names[c.seat] for c in view.cossacks)


# -- decisions as components ------------------------------------------------------------------


def arg_of(notation: str) -> str:
    """A notation as a button argument (no spaces in custom ids): ``move 3`` → ``move.3``."""
    return notation.replace(" ", ".")


def notation_of(arg: str) -> str:
    return arg.replace(".", " ")


def offer_words(view: StroganovView, seat: int, a: Action, locale: str) -> str:
    """A decision on offer in words, from the public view: "Hunt a 5 Sable and a tiger", "Visit
    the Tavern in R2: 3 stories, 1 horse"; the notation where there are no better words."""
    if isinstance(a, Paid):
        return offer_words(view, seat, a.action, locale)
    me = next(c for c in view.cossacks if c.seat == seat)
    if isinstance(a, Coin):
        return t("sv.offer.coin", locale)
    if isinstance(a, Horses):
        return t("sv.offer.horses", locale)
    if isinstance(a, Step):
        to = me.position + (a.k if a.direction == "e" else -a.k)
        return t(
            "sv.offer.step", locale, k=a.k, direction=t(f"sv.{'east' if a.direction == 'e' else 'west'}", locale), to=to
        )
    if isinstance(a, Hunt):
        line = view.positions[me.position - 1].items if me.position else ()
        items = [line[i - 1] for i in a.items if i <= len(line)]
        how = t("sv.offer.keeneye", locale) if a.keeneye else ""
        return t("sv.offer.hunt", locale, items=furs(items, locale)) + how
    if isinstance(a, Trade):
        effects = join_words([effect_words(effect_data(e), locale) for e in a.effects], locale)
        return t("sv.offer.trade", locale, pay=entry(a.pay, locale), effects=effects)
    if isinstance(a, Gold):
        reg = view.regions[a.region - 1]
        if a.kind == "wish" and reg.wish is not None:
            ability = ability_words(reg.wish.ability, locale)
            return t("sv.offer.wish", locale, vp=reg.wish.vp, ability=ability, region=a.region)
        if a.kind == "village":
            village = t(f"sv.village_name.{reg.village}", locale)
            reward = reward_words(CONTENT.villages[reg.village].reward, locale)
            return t("sv.offer.village", locale, village=village, region=a.region, reward=reward)
        if a.kind == "yurt" and reg.yurt is not None:
            reward = reward_words(CONTENT.yurts[reg.yurt].reward, locale)
            return t("sv.offer.yurt", locale, region=a.region, reward=reward)
        return t(f"sv.offer.{a.kind}", locale, region=a.region)
    if isinstance(a, Claim):
        x = CONTENT.tiles[a.tile]
        pays = join_words([entry(e, locale) for e in a.pays], locale)
        land, reward = t(f"sv.land.{x.type}", locale), reward_words(x.reward, locale)
        return t("sv.offer.claim", locale, tile=land, reward=reward, pays=pays)
    if isinstance(a, Exchange):
        return t("sv.offer.exchange", locale, give=fur(a.give, locale), take=fur(a.take, locale))
    if isinstance(a, Draw):
        return t("sv.offer.draw", locale)
    if isinstance(a, Fulfil):
        pays = join_words([entry(e, locale) for e in a.pays], locale)
        ability = ability_words(CONTENT.wishes[a.wish].ability, locale)
        return t("sv.offer.fulfil", locale, ability=ability, pays=pays)
    return a.notation()


def action_label(
    state: StroganovState, view: StroganovView, seat: int, a: Action, locale: str, *, notation: bool = False
) -> str:
    """``Move 4 (2 horses)``: the decision in words, and what it costs (``notation``: after the
    notation, for the autocomplete of commands typed in notation). ``view`` is the state's."""
    label = _label(state, view, seat, a, locale)
    return shorten(f"{a.notation()} — {label}", LABEL_LIMIT) if notation else label


def _label(state: StroganovState, view: StroganovView, seat: int, a: Action, locale: str) -> str:
    price = cost_words(cost(state, seat, a), locale)
    if isinstance(a, Move):
        return t("sv.btn.move", locale, k=a.k, cost=price)
    if isinstance(a, Song):
        return t("sv.btn.song", locale, reward=reward_words(CONTENT.songs[a.song].reward, locale), cost=price)
    if isinstance(a, SongPass):
        return t("sv.btn.pass", locale)
    if isinstance(a, EndTurn):
        return t("sv.btn.end", locale)
    if isinstance(a, Trophy):
        if a.pay is None:
            return t("sv.btn.trophy_stay", locale)
        return t("sv.btn.trophy", locale, cost=price)
    if isinstance(a, Board):
        track = "A" if a.side == "A" else f"B{a.board}"
        return t("sv.btn.board", locale, board=a.board, side=a.side, track=track)
    words = offer_words(view, seat, a, locale)
    if isinstance(a, (Claim, Fulfil, Trade)):
        return shorten(words, LABEL_LIMIT)  # the words name the payment already
    return shorten(t("sv.btn.action", locale, what=words, cost=price), LABEL_LIMIT)


def decision_components(
    state: StroganovState, seat: int, acts: Sequence[Action], version: int, locale: str
) -> list[ButtonSpec | SelectSpec]:
    """Buttons for moves, trophy choices, songs and End; a select per kind of the other decisions."""
    view = view_of(GAME, state)  # everyone sees the same (ST-4.4): the telling has this view already
    out: list[ButtonSpec | SelectSpec] = []
    buttons: list[ButtonSpec] = []
    groups: dict[str, list[Action]] = {}
    for a in acts:
        if isinstance(a, (Move, Trophy, Song, SongPass, EndTurn)):
            style = "danger" if isinstance(a, EndTurn) else ("secondary" if isinstance(a, SongPass) else "primary")
            buttons.append(
                ButtonSpec("do", action_label(state, view, seat, a, locale)[:80], style, version, arg_of(a.notation()))
            )
        else:
            groups.setdefault(group_of(a), []).append(a)
    for group in GROUPS:
        items = groups.get(group, [])
        if items:
            out.append(group_select(state, view, seat, group, items, 0, version, locale))
    rows = [buttons[i : i + 5] for i in range(0, len(buttons), 5)]
    room = 5 - len(out)
    for row in rows[:room]:
        out.extend(row)
    return out


GROUPS = ("board", "silver", "trade", "gold", "paid", "free")


def group_select(
    state: StroganovState,
    view: StroganovView,
    seat: int,
    group: str,
    items: Sequence[Action],
    page: int,
    version: int,
    locale: str,
) -> SelectSpec:
    """One kind of decision as a select; past 25 options, pages of 24 and a **More…** option
    (``more.<next page>``) that opens the next page privately."""
    paid = group == "paid"
    entries: list[Action] = (
        list({a.action.notation(): a.action for a in items if isinstance(a, Paid)}.values()) if paid else list(items)
    )
    total, rest = len(entries), 0
    if total > MAX_OPTIONS:  # only the page's options are worded
        page_size = MAX_OPTIONS - 1
        rest = total - (page + 1) * page_size
        entries = entries[page * page_size : (page + 1) * page_size]
    if paid:
        what = t("sv.opt.paid_desc", locale)
        options = [(offer_words(view, seat, x, locale), x.notation(), what) for x in entries]
    else:
        options = [(action_label(state, view, seat, a, locale), a.notation(), a.notation()) for a in entries]
    if rest > 0:
        options.append((t("sv.opt.more", locale, n=rest), f"more.{page + 1}", ""))
    return SelectSpec("fee_for" if paid else "do", t(f"sv.select.{group}", locale), options, 1, 1, version, group)


def group_page(state: StroganovState, seat: int, group: str, page: int, version: int, locale: str) -> SelectSpec | None:
    """Page ``page`` of a kind of decision (``None``: no such kind now)."""
    acts = [a for a in GAME.legal(state, seat) if not isinstance(a, Resign) and group_of(a) == group]
    if not acts:
        return None
    return group_select(state, view_of(GAME, state), seat, group, acts, page, version, locale)


def group_of(a: Action) -> str:
    if isinstance(a, Board):
        return "board"
    if isinstance(a, Paid):
        return "paid"
    if isinstance(a, (Exchange, Draw, Fulfil)):
        return "free"
    if isinstance(a, Trade):
        return "trade"
    if isinstance(a, (Gold, Claim)):
        return "gold"
    return "silver"


def _is_coin_words(words: str, locale: str) -> bool:
    """Coins paid for substitutions, which a payment's words name already ("a 4 Fox + a coin")."""
    return words in {tn("sv.coins", n, locale) for n in range(1, 10)}


def _is_fur_words(words: str, locale: str) -> bool:
    return words in {fur(v, locale) for v in (0, *CONTENT.furs)}
