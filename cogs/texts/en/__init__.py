"""English: the common table and one table per game, merged (a key is defined once)."""

from __future__ import annotations

from cogs.texts.en import clocks, common, shitenno, stratego, stroganov


def _merge(*tables: dict[str, str]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for table in tables:
        twice = sorted(set(merged) & set(table))
        if twice:
            raise ValueError(f"keys defined twice: {twice}")
        merged.update(table)
    return merged


TABLE = _merge(common.TEXTS, clocks.TEXTS, stratego.TEXTS, shitenno.TEXTS, stroganov.TEXTS)
