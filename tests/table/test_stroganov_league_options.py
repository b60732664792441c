"""Issue 47 §1, Stroganov: ``/league new options:`` offers Ivan's difficulty in words, in English
and in Czech; a strategy pair, which its words do not tell apart, is not offered as a choice of its
own (it may still be typed)."""

from __future__ import annotations

from cogs.leagues import game_options

KIND = "stroganov"


def test_ivans_difficulty_is_offered_in_words() -> None:
    assert game_options.completions(KIND, "", "en") == [
        ("Ivan's difficulty (solo): normal", "difficulty=normal"),
        ("Ivan's difficulty (solo): easy", "difficulty=easy"),
        ("Ivan's difficulty (solo): hard", "difficulty=hard"),
    ]
    assert [w for w, _ in game_options.completions(KIND, "tez", "cs")] == ["obtížnost Ivana (sólo): těžká"]
    assert game_options.parse_options(KIND, "difficulty=hard strategy=OT", "cs")["strategy"] == "OT"
