"""Issue 47 §4, as property tests over random leagues (tests/league_play.py): of every format and
table kind, 3–64 players, withdrawals, byes, draws and games closed by hand — every pairing valid
(no repeat in a round robin, everyone once a round, withdrawn players out or forfeited, Swiss with
no avoidable repeat, second bye, third colour running or colour difference beyond ±2 — a long Swiss
may force one where no pairing avoids it), the standings and
every tie-break equal to the simple computation of tests/league_play.py, the places shared exactly
when all is equal, and the rounds the same when paired again (a restart) and after a JSON round
trip (the store). The examples are drawn the same way every run (``derandomize``), so that CI
is not red by chance; ``python -m bench --only leagues`` draws 1,000 random leagues of each kind."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.league.config import Format, LeagueConfig
from rules.league.rounds import PlayedRound, Result, Round, Table
from rules.league.schedule import next_round
from rules.league.standings import standings
from tests.league_play import League, pairing_problems, play, random_config, simple_standings, standing_problems

KINDS = [(True, Format.ROUND_ROBIN), (True, Format.SWISS), (False, Format.ROUND_ROBIN), (False, Format.SWISS)]


def _league(seed: int, count: int, two_player: bool, fmt: Format) -> League:
    rnd = random.Random(seed)
    count = max(count, 3 if two_player else 4)
    return play(random_config(rnd, two_player, fmt, count), count, rnd, seed)


def _check(league: League) -> None:
    assert pairing_problems(league) == []
    assert standing_problems(league) == []
    for pr in league.played:
        assert PlayedRound.from_json(pr.to_json()) == pr
    again = league.played[: len(league.played) // 2]
    withdrawn = {p for p, n in league.withdrew_before.items() if n <= len(again) + 1}
    assert next_round(league.config, league.players, again, withdrawn, league.seed) == league.played[len(again)].round


@pytest.mark.parametrize(("two_player", "fmt"), KINDS)
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), count=st.integers(3, 20))
def test_small_random_leagues_pair_and_rank_correctly(seed: int, count: int, two_player: bool, fmt: Format) -> None:
    _check(_league(seed, count, two_player, fmt))


@pytest.mark.slow
@pytest.mark.parametrize(("two_player", "fmt"), KINDS)
@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), count=st.integers(21, 64))
def test_large_random_leagues_pair_and_rank_correctly(seed: int, count: int, two_player: bool, fmt: Format) -> None:
    _check(_league(seed, count, two_player, fmt))


def test_the_checks_see_a_repeat_and_a_changed_result() -> None:
    """The checks can fail: a round robin with its first round played again has repeats, and
    the core's standings of a league with one result reversed differ from the simple computation
    of the league as played."""
    league = _league(3, 6, True, Format.ROUND_ROBIN)
    league.played.append(league.played[0])
    assert any("repeat" in p for p in pairing_problems(league))
    swiss = _league(5, 10, True, Format.SWISS)
    assert standing_problems(swiss) == []
    first = swiss.played[0]
    i = next(i for i, r in enumerate(first.results) if r is not None and len(r.order) == 2)
    result = first.results[i]
    assert result is not None
    reversed_ = first.with_result(i, Result(tuple(reversed(result.order))))
    changed = standings(swiss.config, swiss.players, [reversed_, *swiss.played[1:]], swiss.withdrawn)
    simple = simple_standings(swiss)
    assert any(s.points != simple[s.player][0] for s in changed)


def test_the_checks_see_an_avoidable_third_colour_in_a_row() -> None:
    """1 moved first in rounds 1 and 2 (v. 2, v. 4); round 3 can only pair 1 v. 3 and 2 v. 4, and
    3 needs no colour: giving 1 the first seat a third time is avoidable and is seen."""
    config = LeagueConfig(Format.SWISS, 2, (2,), rounds=3)

    def drawn(*tables: tuple[int, int], number: int) -> PlayedRound:
        r = Round(number, tuple(Table(t) for t in tables))
        return PlayedRound(r, tuple(Result.ranked(t) for t in tables))

    rounds = [drawn((1, 2), (3, 4), number=1), drawn((1, 4), (2, 3), number=2)]
    wrong = League(config, [1, 2, 3, 4], 0, [*rounds, drawn((1, 3), (4, 2), number=3)])
    right = League(config, [1, 2, 3, 4], 0, [*rounds, drawn((3, 1), (4, 2), number=3)])
    assert any("avoidable colour fault" in p for p in pairing_problems(wrong))
    assert pairing_problems(right) == []
