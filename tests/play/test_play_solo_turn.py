"""A whole solo turn in `companion play` at 80x24: your fighters, ending their turn,
the OpFor's phase (its questions, its orders and every die of its attack on screen),
then the upkeep with who its spawn brought where on screen."""

from __future__ import annotations

import re
import shutil

import pytest
import test_play_pty
from test_play_pty import MENU, Term

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

term = test_play_pty.term  # the fixture that starts a terminal


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_whole_solo_turn_at_80_by_24(run, term, tmp_path):
    from tests.solo_helpers import warband_file

    assert run("roster", "import", warband_file(tmp_path)).code == 0
    assert run("solo", "new", "-r", "Outlaws", "--seed", "3", "--name", "solo").code == 0
    t: Term = term("play", 80, 24)
    t.wait("roll for you, or enter")
    t.press("r", MENU)
    t.press("n", "your fighters first")
    # Robyn moves twice: o each time, no distance and no confirming screen.
    t.press("1", "Robyn is activating")
    t.press("o", 'Robyn moves up to 6"')
    t.press("o", "Outlaws to activate")
    # After her last action the player chooses who is next: the list, not a fighter.
    t.settle()
    assert "Outlaws to activate" in t.visible()
    # Ending your side's turn leads to the OpFor's phase, whose walks start by themselves.
    t.press("t", "End your fighters' turn now?")
    t.press("y", "Can Sergeant 1 attack one of your fighters")
    t.press("y", "Which of your fighters is closest to Sergeant 1?")
    t.press("5", "Other OpFor fighters within 1 step of Will")
    t.key("Enter", "→ Sergeant 1")
    t.settle()
    shown = _flat(t.visible())
    # Every die of the OpFor's attack is on screen after the step, with what it needed,
    # above the next OpFor fighter's first question.
    assert re.search(r"Sergeant 1 rolls D8 → \d; needs at or below 5", shown), shown
    if "→ hit" in shown:  # a hit brings Will's defence roll, on screen too
        assert re.search(r"Will rolls 2D6 keep lowest → \d \d", shown), shown
    assert "Result: Sergeant 1 attacks Will" in shown
    # The rest of the OpFor lets its turn go (b: its menu); the upkeep spawns, whole.
    t.press("b", "OpFor to activate")
    t.press("t", "End turn 1 now?")
    t.press("y", "Turn 2")
    t.settle()
    shown = _flat(t.visible())
    assert re.search(r"Spawn dice: OpFor rolls 6D6 → (\d ){5}\d", shown), shown
    arrived = re.findall(r"Spawnpoint \d: [^·]*?\(D\d, stat \d\)", shown)
    assert arrived, shown
    assert all(len(line) <= 80 for line in t.visible().splitlines())
    t.press("q", "[exit 0]")
