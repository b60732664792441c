"""Issue 47 §1, §3 through the real client and the local Discord: an organizer creates a league
(in English and in Czech), players join and leave by the sign-up post's buttons, which survive a
restart; bad input — a league in a DM, a non-organizer managing, joining twice, a full league,
impossible sizes or options — gets a clear private answer and changes nothing; the server's league
role lets its members manage; standings, pairings and info show a league whose results are in the
store, by names, never ids, within Discord's limits."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from PIL import Image

from rules.league.config import Format, LeagueConfig
from tests.e2e.harness import Table, table
from tests.e2e.league_play import idle, member, signed_up
from tests.fakediscord import FakeDiscordError, Message

KIND = "stratego"
"""A two-player league's game; the tables league plays the tests' toy game (2–4 players)."""
TOY = "count"


async def signup(t: Table, user: object, **options: object) -> Message:
    post = await t.slash(user, t.channel, "league new", **options)  # type: ignore[arg-type]
    assert not post.ephemeral, post.content
    return post


async def league_count(t: Table) -> int:
    assert t.bot is not None
    return len(await t.bot.store.leagues.find(t.guild.id))


async def test_an_organizer_creates_a_league_and_players_join_and_leave_by_its_buttons(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        post = await signup(t, t.mod, name="Winter cup", game=KIND, format="swiss", rounds=3, options="army=barrage")
        assert "Winter cup" in post.content and "Swiss system, 3 rounds" in post.content
        assert "Barrage" in post.content or "barrage" in post.content
        assert "win 6, draw 3, loss 1" in post.content, "the scoring is shown in advance"
        assert "counts as a draw" in post.content, "and the rule for unfinished games"
        assert "Buchholz" in post.content and "nobody yet" in post.content
        assert {b.label for b in post.buttons} == {"Join", "Leave"}

        for user in (t.alice, t.bob):
            await t.click(user, post, "Join")
        await t.fake.wait_for(lambda: f"<@{t.bob.id}>" in post.content, "the post to list bob")
        assert f"<@{t.alice.id}>" in post.content and "Signed up (2)" in post.content
        assert not post.pinged, "the list pings nobody"

        twice = await t.click(t.alice, post, "Join")
        assert twice.ephemeral and "already" in twice.content
        left = await t.click(t.bob, post, "Leave")
        assert not left.ephemeral or "off" in left.content
        await t.fake.wait_for(lambda: f"<@{t.bob.id}>" not in post.content, "the post to drop bob")
        not_in = await t.click(t.bob, post, "Leave")
        assert not_in.ephemeral and "not signed up" in not_in.content

        await t.restart()
        await t.click(t.carol, post, "Join")
        await t.fake.wait_for(lambda: f"<@{t.carol.id}>" in post.content, "a button pressed after a restart")
        assert t.bot is not None
        (league,) = await t.bot.store.leagues.find(t.guild.id)
        assert [p.user_id for p in await t.bot.store.leagues.players(league.id)] == [t.alice.id, t.carol.id]
        assert league.options["army"] == "barrage" and league.kind == KIND
        config = LeagueConfig.from_json(league.format)
        assert config.format is Format.SWISS and config.rounds == 3 and config.table_size == 2
        t.fake.assert_clean()


async def test_a_czech_organizer_gets_a_czech_post_and_czech_refusals(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.mod.locale = "cs"
        t.guild.preferred_locale = "cs"
        post = await signup(t, t.mod, name="Zimní liga", game=KIND)
        assert "liga ve hře" in post.content and "každý s každým" in post.content
        assert "výhra 6, remíza 3, prohra 1" in post.content
        assert {b.label for b in post.buttons} == {"Přihlásit se", "Odhlásit se"}
        t.alice.locale = "cs"
        await t.click(t.alice, post, "Přihlásit se")
        twice = await t.click(t.alice, post, "Přihlásit se")
        assert twice.ephemeral and "už přihlášen" in twice.content
        wrong = await t.slash(t.mod, t.channel, "league new", name="X", game=KIND, format="swiss")
        assert wrong.ephemeral and "počet kol" in wrong.content
        t.fake.assert_clean()


async def test_bad_input_is_refused_privately_and_changes_nothing(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        refusals = {
            "a player who may not manage": (t.alice, {"name": "Mine", "game": KIND}, "Manage Server"),
            "a Swiss without rounds": (t.mod, {"name": "S", "game": KIND, "format": "swiss"}, "number of rounds"),
            "rounds in a round robin": (t.mod, {"name": "R", "game": KIND, "rounds": 3}, "leave out"),
            "a table the game cannot seat": (t.mod, {"name": "T", "game": KIND, "players_per_game": 4}, "not possible"),
            "an unknown game": (t.mod, {"name": "U", "game": "chess"}, "don't know a game"),
            "an unknown option": (t.mod, {"name": "O", "game": KIND, "options": "speed=fast"}, "has no option"),
            "an option's wrong value": (t.mod, {"name": "V", "game": KIND, "options": "army=huge"}, "barrage army"),
            "a word of no option": (t.mod, {"name": "W", "game": KIND, "options": "quick"}, "You can choose"),
            "a limit too small": (t.mod, {"name": "L", "game": KIND, "limit": 2}, "at least 3"),
            "a start in the past": (t.mod, {"name": "D", "game": KIND, "start": "2001-01-01"}, "has passed"),
            "no date": (t.mod, {"name": "D", "game": KIND, "start": "soon"}, "not a date"),
            "tables of too few": (t.mod, {"name": "C", "game": TOY, "players_per_game": 3, "limit": 4}, "at least 5"),
        }
        for what, (user, options, words) in refusals.items():
            answer = await t.slash(user, t.channel, "league new", **options)
            assert answer.ephemeral and words in answer.content, (what, answer.content)
        assert await league_count(t) == 0

        post = await signup(t, t.mod, name="Small", game=KIND, limit=3)
        for user in t.seated(3):
            await t.click(user, post, "Join")
        t.seated(4)
        full = await t.click(t.extra[-1], post, "Join")
        assert full.ephemeral and "full" in full.content
        early = await t.slash(t.alice, t.channel, "league start")
        assert early.ephemeral and "Only members with Manage Server" in early.content
        removing = await t.slash(t.alice, t.channel, "league remove", player=t.bob)
        assert removing.ephemeral and "Only members" in removing.content
        no_round = await t.slash(t.alice, t.channel, "league pairings")
        assert no_round.ephemeral and "no pairings yet" in no_round.content
        assert t.bot is not None
        (league,) = await t.bot.store.leagues.find(t.guild.id)
        assert league.status == "signup" and len(await t.bot.store.leagues.players(league.id)) == 3

        removed = await t.slash(t.mod, t.channel, "league remove", player=t.bob)
        assert removed.ephemeral and "is off" in removed.content
        await t.fake.wait_for(lambda: f"<@{t.bob.id}>" not in post.content, "the post to drop bob")
        left = await t.slash(t.alice, t.channel, "league leave")
        assert left.ephemeral and "off the sign-up" in left.content
        await t.fake.wait_for(lambda: "Signed up (1 of 3)" in post.content, "the post to drop alice")
        assert [p.user_id for p in await t.bot.store.leagues.players(league.id)] == [t.carol.id]
        t.fake.assert_clean()


async def test_the_servers_league_role_lets_its_members_manage_and_only_manage_server_sets_it(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        role = t.guild.add_role("league staff")
        t.guild.members[t.carol.id].role_ids.append(role.id)
        shown = await t.slash(t.mod, t.channel, "league settings")
        assert shown.ephemeral and "Manage Server" in shown.content
        refused = await t.slash(t.carol, t.channel, "league new", name="C", game=KIND)
        assert refused.ephemeral and "Only members" in refused.content
        assert (await t.slash(t.mod, t.channel, "league settings", role=role)).ephemeral
        post = await signup(t, t.carol, name="Staff cup", game=KIND)
        assert "Staff cup" in post.content
        assert t.bot is not None
        assert (await t.bot.store.leagues.settings(t.guild.id)).manager_role_id == role.id
        cleared = await t.slash(t.mod, t.channel, "league settings", clear=True)
        assert cleared.ephemeral and "Only members with Manage Server" in cleared.content
        again = await t.slash(t.carol, t.channel, "league new", name="C2", game=KIND)
        assert again.ephemeral and "Only members" in again.content
        # the organizer still runs the league they created
        other = await t.slash(t.bob, t.channel, "league remove", player=t.alice)
        assert other.ephemeral and "Only members" in other.content
        mine = await t.slash(t.carol, t.channel, "league remove", player=t.alice)
        assert mine.ephemeral and "does not play" in mine.content
        t.fake.assert_clean()


async def played_league(t: Table) -> tuple[int, list[tuple[int, int]]]:
    """A 4-player round robin made, joined and started through Discord (``/league new`` with pace
    ``1d`` and rounds of 7 days, **Join**, ``/league start``) whose round 1 has one game resigned
    and the other still playing: the league and the (winner, loser) of the resigned game."""
    assert t.bot is not None
    league, _ = await signed_up(t, t.mod, t.seated(4), name="Spring *league*", game=KIND, pace="1d", round_days=7)
    first, _ = sorted(await t.bot.store.leagues.tables(league, 1), key=lambda tb: tb.table_no)
    rec = await t.bot.store.games.get(first.game_id or 0)
    thread = t.guild.threads[rec.thread_id or 0]
    loser = member(t, rec.players[1])
    confirm = await t.slash(loser, thread, "game resign")
    await t.click(loser, confirm, f"Resign #{rec.id} Stratego")
    await idle(t)
    return league, [(rec.players[0], rec.players[1])]


async def test_standings_pairings_and_info_show_names_results_and_tie_breaks(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        league, [(won, lost)] = await played_league(t)
        players = t.seated(4)
        for user in players:
            t.guild.members[user.id].nick = None
        name = {u.id: u.name for u in players}
        standings = await t.slash(t.carol, t.channel, "league standings")
        assert standings.ephemeral
        lines = standings.content.splitlines()
        assert "Spring \\*league\\*" in lines[0], "markdown in a name is shown as written"
        assert lines[1].startswith(f"1. {name[won]} — **6 pts**"), lines
        assert f"{name[lost]} — **1 pt**" in standings.content, lines
        assert "DE" in standings.content and "direct encounter" in standings.content
        assert "<@" not in standings.content and not any(str(u.id) in standings.content for u in players)
        (png,) = [a for a in standings.attachments if a.filename.endswith(".png")]
        image = Image.open(io.BytesIO(png.data))
        assert image.width == 640 and image.height > 200

        pairings = await t.slash(t.bob, t.channel, "league pairings")
        assert "round 1 of 3" in pairings.content
        assert t.bot is not None
        tables = sorted(await t.bot.store.leagues.tables(league, 1), key=lambda tb: tb.table_no)
        first, second = ([name[p] for p in tb.seats] for tb in tables)
        assert f"{first[0]} vs. {first[1]} — {name[won]} won" in pairings.content, pairings.content
        assert f"{second[0]} vs. {second[1]} — playing, game #" in pairings.content, pairings.content
        later = await t.slash(t.bob, t.channel, "league pairings", round=2)
        assert later.ephemeral and "no round 2" in later.content

        info = await t.slash(players[3], t.channel, "league info", league=str(league))
        assert "round robin" in info.content and "1 day per turn" in info.content and "7 days" in info.content
        assert "alice, bob, carol, dan" in info.content
        assert len(info.content) <= 2000
        t.fake.assert_clean()


async def test_czech_standings_are_czech_in_text_and_picture(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await played_league(t)
        t.carol.locale = "cs"
        standings = await t.slash(t.carol, t.channel, "league standings")
        assert "pořadí v 1. kole z 3" in standings.content and "b.**" in standings.content
        assert "vzájemný zápas" in standings.content
        assert any(a.filename.endswith(".png") for a in standings.attachments)
        t.fake.assert_clean()


async def test_the_organizer_starts_closes_and_removes_and_a_player_withdraws_through_the_commands(
    tmp_path: Path,
) -> None:
    """Sign-up by buttons, ``/league start`` (refused to a player, and with too few players),
    pairings and standings while round 1 plays, ``/league close`` refused before the deadline and
    done after it, ``/league leave`` during play (a withdrawal) and ``/league remove``."""
    async with table(tmp_path) as t:
        post = await signup(t, t.mod, name="Autumn cup", game=KIND, round_days=3)
        players = t.seated(5)
        for user in players[:2]:
            await t.click(user, post, "Join")
        too_few = await t.slash(t.mod, t.channel, "league start")
        assert too_few.ephemeral and "at least 3" in too_few.content, too_few.content
        for user in players[2:]:
            await t.click(user, post, "Join")
        refused = await t.slash(t.alice, t.channel, "league start")
        assert refused.ephemeral and "Only members" in refused.content
        started = await t.slash(t.mod, t.channel, "league start")
        assert started.ephemeral and "has started" in started.content, started.content
        await idle(t)
        await t.fake.wait_for(lambda: not post.buttons, "the sign-up post to lose its buttons")
        assert "has started" in post.content
        late = await t.slash(t.mod, t.channel, "league start")
        assert late.ephemeral and "not taking sign-ups" in late.content

        assert t.bot is not None
        for made in await t.bot.store.leagues.tables((await t.bot.store.leagues.find(t.guild.id))[0].id, 1):
            if made.game_id is not None:
                rec = await t.bot.store.games.get(made.game_id)
                assert rec.players[(await t.state(made.game_id)).seat_of(0)] == made.seats[0], "first seat is red"
        thread = t.guild.threads[rec.thread_id or 0]
        in_thread = await t.slash(t.mod, thread, "league new", name="X", game=KIND)
        assert in_thread.ephemeral and "not in a thread" in in_thread.content
        from_thread = await t.slash(t.mod, thread, "league pairings")
        assert "Autumn cup" in from_thread.content, "a game's thread names its league's channel"
        pairings = await t.slash(t.bob, t.channel, "league pairings")
        assert "round 1 of 5" in pairings.content and "playing, game #" in pairings.content
        assert "Bye: " in pairings.content
        early = await t.slash(t.mod, t.channel, "league close")
        assert early.ephemeral and "<t:" in early.content, early.content

        leaving = await t.slash(t.carol, t.channel, "league leave")
        assert leaving.ephemeral and "withdrawn" in leaving.content, leaving.content
        await idle(t)
        again = await t.slash(t.carol, t.channel, "league leave")
        assert again.ephemeral and "already withdrawn" in again.content, again.content
        removed = await t.slash(t.mod, t.channel, "league remove", player=players[3])
        assert removed.ephemeral and "withdrawn from" in removed.content
        await idle(t)
        told = [m.content for m in t.channel.messages if "👋" in m.content]
        assert told == [
            f"👋 **Autumn cup**: <@{t.carol.id}> has withdrawn from the league. Their unfinished games "
            "and later pairings are forfeited (a win for the opponents).",
            f"👋 **Autumn cup**: <@{players[3].id}> was removed from the league by its organizer. Their "
            "unfinished games and later pairings are forfeited (a win for the opponents).",
        ], "the channel hears each withdrawal once, in words"
        league_id = (await t.bot.store.leagues.find(t.guild.id))[0].id
        games = {
            made.game_id: next(u for u in (t.carol, players[3]) if u.id in made.seats)
            for made in await t.bot.store.leagues.tables(league_id, 1)
            if made.game_id is not None and {t.carol.id, players[3].id} & set(made.seats)
        }
        assert games, "one of them was playing"
        for game_id, first in games.items():
            thread = t.guild.threads[(await t.bot.store.games.get(game_id)).thread_id or 0]
            said = [m.content for m in thread.messages]
            line = f"👋 <@{first.id}> leaves the league **Autumn cup**, and with it this game."
            assert [m for m in said if "👋" in m] == [line], said
            assert "wins (resignation)" in said[said.index(line) + 1], "then the game is shown as it ended"

        await t.later(days=4)
        closed = await t.slash(t.mod, t.channel, "league close")
        assert closed.ephemeral and "Round 1" in closed.content and "closed" in closed.content, closed.content
        await idle(t)
        assert t.bot is not None
        (league,) = await t.bot.store.leagues.find(t.guild.id)
        assert league.current_round == 2
        standings = await t.slash(t.alice, t.channel, "league standings")
        assert standings.content.count("withdrawn") == 2, standings.content
        info = await t.slash(t.alice, t.channel, "league info")
        assert "round 2 of 5" in info.content and "Round 2 ends" in info.content
        t.fake.assert_clean()


async def test_leagues_are_a_servers_the_options_autocomplete_and_help_tells_of_them(tmp_path: Path) -> None:
    """/league is offered only in servers (a DM has no league); ``game``, ``options`` and
    ``league`` autocomplete to what is legal, and a league's name typed instead of picked finds it;
    /help has a leagues field in both languages."""
    async with table(tmp_path, global_commands=True) as t:
        with pytest.raises(FakeDiscordError):
            await t.fake.slash(t.alice, t.fake.dm_channel(t.alice), "league info")
        kinds = await t.fake.autocomplete(t.mod, t.channel, "league new", name="X", focused="game")
        assert KIND in {c.value for c in kinds}
        typed = await t.fake.autocomplete(
            t.mod, t.channel, "league new", name="X", game=KIND, options="army=barrage res", focused="options"
        )
        assert typed[0].value == "army=barrage rescue=on"
        assert typed[0].name == "barrage army, Rescue, two-squares limit 3"
        post = await signup(t, t.mod, name="Summer open", game=KIND)
        assert post.content
        named = await t.fake.autocomplete(t.alice, t.channel, "league info", focused="league", league="summ")
        assert [c.name for c in named] and named[0].name.endswith("Summer open")
        typed_name = await t.slash(t.alice, t.channel, "league info", league="summer OPEN")  # typed, not picked
        assert "**Summer open** — a league of Stratego" in typed_name.content, typed_name.content
        unknown = await t.slash(t.alice, t.channel, "league info", league="Winter open")
        assert unknown.ephemeral and "Summer open" not in unknown.content, unknown.content
        for locale, head, new in (("en-US", "Leagues", "/league new"), ("cs", "Ligy", "/liga nová")):
            t.bob.locale = locale
            shown = await t.slash(t.bob, t.channel, "help")
            fields = {f["name"]: f["value"] for e in shown.embeds for f in e.get("fields", [])}
            assert new in fields[head], fields
        t.fake.assert_clean()


async def test_an_organizer_picks_the_games_options_in_words_and_the_post_says_them(tmp_path: Path) -> None:
    """``options`` autocompletes in the organizer's language by what the options are called: the
    choices are named in words (the game's own), carry the options, and the league is made with
    them; the sign-up post says them in its language, never as ``name=value``."""
    async with table(tmp_path) as t:
        for locale, typed, picked, name in (
            ("en-US", "barr resc", "barrage army, Rescue, two-squares limit 3", "Spring cup"),
            ("cs", "barrage zachr", "armáda Barrage, Záchrana, pravidlo dvou polí: 3", "Jarní pohár"),
        ):
            t.mod.locale = locale
            offered = await t.fake.autocomplete(
                t.mod, t.channel, "league new", name="X", game=KIND, focused="options", options=typed
            )
            assert offered[0].name == picked, [c.name for c in offered]
            assert all("=" not in c.name for c in offered)
            post = await signup(t, t.mod, name=name, game=KIND, language=locale[:2], options=offered[0].value)
            assert picked in post.content and "=" not in post.content, post.content
        assert t.bot is not None
        leagues = await t.bot.store.leagues.find(t.guild.id)
        assert [(x.options["army"], x.options["rescue"]) for x in leagues] == [("barrage", True)] * 2
        t.fake.assert_clean()


async def test_a_league_of_tables_describes_its_placement_points_and_tie_break(tmp_path: Path) -> None:
    """A game of 2–4 players at tables of 3: placement points 6/3/0, the table opponents'
    tie-break, and at least 5 players (a table of 3 and one of 2); a Swiss of 2 rounds."""
    async with table(tmp_path) as t:
        post = await signup(t, t.mod, name="Counting club", game=TOY, players_per_game=3, format="swiss", rounds=2)
        assert "tables of 3 players" in post.content and "6/3/0" in post.content, post.content
        assert "table opponents' points" in post.content and "at least 5 to start" in post.content
        players = t.seated(5)
        for user in players:
            await t.click(user, post, "Join")
        await t.slash(t.mod, t.channel, "league start")
        await idle(t)
        pairings = await t.slash(t.alice, t.channel, "league pairings")
        assert pairings.content.count(" vs. ") == 3, pairings.content  # a table of 3 and one of 2
        standings = await t.slash(t.alice, t.channel, "league standings")
        assert "TO 0" in standings.content and "TO = table opponents' points" in standings.content
        t.fake.assert_clean()


async def test_a_league_starts_on_its_date_by_itself_and_its_signup_post_closes(tmp_path: Path) -> None:
    """``/league new start:`` — nobody types ``/league start``: at the date round 1 opens, its
    pairings are posted, and the sign-up post says the league started and offers **Join** no more."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(t.clock() + 2 * 86400))
        post = await signup(t, t.mod, name="Dated cup", game=KIND, start=when)
        assert "<t:" in post.content, post.content
        for user in t.seated(3):
            await t.click(user, post, "Join")
        await t.later(days=3)
        await t.fake.wait_for(
            lambda: any("round 1 of 3 has begun" in m.content for m in t.channel.messages), "round 1 to open"
        )
        await idle(t)
        await t.fake.wait_for(lambda: not post.buttons, "the sign-up post to lose its buttons")
        assert "has started" in post.content, post.content
        t.fake.assert_clean()
