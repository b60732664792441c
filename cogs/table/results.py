"""A game's result in words (issue 44 §1): one outcome, told one way. Every place that states how a
game ended — the game-over post and DMs, the thread's new name, ``/game history``, ``/game board``
and ``/game replay`` on a finished game, a press on its old buttons — takes its words from here,
and here they come from the stored verdict alone (:meth:`db.records.GameRecord.verdict`): who won,
or the automa, or a draw, or that the game was cancelled or expired. ``/game stats`` counts the
same verdict (``db/ratings.py``), and the record file names it (``cogs/table/core/record.py``).

Pure: no Discord, no store; the names of the players are the caller's (display names for a
thread's name, which cannot mention anyone; mentions in messages).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.table.ui import GameUI, mention
from cogs.texts import join_words, t
from db.records import GameRecord, Verdict, computer_level
from rules.protocol import Ending


def winner_names(ui: GameUI[Any], rec: GameRecord, names: Sequence[str], locale: str) -> str | None:
    """Who won, in words (``names``: the players by seat), the automa by its name; None when
    nobody did (a draw, a game cancelled or expired)."""
    verdict = rec.verdict
    if verdict is Verdict.AUTOMA_WON:
        return ui.automa_name(locale) or t("short.automa", locale)
    if verdict is not Verdict.WON or rec.outcome is None:
        return None
    seats = [s for s in rec.outcome.winners if s < len(names)]
    return join_words(list(dict.fromkeys(names[s] for s in seats)), locale)


def short_result(ui: GameUI[Any], rec: GameRecord, names: Sequence[str], locale: str) -> str:
    """The result in a few words, for the thread's name ("alice won", "Ivan won", "draw",
    "cancelled"); ``names``: the players' display names by seat."""
    won = winner_names(ui, rec, names, locale)
    if won is not None:
        return t("short.won", locale, names=won)
    verdict = rec.verdict
    key = {
        Verdict.DRAW: "short.draw",
        Verdict.CANCELLED: "short.cancelled",
        Verdict.EXPIRED: "short.expired",
    }.get(verdict or Verdict.NO_WINNER, "short.no_winner")
    return t(key, locale)


def result_text(ui: GameUI[Any], rec: GameRecord, state: Any, locale: str) -> str:
    """The result in a sentence, with mentions: the game's own words (winner, reason, scores) for
    an ending its engine knows, the table's for a win on time, a cancellation or an expiry."""
    verdict = rec.verdict
    if verdict is Verdict.CANCELLED and rec.cancelled_by is not None and computer_level(rec.cancelled_by) is not None:
        return t("result.cancelled.nobody_left", locale)  # no person was left: the table cancelled it
    if verdict is Verdict.CANCELLED:
        return t("result.cancelled", locale, user=mention(rec.cancelled_by or rec.creator_id))
    if verdict is Verdict.EXPIRED:
        return t("result.expired", locale)
    outcome = rec.outcome
    if verdict is Verdict.WON and outcome is not None and outcome.ending is Ending.TIMEOUT:
        mentions = [mention(u) for u in rec.players]
        winners = winner_names(ui, rec, mentions, locale)
        losers = [mention(u) for u in dict.fromkeys(rec.players) if u not in rec.winners]
        return t("result.timeout", locale, winners=winners, losers=join_words(losers, locale))
    return ui.outcome_text(rec, state, locale)
