"""A game of each kind in Czech with one Czech and one English player (issue 19, Tests): the thread
and its images speak the game's language, each player's private answers and DMs their own — with
the real string tables, through the real client and the local Discord."""

from __future__ import annotations

import re
from pathlib import Path

from cogs import games
from cogs.texts import t
from tests.e2e.harness import Table, table
from tests.fakediscord import Message, Thread, User

CZECH = re.compile("[áčďéěíňóřšťúůýž]", re.IGNORECASE)


def dms_with(t_: Table, user: User, start: str) -> list[Message]:
    return [m for m in t_.fake.dms(user) if m.content.startswith(start)]


async def czech_lobby_game(t_: Table, kind: str, players: list[User], **options: object) -> tuple[int, Thread]:
    """``/{kind} new language:cs`` by a Czech player; the others join and the creator starts —
    pressing the lobby's Czech buttons."""
    lobby = await t_.slash(players[0], t_.channel, f"{kind} new", language="cs", **options)
    assert not lobby.ephemeral and [b.label for b in lobby.buttons][:2] == [t("btn.join", "cs"), t("btn.leave", "cs")]
    for user in players[1:]:
        await t_.click(user, lobby, t("btn.join", "cs"))
    before = list(t_.channel.threads)
    await t_.click(players[0], lobby, t("btn.start", "cs"))
    thread = await t_.channel.wait_for_thread(lambda th: th not in before)
    title = games.ui(kind).title("cs")
    post = await thread.wait_for_message(lambda m: f"**{title} #" in m.content)
    game = int(re.search(rf"{title} #(\d+)", post.content).group(1))  # type: ignore[union-attr]
    t_.watch(game, thread, t_.channel)  # public images: the game's language (check_public)
    return game, thread


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


async def test_shitenno_in_czech_with_an_english_player(tmp_path: Path) -> None:
    async with table(tmp_path) as t_:
        t_.alice.locale = "cs"
        game, thread = await czech_lobby_game(t_, "shitenno", [t_.alice, t_.bob])
        said = "\n".join(m.content for m in thread.messages)
        assert "Kolo 1" in said or "rozděl" in said.lower(), said  # the sharing told in Czech
        assert "Tairó" in said, said
        hand_cs = await t_.slash(t_.alice, thread, "game hand")
        hand_en = await t_.slash(t_.bob, thread, "game hand")
        assert hand_cs.ephemeral and "tvé karty" in hand_cs.content, hand_cs.content
        assert hand_en.ephemeral and "your hand" in hand_en.content, hand_en.content
        await t_.check_public(game, thread)
        t_.fake.assert_clean()


async def test_stroganov_in_czech_with_an_english_player(tmp_path: Path) -> None:
    async with table(tmp_path) as t_:
        t_.bob.locale = "cs"
        game, thread = await czech_lobby_game(t_, "stroganov", [t_.bob, t_.alice])
        page = next(m for m in reversed(thread.messages) if m.buttons)
        assert "Celá deska" in [b.label for b in page.buttons], [b.label for b in page.buttons]
        full_cs = await t_.click(t_.bob, page, "Celá deska")
        full_en = await t_.click(t_.alice, page, "Celá deska")
        assert full_cs.ephemeral and full_en.ephemeral and full_cs.attachments and full_en.attachments
        assert full_cs.content != full_en.content, "each reads the full board's caption in their own language"
        await t_.check_public(game, thread)
        t_.fake.assert_clean()
