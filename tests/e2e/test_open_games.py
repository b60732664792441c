"""``/game open`` (issue 20 §3): this server's open lobbies and challenges with working Join
buttons, in the caller's language, paged within Discord's limits; a challenge's Join is for the
invited player alone (who accepts it so)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.harness import table


async def test_open_lists_lobbies_and_challenges_and_their_join_buttons_work(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        empty = await t.slash(t.carol, t.channel, "game open")
        assert empty.ephemeral and empty.content.startswith("No lobby or challenge is open in this server")
        lobby = await t.slash(t.alice, t.channel, "count new", target=30)
        challenge = await t.slash(t.bob, t.channel, "count new", player2=t.carol, target=20)
        assert t.bot is not None
        first, second = (g.id for g in await t.bot.store.games.find(status="lobby"))

        listed = await t.slash(t.mod, t.channel, "game open")
        assert listed.ephemeral
        text = listed.content
        assert text.startswith("**2 open lobbies and challenges here:**")
        assert f"**#{first} Count** (to 30" in text and f"Players: <@{t.alice.id}> · 3 seats free (2–4 players)" in text
        assert f"<@{t.bob.id}> challenges <@{t.carol.id}>; only <@{t.carol.id}> can join." in text
        assert f"/{t.channel.id}/{lobby.id}" in text and f"/{t.channel.id}/{challenge.id}" in text, "jump links"
        assert [b.label for b in listed.buttons] == [f"Join #{first}", f"Join #{second}"]

        refused = await t.click(t.mod, listed, f"Join #{second}")
        assert refused.ephemeral and refused.content == f"This challenge is for <@{t.carol.id}>, not for you."
        joined = await t.click(t.mod, listed, f"Join #{first}")
        link = f"https://discord.com/channels/{t.guild.id}/{t.channel.id}/{lobby.id}"
        assert joined.ephemeral and joined.content == f"You're in the lobby: {link}"
        await t.fake.wait_for(lambda: f"<@{t.mod.id}>" in lobby.content, "the lobby shows its new player")
        assert "Players (2)" in lobby.content and listed.buttons, "the lobby's own message is updated, the list kept"

        before = list(t.channel.threads)
        mine = await t.slash(t.carol, t.channel, "game open")
        started = await t.click(t.carol, mine, f"Join #{second}")
        thread = await t.channel.wait_for_thread(lambda th: th not in before)
        assert challenge.thread is thread, "the game's thread is under the challenge, not under the list"
        await t.fake.wait_for(lambda: "accepted" in challenge.content, "the challenge says it was accepted")
        assert not challenge.buttons
        assert (await t.bot.store.games.get(second)).status == "active"
        said = await t.fake.wait_for(
            lambda: [m for m in t.fake.visible_to(t.carol) if m.ephemeral and "The game has started in" in m.content],
            "carol told where the game is",
        )
        assert said[0].content == f"The game has started in <#{thread.id}>."
        assert started is not None
        t.fake.assert_clean()


async def test_open_pages_many_lobbies_within_discord_limits_in_czech(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        for _ in range(12):
            await t.slash(t.alice, t.channel, "count new", target=30)
        t.carol.locale = "cs"
        page1 = await t.slash(t.carol, t.channel, "game open")
        assert page1.content.startswith("**Otevřené čekárny a výzvy (12):**"), page1.content
        assert "3 volná místa (počet hráčů: 2–4)" in page1.content
        assert len(page1.content) <= 2000 and 1 < len(page1.buttons) <= 10
        count = int(re.search(r"Strana 1 z (\d+):", page1.content).group(1))  # type: ignore[union-attr]
        assert page1.content.endswith("další ukáže `/hra čekárny stránka:2`."), page1.content
        pages = [page1] + [await t.slash(t.carol, t.channel, "game open", page=n) for n in range(2, count + 1)]
        assert all(len(p.content) <= 2000 and len(p.buttons) <= 10 for p in pages)
        assert all(b.label.startswith("Přidat se #") for p in pages for b in p.buttons)
        ids = [int(re.sub(r"\D", "", b.label or "")) for p in pages for b in p.buttons]
        assert sorted(ids) == sorted(set(ids)) and len(ids) == 12, "every lobby once"
        page2 = pages[-1]
        await t.click(t.carol, page2, page2.buttons[-1].label or "")
        assert t.bot is not None
        assert t.carol.id in (await t.bot.store.games.get(ids[-1])).players
        t.fake.assert_clean()
