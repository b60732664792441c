"""English: Shitenno."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "err.already_flipped": "You have already turned a stone golden this round.",
    "err.bad_payment": "That payment isn't allowed ({rule}).",
    "err.card_not_in_hand": "{card} isn't in your hand.",
    "err.card_not_in_pool": "{card} isn't in the pool.",
    "err.conquest_limit": "You have already made 2 conquests this turn.",
    "err.joker_unavailable": "Only the Hatamoto may use the joker, once per round.",
    "err.named_twice": "{item} is named twice.",
    "err.no_stone": "You have no stones left.",
    "err.not_expected_action": "Not now: you must {expected}.",
    "err.not_own_simple_stone": "{province} {position} isn't one of your simple stones.",
    "err.not_sensei": "Only the Sensei can turn a stone golden.",
    "err.province_full": "{province} is full.",
    "err.split_leaves_cards": "Every pool card must go into a lot; {cards} are left.",
    "err.split_same_tile": "The two lots need different tiles; both have {tile}.",
    "err.tile_not_available": "The {tile} tile is already in a lot.",
    "err.tile_not_kept": "You don't hold the tile {tile}.",
    "err.tile_wrong_effect": "{tile} isn't a {effect} tile.",
    "err.troop_piles_empty": "No troop cards are left to draw.",
    "err.generals_count": "{given} generals were picked for {players} players.",
    "err.unknown_general": "`{pick}` is not a general; choose from {known}.",
    "err.general_taken": "{pick} was picked twice.",
    "err.wrong_phase.not_control": "That can only be done in the control phase.",
    "err.wrong_phase.not_sharing": "That can only be done in the sharing phase.",
}
