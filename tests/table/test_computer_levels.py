"""The computers' three levels in words (issue 46 §1): every game says what easy, normal and hard do
in ``/game rules`` and ``/help``, in English and Czech, within Discord's limits — once the game has
a computer player (words written ahead of a registration wait for it)."""

from __future__ import annotations

import dataclasses

import pytest

from cogs import games
from cogs.help import FIELD_LIMIT
from cogs.table import computer_levels
from cogs.table.respond import CONTENT_LIMIT
from cogs.texts import chunks, t
from db.records import COMPUTER_LEVELS
from tests import kinds

STAND_IN = next(k.computer for k in kinds.bot_kinds() if k.computer is not None)
"""A computer player for a game registered without one yet (its words wait for one)."""


def with_computers(monkeypatch: pytest.MonkeyPatch, *names: str, on: bool = True) -> None:
    """The games ``names`` registered with a computer player (``on``) or without one."""
    for name in names:
        kind = games.KINDS[name]
        computer = (kind.computer or STAND_IN) if on else None
        monkeypatch.setitem(games.KINDS, name, dataclasses.replace(kind, computer=computer))


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("name", kinds.NAMES)
def test_every_game_names_its_three_levels_in_rules(monkeypatch: pytest.MonkeyPatch, name: str, locale: str) -> None:
    with_computers(monkeypatch, name)
    text = computer_levels.rules_text(name, locale)
    assert text is not None
    for level in COMPUTER_LEVELS:
        assert f"• **{t(f'computer.level.{level}', locale).capitalize()}**:" in text, (level, text)
    assert t("rules_computers_stats", locale) in text, "not rated; /game stats"
    assert len(text) <= CONTENT_LIMIT, len(text)
    assert "{" not in text and "`/" in text, "every placeholder filled; the command as the app shows it"


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_help_has_a_line_per_game_with_its_levels_within_a_field(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    with_computers(monkeypatch, *kinds.NAMES)
    lines = computer_levels.help_lines(locale)
    assert len(lines) == 1 + len(kinds.NAMES)
    for name, line in zip(sorted(kinds.NAMES), lines[1:], strict=True):
        assert line.startswith(f"**{games.ui(name).title(locale)}** — ")
        assert all(f"{t(f'computer.level.{level}', locale)}:" in line for level in COMPUTER_LEVELS), line
    assert all(len(field) <= FIELD_LIMIT for field in chunks(lines, FIELD_LIMIT))
    assert len("\n".join(lines)) <= FIELD_LIMIT, "one field is enough for every game"


@pytest.mark.parametrize("name", kinds.NAMES)
def test_a_game_without_a_computer_says_nothing_of_levels(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Words written before a game's computer is registered (Stroganov's) wait for it."""
    with_computers(monkeypatch, *kinds.NAMES, on=False)
    assert computer_levels.help_lines("en") == []
    assert all(computer_levels.rules_text(other, "en") is None for other in kinds.NAMES)
    with_computers(monkeypatch, name)
    assert computer_levels.rules_text(name, "cs") is not None
    title = games.ui(name).title("en")
    assert [line.split(" — ")[0] for line in computer_levels.help_lines("en")[1:]] == [f"**{title}**"]
