"""Everything documented works as printed.

Every command in the README's code blocks runs in order in one companion home, and every
`Example:` in `--help` runs against a fresh sample game (`companion demo`), its lines in
order. A non-zero exit fails the test unless the example says to expect it.
"""

from __future__ import annotations

import json
import re
import shlex
import textwrap
from pathlib import Path

import pytest
import typer
from solo_helpers import WARBAND

from companion.cli.main import app

README = Path(__file__).resolve().parents[2] / "README.md"

SOLO_FIGHTERS = [f["name"] for f in WARBAND["fighters"]]

# The context an example's help names in words ("once your fighters have all activated").
CONTEXT = {
    ("solo", "opfor"): [
        "companion solo new -r Outlaws --seed 11",
        "companion turn",
        *(f'companion set "{name}" --token' for name in SOLO_FIGHTERS),
    ],
}

# Commands that need a terminal: run in a pseudo-terminal, left with Ctrl-C at the first
# question (the pseudo-terminal tests of each drive them further).
NEEDS_TERMINAL = {"play"}
# Commands that run until Ctrl-C: started in a process of their own, asked for their page,
# then stopped as a player stops them.
SERVES = {"serve"}


def readme_commands() -> list[str]:
    """Every `companion ...` line of the README's code blocks, in order."""
    text = README.read_text()
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        lines += [ln.split("  #")[0].strip() for ln in block.splitlines()]
    lines += [ln.strip() for ln in text.splitlines() if ln.startswith("    companion ")]
    return [ln for ln in lines if ln.startswith("companion ")]


def walk(cmd, path=()):
    yield path, cmd
    for name, sub in getattr(cmd, "commands", {}).items():
        yield from walk(sub, (*path, name))


def example_lines(help_text: str) -> list[str]:
    """The commands after `Example:`: the rest of its line and the lines below, to a blank."""
    found = re.search(r"Example\b[^:\n]*:", help_text)
    rest = help_text[found.end() :] if found else ""
    out: list[str] = []
    going_on = False  # the line before ended with a backslash: this one continues it
    for i, line in enumerate(rest.splitlines()):
        line = line.strip()
        if not line:
            if i == 0:
                continue
            break
        if going_on:
            out[-1] += " " + line.removesuffix("\\").strip()
        elif line.startswith("companion "):
            out.append(line.removesuffix("\\").strip())
        going_on = line.endswith("\\")
    return out


def help_examples() -> list[tuple[tuple[str, ...], list[str]]]:
    group = typer.main.get_command(app)
    return [(path, example_lines(cmd.help or "")) for path, cmd in walk(group)]


def check(run, line: str) -> None:
    args = shlex.split(line)
    assert args[0] == "companion"
    if args[1:2] and args[1] in NEEDS_TERMINAL:
        on_a_terminal(args[1:])
        return
    if args[1:2] and args[1] in SERVES:
        from serve_helpers import serving

        with serving(*args[2:]) as (url, _):
            assert url.startswith("http://")
        return
    r = run(*args[1:])
    assert r.code == 0, (line, r.err)


def on_a_terminal(args: list[str]) -> None:
    import os

    from ptydrive import PtyProcess, companion

    env = {**os.environ, "TERM": "xterm"}  # COMPANION_HOME: the test's, set by `home`
    p = PtyProcess(companion(*args), env, cols=100, rows=40)
    try:
        p.expect(r"\?", timeout=30)  # its first question
        p.send("\x03")
        assert p.wait(30) == 0, p.text
    finally:
        p.kill()


def test_readme_examples_run_in_order(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines = readme_commands()
    assert len(lines) >= 35 and lines[0] == "companion demo"
    for line in lines:
        check(run, line)


def test_readme_first_game_activates_the_side_that_has_the_initiative(run, tmp_path):
    first = readme_commands()[:5]
    for line in first[:4]:
        check(run, line)
    assert "Cpt. Fawkes shoots at Robyn" in run("log").out
    check(run, first[4])
    assert "shoots" not in run("log").out  # undone


def test_every_command_has_an_example():
    found = help_examples()
    assert len(found) > 60
    for path, lines in found:
        assert lines, f"companion {' '.join(path)} --help has no runnable example"


@pytest.mark.parametrize(
    ("path", "lines"),
    [pytest.param(p, ls, id=" ".join(p) or "companion") for p, ls in help_examples()],
)
def test_help_example_runs_on_the_sample_game(run, tmp_path, monkeypatch, path, lines):
    monkeypatch.chdir(tmp_path)
    assert run("demo").code == 0
    # The solo commands' examples use a solo warband, "Outlaws" (1 boss, 3 specialists,
    # 6 rookies), as their help says.
    (tmp_path / "outlaws.json").write_text(json.dumps(WARBAND))
    assert run("roster", "import", str(tmp_path / "outlaws.json")).code == 0
    for line in [*CONTEXT.get(path, []), *lines]:
        check(run, line)


def test_readme_python_examples_run(demo, run, capsys):
    """The Python example of the Development section, on the game it says, prints what
    its comments say."""
    assert run("turn", "--dice", "7,3").code == 0
    assert run("activate", "Robyn").code == 0
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) == 1
    capsys.readouterr()
    exec(textwrap.dedent(blocks[0]), {})  # noqa: S102 - the README's own example
    out = capsys.readouterr().out
    assert "Shoot ('cpt-fawkes', 't-999'" in out and "Attack in melee ('cpt-fawkes'" in out
    assert "Command ('john', 'rabbit-with-bow'" in out
    assert "T-999 cannot be the target of Robyn's Command: it takes a friend" in out
