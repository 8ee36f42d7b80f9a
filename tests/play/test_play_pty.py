"""`companion play` driven in a real pseudo-terminal (tmux): a full short game.

Each test runs its own tmux server on a private socket, waits for text with a deadline
and always kills the server, so a broken prompt fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
WAIT = 25.0


class Term:
    """One tmux server with one pane running a command; text is read from its history."""

    def __init__(self, tmp: Path, home: Path, args: str, cols: int = 120, rows: int = 50) -> None:
        self.sock = f"companion-test-{os.getpid()}-{time.monotonic_ns()}"
        conf = tmp / "tmux.conf"
        conf.write_text("set -g history-limit 100000\nset -g status off\n")
        env = (
            f"COMPANION_HOME={home} NO_COLOR=1 COLUMNS={cols} TERM=xterm-256color "
            f"PYTHONPATH={ROOT} "
        )
        self.cwd = tmp
        cmd = (
            f"cd {tmp} && env {env} {sys.executable} -m companion {args}; "
            "echo '[exit '$?']'; sleep 600"
        )
        size = ("-x", str(cols), "-y", str(rows))
        self._tmux("-f", str(conf), "new-session", "-d", "-s", "t", *size, cmd)
        self.socket_path = self._tmux("display-message", "-p", "#{socket_path}").strip()

    def _tmux(self, *args: str) -> str:
        out = subprocess.run(
            ["tmux", "-L", self.sock, *args], capture_output=True, text=True, timeout=10
        )
        return out.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "t")

    def visible(self) -> str:
        """What the terminal shows now, without its history (no scrolling)."""
        return self._tmux("capture-pane", "-p", "-t", "t")

    def count(self, text: str) -> int:
        return self.screen().count(text)

    def wait(self, text: str, at_least: int = 1) -> None:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.count(text) >= at_least:
                return
            time.sleep(0.05)
        tail = "\n".join(self.screen().rstrip().splitlines()[-40:])
        raise AssertionError(f"timed out waiting for {text!r}; the terminal shows:\n{tail}")

    def press(self, keys: str, expect: str, enter: bool = False) -> None:
        """Send keys, then wait until `expect` shows up once more than before."""
        before = self.count(expect)
        self._tmux("send-keys", "-t", "t", "-l", keys)
        if enter:
            self._tmux("send-keys", "-t", "t", "Enter")
        self.wait(expect, before + 1)

    def settle(self, quiet: float = 0.3) -> None:
        """Wait until the screen has not changed for `quiet` seconds (a prompt is up)."""
        deadline = time.monotonic() + WAIT
        last, since = self.screen(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.screen()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return
        raise AssertionError("the terminal never settled")

    def key(self, name: str, expect: str) -> None:
        # A signal key (Ctrl-C) must reach a waiting prompt, not output being printed.
        self.settle()
        before = self.count(expect)
        self._tmux("send-keys", "-t", "t", name)
        self.wait(expect, before + 1)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.sock, "kill-server"], capture_output=True, timeout=10)
        if self.socket_path:
            Path(self.socket_path).unlink(missing_ok=True)


@pytest.fixture
def term(tmp_path, home):
    started: list[Term] = []

    def start(args: str = "play --timing", cols: int = 120, rows: int = 50) -> Term:
        t = Term(tmp_path, home, args, cols, rows)
        started.append(t)
        return t

    yield start
    for t in started:
        t.close()


def _rosters_only(run) -> None:
    """The sample rosters exist, but no game: play must offer to start one."""
    assert run("demo").code == 0
    assert run("game", "delete", "sample", "--yes").code == 0


MENU = "what now?"
HINT = "m: more)"  # the end of the main menu's question: on one line even at 80 columns


def test_play_full_short_game(run, term, tmp_path, home):
    _rosters_only(run)
    t = term()
    t.wait("Which game?")
    t.press("n", "Roster of side 1:")
    t.press("1", "Roster of side 2:")
    t.press("2", "Scenario:")
    t.press("1", "Name of the game:")
    t.key("Enter", "roll for you, or enter")
    # Dice are asked about once per session: these are entered by hand.
    t.press("e", MENU)
    t.settle()
    assert "Set-up: the game has not started" in t.screen()
    t.press("n", "Roll D10 for Robyn's merry men's initiative")
    t.press("7", "Roll D10 for Cpt. Fawkes' ragtags", enter=True)
    t.press("3", "Robyn's merry men to activate", enter=True)
    assert "Result: Robyn's merry men has the initiative" in t.screen()

    # Turn 1: a fighter with a token is no longer offered, and sides alternate.
    t.press("1", "Robyn is activating, 2 actions left")
    t.press("e", "Cpt. Fawkes' ragtags to activate")
    t.settle()
    menu = t.screen().rsplit("Cpt. Fawkes' ragtags to activate", 1)[1]
    assert "Activate Cpt. Fawkes" in menu and "Activate Robyn" not in menu
    t.press("1", "Cpt. Fawkes is activating")
    t.press("e", "Robyn's merry men to activate")
    t.settle()
    menu = t.screen().rsplit("Robyn's merry men to activate", 1)[1]
    # John keeps his number, his place in the roster, when Robyn has activated.
    assert "Activate Robyn " not in menu and "2) Activate John" in menu

    # Overrides and VP from "more", then an undo of the last one.
    t.press("m", "More:")
    t.press("v", "Whose victory points?")
    t.press("1", "New total or +N/-N")
    t.press("+1", "0 → 1 VP", enter=True)
    t.press("m", "More:")
    t.press("o", "Which fighter?")
    t.press("2", "John: change what?")
    t.press("1", "New state:")
    t.press("2", "John: status = wounded (set by hand)")
    t.press("u", "Undone: John: status = wounded")

    # Ctrl-C mid-turn leaves the game as it was after the last finished step.
    t.key("C-c", "picks it up from there")
    t.wait("[exit 0]")
    state = run("status", "--json").json()
    assert state["turn"] == 1 and state["sides"][0]["vp"] == 1
    john = next(f for f in state["sides"][0]["fighters"] if f["name"] == "John")
    assert john["status"] == "upright"
    tokens = {f["name"] for s in state["sides"] for f in s["fighters"] if f["token"]}
    assert tokens == {"Robyn", "Cpt. Fawkes"}

    # Resuming: the same game, the same place in the turn; the dice mode is kept (typed),
    # and d changes it to digital dice for the rest of the game.
    t2 = term()
    t2.wait(MENU)
    t2.settle()
    assert "roll for you, or enter" not in t2.screen()
    t2.press("m", "More:")
    t2.press("d", "roll for you, or enter")
    t2.press("r", MENU)
    t2.settle()
    assert "Turn 1/8 · initiative Robyn's merry men · Robyn's merry men to activate" in t2.screen()
    t2.press("2", "John is activating")  # John keeps his place in the roster: 2
    t2.press("e", "Cpt. Fawkes' ragtags to activate")
    # Ending the turn with fighters still to act lists them and asks; no keeps it going.
    t2.press("t", "End turn 1 now?")
    assert "Turn 1 is not over: not yet activated: Robyn's merry men: Rabbit with bow" in (
        t2.screen()
    )
    t2.press("n", "Turn 1 goes on; nothing was written.")
    t2.press("t", "End turn 1 now?")
    t2.press("y", "Turn 2/8 ·")
    for n in range(3, 9):
        t2.press("t", f"End turn {n - 1} now?")
        t2.press("y", f"Turn {n}/8 ·")
    t2.press("t", "End turn 8 now?")
    t2.press("y", "Game over: no side wiped out the other: a draw")
    t2.wait("Write the battle report")
    assert "End of the game" in t2.screen()
    # w writes the web page at once and says where.
    t2.press("w", "Battle report written to")
    report_path = tmp_path / "training-1-report.html"
    assert str(report_path) in t2.screen().replace("\n", "")
    t2.press("q", "picks it up from there")
    t2.wait("[exit 0]")
    report = report_path.read_text()
    assert "training-1" in report and "no side wiped out the other: a draw" in report
    log = run("log", "--json").json()["items"]
    kinds = [e["kind"] for e in log]
    assert kinds[0] == "turn" and kinds[-1] == "end"
    assert log[0]["data"]["dice"] == [7, 3] and log[0]["data"]["typed"] is True
    assert [e["summary"] for e in log if e["kind"] == "vp"] == [
        "Robyn's merry men: 0 → 1 VP (set by hand)"
    ]
    assert not any("wounded" in e["summary"] for e in log)


def test_play_attack_with_entered_dice(run, term, home):
    """An attack chosen from the menu, with every die typed in, resolves and is logged."""
    assert run("demo").code == 0
    assert run("turn", "--dice", "7,3").code == 0
    t = term()
    t.wait("roll for you, or enter")
    t.press("e", MENU)
    t.press("1", "Robyn is activating")
    t.settle()
    menu = t.screen().rsplit("Robyn is activating", 1)[1]
    found = re.search(r"(\w)\) Attack in melee", menu)
    assert found, menu
    key = found.group(1)
    t.press(key, "Robyn: Attack in melee — whom?")
    # Robyn has a bow and a sword: the entry chose melee (Shoot is its own); the facts
    # that matter then wait at their usual answers on one screen: Enter rolls.
    t.press("1", "Enter rolls")
    t.key("Enter", "Roll D")
    # Enter a 3 for every die the resolution asks for, until its result shows.
    deadline = time.monotonic() + WAIT
    while "Result:" not in t.screen().rsplit("Robyn: Attack in melee — whom?", 1)[1]:
        assert time.monotonic() < deadline, t.screen()[-3000:]
        before = t.count("? Roll D")
        t._tmux("send-keys", "-t", "t", "-l", "3")
        t._tmux("send-keys", "-t", "t", "Enter")
        end = time.monotonic() + 5
        while (
            time.monotonic() < end
            and t.count("? Roll D") <= before
            and "Result:" not in (t.screen().rsplit("Robyn: Attack in melee — whom?", 1)[1])
        ):
            time.sleep(0.05)
    t.key("C-c", "picks it up from there")
    log = run("log", "--json").json()["items"]
    attack = [e for e in log if e["kind"] == "attack"]
    assert attack and attack[-1]["data"]["typed"] is True
    assert set(attack[-1]["data"]["dice"]) == {3}


def test_play_short_solo_game(run, term, tmp_path, home):
    """A solo game set up on the command line, then played: your activations, one OpFor
    fighter walked through the procedure with an attack on entered dice, quit and resume."""
    from tests.solo_helpers import PLAYERS, warband_file

    assert run("roster", "import", warband_file(tmp_path)).code == 0
    assert run("solo", "new", "-r", "Outlaws", "--seed", "3", "--name", "solo").code == 0
    t = term()
    t.wait("roll for you, or enter")
    t.press("e", MENU)
    t.settle()
    assert "Set-up: the game has not started" in t.screen()
    t.press("n", "turn 1: your fighters first")
    # Each fighter keeps its number, its place in the roster (1-9, then a).
    for key, name in zip("123456789a", PLAYERS, strict=True):
        t.press(key, f"{name} is activating, 2 actions left")
        t.press("e", f"{name} ends the activation.")
    # The OpFor's phase walks its next fighter by itself: it can attack, from cover.
    t.wait("Can Sergeant 1 attack one of your fighters")
    assert "OpFor procedure for Sergeant 1:" in t.screen()
    t.press("y", "Which of your fighters is closest to Sergeant 1?")
    t.press("5", "Other OpFor fighters within 1 step of Will")
    t.key("Enter", "Roll D8")
    # A 1 for every die the attack asks for, until the procedure's instruction shows.
    deadline = time.monotonic() + WAIT
    while "→ Sergeant 1" not in t.screen():
        assert time.monotonic() < deadline, t.screen()[-3000:]
        before = t.count("? Roll D")
        t._tmux("send-keys", "-t", "t", "-l", "1")
        t._tmux("send-keys", "-t", "t", "Enter")
        end = time.monotonic() + 5
        while time.monotonic() < end and t.count("? Roll D") <= before:
            if "→ Sergeant 1" in t.screen():
                break
            time.sleep(0.05)
    # The next walk starts by itself; b leaves it for the OpFor's menu, where the
    # procedure's reasons are in the whole trace, one key away.
    t.wait("Can Grunt 1 attack one of your fighters")
    t.press("b", MENU)
    menu = t.screen().rsplit("OpFor to activate", 1)[1]
    assert "1) Grunt 1 (" in menu and "): OpFor procedure, next" in menu
    t.press("k", "Press any key to go back")
    screen = t.screen()
    assert "Is it in cover?: yes: it keeps its position" in screen
    assert "Result: Sergeant 1 attacks Will; Will: out" in screen
    # Its attack from cover was its last action (R-1SS-S19): no activation to end.
    t.press(" ", MENU)
    t.key("C-c", "picks it up from there")
    t.wait("[exit 0]")

    # Resuming: the next OpFor fighter in order is walked first, the dice mode kept.
    t2 = term()
    t2.wait("Can Grunt 1 attack one of your fighters")
    t2.settle()
    assert "roll for you, or enter" not in t2.screen()
    t2.press("b", MENU)
    assert "Turn 1/8 · OpFor to activate" in t2.screen()
    assert "1) Grunt 1 (" in t2.screen().rsplit("OpFor to activate", 1)[1]
    t2.press("q", "picks it up from there")
    t2.wait("[exit 0]")
    log = run("log", "--game", "solo", "--json").json()["items"]
    kinds = [e["kind"] for e in log]
    assert kinds[-2:] == ["opfor", "attack"]
    attack = log[-1]
    assert attack["data"]["typed"] is True and attack["data"]["dice"] == [1, 1, 1]


def _enter_threes_until_result(t: Term, after: str) -> None:
    """Type a 3 for every die asked for, until the step's result shows after `after`."""
    deadline = time.monotonic() + WAIT
    while "Result:" not in t.screen().rsplit(after, 1)[1]:
        assert time.monotonic() < deadline, t.screen()[-3000:]
        before = t.count("? Roll D")
        t._tmux("send-keys", "-t", "t", "-l", "3")
        t._tmux("send-keys", "-t", "t", "Enter")
        end = time.monotonic() + 5
        while (
            time.monotonic() < end
            and t.count("? Roll D") <= before
            and "Result:" not in t.screen().rsplit(after, 1)[1]
        ):
            time.sleep(0.05)


@pytest.mark.parametrize(("cols", "rows"), [(80, 24), (120, 40)])
def test_the_last_result_stays_on_screen(run, term, home, cols, rows):
    """After an attack, without scrolling: whose activation it is, the attack's result,
    the active fighter and the menu; the whole trace and the board are one key away."""
    assert run("demo").code == 0
    assert run("turn", "--dice", "7,3").code == 0
    t = term("play", cols, rows)
    t.wait("roll for you, or enter")
    t.press("e", HINT)
    t.press("1", "Robyn is activating")
    t.settle()
    menu = t.screen().rsplit("Robyn is activating", 1)[1]
    key = re.search(r"(\w)\) Attack in melee", menu)
    assert key, menu
    t.press(key.group(1), "Robyn: Attack in melee — whom?")
    t.press("1", "Enter rolls")
    t.key("Enter", "Roll D")
    _enter_threes_until_result(t, "Robyn: Attack in melee — whom?")
    t.settle()
    shown = t.visible()
    lines = shown.rstrip("\n").splitlines()
    assert len(lines) <= rows
    assert "Result: Robyn attacks Cpt. Fawkes" in shown, shown
    assert "Melee attack: Robyn against Cpt. Fawkes" in shown, shown
    # An attack taken first is also the last action (R-1SS-P16): the other side is up.
    assert "Cpt. Fawkes' ragtags to activate" in "".join(lines), shown
    joined = " ".join(shown.split())
    assert "4 still to act" in shown and "q quit" in joined, shown
    # The menu is short: the fixed keys are in its question, the rarer entries behind m.
    assert "m: more" in joined and "v) Victory points" not in shown
    assert "…" not in shown
    assert not any(len(line) > cols for line in lines)
    # The whole trace: every step with its look-up link, then back to the same screen.
    t.press("k", "Press any key to go back")
    assert "rules: " in t.visible()
    t.press(" ", HINT)
    t.settle()
    assert "Result: Robyn attacks Cpt. Fawkes" in t.visible()
    # The board, one key away, then back.
    t.press("s", "Press any key to go back")
    board = t.visible()
    # All of it on screen, the first side's heading as well as the last fighter.
    assert "Robyn's merry men — VP 0" in board and "Frogger with rifle" in board, board
    t.press(" ", HINT)
    t.press("q", "[exit 0]")
