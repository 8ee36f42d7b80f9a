"""Every result whole at 80x24, in a real terminal, for an attack in each system.

After the attack, without scrolling, the screen shows its outcome and each roll's line
(who rolls, the dice, what they needed and what came of it), wrapped but never cut
with an ellipsis.
"""

from __future__ import annotations

import shutil

import pytest
import test_play_pty
from test_play_pty import HINT, Term

from companion.render.trace_view import step_text
from companion.trace import Trace

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

term = test_play_pty.term  # the fixture that starts a terminal

# How each system's sample game (seed 1) reaches an attack: (key, what shows next).
ENTER = "\r"
CASES = {
    # A fighter that may shoot or strike has an entry for each (a: in melee).
    "1ss": [("1", "is activating"), ("a", "whom?"), ("1", "Enter rolls"), (ENTER, "Result:")],
    "skirmashed": [
        ("1", "is activating"),
        ("a", "whom?"),
        ("1", "Enter rolls"),
        (ENTER, "Result:"),
    ],
    "smbfat": [("1", "is activating"), ("a", "whom?"), ("1", "Enter rolls"), (ENTER, "Result:")],
    "monochrome": [
        ("1", "is activating"),
        ("i", "whom?"),
        ("1", "Enter rolls"),
        (ENTER, "Result:"),
    ],
    "warstuff": [
        ("1", "is activating"),
        ("r", "whom?"),
        # A Run rolls nothing: no confirming screen, what it took as usual said under it.
        ("1", "Taken as usual"),
        # The melee after a charge strikes the unit charged: not asked again.
        ("a", "Result:"),
    ],
}


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("sid", list(CASES))
def test_an_attack_shows_every_roll_whole_at_80_by_24(sid, run, term, home):
    if sid == "1ss":
        assert run("demo").code == 0
        assert run("turn", "--dice", "7,3").code == 0
    else:
        r = run("game", "new", "--system", sid, "--seed", "1", "--name", "g")
        assert r.code == 0, r.err
        assert run("turn", "--seed", "1").code == 0
    t: Term = term("play", 80, 24)
    t.wait("roll for you, or enter")
    t.press("r", HINT)
    for key, shows in CASES[sid]:
        t.settle()
        if key == ENTER:
            t.key("Enter", shows)
        else:
            t.press(key, shows)
    t.settle()
    shown = t.visible()
    log = run("log", "--json").json()["items"]
    attack = [e for e in log if e.get("trace")][-1]
    trace = Trace.from_dict(attack["trace"])
    flat = _flat(shown)
    # The result and everything above it (a menu entry may be cut, a result never).
    assert "…" not in shown.split("Result:", 1)[0], shown
    assert _flat(f"Result: {trace.outcome}") in flat, shown
    rolls = [(i, s) for i, s in enumerate(trace.steps, 1) if s.roll is not None]
    assert rolls, trace
    for i, s in rolls:
        line = step_text(i, s).plain.split("\n", 1)[0]
        assert _flat(line) in flat, f"{line!r} not whole on screen:\n{shown}"
    assert all(len(x) <= 80 for x in shown.splitlines())
    t.press("q", "[exit 0]")
