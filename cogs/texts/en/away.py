"""English: seats handed to a computer while their player is not there (issue 46 §1) — a late
player's seat the others play on without, and a vacation with ``computer:``."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- a late player's seat (a game with a computer) -----------------------------------------
    "timeout.explain.auto.computer": "• **Play on without them**: {computer} takes {user}'s decisions until "
    "they come back with any command.",
    "timeout.auto.computer": "🤖 The table plays on: {computer} takes {user}'s decisions until they use any "
    "command here.",
    # --- a resigned seat a computer plays to the end (a game of three or more) ------------------
    "resign_confirm.computer": "Resign game #{game} ({title})? It counts as a loss; {computer} plays your "
    "seat to the end of the game. Press the button to confirm.",
    "resigned_played_on": "You resigned game #{game}: {computer} plays your seat to its end, so you can't "
    "act in it any more.",
    # --- a vacation handed to a computer ------------------------------------------------------
    "away_set.computer": "🏖️ You are on holiday until {until}: {computer} plays your seats in your running "
    "games meanwhile (a game that starts meanwhile waits for you). `{cmd_game_back}` or any command of "
    "yours in a game takes your seat back. Days used in {year}: {used} of {limit}.",
    "away.handed": "🏖️ {user} is on holiday until {until}; {computer} plays for them meanwhile.",
    # --- a game no person is left to play (every seat still in it a computer's) ---------------
    "cancelled.nobody_left": "🤖 Game #{game} was cancelled: no person is left to play it, only computers. "
    "It is not counted as a win or a loss.",
    "result.cancelled.nobody_left": "cancelled: no person was left to play, not counted as a win or a loss",
}
