"""A league in words (issue 47 §1): its description — format, scoring shown in advance with the rule
for unfinished games, tie-breaks, pace, round length, dates, players — its standings as text and a
round's pairings with results, in one language. Pure functions of stored values and display names
(no Discord): the sign-up post, ``/league info``, ``/league standings`` and ``/league pairings``
share them, and every text fits Discord's 2,000 characters (tests/table/test_league_words.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from cogs import games
from cogs.leagues.view import LeagueView
from cogs.table.clock_words import pace_words, stamp
from cogs.texts import has, join_words, plural_category, t, tn
from db.league_records import League, LeagueTable
from rules.league.config import Format, LeagueConfig, LeagueError
from rules.league.points import bye_points, placement_scale
from rules.league.rounds import Result
from rules.league.schedule import check_start
from rules.league.standings import Standing, tie_breaks

CONTENT_LIMIT = 2000
MARKDOWN = "\\*_~`|>"


def plain(name: str) -> str:
    """A display name that Discord shows as written (its markdown characters escaped)."""
    return "".join(f"\\{c}" if c in MARKDOWN else c for c in name)


def number(value: Fraction, locale: str) -> str:
    """Points as people write them: ``7``, ``7½``, ``4.33`` (``4,33`` in Czech)."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole}½" if whole else "½"
    text = f"{float(value):.2f}"
    return text.replace(".", ",") if locale.startswith("cs") else text


def points_label(value: Fraction, locale: str) -> str:
    """Points with their short word in the number's plural form: "1 pt", "7 pts", "7 b."."""
    key = f"league.points.{plural_category(float(value), locale)}"
    return t(key if has(key, locale) else "league.points.other", locale, n=number(value, locale))


def least_players(config: LeagueConfig) -> int:
    """The fewest players the league can start with (the core's :func:`check_start`)."""
    for count in range(2, 200):
        try:
            check_start(config, count)
        except LeagueError:
            continue
        return count
    return 200


def game_title(kind: str, locale: str) -> str:
    return games.ui(kind).title(locale) if kind in games.KINDS else kind


def format_words(config: LeagueConfig, locale: str) -> str:
    if config.format is Format.SWISS:
        return tn("league.format.swiss", config.rounds or 0, locale)
    return t("league.format.round_robin", locale)


def scoring_line(config: LeagueConfig, locale: str) -> str:
    s = config.scoring
    bye = number(bye_points(config), locale)
    if config.two_player:
        return t(
            "league.line.scoring_two",
            locale,
            win=s.win,
            draw=s.draw,
            loss=s.loss,
            fwin=s.forfeit_win,
            floss=s.forfeit_loss,
            bye=bye,
        )
    places = "/".join(number(p, locale) for p in placement_scale(config, config.table_size))
    return t("league.line.scoring_table", locale, places=places, floss=s.forfeit_loss, bye=bye)


def tie_break_names(config: LeagueConfig, locale: str) -> str:
    return join_words([t(f"league.tb.{b.value}", locale) for b in tie_breaks(config)], locale)


def description(
    league: League,
    config: LeagueConfig,
    locale: str,
    *,
    round_due: float | None = None,
    rounds: int | None = None,
    status: bool = True,
) -> list[str]:
    """The league's lines: title, format, game options, pace and round length, start, players
    needed, scoring, the unfinished rule, tie-breaks, organizer and (unless ``status`` is false)
    the round being played."""
    table = t("league.table.two", locale) if config.two_player else t("league.table.size", locale, n=config.table_size)
    options = games.ui(league.kind).options_text(dict(league.options), locale) if league.kind in games.KINDS else ""
    lines = [
        t("league.title", locale, name=plain(league.name), game=game_title(league.kind, locale)),
        t("league.line.format", locale, format=format_words(config, locale), table=table),
    ]
    if options:
        lines.append(t("league.line.options", locale, options=options))
    lines.append(
        t(
            "league.line.pace",
            locale,
            pace=pace_words(league.pace, locale),
            days=tn("league.days", league.round_days, locale),
        )
    )
    if league.status == "signup":
        if league.starts_at is not None:
            lines.append(t("league.line.start_date", locale, when=stamp(league.starts_at, "F")))
        else:
            lines.append(t("league.line.start_hand", locale))
        least = least_players(config)
        if league.player_limit is not None:
            lines.append(t("league.line.limit", locale, n=league.player_limit, least=least))
        else:
            lines.append(t("league.line.least", locale, least=least))
    lines.append(scoring_line(config, locale))
    lines.append(t(f"league.line.unfinished.{config.unfinished.value}", locale))
    lines.append(t("league.line.tie_breaks", locale, breaks=tie_break_names(config, locale)))
    lines.append(t("league.line.organizer", locale, user=f"<@{league.created_by}>"))
    if league.status == "running" and status:
        lines.append(
            t("league.line.status.running", locale, round=league.current_round, rounds=rounds or league.current_round)
        )
        if round_due is not None:
            lines.append(t("league.line.round_due", locale, round=league.current_round, when=stamp(round_due, "F")))
    elif league.status not in ("signup", "running"):
        lines.append(t(f"league.line.status.{league.status}", locale))
    return lines


def signup_text(league: League, config: LeagueConfig, players: Sequence[int], locale: str) -> str:
    """The sign-up post: the description, who signed up (mentions: Discord shows their names) and
    how to join; once the league has started or was cancelled, says so instead. It names no round:
    it is edited when the league starts, not at each round, so "round 1 of …" would soon be stale
    (and a Swiss's round count is not the league's to tell here)."""
    lines = description(league, config, locale, status=False)
    mentions = ", ".join(f"<@{p}>" for p in players) or t("league.signup.nobody", locale)
    if league.player_limit is not None:
        lines.append(
            t("league.signup.players_limit", locale, n=len(players), limit=league.player_limit, players=mentions)
        )
    else:
        lines.append(t("league.signup.players", locale, n=len(players), players=mentions))
    if league.status == "signup":
        lines.append(t("league.signup.how", locale))
    elif league.status == "cancelled":
        lines.append(t("league.signup.cancelled", locale))
    else:
        lines.append(t("league.signup.started", locale))
    return fit_lines(lines)


def fit_lines(lines: Sequence[str], limit: int = CONTENT_LIMIT) -> str:
    """The lines joined, the longest cut first until the text fits ``limit`` (a sign-up of 64
    players' mentions stays one post)."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    longest = max(range(len(lines)), key=lambda i: len(lines[i]))
    over = len(text) - limit
    cut = list(lines)
    cut[longest] = lines[longest][: max(0, len(lines[longest]) - over - 1)] + "…"
    return "\n".join(cut)[:limit]


def place_column(standing: Standing) -> str:
    """The standings image's place column: ``2`` or a shared ``2–3`` (a column needs no ordinal dots)."""
    return f"{standing.place}–{standing.place_to}" if standing.shared else str(standing.place)


def place_words(standing: Standing, locale: str) -> str:
    """A text line's place before its template's dot: ``2`` or a shared ``2.–3`` (read "2.–3.")."""
    if standing.shared:
        return t("league.standings.shared", locale, first=standing.place, last=standing.place_to)
    return str(standing.place)


def seed_order(view: LeagueView) -> list[int]:
    return [p.user_id for p in view.players]


def rounds_of(view: LeagueView) -> int:
    """The league's rounds as far as they are known (a round robin's follow from its players)."""
    return max(view.total_rounds, view.league.current_round) if len(view.players) >= 2 else view.league.current_round


def round_tables(view: LeagueView, round_no: int) -> list[LeagueTable]:
    """Round ``round_no``'s stored tables in board order (none for a round not claimed)."""
    found = view.tables[round_no - 1] if 1 <= round_no <= len(view.tables) else []
    return sorted(found, key=lambda t: t.table_no)


def standings_head(view: LeagueView) -> str:
    """The standings' heading key: final, in a round, or before any."""
    if view.league.status == "finished":
        return "league.standings.head_final"
    return "league.standings.head" if view.league.current_round else "league.standings.head_none"


def standings_text(view: LeagueView, names: Mapping[int, str], locale: str) -> str:
    """The standings as text: a line per player (place, points, tie-breaks by their short names,
    games played), the tie-breaks' key, and the winner once the league has finished."""
    league = view.league
    rows = view.standings
    head = t(standings_head(view), locale, name=plain(league.name), round=league.current_round, rounds=rounds_of(view))
    lines = [head]
    for s in rows:
        name = plain(names.get(s.player) or t("league.unknown_player", locale, n=s.player % 10000))
        breaks = ", ".join(f"{t(f'league.tb_short.{b.value}', locale)} {number(v, locale)}" for b, v in s.tie_breaks)
        key = "league.standings.line" if breaks else "league.standings.line_plain"
        line = t(
            key,
            locale,
            place=place_words(s, locale),
            player=name,
            points=points_label(s.points, locale),
            breaks=breaks,
            played=tn("league.standings.games", s.played, locale),
        )
        lines.append(line + (t("league.standings.withdrawn", locale) if s.withdrawn else ""))
    order = tie_breaks(view.config)
    lines.append(
        t(
            "league.standings.key",
            locale,
            breaks=", ".join(
                f"{t(f'league.tb_short.{b.value}', locale)} = {t(f'league.tb.{b.value}', locale)}" for b in order
            ),
        )
    )
    if league.status == "finished" and rows:
        first = [s for s in rows if s.place == 1]
        who = [plain(names.get(s.player, "?")) for s in first]
        lines.append(
            t("league.standings.winner", locale, player=who[0])
            if len(first) == 1
            else t("league.standings.tie", locale, players=join_words(who, locale))
        )
    return fit_lines(lines)


def result_words(table: LeagueTable, names: Mapping[int, str], locale: str) -> str:
    """How a table ended (or that it is still playing), in words."""
    if table.result is None:
        if table.game_id is None:
            return t("league.pairings.waiting", locale)
        return t("league.pairings.playing_game", locale, game=table.game_id)
    result = Result.from_json(table.result)

    def who(players: frozenset[int] | Sequence[int]) -> str:
        return join_words([plain(names.get(p, "?")) for p in sorted(players, key=table.seats.index)], locale)

    parts: list[str] = []
    if result.unfinished:
        parts.append(t("league.pairings.unfinished", locale))
    elif len(result.order) == 1 and len(result.order[0]) > 1:
        parts.append(t("league.pairings.draw", locale))
    elif len(table.seats) == 2 and result.order:
        parts.append(t("league.pairings.won", locale, winner=who(result.order[0])))
    elif result.order:
        places = " > ".join(who(group) for group in result.order)
        parts.append(t("league.pairings.order", locale, places=places))
    if result.forfeited:
        parts.append(t("league.pairings.forfeit", locale, players=who(result.forfeited)))
    return "; ".join(parts)


def pairings_text(view: LeagueView, round_no: int, names: Mapping[int, str], locale: str) -> str:
    """One round's tables in board order (players in seat order: the first moves first), each with
    its result or that it is still playing, and the byes."""
    tables = round_tables(view, round_no)
    league = view.league
    rounds = rounds_of(view)
    lines = [t("league.pairings.head", locale, name=plain(league.name), round=round_no, rounds=rounds)]
    vs = t("league.pairings.vs", locale)
    board = 0
    for table in tables:
        if table.bye:
            continue
        board += 1
        players = vs.join(plain(names.get(p, "?")) for p in table.seats)
        lines.append(
            t("league.pairings.table", locale, n=board, players=players, result=result_words(table, names, locale))
        )
    for table in tables:
        if table.bye:
            lines.append(t("league.pairings.bye", locale, player=plain(names.get(table.seats[0], "?"))))
    if league.current_round > 1:
        lines.append(t("league.pairings.next", locale))
    return fit_lines(lines)
