"""Takeback by agreement (issue 20 §3) through the real client and the local Discord: a plain
Stratego move taken back with the opponent's agreement (the board is back, the same player moves
again, the log records it), a battle that cannot be, requests that lapse after a day or when
someone acts, a refusal, a player outside the game, and the words in Czech. A solo game, taken
back at once on its turn page: tests/e2e/test_stroganov_takeback.py."""

from __future__ import annotations

import copy
from pathlib import Path

from cogs import games
from rules.stratego.board import parse_square
from tests.e2e.harness import Table, table
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up
from tests.fakediscord import Message, Thread, User
from tests.toygame import GAME as COUNT

ASKED = "asks to take back"


async def proposal(thread: Thread, after: int = 0) -> Message:
    return await thread.wait_for_message(lambda m: ASKED in m.content and m.id > after)


async def count_game(t: Table, players: list[User]) -> tuple[int, Thread, list[User]]:
    """A Count game to 50 and its players in turn order."""
    game, thread, _ = await t.lobby_game("count", players, target=50)
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    first = COUNT.to_act(rec.load_state())[0]
    order = [next(u for u in players if u.id == rec.players[(first + k) % len(players)]) for k in range(len(players))]
    return game, thread, order


async def test_a_plain_move_is_taken_back_when_the_opponent_agrees(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        assert t.bot is not None
        before = await t.bot.store.games.get(game)
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        asked = await t.slash(red, thread, "game takeback")
        assert asked.ephemeral and "Asked the other players" in asked.content
        request = await proposal(thread)
        assert blue.id in request.pinged and [b.label for b in request.buttons] == ["Agree to take back", "Refuse"]
        repeat = await t.slash(red, thread, "game takeback")
        assert repeat.ephemeral and "open already" in repeat.content
        own = await t.click(red, request, "Agree to take back")
        assert own.ephemeral and "your own request" in own.content
        outsider = await t.click(t.carol, request, "Agree to take back")
        assert outsider.ephemeral and "not playing" in outsider.content

        await t.click(blue, request, "Agree to take back")
        assert "Everyone agreed" in request.content and not request.buttons
        told = await thread.wait_for_message(lambda m: "By agreement" in m.content)
        assert told.attachments and f"<@{red.id}>" in told.content, "the board, and the player to move again"
        rec = await t.bot.store.games.get(game)
        assert rec.version == before.version + 2 and rec.state_json == before.state_json, "the board is back"
        state = rec.load_state()
        assert state.board[parse_square("E4")] >= 0 and state.board[parse_square("E5")] < 0
        assert games.ui("stratego").engine.to_act(state) == (rec.players.index(red.id),)
        log = await t.bot.store.games.actions(game)
        assert log[-1].takeback == log[-2].seq and log[-1].seat == rec.players.index(red.id)
        assert await t.bot.store.games.verify(game)

        again = await t.slash(red, thread, "stratego move", from_="J4", to="J5")
        assert not again.ephemeral and "from J4 to J5" in again.content, "the same player moves again"
        assert await t.bot.store.games.verify(game)
        nothing = await t.slash(blue, thread, "game takeback")
        assert nothing.ephemeral and "not yours" in nothing.content
        t.fake.assert_clean()


async def test_a_battle_cannot_be_taken_back(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        await t.slash(blue, thread, "stratego move", from_="E7", to="E6")
        assert t.bot is not None
        await t.slash(red, thread, "stratego move", from_="E5", to="E6")  # an attack: a battle
        battle = await t.slash(red, thread, "game takeback")
        assert battle.ephemeral and "showed something hidden" in battle.content
        assert not [m for m in thread.messages if ASKED in m.content], "nothing was asked"
        assert (await t.bot.store.agreements.takeback_request(game)) is None
        t.fake.assert_clean()


async def test_a_refusal_and_a_request_lapsing_when_someone_acts(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, (a, b, c) = await count_game(t, t.seated(3))
        assert t.bot is not None
        await t.slash(a, thread, "count add", amount=2)
        await t.slash(a, thread, "game takeback")
        request = await proposal(thread)
        assert {b.id, c.id} <= set(request.pinged) and a.id not in request.pinged
        await t.click(b, request, "Agree to take back")
        assert "Agreed so far" in request.content and request.buttons
        await t.click(c, request, "Refuse")
        assert f"<@{c.id}> refused" in request.content and not request.buttons
        assert (await t.bot.store.games.get(game)).load_state().total == 2
        again = await t.slash(a, thread, "game takeback")
        assert again.ephemeral and "refused already" in again.content, "one request per decision: no new pings"
        assert len([m for m in thread.messages if "asks to take back" in m.content]) == 1

        await t.slash(b, thread, "count add", amount=1)
        await t.slash(b, thread, "game takeback")
        second = await proposal(thread, after=request.id)
        await t.slash(c, thread, "count add", amount=3)  # c acts instead of answering
        await t.fake.wait_for(lambda: "Lapsed" in second.content, "the request to lapse")
        assert "game went on" in second.content and not second.buttons
        assert (await t.bot.store.games.get(game)).load_state().total == 6
        late = await t.slash(b, thread, "game takeback")
        assert late.ephemeral and "not yours" in late.content
        t.fake.assert_clean()


async def test_a_request_lapses_after_a_day_and_outsiders_are_refused(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, (a, b) = await count_game(t, [t.alice, t.bob])
        assert t.bot is not None
        outsider = await t.slash(t.carol, thread, "game takeback")
        assert outsider.ephemeral and "not playing" in outsider.content
        early = await t.slash(a, thread, "game takeback")
        assert early.ephemeral and "no decision to take back" in early.content
        await t.slash(a, thread, "count act", action="roll")
        rolled = await t.slash(a, thread, "game takeback")
        assert rolled.ephemeral and "cannot be taken back" in rolled.content
        await t.slash(b, thread, "count add", amount=1)
        await t.slash(b, thread, "game takeback")
        request = await proposal(thread)
        await t.later(hours=23)
        assert request.buttons, "still open before the day is over"
        await t.later(hours=2)
        await t.fake.wait_for(lambda: "within a day" in request.content, "the request to lapse")
        assert not request.buttons
        stale = await t.click(a, request, "Agree to take back") if request.buttons else None
        assert stale is None
        assert (await t.bot.store.agreements.takeback_request(game)) is None
        t.fake.assert_clean()


async def test_czech_words_and_a_takeback_accepted_in_a_count_game(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        before = list(t.channel.threads)
        lobby = await t.slash(t.alice, t.channel, "count new", target=50, language="cs")
        await t.click(t.bob, lobby, "Přidat se")
        await t.click(t.alice, lobby, "Začít")
        thread = await t.channel.wait_for_thread(lambda th: th not in before)
        assert t.bot is not None
        game = (await t.bot.store.games.find(status="active"))[-1].id
        rec = await t.bot.store.games.get(game)
        first = COUNT.to_act(rec.load_state())[0]
        a, b = (t.alice, t.bob) if rec.players[first] == t.alice.id else (t.bob, t.alice)
        await t.slash(a, thread, "count add", amount=3)
        await t.slash(a, thread, "game takeback")
        request = await thread.wait_for_message(lambda m: "žádá o vrácení" in m.content)
        await t.click(b, request, "Souhlasím s vrácením")
        assert "Všichni souhlasili" in request.content
        await thread.wait_for_message(lambda m: "Po dohodě se vrací" in m.content)
        assert (await t.bot.store.games.get(game)).load_state().total == 0
        t.fake.assert_clean()


# --- issue 44 §4, §5: a takeback by a press; refusals kept in the store ------------------------


async def test_the_mover_takes_back_a_move_by_a_press_on_its_news(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        assert t.bot is not None
        before = await t.bot.store.games.get(game)
        news = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        assert not news.ephemeral and "Take back" in [b.label for b in news.buttons], news.buttons
        other = await t.click(blue, news, "Take back")
        assert other.ephemeral and f"Only <@{red.id}> can ask" in other.content, other.content
        outsider = await t.click(t.carol, news, "Take back")
        assert outsider.ephemeral and "not playing" in outsider.content
        asked = await t.click(red, news, "Take back")
        assert asked.ephemeral and "Asked the other players" in asked.content, asked.content
        request = await proposal(thread)
        assert blue.id in request.pinged
        again = await t.click(red, news, "Take back")
        assert again.ephemeral and "open already" in again.content
        await t.click(blue, request, "Agree to take back")
        told = await thread.wait_for_message(lambda m: "By agreement" in m.content)
        assert "Take back" not in [b.label for b in told.buttons], "a takeback is not taken back"
        rec = await t.bot.store.games.get(game)
        assert rec.state_json == before.state_json and await t.bot.store.games.verify(game)
        t.fake.assert_clean()


async def test_no_take_back_button_where_the_engine_forbids_it_and_an_old_one_is_refused(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        first = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        reply = await t.slash(blue, thread, "stratego move", from_="E7", to="E6")
        assert "Take back" in [b.label for b in reply.buttons]
        late = await t.click(red, first, "Take back")
        assert late.ephemeral and "went on since" in late.content, late.content
        battle = await t.slash(red, thread, "stratego move", from_="E5", to="E6")  # an attack (SG-5)
        assert not battle.ephemeral and "Take back" not in [b.label for b in battle.buttons], battle.buttons
        assert not [m for m in thread.messages if ASKED in m.content]
        t.fake.assert_clean()


async def test_a_refusal_holds_after_a_restart_and_a_press_on_an_ended_request_is_answered(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        _, thread, (a, b) = await count_game(t, [t.alice, t.bob])
        news = await t.slash(a, thread, "count add", amount=2)
        await t.slash(a, thread, "game takeback")
        request = await proposal(thread)
        stale = copy.deepcopy(request.components)  # as a client that has not seen the edit shows them
        await t.click(b, request, "Refuse")
        assert not request.buttons
        await t.restart()
        again = await t.slash(a, thread, "game takeback")
        assert again.ephemeral and "refused already" in again.content, again.content
        pressed = await t.click(a, news, "Take back") if "Take back" in [x.label for x in news.buttons] else None
        assert pressed is None or ("refused already" in pressed.content and pressed.ephemeral)
        assert len([m for m in thread.messages if ASKED in m.content]) == 1, "nobody pinged again"
        request.components = stale  # a press on the ended request's old buttons
        late = await t.click(b, request, "Agree to take back")
        assert late.ephemeral and "request is over" in late.content, late.content
        t.fake.assert_clean()
