"""Next-word completion of notation (cogs/table/completion.py): every legal action stays reachable."""

from __future__ import annotations

import random

from cogs.table.completion import MAX_CHOICES, KeptByVersion, complete

ACTIONS = [f"conquer {p} T{i} T{j}" for p in ("KANTO", "KYUSHU", "CHUBU") for i in range(1, 6) for j in range(6, 10)]
ACTIONS += ["end", "draw B3", "buy KANTO K1 K2"]


def test_few_actions_are_offered_whole() -> None:
    assert complete(ACTIONS, "e") == [("end", "end")]
    assert [v for _, v in complete(ACTIONS, "conquer KANTO T1")] == [f"conquer KANTO T1 T{j}" for j in range(6, 10)]


def test_many_actions_are_offered_by_their_next_word() -> None:
    assert complete(ACTIONS, "") == [("conquer …", "conquer"), ("end", "end"), ("draw …", "draw"), ("buy …", "buy")]
    assert [v for _, v in complete(ACTIONS, "conquer")] == ["conquer KANTO", "conquer KYUSHU", "conquer CHUBU"]
    assert next(v for _, v in complete(ACTIONS, "CONQUER ky")) == "conquer KYUSHU T1 T6", "case does not matter"


def test_every_action_is_reached_by_choosing_word_after_word() -> None:
    rnd = random.Random(1)
    actions = [" ".join(rnd.choice("ABCDEFGH") for _ in range(rnd.randint(1, 5))) for _ in range(400)]
    for target in set(actions):
        typed = ""
        for _ in range(10):
            offered = complete(actions, typed)
            assert len(offered) <= MAX_CHOICES
            values = [v for _, v in offered]
            if target in values:
                break
            typed = next(v for v in values if target.startswith(v + " ")) + " "
        else:
            raise AssertionError(f"{target!r} not reached")


def test_kept_by_version_works_a_key_out_once_and_drops_the_least_recently_asked() -> None:
    worked: list[tuple[int, int]] = []

    def ask(kept: KeptByVersion, key: tuple[int, int]) -> str:
        return kept.get(key, lambda: worked.append(key) or f"list of {key}")

    kept = KeptByVersion(2)
    assert ask(kept, (1, 5)) == "list of (1, 5)"
    assert ask(kept, (1, 5)) == "list of (1, 5)"
    assert worked == [(1, 5)]
    ask(kept, (1, 6))  # the game moved on: a new version is worked out anew
    ask(kept, (1, 5))  # asked again: now the most recent
    ask(kept, (2, 1))  # a third key: (1, 6), the least recently asked, goes
    assert worked == [(1, 5), (1, 6), (2, 1)]
    ask(kept, (1, 5))
    ask(kept, (1, 6))
    assert worked == [(1, 5), (1, 6), (2, 1), (1, 6)]


def test_next_words_are_shown_in_words_when_asked() -> None:
    def in_words(n: str) -> str:
        return n.replace("conquer", "take").replace("end", "end the turn")

    offered = complete(ACTIONS, "", label=in_words, words=in_words)
    assert offered[:2] == [("take …", "conquer"), ("end the turn", "end")], "a whole action by its label"
    assert complete(ACTIONS, "", label=in_words)[0] == ("conquer …", "conquer"), "without words, as typed"
    long = complete(ACTIONS, "conquer", words=lambda n: n + " x" * 80)
    assert all(len(name) <= 100 and name.endswith(" …") for name, _ in long), "Discord's 100 characters"
