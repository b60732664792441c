"""English: turn clocks — paces, reminders, nudges, deadlines, vacations, "games waiting for me"."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- paces -------------------------------------------------------------------------------
    "pace.none": "no clock",
    "pace.days.one": "{n} day per turn",
    "pace.days.other": "{n} days per turn",
    "pace_unknown": "Choose a pace of {choices}.",
    "with_pace": "{options}; {pace}",
    "pace_due": "{pace}, {due}",
    "due": "due {when}",
    "turn_due": "⏱ Your move is due by {when} ({pace}).",
    "start_pace": "⏱ {pace}: a reminder at half time and 12 hours before the deadline; after it, "
    "the others decide whether to wait. `{cmd_game_away}` pauses your clocks on holiday.",
    "start_pace.none": "⏱ No clock: this game waits for every move as long as it takes.",
    # --- reminders and nudges ----------------------------------------------------------------
    "reminder_dm": "⏰ A reminder: these games are waiting for your move (oldest first).",
    "nudge_dm": "👋 {who} nudged you in game #{game}. Games waiting for your move (oldest first):",
    "waiting_line": "• #{game} {title}: your turn since {since}, {due} — {link}",
    "and_more_games_list": "• … and {n} more: `{cmd_game_list}` shows them all.",
    "reminder_post": "⏰ {user}, a reminder: it is your turn here ({due}).",
    "nudge_post": "👋 {user}, {by} nudged you: it is your turn here ({due}).",
    "nudge_your_turn": "It is your own turn in game #{game} — nobody else to nudge.",
    "nudge_nobody": "Nobody is to move in game #{game} right now.",
    "nudge_too_soon": "Game #{game} had a nudge less than a day ago; you can nudge again {when}.",
    "nudged": "Nudged {who} in game #{game}.",
    # --- lobbies ------------------------------------------------------------------------------
    "lobby_expired": "This {title} lobby expired: nobody started it within {days} days. "
    "Open a new one whenever you like.",
    "status_is.expired": "Game #{game} expired before it started.",
    # --- when the time runs out ---------------------------------------------------------------
    "timeout.ran_out": "{user}'s time ran out",
    "timeout.left": "{user} left the server",
    "timeout.head": "⏰ Game #{game}: {reason} ({pace}).",
    "timeout.alone": "The game waits for you: any move continues it.",
    "timeout.nobody": "Nobody else can decide now (the game waits for the others too), so the clock starts again "
    "({pace}); any move continues the game.",
    "timeout.ask": "{voters}: what now? ({n} needed; a tie waits)",
    "timeout.ask_one": "{voters}: what now? ({n} needed)",
    "timeout.explain.wait": "• **Wait**: {user} gets a new deadline ({pace}).",
    "timeout.explain.win": "• **Claim the win**: the game ends now as a win by timeout.",
    "timeout.explain.auto": "• **Play on without them**: I take {user}'s decisions (the simplest that keeps "
    "the game going: see `{cmd_game_rules}`) until they come back with any command.",
    "btn.timeout.wait": "Wait",
    "btn.timeout.win": "Claim the win",
    "btn.timeout.auto": "Play on without them",
    "timeout.gone": "That decision is over: the game moved on meanwhile.",
    "timeout.played": "✅ {user} has played since: nothing to decide.",
    "timeout.over": "The game is over: nothing to decide.",
    "timeout.not_you": "It is your own time that ran out: just make your move and the game goes on.",
    "timeout.not_voter": "Only the other players of game #{game} decide this.",
    "timeout.counted": "Your choice counts ({n} so far, {needed} needed).",
    "timeout.waits": "⏳ The table waits for {user}: new deadline {when}.",
    "timeout.waits_unpaced": "⏳ The table waits for {user}, as long as it takes.",
    "timeout.auto": "🤖 The table plays on: I take {user}'s decisions until they use any command here.",
    "timeout.claimed": "🏁 {user}'s time ran out and the win was claimed.",
    "seat_back": "👋 Welcome back, {user}: your seat is yours again.",
    "result.timeout": "{winners} won: {losers} ran out of time",
    # --- vacations ----------------------------------------------------------------------------
    "away_range": "Choose between 1 and {limit} days.",
    "away_too_long": "You have {left} vacation days left in {year} (of {limit}): choose at most {left}.",
    "away_none_left": "You have used all {limit} vacation days of {year}.",
    "away_set": "🏖️ Your clocks stop until {until}: nobody's deadline runs out on you meanwhile, and "
    "you get no reminders. Days used in {year}: {used} of {limit}. `{cmd_game_back}` ends it early.",
    "back_not_away": "You are not on vacation.",
    "back_set": "Welcome back: your clocks run again. Days used in {year}: {used} of {limit}.",
    # --- /game list and /game next ------------------------------------------------------------
    "list.head_yours": "**Waiting for you** (longest first)",
    "list.head_others": "**Your other games**",
    "list.game": "• #{id} {kind}: {status} · {when} — {link}",
    "list.lobby": "• #{id} {kind}: lobby of {creator}, waiting for players, expires {expires} · {pace} — {link}",
    "list.away": "🏖️ You are away until {until} ({used} of {limit} vacation days used in {year}).",
    "list.away_used": "Vacation days used in {year}: {used} of {limit}.",
    "list.page": "Page {page} of {pages}: `{cmd_game_list} {opt_game_list__page}:{next}` for the next.",
    "next_none": "No game is waiting for your move. 🎉",
    # --- /game rules ---------------------------------------------------------------------------
    "rules_pace": "**Pace.** Every game has a clock chosen when it is opened (`{opt_stratego_new__pace}`: "
    "{choice_none}, {choice_1d}, {choice_3d} — the default — or {choice_7d} per turn; a simultaneous setup gets the same). You get a reminder at half time and "
    "12 hours before your deadline (at most one a day, listing every game waiting for you); "
    "`{cmd_game_nudge}` lets the others remind you once a day. When the deadline passes, the others decide: "
    "wait (a new deadline), claim the win (two players) or play on without you (three or four: a computer "
    "at normal level takes your decisions until you use any command). `{cmd_game_away} {opt_game_away__days}:` stops all "
    "your clocks for up to 14 days a year — or, with `{opt_game_away__computer}:`, a computer plays your seats "
    "meanwhile; `{cmd_game_back}` ends it. Lobbies nobody starts expire after 7 days.",
}
