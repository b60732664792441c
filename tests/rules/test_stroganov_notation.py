"""Stroganov notation (ST-16): every action prints and parses back losslessly; any other text is a
BadNotation, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import BadNotation
from rules.stroganov import GAME
from rules.stroganov.actions import (
    Board,
    Claim,
    Coin,
    Draw,
    EndTurn,
    Exchange,
    Fulfil,
    Gold,
    Horses,
    Hunt,
    Move,
    Paid,
    Resign,
    Song,
    SongPass,
    Step,
    Trade,
    Trophy,
    parse_action,
)
from rules.stroganov.content import CONTENT

furs = st.integers(2, 8)
entries = st.one_of(
    furs.map(lambda v: ("fur", v)), furs.map(lambda v: ("sub", v)), st.just(("tiger", 0))
)  # fmt: skip
steps = st.builds(lambda d, k: f"{d}{k}", st.sampled_from("ew"), st.integers(1, 3))
effects = st.one_of(st.sampled_from(["coin", "stories", "horses"]), steps)
hunts = st.one_of(
    st.integers(1, 9).map(lambda i: Hunt((i,))),
    st.lists(st.integers(1, 9), min_size=2, max_size=2, unique=True).flatmap(
        lambda p: st.booleans().map(lambda k: Hunt(tuple(sorted(p)), k))
    ),
)
extras = st.one_of(
    st.just(Coin()),
    st.just(Horses()),
    st.builds(Step, st.sampled_from("ew"), st.integers(1, 3)),
    hunts,
    st.builds(Trade, entries, st.lists(effects, min_size=2, max_size=3).map(tuple)),
    st.builds(Gold, st.sampled_from(["wish", "village", "yurt", "build", "recruit"]), st.integers(1, 5)),
    st.builds(Claim, st.sampled_from(sorted(CONTENT.tiles)), st.lists(entries, min_size=1, max_size=7).map(tuple)),
)
actions = st.one_of(
    extras,
    st.builds(Paid, extras, entries),
    st.builds(Board, st.integers(1, 4), st.sampled_from("AB")),
    st.builds(Move, st.integers(1, 5)),
    st.builds(Exchange, furs, furs),
    st.just(Draw()),
    st.builds(Fulfil, st.sampled_from(sorted(CONTENT.wishes)), st.lists(entries, min_size=1, max_size=5).map(tuple)),
    st.builds(Trophy, st.one_of(st.none(), entries)),
    st.just(EndTurn()),
    st.builds(Song, st.sampled_from(sorted(CONTENT.songs))),
    st.just(SongPass()),
    st.just(Resign()),
)


@given(actions)
def test_st_16_every_action_round_trips(action: object) -> None:
    text = action.notation()  # type: ignore[attr-defined]
    assert parse_action(text) == action
    assert parse_action(text.upper()) == action  # case does not matter


@given(st.text(max_size=40))
def test_st_16_any_text_is_an_action_or_bad_notation(text: str) -> None:
    try:
        action = parse_action(text)
    except BadNotation:
        return
    assert parse_action(action.notation()) == action  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    ["", "move", "move 6", "board 5A", "hunt 1 1", "hunt 1 horses", "trade 5", "trade 5 a b", "wish R6",
     "claim L01", "fulfil TW-S1", "trophy up", "coin fee", "fee 3", "coin fee 3 fee 4", "exchange 2", "song",
     "resign now"],
)  # fmt: skip
def test_st_16_malformed_actions_are_bad_notation(text: str) -> None:
    with pytest.raises(BadNotation):
        parse_action(text)


def test_st_16_notation_examples_read_as_documented() -> None:
    assert parse_action("hunt 3 1") == Hunt((1, 3))
    assert parse_action("claim l15 6 tiger SUB2") == Claim("L15", (("fur", 6), ("tiger", 0), ("sub", 2)))
    assert parse_action("wish r4 fee 7") == Paid(Gold("wish", 4), ("fur", 7))
    assert parse_action("trade sub3 E2 stories") == Trade(("sub", 3), ("e2", "stories"))
    assert parse_action("trophy stay") == Trophy(None)


def test_st_r_1_resign_notation():
    """ST-R.1 (docs/stroganov.md): RESIGN is written ``resign``, any case, and nothing after it."""
    assert parse_action("resign") == Resign() == parse_action(" Resign ")
    assert Resign().notation() == "resign"
    with pytest.raises(BadNotation):
        parse_action("resign 2")


@pytest.mark.parametrize("text", ["xyz", "xyz 3", "coin 3", "claim"])
def test_st_16_unreadable_text_is_bad_action_with_words(text: str) -> None:
    """An unknown verb (or a known one with the wrong words) is ``bad_action``, answered with the
    common words, not with the fallback for codes that have none."""
    from cogs.table.rule_words import describe

    with pytest.raises(BadNotation) as info:
        GAME.parse_action(text)
    assert info.value.code == "bad_action" and info.value.params["text"] == text
    assert describe(info.value, "en").startswith("I can't read ") and text in describe(info.value, "en")
