"""docs/architecture.md says how a new game plugs in (issue 18 §2); the toy game of the tests plugs
in exactly that way, so the page cannot drift from the code."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from cogs import games

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text()
STEPS = DOC[DOC.index("## How a new game plugs in") : DOC.index("## What works in DMs")]


def test_the_page_names_the_one_registry_and_no_old_one() -> None:
    assert "register(GameKind(" in STEPS and "`cogs/games.py`" in STEPS
    for gone in ("rules/registry.py", "cogs/kinds.py", "rules/auto.py", "COGS"):
        assert gone not in STEPS, gone
        assert not (ROOT / gone).exists() or gone == "COGS"


TOY_REGISTRATION = "games.register(games.GameKind(GAME, CountUI(), sys.modules[__name__], WORDS))"


def test_the_toy_game_registers_as_the_page_says() -> None:
    cog = (ROOT / "tests" / "e2e" / "count_cog.py").read_text()
    assert TOY_REGISTRATION in cog and TOY_REGISTRATION in STEPS
    from tests.e2e import count_cog

    toy = games.kind("count")
    assert toy.cog.__name__ == count_cog.__name__ and toy.words == count_cog.WORDS
    assert toy.ui.title("en") == "Count" and toy.ui.title("cs") == "Počítání"


def test_every_builtin_game_is_one_registration_with_its_package() -> None:
    """Each game's package holds its extension, words and workload (the page's step 2; discord.py
    executes an extension's module again as it loads it, so the extension is compared by name);
    its words are in the tables and name no other game's keys."""
    from cogs.texts import TABLES
    from cogs.texts.commands import tables

    packages = {p.parent.name for p in (ROOT / "cogs").glob("*/extension.py")}
    assert len(packages) >= 3 and set(games.KINDS) >= packages, "every game package in cogs/ is registered"
    for kind in games.registered():
        if kind.cog.__name__.startswith("tests."):
            continue
        name = kind.name
        assert kind.ui.kind == kind.engine.name == name and kind.cog.__name__ == f"cogs.{name}.extension"
        assert games.ENGINES[name] is kind.engine
        assert kind.words is import_module(f"cogs.{name}.words").WORDS
        assert kind.bench is import_module(f"cogs.{name}.workload").WORKLOAD
        for locale, words in kind.words.items():
            assert words.texts.items() <= TABLES[locale].items()
            assert words.commands.items() <= tables().get(locale, {}).items()
        assert f"{name}.description" in kind.words["cs"].commands and f"help.game.{name}" in kind.words["en"].texts


def test_no_shared_table_names_a_game() -> None:
    """A new game touches no shared word table: no key of one ends in, or starts with, a game's name."""
    from cogs.texts import COMMON
    from cogs.texts.commands import cs

    for name in games.KINDS:
        for table in [*COMMON.values(), cs.COMMANDS]:
            assert [k for k in table if k.endswith(f".{name}") or k.startswith((f"{name} ", f"{name}."))] == []
            assert f"choice:{name}" not in table
