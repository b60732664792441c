"""English: Stratego."""

from __future__ import annotations

RANKS = {
    "M": ("Marshal", "Marshals"),
    "9": ("General", "Generals"),
    "8": ("Colonel", "Colonels"),
    "7": ("Major", "Majors"),
    "6": ("Captain", "Captains"),
    "5": ("Lieutenant", "Lieutenants"),
    "4": ("Sergeant", "Sergeants"),
    "3": ("Miner", "Miners"),
    "2": ("Scout", "Scouts"),
    "S": ("Spy", "Spies"),
    "B": ("Bomb", "Bombs"),
    "F": ("Flag", "Flags"),
}

TEXTS: dict[str, str] = {
    "sg.title": "Stratego",
    "sg.thread_name": "Stratego #{game}: {red} vs {blue}",
    "sg.started": "**Stratego #{game}** — {red} plays **Red**, {blue} plays **Blue** ({options}).\n"
    "Set up your army in secret: I sent each of you your setup by DM (or use `{cmd_game_hand}`). "
    "Change it with `{cmd_stratego_setup}` and `{cmd_stratego_swap}`, then `{cmd_stratego_ready}`.",
    "sg.setup_dm": "**Stratego #{game}** — your setup as {colour}. This is a random draft; change it with "
    "`{cmd_stratego_setup} {opt_stratego_setup__code}:` / `{opt_stratego_setup__preset}:` / `{opt_stratego_setup__random}:` and `{cmd_stratego_swap} {opt_stratego_swap__a} {opt_stratego_swap__b}`, then press **Ready** "
    "or use `{cmd_stratego_ready}`. Your opponent sees nothing of it.",
    "sg.your_pieces": "**Stratego #{game}** — your pieces ({colour}).",
    "sg.draft": "Your draft for game #{game} (only you can see this). Press **Ready** when it is final.",
    "sg.draft_changed": "You changed your draft since this image: press **Ready** under the newest one, "
    "or use `{cmd_stratego_ready}`.",
    "sg.ready_status": "Setup: {red} {red_state} · {blue} {blue_state}",
    "sg.ready": "ready ✅",
    "sg.not_ready": "setting up ⏳",
    "sg.you_are_ready": "You are ready. Waiting for your opponent.",
    "sg.begin": "Both armies are in place. **{red}** (Red) moves first.",
    "sg.colour.red": "Red",
    "sg.colour.blue": "Blue",
    "sg.army.classic": "classic army",
    "sg.army.barrage": "barrage army",
    "sg.option.attacker_advantage": "Attacker advantage",
    "sg.option.silent_defence": "Silent defence",
    "sg.option.rescue": "Rescue",
    "sg.option.chase_rule": "chase rule",
    "sg.option.two_square_limit": "two-squares limit {n}",
    "sg.attacks": " and attacks ({attacker} against {defender})",
    "sg.moved": "{who} moves from {frm} to {to}{attack}{battle}{scout}.",
    "sg.battle.attacker": " — the attacker wins",
    "sg.battle.defender": " — the defender wins",
    "sg.battle.both": " — both pieces fall",
    "sg.scout_revealed": " (a Scout, revealed by its long move)",
    "sg.lost_yours": "you lost your {rank}",
    "sg.lost_theirs": "their {rank} fell",
    "sg.unknown_piece": "piece",
    "sg.rescued": "{who} rescues a {rank} onto {square}.",
    "sg.rescue_declined": "{who} declines the rescue.",
    "sg.rescue_prompt": "{user}, your piece reached the enemy back row: rescue a captured piece with "
    "`{cmd_stratego_rescue} {opt_stratego_rescue__piece}: {opt_stratego_rescue__square}:`, or decline with `{cmd_stratego_rescue}` (no options).",
    "sg.rescue_needs_square": "Say where the rescued piece goes with the `square` option.",
    "sg.your_turn": "{user}, your move.",
    "sg.your_turn_dm": "**Stratego #{game}** — your move ({colour}).",
    "sg.rescue_dm": "**Stratego #{game}** — your piece reached the enemy back row ({colour}): "
    "rescue a captured piece with `{cmd_stratego_rescue}`, or decline.",
    "sg.draw_offered": "{user} offers a draw. {opponent}: accept with `{cmd_stratego_draw}` or the button; "
    "making a move declines it.",
    "sg.draw_declined": "The draw offer was declined by moving.",
    "sg.draw_offer_gone": "That draw offer is out of date: it was declined by a move. Nothing was changed.",
    "sg.own_draw_offer": "That's your own draw offer: your opponent decides.",
    "sg.result.win": "{winner} wins ({reason}).",
    "sg.result.draw": "a draw ({reason}).",
    "sg.reason.flag": "the flag was captured",
    "sg.reason.no_moves": "the loser had no legal move left",
    "sg.reason.resign": "resignation",
    "sg.reason.both_immobile": "neither side can move",
    "sg.reason.agreed_draw": "agreed",
    "sg.reason.move_limit": "no battle for too long",
    "sg.reason.timeout": "time ran out",
    "sg.setup_one_source": "Give exactly one of `code`, `preset` or `random`.",
    "sg.attack": "attack",
    "sg.empty_square": "empty",
    "sg.nth.4": "fourth",
    "sg.nth.6": "sixth",
    "sg.nth.more": "further",
    "sg.too_few": "too few",
    "sg.too_many": "too many",
    "btn.ready": "Ready",
    "btn.my_pieces": "My pieces",
    "btn.accept_draw": "Accept draw",
    **{f"sg.rank.{r}": one for r, (one, _) in RANKS.items()},
    **{f"sg.count.{r}.one": f"{{n}} {one}" for r, (one, _) in RANKS.items()},
    **{f"sg.count.{r}.other": f"{{n}} {many}" for r, (_, many) in RANKS.items()},
    "sg.rules": "**Stratego** — two players, 10×10 board, each army hidden from the other.\n"
    "**Goal**: capture the enemy Flag, or leave the enemy without a legal move.\n"
    "**Setup**: each player arranges 40 pieces (Barrage: 8) on his own 4 rows, in secret. `{cmd_stratego_setup}` "
    "(code, preset or random), `{cmd_stratego_swap} {opt_stratego_swap__a} {opt_stratego_swap__b}`, then `{cmd_stratego_ready}`.\n"
    "**Moves**: one piece one square forward, back or sideways; Scouts any distance in a straight line "
    "and may attack at the end. Bombs and the Flag never move. Nobody enters the lakes.\n"
    "**Battles**: the higher rank wins, equal ranks both fall. The Spy beats the Marshal only when it "
    "attacks. Only a Miner defuses a Bomb. `{cmd_stratego_move} {opt_stratego_move__from} {opt_stratego_move__to}`.\n"
    "**Two-squares rule**: a piece may not shuttle between the same two squares more than 3 times in a row (or 5).\n"
    "**Options** for `{cmd_stratego_new}`: `{opt_stratego_new__army}` {choice_classic}|{choice_barrage} · `{opt_stratego_new__attacker_advantage}` (equal ranks: the attacker "
    "wins) · `{opt_stratego_new__silent_defence}` (only the attacker's rank is revealed, except against Scouts) · `{opt_stratego_new__rescue}` (reach the "
    "enemy back row to bring back a captured piece, twice per game) · `{opt_stratego_new__two_square_limit}` 3|5 · `{opt_stratego_new__chase_rule}` "
    "(no endless chasing).\n"
    "**Also**: `{cmd_stratego_draw}` offers or accepts a draw; `{cmd_game_resign}`; `{cmd_game_hand}` shows your pieces.",
    "err.wrong_phase.setup_in_progress": "The game hasn't started yet: both players must finish their setup first.",
    "err.wrong_phase.setup_over": "Setup is over — the pieces are already on the board.",
    "err.wrong_phase.rescue_pending": "You must first decide on the rescue (`{cmd_stratego_rescue}`).",
    "err.wrong_phase.no_rescue_pending": "There is no rescue to decide right now.",
    "err.no_draw_offer": "Your opponent hasn't offered a draw.",
    "err.already_ready": "You already confirmed your setup; it is final.",
    "err.not_in_zone": "{square} is not in your setup zone: you set up on rows {rows}.",
    "err.draw_already_offered": "You have already offered a draw.",
    "err.draw_offer_pending": "Your opponent has offered a draw — accept it with `{cmd_stratego_draw}`.",
    "err.no_piece": "There is no piece on {square}.",
    "err.not_your_piece": "The piece on {square} isn't yours.",
    "err.immobile": "Your {rank} on {square} can't move: Bombs and the Flag never move.",
    "err.same_square": "A move must go somewhere else than {square}.",
    "err.lake": "{square} is a lake: no piece may enter or cross it.",
    "err.own_piece": "{square} is occupied by your own piece.",
    "err.not_adjacent": "Your {rank} moves one square forward, back or sideways: {frm} → {to} is too far or diagonal.",
    "err.two_squares": "{frm} → {to} would move that piece back and forth a {nth} time (two-squares rule).",
    "err.chase": "{frm} → {to} would repeat a position of your chase (chase rule): move another way or another piece.",
    "err.not_straight": "A Scout moves in a straight line: {frm} → {to} is not one.",
    "err.blocked": "The way from {frm} to {to} is blocked on {by}.",
    "err.rescue_bomb": "A Bomb can't be rescued.",
    "err.rescue_not_captured": "You have no captured {rank} to rescue.",
    "err.rescue_not_own_half": "A rescued piece goes on an empty square of your own half; {square} is not one.",
    "err.rescue_occupied": "{square} is occupied; choose an empty square.",
    "err.unknown_square": "{text} is not a square. Squares are A1 to J10.",
    "err.setup_rows": "A setup code has 4 rows separated by `/`, not {rows}.",
    "err.setup_row_length": "Row {row} of the code has {length} letters; each row has 10.",
    "err.setup_length": "A setup code has 40 letters (4 rows of 10); this one has {length}.",
    "err.setup_letter": "`{letter}` (letter {position}) is not a piece. Use M 9 8 7 6 5 4 3 2 S B F, and . for empty.",
    "err.setup_counts": "That setup has the wrong pieces: {counts}.",
    "err.gravon_mixed_colours": "That StraDoS2 string mixes Red and Blue letters.",
    "err.unknown_preset": "There is no preset {name}. Presets: {known}.",
    "err.unknown_rank": "{text} is not a rank. Use M, 9 … 2, S (or 10 for the Marshal).",
    "err.bad_swap": "Swap needs two squares, like `A1 B1`.",
    "sg.btn.move": "Move…",
    "sg.pick.piece_text": "Which piece do you move?",
    "sg.pick.which_piece": "Your piece",
    "sg.pick.piece": "{rank} on {square}",
    "sg.pick.unknown": "piece",
    "sg.pick.more.one": "{n} more piece…",
    "sg.pick.more.other": "{n} more pieces…",
    "sg.pick.target_text": "Where does your {rank} on {square} go?",
    "sg.pick.where": "Where to ({rank} on {square})",
    "sg.pick.to": "to {square}",
    "sg.pick.attack": "attack {square}",
    "sg.pick.attack_known": "attack the {rank} on {square}",
    "sg.pick.no_moves": "None of your pieces can move.",
    "sg.pick.not_your_move": "It is not your move now.",
    # images (issue 19)
    "img.sg.ply": "Ply {n}",
    "img.sg.waiting": "Waiting",
    "img.sg.your_move": "Your move",
    "img.sg.to_move": "{name} to move",
    "img.sg.choose_rescue": "{title}: choose a piece to rescue",
    "img.sg.rescue_pending": "{title}: rescue pending",
    "img.sg.setup_title": "Setup",
    "img.sg.your_zone": "Your zone: rows {rows}, at the bottom",
    "img.sg.setup_public": "Both setups stay hidden until the game starts",
    "img.sg.hidden_ready": "setup hidden, ready",
    "img.sg.hidden_not_ready": "setup hidden, not ready yet",
    "img.sg.ready": "ready",
    "img.sg.not_ready": "not ready yet",
    "img.sg.last_move": "Last move: {name}, {frm} → {to}",
    "img.sg.rescued": "{name} rescued a {rank} to {square}",
    "img.sg.rescue_declined": "{name} declined a rescue",
    "img.sg.draw_offer": "{name} offers a draw",
    "img.sg.rescue_pending_by": "{name}: rescue pending",
    "img.sg.wins": "{name} wins",
    "img.sg.draw": "Draw",
    "img.sg.you_won": "{title}  ·  you won",
    "img.sg.you_lost": "{title}  ·  you lost",
    "img.sg.game_over": "Game over: {reason}",
    "img.sg.reason.flag": "{loser}'s flag was captured",
    "img.sg.reason.no_moves": "{loser} has no legal move",
    "img.sg.reason.resign": "{loser} resigned",
    "img.sg.reason.timeout": "{loser} ran out of time",
    "img.sg.reason.both_immobile": "neither side can move",
    "img.sg.reason.agreed_draw": "draw agreed",
    "img.sg.reason.move_limit.one": "{n} move without a battle",
    "img.sg.reason.move_limit.other": "{n} moves without a battle",
    "img.sg.you": "{name} (you)",
    "img.sg.lost.one": "lost {n} piece",
    "img.sg.lost.other": "lost {n} pieces",
    "img.sg.none": "none",
    "img.sg.last_battle": "Last battle  ·  ply {n}",
    "img.sg.vs": "vs",
    "img.sg.battle.attacker": "attacker won",
    "img.sg.battle.defender": "defender held",
    "img.sg.battle.both": "both removed",
    "img.sg.to_place": "To place: {n} of {total}",
    "img.sg.all_placed": "All placed",
    "img.sg.army.classic": "Classic army",
    "img.sg.army.barrage": "Barrage army",
    "img.sg.army.other": "{army} army",
    "img.sg.no_variants": "{army}, no variants",
    "img.sg.option.silent_defence": "Silent defence",
    "img.sg.option.attacker_advantage": "Attacker advantage",
    "img.sg.option.rescue": "Rescue",
    "img.sg.option.chase_rule": "Chase rule",
    "img.sg.two_squares": "two-squares limit {n}",
    "img.sg.rescues_used": "Rescues used: {red} {a}/2, {blue} {b}/2",
    "img.sg.no_battle": "Moves without a battle: {n} of {limit}",
    "img.sg.legend.move": "last move",
    "img.sg.legend.battle": "last battle",
    "img.sg.legend.moved": "has moved",
    "img.sg.legend.known": "known to the opponent",
    # --- around the game: /help, the first-game walkthrough, /game rules, ratings -----------
    "rules_computers.stratego": "**Playing against the computer** (Stratego): `{cmd_stratego_new} "
    "{opt_stratego_new__computers}:1 {opt_stratego_new__level}:{choice_hard}` starts the game at once. The computer "
    "sets up from a library of sound setups (the Flag on the back row behind Bombs), a little different every "
    "game. It sees only what you would see in its place: it learns your ranks from battles, never by peeking.\n"
    "• **Easy**: thinks one move at a time — attacks when the odds it can see favour it, otherwise "
    "advances and steps away from known stronger pieces; a little at random.\n"
    "• **Normal**: guesses your hidden pieces from what it saw (a piece that moved is no Bomb or Flag, ranks "
    "shown in battles, what is left) and looks three moves ahead over many such guesses; when your pieces come "
    "near its Flag, it weighs defending it.\n"
    "• **Hard**: looks further (four moves ahead, many more guesses) and also values Bombs around its Flag and "
    "the danger of a Miner coming through them, a guard at home that stops a Miner, a defender close to any piece of yours near it, stepping away from "
    "stronger pieces it knows, and keeping its own ranks hidden; when no battle comes for long, it goes looking "
    "for one rather than drift into a draw. "
    "It tries pieces that never moved (they may be Bombs) only with its lesser pieces (with none left, not while "
    "most of them must be Bombs), and once it knows nearly where your Flag stands, it sends a piece to take it (past Bombs, a Miner).\n"
    "It never resigns, offers or accepts a draw.",
    "help_computers.stratego": "**Stratego** — easy: attacks when the odds favour it, else advances; normal: "
    "guesses your hidden pieces and looks three moves ahead; hard: looks further and guards its Flag.",
    "help.game.stratego": "**Stratego** — two hidden armies; capture the enemy Flag. {new}",
    "walk.stratego": "• Your pieces come by DM (or **{label_btn__my_pieces}** / `{cmd_game_hand}`): on your board "
    "you see your own ranks; the enemy's pieces stay blank until a battle shows them.\n"
    "• First your setup: the DM holds a random one. Change it with `{cmd_stratego_swap}` or "
    "`{cmd_stratego_setup}`, then press **{label_btn__ready}**. Once both are ready, Red moves first.\n"
    "• Your turn: press **{label_sg__btn__move}** under the newest post in the thread, pick a piece, then "
    "its square. The thread tells every move and battle.",
}
