"""Issue 44 §1: one result, told one way. For every way each game can end — by its rules, the automa
(Ivan) winning or losing, a resignation, a win on time, an agreed draw, a cancellation, a lobby's
expiry — every place that states the result says the same thing: the thread's new name, the long
result (the game-over post, the DMs, ``/game history``, ``/game board``), the seats' results that
``/game stats`` counts, and the record file. (A solo game won by Ivan was "Vítězí Ivan" in the DM
and "bez vítěze" in the thread's name.) The end-to-end side: tests/e2e/test_results_told.py."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from cogs import games
from cogs.table import results
from cogs.table.core.record import record_document
from cogs.texts import t
from db.ratings import Ended, seat_results
from db.records import GameRecord, Verdict
from rules.protocol import Ending, Outcome
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import Resign as ShitennoResign
from rules.stratego import GAME as STRATEGO
from rules.stratego.actions import AcceptDraw, OfferDraw
from rules.stratego.actions import Resign as StrategoResign
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Resign as StroganovResign
from tests import shitenno_play, stratego_play, stroganov_play
from tests.game_records import game_record

NAMES = ("Adam", "Bea", "Cyril", "Dana")
LOCALES = ("en", "cs")
Ending_ = tuple[GameRecord, Any]
"""A game that ended: its record, and its state (None: a lobby that expired has none)."""


def finished(kind: str, n: int, state: Any, outcome: Outcome | None = None) -> Ending_:
    engine = games.ui(kind).engine
    outcome = outcome or engine.outcome(state)
    assert outcome is not None
    rec = dataclasses.replace(game_record(kind, n), status="finished", outcome=outcome, engine=engine)
    return rec, state


def stratego_by_rules() -> Ending_:
    for seed in range(50):
        st, rnd = stratego_play.start({}, seed), random.Random(seed)
        for seat, action in stratego_play.random_actions(st, rnd, meta=0.0):
            STRATEGO.apply(st, seat, action)
        outcome = STRATEGO.outcome(st)
        if outcome is not None and outcome.winners and outcome.ending is Ending.NORMAL:
            return finished("stratego", 2, st)
    raise AssertionError("no Stratego game won by its rules")


def stratego_resigned() -> Ending_:
    st = stratego_play.start({}, 1)
    STRATEGO.apply(st, 0, StrategoResign())
    return finished("stratego", 2, st)


def stratego_agreed_draw() -> Ending_:
    st = stratego_play.start({}, 2)
    (seat,) = STRATEGO.to_act(st)
    STRATEGO.apply(st, seat, OfferDraw())
    STRATEGO.apply(st, 1 - seat, AcceptDraw())
    return finished("stratego", 2, st)


def on_time(kind: str, n: int, state: Any, late: int) -> Ending_:
    """The table's win on time: every seat but the late one wins (clocks.py)."""
    winners = tuple(s for s in range(n) if s != late)
    return finished(kind, n, state, Outcome(winners=winners, ending=Ending.TIMEOUT))


def shitenno_by_rules(n: int) -> Ending_:
    st, _ = shitenno_play.play(n, seed=n)
    return finished("shitenno", n, st)


def shitenno_resigned() -> Ending_:
    st = SHITENNO.new(2, None, 3)
    SHITENNO.apply(st, 1, ShitennoResign())
    return finished("shitenno", 2, st)


def stroganov_by_rules(n: int) -> Ending_:
    st, _ = stroganov_play.play(n, seed=n)
    return finished("stroganov", n, st)


def stroganov_ivan_loses() -> Ending_:
    """Random play never beats Ivan: the player's score gets a head start (the final scoring adds
    to it, ST-13)."""
    st = STROGANOV.new(1, {"difficulty": "easy"}, 4)
    play = stroganov_play.random_player(random.Random(4))
    player = next(c for c in st.cossacks if not c.ivan)
    player.events.append(("STORY", "head start", 200))  # a score entry as core.score writes them
    while STROGANOV.outcome(st) is None:
        (seat,) = STROGANOV.to_act(st)
        STROGANOV.apply(st, seat, play(st, seat))
    return finished("stroganov", 1, st)


def stroganov_resigned(n: int) -> Ending_:
    st = STROGANOV.new(n, None, 5)
    STROGANOV.apply(st, 0, StroganovResign())  # one of one or two players: the game ends (ST-R)
    return finished("stroganov", n, st)


def cancelled(kind: str, n: int) -> Ending_:
    engine = games.ui(kind).engine
    state = engine.new(n, None, 1)
    outcome = Outcome(winners=(), ending=Ending.CANCELLED)
    rec = game_record(kind, n)
    rec = dataclasses.replace(rec, status="cancelled", outcome=outcome, cancelled_by=rec.players[-1], engine=engine)
    return rec, state


def expired(kind: str) -> Ending_:
    rec = game_record(kind, 1)
    outcome = Outcome(winners=(), ending=Ending.EXPIRED)
    return dataclasses.replace(rec, status="expired", outcome=outcome, seed=None), None


ENDINGS: dict[str, Callable[[], Ending_]] = {
    "stratego, flag or no moves": stratego_by_rules,
    "stratego, resignation": stratego_resigned,
    "stratego, agreed draw": stratego_agreed_draw,
    "stratego, on time": lambda: on_time("stratego", 2, stratego_play.start({}, 3), late=1),
    "stratego, cancelled": lambda: cancelled("stratego", 2),
    "stratego, expired": lambda: expired("stratego"),
    "shitenno 2, final scoring": lambda: shitenno_by_rules(2),
    "shitenno 4, final scoring": lambda: shitenno_by_rules(4),
    "shitenno, resignation": shitenno_resigned,
    "shitenno 3, on time": lambda: on_time("shitenno", 3, SHITENNO.new(3, None, 1), late=0),
    "shitenno, cancelled": lambda: cancelled("shitenno", 3),
    "stroganov solo, Ivan wins": lambda: stroganov_by_rules(1),
    "stroganov solo, Ivan loses": stroganov_ivan_loses,
    "stroganov solo, resignation (Ivan wins)": lambda: stroganov_resigned(1),
    "stroganov 2, resignation": lambda: stroganov_resigned(2),
    "stroganov 3, final scoring": lambda: stroganov_by_rules(3),
    "stroganov 2, on time": lambda: on_time("stroganov", 2, STROGANOV.new(2, None, 1), late=1),
    "stroganov solo, cancelled": lambda: cancelled("stroganov", 1),
    "stroganov, expired": lambda: expired("stroganov"),
}


def test_the_automa_that_loses_is_beaten_by_its_player() -> None:
    rec, _ = stroganov_ivan_loses()
    assert rec.verdict is Verdict.WON and rec.winners == rec.players


@pytest.mark.parametrize("how", sorted(ENDINGS))
@pytest.mark.parametrize("locale", LOCALES)
def test_every_place_states_the_same_result(how: str, locale: str) -> None:
    rec, state = ENDINGS[how]()
    ui = games.ui(rec.kind)
    names = NAMES[: len(rec.players)]
    mentions = [f"<@{u}>" for u in rec.players]
    verdict = rec.verdict
    assert verdict is not None
    short = results.short_result(ui, rec, names, locale)
    long = results.result_text(ui, rec, state, locale) if state is not None else None
    ivan = t("sv.ivan", locale)

    # the thread's name: the winners by name, or what else the end was — nobody else named
    won = [s for s, u in enumerate(rec.players) if u in rec.winners]
    if verdict is Verdict.WON:
        assert all(names[s] in short for s in won), short
        assert not [names[s] for s in range(len(names)) if s not in won and names[s] in short], short
    elif verdict is Verdict.AUTOMA_WON:
        assert short == t("short.won", locale, names=ivan), short
    else:
        key = {Verdict.DRAW: "short.draw", Verdict.CANCELLED: "short.cancelled", Verdict.EXPIRED: "short.expired"}
        assert short == t(key[verdict], locale), short
    assert t("short.no_winner", locale) not in short

    # the long result (post, DMs, history, board): names the same winners
    if long is not None:
        if verdict is Verdict.WON:
            assert all(mentions[s] in long for s in won), long
            assert ivan not in long.split(".")[0], long
        elif verdict is Verdict.AUTOMA_WON:
            assert ivan in long.split(".")[0] and not any(m in long.split(".")[0] for m in mentions), long
        elif verdict is Verdict.CANCELLED:
            assert f"<@{rec.cancelled_by}>" in long, long
        assert t("finished", locale) != long, "a result in words, not just 'finished'"

    # /game stats: the seats' results count the same winners
    if rec.status == "finished":
        assert rec.outcome is not None
        ended = Ended(rec.id, 1, rec.kind, rec.players, rec.outcome, rec.options, (), 0.0)
        counted = {r.user_id: r.result for r in seat_results(ended)}
        if verdict is Verdict.DRAW:
            assert set(counted.values()) == {"draw"}
        else:
            assert counted == {u: "win" if u in rec.winners else "loss" for u in rec.players}

    # the record file
    document = record_document(rec, [])
    assert document["result"] == {"verdict": verdict.value, "winners": list(rec.winners)}
