"""Drive `companion play` in a pseudo-terminal at 80x24 and count the inputs given.

Every wait is bounded: a prompt that does not come within `DEADLINE` seconds, a screen
the driver cannot read, or a step that keeps asking raises `Stuck` with the screen, so a
run ends with the screen it stopped at instead of hanging.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from bench.common import env_for
from tests.ptydrive import PtyProcess, companion

DEADLINE = 30.0  # seconds for one prompt to come and the screen to settle
QUIET = 0.25  # seconds of no output after a prompt shows before it is read
MAX_ANSWERS = 12  # questions one step may ask before the driver calls it stuck
ITEM = re.compile(r"^\s*(?:» )?(\S)\) (.*)$", re.M)
SHOT = re.compile(r"\?Does.*?shoot\(")  # the chosen fact: a shot, or melee


class Stuck(Exception):
    """play showed a screen the driver has no answer for, or no prompt in time."""


@dataclass(frozen=True)
class Prompt:
    """The last question on screen: its text squashed (the terminal wraps it
    anywhere), its menu entries (key, label) and which kind of prompt it is."""

    text: str
    flat: str
    items: tuple[tuple[str, str], ...]

    @property
    def main(self) -> bool:
        return "whatnow?" in self.flat

    @property
    def question(self) -> str:
        """The main menu's question before "what now?", squashed."""
        at = self.flat.find("whatnow?")
        return self.flat[:at] if at >= 0 else ""

    def key(self, label: str) -> str | None:
        """The key of the first entry whose label starts with `label`."""
        return next((k for k, text in self.items if text.startswith(label)), None)


def flat(text: str) -> str:
    """Text without any white space: a terminal wraps a line at any character."""
    return re.sub(r"\s+", "", text)


def parse(screen: str) -> Prompt:
    text = "\n" + screen.replace("\r", "")
    # A question starts a line with "? "; a wrapped hint's "? (" does not start one.
    starts = [m.start() for m in re.finditer(r"\n\? (?!\()", text)]
    q = text[starts[-1] + 1 :] if starts else ""
    return Prompt(q, flat(q), tuple(ITEM.findall(q)))


# Typed questions the driver answers, by a squashed piece of their text: a distance
# or a move's length gets 3 (inches or steps), one with a said default gets Enter.
TYPED = (("(Enter:", "\r"), ("Howfar", "3\r"), ("Distance", "3\r"), ("inches)?", "3\r"))


def usual_answer(p: Prompt) -> str:
    """The answer a player gives when nothing unusual happens: Enter on the
    confirming screen, yes to a y/n question, 'yes' to whether a charge reached,
    'no' (melee) to whether an attack is a shot, the first fighter to whom, and
    the first entry of any other menu; a typed question by its kind."""
    f = p.flat
    if "Enterrolls" in f:
        return "\r"
    if "(y/N)" in f or "(Y/n)" in f:
        return "y"
    if "(pressakey" in f:
        if SHOT.match(f) and "n" in dict(p.items):
            return "n"
        keys = [k for k, label in p.items if label not in ("Back", "Nobody")]
        if keys:
            return keys[0]
        raise Stuck(f"a menu with no entry to take:\n{p.text}")
    for piece, typed in TYPED:
        if piece in f:
            return typed
    raise Stuck(f"a question the driver has no answer for:\n{p.text}")


class Player:
    """One `play` session in a pseudo-terminal, with every input counted."""

    def __init__(self, home: Path, seed: int | None = None) -> None:
        env = env_for(home, TERM="xterm-256color", COLUMNS="80", LINES="24")
        # Seeded digital dice: the same run counts the same inputs.
        args = ("play",) if seed is None else ("play", "--seed", str(seed))
        self.p = PtyProcess(companion(*args), env, cols=80, rows=24)
        self.inputs = 0
        self.mark = 0
        self.log: list[str] = []
        # A squashed text that, once printed, ends `answer_until_main` early (the OpFor's
        # walks, which follow the player's last activation by themselves).
        self.stop_at = ""

    def screen(self) -> str:
        """What was printed since the last input (all of it before the first)."""
        return self.p.text[self.mark :]

    def prompt(self) -> Prompt:
        return parse(self.screen())

    def waiting(self) -> bool:
        """Whether a prompt waits for an answer: a menu shows its hint, a typed
        question keeps the cursor on its line (an answered one is followed by a new line)."""
        p = self.prompt()
        return bool(p.text) and (
            "(uundo" in p.flat or "(pressakey" in p.flat or not self.p.text.endswith("\n")
        )

    def settle(self) -> Prompt:
        """Wait until a prompt waits and the screen is still; `Stuck` after DEADLINE."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            last = len(self.p.buffer)
            self.p.read_for(QUIET)
            if len(self.p.buffer) == last and self.waiting():
                return self.prompt()
            if self.exited():
                raise Stuck(f"play ended:\n{self.tail()}")
        raise Stuck(f"no prompt within {DEADLINE:g}s:\n{self.tail()}")

    def exited(self) -> bool:
        try:
            pid, _ = os.waitpid(self.p.pid, os.WNOHANG)
        except ChildProcessError:
            return True
        return pid != 0

    def send(self, keys: str) -> Prompt:
        self.log.append(f"{keys!r} to {self.prompt().flat[:90]}")
        self.mark = len(self.p.text)
        self.p.send(keys)
        self.inputs += 1
        return self.settle()

    def answer_until_main(self) -> Prompt:
        """Give the usual answer to what the step asks until the main menu is back."""
        for _ in range(MAX_ANSWERS):
            p = self.prompt()
            if p.main or "Gameover" in p.flat:
                return p
            if self.stop_at and self.stop_at in flat(self.screen()):
                return p
            self.send(usual_answer(p))
        raise Stuck(f"no main menu after {MAX_ANSWERS} answers:\n{self.tail()}")

    def tail(self) -> str:
        return self.p.text[-1800:]

    def close(self) -> None:
        self.p.kill()
