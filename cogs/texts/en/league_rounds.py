"""English: a league's rounds running themselves (issue 47 §1) — the pairings post and each
player's DM, a round's end and the final standings, and what the league runner refuses."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- a round's pairings (the league's channel) and each player's DM --------------------------
    "league_run.pairings": "📋 **{league}** — round {round} of {rounds} has begun. Finish your games by {deadline}.",
    "league_run.pairings.table": "• Table {number}: {players} — {where}",
    "league_run.pairings.forfeit": "• Table {number}: {players} — no game: a player has withdrawn (a forfeit)",
    "league_run.pairings.bye": "• {player} has a bye this round.",
    "league_run.dm.table": "📋 **{league}**, round {round}: you play {opponents}. Your game: {link}",
    "league_run.dm.bye": "📋 **{league}**, round {round}: you have a bye this round — no game to play.",
    # --- a round's end and the league's end -------------------------------------------------------
    "league_run.round_over": "🏁 **{league}**: round {round} of {rounds} is over. The standings:",
    "league_run.finished": "🏆 **{league}** is over! The winner is {winner}. Final standings:",
    "league_run.finished.shared": "🏆 **{league}** is over! First place is shared by {winners}. Final standings:",
    "league_run.standing": "{place} {player} — {points}",
    "league_run.standing.withdrawn": "{place} {player} — {points} (withdrew)",
    "league_run.points.one": "{n} point",
    "league_run.points.other": "{n} points",
    # --- a player leaving a running league ------------------------------------------------------------
    "league_run.withdrew": "👋 **{league}**: {player} has withdrawn from the league. Their unfinished games "
    "and later pairings are forfeited (a win for the opponents).",
    "league_run.left_game": "👋 {player} leaves the league **{league}**, and with it this game.",
    "league_run.closed_game.draw": "🔒 {organizer} closed round {round} of **{league}** at its deadline. This game "
    "ends unfinished and counts as a draw for its players.",
    "league_run.closed_game.loss": "🔒 {organizer} closed round {round} of **{league}** at its deadline. This game "
    "ends unfinished and counts as a loss for every player.",
    "league_run.closed_game.forfeit": "🔒 {organizer} closed round {round} of **{league}** at its deadline. This "
    "game ends unfinished and counts as a forfeit for every player.",
    "league_run.removed": "👋 **{league}**: {player} was removed from the league by its organizer. Their "
    "unfinished games and later pairings are forfeited (a win for the opponents).",
    # --- a round past its deadline (the organizer pinged, once) -----------------------------------
    "league_run.due.one": "⏰ **{league}**: the deadline of round {round} of {rounds} has passed and {n} game "
    "is still being played. {organizer}, you can close the round now with `{cmd_league_close}`: the unfinished game is then scored "
    "by the league's rule for unfinished games.",
    "league_run.due.other": "⏰ **{league}**: the deadline of round {round} of {rounds} has passed and {n} games "
    "are still being played. {organizer}, you can close the round now with `{cmd_league_close}`: the unfinished games are then scored "
    "by the league's rule for unfinished games.",
    # --- what the league runner refuses -------------------------------------------------------------
    "league_run.refused.no_league": "There is no such league here.",
    "league_run.refused.not_signup": "This league has already started or ended: it can't be started again.",
    "league_run.refused.start.too_few_players": "A league needs at least {least} players to start; "
    "{count} have signed up.",
    "league_run.refused.start.too_many_rounds": "A Swiss of {rounds} rounds needs more players: with these, "
    "at most {most} rounds can be played without repeat games.",
    "league_run.refused.not_running": "This league is not being played now.",
    "league_run.refused.not_player": "That member doesn't play in this league.",
    "league_run.refused.withdrawn": "That player has already withdrawn from this league.",
    "league_run.refused.not_due": "The round can be closed at its deadline, {deadline}, or later.",
    "league_run.refused.opening": "The round's games are still being created; try again in a moment.",
    "league_run.refused.busy": "The league changed at this very moment; nothing was done, please try again.",
}
