"""Why a league game ended when the league ended it (issue 47 §1), told in the game's thread in
the game's language before the change is shown as any other:

* :class:`LeftLeague` — a withdrawing (or removed) player's game, resigned for them
  (``LeagueRunner._forfeit_games``): the player leaves the league, and so this game; then the
  resignation as the game tells it (a loss, a computer playing the seat on, the game over);
* :class:`LeagueClosed` — the organizer closed the round at its deadline
  (``LeagueRunner._close_unfinished``): the game ends here and counts as the league's rule for
  unfinished games says (a cancelled game says nothing more; its thread closes).

Each line is one step of the telling, with its nonce: a teller that died after it does not post it
again; a change the catch-up finds is shown without its cause (as every cause's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from cogs.table.core.change import Cause, Change
from cogs.table.plan import game_locale
from cogs.table.ui import mention
from cogs.texts import t

if TYPE_CHECKING:
    import discord

    from cogs.table.core.progress import Progress
    from cogs.table.shows import Shows


@dataclass(frozen=True, slots=True)
class LeftLeague(Cause):
    """A league game resigned for a player who withdrew from its league, or whom its organizer
    removed (the resigning seat is the change's)."""

    league: str
    """The league's name, as its posts say it."""


@dataclass(frozen=True, slots=True)
class LeagueClosed(Cause):
    """A league game ended because the organizer closed its round at the deadline."""

    league: str
    """The league's name, as its posts say it."""
    round_no: int
    unfinished: str
    """How the league scores it (:class:`rules.league.config.Unfinished`'s value)."""


def left_line(change: Change, cause: LeftLeague) -> str:
    """Who leaves the league, and so this game."""
    rec = change.record
    player = mention(rec.players[change.seat]) if change.seat is not None else ""
    return t("league_run.left_game", game_locale(rec), player=player, league=cause.league)


def closed_line(change: Change, cause: LeagueClosed) -> str:
    """Who closed which round, and how this unfinished game counts."""
    rec = change.record
    return t(
        f"league_run.closed_game.{cause.unfinished}",
        game_locale(rec),
        organizer=mention(change.by_user) if change.by_user is not None else "",
        round=cause.round_no,
        league=cause.league,
    )


C = TypeVar("C", bound=Cause)


class LineFirst(Generic[C]):
    """Shows a change made for a cause of ``C``: ``line`` in the game's thread once (step ``step``),
    then the change as its kind is shown (registered with the table's shows)."""

    def __init__(self, shows: Shows, step: str, line: Callable[[Change, C], str]) -> None:
        self.shows = shows
        self.step = step
        self.line = line

    async def __call__(
        self, change: Change, cause: C, interaction: discord.Interaction | None, progress: Progress
    ) -> None:
        if not progress.made(self.step):
            await self.shows.transport.post(change.record, self.line(change, cause), nonce=progress.nonce(self.step))
            await progress.mark(self.step)
        await self.shows.as_its_kind(change, interaction, progress)


def register(shows: Shows) -> None:
    """The league's causes shown by the table's shows."""
    shows.on(LeftLeague, LineFirst(shows, "league:left", left_line))
    shows.on(LeagueClosed, LineFirst(shows, "league:closed", closed_line))
