"""Ratings and leaderboards through the real client and the local Discord (issue 20 §1): a
two-player game ended by a resignation, a four-player game of every registered game seating four
ended by resignations, a win on time, the leaderboard's pages, ``/game stats`` in English and Czech
with its chart, the pace beside each player in a lobby, and a game's ending told twice rated once.
The game of two is Stratego's (its setups and its challenge)."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pytest
from PIL import Image

from cogs import games
from cogs.table.core.change import Change
from db.ratings import Rating
from rules.protocol import Ending, Outcome
from tests import kinds
from tests.e2e.harness import Table, table
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up
from tests.fakediscord import Thread, User

LINE = re.compile(r"^(\d+)\. <@(\d+)> — \*\*(\d+)\*\*", re.M)
FOUR = [k.name for k in kinds.bot_kinds() if k.engine.min_players <= 4 <= k.engine.max_players]
"""The bot's games of four players, each started from a lobby (Shitenno, Stroganov)."""


def board(text: str) -> list[tuple[int, int, int]]:
    """(place, player, rating) of each line of a leaderboard."""
    return [(int(a), int(b), int(c)) for a, b, c in LINE.findall(text)]


async def ratings_of(t: Table, kind: str) -> dict[int, Rating]:
    assert t.bot is not None
    stored = await t.bot.store.ratings.stored()
    return {user: r for (guild, k, user), r in stored.items() if guild == t.guild.id and k == kind}


async def stored_game(t: Table, players: list[int], outcome: Outcome, guild: int | None = None) -> None:
    """A Stratego game made and ended in the store directly (told, so nothing is left to tell), rated."""
    assert t.bot is not None
    store = t.bot.store
    rec = await store.games.create("stratego", players, {}, 1, guild or t.guild.id, t.channel.id, players[0])
    done = await store.games.finish(rec.id, outcome)
    await store.outbox.told(rec.id, done.version)
    await store.ratings.rate(rec.id)


async def ended(t: Table, thread: Thread) -> None:
    """The game-over post, then the thread closed — which comes after the listeners (the ratings)."""
    await thread.wait_for_message(lambda m: "Game over" in m.content or "ran out of time" in m.content)
    await t.fake.wait_for(lambda: thread.archived, "the thread closed")  # type: ignore[attr-defined]


async def resign(t: Table, user: User, thread: object, game: int, title: str) -> None:
    confirm = await t.slash(user, thread, "game resign")
    await t.click(user, confirm, f"Resign #{game} {title}")


async def test_a_resignation_rates_both_players_once(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        await resign(t, blue, thread, game, "Stratego")
        await ended(t, thread)
        rated = await ratings_of(t, "stratego")
        assert rated[red.id].wins == 1 and rated[blue.id].losses == 1 and rated[red.id].games == 1
        assert rated[red.id].mu > rated[blue.id].mu
        assert t.bot is not None
        # told twice (a catch-up after a crash tells it again), and a restart's sweep: rated once
        rec = await t.bot.store.games.get(game)
        await t.bot.table.teller.follow(await t.bot.table.teller.listeners.changed(Change.of_record("finish", rec)))
        await t.restart()
        assert await ratings_of(t, "stratego") == rated
        assert await t.bot.store.ratings.stored() == await t.bot.store.ratings.recompute()
        top = await t.slash(t.carol, t.channel, "game top", name="stratego")
        assert top.ephemeral and "Stratego" in top.content
        assert [(p, u) for p, u, _ in board(top.content)] == [(1, red.id), (2, blue.id)]
        assert top.content.count("_provisional_") == 2, "fewer than 5 games"
        assert str(t.alice.id) not in top.content.replace(f"<@{t.alice.id}>", ""), "no raw id"
        other = FOUR[0]  # a game nobody finished here
        empty = await t.slash(t.carol, t.channel, "game top", name=other)
        assert f"Nobody has finished a rated game of **{games.ui(other).title('en')}**" in empty.content
        t.fake.assert_clean()


@pytest.mark.parametrize("kind", FOUR)
async def test_a_four_player_game_ended_by_resignations(tmp_path: Path, kind: str) -> None:
    """A game of four: three resign one after another, the last one left wins; everyone is
    rated, the winner above the three who resigned."""
    async with table(tmp_path) as t:
        seated = t.seated(4)
        game, thread, _ = await t.lobby_game(kind, seated)
        for user in seated[1:]:
            await resign(t, user, thread, game, games.ui(kind).title("en"))
        await ended(t, thread)
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        assert rec.status == "finished" and rec.outcome is not None and rec.outcome.winners == (0,)
        rated = await ratings_of(t, kind)
        assert set(rated) == {u.id for u in seated} and all(r.games == 1 for r in rated.values())
        winner = rated[seated[0].id]
        assert winner.wins == 1 and all(winner.mu > rated[u.id].mu for u in seated[1:])
        top = await t.slash(t.alice, t.channel, "game top", name=kind)
        lines = board(top.content)
        assert len(lines) == 4 and lines[0][1] == seated[0].id
        t.fake.assert_clean()


async def test_a_win_on_time_is_a_loss_on_time_for_the_late_player(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        _, thread, red, blue = await t.challenge(t.alice, t.bob, pace="1d")
        t.secrets.append(RED_SCOUT_A4)
        draft = await t.slash(red, thread, "stratego setup", code=RED_SCOUT_A4)
        await t.click(red, draft, "Ready")
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
        await t.click(red, out, "Claim the win")
        await thread.wait_for_message(lambda m: "ran out of time" in m.content and "won" in m.content)
        await ended(t, thread)
        rated = await ratings_of(t, "stratego")
        assert rated[red.id].wins == 1 and rated[blue.id].losses == 1
        late = await t.slash(blue, t.channel, "game stats")
        assert "lost 1" in late.content and "0 % without timeout" in late.content, late.content
        assert "rating **" in late.content and "(provisional)" in late.content
        punctual = await t.slash(red, t.channel, "game stats")
        assert "won 1" in punctual.content and "100 % without timeout" in punctual.content
        assert "moves in ~" in punctual.content, "Red's setup was timed from the start"
        t.fake.assert_clean()


async def test_the_leaderboard_pages_like_the_list(tmp_path: Path) -> None:
    """Twelve players of this server and one of another (games made in the store): ten a page,
    the page line names the next, a page past the end shows the last; another server's
    players never appear."""
    async with table(tmp_path) as t:
        people = [900_000 + n for n in range(12)]
        for n, (a, b) in enumerate(itertools.pairwise(people)):
            for _ in range(n % 3 + 1):
                await stored_game(t, [a, b], Outcome((0,), Ending.RESIGNED))
                t.clock.advance(60)
        await stored_game(t, [800_001, 800_002], Outcome((0,), Ending.RESIGNED), guild=555)
        first = await t.slash(t.alice, t.channel, "game top", name="stratego")
        one = board(first.content)
        assert [p for p, _, _ in one] == list(range(1, 11))
        assert [r for _, _, r in one] == sorted((r for _, _, r in one), reverse=True), "best first"
        assert "Page 1 of 2: `/game top name:stratego page:2`" in first.content
        second = await t.slash(t.alice, t.channel, "game top", name="stratego", page=2)
        two = board(second.content)
        assert [p for p, _, _ in two] == [11, 12] and "Page 2 of 2" in second.content
        assert {u for _, u, _ in one + two} == set(people)
        past = await t.slash(t.alice, t.channel, "game top", name="stratego", page=50)
        assert "Page 2 of 2" in past.content and board(past.content) == two
        assert "800001" not in first.content + second.content and "800002" not in first.content + second.content
        t.fake.assert_clean()


async def test_stats_in_english_and_czech_with_the_trend_chart(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        for n in range(6):
            outcome = Outcome((), Ending.AGREED_DRAW, draw=True) if n == 5 else Outcome((n % 2,), Ending.NORMAL)
            await stored_game(t, [t.alice.id, t.bob.id], outcome)
            t.clock.advance(hours=3)
        english = await t.slash(t.alice, t.channel, "game stats", user=t.bob)
        assert english.ephemeral and f"<@{t.bob.id}>" in english.content
        assert "**Stratego**: played 6 · won 2 · lost 3 · drawn 1" in english.content, english.content
        assert "after 6 rated games" in english.content and "provisional" not in english.content
        (chart,) = english.attachments
        image = Image.open(io.BytesIO(chart.data))
        assert image.format == "PNG" and image.width == 600
        t.bob.locale = "cs"
        czech = await t.slash(t.bob, t.channel, "game stats")
        assert "**Stratego**: odehráno 6 · výhry 2 · prohry 3 · remízy 1" in czech.content, czech.content
        assert "hodnocení **" in czech.content and "po 6 hodnocených hrách" in czech.content
        assert len(czech.attachments) == 1 and czech.attachments[0].data != chart.data, "the chart's words are Czech"
        nobody = await t.slash(t.alice, t.channel, "game stats", user=t.carol)
        assert "has no finished game in this server yet" in nobody.content and not nobody.attachments
        top = await t.slash(t.bob, t.channel, "game top", name="stratego")
        assert "nejlepší hráči tohoto serveru" in top.content
        t.fake.assert_clean()


async def test_a_lobby_shows_each_players_pace(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        t.clock.advance(hours=2)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        await resign(t, blue, thread, game, "Stratego")
        await ended(t, thread)
        lobby = await t.slash(t.alice, t.channel, f"{FOUR[0]} new")  # a lobby of a game of four
        assert f"<@{t.alice.id}> (moves in ~2 h, 100 % without timeout)" in lobby.content, lobby.content
        await t.click(t.carol, lobby, "Join")
        assert f"<@{t.carol.id}> (new)" in lobby.content, lobby.content
        await t.click(t.bob, lobby, "Join")
        assert f"<@{t.bob.id}> (moves in ~2 h, 100 % without timeout)" in lobby.content, lobby.content
        t.fake.assert_clean()
