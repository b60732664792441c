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
    "Set up your army in secret: I sent each of you your setup by DM (or use `/game hand`). "
    "Change it with `/stratego setup` and `/stratego swap`, then `/stratego ready`.",
    "sg.setup_dm": "**Stratego #{game}** — your setup as {colour}. This is a random draft; change it with "
    "`/stratego setup code:` / `preset:` / `random:` and `/stratego swap a b`, then press **Ready** "
    "or use `/stratego ready`. Your opponent sees nothing of it.",
    "sg.your_pieces": "**Stratego #{game}** — your pieces ({colour}).",
    "sg.draft": "Your draft for game #{game} (only you can see this). Press **Ready** when it is final.",
    "sg.draft_changed": "You changed your draft since this image: press **Ready** under the newest one, "
    "or use `/stratego ready`.",
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
    "`/stratego rescue piece: square:`, or decline with `/stratego rescue` (no options).",
    "sg.rescue_needs_square": "Say where the rescued piece goes with the `square` option.",
    "sg.your_turn": "{user}, your move.",
    "sg.your_turn_dm": "**Stratego #{game}** — your move ({colour}).",
    "sg.rescue_dm": "**Stratego #{game}** — your piece reached the enemy back row ({colour}): "
    "rescue a captured piece with `/stratego rescue`, or decline.",
    "sg.draw_offered": "{user} offers a draw. {opponent}: accept with `/stratego draw` or the button; "
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
    "**Setup**: each player arranges 40 pieces (Barrage: 8) on his own 4 rows, in secret. `/stratego setup` "
    "(code, preset or random), `/stratego swap a b`, then `/stratego ready`.\n"
    "**Moves**: one piece one square forward, back or sideways; Scouts any distance in a straight line "
    "and may attack at the end. Bombs and the Flag never move. Nobody enters the lakes.\n"
    "**Battles**: the higher rank wins, equal ranks both fall. The Spy beats the Marshal only when it "
    "attacks. Only a Miner defuses a Bomb. `/stratego move from to`.\n"
    "**Two-squares rule**: a piece may not shuttle between the same two squares more than 3 times in a row (or 5).\n"
    "**Options** for `/stratego new`: `army` classic|barrage · `attacker_advantage` (equal ranks: the attacker "
    "wins) · `silent_defence` (only the attacker's rank is revealed, except against Scouts) · `rescue` (reach the "
    "enemy back row to bring back a captured piece, twice per game) · `two_square_limit` 3|5 · `chase_rule` "
    "(no endless chasing).\n"
    "**Also**: `/stratego draw` offers or accepts a draw; `/game resign`; `/game hand` shows your pieces.",
    "err.wrong_phase.setup_in_progress": "The game hasn't started yet: both players must finish their setup first.",
    "err.wrong_phase.setup_over": "Setup is over — the pieces are already on the board.",
    "err.wrong_phase.rescue_pending": "You must first decide on the rescue (`/stratego rescue`).",
    "err.wrong_phase.no_rescue_pending": "There is no rescue to decide right now.",
    "err.no_draw_offer": "Your opponent hasn't offered a draw.",
    "err.already_ready": "You already confirmed your setup; it is final.",
    "err.not_in_zone": "{square} is not in your setup zone: you set up on rows {rows}.",
    "err.draw_already_offered": "You have already offered a draw.",
    "err.draw_offer_pending": "Your opponent has offered a draw — accept it with `/stratego draw`.",
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
}
