"""Whole seeded games, recorded message by message (tests/e2e/transcript.py) and compared with the
transcripts kept in tests/data/transcripts/ (issue 45: the telling was rebuilt, and nothing a player
sees may change). Each scenario is deterministic: the games' seeds, the players' choices and the
clock are fixed. After a change that is meant to change what players see, write them again with
``DESKOVKA_WRITE_TRANSCRIPTS=1 pytest tests/e2e/test_transcripts.py`` and read the diff."""

from __future__ import annotations

import difflib
import itertools
import os
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tests.e2e import shitenno_players, stroganov_players
from tests.e2e.harness import Table, table
from tests.e2e.test_languages_games import czech_lobby_game
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up
from tests.e2e.transcript import recording

KEPT = Path(__file__).parent.parent / "data" / "transcripts"


async def settled(t: Table) -> Table:
    """Everything the bot is telling told, as a player who reads before acting would find it (the
    next step must not race the last one's DMs)."""
    assert t.bot is not None
    await t.bot.table.teller.quiet()
    return t


async def stratego_classic(t: Table) -> None:
    """Setups by code, a move taken back by a press and an agreement, the flag's capture, the log,
    a rematch."""
    game, thread, red, blue = await t.challenge(t.alice, t.bob)
    await settled(t)
    await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
    news = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
    await t.click(red, news, "Take back")
    request = await thread.wait_for_message(lambda m: "asks to take back" in m.content)
    await t.click(blue, request, "Agree to take back")
    await thread.wait_for_message(lambda m: "By agreement" in m.content)
    await t.slash(red, thread, "stratego move", from_="E4", to="E5")
    await t.slash(blue, thread, "stratego move", from_="J7", to="J6")
    end = await t.slash(red, thread, "stratego move", from_="A4", to="A7")
    await t.slash(blue, t.channel, "game log", game=str(game))
    t.watched = None
    await t.click(blue, end, "Rematch")


async def stratego_on_time(t: Table) -> None:
    """A one-day clock: Blue never sets up, Red claims the win."""
    _game, thread, red, blue = await t.challenge(t.alice, t.bob, pace="1d")
    await settled(t)
    draft = await t.slash(red, thread, "stratego setup", code=RED_SCOUT_A4)
    await t.click(red, draft, "Ready")
    await settled(t)
    await t.later(days=0.6)
    await t.later(days=0.41)
    out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
    await t.click(blue, out, "Claim the win")
    await t.click(red, out, "Claim the win")
    await thread.wait_for_message(lambda m: "ran out of time" in m.content and "won" in m.content)


async def shitenno_three(t: Table) -> None:
    """Three players decide everything by presses and selects."""
    players = t.seated(3)
    game, thread, _ = await t.lobby_game("shitenno", players)
    await settled(t)
    await shitenno_players.play_out(t, game, thread, {u.id: u for u in players}, seed=3)


async def shitenno_absent(t: Table) -> None:
    """A player is late; the others vote to play on without them; the table decides for the seat;
    the player comes back."""
    players = t.seated(3)
    game, thread, _ = await t.lobby_game("shitenno", players, pace="1d")
    await settled(t)
    assert t.bot is not None
    (waiting,) = (await t.bot.store.games.get(game)).waiting()
    absent = next(u for u in players if u.id == waiting.user_id)
    others = [u for u in players if u is not absent]
    await t.later(days=1.01)
    out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
    await t.click(others[0], out, "Play on without them")
    await t.click(others[1], out, "Play on without them")
    await settled(t)
    await t.slash(absent, thread, "game board")
    await thread.wait_for_message(lambda m: "Welcome back" in m.content)


async def stroganov_two(t: Table) -> None:
    players = t.seated(2)
    game, thread, _ = await t.lobby_game("stroganov", players)
    await settled(t)
    await stroganov_players.play_out(t, game, thread, {u.id: u for u in players}, seed=2)


async def stroganov_solo_czech(t: Table) -> None:
    t.alice.locale = "cs"
    game, thread = await czech_lobby_game(t, "stroganov", [t.alice], difficulty="easy")
    await settled(t)
    await stroganov_players.play_out(t, game, thread, {t.alice.id: t.alice}, seed=3)
    await t.slash(t.alice, t.channel, "game history")


SCENARIOS: dict[str, Callable[[Table], Awaitable[None]]] = {
    "stratego_classic": stratego_classic,
    "stratego_on_time": stratego_on_time,
    "shitenno_three": shitenno_three,
    "shitenno_absent": shitenno_absent,
    "stroganov_two": stroganov_two,
    "stroganov_solo_czech": stroganov_solo_czech,
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
async def test_what_players_see_is_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    seeds = itertools.count(1)
    monkeypatch.setattr(secrets, "randbits", lambda bits: (next(seeds) * 0x9E3779B97F4A7C15) % (1 << bits))
    with recording() as transcript:
        async with table(tmp_path) as t:  # the bot stops (and finishes its telling) inside the recording
            transcript.fake = t.fake
            await SCENARIOS[name](t)
            t.fake.assert_clean()
    seen = transcript.as_json()
    kept = KEPT / f"{name}.json"
    if os.environ.get("DESKOVKA_WRITE_TRANSCRIPTS"):
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_text(seen, encoding="utf-8")
    assert kept.exists(), f"no transcript kept for {name}: write it with DESKOVKA_WRITE_TRANSCRIPTS=1"
    expected = kept.read_text(encoding="utf-8")
    if seen != expected:
        diff = difflib.unified_diff(expected.splitlines(), seen.splitlines(), "kept", "seen", lineterm="", n=2)
        pytest.fail("what players see changed:\n" + "\n".join(itertools.islice(diff, 200)))
