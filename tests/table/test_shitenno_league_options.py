"""Issue 47 §1, Shitenno: its one option a league may set, the generals picked, is free text —
nothing to offer until it is typed, and then its words are shown, in English and in Czech."""

from __future__ import annotations

import pytest

from cogs.leagues import game_options
from cogs.table.respond import Refusal

KIND = "shitenno"


def test_the_generals_typed_are_shown_in_words() -> None:
    assert game_options.completions(KIND, "", "en") == []
    assert game_options.completions(KIND, "generals=Ii,Honda", "en") == [("generals: Ii,Honda", "generals=Ii,Honda")]
    assert game_options.completions(KIND, "generals=Ii", "cs") == [("generálové: Ii", "generals=Ii")]


def test_a_word_it_cannot_read_is_refused_in_words() -> None:
    with pytest.raises(Refusal) as refused:
        game_options.parse_options(KIND, "speed=fast", "cs")
    assert "liga ji hraje s obvyklými volbami" in refused.value.text
