"""Golden images and docs samples for the renderer tests: compare a rendering with the stored PNG
pixel by pixel, or rewrite the stored PNG with ``UPDATE_GOLDEN=1`` (then look at the images)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
SAMPLES = ROOT / "docs" / "images"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def check_golden(image_bytes: bytes, path: Path, test_file: str) -> None:
    """``image_bytes`` draws exactly the stored ``path``; ``test_file`` is named in the message."""
    test = Path(test_file).relative_to(ROOT)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(image_bytes)
    assert path.exists(), f"{path} is missing: run UPDATE_GOLDEN=1 .venv/bin/python -m pytest {test}"
    got = Image.open(io.BytesIO(image_bytes)).convert("RGB")
    want = Image.open(path).convert("RGB")
    diff = ImageChops.difference(got, want).getbbox() if got.size == want.size else "size"
    assert diff is None, (
        f"{path.name} differs from the rendering (box {diff}). If the change is intended, regenerate with "
        f"UPDATE_GOLDEN=1 .venv/bin/python -m pytest {test} and look at the images."
    )
