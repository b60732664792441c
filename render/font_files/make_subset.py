"""Remake the fonts in ``render/font_files/``: subsets of DejaVu Sans Condensed and its bold face.

Run from the repository root with fontTools installed (requirements-dev.txt; it is a tool for
making the files, never needed at run time)::

    .venv/bin/python render/font_files/make_subset.py [FOLDER_WITH_THE_DEJAVU_TTFS]

The folder defaults to /usr/share/fonts/truetype/dejavu (Debian's fonts-dejavu-core and
fonts-dejavu-extra, DejaVu 2.37); the upstream release archives hold the same files. docs/fonts.md
says why this font and these ranges.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]  # a development tool, no stubs

OUT = Path(__file__).resolve().parent
"""The subsets are written beside this script."""
FACES = ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")

# (first, last, why), inclusive. Whole blocks where a language needs them, single symbols else.
RANGES: tuple[tuple[int, int, str], ...] = (
    (0x0020, 0x007E, "ASCII"),
    (0x00A0, 0x00FF, "Latin-1 Supplement: no-break space, ·, ×, °, §, western European letters"),
    (0x0100, 0x017F, "Latin Extended-A: Czech (č ď ě ň ř š ť ů ž), Slovak, Polish ...; ō ū for Tairō, Chūbu"),
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


def make(source: Path, target: Path) -> None:
    options = subset.Options()
    options.notdef_outline = True  # a missing character shows as a box, not as nothing
    options.hinting = True  # DejaVu's TrueType instructions keep small sizes crisp
    options.name_IDs = ["*"]  # keep the copyright and licence notices in the font itself
    options.name_languages = ["*"]
    options.layout_features = ["*"]  # kerning and the like, as the full font has them
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=code_points())
    subsetter.subset(font)
    missing = [cp for cp in code_points() if cp not in font.getBestCmap()]
    if missing:
        raise SystemExit(f"{source.name} lacks {', '.join(f'U+{cp:04X}' for cp in missing)}")
    subset.save_font(font, str(target), options)
    print(f"{target.name}: {len(font.getGlyphOrder())} glyphs, {target.stat().st_size:,} bytes")


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/usr/share/fonts/truetype/dejavu")
    OUT.mkdir(parents=True, exist_ok=True)
    for face in FACES:
        make(folder / face, OUT / face)


if __name__ == "__main__":
    main()
