"""Every sentence the bot says, in one place per language (DESIGN §5), and the words for the
engines' typed errors. Only English so far; a Czech table can follow with the same keys."""

from __future__ import annotations

from typing import Any

from rules.errors import RuleError
from rules.stratego.board import name as square_name
from rules.stratego.pieces import NAMES as RANK_NAMES

EN: dict[str, str] = {
    # --- generic -----------------------------------------------------------------------------
    "oops": "Sorry, something went wrong on my side. Nothing was changed; please try again.",
    "stale_plain": "That button or command is out of date (someone acted first) — nothing was changed.",
    "no_game": "I can't find that game.",
    "which_game": "You have several games here — pick one with the `game` option: {games}.",
    "no_active_game": "You have no active game here. Start one with `/stratego new`.",
    "not_a_player": "You are not playing in game #{game}.",
    "not_active": "Game #{game} is {status}.",
    "game_line": "#{id} {kind}: {players} — {turn}",
    "turn_of": "{who} to move since <t:{since}:R>",
    "setup_waiting": "setting up since <t:{since}:R> (waiting for {who})",
    "no_games_listed": "You have no active games in this server.",
    "lobby_line": "#{id} {kind}: open challenge by {creator}",
    "your_games": "Your active games:\n{lines}",
    "dm_failed": "{user}, I can't send you direct messages (your DMs are closed). "
    "Use `/game hand` or the **My pieces** button to see your pieces privately.",
    "cancel_not_allowed": "Only the player who created game #{game} or a member with Manage Server can cancel it.",
    "cancelled": "Game #{game} was cancelled by {user}. It is not counted as a win or a loss.",
    "log_empty": "No moves yet.",
    "log_head": "Last moves of game #{game}:",
    "board_caption": "Game #{game} — {status}",
    "hand_caption": "Your view of game #{game} (only you can see this).",
    "unknown_rules": "I don't know a game called `{name}`.",
    # --- challenges --------------------------------------------------------------------------
    "challenge_direct": "{creator} challenges {opponent} to **{kind}** ({options}). {opponent}, accept?",
    "challenge_open": "{creator} is looking for an opponent for **{kind}** ({options}). Press **Join** to play.",
    "challenge_self": "You can't challenge yourself.",
    "challenge_bot": "Bots don't play board games (yet). Pick a human opponent.",
    "challenge_not_for_you": "This challenge is for {opponent}, not for you.",
    "challenge_own": "You can't accept your own challenge.",
    "challenge_declined": "{opponent} declined the challenge from {creator}.",
    "challenge_withdrawn": "{creator} withdrew the challenge.",
    "challenge_withdraw_not_yours": "Only {creator} can withdraw this challenge.",
    "challenge_accepted": "{opponent} accepted! The game is on in {where}.",
    "challenge_gone": "This challenge is no longer open.",
    # --- Stratego ----------------------------------------------------------------------------
    "sg.thread_name": "Stratego #{game}: {red} vs {blue}",
    "sg.started": "**Stratego #{game}** — {red} plays **Red**, {blue} plays **Blue** ({options}).\n"
    "Set up your army in secret: I sent each of you your setup by DM (or use `/game hand`). "
    "Change it with `/stratego setup` and `/stratego swap`, then `/stratego ready`.",
    "sg.setup_dm": "**Stratego #{game}** — your setup as {colour}. This is a random draft; change it with "
    "`/stratego setup code:` / `preset:` / `random:` and `/stratego swap a b`, then press **Ready** "
    "or use `/stratego ready`. Your opponent sees nothing of it.",
    "sg.draft": "Your draft for game #{game} (only you can see this). Press **Ready** when it is final.",
    "sg.ready_status": "Setup: {red} {red_state} · {blue} {blue_state}",
    "sg.ready": "ready ✅",
    "sg.not_ready": "setting up ⏳",
    "sg.you_are_ready": "You are ready. Waiting for your opponent.",
    "sg.begin": "Both armies are in place. **{red}** (Red) moves first.",
    "sg.moved": "{colour} {notation}{battle}{scout}",
    "sg.battle.attacker": " — the attacker wins",
    "sg.battle.defender": " — the defender wins",
    "sg.battle.both": " — both pieces fall",
    "sg.scout_revealed": " (a Scout, revealed by its long move)",
    "sg.rescued": "{colour} rescues a {rank} onto {square}.",
    "sg.rescue_declined": "{colour} declines the rescue.",
    "sg.rescue_prompt": "{user}, your piece reached the enemy back row: rescue a captured piece with "
    "`/stratego rescue piece: square:`, or decline with `/stratego rescue` (no options).",
    "sg.your_turn": "{user}, your move.",
    "sg.your_turn_dm": "**Stratego #{game}** — your move ({colour}). Last: {last}. "
    "Play in {where} with `/stratego move`.",
    "sg.draw_offered": "{user} offers a draw. {opponent}: accept with `/stratego draw` or the button; "
    "making a move declines it.",
    "sg.draw_declined": "The draw offer was declined by moving.",
    "sg.over": "**Game over** — {result}",
    "sg.result.win": "{winner} wins ({reason}).",
    "sg.result.draw": "a draw ({reason}).",
    "sg.reason.flag": "the flag was captured",
    "sg.reason.no_moves": "the loser had no legal move left",
    "sg.reason.resign": "resignation",
    "sg.reason.both_immobile": "neither side can move",
    "sg.reason.agreed_draw": "agreed",
    "sg.reason.move_limit": "no battle for too long",
    "sg.reason.timeout": "time ran out",
    "sg.move_ok_elsewhere": "Done. The game and its board are in {where}.",
    "sg.setup_one_source": "Give exactly one of `code`, `preset` or `random`.",
    # --- button labels -----------------------------------------------------------------------
    "btn.accept": "Accept",
    "btn.decline": "Decline",
    "btn.join": "Join",
    "btn.withdraw": "Withdraw",
    "btn.ready": "Ready",
    "btn.my_pieces": "My pieces",
    "btn.accept_draw": "Accept draw",
}

# Words for the engines' error codes: "<kind>.<code>" or just "<code>". Parameters named
# square/frm/to/by are board squares, ``rank`` a rank letter; they are turned into words first.
ERRORS_EN: dict[str, str] = {
    "not_your_turn.not_your_turn": "It is not your turn — {to_move} is to move.",
    "not_your_turn.not_a_player": "You are not a player in this game.",
    "game_over.game_over": "This game is already over.",
    "wrong_phase.setup_in_progress": "The game hasn't started yet: both players must finish their setup first.",
    "wrong_phase.setup_over": "Setup is over — the pieces are already on the board.",
    "wrong_phase.rescue_pending": "You must first decide on the rescue (`/stratego rescue`).",
    "wrong_phase.no_rescue_pending": "There is no rescue to decide right now.",
    "no_draw_offer": "Your opponent hasn't offered a draw.",
    "already_ready": "You already confirmed your setup; it is final.",
    "not_in_zone": "{square} is not in your setup zone.",
    "draw_already_offered": "You have already offered a draw.",
    "draw_offer_pending": "Your opponent has offered a draw — accept it with `/stratego draw`.",
    "no_piece": "There is no piece on {square}.",
    "not_your_piece": "The piece on {square} isn't yours.",
    "immobile": "Your {rank} on {square} can't move: Bombs and the Flag never move.",
    "same_square": "A move must go somewhere else than {square}.",
    "lake": "{square} is a lake: no piece may enter or cross it.",
    "own_piece": "{square} is occupied by your own piece.",
    "not_adjacent": "Your {rank} moves one square forward, back or sideways: {frm} → {to} is too far or diagonal.",
    "two_squares": "{frm} → {to} would move that piece back and forth a {nth} time (two-squares rule).",
    "chase": "{frm} → {to} would repeat a position of your chase (chase rule): move another way or another piece.",
    "not_straight": "A Scout moves in a straight line: {frm} → {to} is not one.",
    "blocked": "The way from {frm} to {to} is blocked on {by}.",
    "rescue_bomb": "A Bomb can't be rescued.",
    "rescue_not_captured": "You have no captured {rank} to rescue.",
    "rescue_not_own_half": "A rescued piece goes on an empty square of your own half; {square} is not one.",
    "rescue_occupied": "{square} is occupied; choose an empty square.",
    "unknown_square": "`{text}` is not a square. Squares are A1 to J10.",
    "setup_rows": "A setup code has 4 rows separated by `/`, not {rows}.",
    "setup_row_length": "Row {row} of the code has {length} letters; each row has 10.",
    "setup_length": "A setup code has 40 letters (4 rows of 10); this one has {length}.",
    "setup_letter": "`{letter}` (letter {position}) is not a piece. Use M 9 8 7 6 5 4 3 2 S B F, and . for empty.",
    "setup_counts": "That setup has the wrong pieces: {counts}.",
    "gravon_mixed_colours": "That StraDoS2 string mixes Red and Blue letters.",
    "unknown_preset": "There is no preset `{name}`. Presets: {known}.",
    "unknown_rank": "`{text}` is not a rank. Use M, 9 … 2, S (or 10 for the Marshal).",
    "bad_swap": "Swap needs two squares, like `A1 B1`.",
    "bad_action": "I can't read `{text}`.",
    "option_choice": "`{value}` is not allowed for {option}: choose one of {choices}.",
    "option_range": "{option} must be between {minimum} and {maximum}.",
    "option_type": "{option} has the wrong type.",
    "unknown_option": "Unknown option(s): {options}.",
    "player_count": "This game is for {allowed} players.",
    # --- Shitenno -----------------------------------------------------------------------------
    "already_flipped": "You have already turned a stone golden this round.",
    "bad_payment": "That payment isn't allowed ({rule}).",
    "card_not_in_hand": "{card} isn't in your hand.",
    "card_not_in_pool": "{card} isn't in the pool.",
    "conquest_limit": "You have already made 2 conquests this turn.",
    "joker_unavailable": "Only the Hatamoto may use the joker, once per round.",
    "named_twice": "{item} is named twice.",
    "no_stone": "You have no stones left.",
    "not_expected_action": "Not now: you must {expected}.",
    "not_own_simple_stone": "{province} {position} isn't one of your simple stones.",
    "not_sensei": "Only the Sensei can turn a stone golden.",
    "province_full": "{province} is full.",
    "split_leaves_cards": "Every pool card must go into a lot; {cards} are left.",
    "split_same_tile": "The two lots need different tiles; both have {tile}.",
    "tile_not_available": "The {tile} tile is already in a lot.",
    "tile_not_kept": "You don't hold the tile {tile}.",
    "tile_wrong_effect": "{tile} isn't a {effect} tile.",
    "troop_piles_empty": "No troop cards are left to draw.",
    "generals_count": "{given} generals were picked for {players} players.",
    "unknown_general": "`{pick}` is not a general; choose from {known}.",
    "general_taken": "{pick} was picked twice.",
    "wrong_phase.not_control": "That can only be done in the control phase.",
    "wrong_phase.not_sharing": "That can only be done in the sharing phase.",
    # --- Stroganov ----------------------------------------------------------------------------
    "bad_notation.bad_board": "`{token}` is not a board: write its number and side, like `2B`.",
    "bad_notation.bad_fee": "Write the 3b fee after the action, like `wish R4 fee 7`.",
    "bad_notation.bad_hunt": "Hunt one or two different items by their place in the line, like `hunt 2` or `hunt 1 3`.",
    "bad_notation.bad_id": "`{token}` is not a card or tile name.",
    "bad_notation.bad_number": "`{token}` must be a number from {minimum} to {maximum}.",
    "bad_notation.bad_region": "`{token}` is not a region: use R1 to R5.",
    "bad_notation.bad_step": "`{token}` is not a move: write e or w and 1–3 positions, like `e2`.",
    "bad_notation.bad_payment": "`{token}` is not a payment: use a fur value like `5`, `tiger`, or `sub3` (3 + coin).",
    "bad_notation.empty": "Say what you want to do.",
    "bad_notation.malformed_action": "That action is not well formed.",
    "already_built": "You already have an outpost in R{region}.",
    "bag_empty": "The bag is empty: there is no fur to draw.",
    "board_taken": "Board {board} is already taken.",
    "coins_short": "That needs {need} coin(s); you have {have}.",
    "exchange_same_value": "Exchanging a {value} for a {value} changes nothing; take a fur of another value.",
    "fee_required": "Your second extra action (3b) costs a fee: add it, like `coin fee 3`.",
    "fee_twice": "An action has only one fee.",
    "horses_short": "That needs {need} horse(s); you have {have}.",
    "missing_fur": "You don't have enough furs of value {value} for that (need {need}, have {have}).",
    "missing_tiger": "You don't have enough tigers for that (need {need}, have {have}).",
    "move_range": "You can move 1 to {maximum} positions east, not {k}.",
    "no_access": "You can act in R{region} only while standing there or with an outpost there.",
    "no_keeneye": "Paying horses for a second item needs the KEENEYE wish.",
    "no_outpost_in_supply": "You have no outpost in supply: recruit one first.",
    "no_such_item": "That tile has only {items} item(s); there is no item {item}.",
    "no_wish": "R{region} has no tsar wish to take.",
    "no_yurt": "R{region} has no yurt to visit.",
    "not_in_market": "There is no {value} in the market.",
    "nothing_to_hunt": "There is nothing to hunt at position {position}.",
    "payment_count": "That needs {need} payment entries; you gave {given}.",
    "region_full": "R{region} has no free outpost slot.",
    "reserve_empty": "You have no outposts left in reserve.",
    "song_not_displayed": "{song} is not on display.",
    "step_off_row": "That move would end at position {to}, off the row (1–12).",
    "step_range": "You can move 1 to {maximum} positions this way, not {k}.",
    "stories_short": "That song costs {need} stories; you have {have}.",
    "sub_not_needed": "Any fur or tiger pays this; no coin needed — give the fur itself.",
    "sub_same_value": "A substitution uses a fur of another value; a {given} pays for itself.",
    "supply_not_empty": "You can recruit only when your supply has no outpost.",
    "tile_not_in_row": "That landscape tile is not in the row.",
    "track_end": "Your trophy marker is on the last space already.",
    "trade_effects": "A trade gives exactly {need} effects; you chose {given}.",
    "wish_not_held": "You don't hold {wish}.",
    "wrong_fur": "A {given} doesn't pay for a {need} here (use a tiger, or `sub{given}` with a coin).",
    "not_your_turn.no_such_seat": "You are not a player in this game.",
    "wrong_phase.actions_done": "You have taken all your actions this turn: only free actions and `end` remain.",
    "wrong_phase.choose_board": "First choose your player board, like `board 2B`.",
    "wrong_phase.move_first": "Move first (1 to 5 positions east).",
    "wrong_phase.moved_already": "You have already moved this turn.",
    "wrong_phase.no_fee_now": "Only the second extra action (3b) takes a fee.",
    "wrong_phase.not_now": "`{action}` can't be done now.",
    "wrong_phase.silver_first": "Take your silver action first.",
    "wrong_phase.silver_phase": "Your first action after moving must be a silver action.",
    "wrong_phase.song_phase": "It is winter: buy a song or pass.",
    "wrong_phase.trophy_pending": "First decide your trophy action: `trophy <fur>` or `trophy stay`.",
}

_ORDINAL = {3: "fourth", 5: "sixth"}


def t(key: str, **params: Any) -> str:
    return EN[key].format(**params)


def rank_word(rank: str) -> str:
    return RANK_NAMES.get(rank, rank)


def _counts(too_few: dict[str, int], too_many: dict[str, int]) -> str:
    def part(rank: str, n: int, word: str) -> str:
        noun = rank_word(rank) + ("s" if n != 1 else "")
        return f"{n} {noun} too {word}"

    parts = [part(r, n, "few") for r, n in too_few.items()] + [part(r, n, "many") for r, n in too_many.items()]
    return ", ".join(parts)


def describe(error: RuleError) -> str:
    """Plain words for a rule error; never the raw code unless no words exist for it."""
    params: dict[str, Any] = dict(error.params)
    for key in ("square", "frm", "to", "by"):
        if isinstance(params.get(key), int):
            params[key] = square_name(params[key])
    if "rank" in params and isinstance(params["rank"], str):
        params["rank"] = rank_word(params["rank"])
    if error.code == "two_squares":
        params["nth"] = _ORDINAL.get(params.get("limit", 3), "further")
    if error.code == "setup_counts":
        params["counts"] = _counts(params.get("too_few", {}), params.get("too_many", {}))
    for key in ("known", "choices", "options", "cards"):
        if isinstance(params.get(key), list):
            params[key] = ", ".join(str(x) for x in params[key])
    template = ERRORS_EN.get(f"{error.kind}.{error.code}") or ERRORS_EN.get(error.code)
    if template is None:
        return f"That isn't allowed ({error.code})."
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template
