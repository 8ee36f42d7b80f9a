"""A crawler through play's real loop: long seeded random games in every system.

A prompter that answers every screen at random (menus, yes/no, numbers, lists) drives
`Loop.one_pass`, the pass a player's key presses drive, in two-player games of every
system and in 1ss solo games. After every step: no exception escaped, no choice play
offered was refused, the game file replays to the state play shows, and every line
play printed fits 80 columns.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from solo_helpers import solo_game

from companion import systems
from companion.cli.shared import drawn_board
from companion.dice import SeededDice
from companion.errors import CompanionError
from companion.game.repo import Home, event_for
from companion.play.loop import Loop
from companion.play.session import Session
from companion.play.ui import BACK, Back, Prompter

# Keys a crawler leaves alone: quit, the report, ending the game, the whole board and
# trace and the rules (they only show), undo (the tracker's own tests hold it exact).
SKIP = {"q", "w", "x", "s", "k", "?", "u", "d"}
WIDTH = 80


class Crawling(Prompter):
    """Answers every prompt play shows at random, from what the screen offers."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.screens = 0
        self.menus: set[str] = set()
        self.ended = False

    def choose(self, message: str, items: Any, instruction: str = "") -> Any:
        self.screens += 1
        self.menus.add(message.split(" — ")[0])
        shown = [it for it in items if it.key not in SKIP and it.value != BACK.value]
        if not shown or self.rng.random() < 0.03:
            raise Back()
        return self.rng.choice(shown).value

    def text(self, message: str, default: str = "", validate: Any = None) -> str:
        self.screens += 1
        assert "Roll D" not in message, f"digital dice: nothing is typed, yet asked {message!r}"
        if "VP" in message:
            return self.rng.choice(["+1", "0", "2"])
        return default or "1"

    def number(self, message: str, lo: int, hi: int, default: Any = None, check: Any = None) -> int:
        self.screens += 1
        if default is not None and self.rng.random() < 0.5:
            return int(default)
        # As a player would: another number until the field takes it.
        for _ in range(40):
            v = self.rng.randint(lo, min(hi, max(lo, 12)))
            if check is None or check(v) is None:
                return v
        return lo if default is None else int(default)

    def confirm(self, message: str, default: bool = False) -> bool:
        self.screens += 1
        return self.rng.random() < 0.3  # mostly "no": end a turn early only now and then

    def pause(self, message: str = "") -> None:
        pass

    def checkbox(self, message: str, labels: Any) -> list[Any]:
        self.screens += 1
        return [v for _, v in labels if self.rng.random() < 0.2]

    def search(self, message: str, labels: Any) -> Any:
        self.screens += 1
        return self.rng.choice([v for _, v in labels if v is not None])


def _new_game(sid: str, home: Home, seed: int) -> str:
    system = systems.get(sid)
    start = system.new_game(list(system.sample_rosters())[:2], system.default_scenario, {})
    gf = home.create_game(f"crawl-{seed}", start)
    setup = system.setup_roll(gf.state, SeededDice(seed))
    if setup is not None:
        gf.append(event_for(setup.kind, setup.summary, setup.changes, gf.state))
    gf.set_meta(dice_mode="roll")
    gf.db.commit()
    return gf.name


def crawl(tmp_path, sid: str, seed: int, steps: int, solo: str | None = None) -> Crawling:
    """Crawl a new game of `sid`'s samples, or the solo game named `solo` (current home)."""
    rng = random.Random(seed)
    if solo is not None:
        home = Home(draw=drawn_board)
        name = solo
    else:
        home = Home(tmp_path / f"{sid}-{seed}", draw=drawn_board)
        name = _new_game(sid, home, seed)
    out = io.StringIO()
    ui = Crawling(rng)
    loop = Loop(Session(home, name), Console(file=out, width=WIDTH, height=24), ui)
    loop.dice_mode = "roll"
    for step in range(steps):
        if loop.s.state.phase == "ended":
            break
        where = f"{sid}{'/' + solo if solo else ''} seed {seed} step {step}"
        before = len(loop.s.gf.raw_tail(10**6))
        try:
            loop.one_pass()
        except Back:
            pass
        except CompanionError as e:  # what play's own loop would show as a refusal
            pytest.fail(f"{where}: an offered choice was refused: {e}")
        for notice in loop.notice:
            assert str(notice.style) != "bold red", f"{where}: refused: {notice.plain}"
        after = loop.s.gf
        # The file replays to what play shows: nothing lost, nothing doubled.
        assert Home(home.root, draw=drawn_board).open_game(name).state == loop.s.state, where
        assert len(after.raw_tail(10**6)) >= before, where
    for line in out.getvalue().splitlines():
        assert len(line) <= WIDTH, f"{sid}: a line wider than {WIDTH}: {line!r}"
        # Play's words name its keys, never a command to leave it for.
        assert "'companion " not in line and "--opt" not in line, f"{sid}: {line!r}"
    ui.ended = loop.s.state.phase == "ended"
    return ui


@pytest.mark.parametrize("sid", systems.ids())
def test_play_crawls_two_player_games_without_a_hitch(sid, tmp_path):
    screens = 0
    for seed in range(2):
        screens += crawl(tmp_path, sid, seed, 120).screens
    assert screens > 100


@pytest.mark.parametrize("scenario", ["skirmish", "collect", "rescue", "bounty"])
def test_play_crawls_solo_games_without_a_hitch(scenario, run, tmp_path):
    name = solo_game(run, tmp_path, scenario, 8)
    ui = crawl(tmp_path, "1ss", 8, 150, name)
    # A solo game lost or won early is a whole game too.
    assert ui.screens > 40 or ui.ended
