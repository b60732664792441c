"""Next-word completion of notation (cogs/table/completion.py): every legal action stays reachable."""

from __future__ import annotations

import random

from cogs.table.completion import MAX_CHOICES, complete

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
