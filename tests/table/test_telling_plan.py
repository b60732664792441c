"""The telling of a change, planned without Discord (issue 45 §1, cogs/table/plan/): for every
registered game, seeded games played by random legal decisions, and at every decision the plan is
asserted — who gets a DM and in which language, who is pinged, which buttons (the version's, the
mover's Take back), that no private image goes anywhere but its own seat's DM; a game's start,
its end and a decision taken back likewise; and steps already made (a telling repeated after a
crash) are not planned again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from cogs import games
from cogs.table import plan
from cogs.table.core.change import Change
from cogs.table.ui import REMATCH, TAKE_BACK, ButtonSpec, GameUI, seats_to_tell
from cogs.texts import t
from db.records import GameRecord, UserPrefs
from tests.e2e import count_cog  # noqa: F401  (registers the toy game, as the tests' bot has it)
from tests.game_records import game_record

PREFS = (
    ("dm", True, "en"),
    ("mention", True, "cs"),
    ("both", True, "cs"),
    ("dm", False, "en"),
)
"""Each player's ``/game notify``, DMs open, and language, by seat (cycled)."""
DECISIONS = 60
"""Decisions looked at per game (the start of a game has most kinds of news)."""


def prefs_of(rec: GameRecord) -> dict[int, UserPrefs]:
    return {
        user: UserPrefs(user, dms_enabled=dms, language=lang, notify=notify)
        for user, (notify, dms, lang) in zip(rec.players, PREFS * 2, strict=False)
    }


def due(prefs: UserPrefs, locale: str) -> str:
    return f"DUE {prefs.user_id} {locale}"


@dataclass
class Step:
    rec: GameRecord
    change: Change


def counts(kind: str) -> list[int]:
    engine = games.kind(kind).engine
    return sorted({engine.min_players, min(engine.max_players, engine.min_players + 2)})


def decisions(kind: str, players: int, seed: int, language: str) -> Iterator[Step]:
    """Changes of a seeded game of random legal decisions, as the master returns them."""
    engine = games.kind(kind).engine
    rnd = random.Random(seed)
    rec = replace(game_record(kind, players), engine=engine, language=language)
    state = engine.new(players, {}, seed)
    for version in range(1, DECISIONS + 1):
        waiting = tuple(engine.to_act(state))
        if not waiting or engine.outcome(state) is not None:
            return
        seat = rnd.choice(waiting)
        legal = [a for a in engine.legal(state, seat) if "resign" not in a.notation()]
        if not legal:
            return
        action = rnd.choice(legal)
        hidden = engine.hidden(state)
        events = engine.apply(state, seat, action)
        change = Change(
            kind="act",
            record=replace(rec, version=version - 1),
            version=version,
            state=state,
            seat=seat,
            by_user=rec.players[seat] if version % 3 else None,
            events=tuple(events),
            to_act=tuple(engine.to_act(state)),
            waiting_before=waiting,
            outcome=engine.outcome(state),
            may_take_back=engine.can_take_back(hidden, action, state, events),
        )
        yield Step(rec, change)


def games_to_play() -> list[tuple[str, int, str]]:
    return [(kind, n, lang) for kind in sorted(games.KINDS) for n in counts(kind) for lang in ("en", "cs")]


def check_dm(ui: GameUI[Any], dm: plan.Dm, prefs: UserPrefs) -> None:
    assert dm.locale == plan.dm_locale(prefs), "a DM is in its reader's language"
    assert dm.images is None or dm.images.seat in (dm.seat, None), "a seat's images go to that seat alone"
    assert dm.images is None or dm.images.locale in (dm.locale, None) or dm.images.seat is None


@pytest.mark.parametrize(("kind", "players", "language"), games_to_play())
def test_every_decision_is_planned_for_the_right_readers(kind: str, players: int, language: str) -> None:
    ui = games.ui(kind)
    seen = 0
    for step in decisions(kind, players, seed=players * 7 + len(language), language=language):
        change, rec = step.change, step.change.record
        prefs = prefs_of(rec)
        telling = plan.news(ui, change, language, prefs, due, frozenset())
        seen += 1
        told = seats_to_tell(ui, players, list(change.events), change.newly_waiting)
        by_seat = {n.seat: n for n in telling.notices}
        for seat, waiting in told:
            chose = prefs[rec.players[seat]]
            wants_dm = chose.dms_enabled and chose.notify in ("dm", "both")
            notice = by_seat.get(seat)
            if wants_dm:
                assert isinstance(notice, plan.Dm), (seat, chose, notice)
                check_dm(ui, notice, chose)
                assert notice.waiting is waiting
                assert notice.pinged is (waiting and chose.notify == "both")
                assert (due(chose, notice.locale) in notice.text) is waiting, "the due line of a turn that starts"
                assert notice.text.endswith(t("jump", notice.locale, link=plan.link(rec)))
            elif waiting:
                assert isinstance(notice, plan.Ping), (seat, chose, notice)
            else:
                assert notice is None
        assert set(by_seat) <= {s for s, _ in told}, "no one else is told"
        dm_only = {u for u, p in prefs.items() if p.dms_enabled and p.notify == "dm"}
        assert telling.pinged == {rec.players[s] for s, w in told if w and rec.players[s] not in dm_only}
        post = telling.post
        assert post is not None and post.locale == language and post.step == "post" and not post.mark
        assert post.images is None or post.images.seat is None, "the thread shows only the public images"
        assert (post.images is not None) is ui.board_changed(list(change.events))
        buttons = [c for c in post.components if isinstance(c, ButtonSpec)]
        assert all(b.version in (0, change.version) for b in buttons), "decisions carry the new version"
        take_back = [b for b in buttons if b.verb == TAKE_BACK]
        if change.may_take_back and change.by_user is not None:
            assert [b.arg for b in take_back] in ([str(change.seat)], []), "the mover's, where a row has room"
        else:
            assert not take_back, "no Take back for the automatic player or what the engine forbids"
        if ui.has_private:
            assert "hand" in [b.verb for b in buttons] or len(post.components) >= 20
        # a telling repeated after a crash plans nothing made already
        done = {f"dm:{s}" for s, _ in told[:1]} | {f"ping:{s}" for s, _ in told[1:2]} | {"post"}
        again = plan.news(ui, change, language, prefs, due, frozenset(done))
        assert again.post is None
        assert all(not (isinstance(n, plan.Dm) and n.step in done) for n in again.notices)
        assert all(n.made for n in again.notices if isinstance(n, plan.Ping) and n.mark in done)
    assert seen, f"no decision of {kind} looked at"


@pytest.mark.parametrize(("kind", "players", "language"), games_to_play())
def test_a_start_pings_everyone_and_sends_each_seat_its_own_view(kind: str, players: int, language: str) -> None:
    ui, engine = games.ui(kind), games.kind(kind).engine
    rec = replace(game_record(kind, players), engine=engine, language=language)
    state = engine.new(players, {}, 3)
    prefs = prefs_of(rec)
    telling = plan.started(ui, rec, state, language, "CLOCK", prefs, due, frozenset())
    assert telling.post is not None and telling.post.ping == set(rec.players) and telling.post.mark
    assert "CLOCK" in telling.post.text and telling.post.locale == language
    assert not telling.notices
    expected = [s for s in range(players) if ui.has_private and prefs[rec.players[s]].dms_enabled]
    assert [dm.seat for dm in telling.after] == expected
    for dm in telling.after:
        assert dm.seat is not None
        chose = prefs[rec.players[dm.seat]]
        check_dm(ui, dm, chose)
        assert (due(chose, dm.locale) in dm.text) is (dm.seat in engine.to_act(state))
    made = plan.started(ui, rec, state, language, "CLOCK", prefs, due, frozenset({"post", "dm:0"}))
    assert made.post is None and 0 not in [dm.seat for dm in made.after]


@pytest.mark.parametrize(("kind", "players", "language"), games_to_play())
def test_an_end_tells_the_result_everywhere_in_each_readers_language(kind: str, players: int, language: str) -> None:
    ui = games.ui(kind)
    last = None
    for step in decisions(kind, players, seed=5, language=language):
        last = step
    assert last is not None
    change = last.change
    outcome = change.outcome or games.kind(kind).engine.outcome(change.state)
    rec = replace(change.record, status="finished", outcome=outcome)
    prefs = prefs_of(rec)
    telling = plan.ended(ui, rec, change.state, change.events, language, prefs, frozenset())
    post = telling.post
    assert post is not None and post.step == "over" and post.record and post.ping == set(rec.players)
    assert [b.verb for b in post.components if isinstance(b, ButtonSpec)] == [REMATCH]
    assert post.images == plan.Images(language)
    readers = [u for u in sorted(set(rec.players)) if prefs[u].dms_enabled]
    assert [dm.user for dm in telling.after] == readers
    for dm in telling.after:
        assert dm.locale == plan.dm_locale(prefs[dm.user]) and dm.step == f"over:{dm.user}"
        assert [b.label for b in dm.components if isinstance(b, ButtonSpec)] == [t("btn.rematch", dm.locale)]
        assert dm.images == plan.Images(language), "the final board as the thread shows it"
    again = plan.ended(ui, rec, change.state, change.events, language, prefs, frozenset({"over"}))
    assert again.post is None and len(again.after) == len(readers)


@pytest.mark.parametrize(("kind", "players", "language"), games_to_play())
def test_a_decision_taken_back_tells_no_event_and_offers_no_take_back(kind: str, players: int, language: str) -> None:
    ui, engine = games.ui(kind), games.kind(kind).engine
    step = next(decisions(kind, players, seed=11, language=language))
    rec = step.change.record
    state = engine.new(players, {}, 11)  # the game as it was before the decision
    seat = step.change.seat
    assert seat is not None
    change = Change(
        kind="takeback",
        record=rec,
        version=step.change.version + 1,
        state=state,
        seat=seat,
        by_user=rec.players[seat],
        to_act=tuple(engine.to_act(state)),
        waiting_before=step.change.to_act,
    )
    prefs = prefs_of(rec)
    telling = plan.taken_back(ui, change, language, prefs, due, frozenset())
    post = telling.post
    assert post is not None and post.images == plan.Images(language)
    assert TAKE_BACK not in [b.verb for b in post.components if isinstance(b, ButtonSpec)]
    asked = rec.players[seat]
    lines = {t(k, language, user=f"<@{asked}>") for k in ("takeback.done", "takeback.done_alone")}
    assert post.text.split("\n", 1)[0] in lines
    for notice in telling.notices:
        if isinstance(notice, plan.Dm) and notice.waiting:
            assert notice.text.startswith(ui.turn_notice(rec, state, notice.seat or 0, [], notice.locale))
