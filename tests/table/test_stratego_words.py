"""Issue 19 §2 for Stratego (``test_words_not_notation.py`` holds every game to words): random games
of its variants, draw offers and resignations among the moves, speak words; a move is told in words;
a refusal names the setup zone's rows; its rule errors read as Czech."""

from __future__ import annotations

import random
import re

from cogs.stratego.ui import StrategoUI
from cogs.table.rule_words import describe
from rules.errors import BadNotation, IllegalAction
from rules.stratego import GAME as STRATEGO
from rules.stratego.board import parse_square
from tests import stratego_play
from tests.table.test_words_not_notation import LOCALES, check, record


def test_stratego_speaks_words() -> None:
    ui = StrategoUI()
    for seed in range(4):
        options = stratego_play.VARIANTS[seed * 13 % len(stratego_play.VARIANTS)]
        rec, st, rnd = record("stratego", 2), stratego_play.start(options, seed), random.Random(seed)
        for n, (seat, action) in enumerate(stratego_play.random_actions(st, rnd, meta=0.01)):
            events = STRATEGO.apply(st, seat, action)
            if n % 7 and STRATEGO.outcome(st) is None:
                continue
            for locale in LOCALES:
                check(ui.event_lines(rec, st, events, locale), "event")
                check([ui.status_line(rec, st, locale)], "status")
                for s in STRATEGO.to_act(st):
                    check([ui.prompt(rec, st, s, locale), ui.turn_notice(rec, st, s, events, locale)], "prompt")
        for locale in LOCALES:
            check([*ui.last_lines(rec, st, None, locale), ui.outcome_text(rec, st, locale)], "end")


def test_a_refusal_names_the_setup_zones_rows() -> None:
    sg = StrategoUI()
    for colour, rows in ((0, "1–4"), (1, "7–10")):
        params = sg.error_params(IllegalAction("not_in_zone", square=50, colour=colour), "en")
        assert params["rows"] == rows


def test_a_stratego_move_is_told_in_words() -> None:
    ui = StrategoUI()
    st, rnd = stratego_play.start(stratego_play.VARIANTS[0], 1), random.Random(1)
    seat, action = next(stratego_play.random_actions(st, rnd, meta=0))
    events = STRATEGO.apply(st, seat, action)
    (line,) = ui.event_lines(record("stratego", 2), st, events, "en")
    assert re.fullmatch(r"<@10[01]> \(Red\) moves from [A-J]\d+ to [A-J]\d+\.", line), line
    (line,) = ui.event_lines(record("stratego", 2), st, events, "cs")
    assert re.fullmatch(r"<@10[01]> \(Červený\) táhne z pole [A-J]\d+ na pole [A-J]\d+\.", line), line


def test_stratego_rule_errors_read_as_czech() -> None:
    e = IllegalAction("immobile", square=parse_square("E4"), rank="B")
    ui = StrategoUI()
    assert describe(e, "cs", ui.error_params(e, "cs")) == (
        "Na poli E4 stojí tvá figurka (bomba) a ta se nehýbe: bomby a vlajka se nikdy nepohybují."
    )
    counts = BadNotation("setup_counts", too_few={"2": 2}, too_many={"9": 1}, army="classic")
    assert describe(counts, "cs", ui.error_params(counts, "cs")) == (
        "V rozestavení nesedí figurky: 2 průzkumníci chybí, 1 generál navíc."
    )
