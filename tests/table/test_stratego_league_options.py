"""Issue 47 §1, Stratego: ``/league new options:`` offers Stratego's armies and rules in words, in
English and in Czech, found by a word typed in either (accents optional); who moves first is the
league's, never offered."""

from __future__ import annotations

from cogs.leagues import game_options

KIND = "stratego"


def names(typed: str, locale: str) -> list[str]:
    return [words for words, _ in game_options.completions(KIND, typed, locale)]


def test_the_first_choices_are_the_defaults_and_each_option_alone() -> None:
    assert names("", "en")[:7] == [
        "classic army, two-squares limit 3",
        "barrage army, two-squares limit 3",
        "classic army, Attacker advantage, two-squares limit 3",
        "classic army, Silent defence, two-squares limit 3",
        "classic army, Rescue, two-squares limit 3",
        "classic army, two-squares limit 5",
        "classic army, chase rule, two-squares limit 3",
    ]
    assert names("", "cs")[:3] == [
        "klasická armáda, pravidlo dvou polí: 3",
        "armáda Barrage, pravidlo dvou polí: 3",
        "klasická armáda, Převaha útočníka, pravidlo dvou polí: 3",
    ]


def test_a_word_typed_finds_the_choices_that_say_it() -> None:
    assert names("barr", "en")[0] == "barrage army, two-squares limit 3"
    assert all("barrage" in n for n in names("barr", "en"))
    assert names("zachr", "cs")[:2] == [
        "klasická armáda, Záchrana, pravidlo dvou polí: 3",
        "armáda Barrage, Záchrana, pravidlo dvou polí: 3",
    ]
    assert names("barrage res", "en")[0] == "barrage army, Rescue, two-squares limit 3"
    assert names("res", "en")[0] == "classic army, Rescue, two-squares limit 3", "not every 'squares'"


def test_a_choice_carries_its_options_and_the_league_keeps_the_first_seat_red() -> None:
    (value,) = [v for w, v in game_options.completions(KIND, "barrage rescue", "en") if "Attacker" not in w][:1]
    assert value == "army=barrage rescue=on"
    options = game_options.parse_options(KIND, value, "en")
    assert options["army"] == "barrage" and options["rescue"] and options["colours"] == "seat0_red"
    assert all("colours" not in v for _, v in game_options.completions(KIND, "", "en"))
