"""A game's document read and updated without TinyDB is what TinyDB reads and writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.store import Database


def _db(path: Path) -> Database:
    db = Database(path)
    db.table("game").insert({"name": "g", "snapshot": {"count": 0}, "redo": []})
    db.table("other").insert({"a": 1})
    db.table("other").insert({"a": 2})
    db.commit()
    return Database(path)


def test_docs_are_tinydbs_all(tmp_path: Path) -> None:
    db = _db(tmp_path / "g.json")
    for table in ("game", "other", "missing"):
        assert db.docs(table) == [dict(d) for d in db.table(table).all()]


def test_update_doc_writes_what_tinydb_writes(tmp_path: Path) -> None:
    ours, theirs = _db(tmp_path / "a.json"), _db(tmp_path / "b.json")
    fields = {"snapshot": {"count": 3}, "redo": [{"kind": "vp"}], "board": None, "new": 1}
    ours.update_doc("game", fields)
    theirs.table("game").update(fields, doc_ids=[1])
    ours.commit()
    theirs.commit()
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()


def test_a_document_id_tinydb_refuses_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text('{"game": {"x": {"name": "g"}}}')
    db = Database(path)
    with pytest.raises(ValueError):
        db.table("game").all()
    with pytest.raises(ValueError):
        db.docs("game")
