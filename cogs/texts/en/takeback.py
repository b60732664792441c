"""English: takeback by agreement (issue 20 §3) — asking, answering, and how a request ends."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "takeback.asked": "↩️ {user} asks to take back their last decision in game #{game}. {waiting}: do you agree? "
    "The request lapses in a day, or as soon as anyone acts.",
    "takeback.agreed_so_far": "Agreed so far: {agreed}. Still to answer: {waiting}.",
    "takeback.all_agreed": "✅ Everyone agreed: the decision is taken back.",
    "takeback.refused_by": "❌ {user} refused: the decision stands.",
    "takeback.lapsed_acted": "⌛ Lapsed: the game went on before everyone agreed.",
    "takeback.lapsed_over": "⌛ Lapsed: the game is over.",
    "takeback.lapsed_time": "⌛ Lapsed: not everyone answered within a day.",
    "takeback.done": "↩️ By agreement, {user}'s last decision is taken back. This is the game as it was before it.",
    "takeback.done_plain": "↩️ By agreement, the last decision is taken back.",
    "takeback.done_alone": "↩️ {user} takes back their last decision (nobody else to ask). This is the game as it was before it.",
    "takeback.done_solo": "↩️ Your last decision in game #{game} is taken back (nobody else to ask).",
    "takeback.no.refused": "Your request to take back this decision in game #{game} was refused already: "
    "one request per decision.",
    "takeback.sent": "Asked the other players of game #{game} whether you may take back your last decision.",
    "takeback.already": "A request to take back a decision in game #{game} is open already: "
    "the other players answer it in the game's thread.",
    "takeback.counted": "Your agreement is counted.",
    "takeback.refused_ok": "You refused: the decision stands.",
    "takeback.own": "This is your own request: the other players answer it.",
    "takeback.not_asked": "Only the other players of game #{game} answer this request.",
    "takeback.gone": "This request is over: the game went on, or it was answered already.",
    "takeback.moved_on": "Game #{game} went on meanwhile: nothing was taken back.",
    "takeback.vote_moot": "{user} no longer waits: the decision before was taken back.",
    "takeback.no.nothing": "There is no decision to take back in game #{game} yet.",
    "takeback.no.not_yours": "The last decision in game #{game} was not yours: only the player who made it "
    "may ask to take it back.",
    "takeback.no.acted_since": "Someone else has acted in game #{game} since your last decision: "
    "it can no longer be taken back.",
    "takeback.no.revealed": "Your last decision in game #{game} cannot be taken back: it showed something hidden "
    "(a battle, a scout, a drawn card or tile, cards of a hand) or it may not be undone.",
    "btn.take_back": "Take back",
    "takeback.not_mover": "Only {user} can ask to take back this decision in game #{game}: it was theirs.",
    "takeback.moved_on_since": "Game #{game} went on since that decision: it can no longer be taken back.",
    "btn.takeback_agree": "Agree to take back",
    "btn.takeback_refuse": "Refuse",
}
