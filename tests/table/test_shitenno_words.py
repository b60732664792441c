"""Issue 19 §2 and issue 44 §3 for Shitenno (``test_words_not_notation.py`` holds every game to
words): its card and tile ids stay out of its words, its private pickers speak words, and the names
from its content data have words in both languages."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

import pytest

from cogs.shitenno import picks
from cogs.shitenno.ui import ShitennoUI
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.content import CONTENT as SH_CONTENT
from tests import shitenno_play
from tests.table.test_words_not_notation import LOCALES, check, labels, record

SHITENNO_IDS = re.compile(r"\b[TKB]\d{1,2}\b")
"""Shitenno's card and tile ids (``T30``, ``K3``, ``B12``): the images print them, the words never
(issue 44 §3); Stratego's squares (``B4``) are words there, so only Shitenno's texts are held to it."""


def no_card_ids(texts: Iterable[str], where: str) -> None:
    for text in texts:
        found = [
            m.group(0) for line in text.splitlines() if not line.startswith("-# ") for m in SHITENNO_IDS.finditer(line)
        ]
        assert not found, f"{where}: {found} in {text!r}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shitenno_speaks_words_without_card_ids(players: int) -> None:
    """Every line, label, prompt and hand of random games holds no card or tile id, and the
    private pickers (provinces, payments) speak words too."""
    ui = ShitennoUI()
    for seed in range(3):
        rec, st, rnd = record("shitenno", players), SHITENNO.new(players, None, seed), random.Random(seed)
        for seat, action in shitenno_play.random_actions(st, rnd, resign=0.003):
            events = SHITENNO.apply(st, seat, action)
            for locale in LOCALES:
                check(ui.event_lines(rec, st, events, locale), "event")
                no_card_ids(ui.event_lines(rec, st, events, locale), "event")
                if SHITENNO.outcome(st) is not None:
                    check([ui.outcome_text(rec, st, locale), ui.status_line(rec, st, locale)], "end")
                    continue
                check([ui.status_line(rec, st, locale)], "status")
                check(labels(ui.public_buttons(rec, st, rec.version, locale)), "buttons")
                no_card_ids(labels(ui.public_buttons(rec, st, rec.version, locale)), "buttons")
                for s in SHITENNO.to_act(st):
                    check([ui.prompt(rec, st, s, locale), ui.turn_notice(rec, st, s, events, locale)], "prompt")
                    check([ui.private_text(rec, st, s, locale)], "hand")
                    no_card_ids([ui.prompt(rec, st, s, locale), ui.turn_notice(rec, st, s, events, locale)], "prompt")
                    no_card_ids([ui.private_text(rec, st, s, locale)], "hand")
                    if st.phase == "control" and rnd.random() < 0.2:
                        pick = picks.province_pick(st, s, rec.version, locale)
                        check([pick.text, *labels(pick.components)], "provinces")
                        for pid in picks.conquerable(st, s)[:2]:
                            pick = picks.payment_pick(st, s, pid, rec.version, locale)
                            check([pick.text, *labels(pick.components)], "payments")
                            no_card_ids([pick.text, *labels(pick.components)], "payments")
        for locale in LOCALES:
            check(ui.last_lines(rec, st, None, locale), "log")


def test_data_names_have_words_in_both_languages() -> None:
    """Names from the game's content data get id-keyed words (docs/glossary-cs.md, "Not translated")."""
    from cogs.texts import has

    keys = [f"sh.colour.{c}" for c in SH_CONTENT.generals.values()]
    keys += [f"sh.province.{p.id}" for p in SH_CONTENT.provinces]
    keys += [f"sh.expected.{x}" for x in ("offer", "answer", "split", "choose")]
    for locale in LOCALES:
        assert [k for k in keys if not has(k, locale)] == [], locale


def test_the_examples_read_as_words() -> None:
    """The issue's examples: a conquest by the troops paid, the Tairō named when the sharing starts."""
    sh = ShitennoUI()
    who = {0: "<@1> (Honda)", 1: "<@2> (Ii)"}.__getitem__
    conquest = {
        "type": "position_conquered",
        "seat": 1,
        "province": "CHUBU",
        "position": 2,
        "vp": 4,
        "bonus": 0,
        "troops": ["T14", "T7"],
        "koku": ["K2"],
        "exchanges": [{"tile": "B6", "on": "K2", "to": "SH"}],
    }
    troops = {c: SH_CONTENT.troop[c] for c in ("T14", "T7")}
    line = sh.event_words(conquest, who, "en")
    assert line.startswith("<@2> (Ii) conquers position 2 in Chūbu (4 VP) with "), line
    assert "shinobi" in line and "T14" not in line and "xB6" not in line, (line, troops)
    assert "Čúbu" in sh.event_words(conquest, who, "cs")
    rnd_start = {"type": "round_started", "round": 2, "pool": ["T1", "K1"]}
    assert "<@1> (Honda) is the Tairō" in sh.event_words(rnd_start, who, "en", 0)
    assert "Tairó je <@1> (Honda)" in sh.event_words(rnd_start, who, "cs", 0)
