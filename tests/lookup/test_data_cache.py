"""The parsed rules data is cached by the file's content, and any cache trouble is harmless."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from companion import data
from companion.errors import DataError


@pytest.fixture
def rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of rules_data and an empty cache folder."""
    folder = tmp_path / "rules_data"
    shutil.copytree(data.data_dir(), folder)
    monkeypatch.setattr(data, "data_dir", lambda: folder)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    data.load_toml.cache_clear()
    yield folder
    data.load_toml.cache_clear()


def _fresh(name: str = "1ss.toml") -> object:
    data.load_toml.cache_clear()
    return data.load_toml(name)


def test_the_cache_holds_what_the_parser_gives(rules: Path) -> None:
    import tomllib

    first = _fresh()
    cache = Path(data.cache_dir()) / "rules-1ss.toml.json"
    assert cache.is_file()
    assert first == tomllib.loads((rules / "1ss.toml").read_text(encoding="utf-8"))
    assert _fresh() == first


def test_a_cached_copy_is_used_while_the_file_is_unchanged(rules: Path) -> None:
    _fresh()
    cache = Path(data.cache_dir()) / "rules-1ss.toml.json"
    doc = json.loads(cache.read_text(encoding="utf-8"))
    doc["data"]["system"]["name"] = "From the cache"
    cache.write_text(json.dumps(doc), encoding="utf-8")
    assert _fresh()["system"]["name"] == "From the cache"  # type: ignore[index]


def test_a_changed_file_is_parsed_again(rules: Path) -> None:
    _fresh()
    path = rules / "1ss.toml"
    text = path.read_text(encoding="utf-8")
    assert "\n[system]\n" in text
    path.write_text(text.replace("\n[system]\n", "\n[system]\n# edited\n"), encoding="utf-8")
    cache = Path(data.cache_dir()) / "rules-1ss.toml.json"
    before = json.loads(cache.read_text(encoding="utf-8"))["key"]
    _fresh()
    assert json.loads(cache.read_text(encoding="utf-8"))["key"] != before


def test_a_broken_file_is_reported_even_with_a_cache(rules: Path) -> None:
    _fresh()
    (rules / "1ss.toml").write_text("[system\n", encoding="utf-8")
    with pytest.raises(DataError, match="1ss.toml is not valid TOML"):
        _fresh()


@pytest.mark.parametrize("junk", [b"", b"{", b"[]", b'{"key": 1}', b"\xff\xfe", b"[" * 100000])
def test_a_corrupt_cache_is_ignored(rules: Path, junk: bytes) -> None:
    good = _fresh()
    cache = Path(data.cache_dir()) / "rules-1ss.toml.json"
    cache.write_bytes(junk)
    assert _fresh() == good
    assert json.loads(cache.read_text(encoding="utf-8"))["data"] == good  # written again


def test_an_unusable_cache_folder_is_harmless(rules: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    assert _fresh()["system"]["name"]  # type: ignore[index]


def test_rules_load_the_same_through_the_cache(rules: Path) -> None:
    from companion.systems.one_stat import data as onestat

    onestat.load.cache_clear()
    parsed = onestat.load()
    onestat.load.cache_clear()
    data.load_toml.cache_clear()
    cached = onestat.load()
    onestat.load.cache_clear()
    assert cached == parsed
