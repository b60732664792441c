"""Stroganov balance summary (ST-18): prints, never asserts.

    PYTHONPATH=. .venv/bin/python -m bench.balance_stroganov [--games N]

Per player count 1–4: final-score spread and mean VP per scoring category for random and greedy
players; Ivan's score per difficulty against the greedy player over all strategy pairs; and how often
content (wishes, tiles, songs, yurts, abilities) is taken and used.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from rules.stroganov.actions import Claim, Fulfil, Gold, Paid, Song
from rules.stroganov.content import CONTENT
from rules.stroganov.engine import DIFFICULTIES, STRATEGY_PAIRS
from rules.stroganov.state import StroganovState
from tests.stroganov_play import PlayersFn, greedy_players, kind, play, random_players

CATEGORIES = ("WISH", "LANDSCAPE", "TIGER", "TROPHY", "OUTPOST", "FUR", "STORY", "SONG", "REWARD", "AUTOMA")


def spread(values: Sequence[float]) -> str:
    if not values:
        return "-"
    return (
        f"min {min(values):4.0f}  med {statistics.median(values):5.1f}  max {max(values):4.0f}  "
        f"mean {statistics.mean(values):5.1f}  sd {statistics.pstdev(values):4.1f}"
    )


class Tally:
    """Scores, categories and content use of the human cossacks over many games."""

    def __init__(self) -> None:
        self.scores: list[int] = []
        self.ivan: list[int] = []
        self.human_wins = 0.0
        self.games = 0
        self.cats: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.content: dict[str, Counter[str]] = defaultdict(Counter)
        self.actions = 0
        self.seconds = 0.0

    def add(self, st: StroganovState, history: list[tuple[int, Any]]) -> None:
        assert st.result is not None
        self.games += 1
        for c in st.cossacks:
            if c.ivan:
                self.ivan.append(c.score)
                continue
            self.scores.append(c.score)
            for cat, _src, vp in c.events:
                self.cats[cat] += vp
            self.content["held"].update(c.held)
            self.content["tiles"].update(c.tiles)
        if st.solo:
            self.human_wins += st.cossacks[st.result["winner"]].seat is not None
        self.actions += len(history)
        for _seat, a in history:
            self.kinds[kind(a)] += 1
            inner = a.action if isinstance(a, Paid) else a
            if isinstance(inner, Fulfil):
                self.content["fulfilled"][inner.wish] += 1
                self.content["abilities"][CONTENT.wishes[inner.wish].ability] += 1
            elif isinstance(inner, Song):
                self.content["songs"][inner.song] += 1
            elif isinstance(inner, Claim):
                self.content["claimed"][inner.tile] += 1
            elif isinstance(inner, Gold):
                self.content["gold"][inner.kind] += 1

    def line(self) -> str:
        players = max(1, len(self.scores))
        cats = "  ".join(f"{c[:5]} {self.cats[c] / players:4.1f}" for c in CATEGORIES if c != "AUTOMA")
        return f"{spread(self.scores)}\n      per category: {cats}"


def run(n: int, games: int, players_fn: PlayersFn, seed0: int, options: dict[str, str] | None = None) -> Tally:
    t = Tally()
    start = time.process_time()
    for i in range(games):
        opts = options
        if n == 1 and options is None:
            opts = {"difficulty": DIFFICULTIES[i % 3], "strategy": ("", *STRATEGY_PAIRS)[(i // 3) % 7]}
        st, history = play(n, seed0 + i, opts, players_fn)
        t.add(st, history)
    t.seconds = time.process_time() - start
    return t


def wish_line(w: str, fulfilled: int, held: int) -> str:
    card = CONTENT.wishes[w]
    return f"    {w:7} {fulfilled:4}x  held {held:3}  req {card.required} red {card.red} {card.vp} VP {card.ability}"


def content_report(t: Tally) -> None:
    """Which content is taken and which is (almost) never used, from the greedy games."""
    c = t.content
    fulfilled, held = c["fulfilled"], c["held"]
    print("  wishes fulfilled (most / fewest; 'held' = still unfulfilled at the end):")
    ranked = sorted(CONTENT.wishes, key=lambda w: (-fulfilled[w], w))
    for w in ranked[:6]:
        print(wish_line(w, fulfilled[w], held[w]))
    print("    ...")
    for w in ranked[-6:]:
        print(wish_line(w, fulfilled[w], held[w]))
    songs = c["songs"]
    print("  songs bought: " + ", ".join(f"{s}({CONTENT.songs[s].cost})={songs[s]}" for s in sorted(CONTENT.songs)))
    claimed = c["claimed"]
    print("  tiles claimed: " + ", ".join(f"{x}={claimed[x]}" for x in sorted(CONTENT.tiles)))
    print("  gold actions: " + ", ".join(f"{k}={v}" for k, v in sorted(c["gold"].items())))
    kinds = ", ".join(f"{k}={v / t.games:.1f}" for k, v in sorted(t.kinds.items(), key=lambda kv: -kv[1]))
    print(f"  action kinds per game: {kinds}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="random games per player count (greedy: a quarter)")
    ap.add_argument("--solo", type=int, default=0, help="greedy solo games per difficulty (default: games / 2)")
    args = ap.parse_args()
    g_random = args.games
    g_greedy = max(1, args.games // 4)
    g_solo = args.solo or max(7, args.games // 2)

    print(f"Stroganov balance: {g_random} random and {g_greedy} greedy games per player count")
    print("(scores of the human cossacks; solo games cycle through the difficulties and strategy pairs)\n")
    greedy_all = Tally()
    for n in (1, 2, 3, 4):
        for label, fn, games in (("random", random_players, g_random), ("greedy", greedy_players, g_greedy)):
            t = run(n, games, fn, 900_000 + 1_000 * n, None)
            extra = ""
            if n == 1:
                extra = f"  | Ivan {spread([float(x) for x in t.ivan])}  human wins {t.human_wins / t.games:.0%}"
            print(f"{n}P {label:6} ({t.seconds / games * 1000:5.0f} ms/game, {t.actions / games:4.0f} actions) ")
            print(f"      {t.line()}{extra}")
            if label == "greedy":
                for k, v in t.content.items():
                    greedy_all.content[k] += v
                greedy_all.kinds += t.kinds
                greedy_all.games += t.games
    print(f"\nIvan vs the greedy player, {g_solo} games per difficulty spread over the strategy pairs")
    per_pair: dict[str, list[int]] = defaultdict(list)
    for d in DIFFICULTIES:
        ivan: list[float] = []
        human: list[float] = []
        wins = 0.0
        for i in range(g_solo):
            pair = ("", *STRATEGY_PAIRS)[i % 7]
            st, _ = play(1, 500_000 + i, {"difficulty": d, "strategy": pair}, greedy_players)
            assert st.result is not None
            ivan.append(st.cossacks[1].score)
            human.append(st.cossacks[0].score)
            per_pair[pair or "random"].append(st.cossacks[1].score)
            wins += st.result["winner"] == 0
        within = sum(1 for x in ivan if abs(x - statistics.mean(ivan)) <= 13) / len(ivan)
        print(
            f"  {d:6}: Ivan mean {statistics.mean(ivan):5.1f} sd {statistics.pstdev(ivan):4.1f} "
            f"(within ±13: {within:.0%})  greedy human mean {statistics.mean(human):5.1f}  "
            f"human win rate {wins / g_solo:.0%}"
        )
    print("  Ivan mean per strategy pair (all difficulties): " + ", ".join(
        f"{p} {statistics.mean(v):.1f}" for p, v in per_pair.items()
    ))  # fmt: skip
    print(f"\nContent use in the {greedy_all.games} greedy games")
    content_report(greedy_all)


if __name__ == "__main__":
    main()
