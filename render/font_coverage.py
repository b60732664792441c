"""Which characters the images' font draws (``render/font_files/``): the ranges its subsets are made
of (``render/font_files/make_subset.py``) and what a text keeps of them (:func:`drawable`)."""

from __future__ import annotations

import bisect
import functools

# (first, last, why), inclusive. Whole blocks where a language needs them, single symbols else.
RANGES: tuple[tuple[int, int, str], ...] = (
    (0x0020, 0x007E, "ASCII"),
    (0x00A0, 0x00FF, "Latin-1 Supplement: no-break space, ·, ×, °, §, western European letters"),
    (0x0100, 0x017F, "Latin Extended-A: Czech (č ď ě ň ř š ť ů ž), Slovak, Polish ...; ō ū for Tairō, Chūbu"),
    (0x0180, 0x024F, "Latin Extended-B: Romanian ș ț, African and other Latin letters (players' names)"),
    (0x0370, 0x0377, "Greek and Coptic (players' names), without its unassigned code points"),
    (0x037A, 0x037F, "Greek"),
    (0x0384, 0x038A, "Greek"),
    (0x038C, 0x038C, "Greek"),
    (0x038E, 0x03A1, "Greek"),
    (0x03A3, 0x03FF, "Greek"),
    (0x0400, 0x04FF, "Cyrillic: Ukrainian, Russian, Bulgarian, Serbian ... (players' names)"),
    (0x1E00, 0x1EFB, "Latin Extended Additional: Vietnamese and others (players' names)"),
    (0x2009, 0x200A, "thin and hair space"),
    (0x2010, 0x2015, "hyphens and dashes (– —)"),
    (0x2018, 0x201E, "quotation marks, including Czech „ “ and ‚ ‘"),
    (0x2020, 0x2022, "daggers, bullet •"),
    (0x2026, 0x2026, "ellipsis …"),
    (0x202F, 0x202F, "narrow no-break space (Czech digit grouping)"),
    (0x2030, 0x2030, "per mille"),
    (0x2032, 0x2033, "prime, double prime"),
    (0x2039, 0x203A, "single guillemets"),
    (0x20AC, 0x20AC, "euro sign"),
    (0x2190, 0x2195, "arrows ← ↑ → ↓ ↔ ↕"),
    (0x21D0, 0x21D4, "double arrows ⇐ ⇒ ⇔"),
    (0x2212, 0x2212, "minus sign −"),
    (0x2260, 0x2260, "not equal ≠"),
    (0x2264, 0x2265, "≤ ≥"),
    (0x25CF, 0x25CF, "black circle ●"),
    (0x2713, 0x2713, "check mark ✓"),
    (0x2717, 0x2717, "ballot x ✗"),
)




def code_points() -> list[int]:
    return sorted({cp for first, last, _ in RANGES for cp in range(first, last + 1)})


_STARTS = [first for first, _, _ in RANGES]


def covered(char: str) -> bool:
    """Whether the font has ``char`` (every range's first code point is sorted)."""
    cp = ord(char)
    i = bisect.bisect_right(_STARTS, cp) - 1
    return i >= 0 and RANGES[i][0] <= cp <= RANGES[i][1]


@functools.lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """``text`` without the characters the font lacks (emoji, CJK, symbols), which would be drawn as
    boxes, and with the spaces that leaves collapsed; may be empty."""
    return " ".join("".join(c if covered(c) else " " for c in text).split())
