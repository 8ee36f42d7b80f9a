"""Shell completion: installed and shown by Typer; commands and values completed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def complete(home, words: str) -> list[str]:
    """What bash would be offered for `words` (a trailing space: a new word)."""
    n = len(words.split())
    cword = n if words.endswith(" ") else n - 1
    env = {
        **os.environ,
        "COMPANION_HOME": str(home),
        "COMP_WORDS": words,
        "COMP_CWORD": str(cword),
        "_COMPANION_COMPLETE": "complete_bash",
    }
    out = subprocess.run(
        [sys.executable, "-m", "companion"], env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return [line for line in out.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        ("companion sta", ["status"]),
        ("companion roster de", ["delete"]),
        ("companion activate R", ["Robyn", "Rabbit with bow"]),
        ("companion attack Robyn Frogger with r", []),  # spaces end a word in bash
        ("companion attack Robyn F", ["Frogger with rifle"]),
        ("companion vp ", ["Robyn's merry men", "Cpt. Fawkes' ragtags"]),
        ("companion skill Robyn ", ["command", "ranger"]),
        ("companion roster show ", ["Robyn's merry men"]),
        ("companion game use ", ["sample"]),
        ("companion status --game s", ["sample"]),
        ("companion game new --system w", ["warstuff"]),
        ("companion rules show ", ["1ss", "warstuff", "smbfat"]),
        ("companion game new -r Robyn -r Cpt --scenario tr", ["training", "treasure-hunt"]),
        ("companion roster add Robyn X --skill vet", ["veteran"]),
        ("companion roster add Robyn X -r ro", ["rookie"]),
        ("companion roster add Robyn X -r rookie -e med", ["medium-shooter"]),
        ("companion solo new --scenario co", ["collect"]),
        ("companion rules show 1ss ta", ["tank"]),
        ("companion rules 1ss ta", ["tank"]),
        ("companion act Robyn ", ["move", "command"]),
    ],
)
def test_completes_commands_and_values(demo, home, words, offered):
    got = complete(home, words)
    for want in offered:
        assert want in got, (words, got)
    if not offered:
        assert "Frogger with pistol and claw" not in got


@pytest.mark.parametrize(
    ("words", "offered", "not_offered"),
    [
        ("companion attack Robyn ", ["Cpt. Fawkes", "T-999"], ["John", "Robyn"]),
        ("companion skill Robyn command ", ["John"], ["Cpt. Fawkes", "Robyn"]),
        ("companion act Robyn command ", ["John"], ["T-999"]),
    ],
)
def test_targets_complete_from_the_legal_actions(demo, home, words, offered, not_offered):
    got = complete(home, words)
    assert all(w in got for w in offered), (words, got)
    assert not any(w in got for w in not_offered), (words, got)


def test_completion_offers_nothing_rather_than_fail(run, home):
    # no game yet: no fighters to offer, and no traceback
    assert complete(home, "companion activate R") == []


def test_show_and_install_completion(run, tmp_path, monkeypatch):
    r = run("--show-completion", "bash")
    assert r.code == 0 and "_COMPANION_COMPLETE=complete_bash" in r.out
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SHELL", "/bin/bash")
    r = run("--install-completion", "bash")
    assert r.code == 0, r.err
    assert "_COMPANION_COMPLETE" in (tmp_path / ".bash_completions" / "companion.sh").read_text()
    assert "companion.sh" in (tmp_path / ".bashrc").read_text()


def test_table_commands_do_not_load_completion(demo):
    # On the sample game in the test's own home: never the user's real data folder,
    # where a game drawn by another install would send `status` the long way.
    code = (
        "import sys; from companion.cli.main import main\n"
        "try:\n    main(['status'])\nexcept SystemExit:\n    pass\n"
        "print('companion.cli.complete' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "False"
