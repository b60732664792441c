"""Issue 19 §2 for Stroganov (``test_words_not_notation.py`` holds every game to words): the names
from its content data have words in both languages; a player is named by mention, a hunt by what
was taken; its furs are named in each language."""

from __future__ import annotations

from cogs.stroganov.ui import StroganovUI, fur
from cogs.texts import tn
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.content import CONTENT as SV_CONTENT
from tests.table.test_words_not_notation import LOCALES, record


def test_data_names_have_words_in_both_languages() -> None:
    """Names from the game's content data get id-keyed words (docs/glossary-cs.md, "Not translated")."""
    from cogs.texts import has

    keys = [f"sv.village_name.{v}" for v in SV_CONTENT.villages]
    keys += [f"sv.ability.{w.ability}" for w in SV_CONTENT.wishes.values()]
    keys += [f"sv.land.{x.type}" for x in SV_CONTENT.tiles.values()]
    keys += ["sv.ivan.side.lowest", "sv.ivan.side.highest"]
    for locale in LOCALES:
        assert [k for k in keys if not has(k, locale)] == [], locale


def test_the_examples_read_as_words() -> None:
    """The issue's examples: a player named by mention, a hunt by what was taken."""
    sv = StroganovUI()
    st = STROGANOV.new(2, None, 1)
    view = STROGANOV.view(st, None)
    rec = record("stroganov", 2)
    assert "P0" not in sv.who(rec, view, 0, "en") and "<@" in sv.who(rec, view, 0, "en")
    hunt = {"type": "hunt", "cossack": 0, "taken": [6], "gains": []}
    assert sv.action_phrase(view, hunt, "en") == "hunted a 6 Wolverine"


def test_furs_are_named_in_each_language() -> None:
    assert fur(5, "en") == "a 5 Sable" and fur(8, "en") == "an 8 Bear" and fur(0, "en") == "a tiger"
    assert fur(5, "cs") == "sobol 5" and fur(8, "cs") == "medvěd 8" and fur(0, "cs") == "tygr"
    for locale in ("en", "cs"):  # the turn line leaves out a tiger the phrase names already
        assert tn("sv.tigers", 1, locale) == fur(0, locale)
