"""The computers' three levels in a player's words (issue 46 §1): a paragraph per game in ``/game
rules`` and a line per game in ``/help``, from the game's words (``rules_computers.<game>``,
``help_computers.<game>``) and the shared ones (``rules_computers_stats``, ``help.computers``). A
game says them once it has a computer player (``GameKind.computer``): words written ahead of its
registration wait for it."""

from __future__ import annotations

from cogs import games
from cogs.texts import has, t


def described(kind: str) -> bool:
    """Whether ``kind`` has a computer player and words for its levels."""
    return games.has_computer(kind) and has(f"rules_computers.{kind}") and has(f"help_computers.{kind}")


def rules_text(kind: str, locale: str) -> str | None:
    """``/game rules``: how to seat a computer in ``kind`` and what each level does (None: the game
    has no computer player)."""
    if not described(kind):
        return None
    return t(f"rules_computers.{kind}", locale) + "\n" + t("rules_computers_stats", locale)


def help_lines(locale: str) -> list[str]:
    """``/help``: how to seat computers, then a line per game with a computer player on what its
    levels do (empty: no game has one)."""
    kinds = [k for k in sorted(games.KINDS) if described(k)]
    if not kinds:
        return []
    return [t("help.computers", locale), *(t(f"help_computers.{k}", locale) for k in kinds)]
