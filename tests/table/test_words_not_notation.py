"""Issue 19 §2: players read words, not notation. Over random games of each kind, in English and in
Czech, every public line, story, prompt, turn notice, status, result and every label the controls
offer names players by mention and things by name: no seat label (``P0``), no engine id
(``E_WISHES``, ``TW-B01``, ``KANTO``), no rule id (``ST-13``), no unformatted ``{``. Notation is
allowed only in an option's small print (its description) and in the record file."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator

import pytest

from cogs.shitenno import picks
from cogs.shitenno.ui import ShitennoUI
from cogs.stratego.ui import StrategoUI
from cogs.stroganov.ui import StroganovUI
from cogs.table.ui import ButtonSpec, SelectSpec
from db.records import GameRecord
from rules.errors import IllegalAction
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.content import CONTENT as SH_CONTENT
from rules.stratego import GAME as STRATEGO
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.content import CONTENT as SV_CONTENT
from tests import shitenno_play, stratego_play, stroganov_play
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


SHITENNO_IDS = re.compile(r"\b[TKB]\d{1,2}\b")
"""Shitenno's card and tile ids (``T30``, ``K3``, ``B12``): the images print them, the words never
(issue 44 §3); Stratego's squares (``B4``) are words there, so only Shitenno's texts are held to it."""


def no_card_ids(texts: Iterable[str], where: str) -> None:
    for text in texts:
        found = [
            m.group(0) for line in text.splitlines() if not line.startswith("-# ") for m in SHITENNO_IDS.finditer(line)
        ]
        assert not found, f"{where}: {found} in {text!r}"


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shitenno_speaks_words(players: int) -> None:
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


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_stroganov_speaks_words(players: int) -> None:
    ui = StroganovUI()
    for seed in range(2):
        rec, st, rnd = record("stroganov", players), STROGANOV.new(players, None, seed), random.Random(seed)
        player = stroganov_play.random_player(rnd)
        for _ in range(3000):
            if STROGANOV.outcome(st) is not None:
                break
            seat = STROGANOV.to_act(st)[0]
            events = STROGANOV.apply(st, seat, player(st, seat))
            for locale in LOCALES:
                check([s.text for s in ui.story(rec, st, events, locale)], "story")
                check(ui.event_lines(rec, st, events, locale), "event")
                check([ui.status_line(rec, st, locale)], "status")
                if STROGANOV.outcome(st) is not None:
                    check([ui.outcome_text(rec, st, locale)], "end")
                    continue
                check(labels(ui.public_buttons(rec, st, rec.version, locale)), "components")
                for s in STROGANOV.to_act(st):
                    check([ui.prompt(rec, st, s, locale), ui.turn_notice(rec, st, s, events, locale)], "prompt")
        for locale in LOCALES:
            check(ui.last_lines(rec, st, None, locale), "log")
            check([ui.start_text(rec, STROGANOV.new(players, None, seed), locale)], "start")


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


def test_data_names_have_words_in_both_languages() -> None:
    """Names from the games' content data get id-keyed words (docs/glossary-cs.md, "Not translated")."""
    from cogs.texts import has

    keys = [f"sh.colour.{c}" for c in SH_CONTENT.generals.values()]
    keys += [f"sh.province.{p.id}" for p in SH_CONTENT.provinces]
    keys += [f"sv.village_name.{v}" for v in SV_CONTENT.villages]
    keys += [f"sv.ability.{w.ability}" for w in SV_CONTENT.wishes.values()]
    keys += [f"sv.land.{x.type}" for x in SV_CONTENT.tiles.values()]
    keys += ["sv.ivan.side.lowest", "sv.ivan.side.highest"]
    keys += [f"sh.expected.{x}" for x in ("offer", "answer", "split", "choose")]
    for locale in LOCALES:
        assert [k for k in keys if not has(k, locale)] == [], locale


def test_the_examples_read_as_words() -> None:
    """The issue's examples: a conquest by the troops paid, a hunt by what was taken, the Tairō
    named when the sharing starts, the setup zone's rows in a refusal."""
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

    sg = StrategoUI()
    for colour, rows in ((0, "1–4"), (1, "7–10")):
        params = sg.error_params(IllegalAction("not_in_zone", square=50, colour=colour), "en")
        assert params["rows"] == rows

    sv = StroganovUI()
    st = STROGANOV.new(2, None, 1)
    view = STROGANOV.view(st, None)
    rec = record("stroganov", 2)
    assert "P0" not in sv.who(rec, view, 0, "en") and "<@" in sv.who(rec, view, 0, "en")
    hunt = {"type": "hunt", "cossack": 0, "taken": [6], "gains": []}
    assert sv.action_phrase(view, hunt, "en") == "hunted a 6 Wolverine"


def test_a_stratego_move_is_told_in_words() -> None:
    ui = StrategoUI()
    st, rnd = stratego_play.start(stratego_play.VARIANTS[0], 1), random.Random(1)
    seat, action = next(stratego_play.random_actions(st, rnd, meta=0))
    events = STRATEGO.apply(st, seat, action)
    (line,) = ui.event_lines(record("stratego", 2), st, events, "en")
    assert re.fullmatch(r"<@10[01]> \(Red\) moves from [A-J]\d+ to [A-J]\d+\.", line), line
    (line,) = ui.event_lines(record("stratego", 2), st, events, "cs")
    assert re.fullmatch(r"<@10[01]> \(Červený\) táhne z pole [A-J]\d+ na pole [A-J]\d+\.", line), line
