"""Leagues' pure core (issue 47 §2), on small tournaments checked by hand: the scoring (6 / 3 / 1,
placement 6 / 4 / 2 / 0 scaled to 6 / 3 / 0 and 6 / 0), FIDE's Berger tables, the "done when"
leagues of the issue (a 5-player round robin with one withdrawal, a 9-player Swiss of 3 rounds with
a bye, 7 players at tables of 3 and 4) and the standings' tie-breaks and shared places."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.league.berger import berger_pairs, berger_round
from rules.league.config import ByeScore, Format, LeagueConfig, LeagueError, Scoring, Unfinished
from rules.league.points import bye_points, placement_scale, table_points
from rules.league.rounds import PlayedRound, Result, Round, Table
from rules.league.schedule import check_start, next_round, total_rounds
from rules.league.standings import TieBreak, standings
from rules.league.table_split import split_tables

TWO_RR = LeagueConfig(Format.ROUND_ROBIN, 2, (2,))
FOURS = LeagueConfig(Format.ROUND_ROBIN, 4, (3, 4))
F = Fraction


def test_config_round_trips_through_plain_json_and_keeps_its_defaults() -> None:
    swiss = LeagueConfig(
        Format.SWISS, 3, (2, 3, 4), rounds=5, scoring=Scoring(placement=(9, 5, 2, 0)), bye=ByeScore.LOSS
    )
    for config in (TWO_RR, FOURS, swiss):
        assert LeagueConfig.from_json(config.to_json()) == config
    assert TWO_RR.scoring.win == 6 and TWO_RR.scoring.draw == 3 and TWO_RR.scoring.loss == 1
    assert TWO_RR.unfinished is Unfinished.DRAW
    assert TWO_RR.bye_score is ByeScore.WIN and FOURS.bye_score is ByeScore.DRAW


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"format": Format.ROUND_ROBIN, "table_size": 5, "allowed_sizes": (3, 4)}, "bad_table_size"),
        ({"format": Format.SWISS, "table_size": 2, "allowed_sizes": (2,)}, "bad_rounds"),
        ({"format": Format.ROUND_ROBIN, "table_size": 2, "allowed_sizes": (2,), "rounds": 3}, "rounds_in_round_robin"),
        ({"format": Format.ROUND_ROBIN, "table_size": 3, "allowed_sizes": (3, 5)}, "bad_allowed_sizes"),
        (
            {
                "format": Format.ROUND_ROBIN,
                "table_size": 3,
                "allowed_sizes": (3, 4),
                "scoring": Scoring(placement=(6, 0)),
            },
            "short_placement",
        ),
    ],
)
def test_impossible_configs_are_refused_with_a_code(kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(LeagueError) as e:
        LeagueConfig(**kwargs)  # type: ignore[arg-type]
    assert e.value.code == code


def test_bad_json_is_a_league_error() -> None:
    data = TWO_RR.to_json()
    data["table_size"] = "two"
    with pytest.raises(LeagueError):
        LeagueConfig.from_json(data)


def test_placement_scales_keep_first_and_last_and_space_the_rest_evenly() -> None:
    assert placement_scale(FOURS, 4) == (6, 4, 2, 0)
    assert placement_scale(FOURS, 3) == (6, 3, 0)
    assert placement_scale(FOURS, 2) == (6, 0)
    for n in (2, 3, 4):
        assert sum(placement_scale(FOURS, n)) / n == 3  # the same average at every table size


def test_two_player_points_are_the_isf_six_three_one_and_forfeits_six_nil() -> None:
    t = Table((1, 2))
    assert table_points(TWO_RR, t, Result.ranked([1], [2])) == {1: 6, 2: 1}
    assert table_points(TWO_RR, t, Result.ranked([1, 2])) == {1: 3, 2: 3}
    assert table_points(TWO_RR, t, Result.ranked([2], forfeited=[1])) == {1: 0, 2: 6}
    assert table_points(TWO_RR, t, Result.closed_unfinished()) == {1: 3, 2: 3}
    loss = LeagueConfig(Format.ROUND_ROBIN, 2, (2,), unfinished=Unfinished.LOSS)
    assert table_points(loss, t, Result.closed_unfinished()) == {1: 1, 2: 1}
    assert bye_points(TWO_RR) == 6


def test_table_points_share_tied_places_and_forfeits_take_the_last() -> None:
    four = Table((1, 2, 3, 4))
    assert table_points(FOURS, four, Result.from_places((1, 2, 3, 4), (0, 0, 1, 2))) == {1: 5, 2: 5, 3: 2, 4: 0}
    assert table_points(FOURS, four, Result.ranked([3], [1], [2], forfeited=[4])) == {3: 6, 1: 4, 2: 2, 4: 0}
    three = Table((5, 6, 7))
    assert table_points(FOURS, three, Result.from_places((5, 6, 7), (1, 0, 1))) == {6: 6, 5: F(3, 2), 7: F(3, 2)}
    assert table_points(FOURS, three, Result.closed_unfinished()) == {5: 3, 6: 3, 7: 3}
    assert bye_points(FOURS) == 3


def test_berger_tables_are_fides_for_four_and_six() -> None:
    """FIDE Handbook C.05 Annex 1."""
    assert [berger_pairs(4, r) for r in (1, 2, 3)] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert [berger_pairs(6, r) for r in range(1, 6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def _play(
    config: LeagueConfig,
    players: list[int],
    results: list[dict[tuple[int, ...], Result]],
    withdrawn_by_round: dict[int, set[int]],
) -> list[PlayedRound]:
    """Rounds paired by the core, with the results given by table seats (forfeited tables scored
    by themselves)."""
    played: list[PlayedRound] = []
    gone: set[int] = set()
    for n, given in enumerate(results, 1):
        gone |= withdrawn_by_round.get(n, set())
        r = next_round(config, players, played, gone)
        pr = PlayedRound.paired(r)
        for i, t in enumerate(r.tables):
            if t.needs_game:
                pr = pr.with_result(i, given[t.seats])
        played.append(pr)
    return played


def test_five_player_round_robin_with_a_withdrawal_hand_checked() -> None:
    """Issue 47, "done when": a 5-player round robin played to its final standings with one
    withdrawal. Player 5 withdraws after round 2: his two later games are forfeit wins for 4 and
    1, and his round-4 bye is nobody's. Points by hand (6/3/1, forfeit 6/0, bye 6):
    1: bye, W, L, W, forfeit W = 25; 2: W, L, bye, D, L = 17; 3: D, L, W, D, bye = 19;
    4: D, bye, forfeit W, L, W = 22; 5: L, W, forfeit L, –, forfeit L = 7."""
    win = Result.ranked
    results: list[dict[tuple[int, ...], Result]] = [
        {(2, 5): win([2], [5]), (3, 4): win([3, 4])},
        {(5, 3): win([5], [3]), (1, 2): win([1], [2])},
        {(3, 1): win([3], [1])},
        {(1, 4): win([1], [4]), (2, 3): win([2, 3])},
        {(4, 2): win([4], [2])},
    ]
    played = _play(TWO_RR, [1, 2, 3, 4, 5], results, {3: {5}})
    assert [pr.round.byes for pr in played] == [(1,), (4,), (2,), (), (3,)]
    assert played[2].round.tables[-1] == Table((4, 5), frozenset({5}))
    table = standings(TWO_RR, [1, 2, 3, 4, 5], played, {5})
    assert [(s.player, s.points, s.place) for s in table] == [(1, 25, 1), (4, 22, 2), (3, 19, 3), (2, 17, 4), (5, 7, 5)]
    first, last = table[0], table[-1]
    # 1's entries: bye (virtual 25, won), 2 (17, won), 3 (19, lost), 4 (22, won), forfeit win (25).
    assert first.tie_break(TieBreak.BUCHHOLZ) == 25 + 17 + 19 + 22 + 25
    assert first.tie_break(TieBreak.MEDIAN_BUCHHOLZ) == 19 + 22 + 25
    assert first.tie_break(TieBreak.SONNEBORN_BERGER) == 25 + 17 + 22 + 25
    assert first.tie_break(TieBreak.DIRECT_ENCOUNTER) == 0
    # 5's: 2 (17, lost), 3 (19, won), two forfeit losses (virtual 7 each).
    assert last.tie_break(TieBreak.BUCHHOLZ) == 17 + 19 + 7 + 7 and last.tie_break(TieBreak.SONNEBORN_BERGER) == 19
    assert last.withdrawn and last.played == 2 and not first.shared


def test_nine_player_swiss_of_three_rounds_with_a_bye() -> None:
    """Issue 47, "done when": a 9-player Swiss of 3 rounds with a bye. Round 1 is Dutch's textbook
    (top half against bottom half, colours alternating, the bye to the last); with the higher seed
    winning every game, round 2 gives the bye to the lowest of the lowest group (8: 9 had one),
    pairs the leaders 1 v. 4 and 2 v. 3 (the transposition that grants every colour preference) and
    floats 9 down; nobody meets twice and nobody has two byes."""
    config = LeagueConfig(Format.SWISS, 2, (2,), rounds=3)
    players = list(range(1, 10))
    played: list[PlayedRound] = []
    for _ in range(total_rounds(config, 9)):
        r = next_round(config, players, played)
        pr = PlayedRound.paired(r)
        for i, t in enumerate(r.tables):
            pr = pr.with_result(i, Result.ranked([min(t.seats)], [max(t.seats)]))
        played.append(pr)
    r1, r2, r3 = (pr.round for pr in played)
    assert [t.seats for t in r1.tables] == [(1, 5), (6, 2), (3, 7), (8, 4)] and r1.byes == (9,)
    assert r2.byes == (8,) and {frozenset(t.seats) for t in r2.tables} >= {frozenset({1, 4}), frozenset({2, 3})}
    assert [t.seats for t in r2.tables][:2] == [(4, 1), (2, 3)]
    assert r3.byes == (7,)
    pairs = [frozenset(t.seats) for pr in played for t in pr.round.tables]
    assert len(pairs) == len(set(pairs))
    table = standings(config, players, played)
    assert table[0].player == 1 and table[0].points == 18 and not table[0].shared


def test_seven_players_at_tables_of_three_and_four() -> None:
    """Issue 47, "done when": a league of 7 at tables of 3 and 4 (a game of 3–4): every round one
    table of 4 and one of 3, scored 6/4/2/0 and 6/3/0; three rounds (⌈6 / 2⌉); nobody first seat
    twice before everyone had it once."""
    config = LeagueConfig(Format.ROUND_ROBIN, 3, (3, 4))
    assert split_tables(7, 3, (3, 4)) == ((4, 3), 0) and total_rounds(config, 7) == 3
    players = [11, 12, 13, 14, 15, 16, 17]
    played: list[PlayedRound] = []
    for _ in range(3):
        r = next_round(config, players, played, seed=47)
        assert sorted(len(t.seats) for t in r.tables) == [3, 4] and not r.byes
        pr = PlayedRound.paired(r)
        for i, t in enumerate(r.tables):
            pr = pr.with_result(i, Result.ranked(*[[p] for p in t.seats]))  # seats finish in seat order
        played.append(pr)
    firsts = [pr.round.tables[i].seats[0] for pr in played for i in range(2)]
    assert len(set(firsts)) == 6
    table = standings(config, players, played)
    by_hand = {p: F(0) for p in players}
    for pr in played:
        for t in pr.round.tables:
            for place, p in enumerate(t.seats):
                by_hand[p] += ((6, 4, 2, 0) if len(t.seats) == 4 else (6, 3, 0))[place]
    assert {s.player: s.points for s in table} == by_hand


def test_tables_split_without_byes_where_they_can() -> None:
    assert split_tables(7, 4, (3, 4)) == ((4, 3), 0)
    assert split_tables(5, 4, (3, 4)) == ((4,), 1)
    assert split_tables(5, 4, (2, 3, 4)) == ((3, 2), 0)
    assert split_tables(64, 3, (3, 4)) == ((4,) + (3,) * 20, 0)
    with pytest.raises(LeagueError):
        split_tables(2, 3, (3, 4))


def test_starting_needs_three_players_or_two_tables_and_no_more_swiss_rounds_than_opponents() -> None:
    check_start(TWO_RR, 3)
    with pytest.raises(LeagueError):
        check_start(TWO_RR, 2)
    with pytest.raises(LeagueError):
        check_start(LeagueConfig(Format.SWISS, 2, (2,), rounds=5), 4)
    check_start(FOURS, 6)
    with pytest.raises(LeagueError):
        check_start(FOURS, 5)


def test_everything_equal_is_a_shared_place_shown() -> None:
    """Four players, every game of the round robin drawn: all share places 1–4."""
    players = [1, 2, 3, 4]
    played = []
    for n in (1, 2, 3):
        r = berger_round(players, n)
        played.append(PlayedRound(r, tuple(Result.ranked(t.seats) for t in r.tables)))
    table = standings(TWO_RR, players, played)
    assert {(s.place, s.place_to) for s in table} == {(1, 4)} and all(s.shared for s in table)
    assert [s.player for s in table] == players


def test_a_circle_of_wins_is_level_on_everything_and_shares_first_place() -> None:
    """A three-player round robin: 1 beats 2, 2 beats 3, 3 beats 1, byes score a win: 6 + 6 + 1 =
    13 each; direct encounter among the tied is each one's win and loss, 6 + 1 = 7; all share 1–3."""
    players = [1, 2, 3]
    wins = {frozenset({1, 2}): 1, frozenset({2, 3}): 2, frozenset({1, 3}): 3}
    played = []
    for n in (1, 2, 3):
        r = berger_round(players, n)
        results = tuple(
            Result.ranked([w], [p for p in t.seats if p != w]) for t in r.tables for w in [wins[frozenset(t.seats)]]
        )
        played.append(PlayedRound(r, results))
    table = standings(TWO_RR, players, played)
    assert all(s.points == 13 and s.tie_break(TieBreak.DIRECT_ENCOUNTER) == 7 for s in table)
    assert all(s.place == 1 and s.place_to == 3 for s in table)


def test_rounds_and_results_round_trip_through_json() -> None:
    r = Round(3, (Table((5, 6), frozenset({6})), Table((7, 8, 9))), (4,))
    pr = PlayedRound(r, (r.tables[0].forfeit_result(), Result.from_places((7, 8, 9), (1, 0, 1))))
    assert PlayedRound.from_json(pr.to_json()) == pr
    assert PlayedRound.from_json(PlayedRound.paired(r).to_json()) == PlayedRound.paired(r)
    with pytest.raises(LeagueError):
        PlayedRound(r, (Result.ranked([5], [7]), None))


def test_swiss_tables_take_the_fewest_repeats_then_keep_score_groups_together() -> None:
    """Eight players at tables of four: after round 1 (1–4 and 5–8, finishing in seat order:
    6, 4, 2, 0 points) every table of round 2 must repeat a meeting; the fewest repeats are two
    from each old table, and of those the score groups stay together: 1, 2, 5, 6 and 3, 4, 7, 8."""
    config = LeagueConfig(Format.SWISS, 4, (3, 4), rounds=2)
    players = list(range(1, 9))
    r1 = next_round(config, players, [])
    assert [set(t.seats) for t in r1.tables] == [{1, 2, 3, 4}, {5, 6, 7, 8}]
    order = {p: p for p in players}
    played = [PlayedRound(r1, tuple(Result.ranked(*[[p] for p in sorted(t.seats, key=order.get)]) for t in r1.tables))]
    r2 = next_round(config, players, played)
    assert [set(t.seats) for t in r2.tables] == [{1, 2, 5, 6}, {3, 4, 7, 8}]


def test_nine_players_at_tables_of_three_meet_everyone_exactly_once() -> None:
    """A round robin of 9 at tables of 3 has ⌈8 / 2⌉ = 4 rounds, and a schedule where every two
    players meet exactly once exists; the seeded search finds it (league seed 5), and the first seat
    goes to a different player at each of the 12 tables."""
    config = LeagueConfig(Format.ROUND_ROBIN, 3, (3, 4))
    players = list(range(1, 10))
    played: list[PlayedRound] = []
    for _ in range(total_rounds(config, 9)):
        r = next_round(config, players, played, seed=5)
        played.append(PlayedRound(r, tuple(Result.ranked(t.seats) for t in r.tables)))
    pairs = [frozenset((a, b)) for pr in played for t in pr.round.tables for a in t.seats for b in t.seats if a < b]
    assert len(pairs) == 36 == len(set(pairs))
    firsts = [t.seats[0] for pr in played for t in pr.round.tables]
    assert len(firsts) == 12 and len(set(firsts)) == 9
