"""Issue 44 §1 through the real client and the local Discord (``test_results_told.py``): a solo
Stroganov game in Czech that Ivan wins says so the same way everywhere — the game-over post, the
DM, the thread's new name, ``/game history``, ``/game stats`` and the record file. (Ivan's win was
"Vítězí Ivan" in the DM and "bez vítěze" in the thread's name.)"""

from __future__ import annotations

from pathlib import Path

from cogs.texts import t
from tests.e2e.harness import table
from tests.e2e.stroganov_players import play_out
from tests.e2e.test_languages_games import czech_lobby_game
from tests.e2e.test_results_told import over_dm, record_of, renamed


async def test_ivan_wins_a_solo_game_in_czech_and_every_place_says_so(tmp_path: Path) -> None:
    async with table(tmp_path) as t_:
        t_.alice.locale = "cs"
        game, thread = await czech_lobby_game(t_, "stroganov", [t_.alice], difficulty="easy")
        rec = await play_out(t_, game, thread, {t_.alice.id: t_.alice}, seed=3)
        assert rec.status == "finished" and rec.outcome.automa_won, "random play loses to Ivan"
        won = t("short.won", "cs", names="Ivan")  # "vítězí Ivan"

        post = await thread.wait_for_message(lambda m: "**Konec hry** —" in m.content)
        assert "Vítězí Ivan" in post.content, post.content
        dm = await over_dm(t_, t_.alice, game)
        assert "Vítězí Ivan" in dm.content, dm.content
        assert (await renamed(t_, thread, f"— {won}")).endswith("— vítězí Ivan")
        assert t("short.no_winner", "cs") not in thread.name

        history = await t_.slash(t_.alice, t_.channel, "game history")
        assert f"#{game}" in history.content and "Vítězí Ivan" in history.content, history.content
        stats = await t_.slash(t_.alice, t_.channel, "game stats")
        line = next(x for x in stats.content.splitlines() if "Stroganov" in x)
        assert t("stats.kind", "cs", kind="Stroganov", played=1, won=0, lost=1, drawn=0) in line, stats.content
        record = record_of(post, "stroganov", game)
        assert record["result"] == {"verdict": "automa_won", "winners": []}
        t_.fake.assert_clean()
