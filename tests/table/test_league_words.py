"""A league in words (cogs/leagues/describing.py, game_options.py; issue 47 §1, §3): the sign-up
post, standings and pairings of a 64-player league stay within Discord's 2,000 characters with
every player's name or mention; points are written as people write them; the scoring and the rule
for unfinished games are shown in advance; the game's options are read from its own spec, with
clear refusals, and offered word by word."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from cogs.leagues import describing, game_causes, game_options
from cogs.leagues.telling import points_words
from cogs.leagues.view import LeagueView, played_round
from cogs.table.core.change import Change
from cogs.table.respond import Refusal
from cogs.texts import template
from db.league_records import League, LeaguePlayer, LeagueTable
from rules.league.config import Format, LeagueConfig, Unfinished
from rules.league.rounds import Result
from rules.league.standings import standings
from tests.game_records import game_record

KIND = "stratego"
LIMIT = 2000


def league(config: LeagueConfig, status: str = "running", current: int = 1, name: str = "Winter cup") -> League:
    return League(
        id=7,
        guild_id=1,
        channel_id=2,
        signup_message_id=None,
        name=name,
        kind=KIND,
        options={},
        format=config.to_json(),
        pace=3 * 86400,
        round_days=14,
        starts_at=None,
        player_limit=None,
        language="en",
        created_by=99,
        created_at=0.0,
        status=status,
        current_round=current,
        version=1,
    )


def season(players: int, config: LeagueConfig) -> LeagueView:
    """A running league of ``players`` in round 1, every first seat beating the second."""
    ids = [10**17 + i for i in range(players)]
    tables = [
        LeagueTable(
            7, 1, n + 1, (ids[2 * n], ids[2 * n + 1]), 500 + n, Result.ranked([ids[2 * n]], [ids[2 * n + 1]]).to_json()
        )
        for n in range(players // 2)
    ]
    played = [played_round(1, tables)]
    ranked = list(standings(config, ids, played))
    return LeagueView(league(config), config, [LeaguePlayer(7, p, 0.0) for p in ids], played, ranked, [tables])


SWISS = LeagueConfig(Format.SWISS, 2, (2,), 6)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_a_64_player_league_fits_discord_in_every_text(locale: str) -> None:
    s = season(64, SWISS)
    names = {p: "Alžběta Nováková z Dlouhých Polí " + str(i) for i, p in enumerate(describing.seed_order(s))}
    texts = [
        describing.signup_text(s.league, SWISS, describing.seed_order(s), locale),
        describing.standings_text(s, names, locale),
        describing.pairings_text(s, 1, names, locale),
        "\n".join(describing.description(s.league, SWISS, locale, round_due=86400.0, rounds=6)),
    ]
    assert all(len(text) <= LIMIT for text in texts), [len(x) for x in texts]
    assert all(str(p) not in texts[1] + texts[2] for p in describing.seed_order(s)), "names, never ids"


def test_standings_name_the_tie_breaks_and_the_leader() -> None:
    s = season(4, SWISS)
    a, b, c, d = describing.seed_order(s)
    text = describing.standings_text(s, {a: "ann", b: "ben", c: "cid", d: "dot"}, "en")
    lines = text.splitlines()
    assert lines[1].startswith("1.–2. ann — **6 pts** (BH 1, MBH 1, SB 1, DE 0)"), lines
    assert "BH = Buchholz" in text and "DE = direct encounter" in text
    czech = describing.standings_text(s, {a: "ann", b: "ben", c: "cid", d: "dot"}, "cs").splitlines()
    assert czech[1].startswith("1.–2. ann"), "a Czech ordinal has its dot: 1.–2., as the channel's posts write it"


def test_points_are_written_as_people_write_them() -> None:
    assert describing.number(Fraction(7), "en") == "7"
    assert describing.number(Fraction(15, 2), "en") == "7½"
    assert describing.number(Fraction(1, 2), "cs") == "½"
    assert describing.number(Fraction(13, 3), "cs") == "4,33"
    assert describing.number(Fraction(13, 3), "en") == "4.33"


@pytest.mark.parametrize("rule", list(Unfinished))
def test_the_scoring_and_the_unfinished_rule_are_shown_in_advance(rule: Unfinished) -> None:
    config = LeagueConfig(Format.ROUND_ROBIN, 2, (2,), unfinished=rule)
    lines = describing.description(league(config, "signup", 0), config, "en")
    assert any("win 6, draw 3, loss 1" in line for line in lines)
    assert any(line.startswith("**Unfinished at the deadline:**") and rule.value in line for line in lines)
    tables = LeagueConfig(Format.SWISS, 4, (3, 4), 3)
    assert any("6/4/2/0" in line for line in describing.description(league(tables, "signup", 0), tables, "en"))


def test_the_least_players_follow_the_core() -> None:
    assert describing.least_players(LeagueConfig(Format.ROUND_ROBIN, 2, (2,))) == 3
    assert describing.least_players(LeagueConfig(Format.ROUND_ROBIN, 3, (3, 4))) == 6


def test_options_are_read_from_the_games_spec() -> None:
    options = game_options.parse_options(KIND, "army=barrage rescue=on", "en")
    assert options["army"] == "barrage" and options["rescue"] is True
    defaults = game_options.parse_options(KIND, None, "en")
    assert defaults["army"] == "classic"
    assert defaults["colours"] == "seat0_red", "the pairing's first seat moves first (SG-3.3: red)"


@pytest.mark.parametrize("typed", ["army", "speed=fast", "army=huge", "rescue=maybe", "colours=seat0_red"])
def test_bad_options_are_refused_in_words(typed: str) -> None:
    """What cannot be read is quoted; what can be chosen is said in words, never as notation."""
    for locale, words in (("en", "You can choose barrage army, "), ("cs", "Vybrat můžeš: armáda Barrage, ")):
        with pytest.raises(Refusal) as refused:
            game_options.parse_options(KIND, typed, locale)
        said = refused.value.text.replace(f"`{typed}`", "")
        assert words in said and "=" not in said and "_" not in said, said


def test_a_choice_picked_and_then_edited_is_read_by_its_words() -> None:
    """Discord shows a picked choice by its name: a field edited after that sends the words."""
    assert game_options.parse_options(KIND, "barrage army,  Rescue, two-squares limit 3", "en")["rescue"] is True
    assert game_options.parse_options(KIND, "armáda barrage, pravidlo dvou polí: 5", "cs")["two_square_limit"] == 5


def test_autocomplete_keeps_the_options_typed_and_offers_more() -> None:
    offered = game_options.completions(KIND, "army=barrage res", "en")
    assert [v for _, v in offered][:2] == ["army=barrage rescue=on", "army=barrage attacker_advantage=on rescue=on"]
    assert all(
        "colours" not in v and "army=classic" not in v for _, v in game_options.completions(KIND, "army=barrage ", "en")
    )


def test_the_standings_posts_points_agree_with_their_number() -> None:
    """ "1 point", not "1 points"; Czech "1 bod", "3 body", "7 bodů", "4½ bodu" — the points written
    as the league's standings image and /league standings write them."""
    assert [points_words(Fraction(n), "en") for n in (1, 7)] == ["1 point", "7 points"]
    czech = [points_words(Fraction(n), "cs") for n in (1, 3, 7)]
    assert czech == ["1 bod", "3 body", "7 bodů"]
    halves = [Fraction(9, 2), Fraction(1, 2), Fraction(13, 3)]
    assert [points_words(n, "en") for n in halves] == ["4½ points", "½ points", "4.33 points"]
    assert [points_words(n, "cs") for n in halves] == ["4½ bodu", "½ bodu", "4,33 bodu"], "genitive singular"
    assert points_words(Fraction(9, 2), "en").split()[0] == describing.number(Fraction(9, 2), "en"), "as the image"


def test_a_started_leagues_signup_post_names_no_round_that_would_go_stale() -> None:
    """The sign-up post is edited once, at the start: it said "round 1 of 1" of a Swiss of 3."""
    swiss = LeagueConfig(Format.SWISS, 2, (2,), 3)
    for locale, words in (("en", "round 1 of"), ("cs", "kolo 1 z")):
        text = describing.signup_text(league(swiss), swiss, [1, 2, 3], locale)
        assert words not in text and "/" in text.splitlines()[-1], text


def test_the_standings_short_points_agree_with_their_number() -> None:
    """/league standings said "1 pts"."""
    assert [describing.points_label(Fraction(n), "en") for n in (1, 6, Fraction(3, 2))] == ["1 pt", "6 pts", "1½ pts"]
    assert describing.points_label(Fraction(1), "cs") == "1 b."


def test_a_withdrawn_player_is_marked_alike_in_the_czech_posts_and_standings() -> None:
    """The posts said "(odstoupil/a)", /league standings "odstoupil(a)"."""
    assert template("league_run.standing.withdrawn", "cs").endswith(", odstoupil(a)")
    assert template("league.standings.withdrawn", "cs").endswith("odstoupil(a)")


def test_a_game_left_with_the_league_says_so_in_the_games_language() -> None:
    """A withdrawal resigns the player's league game: its thread hears why, in the game's language
    (not the player's), naming the player and the league — then the resignation as the game says it."""
    for language, words in (
        ("en", "👋 <@101> leaves the league **Winter cup**, and with it this game."),
        ("cs", "👋 <@101> opouští ligu **Winter cup**, a s ní i tuto hru."),
    ):
        rec = replace(game_record(KIND, 2), language=language)
        change = Change(kind="act", record=rec, version=3, seat=1, by_user=101)
        assert game_causes.left_line(change, game_causes.LeftLeague("Winter cup")) == words


@pytest.mark.parametrize("unfinished", [u.value for u in Unfinished])
def test_a_game_closed_with_its_round_says_how_it_counts_in_the_games_language(unfinished: str) -> None:
    """A round closed at its deadline cancels its unfinished games: each thread hears who closed
    which round and how the game counts (the league's rule), in the game's language."""
    counts = {
        "draw": ("counts as a draw for its players", "se počítá jako remíza"),
        "loss": ("counts as a loss for every player", "se počítá jako prohra"),
        "forfeit": ("counts as a forfeit for every player", "se počítá jako kontumační prohra"),
    }[unfinished]
    for language, head, count in (
        ("en", "🔒 <@7> closed round 2 of **Winter cup** at its deadline.", counts[0]),
        ("cs", "🔒 <@7> uzavírá 2. kolo ligy **Winter cup** po termínu.", counts[1]),
    ):
        rec = replace(game_record(KIND, 2), language=language)
        change = Change(kind="cancel", record=rec, version=9, by_user=7)
        said = game_causes.closed_line(change, game_causes.LeagueClosed("Winter cup", 2, unfinished))
        assert said.startswith(head) and said.endswith(count + "."), said
