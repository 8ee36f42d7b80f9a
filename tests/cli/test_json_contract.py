"""The JSON contract: every `--json` output carries the schema number and keeps its schema.

Each command that takes `--json` runs its help examples on the sample game (as the
examples test runs them), each line of its own with `--json` added, and every output is
validated against the JSON Schema `companion.schemas.OUTPUTS` names for it. A command
that gains `--json` without a schema fails here.
"""

from __future__ import annotations

import json
import re
import shlex
from importlib import resources
from pathlib import Path

import pytest
import typer
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from solo_helpers import WARBAND
from test_docs_examples import CONTEXT, README, help_examples, walk

from companion import schemas
from companion.cli.main import app

FILES = {
    p.name: json.loads(p.read_text())
    for p in resources.files("companion.schemas").iterdir()
    if p.name.endswith(".schema.json")
}
REGISTRY: Registry = Registry().with_resources(
    (doc["$id"], Resource.from_contents(doc)) for doc in FILES.values()
)

# Runs beyond the help examples: where every example writes a file instead (--format),
# or where the sample game has nothing to show yet.
MORE = {
    ("report",): ["companion report --json"],
    ("rules", "sheet"): ["companion rules sheet 1ss --json"],
    ("history",): ["companion history --luck --json"],
    ("log",): [
        "companion turn --dice 7,3",
        "companion activate Robyn",
        'companion attack Robyn "Frogger with rifle" --range 7 --dice 3,5,2',
        "companion log --json",
    ],
}


def json_commands() -> list[tuple[str, ...]]:
    """Every command that takes --json, by its words."""
    group = typer.main.get_command(app)
    return [
        path
        for path, cmd in walk(group)
        if any("--json" in getattr(p, "opts", ()) for p in getattr(cmd, "params", ()))
    ]


def validate(name: str, doc: object) -> None:
    schema = FILES[f"{name}.schema.json"]
    Draft202012Validator(schema, registry=REGISTRY).validate(doc)


def test_every_schema_file_is_a_draft_2020_12_schema_named_by_its_id():
    assert len(FILES) > 30
    for file, doc in FILES.items():
        Draft202012Validator.check_schema(doc)
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema", file
        assert doc["$id"] == file


def test_the_trace_is_referred_to_by_its_file_alone():
    """Another file of the same `$id` replaces trace.schema.json without touching these."""
    for file, doc in FILES.items():
        refs = re.findall(r'"\$ref": "([^"]*)"', json.dumps(doc))
        assert all(r == "trace.schema.json" for r in refs if "trace" in r), file


def test_every_command_with_json_has_a_schema():
    found = {" ".join(p) for p in json_commands()}
    assert len(found) > 50
    assert found == set(schemas.OUTPUTS), "a command takes --json without a schema (or gone)"
    for name in {*schemas.OUTPUTS.values(), schemas.LIVE_BOARD}:
        assert f"{name}.schema.json" in FILES, name


def test_the_readme_publishes_every_schema():
    text = README.read_text()
    section = text.split("## JSON for scripts", 1)[1].split("\n## ", 1)[0]
    for file in FILES:
        assert file in section, file


def runs(path: tuple[str, ...]) -> list[tuple[str, bool]]:
    """The lines to run for a command, each marked when its output is the command's JSON."""
    lines = dict(help_examples())[path]
    out: list[tuple[str, bool]] = [(line, False) for line in CONTEXT.get(path, [])]
    for line in [*lines, *MORE.get(path, [])]:
        args = shlex.split(line)[1:]
        mine = tuple(args[: len(path)]) == path and "--format" not in args
        if mine and "--json" not in args:
            line += " --json"
        out.append((line, mine))
    return out


@pytest.mark.parametrize("path", json_commands(), ids=" ".join)
def test_every_json_output_keeps_its_schema(run, tmp_path, monkeypatch, path):
    monkeypatch.chdir(tmp_path)
    assert run("demo").code == 0
    (tmp_path / "outlaws.json").write_text(json.dumps(WARBAND))
    assert run("roster", "import", str(tmp_path / "outlaws.json")).code == 0
    name = schemas.OUTPUTS[" ".join(path)]
    seen = 0
    for line, mine in runs(path):
        r = run(*shlex.split(line)[1:])
        assert r.code == 0, (line, r.err)
        if mine:
            doc = r.json()
            assert isinstance(doc, dict) and doc["schema"] == schemas.NUMBER, line
            assert next(iter(doc)) == "schema", line
            validate(name, doc)
            seen += 1
    assert seen, f"no --json run of companion {' '.join(path)}"


def test_status_from_the_stored_board_carries_the_schema_too(demo):
    """`status --json` printed by the quick path (the board the game file keeps) is the
    same document as the full command's."""
    from companion.cli.fast import serve

    assert demo("turn", "--dice", "7,3").code == 0
    full = demo("game", "show", "--json").json()
    assert serve(["status", "--json"])  # printed from the stored board
    quick = demo("status", "--json").json()
    assert quick == full
    validate("board", quick)


def test_the_live_boards_json_keeps_its_schema(demo):
    from companion.cli.opening import open_home
    from companion.serve.view import board_data

    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    doc = schemas.document(board_data(open_home(), "sample"))
    validate(schemas.LIVE_BOARD, doc)
    assert doc["order"]["now_id"] == "robyn"


def test_a_list_is_given_in_items_and_chances_exactly(demo):
    doc = demo("game", "list", "--json").json()
    assert list(doc) == ["schema", "items"] and doc["items"][0]["name"] == "sample"
    roll = demo("roll", "2d6", "--dice", "3,4", "--json").json()
    assert roll["p_at_least"] == {"fraction": "7/12", "value": 0.583333}
    assert roll["expected"] == {"fraction": "7/1", "value": 7.0}


def test_the_schemas_ship_inside_the_package():
    root = Path(schemas.__file__).parent
    assert {p.name for p in root.glob("*.schema.json")} == set(FILES)
