"""Games saved by the previous release (0.2) load unchanged.

`saved_0_2/` holds one whole game of every system (and a 1ss solo game), each played by
the crawler with the 0.2 code and stored as that release wrote it, beside the state
it folded to then (`expected.json`). A change of how state is held in memory must
still read these files and arrive at the same game, and the commands must still
show, undo and redo it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.game.repo import Home

SAVED = Path(__file__).parent / "saved_0_2"
KINDS = sorted(p.name for p in SAVED.iterdir() if p.is_dir())


def _home(kind: str, where: Path) -> tuple[Home, dict]:
    shutil.copytree(SAVED / kind / "games", where / "games")
    return Home(where), json.loads((SAVED / kind / "expected.json").read_text())


def test_every_system_has_a_saved_game() -> None:
    assert KINDS == ["1ss", "1ss-solo", "monochrome", "skirmashed", "smbfat", "warstuff"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_saved_game_folds_to_the_state_it_had(kind: str, tmp_path: Path) -> None:
    home, expected = _home(kind, tmp_path)
    gf = home.open_game(expected["game"])
    assert gf.count == expected["events"]
    assert gf.state.to_dict() == expected["state"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_saved_game_shows_undoes_and_redoes(kind: str, home: Path, run) -> None:
    _, expected = _home(kind, home)
    name = expected["game"]
    shown = run("status", "--game", name, "--json")
    assert shown.code == 0, shown.err
    assert shown.json()["turn"] == expected["state"]["turn"]
    assert run("log", "--game", name).code == 0
    assert run("undo", "--game", name).code == 0
    assert run("redo", "--game", name).code == 0
    again = Home(home).open_game(name)
    assert again.count == expected["events"]
    assert again.state.to_dict() == expected["state"]
