"""The rules of the others' decision at a deadline (issue 18 §2), as pure functions: who votes,
what they may choose, majority and ties (``cogs/table/core/votes.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cogs.table.core import votes
from cogs.table.core.votes import choices, needed, tally, voters

ROOT = Path(__file__).resolve().parents[2]
A, B, C, D = 11, 12, 13, 14


# -- who votes ------------------------------------------------------------------------------------


def test_in_a_two_player_game_the_other_player_votes() -> None:
    assert voters([A, B], 0, waiting_seats=[0]) == (B,)
    assert voters([A, B], 1, waiting_seats=[1]) == (A,)


def test_the_overdue_player_never_votes() -> None:
    assert A not in voters([A, B, C], 0, waiting_seats=[0])
    assert voters([A, B, C], 0, waiting_seats=[0]) == (B, C)


def test_players_the_game_also_waits_for_do_not_vote() -> None:
    """A simultaneous decision (Stratego's setup): a player who has not made theirs cannot claim a
    win over the other."""
    assert voters([A, B], 0, waiting_seats=[0, 1]) == ()
    assert voters([A, B, C, D], 2, waiting_seats=[1, 2]) == (A, D)


def test_resigned_players_do_not_vote() -> None:
    assert voters([A, B, C], 0, waiting_seats=[0], resigned_seats=[1]) == (C,)
    assert voters([A, B, C, D], 3, waiting_seats=[3], resigned_seats=[0, 2]) == (B,)


def test_players_the_table_plays_for_do_not_vote() -> None:
    assert voters([A, B, C], 1, waiting_seats=[1], absent_seats=[2]) == (A,)


def test_a_user_counts_once_and_is_held_back_by_any_of_their_seats() -> None:
    assert voters([A, B, B], 0, waiting_seats=[0]) == (B,)
    assert voters([A, B, C, B], 0, waiting_seats=[0, 3]) == (C,)


def test_nobody_votes_in_a_solo_game() -> None:
    assert voters([A], 0, waiting_seats=[0]) == ()


# -- what they may choose -----------------------------------------------------------------------


def test_two_players_wait_or_claim_the_win() -> None:
    assert choices(2, automatic=True) == ("wait", "win")
    assert choices(2, automatic=False) == ("wait", "win")


@pytest.mark.parametrize("n", [3, 4])
def test_three_or_four_players_wait_or_play_on_where_the_game_has_an_automatic_player(n: int) -> None:
    assert choices(n, automatic=True) == ("wait", "auto")
    assert choices(n, automatic=False) == ("wait",)


def test_a_solo_game_can_only_wait() -> None:
    assert choices(1, automatic=True) == ("wait",)


# -- majority and ties ----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "need"), [(1, 1), (2, 2), (3, 2), (4, 3)])
def test_a_strict_majority_of_the_voters_decides(n: int, need: int) -> None:
    assert needed(n) == need


def test_a_single_voter_decides_alone() -> None:
    assert tally({}, [B], ("wait", "win")) is None
    assert tally({B: "win"}, [B], ("wait", "win")) == "win"
    assert tally({B: "wait"}, [B], ("wait", "win")) == "wait"


def test_two_voters_must_agree_and_a_tie_waits_once_both_voted() -> None:
    allowed = choices(3, automatic=True)
    assert tally({B: "auto"}, [B, C], allowed) is None, "one of two is no majority yet"
    assert tally({B: "auto", C: "auto"}, [B, C], allowed) == "auto"
    assert tally({B: "auto", C: "wait"}, [B, C], allowed) == "wait", "a tie with every voter voted waits"
    assert tally({B: "wait", C: "auto"}, [B, C], allowed) == "wait"


def test_three_voters_decide_by_two() -> None:
    allowed = choices(4, automatic=True)
    assert tally({B: "auto"}, [B, C, D], allowed) is None
    assert tally({B: "auto", D: "auto"}, [B, C, D], allowed) == "auto"
    assert tally({B: "wait", C: "auto"}, [B, C, D], allowed) is None, "no majority, not everyone voted"
    assert tally({B: "wait", C: "auto", D: "wait"}, [B, C, D], allowed) == "wait"


def test_votes_of_others_do_not_count() -> None:
    """A vote cast by someone who is no voter now (held back since, or the late player) counts for
    nothing, towards the majority or towards everyone having voted."""
    allowed = choices(3, automatic=True)
    assert tally({A: "auto", B: "auto"}, [B, C], allowed) is None
    assert tally({A: "auto", B: "auto", C: "wait"}, [B, C], allowed) == "wait"
    assert votes.counted({A: "auto", B: "wait"}, [B, C]) == {B: "wait"}


def test_nobody_to_decide_decides_nothing() -> None:
    assert tally({A: "win"}, [], ("wait", "win")) is None


def test_a_choice_not_allowed_decides_nothing() -> None:
    """A stale vote for a choice the game does not offer (now) never wins; with everyone voted,
    the table waits."""
    assert tally({B: "win"}, [B], ("wait", "auto")) == "wait"


# -- no Discord -----------------------------------------------------------------------------------


def test_the_votes_module_knows_no_discord_and_nothing_of_cogs_outside_the_core() -> None:
    tree = ast.parse((ROOT / "cogs" / "table" / "core" / "votes.py").read_text(encoding="utf-8"))
    imported: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.append(node.module)
    assert imported, "the check reads the imports"
    for name in imported:
        assert name.split(".")[0] != "discord", name
        assert not name.startswith("cogs") or name.startswith("cogs.table.core"), name
