"""The page's templates are compiled once and kept in the cache folder; a cache folder
that cannot be written changes nothing but the time."""

from __future__ import annotations

import shutil
from pathlib import Path


def test_the_compiled_templates_are_kept_and_used(demo, tmp_path: Path) -> None:
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    assert demo("report", "--format", "html", "-o", str(first)).code == 0
    kept = sorted((tmp_path / "home" / "cache" / "templates").iterdir())
    assert len(kept) >= 2  # the page and the story it includes
    assert demo("report", "--format", "html", "-o", str(second)).code == 0
    assert first.read_text() == second.read_text()


def test_a_cache_folder_that_cannot_be_made(demo, tmp_path: Path) -> None:
    # With COMPANION_HOME set the cache is its "cache" folder: a file stands in its way.
    in_the_way = tmp_path / "home" / "cache"
    shutil.rmtree(in_the_way, ignore_errors=True)
    in_the_way.write_text("not a folder")
    out = tmp_path / "a.html"
    r = demo("report", "--format", "html", "-o", str(out))
    assert r.code == 0, r.err
    assert "Battle report" in out.read_text()


def test_a_damaged_kept_template_is_compiled_again(demo, tmp_path: Path) -> None:
    out = tmp_path / "a.html"
    assert demo("report", "--format", "html", "-o", str(out)).code == 0
    good = out.read_text()
    for f in (tmp_path / "home" / "cache" / "templates").iterdir():
        f.write_bytes(b"j2 not a template")
    assert demo("report", "--format", "html", "-o", str(out)).code == 0
    assert out.read_text() == good
