"""Every rule error an engine can raise has plain words (DESIGN §5: no raw codes for players)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.texts import EN, ERRORS_EN, describe
from rules.errors import BadNotation, IllegalAction, NotYourTurn
from rules.stratego.board import parse_square

ROOT = Path(__file__).resolve().parent.parent
RAISE = re.compile(r"\b(NotYourTurn|IllegalAction|BadNotation|WrongPhase|GameOver|BadOptions)\(\s*\"([a-z_]+)\"")
KIND = {"NotYourTurn": "not_your_turn", "IllegalAction": "illegal", "BadNotation": "bad_notation",
        "WrongPhase": "wrong_phase", "GameOver": "game_over", "BadOptions": "bad_options"}
INTERNAL = {"state_format", "record_header", "record_incomplete", "record_seat", "record_line", "unknown_action",
            "needs_state"}
"""Codes that only reach developers (stored data or records), never a player's command."""


def raised_codes() -> set[tuple[str, str]]:
    found = set()
    for path in (ROOT / "rules").rglob("*.py"):
        for cls, code in RAISE.findall(path.read_text()):
            found.add((KIND[cls], code))
    return found


def test_the_scan_finds_engine_errors() -> None:
    assert ("illegal", "two_squares") in raised_codes() and len(raised_codes()) > 30


@pytest.mark.parametrize(("kind", "code"), sorted(raised_codes()))
def test_every_engine_error_has_words(kind: str, code: str) -> None:
    if code in INTERNAL:
        return
    assert f"{kind}.{code}" in ERRORS_EN or code in ERRORS_EN, f"no words for {kind}:{code}"


def test_words_fill_in_squares_and_ranks() -> None:
    e = IllegalAction("two_squares", frm=parse_square("B5"), to=parse_square("B4"), limit=3)
    assert describe(e) == "B5 → B4 would move that piece back and forth a fourth time (two-squares rule)."
    assert describe(IllegalAction("immobile", square=parse_square("E4"), rank="B")).startswith("Your Bomb on E4")
    counts = BadNotation("setup_counts", too_few={"2": 2}, too_many={"9": 1}, army="classic")
    assert describe(counts) == "That setup has the wrong pieces: 2 Scouts too few, 1 General too many."
    assert "{" not in describe(NotYourTurn("not_your_turn", to_move=1))


def test_templates_are_well_formed() -> None:
    for key, text in {**EN, **ERRORS_EN}.items():
        assert text.count("{") == text.count("}"), key
