"""Issue 47 §1, Stroganov: a league's tables are never solo, so ``/league new options:`` offers
nothing of Ivan's (his difficulty and strategy pair only matter alone against him, ST-15.1): the
league sets them to their defaults, and a typed one is refused in words."""

from __future__ import annotations

import pytest

from cogs.leagues import game_options
from cogs.table.respond import Refusal

KIND = "stroganov"


def test_ivans_settings_are_not_offered_to_a_league() -> None:
    for locale in ("en", "cs"):
        assert game_options.completions(KIND, "", locale) == []
        assert game_options.completions(KIND, "diff", locale) == []
    options = game_options.parse_options(KIND, None, "en")
    assert options["difficulty"] == "normal" and options["strategy"] == ""


@pytest.mark.parametrize("typed", ["difficulty=hard", "strategy=OT"])
def test_ivans_settings_typed_are_refused_in_words(typed: str) -> None:
    with pytest.raises(Refusal) as refused:
        game_options.parse_options(KIND, typed, "cs")
    assert "liga ji hraje s obvyklými volbami" in refused.value.text, refused.value.text
    assert "difficulty" not in refused.value.text.replace(typed, ""), refused.value.text
