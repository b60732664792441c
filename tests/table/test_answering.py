"""Issue 18 §6: how an interaction was answered is a typed value (``respond.Answering``), not
strings in ``interaction.extras`` that a reader could miss."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cogs.table.respond import Answer, answering

ROOT = Path(__file__).resolve().parents[2]


def test_one_answering_per_interaction_kept_across_steps() -> None:
    interaction: Any = SimpleNamespace(extras={})
    first = answering(interaction)
    assert first.answer is None and first.committed is False
    first.answer, first.committed = Answer.PUBLIC, True
    again = answering(interaction)
    assert again is first and again.answer is Answer.PUBLIC and again.committed


def test_no_module_keeps_the_answer_as_strings_in_extras() -> None:
    stray = re.compile(r"""extras(\[|\.get\()\s*["'](answer|committed)["']""")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "cogs").rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if stray.search(line)
    ]
    assert found == []
