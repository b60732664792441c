"""The league's posts told (issue 47 §3), each as a game's change is told (issue 18 §3): what of
the post is left is told piece by piece (:class:`~cogs.leagues.posts.PostProgress`: each piece
written down as made, sent with its nonce), then the post is marked told in the store — never
before, so a process killed part way leaves it untold for the next one to finish. The runner
calls these under the league's lock, in the league's order of posts; the one process serving the
league's server tells it. Knows no Discord: the telling (:class:`LeagueTelling`) sends."""

from __future__ import annotations

from collections.abc import Callable

from cogs.leagues import posts
from cogs.leagues.posts import PostProgress
from cogs.leagues.view import LeagueTelling, LeagueView, league_view
from db.base import Store
from db.league_records import League, LeagueRound


class Announcer:
    """``runner.posts``: the league's posts told, then marked told (``telling`` None: only marked,
    as in tests of the deciding alone)."""

    def __init__(self, store: Callable[[], Store], telling: Callable[[], LeagueTelling | None]) -> None:
        self._store = store
        self._telling = telling

    @property
    def store(self) -> Store:
        return self._store()

    async def pairings(self, league: League, round_no: int) -> None:
        """The round's pairings (with each player's DM, and the sign-up post closed after round 1)."""
        telling = self._telling()
        if telling is not None:
            progress = await PostProgress.of(self.store, league.id, posts.pairings(round_no))
            await telling.pairings(await league_view(self.store, league), round_no, progress)
        await self.store.leagues.mark_announced(league.id, round_no)

    async def results(self, view: LeagueView, round_no: int, last: bool) -> None:
        """The round's results and standings; after the ``last`` round, the league's final post."""
        league_id = view.league.id
        telling = self._telling()
        if telling is not None:
            progress = await PostProgress.of(self.store, league_id, posts.results(round_no))
            if last:
                await telling.finished(view, progress)
            else:
                await telling.round_over(view, round_no, progress)
        await self.store.leagues.mark_announced(league_id, round_no, results=True)

    async def withdrawals(self, league: League) -> None:
        """Each withdrawal not yet told, in the order they came."""
        untold = await self.store.leagues.withdrawals_untold(league.id)
        telling = self._telling()
        view = await league_view(self.store, league) if untold and telling is not None else None
        for player in untold:
            if telling is not None and view is not None:
                progress = await PostProgress.of(self.store, league.id, posts.withdrew(player.user_id))
                by_user = player.user_id if player.withdrawn_by is None else player.withdrawn_by
                await telling.withdrew(view, player.user_id, by_user, progress)
            await self.store.leagues.mark_withdrawal_told(league.id, player.user_id)

    async def due(self, due: LeagueRound) -> None:
        """A round past its deadline and still open (its games not all ended): the organizer is
        told once that they may close it (issue 47 §1)."""
        league = await self.store.leagues.get(due.league_id)
        if league.status != "running" or league.current_round != due.round_no:
            return
        current = await self.store.leagues.get_round(due.league_id, due.round_no)
        if current.status != "open" or current.due_told_at is not None:
            return
        tables = await self.store.leagues.tables(due.league_id, due.round_no)
        unfinished = sum(1 for t in tables if not t.bye and t.result is None)
        if not unfinished:
            return
        telling = self._telling()
        if telling is not None:
            progress = await PostProgress.of(self.store, league.id, posts.due(due.round_no))
            await telling.round_due(await league_view(self.store, league), due.round_no, unfinished, progress)
        await self.store.leagues.mark_announced(due.league_id, due.round_no, due=True)
