"""A game of each kind in Czech with one Czech and one English player (issue 19, Tests): the thread
and its images speak the game's language, each player's private answers and DMs their own — with
the real string tables, through the real client and the local Discord. Each game's is in its own
``test_<game>_languages.py`` (how its game starts and what is private in it are its own); every
registered game has one (below)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs import games
from cogs.texts import t
from tests import kinds
from tests.e2e.harness import Table
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


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_every_game_is_played_in_czech_with_an_english_player(kind: str) -> None:
    own = Path(__file__).with_name(f"test_{kind}_languages.py")
    assert own.exists() and f"async def test_{kind}_in_czech_with_an_english_player(" in own.read_text(), own.name
