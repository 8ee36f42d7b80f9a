"""A record of games for the history tests: a finished game of every rule system, a
conceded game and a draw agreed at the table, solo 1ss games won and lost against two
OpFor profiles, a roster renamed after its games, a game exported and imported again,
and the sample game left unfinished."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from report_helpers import play
from solo_helpers import warband_file

from companion import systems
from companion.cli.main import main
from companion.cli.shared import drawn_board
from companion.game.repo import Home

SYSTEMS = ("1ss", "warstuff", "skirmashed", "smbfat", "monochrome")


def cli(*args: str) -> None:
    try:
        main(list(args))
    except SystemExit as e:
        assert not e.code, (args, e.code)


def build_record(root: Path, scratch: Path) -> None:
    home = Home(root, draw=drawn_board)
    for sid in SYSTEMS:
        gf = play(home, sid, f"{sid}-game", 400, seed=1)
        assert gf.state.phase == "ended", sid
    cli("game", "new", "--system", "warstuff", "--name", "conceded")
    cli("concede", "Greenskin Raiders", "--game", "conceded")
    cli("game", "new", "--system", "1ss", "--name", "agreed-draw", "--seed", "2")
    cli("turn", "--seed", "3", "--game", "agreed-draw")
    cli("game", "end", "agreed-draw", "--result", "a draw: time ran out")
    cli("roster", "import", warband_file(scratch))
    cli("solo", "new", "-r", "Outlaws", "--seed", "3", "--name", "solo-won")
    cli("game", "end", "solo-won", "--result", "you win: the OpFor is wiped out")
    args = ("--scenario", "collect", "--profile", "city guard", "--name", "solo-lost")
    cli("solo", "new", "-r", "Outlaws", "--seed", "4", *args)
    cli("game", "end", "solo-lost", "--result", "you lose: the warband is wiped out")
    cli("roster", "rename", "Dwarf Hold", "Iron Dwarfs")
    shared = str(scratch / "conceded.game.json")
    cli("game", "export", "conceded", "-o", shared)
    cli("game", "import", shared, "--as", "shared")
    cli("demo")  # the sample game, set up and not begun


@pytest.fixture(scope="session")
def record_template(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("record")
    root = base / "home"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COMPANION_HOME", str(root))
        mp.setenv("XDG_CACHE_HOME", str(base / "cache"))
        mp.setenv("NO_COLOR", "1")
        mp.setenv("COLUMNS", "120")
        build_record(root, base)
    return root


@pytest.fixture
def record(record_template, home, run):
    """The record, copied into this test's home; the CLI to run on it."""
    shutil.copytree(record_template, home)
    return run


__all__ = ["SYSTEMS", "record", "record_template", "systems"]
