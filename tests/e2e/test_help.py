"""``/help`` and the first-game walkthrough (issue 20 §4), through the real bot and the local
Discord: the help in English and in Czech (with the Czech command names a Czech app shows), within
an embed's limits; the walkthrough of a kind once per player — privately to the one who started
the game by a press, by DM to the others — and again with ``/game rules`` (a solo Stroganov game's:
test_stroganov_help.py)."""

from __future__ import annotations

from pathlib import Path

from cogs import games
from tests import kinds
from tests.e2e.harness import table
from tests.e2e.test_rematch import resign
from tests.fakediscord import Message, User
from tests.fakediscord.validate import check_embed

EMBED_TOTAL = 6000


def help_checks(answer: Message) -> str:
    assert answer.ephemeral and not answer.content and len(answer.embeds) == 1
    embed = answer.embeds[0]
    assert check_embed(embed, "embed") <= EMBED_TOTAL
    assert all(len(f["value"]) <= 1024 for f in embed["fields"])
    return answer.text


async def test_help_in_english_and_in_czech(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        english = help_checks(await t.slash(t.alice, t.channel, "help"))
        for words in (
            "Deskovka plays slow board games",
            "**Stratego** — two hidden armies; capture the enemy Flag. `/stratego new`",
            "`/game open` lists the lobbies",
            "anyone can **Join**",
            "press **My hand** and **My pieces** under the game's posts or use `/game hand`",
            "`/game list` — Your games, those waiting for you first",
            "`/game open` — This server's open lobbies and challenges, to join",
            "`/game rules` — How a game is played",
        ):
            assert words in english, (words, english)
        for kind in kinds.NAMES:  # every game, by its title and its command
            assert f"**{games.ui(kind).title('en')}**" in english and f"`/{kind} new`" in english, kind

        t.bob.locale = "cs"
        czech = help_checks(await t.slash(t.bob, t.channel, "help"))
        for words in (
            "Deskovka hraje pomalé deskové hry",
            "**Stratego** — dvě skryté armády; dobuď nepřátelskou vlajku. `/stratego nová`",
            "`/hra čekárny` vypíše čekárny",
            "kdokoli přidá tlačítkem **Přidat se**",
            "stiskni pod příspěvky hry **Moje karty** a **Moje figurky** nebo použij `/hra ruka`",
            "`/hra seznam` — Tvoje hry, nejdřív ty, které čekají na tebe",
            "`/hra pravidla` — Jak se hra hraje a jaké má volby",
            "Příkazy `/hra`",
        ):
            assert words in czech, (words, czech)
        for kind in kinds.NAMES:
            assert f"**{games.ui(kind).title('cs')}**" in czech and f"`/{kind} nová`" in czech, kind
        assert "/game " not in czech and "/stratego new" not in czech, "no English command name in Czech"
        t.fake.assert_clean()


def walkthroughs(t: object, user: User, title: str) -> list[Message]:
    """Every walkthrough of ``title`` that ``user`` was shown: privately or by DM."""
    return [
        m
        for m in t.fake.visible_to(user)  # type: ignore[attr-defined]
        if f"First game of {title}?" in m.content or f"Hraješ {title} poprvé?" in m.content
    ]


async def test_the_walkthrough_once_per_player_and_kind_and_again_with_rules(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.bob.locale = "cs"
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        alice = await t.fake.wait_for(lambda: walkthroughs(t, t.alice, "Stratego"), "alice's walkthrough")
        bob = await t.fake.wait_for(lambda: walkthroughs(t, t.bob, "Stratego"), "bob's walkthrough")
        assert alice[0].channel is t.alice.dm_channel, "alice was seated by bob's press: by DM"
        assert "press **Ready**" in alice[0].content and "`/stratego swap`" in alice[0].content
        assert bob[0].ephemeral, "bob accepted by a press: privately"
        assert "stiskni **Hotovo**" in bob[0].content and "`/stratego prohodit`" in bob[0].content
        assert "`/hra pravidla`" in bob[0].content and "**Táhnout…**" in bob[0].content

        over = await resign(t, red, thread)
        t.watched = None
        await t.click(blue, over, "Rematch")
        rematch = next(m for m in t.channel.messages if f"Rematch of game #{game}." in m.content)
        before = list(t.channel.threads)
        await t.click(red, rematch, "Accept")
        new_thread = await t.channel.wait_for_thread(lambda th: th not in before)
        await new_thread.wait_for_message(lambda m: "plays **Red**" in m.content)
        assert len(walkthroughs(t, t.alice, "Stratego")) == 1 and len(walkthroughs(t, t.bob, "Stratego")) == 1
        others = [games.ui(k).title("en") for k in kinds.NAMES if k != "stratego"]
        assert not [w for title in others for w in walkthroughs(t, t.alice, title)], "nothing for a kind not played"

        rules = await t.slash(t.alice, t.channel, "game rules", name="stratego")
        shown = await t.fake.wait_for(
            lambda: [m for m in t.fake.visible_to(t.alice) if m.ephemeral and "First game of Stratego?" in m.content],
            "the walkthrough again",
        )
        assert rules.ephemeral and shown, "/game rules shows the walkthrough again"
        assert all(len(m.content) <= 2000 for m in t.fake.visible_to(t.alice))

        t.fake.assert_clean()
