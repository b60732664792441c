"""Issue 47 §2: the organizer's points (configurable) become the league's scoring, or a refusal
naming what is impossible; the stored format keeps them."""

from __future__ import annotations

import pytest

from rules.league.config import MAX_POINTS, Format, LeagueConfig, LeagueError, Scoring, scoring_of


def test_two_player_points_are_win_draw_loss_and_a_forfeit_gives_the_win() -> None:
    assert scoring_of([3, 1, 0], two_player=True, places=2) == Scoring(3, 1, 0, 3, 0)


def test_table_points_are_by_place_and_kept_in_the_stored_format() -> None:
    scoring = scoring_of([10, 6, 3, 0], two_player=False, places=4)
    assert scoring.placement == (10, 6, 3, 0) and scoring.forfeit_loss == 0
    config = LeagueConfig(Format.SWISS, 3, (3, 4), rounds=2, scoring=scoring)
    assert LeagueConfig.from_json(config.to_json()) == config


@pytest.mark.parametrize(
    ("points", "two_player", "code"),
    [
        ([6, 3], True, "points_count"),
        ([6, 3, 1, 0], True, "points_count"),
        ([6, 3, 0], False, "points_count"),
        ([6, 3, MAX_POINTS + 1], True, "points_range"),
        ([6, -1, 0], True, "points_range"),
        ([6, 1, 3], True, "points_order"),
        ([2, 2, 2], True, "points_order"),
        ([6, 4, 4, 5], False, "points_order"),
        ([0, 0, 0, 0], False, "points_order"),
    ],
)
def test_impossible_points_are_refused(points: list[int], two_player: bool, code: str) -> None:
    with pytest.raises(LeagueError) as refused:
        scoring_of(points, two_player=two_player, places=4)
    assert refused.value.code == code
