"""The computers' bench (issue 46 §3, bench/computers.py, bench/greedy.py): its greedy baselines
play as described, and its quick run gives every row with each deal played from every seat
(benches are not part of the suite; these keep the bench honest)."""

from __future__ import annotations

from tests.bench.run import check


def test_the_greedy_stratego_baseline_captures_what_it_surely_beats_else_advances() -> None:
    check("greedy_stratego_captures_what_it_surely_beats_else_advances")


def test_the_greedy_baselines_decide_legally_and_beat_a_random_mover() -> None:
    check("greedy_players_decide_legally_and_beat_a_random_mover")


def test_the_computers_bench_runs_quick_and_rotates_the_seats() -> None:
    check("the_computers_bench_runs_quick_and_rotates_the_seats")
