"""Issue 19 §1: the images' font draws every Czech letter, ō and ū, and every non-ASCII character
the renderers write; the font files ship in the package beside their licence, and no other font
is loaded anywhere.

A letter counts as drawn when its bitmap has ink and differs from the font's missing-glyph box
(what the font draws for U+E000, a private-use code point no font here has). Pillow's embedded
Aileron, the font before issue 19, fails the Czech test for all 30 letters and ō ū Ō Ū.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

import render
from render import fonts
from render.font_coverage import code_points, covered, drawable

ROOT = Path(__file__).resolve().parents[2]

CZECH = "áčďéěíňóřšťúůýž" + "ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"
MACRONS = "ōūŌŪ"  # Shitenno's Japanese terms: Tairō, Chūbu
MISSING = "\ue000"

# Every size a renderer asks for lies in 9..44 px (fitting_size's smallest is 9, the koku value on a
# card 44); the margin on both sides covers sizes computed from sprite sizes.
SIZES = range(8, 49)


@cache
def face(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def bitmap(font: ImageFont.FreeTypeFont, ch: str) -> Image.Image:
    """``ch`` drawn at a fixed spot on a canvas that holds any glyph of the size."""
    size = int(font.size)
    im = Image.new("L", (3 * size, 3 * size), 0)
    ImageDraw.Draw(im).text((size, size), ch, font=font, fill=255)
    return im


def not_drawn(font: ImageFont.FreeTypeFont, chars: str) -> list[str]:
    """The characters of ``chars`` that ``font`` draws as its missing-glyph box or not at all."""
    box = bitmap(font, MISSING)
    bad = []
    for ch in chars:
        im = bitmap(font, ch)
        if im.getbbox() is None or ImageChops.difference(im, box).getbbox() is None:
            bad.append(ch)
    return bad


def rendered_characters() -> str:
    """Every non-ASCII character in a string the renderers may draw: the string constants of
    render/*.py, docstrings left out."""
    found: set[str] = set()
    for path in (ROOT / "render").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        # A bare string after an assignment documents it (attribute docstrings): not drawn either.
        docstrings |= {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.update(ch for ch in node.value if ord(ch) > 0x7E)
    return "".join(sorted(found))


@pytest.mark.parametrize("path", fonts.FACES, ids=lambda p: p.name)
def test_every_czech_letter_and_macron_is_drawn_at_every_size(path: Path) -> None:
    failures = {size: "".join(bad) for size in SIZES if (bad := not_drawn(face(path, size), CZECH + MACRONS))}
    assert not failures, f"{path.name} draws these as its missing-glyph box or blank, by size: {failures}"


@pytest.mark.parametrize("path", fonts.FACES, ids=lambda p: p.name)
def test_every_character_the_renderers_write_is_drawn(path: Path) -> None:
    chars = rendered_characters()
    assert "·" in chars  # the separator of the header lines: proof that the scan sees the labels
    failures = {size: "".join(bad) for size in (9, 14, 22, 44) if (bad := not_drawn(face(path, size), chars))}
    assert not failures, f"{path.name} lacks {failures}"


def test_the_check_tells_a_missing_glyph() -> None:
    """The check itself: a character the subset leaves out (CJK) is reported, a Latin one not."""
    assert not_drawn(face(fonts.REGULAR, 20), "\u4e00a") == ["\u4e00"]


def test_the_renderers_use_the_shipped_faces() -> None:
    assert fonts.font(20).path == str(fonts.REGULAR)
    assert fonts.font(20, bold=True).path == str(fonts.BOLD)
    assert fonts.font(20).getname() == ("DejaVu Sans", "Condensed")
    assert fonts.font(20, bold=True).getname() == ("DejaVu Sans", "Condensed Bold")


def test_font_files_ship_in_the_package_with_their_licence() -> None:
    """The files are read from the render package's own folder (the run-time path), carry the
    DejaVu licence beside them, and are tracked by git so that a clean clone has them."""
    folder = Path(render.__file__).resolve().parent / "font_files"
    assert folder == fonts.FONT_DIR
    for path in (*fonts.FACES, fonts.LICENCE):
        assert path.parent == folder and path.is_file() and path.stat().st_size > 0, path
    licence = fonts.LICENCE.read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "DejaVu changes are in public domain" in licence
    assert "Arev Fonts Copyright" in licence
    if (ROOT / ".git").exists() and shutil.which("git"):
        names = [str(p.relative_to(ROOT)) for p in (*fonts.FACES, fonts.LICENCE)]
        tracked = subprocess.run(
            ["git", "ls-files", "--error-unmatch", *names], cwd=ROOT, capture_output=True, text=True, check=False
        )
        assert tracked.returncode == 0, f"not tracked by git: {tracked.stderr}"


def test_no_other_font_is_loaded_anywhere() -> None:
    """Only render/fonts.py loads a font: the renderers, the cogs and the bot draw through it."""
    loaders = ("ImageFont.truetype", "ImageFont.load", "load_default", "FreeTypeFont(")
    offenders = []
    for path in [ROOT / "bot.py", *(p for d in ("render", "cogs") for p in (ROOT / d).rglob("*.py"))]:
        if path == ROOT / "render" / "fonts.py":
            continue
        text = path.read_text(encoding="utf-8")
        offenders += [f"{path.relative_to(ROOT)}: {name}" for name in loaders if name in text]
    assert not offenders


def test_text_sizes_sees_every_text_drawn_once_the_caches_are_cleared() -> None:
    """The phone check's instrument (issue 19 §4): the sizes of the texts an image draws."""
    from PIL import Image, ImageDraw

    from render import fonts

    draw = ImageDraw.Draw(Image.new("RGB", (200, 50)))
    fonts.clear_caches(fonts)
    with fonts.text_sizes() as sizes:
        fonts.draw_text(draw, (5, 5), "Maršál", 14, (0, 0, 0))
        fonts.draw_text(draw, (5, 25), "Vlajka", 9, (0, 0, 0), bold=True)
    fonts.draw_text(draw, (5, 25), "outside", 30, (0, 0, 0))
    assert sizes == [14, 9]


@pytest.mark.parametrize("path", fonts.FACES, ids=lambda p: p.name)
def test_every_character_the_coverage_promises_is_drawn(path: Path) -> None:
    """What ``render.font_coverage`` keeps of a name (Cyrillic, Greek, Latin of every kind) is in
    the font, at a middle size: every code point of every range it lists."""
    chars = "".join(c for c in map(chr, code_points()) if not c.isspace() and unicodedata.category(c)[0] != "C")
    assert not_drawn(face(path, 20), chars) == []


def test_a_name_keeps_what_the_font_draws_and_drops_the_rest() -> None:
    assert drawable("Pavel 🎲 Novák") == "Pavel Novák"
    assert drawable("Олена") == "Олена" and drawable("Αλέξης") == "Αλέξης" and drawable("Nguyễn") == "Nguyễn"
    assert drawable("🎲🐉") == ""
    assert drawable("  Jana\u3000山田 ") == "Jana"
    assert not_drawn(face(fonts.REGULAR, 20), "".join(c for c in "Pavel 🎲 Novák" if covered(c) and c != " ")) == []
    assert not_drawn(face(fonts.REGULAR, 20), "🎲") == ["🎲"], "an emoji would be a box: the reason to drop it"
