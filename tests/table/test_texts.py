"""Words (DESIGN §5): every rule error an engine can raise has plain words; tables are per game and
per language, looked up by locale, with plural forms a three-form language can fill; the generic
layers name no game's terms."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import babel
import babel.localedata
import pytest

from cogs import texts
from cogs.games import registered
from cogs.stratego.ui import StrategoUI
from cogs.table.rule_words import describe, error_key
from cogs.texts import TABLES, plural_category, quote, t, tn
from cogs.texts.tables import merge as _merge
from rules.errors import BadNotation, IllegalAction, NotYourTurn, RuleError
from rules.stratego.board import parse_square

ROOT = Path(__file__).resolve().parents[2]
RAISE = re.compile(r"\b(NotYourTurn|IllegalAction|BadNotation|WrongPhase|GameOver|BadOptions)\(\s*\"([a-z_]+)\"")
KIND = {
    "NotYourTurn": "not_your_turn",
    "IllegalAction": "illegal",
    "BadNotation": "bad_notation",
    "WrongPhase": "wrong_phase",
    "GameOver": "game_over",
    "BadOptions": "bad_options",
}
INTERNAL = {
    "state_format",
    "record_header",
    "record_incomplete",
    "record_seat",
    "record_line",
    "unknown_action",
    "needs_state",
}
"""Codes that only reach developers (stored data or records), never a player's command."""
GENERIC = [
    "cogs/table/table.py",
    "cogs/table/lobby.py",
    "cogs/table/lobby_messages.py",
    "cogs/table/clock_words.py",
    "cogs/table/respond.py",
    "cogs/table/game.py",
    "cogs/table/cancelling.py",
    "cogs/table/replaying.py",
    "cogs/table/resigning.py",
    "cogs/table/rule_words.py",
    "cogs/table/ui.py",
    "cogs/table/buttons.py",
    "cogs/table/history.py",
    "cogs/table/replays.py",
    *(str(p.relative_to(ROOT)) for p in (ROOT / "cogs/texts").rglob("*.py")),
]
"""The game-agnostic modules: they may not import any game's rules."""


def raised_codes() -> set[tuple[str, str]]:
    found = set()
    for path in (ROOT / "rules").rglob("*.py"):
        for cls, code in RAISE.findall(path.read_text()):
            found.add((KIND[cls], code))
    return found


class _Error(RuleError):
    def __init__(self, kind: str, code: str) -> None:
        super().__init__(code)
        self.kind = kind


def test_the_scan_finds_engine_errors() -> None:
    assert ("illegal", "two_squares") in raised_codes() and len(raised_codes()) > 30


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize(("kind", "code"), sorted(raised_codes()))
def test_every_engine_error_has_words(kind: str, code: str, locale: str) -> None:
    """In every language of its own (not by falling back to English)."""
    if code in INTERNAL:
        return
    key = error_key(_Error(kind, code), locale)
    assert key is not None and key in TABLES.get(locale, {}), f"no {locale} words for {kind}:{code}"


def test_stratego_words_fill_in_squares_and_ranks() -> None:
    ui = StrategoUI()

    def words(e: RuleError) -> str:
        return describe(e, "en", ui.error_params(e, "en"))

    e = IllegalAction("two_squares", frm=parse_square("B5"), to=parse_square("B4"), limit=3)
    assert words(e) == "B5 → B4 would move that piece back and forth a fourth time (two-squares rule)."
    assert words(IllegalAction("immobile", square=parse_square("E4"), rank="B")).startswith("Your Bomb on E4")
    counts = BadNotation("setup_counts", too_few={"2": 2}, too_many={"9": 1}, army="classic")
    assert words(counts) == "That setup has the wrong pieces: 2 Scouts too few, 1 General too many."
    assert "{" not in words(NotYourTurn("not_your_turn", to_move=1))


def test_generic_words_leave_numbers_alone() -> None:
    """A number is a square only for Stratego's UI: another game's error keeps its number."""
    text = describe(IllegalAction("nothing_to_hunt", position=4), "en")
    assert text == "There is nothing to hunt at position 4."
    assert "D" not in describe(IllegalAction("move_range", maximum=5, k=7), "en")


def test_quoted_input_is_shortened_and_empty_input_named() -> None:
    long = describe(BadNotation("bad_action", text="x" * 6000), "en")
    assert len(long) < 120 and "…" in long
    assert describe(BadNotation("bad_action", text="   "), "en") == "I can't read nothing (it was empty)."
    assert quote("a`b", "en") == "`a'b`"


def test_lookup_by_locale_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    assert t("no_game", "en") == "I can't find that game."
    assert t("no_game", "xx") == t("no_game", "en")
    assert t("no_game", "xx-YY") == t("no_game", "en")
    assert texts.supported("de-DE") == "en"
    assert texts.supported(None) == "en"
    assert texts.supported("de") == "en"
    monkeypatch.setitem(TABLES, "cs", {"no_game": "Tu hru nenacházím."})
    assert texts.supported("cs-CZ") == texts.supported("cs") == "cs"
    assert t("no_game", "cs") == "Tu hru nenacházím."
    assert t("done", "cs") == t("done", "en"), "a key the language lacks is English"


def test_every_language_folder_is_a_table() -> None:
    """A language is added by its folder: every ``cogs/texts/<locale>/`` is found (issue 19)."""
    from cogs.texts.tables import locale_folders

    folders = [name for name, _ in locale_folders()]
    assert folders[0] == "en" and set(folders) == set(TABLES)
    assert "tables" not in folders and "commands" not in folders


NUMBERS = (0, 1, 2, 4, 5, 21, 22, 25, 100)


def test_plural_categories_are_cldr_s() -> None:
    """Plural rules from CLDR (Babel, issue 19 §1): Czech one / few / other for whole numbers
    ("many" is for fractions), English one / other."""
    assert [plural_category(n, "en") for n in NUMBERS] == ["other", "one"] + ["other"] * 7
    assert [plural_category(n, "cs") for n in NUMBERS] == [
        "other",
        "one",
        "few",
        "few",
        "other",
        "other",
        "other",
        "other",
        "other",
    ]
    assert plural_category(1.5, "cs") == "many"
    assert plural_category(-2, "cs") == "few" and plural_category(3, "cs-CZ") == "few"
    assert plural_category(2, "xx") == "other", "an unknown locale counts as English"


def test_only_a_locales_plural_rule_stays_in_memory() -> None:
    """Babel keeps the whole data of every locale it loads (about 5 MB for English and Czech);
    once a locale's plural rule is copied out, that data is let go (docs/PERFORMANCE.md)."""
    assert isinstance(babel.localedata._cache, dict), "the cache _plural_rule empties is Babel's"
    assert babel.Locale.parse("de").plural_form(1) == "one"
    assert "de" in babel.localedata._cache, "Babel keeps what it loaded"
    assert plural_category(3, "sk") == "few"  # a locale not asked before
    assert not babel.localedata._cache
    assert plural_category(5, "sk") == "other" and plural_category(1.5, "sk") == "many"


def test_tn_picks_the_form_and_falls_back_to_other(monkeypatch: pytest.MonkeyPatch) -> None:
    assert tn("sg.count.2", 1, "en") == "1 Scout" and tn("sg.count.2", 3, "en") == "3 Scouts"
    monkeypatch.setitem(
        TABLES,
        "cs",
        {
            "x.one": "{n} pěšák",
            "x.few": "{n} pěšáci",
            "x.other": "{n} pěšáků",
            "y.one": "{n} kus",
            "y.other": "{n} kusů",
        },
    )
    assert [tn("x", n, "cs") for n in NUMBERS] == [
        "0 pěšáků",
        "1 pěšák",
        "2 pěšáci",
        "4 pěšáci",
        "5 pěšáků",
        "21 pěšáků",
        "22 pěšáků",
        "25 pěšáků",
        "100 pěšáků",
    ]
    assert tn("y", 3, "cs") == "3 kusů", "a table without 'few' uses 'other'"
    assert tn("sg.count.2", 2, "cs") == tn("sg.count.2", 2, "en"), "a key Czech lacks is English"


def test_tables_define_a_key_once() -> None:
    with pytest.raises(ValueError, match="twice"):
        _merge({"a": "x"}, {"a": "y"})


def test_templates_are_well_formed() -> None:
    for locale, table in TABLES.items():
        for key, text in table.items():
            assert text.count("{") == text.count("}"), (locale, key)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


@pytest.mark.parametrize("module", GENERIC)
def test_generic_modules_import_no_game(module: str) -> None:
    """A generic module names no game: not a game's rules, not a game's renderer (``render.stratego``,
    ``render.stratego_sprites`` …); what ``render`` shares by all games (the font's coverage) it may use."""
    games = [kind.name for kind in registered()]
    bad = {
        m
        for m in _imports(ROOT / module)
        for g in games
        if m == f"rules.{g}" or m.startswith(f"rules.{g}.") or m.startswith(f"render.{g}")
    }
    assert bad == set(), f"{module} imports {bad}"


PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")
PLURAL = re.compile(r"^(.*)\.(zero|one|two|few|many|other)$")


def _english_twin(key: str) -> str | None:
    """The English key a translated one stands for (a plural form stands for ``key.other``)."""
    english = TABLES["en"]
    if key in english:
        return key
    plural = PLURAL.match(key)
    if plural and f"{plural[1]}.other" in english:
        return f"{plural[1]}.other"
    return None


@pytest.mark.parametrize("locale", sorted(set(TABLES) - {"en"}) or ["(none yet)"])
def test_translated_keys_are_englishs_with_the_same_placeholders(locale: str) -> None:
    """docs/words.md: a translation keeps the English keys and every ``{placeholder}`` (a plural
    form may add categories the English lacks); a key it leaves out is English."""
    if locale not in TABLES:
        pytest.skip("no language besides English has its tables yet")
    for key, text in TABLES[locale].items():
        twin = _english_twin(key)
        assert twin is not None, f"{locale}: {key} is no English key"
        expected = set(PLACEHOLDER.findall(TABLES["en"][twin])) - {"n"}
        assert set(PLACEHOLDER.findall(text)) - {"n"} <= expected | {"n"}, (locale, key)
        assert expected <= set(PLACEHOLDER.findall(text)), f"{locale}: {key} lacks a placeholder of {twin}"
