"""Issue 19 §2: players read words, not notation. Over random games of every registered game
(``tests/kinds.py``: each played by its own random player at every player count, now and then a
seat resigning), in English and in Czech, every public line, story, prompt, turn notice, status,
result and every label the controls offer names players by mention and things by name: no seat
label (``P0``), no engine id (``E_WISHES``, ``TW-B01``, ``KANTO``), no rule id (``ST-13``), no
unformatted ``{``. Notation is allowed only in an option's small print (its description) and in the
record file. What only one game has (Shitenno's card ids and pickers, Stratego's variants and draw
offers, the names from a game's content data) is in the game's own ``test_<game>_words.py``."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator

import pytest

from cogs import games
from cogs.table.ui import ButtonSpec, SelectSpec
from db.records import GameRecord
from tests import kinds
from tests.game_records import game_record

LOCALES = ("en", "cs")
SEAT = re.compile(r"\bP[0-3]\b")
RULE = re.compile(r"\b(SG|SH|ST)-\d")
ENGINE = re.compile(
    r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"  # E_WISHES, PLUS_ONE
    r"|\b[A-Z]{4,}\b"  # TRACKER, KANTO, DRAW
    r"|\bTW-[SAB]\d+|\bY[AB]\d\b|\bSG\d\d\b|\bAU\d\d\b|\bL\d\d\b|\bV\d\b"  # wish, yurt, song, automa, tile, village ids
    r"|\([PEWI]\)"  # an ability's timing code
)


def bad(text: str) -> list[str]:
    """What in ``text`` is not words (small print lines ``-# `` may hold notation)."""
    found = []
    for line in text.splitlines():
        if line.startswith("-# "):
            continue
        for pattern in (SEAT, RULE, ENGINE):
            found += [m.group(0) for m in pattern.finditer(line)]
        if "{" in line or "}" in line:
            found.append("{")
    return found


def record(kind: str, players: int) -> GameRecord:
    return game_record(kind, players, version=3)


def labels(specs: Iterable[ButtonSpec | SelectSpec]) -> Iterator[str]:
    """What a player reads on the controls: labels and placeholders, not the descriptions."""
    for spec in specs:
        if isinstance(spec, ButtonSpec):
            yield spec.label
        else:
            yield spec.placeholder
            yield from (label for label, _value, _desc in spec.options)


def check(texts: Iterable[str], where: str) -> None:
    for text in texts:
        assert not bad(text), f"{where}: {bad(text)} in {text!r}"
        assert len(text) <= 2000, where


def test_the_patterns_catch_the_old_words() -> None:
    assert bad("@jana (P0, blue)") == ["P0"]
    assert sorted(bad("fulfilled TW-B01 (E_WISHES (E)) with a 5 Sable")) == ["(E)", "E_WISHES", "TW-B01"]
    assert bad("**Final scoring** (ST-13)") == ["ST-1"]
    assert bad("T14 T7 K2 xB6@K2=SH in KANTO") == ["KANTO"]
    assert bad("{who} moves") == ["{"]
    assert not bad("@jana (blue) moves 4 spaces east\n-# `move 4`")


SEEDS = 3
RESIGN = 0.003
"""Per decision, the chance that the seat to act resigns instead (in a game of three or more the
others play on), so resignations are told too."""


def played(kind: str, players: int, seed: int) -> Iterator[tuple[GameRecord, object, list[object]]]:
    """A random game of ``kind`` (its random player, the options of its benchmark playouts): after
    each decision, the record, the state and the decision's events."""
    engine = games.kind(kind).engine
    rec, rnd = record(kind, players), random.Random(seed)
    st = engine.new(players, kinds.playout_options(kind, players, seed), seed)
    for seat, action in kinds.random_decisions(kind, st, rnd):
        if rnd.random() < RESIGN:
            action = engine.parse_action("resign", st)
        yield rec, st, list(engine.apply(st, seat, action))


@pytest.mark.parametrize(("kind", "players"), kinds.counts())
def test_every_game_speaks_words(kind: str, players: int) -> None:
    ui = games.ui(kind)
    engine = ui.engine
    for seed in range(SEEDS):
        rec = record(kind, players)
        for locale in LOCALES:
            check([ui.start_text(rec, engine.new(players, None, seed), locale)], "start")
        st: object = None
        for rec, st, events in played(kind, players, seed):
            for locale in LOCALES:
                if ui.live_turn:  # a TurnPagesUI: its story
                    check([s.text for s in ui.story(rec, st, events, locale)], "story")
                check(ui.event_lines(rec, st, events, locale), "event")
                check([ui.status_line(rec, st, locale)], "status")
                if engine.outcome(st) is not None:
                    check([ui.outcome_text(rec, st, locale)], "end")
                    continue
                check(labels(ui.public_buttons(rec, st, rec.version, locale)), "buttons")
                for s in engine.to_act(st):
                    check([ui.prompt(rec, st, s, locale), ui.turn_notice(rec, st, s, events, locale)], "prompt")
                    if ui.has_private:
                        check([ui.private_text(rec, st, s, locale)], "hand")
        for locale in LOCALES:
            check([*ui.last_lines(rec, st, None, locale), ui.outcome_text(rec, st, locale)], "log")
