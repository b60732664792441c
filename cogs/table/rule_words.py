"""Rule errors in plain words (DESIGN §5): the engine gives a code and parameters, the game's UI
turns its own parameters (squares, ranks, cards) into words, and the tables give the sentence."""

from __future__ import annotations

from typing import Any

from cogs.texts import has, join_words, quote, t, template
from rules.errors import RuleError

QUOTED = ("text", "token", "value", "pick", "name", "action")
"""Parameters that echo what a player typed: shortened and shown as code (or as empty), so the
templates name them bare (``"{text} is not a square."``)."""


def error_key(error: RuleError, locale: str) -> str | None:
    for key in (f"err.{error.kind}.{error.code}", f"err.{error.code}"):
        if has(key, locale):
            return key
    return None


def describe(error: RuleError, locale: str, words: dict[str, Any] | None = None) -> str:
    """The sentence for ``error``; ``words`` are the game UI's words for some parameters."""
    params: dict[str, Any] = dict(error.params)
    for key in QUOTED:
        if isinstance(params.get(key), str):
            params[key] = quote(params[key], locale)
    for key, value in list(params.items()):
        if isinstance(value, (list, tuple)):
            params[key] = join_words([str(x) for x in value], locale)
    params.update(words or {})
    found = error_key(error, locale)
    if found is None:
        return t("err.unknown", locale)
    text = template(found, locale)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text
