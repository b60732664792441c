"""The computers' three levels told to a player (issue 46 §1), through the real bot and the local
Discord: ``/help`` has a line per game with a computer player naming what each level does, and
``/game rules`` of every such game describes easy, normal and hard — in English and in Czech, within
Discord's limits."""

from __future__ import annotations

from pathlib import Path

from cogs import games
from cogs.texts import t as words
from cogs.texts.commands import command_name
from db.records import COMPUTER_LEVELS
from tests import kinds
from tests.e2e.harness import table
from tests.e2e.test_help import help_checks
from tests.fakediscord import Message

LOCALES = ("en", "cs")


def level_word(level: str, locale: str) -> str:
    return words(f"computer.level.{level}", locale)


def levels_told(messages: list[Message], locale: str) -> bool:
    """Whether the three levels are each described: ``• **Easy**:`` and so on."""
    text = "\n".join(m.content for m in messages)
    return all(f"• **{level_word(level, locale).capitalize()}**:" in text for level in COMPUTER_LEVELS)


async def test_help_and_rules_describe_the_three_levels_in_english_and_czech(tmp_path: Path) -> None:
    with_computer = [name for name in kinds.NAMES if games.has_computer(name)]
    assert len(with_computer) >= 2, "the games with a computer player"
    async with table(tmp_path) as t:
        t.bob.locale = "cs"
        readers = dict(zip(LOCALES, (t.alice, t.bob), strict=True))
        for locale, user in readers.items():
            shown = help_checks(await t.slash(user, t.channel, "help"))
            assert words("help.computers_head", locale) in shown, shown
            for name in with_computer:
                title = games.ui(name).title(locale)
                assert f"**{title}** — {level_word('easy', locale)}:" in shown, (name, shown)
                assert f"; {level_word('hard', locale)}:" in shown
        for name in with_computer:
            for locale, user in readers.items():
                before = len(t.fake.visible_to(user))
                await t.slash(user, t.channel, "game rules", name=name)
                told = await t.fake.wait_for(
                    lambda user=user, before=before, locale=locale: (
                        answers if levels_told(answers := t.fake.visible_to(user)[before:], locale) else []
                    ),
                    f"the levels in /game rules of {name} ({locale})",
                )
                assert all(m.ephemeral and len(m.content) <= 2000 for m in told)
                said = "\n".join(m.content for m in told)
                assert f"`{command_name(f'{name} new', locale)} " in said, "how to seat a computer"
                assert words("rules_computers_stats", locale) in said, "not rated; /game stats"
        t.fake.assert_clean()
