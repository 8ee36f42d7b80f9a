"""The README's pictures: each one it shows is in the checkout, a PNG, and small enough
for a README (they are drawn by `python docs/pictures.py`, which needs a browser)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST = 250_000


def test_every_picture_the_readme_shows_is_a_small_png_with_words():
    shown = re.findall(r"!\[([^\]]*)\]\(([^)]+)\)", (ROOT / "README.md").read_text())
    assert {p for _, p in shown} >= {
        "docs/board-phone.png",
        "docs/report-page.png",
        "docs/cards-sheet.png",
    }
    for words, path in shown:
        picture = ROOT / path
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path
        assert picture.stat().st_size <= MOST, path
        assert len(words.split()) >= 5, f"{path}: say what the picture shows"
