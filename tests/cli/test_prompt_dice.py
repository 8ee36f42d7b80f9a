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
        p.expect(r"11 is not a face of a D10")
        # The refused line is cleared: a 7 typed now is the whole answer.
        p.send("7\r")
        assert p.wait() == 0
    finally:
        p.kill()
    log = demo("log", "--json").json()["items"]
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


def test_a_line_of_dice_answers_the_next_dice_of_the_roll(demo, home):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    args = ("attack", "Robyn", "Cpt. Fawkes", "--ranged", "--range", "12", "--dice", "9")
    p = PtyProcess(companion(*args), env(home))
    try:
        p.expect(r"Roll D10 for .*\(2 of 2\)")
        p.send("6,x\r")
        p.expect(r"'x' is not a die result")
        # Refused whole and cleared: the second die of the shot and the defence die.
        p.send("6 8\r")
        code = p.wait()
    finally:
        p.kill()
    assert code == 0, p.text
    attack = demo("log", "--json").json()["items"][-1]
    assert attack["kind"] == "attack" and attack["data"]["dice"] == [9, 6, 8]


def test_more_dice_on_the_line_than_the_roll_uses_writes_nothing(demo, home):
    before = (home / "games" / "sample.json").read_bytes()
    p = PtyProcess(companion("turn", "--dice", "4"), env(home))
    try:
        p.expect(r"Roll D10")
        p.send("7 5\r")
        code = p.wait()
    finally:
        p.kill()
    assert code == 2 and "1 more die typed than the roll used (5)" in p.text
    assert (home / "games" / "sample.json").read_bytes() == before
