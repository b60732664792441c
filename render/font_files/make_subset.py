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

from render.font_coverage import code_points

OUT = Path(__file__).resolve().parent
"""The subsets are written beside this script."""
FACES = ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")


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
