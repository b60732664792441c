"""Issue 44 §1: one result, told one way. For every way each game can end — by its rules, the automa
(Ivan) winning or losing, a resignation, a win on time, an agreed draw, a cancellation, a lobby's
expiry — every place that states the result says the same thing: the thread's new name, the long
result (the game-over post, the DMs, ``/game history``, ``/game board``), the seats' results that
``/game stats`` counts, and the record file. (A solo game won by Ivan was "Vítězí Ivan" in the DM
and "bez vítěze" in the thread's name.) The end-to-end side: tests/e2e/test_results_told.py.

Here every registered game (``tests/kinds.py``) ends each way any game can: by its rules (played by
its own random player) at every player count, by a resignation, on time, cancelled and expired; a
game's own endings (Stratego's agreed draw, Ivan beaten in a solo Stroganov game) are in its own
file (``test_<game>_results.py``), told through the same :func:`check_the_same_result`."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from cogs import games
from cogs.table import results
from cogs.table.core.record import record_document
from cogs.texts import t
from db.ratings import Ended, seat_results
from db.records import GameRecord, Verdict
from rules.protocol import Ending, Outcome
from tests import kinds
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


def by_rules(kind: str, n: int) -> Ending_:
    """A game of ``n`` played to its end by its rules (random games, seed by seed, until one is:
    Stratego's may end with no movable piece, or by the rare draw offer its random player makes)."""
    engine = games.kind(kind).engine
    for seed in range(50):
        state = engine.new(n, kinds.playout_options(kind, n, seed), seed)
        for seat, action in kinds.random_decisions(kind, state, random.Random(seed)):
            engine.apply(state, seat, action)
        outcome = engine.outcome(state)
        if outcome is not None and outcome.ending is Ending.NORMAL:
            return finished(kind, n, state)
    raise AssertionError(f"no {kind} game of {n} ended by its rules")


def resigned(kind: str, n: int) -> Ending_:
    """Two decisions in (Stratego: both armies ready), the seat to act resigns: with one or two
    players the game ends (solo, the automa wins)."""
    engine = games.kind(kind).engine
    state = engine.new(n, None, n + 2)
    decisions = kinds.random_decisions(kind, state, random.Random(n))
    for (seat, action), _ in zip(decisions, range(2), strict=False):
        engine.apply(state, seat, action)
    engine.apply(state, engine.to_act(state)[0], engine.parse_action("resign", state))
    return finished(kind, n, state)


def on_time(kind: str, n: int, state: Any, late: int) -> Ending_:
    """The table's win on time: every seat but the late one wins (clocks.py)."""
    winners = tuple(s for s in range(n) if s != late)
    return finished(kind, n, state, Outcome(winners=winners, ending=Ending.TIMEOUT))


def last_seat_late(kind: str, n: int) -> Ending_:
    """A new game of ``n`` won on time by all but its last seat."""
    return on_time(kind, n, games.kind(kind).engine.new(n, None, 1), late=n - 1)


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


def endings(kind: str) -> dict[str, Callable[[], Ending_]]:
    """Every way any game of ``kind`` ends, by name: by its rules and cancelled at every player
    count, on time at every count of two or more, a resignation at its fewest players and at two,
    and a lobby that expired."""
    counts = kinds.player_counts(kind)
    out: dict[str, Callable[[], Ending_]] = {}
    for n in counts:
        out[f"{kind} {n}, by its rules"] = partial(by_rules, kind, n)
        out[f"{kind} {n}, cancelled"] = partial(cancelled, kind, n)
        if n >= 2:
            out[f"{kind} {n}, on time"] = partial(last_seat_late, kind, n)
    for n in sorted({counts[0], max(counts[0], min(2, counts[-1]))}):
        out[f"{kind} {n}, resignation"] = partial(resigned, kind, n)
    out[f"{kind}, expired"] = partial(expired, kind)
    return out


ENDINGS: dict[str, Callable[[], Ending_]] = {how: end for kind in kinds.NAMES for how, end in endings(kind).items()}


def check_the_same_result(rec: GameRecord, state: Any, locale: str) -> None:
    """Every place that states the result of ``rec`` (in ``state``) says the same thing."""
    ui = games.ui(rec.kind)
    names = NAMES[: len(rec.players)]
    mentions = [f"<@{u}>" for u in rec.players]
    verdict = rec.verdict
    assert verdict is not None
    short = results.short_result(ui, rec, names, locale)
    long = results.result_text(ui, rec, state, locale) if state is not None else None
    automa = ui.automa_name(locale)
    automas = {name for k in games.registered() if (name := k.ui.automa_name(locale))}
    """The automata of every game (Stroganov's Ivan): none is named in a win of the players."""

    # the thread's name: the winners by name, or what else the end was — nobody else named
    won = [s for s, u in enumerate(rec.players) if u in rec.winners]
    if verdict is Verdict.WON:
        assert all(names[s] in short for s in won), short
        assert not [names[s] for s in range(len(names)) if s not in won and names[s] in short], short
    elif verdict is Verdict.AUTOMA_WON:
        assert automa is not None and short == t("short.won", locale, names=automa), short
    else:
        key = {Verdict.DRAW: "short.draw", Verdict.CANCELLED: "short.cancelled", Verdict.EXPIRED: "short.expired"}
        assert short == t(key[verdict], locale), short
    assert t("short.no_winner", locale) not in short

    # the long result (post, DMs, history, board): names the same winners
    if long is not None:
        if verdict is Verdict.WON:
            assert all(mentions[s] in long for s in won), long
            assert not [a for a in automas if a in long.split(".")[0]], long
        elif verdict is Verdict.AUTOMA_WON:
            assert automa is not None and automa in long.split(".")[0], long
            assert not any(m in long.split(".")[0] for m in mentions), long
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


@pytest.mark.parametrize("how", sorted(ENDINGS))
@pytest.mark.parametrize("locale", LOCALES)
def test_every_place_states_the_same_result(how: str, locale: str) -> None:
    check_the_same_result(*ENDINGS[how](), locale)
