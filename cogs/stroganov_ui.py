"""How Stroganov looks and reads in Discord (its :class:`~cogs.ui.GameUI`, told as turn pages).

Nothing is hidden in Stroganov (ST-4.4): there is no private view, and the acting player's
decisions are buttons and selects on the current turn page in the thread (docs/stroganov.md,
"In Discord"). Every log entry is told in words from the public view and the entry's ``gains``
(what it gave and cost, rules/stroganov/core.py), one running line per turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.respond import mention
from cogs.texts import has, join_words, shorten, t, tn
from cogs.ui import ButtonSpec, FileSpec, SelectSpec, Story
from db.records import GameRecord
from render.stroganov import name as log_name
from render.stroganov import render_board, render_tableaux
from rules.errors import RuleError
from rules.stroganov import GAME, StroganovState
from rules.stroganov.actions import (
    Action,
    Board,
    Claim,
    Coin,
    Draw,
    EndTurn,
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
    entry_text,
    parse_action,
)
from rules.stroganov.content import CONTENT
from rules.stroganov.costs import Cost, cost
from rules.stroganov.view import CossackView, StroganovView, public_log

MAX_OPTIONS = 25
LABEL_LIMIT = 100
"""Discord's limit for an option's label and an autocomplete choice's name."""
SEASON_WORDS = ("spring", "summer", "autumn", "winter")


def fur(value: int, locale: str) -> str:
    """``a 5 Sable``; ``a tiger`` for 0."""
    if value == 0:
        return t("sv.tiger", locale)
    key = f"sv.fur.{value}" if has(f"sv.fur.{value}", locale) else "sv.fur"
    return t(key, locale, value=value, animal=CONTENT.furs[value][0])


def furs(values: Sequence[int], locale: str) -> str:
    return join_words([fur(v, locale) for v in values], locale)


def entry(token: str, locale: str) -> str:
    """A payment entry of the notation in words: ``5`` a 5 Sable, ``tiger``, ``sub3`` a 3 Hare + coin."""
    if token == "tiger":
        return fur(0, locale)
    if token.startswith("sub"):
        return t("sv.sub", locale, fur=fur(int(token[3:]), locale))
    return fur(int(token), locale)


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


def gains_words(g: dict[str, Any], locale: str, *, spent: bool = True) -> str:
    """What an entry gave (and, with ``spent``, what it cost) in words; "" when nothing changed."""
    got, paid = got_and_paid(g, locale)
    words = join_words(got, locale)
    if spent and paid:
        words = (words + "; " if words else "") + t("sv.paid", locale, what=join_words(paid, locale))
    return words


def got_and_paid(g: dict[str, Any], locale: str, *, furs_named: bool = False) -> tuple[list[str], list[str]]:
    """What an entry gave and what it cost, as word lists (``furs_named``: the furs are already
    named by the phrase, e.g. an exchange)."""
    got: list[str] = []
    paid: list[str] = []
    got += [fur(v, locale) for v in g.get("furs", [])]
    for key in ("coins", "horses", "stories", "banners"):
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
        got.append(t("sv.tile_gained", locale, tile=tile))
    paid += [fur(v, locale) for v in g.get("furs_spent", [])]
    if furs_named:
        named = {fur(v, locale) for v in [*g.get("furs", []), *g.get("furs_spent", [])]}
        got, paid = [w for w in got if w not in named], [w for w in paid if w not in named]
    return got, paid


class StroganovUI:
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

    def who(self, rec: GameRecord, view: StroganovView, name: str, locale: str) -> str:
        """``@jana (P0, blue)`` for a cossack's name in the log and the images (``P0``), ``Ivan``
        for the automa."""
        if name == "Ivan":
            return t("sv.ivan", locale)
        seat = int(name[1:])
        index = next(c.index for c in view.cossacks if c.seat == seat)
        colour = t(f"sv.colour.{index}", locale)
        return f"{mention(rec.players[seat])} ({name}, {colour})"

    def seat_words(self, rec: GameRecord, view: StroganovView, seat: int, locale: str) -> str:
        return self.who(rec, view, f"P{seat}", locale)

    # -- images -------------------------------------------------------------------------------

    def public_files(self, rec: GameRecord, state: StroganovState, locale: str) -> list[FileSpec]:
        view = GAME.view(state, None)
        stem = f"stroganov-{rec.id}-y{view.year}-{view.season.lower()}"
        return [
            FileSpec(render_board(view), f"{stem}-board.png"),
            FileSpec(render_tableaux(view), f"{stem}-players.png"),
        ]

    def private_files(self, rec: GameRecord, state: StroganovState, seat: int, locale: str) -> list[FileSpec]:
        return []

    def private_text(self, rec: GameRecord, state: StroganovState, seat: int, locale: str) -> str:
        return ""

    def private_buttons(self, rec: GameRecord, state: StroganovState, seat: int, locale: str) -> list[ButtonSpec]:
        return []

    def private_changed(self, events: list[dict[str, Any]], seat: int) -> bool:
        return False

    def board_changed(self, events: list[dict[str, Any]]) -> bool:
        return True

    # -- the decisions on the page ------------------------------------------------------------

    def public_buttons(
        self, rec: GameRecord, state: StroganovState, version: int, locale: str
    ) -> list[ButtonSpec | SelectSpec]:  # type: ignore[override]
        """The acting player's decisions open now, with their cost: buttons for the few, selects for
        the many (each at most 25; the commands reach the rest)."""
        to_act = GAME.to_act(state)
        if not to_act:
            return []
        seat = to_act[0]
        acts = [a for a in GAME.legal(state, seat) if not isinstance(a, Resign)]
        return decision_components(state, seat, acts, version, locale)

    # -- words --------------------------------------------------------------------------------

    def options_text(self, options: dict[str, Any], locale: str) -> str:
        return t("sv.options", locale, difficulty=t(f"sv.difficulty.{options.get('difficulty') or 'normal'}", locale))

    def rules_text(self, locale: str) -> str:
        return t("sv.rules", locale)

    def thread_name(self, rec: GameRecord, state: StroganovState, names: Sequence[str], locale: str) -> str:
        return t("sv.thread_name", locale, game=rec.id, names=", ".join(names))

    def start_text(self, rec: GameRecord, state: StroganovState, locale: str) -> str:
        view = GAME.view(state, None)
        who = ", ".join(self.who(rec, view, log_name(c), locale) for c in view.cossacks)
        key = "sv.started_solo" if view.solo else "sv.started"
        difficulty = t(f"sv.difficulty.{view.automa.difficulty}", locale) if view.automa else ""
        return t(key, locale, game=rec.id, players=who, difficulty=difficulty)

    def event_lines(
        self, rec: GameRecord, state: StroganovState, events: list[dict[str, Any]], locale: str
    ) -> list[str]:
        """Only the final scoring: everything else is told on the turn pages (:meth:`story`)."""
        view = GAME.view(state, None)
        if view.result is None:
            return []
        return [self.scoring_table(rec, view, locale)]

    def story(self, rec: GameRecord, state: StroganovState, events: list[dict[str, Any]], locale: str) -> list[Story]:
        view = GAME.view(state, None)
        out: list[Story] = []
        ivan: list[str] = []

        def flush() -> None:
            if ivan:
                out.append(Story("line", t("sv.ivan_turn", locale, parts="; ".join(ivan))))
                ivan.clear()

        for _i, e in enumerate(events):
            if "log" not in e:
                if e.get("type") == "refresh":
                    flush()
                    out.append(Story("line", self.refresh_words(e, locale)))
                continue
            text, gains = e["log"], e.get("gains", {})
            if text.startswith("Ivan: ") and not text.startswith("Ivan: board"):
                ivan.append(self.ivan_words(text[6:], gains.get("Ivan", {}), locale))
                continue
            flush()
            item = self.entry_story(rec, view, text, gains, locale)
            if item is not None:
                out.append(item)
        flush()
        return out

    def entry_story(
        self, rec: GameRecord, view: StroganovView, text: str, gains: dict[str, Any], locale: str
    ) -> Story | None:
        head, _, rest = text.partition(": ")
        words = head.split()
        if len(words) == 2 and words[0] in SEASON_WORDS and words[1].isdigit():
            season, year = words[0], words[1]
            if rest.startswith("order "):
                order = ", ".join(self.who(rec, view, n, locale) for n in rest.split()[1:])
                if season == "winter":
                    income = [
                        f"{self.who(rec, view, n, locale)} {gains_words(g, locale)}" for n, g in gains.items() if g
                    ]
                    return Story(
                        "page",
                        t("sv.winter", locale, year=year, income="; ".join(income) or t("sv.nothing", locale)),
                    )
                return Story(
                    "page", t("sv.season", locale, season=t(f"sv.season.{season}", locale), year=year, order=order)
                )
            if rest.endswith("'s turn"):
                return Story("start", t("sv.turn_start", locale, who=self.who(rec, view, rest.split("'")[0], locale)))
            return None  # a resigned player's skipped turn
        if head == "exploration":
            parts = [
                f"{self.who(rec, view, n, locale)} {tn('sv.stories', g.get('stories', 0), locale)}"
                for n, g in gains.items()
                if g.get("stories")
            ]
            return Story("line", t("sv.exploration", locale, parts=join_words(parts, locale)))
        if head == "refresh" or head == "final":
            return None
        if not head.startswith("P"):
            return None
        who = self.who(rec, view, head, locale)
        g = gains.get(head, {})
        if rest == "resign":
            return Story("line", t("sv.resigned", locale, who=who))
        if rest.startswith("board "):
            b = rest.split()[1]
            return Story("line", t("sv.chose_board", locale, who=who, board=b[0], side=b[1]))
        if rest in ("end", "end (auto)"):
            return Story("end", t("sv.ended" if rest == "end" else "sv.ended_auto", locale))
        if rest.startswith(("song ", "pass")):
            if rest.startswith("song "):
                song = rest.split()[1]
                return Story("line", t("sv.song", locale, who=who, song=song, got=gains_words(g, locale, spent=False)))
            key = {"pass": "sv.song_pass", "pass (auto)": "sv.song_pass_auto"}.get(rest, "sv.song_pass_resigned")
            return Story("line", t(key, locale, who=who))
        if rest == "no movement at 12 (auto)":
            return Story("part", t("sv.no_move", locale))
        return Story("part", self.decision_words(view, rest, g, locale))

    def decision_words(self, view: StroganovView, notation: str, g: dict[str, Any], locale: str) -> str:
        """A player's decision as a phrase of their turn line: what it did and gave, then what it
        cost ("hunted a 5 Sable (1 coin)", "visited the Tavern in R2: 3 stories, 1 horse")."""
        trophy_auto = notation == "trophy stay (auto)"
        try:
            a = parse_action("trophy stay" if trophy_auto else notation)
        except RuleError:
            return notation
        fee = None
        if isinstance(a, Paid):
            fee, a = entry_text(a.fee), a.action
        got, paid = got_and_paid(g, locale, furs_named=isinstance(a, Exchange))
        if isinstance(a, (Trade, Claim, Fulfil)):
            paid = [p for p in paid if not _is_fur_words(p, locale) and not _is_coin_words(p, locale)]
        elif fee is not None:
            paid = [p for p in paid if not _is_fur_words(p, locale)]  # the fee is named
        said = self.action_phrase(view, a, g, locale)
        if isinstance(a, (Coin, Horses)):
            said = t("sv.took", locale, what=join_words(got, locale))
        elif isinstance(a, (Hunt, Draw)) and got:
            said = f"{said} {join_words(got, locale)}"
        elif got and not isinstance(a, Trade):
            said = f"{said}: {join_words(got, locale)}"
        costs = [*paid, *([t("sv.fee", locale, fee=entry(fee, locale))] if fee else [])]
        return f"{said} ({', '.join(costs)})" if costs else said

    def action_phrase(self, view: StroganovView, a: Action, g: dict[str, Any], locale: str) -> str:
        if isinstance(a, Move):
            to = g.get("position", [None, None])[1]
            return t("sv.moved", locale, k=a.k, to=to if to is not None else "?")
        if isinstance(a, Gold):
            reg = view.regions[a.region - 1]
            if a.kind == "village":
                return t("sv.village", locale, village=reg.village_name, region=a.region)
            if a.kind == "wish":
                return t("sv.took_wish", locale, wish=", ".join(g.get("held", [])) or "?", region=a.region)
            return t(f"sv.{a.kind}", locale, region=a.region)
        if isinstance(a, Claim):
            pays = join_words([entry(entry_text(e), locale) for e in a.pays], locale)
            return t("sv.claimed", locale, tile=a.tile, pays=pays)
        if isinstance(a, Step):
            to = g.get("position", [None, "?"])[1]
            return t(
                "sv.stepped", locale, k=a.k, direction=t("sv.east" if a.direction == "e" else "sv.west", locale), to=to
            )
        if isinstance(a, Trade):
            effects = join_words([self.effect_words(e, locale) for e in a.effects], locale)
            to = g.get("position", [None, None])[1]
            where = t("sv.now_at", locale, position=to) if to is not None else ""
            return t("sv.traded", locale, pay=entry(entry_text(a.pay), locale), effects=effects) + where
        if isinstance(a, Exchange):
            return t("sv.exchanged", locale, give=fur(a.give, locale), take=fur(a.take, locale))
        if isinstance(a, Fulfil):
            ability = CONTENT.wishes[a.wish].ability
            pays = join_words([entry(entry_text(e), locale) for e in a.pays], locale)
            return t("sv.fulfilled", locale, wish=a.wish, ability=ability, pays=pays)
        if isinstance(a, Trophy):
            return t("sv.trophy_stay" if a.pay is None else "sv.trophy_advance", locale)
        if isinstance(a, Draw):
            return t("sv.drew", locale)
        verb = a.notation().split()[0]
        return t(f"sv.did.{verb}", locale, notation=a.notation())

    @staticmethod
    def effect_words(effect: str, locale: str) -> str:
        if effect in ("coin", "stories", "horses"):
            return t(f"sv.effect.{effect}", locale)
        key = "sv.effect.east" if effect[0] == "e" else "sv.effect.west"
        return t(key, locale, k=int(effect[1:]))

    def ivan_words(self, rest: str, g: dict[str, Any], locale: str) -> str:
        """One step of Ivan's turn (ST-15.5) in words, with what it gave and cost him."""
        got = gains_words(g, locale)
        w = rest.split()
        if rest.startswith("flips "):
            card, moves, hunts = rest[6:].split(", ")
            to, (_, side, n) = moves.split()[-1], hunts.split()
            words = t("sv.ivan.flip", locale, card=card, to=to, side=side, n=n)
        elif w[-1] == "fails":
            words = t("sv.ivan.fails", locale, action=w[0])
        elif w[0] == "claims":
            words = t("sv.ivan.claims_free" if rest.endswith("(free)") else "sv.ivan.claims", locale, tile=w[1])
        elif w[0] in ("village", "build", "recruit"):
            words = t(f"sv.ivan.{w[0]}", locale, region=w[1][1:])
        elif w[0] in ("wish", "yurt"):
            words = t(f"sv.ivan.{w[0]}", locale, region=w[1][1:], card=w[2].strip("()"))
        elif w[0] == "trophy":
            words = t("sv.ivan.trophy_stay" if w[1] == "stay" else "sv.ivan.trophy", locale, space=w[-1])
        elif w[0] == "song":
            words = t("sv.ivan.song", locale, song=w[1])
        else:
            words = rest
        return f"{words}: {got}" if got else words

    def refresh_words(self, e: dict[str, Any], locale: str) -> str:
        parts = [tn("sv.new_tiles", len(e["tiles"]), locale)] if e["tiles"] else []
        if e.get("tiger"):
            parts.append(t("sv.new_tiger", locale, position=e["tiger"]))
        if e["wishes"]:
            parts.append(t("sv.new_wishes", locale, wishes=", ".join(e["wishes"])))
        if e["yurts"]:
            parts.append(t("sv.new_yurts", locale, yurts=", ".join(e["yurts"])))
        if e["songs"]:
            parts.append(t("sv.new_songs", locale, songs=", ".join(e["songs"])))
        parts.append(t("sv.new_market", locale, market=", ".join(str(v) for v in e["market"])))
        text = t("sv.refresh", locale, parts="; ".join(parts))
        if e.get("b_stacks"):
            text += " " + t("sv.b_stacks", locale)
        return text

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
                    who=self.who(rec, view, log_name(c), locale),
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
        view = GAME.view(state, None)
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
        self, rec: GameRecord, state: StroganovState, seat: int, events: list[dict[str, Any]], locale: str
    ) -> str:
        head = t("sv.your_turn_dm", locale, game=rec.id)
        lines = [s.text for s in self.story(rec, state, events, locale) if s.kind in ("line", "page") and s.text]
        return "\n".join([head, *lines[-4:], self.prompt(rec, state, seat, locale)])

    def status_line(self, rec: GameRecord, state: StroganovState, locale: str) -> str:
        view = GAME.view(state, None)
        if view.stage == "finished":
            return self.outcome_text(rec, state, locale)
        since = int(rec.turn_since or rec.updated_at)
        who = join_words([self.seat_words(rec, view, s, locale) for s in view.to_act], locale)
        if view.season.lower() not in SEASON_WORDS:  # before the first spring: choosing boards
            return t("sv.status_boards", locale, who=who, since=since)
        season = t(f"sv.season.{view.season.lower()}", locale)
        return t("sv.status", locale, year=view.year, season=season, who=who, since=since)

    def outcome_text(self, rec: GameRecord, state: StroganovState, locale: str) -> str:
        view = GAME.view(state, None)
        o = GAME.outcome(state)
        if o is None or view.result is None:
            return t("finished", locale)
        scores = ", ".join(f"{self.who(rec, view, log_name(view.cossacks[i]), locale)} {s}" for i, s in view.result)
        winners = join_words([self.seat_words(rec, view, s, locale) for s in o.winners], locale)
        return t(f"sv.result.{o.reason}", locale, winners=winners, scores=scores)

    def record_text(self, rec: GameRecord, state: StroganovState, seat: int | None, locale: str) -> str:
        lines = [f"Stroganov #{rec.id}", *public_log(state)]
        if state.stage == "finished":
            lines.append(f"seed {rec.seed}")
        return "\n".join(lines)

    def last_lines(self, rec: GameRecord, state: StroganovState, seat: int | None, locale: str) -> list[str]:
        """The latest log entries in the engine's notation: the words of the turn pages need each
        entry's gains, which the state does not keep."""
        return list(GAME.view(state, None).log[-12:])

    def error_params(self, error: RuleError, locale: str) -> dict[str, Any]:
        return {}


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
        effects = join_words([StroganovUI.effect_words(e, locale) for e in a.effects], locale)
        return t("sv.offer.trade", locale, pay=entry(entry_text(a.pay), locale), effects=effects)
    if isinstance(a, Gold):
        reg = view.regions[a.region - 1]
        if a.kind == "wish" and reg.wish is not None:
            return t(
                "sv.offer.wish", locale, wish=reg.wish.id, vp=reg.wish.vp, ability=reg.wish.ability, region=a.region
            )
        if a.kind == "village":
            return t("sv.offer.village", locale, village=reg.village_name, region=a.region, reward=reg.village_reward)
        if a.kind == "yurt" and reg.yurt is not None:
            return t("sv.offer.yurt", locale, yurt=reg.yurt, region=a.region, reward=reg.yurt_reward)
        return t(f"sv.offer.{a.kind}", locale, region=a.region)
    if isinstance(a, Claim):
        tile = next((p.tile for p in view.positions if p.tile is not None and p.tile.id == a.tile), None)
        reward = tile.reward if tile is not None else ""
        pays = join_words([entry(entry_text(e), locale) for e in a.pays], locale)
        return t("sv.offer.claim", locale, tile=a.tile, reward=reward, pays=pays)
    if isinstance(a, Exchange):
        return t("sv.offer.exchange", locale, give=fur(a.give, locale), take=fur(a.take, locale))
    if isinstance(a, Draw):
        return t("sv.offer.draw", locale)
    if isinstance(a, Fulfil):
        pays = join_words([entry(entry_text(e), locale) for e in a.pays], locale)
        return t("sv.offer.fulfil", locale, wish=a.wish, ability=CONTENT.wishes[a.wish].ability, pays=pays)
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
        return t("sv.btn.song", locale, song=a.song, reward=CONTENT.songs[a.song].reward.text, cost=price)
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
    state: StroganovState, seat: int, acts: list[Action], version: int, locale: str
) -> list[ButtonSpec | SelectSpec]:
    """Buttons for moves, trophy choices, songs and End; a select per kind of the other decisions."""
    view = GAME.view(state, seat)
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
    for group in ("board", "silver", "trade", "gold", "paid", "free"):
        items = groups.get(group, [])
        if not items:
            continue
        if group == "paid":
            inner = {a.action.notation(): a.action for a in items if isinstance(a, Paid)}
            what = t("sv.opt.paid_desc", locale)
            options = [(offer_words(view, seat, x, locale), n, what) for n, x in inner.items()]
            verb = "fee_for"
        else:
            options = [(action_label(state, view, seat, a, locale), a.notation(), a.notation()) for a in items]
            verb = "do"
        more = len(options) - MAX_OPTIONS
        if more > 0:
            options = [*options[: MAX_OPTIONS - 1], (t("sv.opt.more", locale, n=more + 1), "more", "")]
        out.append(SelectSpec(verb, t(f"sv.select.{group}", locale), options, 1, 1, version, group))
    rows = [buttons[i : i + 5] for i in range(0, len(buttons), 5)]
    room = 5 - len(out)
    for row in rows[:room]:
        out.extend(row)
    return out


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
