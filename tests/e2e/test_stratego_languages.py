"""A Stratego game in Czech with one Czech and one English player (``test_languages_games.py``): the
challenge's buttons, the thread and its images in Czech, each player's DM and refusals in their own
language."""

from __future__ import annotations

import re
from pathlib import Path

from cogs.texts import t
from tests.e2e.harness import table
from tests.e2e.test_languages_games import CZECH, dms_with


async def test_stratego_in_czech_with_an_english_player(tmp_path: Path) -> None:
    async with table(tmp_path) as t_:
        t_.alice.locale = "cs"
        challenge = await t_.slash(t_.alice, t_.channel, "stratego new", opponent=t_.bob, language="cs")
        assert [b.label for b in challenge.buttons][:2] == [t("btn.accept", "cs"), t("btn.decline", "cs")]
        before = list(t_.channel.threads)
        await t_.click(t_.bob, challenge, t("btn.accept", "cs"))
        thread = await t_.channel.wait_for_thread(lambda th: th not in before)
        start = await thread.wait_for_message(lambda m: "**Stratego #" in m.content)
        assert "hraje" in start.content or "hraješ" in start.content, start.content  # the game's Czech
        game = int(re.search(r"Stratego #(\d+)", start.content).group(1))  # type: ignore[union-attr]
        await t_.check_public(game, thread)
        czech = await t_.fake.wait_for(lambda: dms_with(t_, t_.alice, f"**Stratego #{game}** — tvé"), "alice's DM")
        english = await t_.fake.wait_for(lambda: dms_with(t_, t_.bob, f"**Stratego #{game}** — your"), "bob's DM")
        assert czech and english and czech[0].attachments and english[0].attachments
        refused = await t_.slash(t_.bob, thread, "stratego move", from_="A1", to="A2")
        refused_cs = await t_.slash(t_.alice, thread, "stratego move", from_="A1", to="A2")
        assert refused.ephemeral and refused_cs.ephemeral and refused.content != refused_cs.content
        assert not CZECH.search(refused.content) and CZECH.search(refused_cs.content), (refused, refused_cs)
        t_.fake.assert_clean()
