"""A league game a withdrawing player leaves (issue 47 §1): the league resigns it for them
(``LeagueRunner._forfeit_games``) with this cause, and the game's thread hears why — that the
player leaves the league, and so this game — before the resignation is shown as any other (the
game's own words: a loss, a computer playing the seat on, the game over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cogs.table.core.change import Cause, Change
from cogs.table.plan import game_locale
from cogs.table.ui import mention
from cogs.texts import t

if TYPE_CHECKING:
    import discord

    from cogs.table.core.progress import Progress
    from cogs.table.shows import Shows

STEP = "league:left"
"""The telling's step of the line (a teller that died after it does not post it again)."""


@dataclass(frozen=True, slots=True)
class LeftLeague(Cause):
    """A league game resigned for a player who withdrew from its league, or whom its organizer
    removed (the resigning seat is the change's)."""

    league: str
    """The league's name, as its posts say it."""


def line(change: Change, cause: LeftLeague) -> str:
    """The thread's word, in the game's language: who leaves the league, and so this game."""
    rec = change.record
    player = mention(rec.players[change.seat]) if change.seat is not None else ""
    return t("league_run.left_game", game_locale(rec), player=player, league=cause.league)


class LeftShown:
    """Shows a change made for :class:`LeftLeague` (registered with the table's shows)."""

    def __init__(self, shows: Shows) -> None:
        self.shows = shows

    async def __call__(
        self, change: Change, cause: LeftLeague, interaction: discord.Interaction | None, progress: Progress
    ) -> None:
        if not progress.made(STEP):
            await self.shows.transport.post(change.record, line(change, cause), nonce=progress.nonce(STEP))
            await progress.mark(STEP)
        await self.shows.as_its_kind(change, interaction, progress)
