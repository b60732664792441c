"""The turn-based games' bench draws its decisions before the clock starts (``Bench.plan``): the
decisions sent are those planned, in order, each legal where it is made, and none is drawn on the
clock unless the plan was left (benches are not part of the suite; this keeps the driver honest);
the measuring process does not collect while it times; the library floor answers as the bot does."""

from __future__ import annotations

from tests.bench.run import check


def test_planned_decisions_are_sent_in_order_and_none_is_drawn_on_the_clock() -> None:
    check("planned_decisions_are_sent_in_order_and_none_is_drawn_on_the_clock")


def test_a_game_that_left_its_plan_is_drawn_on_the_clock_and_counted() -> None:
    check("a_game_that_left_its_plan_is_drawn_on_the_clock_and_counted")


def test_the_measuring_process_does_not_collect_while_it_times() -> None:
    check("the_measuring_process_does_not_collect_while_it_times")


def test_the_library_floor_answers_as_the_bot_does() -> None:
    """bench/library_floor.py's process answers ``/stratego move`` and ``/stroganov act`` as the bot
    does, or it would measure less than the bot's floor."""
    check("the_library_floor_answers_as_the_bot_does")
