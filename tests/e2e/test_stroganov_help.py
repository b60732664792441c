"""The first-game walkthrough of Stroganov (issue 20 §4, ``test_help.py``): a solo game started by
a press shows its player the walkthrough privately, with its **Full board** and ``/stroganov act``."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.test_help import walkthroughs


async def test_a_solo_game_s_walkthrough_is_shown_privately(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.slash(t.carol, t.channel, "stroganov new")
        lobby = t.channel.messages[-1]
        await t.click(t.carol, lobby, "Start")
        (solo,) = await t.fake.wait_for(lambda: walkthroughs(t, t.carol, "Stroganov"), "carol's walkthrough")
        assert solo.ephemeral and "**Full board**" in solo.content and "`/stroganov act`" in solo.content
        t.fake.assert_clean()
