"""English: ratings, leaderboards, a player's record and pace (issue 20 §1; docs/ratings.md)."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- /game top ---------------------------------------------------------------------------
    "top.head": "**{kind} — the best players of this server**",
    "top.line": "{place}. {player} — **{rating}** · {games} · {wins}",
    "top.games.one": "{n} game",
    "top.games.other": "{n} games",
    "top.wins.one": "{n} win",
    "top.wins.other": "{n} wins",
    "top.provisional": " · _provisional_",
    "top.empty": "Nobody has finished a rated game of **{kind}** in this server yet.",
    "top.page": "Page {page} of {pages}: `{cmd_game_top} {opt_game_top__name}:{name} {opt_game_top__page}:{next}` for the next.",
    "top.note": "The rating is a cautious estimate of skill: it rises as you win and as the bot grows sure "
    "of you. Fewer than {n} games: provisional.",
    "ratings_in_server": "Ratings belong to a server: ask in the server where you play.",
    "top.unknown": "I don't know a game named {name}.",
    # --- /game stats -------------------------------------------------------------------------
    "stats.head": "**Games of {player} in this server**",
    "stats.none": "{player} has no finished game in this server yet.",
    "stats.kind": "**{kind}**: played {played} · won {won} · lost {lost} · drawn {drawn}",
    "stats.rating": "rating **{rating}** after {games}",
    "stats.rating_provisional": "rating **{rating}** after {games} (provisional)",
    "stats.games.one": "{n} rated game",
    "stats.games.other": "{n} rated games",
    "stats.unrated": "not rated yet",
    "stats.best": "best solo score: {bests}",
    "stats.best_one": "{score} ({difficulty})",
    "stats.pace": "Pace: {pace}.",
    "stats.pace_new": "Pace: nothing measured yet.",
    "difficulty.easy": "easy",
    "difficulty.normal": "normal",
    "difficulty.hard": "hard",
    # --- pace, in lobbies and /game stats --------------------------------------------------------
    "speed.moves": "moves in ~{time}",
    "speed.on_time": "{share} % without timeout",
    "speed.new": "new",
    "speed.both": "{moves}, {on_time}",
    "lobby.player_pace": "{player} ({pace})",
    "dur.min.one": "{n} min",
    "dur.min.other": "{n} min",
    "dur.h.one": "{n} h",
    "dur.h.other": "{n} h",
    "dur.d.one": "{n} day",
    "dur.d.other": "{n} days",
    # --- the trend chart ---------------------------------------------------------------------
    "img.rt.title": "{kind}: {rating}",
    "img.rt.title_provisional": "{kind}: {rating} (provisional)",
    "img.rt.axis.one": "the last rated game",
    "img.rt.axis.other": "the last {n} rated games",
    "img.rt.heading": "Rating of {player}",
}
