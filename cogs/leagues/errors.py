"""What the league runner refuses (issue 47 §3: "bad input gets a clear private answer and changes
nothing"): each refusal carries a words key and its parameters, which the commands turn into the
reader's language (``cogs/texts/*/league_rounds.py``). Nothing was changed when one is raised."""

from __future__ import annotations


class LeagueRefusal(Exception):
    """A league operation refused; ``key`` is the words key, ``params`` its values (numbers and
    plain strings, never ids shown to people)."""

    key = "league_run.refused"

    def __init__(self, **params: int | str) -> None:
        super().__init__(self.key, params)
        self.params = params


class NoSuchLeague(LeagueRefusal):
    """No league of this id (or not in this server: the caller checks the guild)."""

    key = "league_run.refused.no_league"


class NotInSignup(LeagueRefusal):
    """Starting a league that has started, finished or was cancelled."""

    key = "league_run.refused.not_signup"


class CannotStart(LeagueRefusal):
    """The players signed up cannot start this league (``reason``: the core's code, e.g. too few
    players: ``count`` and ``least``; a Swiss of more rounds than a round robin: ``rounds``, ``most``).
    The key is ``league_run.refused.start.<reason>``."""

    def __init__(self, reason: str, **params: int | str) -> None:
        self.key = f"league_run.refused.start.{reason}"
        super().__init__(**params)
        self.reason = reason


class NotRunning(LeagueRefusal):
    """Withdrawing from or closing a round of a league that is not running."""

    key = "league_run.refused.not_running"


class NotAPlayer(LeagueRefusal):
    """Withdrawing a user who never joined the league."""

    key = "league_run.refused.not_player"


class AlreadyWithdrawn(LeagueRefusal):
    """Withdrawing a player who has withdrawn already."""

    key = "league_run.refused.withdrawn"


class RoundNotDue(LeagueRefusal):
    """Closing a round by hand before its deadline (``deadline``: Unix seconds, for a Discord
    timestamp)."""

    key = "league_run.refused.not_due"


class RoundStillOpening(LeagueRefusal):
    """Closing a round whose games are still being made."""

    key = "league_run.refused.opening"


class Busy(LeagueRefusal):
    """The league changed while this was being done (someone else did something at the same
    moment): nothing was changed, try again."""

    key = "league_run.refused.busy"
