"""Stratego end to end through the real discord.py client and the local Discord (issue 3 §4)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from cogs.table import respond
from rules.stratego.board import name, parse_square
from rules.stratego.engine import legal_moves
from tests.e2e.harness import Table, table
from tests.e2e.records import check_record

# Red's Scout on A4; Blue's Flag on A7, at the end of Red's open A file (SG-3.4 codes).
RED_SCOUT_A4 = "FB3B24B5B3/B4M2356743/2S6682572B/2583792642"
BLUE_FLAG_A7 = "2B3B24B5B3/B4M2356743/2S6682572B/358279264F"
# Blue walls itself in: bombs on every front square that is not in front of a lake (SG-6.2).
BLUE_WALLED = "F3333M9887/3776666552/2222222S44/BB45BB45BB"


async def set_up(t: Table, game: int, thread, red, blue, red_code: str, blue_code: str) -> None:
    """Both players enter their codes and confirm: Red with the Ready button, Blue with /stratego ready."""
    t.secrets += [red_code, blue_code]
    draft = await t.slash(red, thread, "stratego setup", code=red_code)
    assert draft.ephemeral and draft.attachments
    await t.slash(blue, thread, "stratego setup", code=blue_code)
    ready = await t.click(red, draft, "Ready")
    assert ready.ephemeral
    status = await thread.wait_for_message(lambda m: "Setup:" in m.content)
    assert "ready" in status.content
    await t.slash(blue, thread, "stratego ready")
    await thread.wait_for_message(lambda m: "Both armies are in place" in m.content)
    await t.check_public(game, thread, t.channel)


async def test_full_classic_game_to_flag_capture(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        for user in (red, blue):
            dm = await t.fake.next_dm(user)
            assert dm.attachments and "Ready" in [b.label for b in dm.buttons], "setup image by DM"
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)

        # Autocomplete offers exactly the legal choices.
        state = await t.state(game)
        legal = legal_moves(state, 0)
        froms = await t.fake.autocomplete(red, thread, "stratego move", focused="from")
        assert sorted(c.value for c in froms) == sorted({name(m.frm) for m in legal})
        tos = await t.fake.autocomplete(red, thread, "stratego move", {"from": "A4"}, focused="to")
        assert sorted(c.value for c in tos) == sorted(name(m.to) for m in legal if m.frm == parse_square("A4"))
        assert "A7" in [c.value for c in tos] and "A8" not in [c.value for c in tos]

        reply = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        assert not reply.ephemeral and reply.attachments and "from E4 to E5" in reply.content
        assert f"<@{blue.id}>" in reply.content, "the next player is mentioned"
        await t.check_public(game, thread)
        dm = await t.fake.wait_for(
            lambda: next((m for m in t.fake.dms(blue) if "your move" in m.content), None), "blue's turn DM"
        )
        assert dm.attachments

        await t.slash(blue, thread, "stratego move", from_="J7", to="J6")
        await t.check_public(game, thread)
        end = await t.slash(red, thread, "stratego move", from_="A4", to="A7")
        assert "Game over" in end.content and "flag" in end.content and f"<@{red.id}>" in end.content
        assert {a.filename.rsplit(".", 1)[1] for a in end.attachments} == {"png", "json"}
        record = await check_record(t, end, game)
        (winner,) = record["outcome"]["winners"]
        assert record["outcome"]["ending"] == "normal" and record["players"][winner] == red.id, "the flag's capture"
        assert [a["notation"] for a in record["actions"]][-3:] == ["E4-E5", "J7-J6", "A4-A7"]
        assert record["actions"][-1]["events"], "the capture's events are in the record"
        log = await t.slash(blue, t.channel, "game log", game=str(game))
        assert log.ephemeral and {a.filename for a in log.attachments} == {
            f"stratego-{game}-record.txt",
            f"stratego-{game}-record.json",
            f"stratego-{game}-stratados2.xml",
        }, "a finished game's log offers the replayable record too, and the StraDoS2 file"
        assert json.loads(log.attachment(f"stratego-{game}-record.json").data) == record
        t.secrets.clear()
        await t.check_public(game, thread)
        t.fake.assert_clean()


CALLBACK = "/interactions/{interaction_id}/{token}/callback"


@pytest.mark.parametrize("late", [False, True])
async def test_a_move_is_answered_by_its_news_in_one_response_deferred_only_when_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, late: bool
) -> None:
    """Issue 18 §7: a move's public news (words, board, buttons) is the command's one response,
    sent when it is told — no "thinking" defer and follow-up first (one request and one round
    trip fewer). Made outside the game's thread, the one response is the private "Done" with a
    link. Should the telling still run ``NEWS_WITHIN`` after the command (here: at once), it is
    deferred meanwhile and the news follows once, as the answer."""
    # In time: the deadline far enough that a loaded machine's telling still beats it.
    monkeypatch.setattr(respond, "NEWS_WITHIN", 0.0 if late else 2.5)
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        assert t.bot is not None
        moves = [(red, thread, "E4", "E5"), (blue, thread, "J7", "J6"), (red, t.channel, "E5", "E6")]
        for user, where, frm, to in moves:
            i = await t.fake.slash(user, where, "stratego move", from_=frm, to=to)
            answer = await i.response()
            await t.bot.table.teller.quiet()
            calls = [r.route for r in t.fake.requests.records if r.interaction_response and i.token in r.path]
            if where is thread:
                assert not answer.ephemeral and answer.attachments and f"from {frm} to {to}" in answer.content
            else:
                assert answer.ephemeral and "Done" in answer.content and str(thread.id) in answer.content
                news = await thread.wait_for_message(lambda m, frm=frm, to=to: f"from {frm} to {to}" in m.content)
                assert news.attachments
            if late:
                assert i.response_type == 5 and calls[0] == CALLBACK and len(calls) == 2, calls
            else:
                assert i.response_type == 4 and calls == [CALLBACK], calls
        rec = await t.bot.store.games.get(game)
        assert rec.version == rec.announced and len((await t.state(game)).history) == 3
        await t.check_public(game, thread)
        t.fake.assert_clean()


async def test_the_board_is_drawn_while_the_next_players_dm_is_under_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18 §7: the public board is drawn while the DM to the next player (its own image,
    its request, its note in the store) is under way, not after it. Here the DM is held until
    the board's drawing has begun; told one after the other, the DM would wait for a drawing
    that waits for it."""
    drawing_public = asyncio.Event()
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        assert t.bot is not None
        tbl = t.bot.table.transport
        render, dm = tbl.render, tbl.dm

        async def recording_render(fn, *args):  # type: ignore[no-untyped-def]
            if getattr(fn, "__name__", "") == "public_files":
                drawing_public.set()
            return await render(fn, *args)

        async def held_dm(*args, **kwargs):  # type: ignore[no-untyped-def]
            await asyncio.wait_for(drawing_public.wait(), 5)
            return await dm(*args, **kwargs)

        monkeypatch.setattr(tbl, "render", recording_render)
        monkeypatch.setattr(tbl, "dm", held_dm)
        reply = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        assert not reply.ephemeral and reply.attachments and "from E4 to E5" in reply.content
        notice = await t.fake.wait_for(
            lambda: next((m for m in t.fake.dms(blue) if "your move" in m.content), None), "blue's turn DM"
        )
        assert notice.attachments
        await t.bot.table.teller.quiet()
        rec = await t.bot.store.games.get(game)
        assert rec.version == rec.announced
        t.fake.assert_clean()


async def test_no_legal_move_ends_the_game(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.bob, t.alice)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_WALLED)
        end = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        assert "Game over" in end.content and "no legal move" in end.content
        t.fake.assert_clean()


async def test_resignation(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        confirm = await t.slash(blue, thread, "game resign")
        assert confirm.ephemeral and "counts as a loss" in confirm.content, "resigning asks first (issue 10 §3.5)"
        assert (await t.state(game)).phase == "play"
        end = await t.click(blue, confirm, f"Resign #{game} Stratego")
        assert "Game over" in end.content and "resignation" in end.content and f"<@{red.id}> (Red) wins" in end.content
        t.fake.assert_clean()


async def test_agreed_draw_with_the_button(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        offer = await t.slash(red, thread, "stratego draw")
        assert "offers a draw" in offer.content
        mine = await t.fake.click(red, offer, label="Accept draw")
        assert (await mine.response()).ephemeral, "the offerer cannot accept his own offer"
        end = await t.click(blue, offer, "Accept draw")
        assert "Game over" in end.content and "a draw (agreed)" in end.content
        t.fake.assert_clean()


async def test_moving_declines_a_draw_and_the_old_button_is_stale(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        offer = await t.slash(red, thread, "stratego draw")
        moved = await t.slash(blue, thread, "stratego move", from_="J7", to="J6")
        assert "declined" in moved.content
        stale = await t.click(blue, offer, "Accept draw")
        assert stale.ephemeral and "out of date" in stale.content
        assert (await t.state(game)).phase == "play"


async def test_refusals_in_plain_words(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        early = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
        assert early.ephemeral and "both players must finish their setup" in early.content
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        cases = [
            (t.carol, {"from_": "E4", "to": "E5"}, "not playing"),
            (blue, {"from_": "J7", "to": "J6"}, "not your turn"),
            (red, {"from_": "C4", "to": "C5"}, "lake"),
            (red, {"from_": "A1", "to": "A2"}, "never move"),
            (red, {"from_": "Z9", "to": "E5"}, "not a square"),
            (red, {"from_": "E4", "to": "E6"}, "too far"),
        ]
        for user, options, words in cases:
            msg = await t.slash(user, thread, "stratego move", **options)
            assert msg.ephemeral and words in msg.content, (options, msg.content)
        assert (await t.state(game)).ply == 0, "refusals change nothing"
        t.fake.assert_clean()


async def test_two_simultaneous_moves_apply_once(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        first, second = await asyncio.gather(
            t.fake.slash(red, thread, "stratego move", from_="E4", to="E5"),
            t.fake.slash(red, thread, "stratego move", from_="F4", to="F5"),
        )
        answers = [await first.response(), await second.response()]
        assert sorted(a.ephemeral for a in answers) == [False, True]
        assert "not your turn" in next(a for a in answers if a.ephemeral).content
        assert (await t.state(game)).ply == 1
        t.fake.assert_clean()


async def test_double_click_on_accept_starts_one_game(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        msg = await t.slash(t.alice, t.channel, "stratego new", opponent=t.bob)
        a, b = await asyncio.gather(t.fake.click(t.bob, msg, label="Accept"), t.fake.click(t.bob, msg, label="Accept"))
        answers = [await a.response(), await b.response()]
        assert sum(1 for x in answers if x.ephemeral and "no longer open" in x.content) == 1
        assert len(t.channel.threads) == 1
        assert len(await t.bot.store.games.find(status="active")) == 1  # type: ignore[union-attr]


async def test_setup_by_preset_random_swap_and_bad_codes(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        presets = await t.fake.autocomplete(red, thread, "stratego setup", focused="preset", preset="c")
        assert "corner-fortress" in [c.value for c in presets]
        draft = await t.slash(red, thread, "stratego setup", preset="corner-fortress")
        assert draft.ephemeral and draft.attachments
        assert (await t.state(game)).drafts[0][:2] == ("F", "B")
        zone = await t.fake.autocomplete(red, thread, "stratego swap", focused="a", a="A1")
        assert [c.name for c in zone] == ["A1 — Flag"]
        await t.slash(red, thread, "stratego swap", a="A1", b="B1")
        assert (await t.state(game)).drafts[0][:2] == ("B", "F")
        before = (await t.state(game)).drafts[1]
        await t.slash(blue, thread, "stratego setup", random=True)
        assert (await t.state(game)).drafts[1] != before
        bad = await t.slash(red, thread, "stratego setup", code=RED_SCOUT_A4.replace("2", "9", 2))
        assert bad.ephemeral and "2 Scouts too few, 2 Generals too many" in bad.content
        none = await t.slash(red, thread, "stratego setup")
        assert none.ephemeral and "exactly one" in none.content
        outside = await t.slash(red, thread, "stratego swap", a="A1", b="A7")
        assert outside.ephemeral and "not in your setup zone" in outside.content
        assert (await t.state(game)).drafts[0][:2] == ("B", "F"), "refusals change nothing"
        t.fake.assert_clean()


async def test_a_move_and_an_attack_by_presses_only(tmp_path: Path) -> None:
    """Issue 19 §3: **Move…** → the piece → where it goes, all by presses: the move is made and
    told as typed moves are; the opponent's press is refused; a picker of a finished game says so."""
    async with table(tmp_path) as t:
        game, thread, red, blue = await t.challenge(t.alice, t.bob)
        await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
        news = next(m for m in reversed(thread.messages) if "Move…" in [b.label for b in m.buttons])
        refused = await t.click(blue, news, "Move…")
        assert refused.ephemeral and "not your move" in refused.content.lower()
        picker = await t.click(red, news, "Move…")
        assert picker.ephemeral and picker.selects
        pieces = {o["label"]: o["value"] for o in picker.selects[0].options}
        assert "Scout on A4" in pieces, pieces
        i = await t.fake.select(red, picker, picker.selects[0].custom_id, [pieces["Scout on A4"]])
        targets = await i.response()
        assert targets.ephemeral and targets.selects
        where = {o["label"]: o["value"] for o in targets.selects[0].options}
        assert "attack A7" in where and not any("Flag" in label for label in where), where  # unknown stays unknown
        i = await t.fake.select(red, targets, targets.selects[0].custom_id, [where["attack A7"]])
        await i.response()
        end = await thread.wait_for_message(lambda m: "Game over" in m.content)
        assert f"<@{red.id}>" in end.content and "flag" in end.content
        again = await t.fake.select(red, targets, targets.selects[0].custom_id, [where["attack A7"]])
        assert "over" in (await again.response()).content.lower(), "a picker of a finished game says so"
        await t.check_public(game, thread)
