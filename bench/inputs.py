"""How many inputs a player gives `companion play` for an attack, a move and a whole
activation, in every system, counted in a real pseudo-terminal at 80x24.

    python bench/inputs.py            # a table of medians per system
    python bench/inputs.py --readme   # and write it into README.md's table

A scripted standard game of each system's sample warbands (digital dice) is played
through `play`: fighters activate in menu order, and each takes an attack when it has
one (else a move), then ends its activation when the activation is still open. An
input is one key that answers a prompt, or one typed line with its Enter. A prompt the
script has no answer for takes its usual answer (Enter, or the first entry). The goal:
an attack in at most 4 inputs (fighter, action, target, confirm) where the table has
nothing unusual to report. This counts; it does not time.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import ROOT, env_for, median, run  # noqa: E402
from tests.ptydrive import PtyProcess, companion  # noqa: E402

SYSTEMS = ("1ss", "warstuff", "skirmashed", "smbfat", "monochrome")
# A Charge rolls its move first and attacks as a step of its own (R-MON-P21): a
# Strike is the attack counted.
ATTACK = re.compile(r"(\S)\) (Attack|Strike|Shoot)\b")
MOVE = re.compile(r"(\S)\) (Move|Walk|Run)\b")
ITEM = re.compile(r"^\s*(?:» )?(\S)\) (.*)$", re.M)
QUIET = 0.6


@dataclass
class Counts:
    attack: list[int] = field(default_factory=list)
    move: list[int] = field(default_factory=list)
    activation: list[int] = field(default_factory=list)


class Player:
    """One `play` session in a pseudo-terminal, with every input counted."""

    def __init__(self, home: Path) -> None:
        env = env_for(home, TERM="xterm-256color", COLUMNS="80", LINES="24")
        self.p = PtyProcess(companion("play"), env, cols=80, rows=24)
        self.inputs = 0
        self.mark = 0

    def screen(self) -> str:
        """What was printed since the last input (all of it before the first)."""
        return self.p.text[self.mark :] if self.mark else self.p.text

    def settle(self) -> str:
        """Wait until a prompt waits for an answer (up to 30 s) and the screen is still."""
        for _ in range(300):
            last = len(self.p.text)
            self.p.read_for(QUIET)
            if len(self.p.text) == last and self.waiting():
                break
        return self.screen()

    def waiting(self) -> bool:
        """Whether the last prompt is one not answered yet: a menu shows its hint, a
        typed question keeps the cursor on its line (an answered one is followed by a
        new line)."""
        q = self.prompt()
        flat = _flat(q)
        return bool(q) and (
            "(uundo" in flat or "(pressakey" in flat or not self.p.text.endswith("\n")
        )

    def send(self, keys: str) -> str:
        self.mark = len(self.p.text)
        self.p.send(keys)
        self.inputs += 1
        return self.settle()

    def prompt(self) -> str:
        """The last question on screen ("? ..."), with the lines under it."""
        text = "\n" + self.screen().replace("\r", "")
        # A question starts a line with "? "; a wrapped hint's "? (" does not start one.
        starts = [m.start() for m in re.finditer(r"\n\? (?!\()", text)]
        return text[starts[-1] + 1 :] if starts else ""

    def question(self) -> str:
        """The main menu's question, squashed (the terminal wraps it anywhere)."""
        flat = _flat(self.prompt())
        at = flat.find("whatnow?")
        return flat[:at] if at >= 0 else ""

    def answer_until_menu(self) -> None:
        """Answer what the step asks until the main menu is back: Enter on the
        confirming screen and on a typed question, the first entry of any other menu."""
        for _ in range(20):
            q = self.prompt()
            flat = _flat(q)
            if "whatnow?" in flat or "Gameover" in flat:
                return
            if "Enterrolls" in flat:
                self.send("\r")
            elif "(y/N)" in flat or "(Y/n)" in flat:
                self.send("y")
            elif "(pressakey" in flat:
                items = ITEM.findall(q)
                self.send(items[0][0] if items else "\r")
            else:
                self.send("3\r")
        raise RuntimeError(f"no main menu came back:\n{self.p.text[-1500:]}")

    def close(self) -> None:
        self.p.kill()


def _flat(text: str) -> str:
    """Text without any white space: a terminal wraps a line at any character."""
    return re.sub(r"\s+", "", text)


def one_system(sid: str, activations: int) -> Counts:
    counts = Counts()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        if sid == "1ss":
            run(home, "demo")
        else:
            run(home, "game", "new", "--system", sid, "--seed", "1", "--name", "bench")
        run(home, "turn", "--seed", "1")
        pl = Player(home)
        try:
            pl.p.expect("roll for you, or enter", 20)
            pl.settle()
            pl.send("r")
            for n in range(activations):
                menu = pl.prompt()
                if "Gameover" in _flat(menu):
                    break
                if "toactivate" not in pl.question():
                    # Upkeep, or a side with no one left to choose: the next turn.
                    pl.send("n" if "upkeep" in pl.question() else "t")
                    pl.answer_until_menu()
                    continue
                start = pl.inputs
                pl.send("1")
                # Every other fighter moves first; each attacks when it can.
                order = ("move", "attack") if n % 2 else ("attack", "move")
                done: set[str] = set()
                for kind in order * 2:
                    if kind in done or "isactivating" not in pl.question():
                        continue
                    found = (ATTACK if kind == "attack" else MOVE).search(pl.prompt())
                    if found is None:
                        continue
                    # An action counts the fighter's choice too: fighter, action, ...
                    before = pl.inputs - (1 if not done else 0)
                    pl.send(found.group(1))
                    if "whom?" in _flat(pl.prompt()):
                        choices = [
                            k for k, label in ITEM.findall(pl.prompt()) if label != "No target"
                        ]
                        pl.send(choices[0])
                    pl.answer_until_menu()
                    getattr(counts, kind).append(pl.inputs - before)
                    done.add(kind)
                if "isactivating" in pl.question():
                    pl.send("e")
                    pl.answer_until_menu()
                counts.activation.append(pl.inputs - start)
        finally:
            pl.close()
    return counts


def table(results: dict[str, Counts]) -> str:
    def fig(xs: list[int]) -> str:
        return f"{median(xs):g}" if xs else "–"

    rows = [
        "| System | Attack | Move | Activation |",
        "|---|---:|---:|---:|",
    ]
    for sid, c in results.items():
        rows.append(f"| {sid} | {fig(c.attack)} | {fig(c.move)} | {fig(c.activation)} |")
    return "\n".join(rows)


MARK = "<!-- input table: written by bench/inputs.py --readme -->"


def write_readme(text: str) -> None:
    readme = ROOT / "README.md"
    body = readme.read_text()
    start = body.index(MARK)
    end = body.index("\n\n", start + len(MARK) + 1)
    readme.write_text(body[:start] + MARK + "\n" + text + body[end:])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--activations", type=int, default=8, help="activations per system")
    ap.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = ap.parse_args()
    results = {sid: one_system(sid, args.activations) for sid in SYSTEMS}
    text = table(results)
    print("Median inputs in `companion play` (digital dice, 80x24):\n")
    print(text)
    if args.readme:
        write_readme(text)
    over = [sid for sid, c in results.items() if c.attack and median(c.attack) > 4]
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
