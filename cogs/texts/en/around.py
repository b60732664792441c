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
    "help.game.stratego": "**Stratego** — two hidden armies; capture the enemy Flag. {new}",
    "help.game.shitenno": "**Shitenno** — 2–4 generals share out cards and titles, then conquer Japan's "
    "provinces. {new}",
    "help.game.stroganov": "**Stroganov** — 1–4 cossacks hunt furs across Siberia; alone, you play against Ivan. {new}",
    "help.start_head": "Starting a game",
    "help.start": "Type the game's command in a channel, e.g. {new}. Name an opponent for a challenge, or "
    "nobody for an open lobby anyone can **{join}**. {open} lists the lobbies waiting for players; "
    "{rules} explains a game.",
    "help.private_head": "Your private view",
    "help.private": "What only you may see (your pieces, your hand) comes by DM, with the board. With DMs "
    "closed, press {buttons} under the game's posts or use {hand}; only you see the answer. {notify} "
    "chooses how you hear of your turn.",
    "help.commands": "The {game} commands",
    # --- first-game walkthroughs ---------------------------------------------------------------
    "walk_head": "**First game of {title}?** How to read it and what to press first:",
    "walk_again": "_`{cmd_game_rules}` shows this again._",
    "walk.stratego": "• Your pieces come by DM (or **{label_btn__my_pieces}** / `{cmd_game_hand}`): on your board "
    "you see your own ranks; the enemy's pieces stay blank until a battle shows them.\n"
    "• First your setup: the DM holds a random one. Change it with `{cmd_stratego_swap}` or "
    "`{cmd_stratego_setup}`, then press **{label_btn__ready}**. Once both are ready, Red moves first.\n"
    "• Your turn: press **{label_sg__btn__move}** under the newest post in the thread, pick a piece, then "
    "its square. The thread tells every move and battle.",
    "walk.shitenno": "• Your hand comes by DM (or **{label_btn__my_hand}** / `{cmd_game_hand}`); the board with "
    "the provinces, the pool of cards and the titles are public in the thread.\n"
    "• Each round begins with the sharing: the Tairō presses **{label_btn__lot_start}** to offer a title and "
    "cards; the player offered them presses **{label_btn__accept_lot}** or **{label_btn__refuse_lot}**.\n"
    "• Then control: on your turn press **{label_btn__conquer}** to take a position with the troop cards its "
    "province asks for, then **{label_btn__end_turn}**. The buttons are under the newest post.",
    "walk.stroganov": "• Everything is public: the turn message in the thread shows the board, whose turn it "
    "is and what happened; **{label_img__sv__button}** shows the whole board and every player's tableau.\n"
    "• Under the turn message are your decisions now, each with its cost: first choose your player board; "
    "then each turn: move east, a silver action, the extra actions 3a and 3b, and **{label_sv__btn__end}**.\n"
    "• `{cmd_stroganov_act}` makes any decision by typing, with suggestions.",
}
