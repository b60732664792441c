"""English: a player's history and a finished game's replay (issue 20 §2)."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- /game history -------------------------------------------------------------------------
    "history.head_here": "**Finished games of {user}** in this server ({n}), newest first:",
    "history.head_here_kind": "**Finished games of {user}** of {kind} in this server ({n}), newest first:",
    "history.head_everywhere": "**Your finished games** in every server ({n}), newest first:",
    "history.head_everywhere_kind": "**Your finished games** of {kind} in every server ({n}), newest first:",
    "history.none_here": "{user} has no finished games in this server yet.",
    "history.none_here_kind": "{user} has no finished games of {kind} in this server yet.",
    "history.none_everywhere": "You have no finished games yet.",
    "history.none_everywhere_kind": "You have no finished games of {kind} yet.",
    "history.game": "• #{id} {kind}, {date}: {result} · {players} — {link}",
    "history.game_named": "• #{id} {kind}, {date}: {result} — {link}",
    "history.page": "Page {page} of {pages}: `{cmd_game_history} {opt_game_history__page}:{next}` for the next.",
    "history.dm_own": "In a DM I show only your own games: ask for another player's history in a server you share.",
    # --- /game replay ------------------------------------------------------------------------------
    "replay.one_at_a_time": "Your last replay is still being made: one at a time, please.",
    "replay.running": "Game #{game} is still being played: a replay is for finished games, once "
    "everything can be shown.",
    "replay.no_moves": "Game #{game} ended before anyone moved: there is nothing to replay.",
    "replay.bad_range": "Game #{game} has moves 1 to {moves}: choose `from` and `to` between 1 and "
    "{moves}, with `from` no later than `to`.",
    "replay.no_images": "Game #{game} has no images to replay.",
    "replay.too_big": "The replay of game #{game} does not fit Discord's upload limit: try a shorter "
    "stretch with `from` and `to`.",
    "replay.caption": "🎞️ Replay of game #{game} ({kind}), moves {first}–{last} of {moves}. Result: {result}",
    "replay.sampled": "Sampled to fit: {shown} of {positions} positions shown, one every {every} moves "
    "at most; `from` and `to` show a stretch move by move.",
    "replay.scaled": "Drawn at {percent} % of full size to fit Discord's upload limit.",
}
