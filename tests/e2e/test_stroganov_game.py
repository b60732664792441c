"""Stroganov in Discord end to end (issue 12): whole games of 1 (each difficulty), 2 and 4 players
decided only through what the bot offers, a game by typed notation, refusals, a restart in a turn
and in winter, and a double click, through the real client and the local Discord."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cogs.table import respond
from db.records import GameRecord
from rules.stroganov import GAME
from tests.e2e.harness import Table, table
from tests.e2e.records import check_record
from tests.e2e.stroganov_players import offered, page, play_out, play_until
from tests.fakediscord import Thread, User


async def start(t: Table, players: list[User], **options: object) -> tuple[int, Thread]:
    game, thread, _ = await t.lobby_game("stroganov", players, **options)
    return game, thread


@pytest.mark.parametrize("players", [1, 2])
async def test_a_whole_game_through_the_turn_pages(tmp_path: Path, players: int) -> None:
    async with table(tmp_path) as t:
        seated = t.seated(players)
        game, thread = await start(t, seated)
        rec = await play_out(t, game, thread, {u.id: u for u in seated}, seed=players)
        assert rec.status == "finished"
        end = await thread.wait_for_message(lambda m: "Game over" in m.content)
        assert "Final scoring" in end.content
        t.fake.assert_clean()


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
async def test_a_solo_game_against_ivan_at_each_difficulty(tmp_path: Path, difficulty: str) -> None:
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice], difficulty=difficulty)
        first = thread.messages[0]
        assert difficulty in first.content and "against Ivan" in first.content
        rec = await play_out(t, game, thread, {t.alice.id: t.alice}, seed=len(difficulty))
        assert rec.status == "finished" and rec.options["difficulty"] == difficulty
        end = await thread.wait_for_message(lambda m: "Game over" in m.content)
        assert "Ivan" in end.content and "Final scoring" in end.content
        record = await check_record(t, end, game)
        assert record["options"]["difficulty"] == difficulty and record["outcome"]["automa_score"] is not None
        flips = sum(e["type"] == "ivan_flip" for e in rec.load_state().log)
        told = sum(m.content.count("**Ivan**: moves to ") for m in thread.messages)
        assert flips > 10 and told == flips, f"every one of Ivan's {flips} turns is posted ({told})"
        rules = await t.slash(t.alice, t.channel, "game rules", name="stroganov")
        assert "Ivan" in rules.content and "/stroganov act" in rules.content
        t.fake.assert_clean()


@pytest.mark.slow
async def test_a_four_player_game_through_the_turn_pages(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        seated = t.seated(4)
        game, thread = await start(t, seated)
        rec = await play_out(t, game, thread, {u.id: u for u in seated}, seed=4)
        assert rec.status == "finished"
        end = await thread.wait_for_message(lambda m: "Game over" in m.content)
        assert set(end.pinged) == {u.id for u in seated}
        for user in seated:
            await t.fake.wait_for(lambda u=user: any("is over" in m.content for m in t.fake.dms(u)), "end DM")
        record = await check_record(t, end, game)
        assert record["outcome"]["ending"] == "normal" and record["outcome"]["winners"]
        t.fake.assert_clean()


async def test_a_game_by_typed_notation(tmp_path: Path) -> None:
    """Every decision typed with /stroganov act, chosen from the engine's legal list."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        rnd = random.Random(7)
        assert t.bot is not None
        async for user, action in t.typed_decisions(game, users, rnd, 2500):
            answer = await t.slash(user, thread, "stroganov act", action=action)
            assert "Done" in answer.content, answer.content
        assert (await t.bot.store.games.get(game)).status == "finished"
        await thread.wait_for_message(lambda m: "Game over" in m.content)


async def test_refusals_are_private_and_change_nothing(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice, t.bob])
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        state = rec.load_state()
        seat = GAME.to_act(state)[0]
        actor, other = (t.alice, t.bob) if rec.players[seat] == t.alice.id else (t.bob, t.alice)
        current = await page(t, thread, rec.version)
        board_select = current.selects[0]
        i = await t.fake.select(other, current, board_select.custom_id, [board_select.options[0]["value"]])
        answer = await i.response()
        assert answer.ephemeral and "not your turn" in answer.content.lower(), answer.content
        for text, words in (
            ("xyz", "can't read"),
            ("move 3", "choose your player board"),
            ("board 9Z", "not a board"),
            ("", "say what you want"),
        ):
            answer = await t.slash(actor, thread, "stroganov act", action=text)
            assert answer.ephemeral and words in answer.content.lower(), (text, answer.content)
        outsider = await t.slash(t.carol, thread, "stroganov act", action="board 1A")
        assert outsider.ephemeral and "not playing" in outsider.content.lower(), outsider.content
        # into the first turn: out of turn, the wrong phase, an unaffordable move
        while (await t.bot.store.games.get(game)).load_state().stage == "boards":
            rec = await t.bot.store.games.get(game)
            s = GAME.to_act(rec.load_state())[0]
            user = actor if rec.players[s] == actor.id else other
            await t.slash(user, thread, "stroganov act", action=GAME.legal(rec.load_state(), s)[0].notation())
        rec = await t.bot.store.games.get(game)
        state = rec.load_state()
        seat = GAME.to_act(state)[0]
        mover = actor if rec.players[seat] == actor.id else other
        waiting = other if mover is actor else actor
        me = next(c for c in state.cossacks if c.seat == seat)
        me_horses = me.horses
        for user, text, words in (
            (waiting, "move 1", "not your turn"),
            (mover, "end", "move first"),
            (mover, "coin", "move first"),
            (mover, "trophy 3", "can't be done now"),
        ):
            answer = await t.slash(user, thread, "stroganov act", action=text)
            assert answer.ephemeral and words in answer.content.lower(), (text, answer.content)
        if me_horses < 6:
            answer = await t.slash(mover, thread, "stroganov act", action="move 5")
            assert answer.ephemeral and "horse" in answer.content.lower(), answer.content
        assert (await t.bot.store.games.get(game)).version == rec.version, "no refusal changed the game"
        t.fake.assert_clean()


async def test_a_double_click_applies_once_and_a_restart_mid_turn_keeps_the_page(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice])
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        current = await page(t, thread, rec.version)
        select = current.selects[0]
        value = select.options[0]["value"]
        first = await t.fake.select(t.alice, current, select.custom_id, [value])
        second = await t.fake.select(t.alice, current, select.custom_id, [value])
        answers = [await first.response(), await second.response()]
        assert (await t.bot.store.games.get(game)).version == rec.version + 1, "exactly one of two presses applied"
        assert any(a.ephemeral for a in answers), [a.content for a in answers]
        rec = await t.bot.store.games.get(game)
        # a decision of the first turn, then a restart between two decisions of the same turn
        current = await page(t, thread, rec.version)
        move = next(b for b in current.buttons if (b.label or "").startswith("Move"))
        i = await t.fake.click(t.alice, current, move.custom_id)
        await i.response()
        rec = await t.bot.store.games.get(game)
        before = await page(t, thread, rec.version)
        await t.restart()
        assert t.bot is not None
        stale = await t.fake.click(t.alice, current, move.custom_id) if current.component(move.custom_id) else None
        if stale is not None:
            assert (await stale.response()).ephemeral
        choices = offered(before, rec.version)
        kind, custom_id, value = choices[0]
        if kind == "button":
            i = await t.fake.click(t.alice, before, custom_id)
        else:
            i = await t.fake.select(t.alice, before, custom_id, [value])
        await i.response()
        assert (await t.bot.store.games.get(game)).version == rec.version + 1, "the page works after the restart"
        t.fake.assert_clean()


async def test_a_restart_in_winter_keeps_the_song_buttons(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        rec = await play_until(t, game, thread, users, random.Random(11), lambda rec, st: st.stage == "songs")
        state = rec.load_state()
        assert state.stage == "songs", "a winter with a song to buy"
        current = await page(t, thread, rec.version)
        assert "Winter" in current.content
        await t.restart()
        seat = GAME.to_act(state)[0]
        button = next(b for b in current.buttons if b.label == "Pass")
        i = await t.fake.click(users[rec.players[seat]], current, button.custom_id)
        await i.response()
        assert (await t.bot.store.games.get(game)).version == rec.version + 1
        t.fake.assert_clean()


def trophy_pending_game() -> tuple[int, list[str]]:
    """A seed and the decisions of a solo game after which a trophy action waits for the player in
    his own turn (random play rarely leaves one: a trophy nobody can pay is taken automatically)."""
    for seed in range(70, 500):
        st, rnd, plays = GAME.new(1, {}, seed), random.Random(seed), []
        while GAME.outcome(st) is None:
            if st.queue and st.stage == "turn":
                return seed, plays
            action = rnd.choice([a for a in GAME.legal(st, 0) if a.notation() != "resign"])
            GAME.apply(st, 0, action)
            plays.append(action.notation())
    raise AssertionError("no game with a pending trophy decision")


async def test_nothing_interrupts_a_pending_trophy_decision(tmp_path: Path) -> None:
    """ST-11.2: while a trophy action waits for its player, every other decision — free actions
    included — is refused privately and changes nothing; the trophy decision then goes on."""
    seed, plays = trophy_pending_game()
    async with table(tmp_path) as t:
        assert t.bot is not None
        store = t.bot.store
        thread = t.channel.create_thread("stroganov trophy", owner=t.alice)
        rec = await store.games.create(
            "stroganov", [t.alice.id], {"difficulty": "normal"}, seed,
            guild_id=t.guild.id, channel_id=t.channel.id, creator_id=t.alice.id, thread_id=thread.id,
        )  # fmt: skip
        for notation in plays:
            rec = await store.games.get(rec.id)
            await store.games.append(rec.id, rec.version, 0, GAME.parse_action(notation))
        rec = await store.games.get(rec.id)
        assert rec.load_state().queue
        for text in ("coin", "draw", "end", "exchange 2 3", "wish R1", "move 1"):
            answer = await t.slash(t.alice, thread, "stroganov act", action=text)
            assert answer.ephemeral and "trophy action" in answer.content.lower(), (text, answer.content)
        assert (await store.games.get(rec.id)).version == rec.version, "no refusal changed the game"
        answer = await t.slash(t.alice, thread, "stroganov act", action="trophy stay")
        assert "Done" in answer.content, answer.content
        await page(t, thread, rec.version + 1)  # the turn goes on, on a page of its own
        t.fake.assert_clean()


async def test_two_players_pressing_at_once_one_decision_applies(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice, t.bob])
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        seat = GAME.to_act(rec.load_state())[0]
        actor, other = (t.alice, t.bob) if rec.players[seat] == t.alice.id else (t.bob, t.alice)
        current = await page(t, thread, rec.version)
        select = current.selects[0]
        a, b = (select.options[0]["value"], select.options[-1]["value"])
        first = await t.fake.select(actor, current, select.custom_id, [a])
        second = await t.fake.select(other, current, select.custom_id, [b])
        await first.response()
        refused = await second.response()
        assert refused.ephemeral, refused.content
        after = await t.bot.store.games.get(game)
        assert after.version == rec.version + 1, "exactly one of the two presses applied"
        assert (await t.bot.store.games.actions(game))[-1].seat == seat, "the one whose decision it was"
        t.fake.assert_clean()


async def test_the_turn_page_shows_the_turn_image_and_the_full_board_is_one_press_away(tmp_path: Path) -> None:
    """Issue 19 §4: the page carries one image (the turn image, readable on a phone); "Full board"
    answers the presser alone with the board and the tableaux, and changes nothing."""
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice, t.bob])
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        current = await page(t, thread, rec.version)
        assert [a.filename for a in current.attachments] == [f"stroganov-{game}-y1-setup.png"]
        (full,) = [b for b in current.buttons if b.custom_id and b.custom_id.endswith(":full_board")]
        assert full.label == "Full board"
        i = await t.fake.click(t.bob, current, full.custom_id)
        answer = await i.response()
        assert answer.ephemeral, answer.content
        names = sorted(a.filename for a in answer.attachments)
        assert names == [f"stroganov-{game}-y1-setup-board.png", f"stroganov-{game}-y1-setup-players.png"], names
        assert (await t.bot.store.games.get(game)).version == rec.version
        t.fake.assert_clean()


async def test_a_told_decision_lets_go_of_its_page_with_the_save(tmp_path: Path) -> None:
    """Each decision is told on the game's page while this process holds it (issue 18 §4); saving
    the page lets go of it in the same transaction, so a telling that saved makes no separate
    release (one write and its flush fewer per decision), and the page is free afterwards. The
    hold reads the page and the save marks the decision told: no separate read or write for
    either (issue 18 §7), and every decision is told."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        assert t.bot is not None
        store = t.bot.store
        started = (await store.games.get(game)).version
        calls = {"save": 0, "release": 0, "get": 0}
        told: list[int] = []
        mark_told = store.outbox.told

        async def told_of(game_id: int, version: int) -> None:
            told.append(version)
            await mark_told(game_id, version)

        store.outbox.told = told_of  # type: ignore[method-assign]
        for name in calls:
            original = getattr(store.pages, name)

            async def counted(
                *args: object, _name: str = name, _original: object = original, **kwargs: object
            ) -> object:
                calls[_name] += 1
                return await _original(*args, **kwargs)  # type: ignore[operator]

            setattr(store.pages, name, counted)
        users = {u.id: u for u in seated}
        async for user, action in t.typed_decisions(game, users, random.Random(3), 12):
            answer = await t.slash(user, thread, "stroganov act", action=action)
            assert "Done" in answer.content, answer.content
        assert calls["save"] >= 12 and calls["release"] == 0, calls
        assert calls["get"] == 0 and [v for v in told if v > started] == [], (calls, told)
        rec = await store.games.get(game)
        assert rec.status == "active" and rec.announced == rec.version, "every decision is told"
        assert await store.pages.hold(game), "no telling keeps the page"
        await store.pages.release(game)
        t.fake.assert_clean()


async def test_a_new_pages_board_is_drawn_while_the_rest_of_the_decision_is_told(tmp_path: Path) -> None:
    """Issue 18 §7: a decision that ends a turn begins a page with the turn image. The drawing
    starts before the old page is edited and the next player's DM goes out, so the image is drawn
    while they are sent instead of after them (the decision's page is ready sooner)."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        assert t.bot is not None
        table_ = t.bot.table.transport
        draw = table_.render
        before_drawing: list[list[str]] = []  # per page drawn: the bot's requests since the decision came
        since = [0]

        async def watched(fn: Any, *args: Any) -> Any:
            if fn.__name__ == "public_files":
                before_drawing.append(
                    [f"{r.method} {r.route}" for r in t.fake.requests.records[since[0] :] if not r.interaction_response]
                )
            return await draw(fn, *args)

        table_.render = watched  # type: ignore[method-assign]
        users = {u.id: u for u in seated}
        overlapped: list[list[str]] = []  # the requests of each decision that drew
        async for user, action in t.typed_decisions(game, users, random.Random(5), 40):
            since[0], drawn = len(t.fake.requests.records), len(before_drawing)
            answer = await t.slash(user, thread, "stroganov act", action=action)
            assert "Done" in answer.content, answer.content
            if len(before_drawing) > drawn:
                overlapped.append([f"{r.method} {r.route}" for r in t.fake.requests.records[since[0] :]])
            if len(before_drawing) >= 3:
                break
        assert len(before_drawing) >= 3, "three turns ended"
        for requests in before_drawing:
            assert requests == [], f"the drawing began after {requests}"
        for requests in overlapped:  # there was something to draw alongside: the old page's edit (a DM too when
            # the turn passed to the other player: the game's seed is drawn at its start)
            assert "PATCH /channels/{channel_id}/messages/{message_id}" in requests, requests
        t.fake.assert_clean()


async def test_a_typed_decision_parses_the_games_state_only_in_its_own_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18 §7: ``/stroganov act`` finds the game and the seat without parsing the stored state
    (Stroganov's notation reads without it); the store's transaction parses it once to apply the
    decision, and the telling uses the state that transaction made. A Stroganov state carries its
    public log, so each parse grows with the game."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        parsed: list[int] = []
        load_state = GameRecord.load_state

        def counted(rec: GameRecord) -> Any:
            parsed.append(rec.id)
            return load_state(rec)

        users = {u.id: u for u in seated}
        decisions = 0
        async for user, action in t.typed_decisions(game, users, random.Random(3), 8):  # it parses, to choose
            monkeypatch.setattr(GameRecord, "load_state", counted)
            answer = await t.slash(user, thread, "stroganov act", action=action)
            monkeypatch.setattr(GameRecord, "load_state", load_state)
            assert "Done" in answer.content, answer.content
            decisions += 1
        assert decisions == 8 and parsed == [], parsed
        t.fake.assert_clean()


@pytest.mark.parametrize("late", [False, True])
async def test_a_typed_decision_is_answered_once_and_deferred_only_when_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, late: bool
) -> None:
    """Issue 18 §7: ``/stroganov act`` told on the turn page is answered by one response, the
    private "Done", sent when the page is told: no "thinking" defer first (one request and one
    round trip fewer). Should the telling still run ``ANSWER_WITHIN`` seconds after the command was
    made (here: at once), it is deferred meanwhile and "Done" follows, with no second answer."""
    # In time: the deadline far enough that a loaded machine's telling still beats it.
    monkeypatch.setattr(respond, "ANSWER_WITHIN", 0.0 if late else 2.5)
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        decisions = 0
        async for user, action in t.typed_decisions(game, users, random.Random(9), 10):
            i = await t.fake.slash(user, thread, "stroganov act", action=action)
            answer = await i.response()
            assert answer.ephemeral and "Done" in answer.content, answer.content
            assert t.bot is not None
            await t.bot.table.teller.quiet()
            kinds = [r.route for r in t.fake.requests.records if r.interaction_response and i.token in r.path]
            if late:
                assert i.response_type == 5 and kinds[0] == "/interactions/{interaction_id}/{token}/callback", kinds
                assert len(kinds) == 2, kinds  # the defer, then "Done"
            else:
                assert i.response_type == 4 and kinds == ["/interactions/{interaction_id}/{token}/callback"], kinds
            decisions += 1
        assert decisions == 10
        assert t.bot is not None
        rec = await t.bot.store.games.get(game)
        assert rec.announced == rec.version, "every decision is told"
        t.fake.assert_clean()


async def test_decisions_told_late_are_deferred_first_and_still_answered_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every way of deciding (buttons and selects on the page, the private pickers, commands) when
    each telling comes after ``ANSWER_WITHIN`` (here: at once): the interaction is acknowledged
    meanwhile and then answered, with no answer twice and none lost, and every decision applies."""
    monkeypatch.setattr(respond, "ANSWER_WITHIN", 0.0)
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        assert t.bot is not None
        first = (await t.bot.store.games.get(game)).version
        users = {u.id: u for u in seated}
        rec = await play_until(t, game, thread, users, random.Random(11), lambda r, s: r.version >= first + 40, 41)
        assert rec.version == first + 40 or rec.status == "finished"
        await t.bot.table.teller.quiet()
        assert (await t.bot.store.games.get(game)).announced == rec.version
        t.fake.assert_clean()


async def test_a_told_decision_computes_each_view_once(tmp_path: Path) -> None:
    """Issue 18 §7: the story, the prompt, the decision components and the DM's notice of one
    decision share the views of its state (cogs/table/views_kept.py), not one per use; and as
    everyone sees the same (ST-4.4), that is the one public view, not one per seat too."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        async for user, action in t.typed_decisions(game, users, random.Random(4), 6):
            answer, views = await t.views_while_told(user, thread, "stroganov act", GAME, action=action)
            assert "Done" in answer.content, answer.content
            assert views and len(views) == len(set(views)), views
            assert all(seat is None for _, seat in views), views
        t.fake.assert_clean()


async def test_a_game_ending_decision_told_by_another_telling_first_still_answers_its_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision whose page another telling already showed (the catch-up of another process that
    took the change meanwhile, or one before a crash): its player is still answered, also when
    the decision ended the game (a resignation here), and the game-over is posted."""
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice])
        assert t.bot is not None
        pages = t.bot.table.pages
        hold = pages.hold

        async def shown_already(game_id: int) -> Any:
            page = await hold(game_id)
            page.version = 10**9  # as if this version's page were told
            return page

        monkeypatch.setattr(pages, "hold", shown_already)
        ask = await t.slash(t.alice, thread, "game resign")
        (button,) = [b for b in ask.buttons if b.custom_id and ":resign" in b.custom_id]
        i = await t.fake.click(t.alice, ask, button.custom_id)
        answer = await i.response()
        assert "Done" in answer.content and not answer.buttons, answer.content
        await thread.wait_for_message(lambda m: "Game over" in m.content)
        assert (await t.bot.store.games.get(game)).status == "finished"
        t.fake.assert_clean()
