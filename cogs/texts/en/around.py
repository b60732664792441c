"""English: around a game (issue 20 §3, §4) — the rematch, the open lobbies (``/game open``),
``/help`` and the first-game walkthroughs."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- rematch -----------------------------------------------------------------------------
    "btn.rematch": "Rematch",
    "rematch_head": "🔁 Rematch of game #{game}.",
    "rematch_not_player": "Only the players of game #{game} can ask for a rematch.",
    "rematch_opened": "Rematch of game #{game}: the lobby is open, the other players are invited — {link}",
    "rematch_already": "The rematch is already open: {link}",
    "rematch_already_started": "The rematch is already on: game #{game}, {where}",
    # --- lobbies joined or started from elsewhere ----------------------------------------------
    "lobby_joined_elsewhere": "You're in the lobby: {link}",
    "started_elsewhere": "The game has started in {where}.",
    # --- /game open ----------------------------------------------------------------------------
    "open_in_server": "Open lobbies belong to a server: use this command in one.",
    "open.none": "No lobby or challenge is open in this server right now. Start one yourself: {commands}.",
    "open.title.one": "**One open lobby or challenge here:**",
    "open.title.other": "**{n} open lobbies and challenges here:**",
    "open.head": "**#{id} {kind}** ({options}) · {link}",
    "open.challenge": "{creator} challenges {invited}; only {invited} can join.",
    "open.lobby": "Players: {players} · {free} ({allowed} players)",
    "open.free.one": "{n} seat free",
    "open.free.other": "{n} seats free",
    "open.invited": "· only for the invited: {invited}",
    "open.page": "Page {page} of {pages}: `{command}` for the next.",
    "open.btn": "Join #{id}",
    # --- /help ---------------------------------------------------------------------------------
    "help.title": "Deskovka — board games in Discord",
    "help.intro": "Deskovka plays slow board games right here: a move tonight, the reply tomorrow. Every game "
    "has its own thread; the bot keeps the board, tells each player when it is their turn and survives "
    "restarts. It speaks English and Czech (`{language}`).",
    "help.games": "The games",
    "help.start_head": "Starting a game",
    "help.start": "Type the game's command in a channel, e.g. {new}. Name an opponent for a challenge, or "
    "nobody for an open lobby anyone can **{join}**. {open} lists the lobbies waiting for players; "
    "{rules} explains a game.",
    "help.private_head": "Your private view",
    "help.private": "What only you may see (your pieces, your hand) comes by DM, with the board. With DMs "
    "closed, press {buttons} under the game's posts or use {hand}; only you see the answer. {notify} "
    "chooses how you hear of your turn.",
    "help.commands": "The {game} commands",
    "help.computers_head": "Playing against the computer",
    "help.computers": "Seat computers with a new game's options `{opt_stratego_new__computers}:` and "
    "`{opt_stratego_new__level}:`, or with a lobby's **{label_btn__add_computer}**. A computer sees only what "
    "its seat may see. Games with a computer are not rated; `{cmd_game_stats}` shows your games against each "
    "level. What the levels do:",
    "rules_computers_stats": "Games with a computer are not rated; `{cmd_game_stats}` shows your games against "
    "each level.",
    # --- first-game walkthroughs ---------------------------------------------------------------
    "walk_head": "**First game of {title}?** How to read it and what to press first:",
    "walk_again": "_`{cmd_game_rules}` shows this again._",
}
