"""Czech words (DESIGN §5): the Czech table has every English key with the same placeholders, a
``.few`` form for every plural, words for every rule error of every engine, nothing left in English
but names and notation, and each template formats; a few sentences are checked as a player reads them."""

from __future__ import annotations

import re
import string

import pytest

from cogs import texts
from cogs.table.clock_words import pace_words
from cogs.table.rule_words import describe
from cogs.texts import TABLES, t, tn
from cogs.texts.commands import command_name
from rules.errors import BadNotation, IllegalAction

EN, CS = TABLES["en"], TABLES.get("cs", {})

SAME_AS_ENGLISH = {
    "img.lg.tb.buchholz": "a tie-break named after its inventor; Czech chess uses the same name and abbreviation",
    "img.lg.tb.median_buchholz": "a tie-break's abbreviation, as in Czech chess",
    "img.lg.tb.sonneborn_berger": "a tie-break's abbreviation, as in Czech chess",
    "league.tb.buchholz": "a tie-break named after its inventor; Czech chess uses the same name",
    "league.tb.sonneborn_berger": "a tie-break named after its inventors; Czech chess uses the same name",
    "league.tb_short.buchholz": "a tie-break's abbreviation, as in Czech chess",
    "league.tb_short.median_buchholz": "a tie-break's abbreviation, as in Czech chess",
    "league.tb_short.sonneborn_berger": "a tie-break's abbreviation, as in Czech chess",
    "img.sh.koku": "koku is the Czech rulebook's word too",
    "img.sh.troop.BU": "the troop types' names are kept (docs/glossary-cs.md)",
    "img.sh.troop.SA": "the troop types' names are kept (docs/glossary-cs.md)",
    "img.sh.troop.SH": "the troop types' names are kept (docs/glossary-cs.md)",
    "img.sh.troop.SO": "the troop types' names are kept (docs/glossary-cs.md)",
    "sg.title": "the game's name",
    "sh.title": "the game's name",
    "sv.title": "the game's name",
    "sh.thread_name": "the game's name, a number and player names",
    "sv.thread_name": "the game's name, a number and player names",
    "sh.record_head": "the game's name and a number",
    "sv.record_head": "the game's name and a number",
    "sh.record_seed": "'seed' is the usual word in Czech for a random generator's seed (a record for developers)",
    "sv.record_seed": "'seed' is the usual word in Czech for a random generator's seed (a record for developers)",
    "sv.ivan": "the automa's name, the same in the Czech edition",
    "img.sv.land.Tundra": "tundra is the Czech word too",
    "img.sv.start": "'start' is the Czech word on a track too",
    "sv.ivan_turn": "the automa's name and a list",
    "sh.pay_plus_koku": "koku is the Czech rulebook's word too",
    "sh.koku_card": "koku is the Czech rulebook's word too",
    "sh.hier.Daimyo": "the titles' names are kept (docs/glossary-cs.md)",
    "sh.hier.Shomyo": "the titles' names are kept (docs/glossary-cs.md)",
    "sh.hier.Sensei": "the titles' names are kept (docs/glossary-cs.md)",
    "sh.hier.Hatamoto": "the titles' names are kept (docs/glossary-cs.md)",
    "sh.province.KANSAI": "a Japanese name, spelt the same in Czech transcription",
    "sh.troop.BU": "a Japanese word, spelt the same in Czech transcription (and undeclined)",
    "sh.troops.BU.one": "a Japanese word, spelt the same in Czech transcription (and undeclined)",
    "sh.troops.BU.other": "a Japanese word, spelt the same in Czech transcription (and undeclined)",
}
"""Values that are rightly the same in both languages (names, notation); everything else identical
to English is an untranslated string."""


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


CZECH_FORMS = (".few", ".many")
"""Plural forms Czech has and English lacks: ``.few`` (2–4), and ``.many`` (a decimal: "4,5 bodu",
where it is needed — a count of things is whole, and lacking it a table uses ``.other``)."""


def english_of(key: str) -> str:
    """The English key a Czech key answers: itself, or ``.other`` for a Czech-only form."""
    for form in CZECH_FORMS:
        if key.endswith(form):
            return key[: -len(form)] + ".other"
    return key


def test_czech_is_a_table() -> None:
    assert "cs" in TABLES
    assert texts.supported("cs-CZ") == "cs" and texts.supported("cs") == "cs"
    assert texts.supported("de") == "en"


def test_czech_has_every_english_key() -> None:
    assert sorted(set(EN) - set(CS)) == []


def test_czech_has_no_key_english_lacks_but_its_plural_forms() -> None:
    """Only ``key.few`` and ``key.many`` are Czech's own, and only beside an English ``key.other``."""
    assert sorted(k for k in CS if english_of(k) not in EN) == []


def test_every_plural_has_three_forms() -> None:
    plurals = {k[: -len(".other")] for k in EN if k.endswith(".other") and k[: -len(".other")] + ".one" in EN}
    assert len(plurals) > 20
    assert sorted(p for p in plurals if not {f"{p}.one", f"{p}.few", f"{p}.other"} <= set(CS)) == []


@pytest.mark.parametrize("key", sorted(CS) or ["(no Czech table)"])
def test_same_placeholders(key: str) -> None:
    assert key in CS, "no Czech table"
    english = EN[english_of(key)]
    assert fields(CS[key]) == fields(english), (key, english, CS[key])


def _dummy(template: str) -> dict[str, object]:
    return {name: 3 if name == "n" else f"<{name}>" for name in fields(template)}


def test_every_czech_template_formats() -> None:
    assert CS, "no Czech table"
    for key, text in CS.items():
        formatted = text.format(**_dummy(text))
        assert "{" not in formatted and "}" not in formatted, key


def _letters_outside_placeholders(text: str) -> bool:
    return bool(re.search(r"[^\W\d_]", re.sub(r"\{[^}]*\}", "", text)))


def test_nothing_is_left_in_english() -> None:
    assert CS, "no Czech table"
    same = sorted(
        k
        for k, text in CS.items()
        if EN.get(k) == text and _letters_outside_placeholders(text) and k not in SAME_AS_ENGLISH
    )
    assert same == [], f"untranslated (or add to SAME_AS_ENGLISH with a reason): {same}"
    assert all(EN[k] == CS[k] for k in SAME_AS_ENGLISH), "an allowed key no longer needs allowing"


def test_notation_and_markdown_are_kept() -> None:
    """Backticked notation, bold and line breaks: the same count in both languages."""
    for key, english in EN.items():
        czech = CS[key]
        assert czech.count("`") == english.count("`"), key
        assert czech.count("**") == english.count("**"), key
        assert czech.count("\n") == english.count("\n"), key


def test_czech_counts() -> None:
    assert [tn("sv.coins", n, "cs") for n in (0, 1, 2, 4, 5)] == ["0 mincí", "1 mince", "2 mince", "4 mince", "5 mincí"]
    assert [tn("sv.horses", n, "cs") for n in (1, 3, 7)] == ["1 kůň", "3 koně", "7 koní"]
    assert [tn("sg.count.2", n, "cs") for n in (1, 2, 6)] == ["1 průzkumník", "2 průzkumníci", "6 průzkumníků"]
    assert [tn("sg.count.B", n, "cs") for n in (1, 2, 6)] == ["1 bomba", "2 bomby", "6 bomb"]
    assert [pace_words(n * 86400, "cs") for n in (1, 3, 7)] == ["1 den na tah", "3 dny na tah", "7 dní na tah"]
    assert [pace_words(n * 86400, "en") for n in (1, 3)] == ["1 day per turn", "3 days per turn"]


def test_czech_rule_errors_read_as_czech() -> None:
    """(A game's own errors with its parameters: its ``test_<game>_words.py``.)"""
    assert describe(BadNotation("bad_action", text="  "), "cs") == "Nerozumím: nic (bylo to prázdné)."
    assert describe(IllegalAction("nothing_to_hunt", position=4), "cs") == "Na pozici 4 není co lovit."


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_pace_paragraph_is_said_once(locale: str) -> None:
    """``/game rules`` adds the shared ``rules_pace`` to a game's rules: no game's rules repeat it."""
    pace = t("rules_pace", locale)
    away, nudge = command_name("game away", locale), command_name("game nudge", locale)
    assert f"`{away}" in pace and f"`{nudge}`" in pace
    for game in ("sg", "sh", "sv"):
        rules = t(f"{game}.rules", locale)
        assert away not in rules and nudge not in rules and "`pace`" not in rules, game
