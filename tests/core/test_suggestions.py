"""A typo gets a suggestion: what the name most likely meant, beside the known ones."""

from __future__ import annotations

import pytest

from companion.names import close_to, with_suggestion


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("activate", "Robbyn"), "'Robbyn' (did you mean 'Robyn'?)"),
        (("roster", "show", "Robn"), "(did you mean 'Robyn's merry men'?)"),
        (("game", "use", "smaple"), "(did you mean 'sample'?)"),
        (("game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "trainin"), "'training'?"),
        (("game", "new", "--system", "warstof"), "(did you mean 'warstuff'?)"),
        (("roster", "add", "Robyn", "X", "-r", "rooky", "--stat", "3"), "'rookie'?"),
        (
            ("roster", "add", "Robyn", "X", "-r", "rookie", "--stat", "3", "-e", "mele-1h"),
            "(did you mean 'melee-1h'?)",
        ),
        (
            ("roster", "add", "Robyn", "X", "-r", "rookie", "--stat", "3", "--role", "thugg"),
            "(did you mean 'thug'?)",
        ),
        (
            (
                "roster",
                "add",
                "Robyn",
                "X",
                "-r",
                "specialist",
                "--stat",
                "3",
                "--skill",
                "veteren",
            ),
            "(did you mean 'veteran'?)",
        ),
        (("solo", "new", "-r", "Robyn", "--scenario", "collekt"), "(did you mean 'collect'?)"),
        (("stauts",), "Did you mean 'status'?"),
        (("roster", "lst"), "Did you mean 'list'?"),
    ],
)
def test_a_typo_gets_a_suggestion(demo, args, said):
    r = demo(*args)
    assert r.code == 2 and said in r.err, r.err


def test_a_topic_typo_shows_the_topic_it_meant(run):
    r = run("rules", "show", "1ss", "tnak")
    assert r.code == 0 and "did you mean 'tank'?" in r.out and "Tank (passive)" in r.out


def test_a_warstuff_rule_typo(run):
    run("roster", "new", "Gs", "--system", "warstuff")
    r = run("roster", "add", "Gs", "X", "-r", "unit", "--stat", "3", "--skill", "fearles")
    assert r.code == 2 and "(did you mean 'fearless'?)" in r.err
    r = run("roster", "add-unit", "Gs", "Orc Warior")
    assert r.code == 2 and "(did you mean 'Orc Warrior'?)" in r.err


def test_nothing_close_gets_no_suggestion(demo):
    r = demo("game", "new", "-r", "Robyn", "-r", "Cpt", "--scenario", "picnic")
    assert r.code == 2 and "did you mean" not in r.err
    assert close_to("zzzz", ["status", "turn"]) is None
    assert with_suggestion("unknown x 'qq'; use one of a, b") == "unknown x 'qq'; use one of a, b"


def test_a_boss_gets_command_when_it_is_left_out(run):
    run("roster", "new", "Red", "--system", "1ss")
    r = run("roster", "add", "Red", "Boss", "-r", "boss", "--stat", "6", "--skill", "veteran")
    assert r.code == 0, r.err
    assert "Command added: every boss has it" in r.out
    boss = run("roster", "show", "Red", "--json").json()["fighters"][0]
    assert boss["skills"] == ["command", "veteran"]


def test_difflib_is_loaded_only_for_a_name_not_found():
    import subprocess
    import sys

    code = "import sys, companion.names; print('difflib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.strip() == "False"
