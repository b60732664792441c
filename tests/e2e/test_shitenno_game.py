"""Shitenno in Discord end to end (issue 11): whole games of 2, 3 and 4 players decided only through
what the bot offers, a game by typed notation, refusals, a restart, closed DMs and the secret
scan, through the real client and the local Discord."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from cogs.shitenno.cog import payment_verb
from rules.shitenno import GAME
from rules.shitenno.content import CONTENT
from tests.e2e.harness import Table, table
from tests.e2e.records import check_record
from tests.e2e.shitenno_players import (
    Seen,
    check_secrets,
    conquer_by_presses,
    decide,
    latest_decision,
    observe,
    play_out,
)
from tests.fakediscord import Thread, User


async def start(t: Table, players: list[User], **options: object) -> tuple[int, Thread]:
    """A lobby by the first player, the others join, the creator starts; it opens with both images."""
    game, thread, post = await t.lobby_game("shitenno", players, **options)
    assert {a.filename.rsplit("-", 1)[-1] for a in post.attachments} == {"board.png", "sharing.png"}
    return game, thread


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_whole_game_through_buttons_selects_and_autocomplete(tmp_path: Path, players: int) -> None:
    async with table(tmp_path) as t:
        seated = t.seated(players)
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        for user in seated:
            hand = await t.fake.wait_for(
                lambda u=user: next((m for m in t.fake.dms(u) if "your hand" in m.content), None), "hand DM"
            )
            assert hand.attachments, "the hand image goes by DM"
        rec = await play_out(t, game, thread, users, seed=players)
        assert rec.status == "finished"
        end = await thread.wait_for_message(lambda m: "Game over" in m.content)
        assert "Final scores" in end.content and set(end.pinged) == set(users)
        assert "Final scoring" in end.content and "majorities" in end.content, "the scoring table (SH-9.3)"
        record = await check_record(t, end, game)
        assert record["outcome"]["ending"] == "normal" and len(record["outcome"]["scores"]) == players
        for user in seated:
            await t.fake.wait_for(lambda u=user: any("is over" in m.content for m in t.fake.dms(u)), "end DM")
        hands = [
            sum(1 for m in t.fake.dms(u) if any(a.filename.endswith("hand.png") for a in m.attachments)) for u in seated
        ]
        assert min(hands) > 1, f"each hand went by DM again when it changed: {hands}"
        assert await t.bot.store.games.verify(game)  # type: ignore[union-attr]
        t.fake.assert_clean()


async def test_a_game_by_typed_notation(tmp_path: Path) -> None:
    """Every decision typed with /shitenno act, chosen from the engine's legal list."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        rnd = random.Random(3)
        async for user, action in t.typed_decisions(game, users, rnd, 400):
            offered = await t.fake.autocomplete(user, thread, "shitenno act", focused="action", action=action[:3])
            assert 0 < len(offered) <= 25 and all(c.value.startswith(action[:3]) for c in offered)
            answer = await t.slash(user, thread, "shitenno act", action=action)
            assert not answer.ephemeral, (action, answer.content)
        assert (await t.bot.store.games.get(game)).status == "finished"  # type: ignore[union-attr]
        t.fake.assert_clean()


async def test_typing_asks_the_engine_once_per_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord asks the act autocomplete at every keystroke: the legal list of a version is worked
    out once, and a new version is never answered from the old one."""
    from cogs.shitenno import cog

    asked: list[int] = []
    engine_legal = GAME.legal
    monkeypatch.setattr(cog.GAME, "legal", lambda state, seat: asked.append(seat) or engine_legal(state, seat))
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        rnd = random.Random(5)
        for _ in range(3):
            rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
            state = rec.load_state()
            seat = GAME.to_act(state)[0]
            user = users[rec.players[seat]]
            want = sorted(a.notation() for a in engine_legal(state, seat) if a.notation() != "resign")
            before = len(asked)
            for typed in ("", want[0][:1], want[0][:2], want[0]):
                offered = await t.fake.autocomplete(user, thread, "shitenno act", focused="action", action=typed)
                assert offered and all(c.value.startswith(typed) for c in offered), typed
            assert len(asked) - before == 1, "one legal list for four keystrokes on one version"
            assert any(c.value == want[0] for c in offered)
            answer = await t.slash(user, thread, "shitenno act", action=rnd.choice(want))
            assert not answer.ephemeral, answer.content
        t.fake.assert_clean()


async def test_many_ways_to_pay_are_offered_word_by_word_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand saved up for many turns has more ways to pay for a province than Discord lists (25):
    the `with` autocomplete offers the next card or tile of each, in words (what the card is),
    and choosing word after word reaches a whole payment that conquers."""
    from cogs.table.core import master
    from rules.shitenno.actions import EndTurn, Resign

    monkeypatch.setattr(master, "secrets", SimpleNamespace(randbits=lambda bits: 1))  # the game's seed
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        rnd = random.Random(4)
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        for _ in range(100):  # players who end their control turns at once: the hands grow
            state = rec.load_state()
            seat = GAME.to_act(state)[0]
            if state.phase == "control":
                many = [p.id for p in CONTENT.provinces if len(GAME.conquest_payments(state, seat, p.id)) > 25]
                if many:
                    break
                action = EndTurn()
            else:
                action = rnd.choice([a for a in GAME.legal(state, seat) if not isinstance(a, Resign)])
            await t.bot.store.games.append(game, rec.version, seat, action)  # type: ignore[union-attr]
            rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        else:
            raise AssertionError("no hand with more than 25 ways to pay")
        await t.bot.store.outbox.told(game, rec.version)  # type: ignore[union-attr]
        user, province = users[rec.players[seat]], many[0]
        typed, given = "", {"province": province}
        for _ in range(12):
            offered = await t.fake.autocomplete(
                user, thread, "shitenno conquer", {**given, "with": typed}, focused="with"
            )
            assert 0 < len(offered) <= 25
            assert all(re.search(r"[^\W\d_]{4}", c.name) for c in offered), [c.name for c in offered]  # bushi + sōhei
            whole = [c for c in offered if not c.name.endswith(" …")]
            if whole:
                break
            assert all(c.name != c.value for c in offered), "a card shown in words, not only its id"
            typed = str(rnd.choice(offered).value) + " "
        else:
            raise AssertionError("no whole payment reached")
        answer = await t.slash(user, thread, "shitenno conquer", **given, **{"with": whole[0].value})
        assert not answer.ephemeral, answer.content
        assert (await t.bot.store.games.get(game)).version == rec.version + 1  # type: ignore[union-attr]


async def test_refusals_are_private_and_change_nothing(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice, t.bob, t.carol])
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        state = rec.load_state()
        actor = {u.id: u for u in (t.alice, t.bob, t.carol)}[rec.players[GAME.to_act(state)[0]]]
        other = next(u for u in (t.alice, t.bob, t.carol) if u is not actor)
        news = latest_decision(thread, rec.version)
        waiting = await t.click(other, news, news.buttons[0].label)
        assert (
            waiting.ephemeral
            and "Not your decision — waiting for" in waiting.content
            and f"<@{actor.id}>" in waiting.content
        )
        nosy = await t.click(t.mod, news, news.buttons[0].label)
        assert nosy.ephemeral and "not playing" in nosy.content
        out_of_turn = await t.slash(other, thread, "shitenno act", action="end")
        assert out_of_turn.ephemeral
        nonsense = await t.slash(actor, thread, "shitenno act", action="x" * 500)
        assert nonsense.ephemeral and "can't read" in nonsense.content and len(nonsense.content) < 200
        no_title = await t.slash(actor, thread, "shitenno act", action="offer")
        assert no_title.ephemeral
        assert (await t.bot.store.games.get(game)).version == rec.version, "refusals change nothing"  # type: ignore[union-attr]
        t.fake.assert_clean()


async def test_restart_mid_game_and_closed_dms(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.fake.close_dms(t.bob)
        game, thread = await start(t, [t.alice, t.bob])
        notice = await thread.wait_for_message(lambda m: "can't send you direct messages" in m.content)
        assert f"<@{t.bob.id}>" in notice.content and "My hand" in notice.content
        users = {u.id: u for u in (t.alice, t.bob)}
        rnd, seen = random.Random(11), Seen()
        for _ in range(6):
            await observe(t, game, seen)
            await decide(t, game, thread, users, rnd)
            await check_secrets(t, game, thread, seen)
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        await t.restart()
        news = latest_decision(thread, rec.version)
        for _ in range(6):
            await decide(t, game, thread, users, rnd)
        stale = await t.click(t.alice, news, news.buttons[-1].label)
        assert stale.ephemeral
        hand = await t.slash(t.bob, thread, "game hand")
        assert hand.ephemeral and hand.attachments and "Troops:" in hand.content
        notices = [m for m in thread.messages if "can't send you direct messages" in m.content]
        assert len(notices) == 1
        t.fake.assert_clean()


async def test_resigning_in_a_three_player_game(tmp_path: Path) -> None:
    """SH-R.3: with three players the resigner drops out and the two others play on."""
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice, t.bob, t.carol])
        confirm = await t.slash(t.carol, thread, "game resign")
        await t.click(t.carol, confirm, f"Resign #{game} Shitenno")
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        assert rec.status == "active" and rec.players.index(t.carol.id) in rec.load_state().resigned
        assert any("resigns" in m.content for m in thread.messages)
        t.fake.assert_clean()


async def test_a_two_player_challenge_and_the_general(tmp_path: Path) -> None:
    """One invitee makes an Accept / Decline challenge; the creator's general is his pick."""
    async with table(tmp_path) as t:
        challenge = await t.slash(t.alice, t.channel, "shitenno new", player2=t.bob, general="Sakai")
        assert [b.label for b in challenge.buttons] == ["Accept", "Decline", "Withdraw"]
        accepted = await t.click(t.bob, challenge, "Accept")
        assert "accepted" in accepted.content and not challenge.buttons
        thread = await t.channel.wait_for_thread()
        post = await thread.wait_for_message(lambda m: "**Shitenno #" in m.content)
        assert f"<@{t.alice.id}> plays **Sakai Tadatsugu**" in post.content
        t.fake.assert_clean()


async def test_an_unaffordable_conquest_and_a_restart_mid_conquest(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await start(t, [t.alice, t.bob])
        users = {u.id: u for u in (t.alice, t.bob)}
        rnd = random.Random(2)
        for _ in range(60):
            rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
            if rec.load_state().phase == "control":
                break
            await decide(t, game, thread, users, rnd)
        rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
        state = rec.load_state()
        assert state.phase == "control"
        seat = GAME.to_act(state)[0]
        user = users[rec.players[seat]]
        hand = state.players[seat].troops + state.players[seat].koku
        tries = [(p.id, c) for p in CONTENT.provinces for c in hand]
        legal = {a.notation() for p in CONTENT.provinces for a in GAME.conquest_payments(state, seat, p.id)}
        province, card = next((p, c) for p, c in tries if f"{payment_verb(c)} {p} {c}" not in legal)
        poor = await t.slash(user, thread, "shitenno conquer", province=province, **{"with": card})
        assert poor.ephemeral, "a payment that does not cover the province is refused"
        assert (await t.bot.store.games.get(game)).version == rec.version  # type: ignore[union-attr]
        await t.restart()
        news = latest_decision(thread, rec.version)
        ended = await t.click(user, news, "End turn")
        assert not ended.ephemeral and "ends the turn" in ended.content, "a button from before the restart works"
        t.fake.assert_clean()


async def test_split_and_conquer_by_presses_only(tmp_path: Path) -> None:
    """Issue 19 §3: a split with any pair of titles and a conquest, by presses and selects alone —
    a stale picker says so, and nobody else may use the player's picker."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        rnd, split_pairs, conquests = random.Random(11), set(), 0
        for _ in range(400):
            rec = await t.bot.store.games.get(game)  # type: ignore[union-attr]
            if rec.status != "active" or (conquests >= 2 and split_pairs):
                break
            state = rec.load_state()
            seat = GAME.to_act(state)[0]
            user, other = users[rec.players[seat]], next(u for u in seated if u.id != rec.players[seat])
            news = latest_decision(thread, rec.version)
            labels = [b.label for b in news.buttons]
            if "Split the pool" in labels:
                refused = await t.click(other, news, "Split the pool")  # (an ephemeral picker only he sees)
                assert refused.ephemeral and "Not your decision" in refused.content
                await t.bot.table.teller.quiet()  # type: ignore[union-attr]  # (the start's DMs have landed)
                hands = len(t.fake.dms(user))
                titles = await t.click(user, news, "Split the pool")
                a = titles.buttons[-1].label  # the last free title: before issue 19, lot B got the first
                second = await t.click(user, titles, a)
                assert second.ephemeral and not second.selects, second.content
                b = second.buttons[0].label
                cards = await t.click(user, second, b)
                assert "No cards" in [x.label for x in cards.buttons]
                await t.click(user, cards, "No cards")
                assert (await t.bot.store.games.get(game)).version > rec.version  # type: ignore[union-attr]
                split = next(m for m in reversed(thread.messages) if "splits the pool" in m.content)
                assert f"lot A — {a}" in split.content and f"lot B — {b}" in split.content, split.content
                assert len(t.fake.dms(user)) == hands, "the split leaves the splitter's hand as it was: no DM"
                split_pairs.add((a, b))
                continue
            if "Conquer…" in labels:
                refused = await t.click(other, news, "Conquer…")
                assert refused.ephemeral and "Not your decision" in refused.content
                picker = await t.click(user, news, "Conquer…")
                assert picker.ephemeral and picker.selects
                assert all(o["label"] and "—" in o["label"] for o in picker.selects[0].options)
                done = await conquer_by_presses(t, game, user, news, rnd)
                assert done.startswith("conquered")
                told = [
                    x for m in thread.messages for x in m.content.splitlines() if " conquers " in x or " buys " in x
                ]
                line = told[-1]
                assert line.startswith("<@") and not re.search(r"\b[TK]\d+\b", line), line
                stale = await t.fake.select(
                    user, picker, picker.selects[0].custom_id, [picker.selects[0].options[0]["value"]]
                )
                assert "out of date" in (await stale.response()).content
                conquests += 1
                continue
            await decide(t, game, thread, users, rnd)
        assert split_pairs and conquests >= 2, (split_pairs, conquests)
        t.fake.assert_clean()


async def test_a_told_decision_computes_each_view_once(tmp_path: Path) -> None:
    """Issue 18 §7: telling a decision (the news, the buttons, each hand that changed by DM) shares
    the views of its state (cogs/table/views_kept.py): at most one per seat and one public."""
    async with table(tmp_path) as t:
        seated = [t.alice, t.bob, t.carol]
        game, thread = await start(t, seated)
        users = {u.id: u for u in seated}
        told = 0
        async for user, action in t.typed_decisions(game, users, random.Random(6), 12):
            answer, views = await t.views_while_told(user, thread, "shitenno act", GAME, action=action)
            assert not answer.ephemeral, answer.content
            assert len(views) == len(set(views)), views
            told += bool(views)
        assert told >= 10
        t.fake.assert_clean()
