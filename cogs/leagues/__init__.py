"""Leagues on Discord (issue 47): the rounds that run themselves (:mod:`~cogs.leagues.running`),
the refusals the commands word (:mod:`~cogs.leagues.errors`), and the commands and sign-up post."""
