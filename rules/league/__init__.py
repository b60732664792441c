"""Leagues' pure core (issue 47, DESIGN §9): a season's configuration, its pairings round by
round and its standings with tie-breaks — pure, deterministic functions of plain values, with no
Discord, no store and no clock. Players are opaque integers (user ids) given in seed order
(the order the league lists them: sign-up or rating); nothing here names a game: a game's allowed
table sizes are passed in.

Modules: :mod:`~rules.league.config` (the league's format and scoring), :mod:`~rules.league.rounds`
(tables, rounds and results as data), :mod:`~rules.league.points` (points from one result),
:mod:`~rules.league.history` (what earlier rounds say: meetings, colours, byes, points),
:mod:`~rules.league.berger` (two-player round robin), :mod:`~rules.league.dutch` (two-player Swiss),
:mod:`~rules.league.table_split` and :mod:`~rules.league.multi_tables` (tables of three or four),
:mod:`~rules.league.schedule` (the next round of any league) and :mod:`~rules.league.standings`.
"""
