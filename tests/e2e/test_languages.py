"""Each player and each game speaks its language (issue 19 §1-4), through the real discord.py
client and the local Discord: a Czech app gets Czech private answers and the choice is remembered
for later DMs; ``/game language`` overrides it and answers in the language chosen; a game made
with ``language:cs`` (or on a Czech server) speaks Czech in public while an English player's
private answers stay English; the commands are synced with their Czech names.

The Czech tables are written in parallel, so these tests install a tiny Czech table of their own
(:data:`CS`) and assert on its words."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from cogs import texts
from cogs.table import plan
from tests.e2e.harness import Table, table
from tests.e2e.test_clocks import count_game
from tests.fakediscord import Message, User

CS = {
    "jump": "Ke hře: {link}",
    "lobby_open": "{creator} zakládá hru **{kind}** ({options}) pro {allowed} hráče. Hráči ({count}): {players}.",
    "lobby_already_in": "V téhle čekárně už jsi.",
    "lobby_started": "**{title} #{game}** začala v {where}.",
    "btn.join": "Přidat se",
    "btn.leave": "Odejít",
    "btn.start": "Začít",
    "btn.cancel": "Zrušit",
    "start_pace": "⏱ {pace}: připomenu se v polovině času.",
    "board_caption": "Hra #{game} — {status}",
    "no_private": "{title} nemá žádná tajemství.",
    "language_set.cs": "Odteď ti odpovídám česky.",
    "language_set.auto": "Odteď ti odpovídám jazykem tvé aplikace ({language}).",
    "language_name.cs": "čeština",
}
"""A few Czech words, enough to tell which language each answer is in (not the real table)."""


@pytest.fixture
def czech(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(texts.TABLES, "cs", CS)
    yield


def prefs_row(t: Table, user: User) -> tuple[str, str | None]:
    with closing(sqlite3.connect(t.db_path)) as conn:
        row = conn.execute("SELECT language, client_locale FROM user_prefs WHERE user_id = ?", (user.id,)).fetchone()
    return row


async def started_game(t: Table, lobby: Message, creator: User, joiner: User, join: str, start: str) -> int:
    """Join and start a Count lobby by its buttons' labels; the game's id."""
    await t.click(joiner, lobby, join)
    await t.click(creator, lobby, start)
    assert t.bot is not None
    return (await t.bot.store.games.find(status="active"))[-1].id


async def turn_dm(t: Table, user: User, count: int) -> Message:
    """The ``count``-th turn DM ``user`` got (every one ends with the jump line)."""

    def nth() -> Message | None:
        dms = [m for m in t.fake.dms(user) if "discord.com/channels/" in m.content]
        return dms[count - 1] if len(dms) >= count else None

    return await t.fake.wait_for(nth, f"{user.name}'s turn DM #{count}")


async def add_until(t: Table, game: int, thread: object, users: dict[int, User], waiting: User) -> None:
    """Whoever is to move adds 1 until ``waiting`` is the one to move (a turn DM goes to them)."""
    assert t.bot is not None
    for moves in range(4):
        rec = await t.bot.store.games.get(game)
        mover = users[rec.players[rec.load_state().turn]]
        if mover is waiting and moves > 0:
            return
        await t.slash(mover, thread, "count add", amount=1)
    raise AssertionError("never waiting")


async def test_a_czech_app_gets_czech_private_answers_remembered_for_dms(tmp_path: Path, czech: None) -> None:
    async with table(tmp_path) as t:
        t.bob.locale = "cs"
        lobby = await t.slash(t.alice, t.channel, "count new", target=30)
        assert "opens a game of **Count**" in lobby.content, "an English server's game is English"
        await t.click(t.bob, lobby, "Join")
        again = await t.click(t.bob, lobby, "Join")
        assert again.ephemeral and again.content == CS["lobby_already_in"], "bob's app is Czech"
        assert prefs_row(t, t.bob) == ("auto", "cs"), "the app's language is remembered"
        mine = await t.click(t.alice, lobby, "Join")
        assert mine.ephemeral and mine.content == "You are already in this lobby."
        await t.click(t.alice, lobby, "Start")
        thread = await t.channel.wait_for_thread()
        assert t.bot is not None
        game = (await t.bot.store.games.find(status="active"))[-1].id
        users = {u.id: u for u in (t.alice, t.bob)}

        # A DM sent later, not in answer to bob: in the language his app sent last.
        await add_until(t, game, thread, users, t.bob)
        link = plan.link(await t.bot.store.games.get(game))
        assert (await turn_dm(t, t.bob, 1)).content.endswith(CS["jump"].format(link=link))

        # /game language en overrides the app, answered in English; later DMs follow it.
        chosen = await t.slash(t.bob, thread, "game language", language="en")
        assert chosen.ephemeral and chosen.content == "I'll answer you in English from now on, here and in DMs."
        assert prefs_row(t, t.bob) == ("en", "cs")
        await add_until(t, game, thread, users, t.bob)
        assert "\nGame: https://discord.com/channels/" in (await turn_dm(t, t.bob, 2)).content
        refused = await t.slash(t.bob, thread, "game hand")
        assert refused.ephemeral and refused.content == "Count has no secrets: everything is on the public board."

        # An English app choosing Czech is answered in Czech at once; auto goes back to the app.
        czech_now = await t.slash(t.alice, t.channel, "game language", language="cs")
        assert czech_now.content == CS["language_set.cs"]
        hand = await t.slash(t.alice, thread, "game hand")
        assert hand.ephemeral and hand.content == CS["no_private"].format(title="Count")
        back = await t.slash(t.alice, t.channel, "game language", language="auto")
        assert back.content == "I'll answer you in your Discord app's language from now on (English), here and in DMs."
        t.bob.locale = "cs"
        auto = await t.slash(t.bob, t.channel, "game language", language="auto")
        assert auto.content == CS["language_set.auto"].format(language="čeština")
        t.fake.assert_clean()


async def test_a_czech_game_speaks_czech_in_public_and_english_to_an_english_player(
    tmp_path: Path, czech: None
) -> None:
    async with table(tmp_path) as t:
        lobby = await t.slash(t.alice, t.channel, "count new", target=30, language="cs")
        assert not lobby.ephemeral and "zakládá hru **Count**" in lobby.content
        assert [b.label for b in lobby.buttons] == ["Přidat se", "Odejít", "Začít", "Zrušit"]
        # bob's app is English: the public lobby stays Czech, his private refusal English.
        game = await started_game(t, lobby, t.alice, t.bob, "Přidat se", "Začít")
        assert lobby.content.startswith(f"**Count #{game}** začala v "), "the started lobby is the game's"
        thread = await t.channel.wait_for_thread()
        start = await thread.wait_for_message(lambda m: "**Count #" in m.content)
        assert "⏱ 3 days per turn: připomenu se v polovině času." in start.content
        board = await t.slash(t.alice, thread, "game board")
        assert not board.ephemeral and board.content.startswith(f"Hra #{game} — ")
        hand = await t.slash(t.alice, thread, "game hand")
        assert hand.ephemeral and hand.content == "Count has no secrets: everything is on the public board."
        assert t.bot is not None
        assert (await t.bot.store.games.get(game)).language == "cs"
        t.fake.assert_clean()


async def test_a_czech_server_makes_czech_games_unless_told(tmp_path: Path, czech: None) -> None:
    async with table(tmp_path) as t:
        t.guild.preferred_locale = "cs"
        lobby = await t.slash(t.alice, t.channel, "count new", target=30)
        assert "zakládá hru **Count**" in lobby.content, "a Czech server's default"
        english = await t.slash(t.bob, t.channel, "count new", target=30, language="en")
        assert "opens a game of **Count**" in english.content
        bad = await t.slash(t.carol, t.channel, "count new", target=30, language="de")
        assert bad.ephemeral and bad.content == "Choose one of `cs`, `en`."
        assert t.bot is not None
        assert [g.language for g in await t.bot.store.games.find(status="lobby")] == ["cs", "en"], "nothing made"
        t.fake.assert_clean()


async def test_commands_are_synced_with_their_czech_names(tmp_path: Path) -> None:
    """The local Discord accepted the translated commands and keeps what a Czech app shows."""
    async with table(tmp_path) as t:
        assert t.fake.command("stratego move", t.guild)["name_localizations"] == {"cs": "tah"}
        assert t.fake.command("game", t.guild)["name_localizations"] == {"cs": "hra"}
        language = t.fake.command("stratego new language", t.guild)
        assert language["name_localizations"] == {"cs": "jazyk"}
        assert {c["name"]: c["name_localizations"]["cs"] for c in language["choices"]} == {
            "čeština": "čeština",
            "English": "English",
        }
        count = t.fake.command("count new", t.guild)
        assert not count.get("name_localizations"), "a command with no Czech entry stays English (the toy game's)"


async def test_names_in_images_drop_what_the_font_cannot_draw(tmp_path: Path) -> None:
    """A display name with an emoji is drawn without it (not as a box); a name of nothing but emoji
    becomes "player N" (its seat) in the game's language."""
    async with table(tmp_path) as t:
        game, _ = await count_game(t, t.alice, t.bob)
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        shown = {t.alice.id: "Alice 🎲", t.bob.id: "🐉🐉"}

        async def display_name(rec: object, user_id: int) -> str:
            return shown[user_id]

        t.bot.table.transport.names.display_name = display_name  # type: ignore[method-assign]
        names = await t.bot.table.transport.names.names(rec)
        assert names == tuple("Alice" if u == t.alice.id else f"player {i + 1}" for i, u in enumerate(rec.players))
