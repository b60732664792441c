"""Issue 47 §1 for every registered game: ``/league new options:`` offers the game's options in
words — each choice named as the game says its options (``options_text``) in the organizer's
language, within Discord's 100 characters, no two alike — while the choice carries the options as
``name=value`` words, which read back to exactly the options its name says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cogs import games
from cogs.leagues import game_options
from cogs.table.respond import Refusal
from tests import kinds

LOCALES = ("en", "cs")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", kinds.NAMES)
@pytest.mark.parametrize("typed", ["", "a", "e"])
def test_every_choice_is_named_by_the_words_of_the_options_it_gives(name: str, locale: str, typed: str) -> None:
    offered = game_options.completions(name, typed, locale)
    assert len(offered) <= 25
    names = [words for words, _ in offered]
    assert len(set(names)) == len(names), names
    for words, value in offered:
        options = game_options.parse_options(name, value, locale)
        assert words == games.ui(name).options_text(options, locale)
        assert 0 < len(words) <= 100 and 0 < len(value) <= 100
        assert "=" not in words and "_" not in words, words
        assert game_options.parse_options(name, words, locale) == options, "the words read back"


@pytest.mark.parametrize("name", kinds.NAMES)
def test_the_choices_follow_the_organizers_language(name: str) -> None:
    """A game whose options have any words to choose says them in Czech to a Czech organizer."""
    english = [w for w, _ in game_options.completions(name, "", "en")]
    czech = [w for w, _ in game_options.completions(name, "", "cs")]
    assert len(english) == len(czech)
    assert all(e != c for e, c in zip(english, czech, strict=True)), (english, czech)


@pytest.mark.parametrize("name", kinds.NAMES)
def test_the_options_a_league_sets_come_from_the_games_registration(name: str) -> None:
    """``GameKind.league_options`` (Stratego: the first seat plays Red) are set in every league of
    the game, and neither offered nor accepted from the organizer."""
    fixed = games.kind(name).league_options
    options = game_options.parse_options(name, None, "en")
    assert {k: options[k] for k in fixed} == dict(fixed)
    for key in fixed:
        assert all(key not in value for _, value in game_options.completions(name, "", "en"))
        with pytest.raises(Refusal):
            game_options.parse_options(name, f"{key}={fixed[key]}", "en")


def test_a_game_registers_only_league_options_its_engine_has() -> None:
    kind = games.registered()[0]
    with pytest.raises(ValueError, match="league options"):
        games.register(replace(kind, league_options={"no such option": 1}))
    assert games.kind(kind.name) is kind
