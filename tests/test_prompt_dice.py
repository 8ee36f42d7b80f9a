"""Missing dice are asked for on a real terminal (pseudo-terminal), and checked."""

from __future__ import annotations

import json
import os

from ptydrive import PtyProcess, companion


def env(home):
    return {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1", "TERM": "xterm"}


def test_missing_initiative_die_is_asked_and_checked(demo, home):
    p = PtyProcess(companion("turn", "--dice", "4"), env(home))
    try:
        p.expect(r"Roll D10 for Cpt\. Fawkes' ragtags's initiative")
        p.send("11\r")
        p.expect(r"a D10 shows 1 to 10")
        p.send("\x15")  # clear the line
        p.send("7\r")
        assert p.wait() == 0
    finally:
        p.kill()
    log = demo("log", "--json").json()
    assert log[-1]["data"]["dice"] == [4, 7]


def test_ctrl_c_at_the_prompt_writes_nothing(demo, home):
    before = (home / "games" / "sample.json").read_bytes()
    p = PtyProcess(companion("turn", "--dice", "4"), env(home))
    try:
        p.expect(r"Roll D10")
        p.send("\x03")
        code = p.wait()
    finally:
        p.kill()
    assert code != 0 and "Traceback" not in p.text
    assert (home / "games" / "sample.json").read_bytes() == before
    assert json.loads(before).get("events", {}) == {}
