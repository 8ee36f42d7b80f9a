"""A crawler through play's real loop, shared by the test suite and `bench/crawl.py`.

A prompter that answers every screen at random (menus, yes/no, numbers, lists) drives
`Loop.one_pass`, the pass a player's key presses drive. After every step: no exception
escaped, no choice play offered was refused, the game file replays to the state play
shows, nothing was lost, every line play printed fits 80 columns and names no command
to leave play for. With `same_path`, every action play resolved is taken again by the
plain command (`attack`/`act` with its facts as `--opt` and play's dice as `--dice`) on
a copy of the game as it stood before, and the events written must be the same.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from companion import systems
from companion.cli.main import main
from companion.cli.shared import drawn_board
from companion.dice import DiceSource, SeededDice
from companion.errors import CompanionError
from companion.game.repo import Home, event_for
from companion.play.loop import Loop
from companion.play.session import Session, StepResult
from companion.play.ui import BACK, Back, Prompter
from companion.systems.base import ActionRequest

# Keys a crawler leaves alone: quit, the report, ending the game, the whole board and
# trace and the rules (they only show), undo (the tracker's own tests hold it exact).
SKIP = {"q", "w", "x", "s", "k", "?", "u", "d"}
WIDTH = 80


class CrawlFailure(AssertionError):
    """An invariant broke; the message says where (system, seed, step) and what."""


class Crawling(Prompter):
    """Answers every prompt play shows at random, from what the screen offers."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.screens = 0
        self.menus: set[str] = set()
        self.ended = False
        self.steps = 0
        self.compared = 0
        self.revised = False  # this step took the last one back to change it

    def choose(self, message: str, items: Any, instruction: str = "") -> Any:
        self.screens += 1
        self.menus.add(message.split(" — ")[0])
        shown = [it for it in items if it.key not in SKIP and it.value != BACK.value]
        if not shown or self.rng.random() < 0.03:
            raise Back()
        picked = self.rng.choice(shown)
        # Changing what the last step took as usual takes it back and asks it again: a
        # move and the end of its activation may come back as a move that ends it alone.
        self.revised = self.revised or picked.label.startswith("Change what the last step")
        return picked.value

    def text(self, message: str, default: str = "", validate: Any = None) -> str:
        self.screens += 1
        if "Roll D" in message:
            raise CrawlFailure(f"digital dice: nothing is typed, yet asked {message!r}")
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


def new_game(sid: str, home: Home, seed: int) -> str:
    """A new game of the system's first two sample warbands, set up with digital dice."""
    system = systems.get(sid)
    start = system.new_game(list(system.sample_rosters())[:2], system.default_scenario, {})
    gf = home.create_game(f"crawl-{seed}", start)
    setup = system.setup_roll(gf.state, SeededDice(seed))
    if setup is not None:
        gf.append(event_for(setup.kind, setup.summary, setup.changes, gf.state))
    gf.set_meta(dice_mode="roll")
    gf.db.commit()
    return gf.name


@dataclass
class Taken:
    """One action play resolved: the request, its dice and the game as it stood before."""

    request: ActionRequest
    before: Path
    dice: tuple[int, ...] = ()
    events: list[dict[str, Any]] = field(default_factory=list)


def crawl(
    root: Path,
    sid: str,
    seed: int,
    steps: int,
    solo: str | None = None,
    same_path: bool = False,
    home: Home | None = None,
) -> Crawling:
    """Crawl a new game of `sid`'s samples under `root`, or the solo game named `solo`
    in `home`; raise `CrawlFailure` at the first broken invariant."""
    rng = random.Random(seed)
    if solo is not None:
        assert home is not None
        name = solo
    else:
        home = Home(root / f"{sid}-{seed}", draw=drawn_board)
        name = new_game(sid, home, seed)
    out = io.StringIO()
    ui = Crawling(rng)
    loop = Loop(Session(home, name), Console(file=out, width=WIDTH, height=24), ui)
    loop.dice_mode = "roll"
    taken: list[Taken] = []
    if same_path:
        _record(loop, home, taken, Path(tempfile.mkdtemp(dir=root)))
    for step in range(steps):
        if loop.s.state.phase == "ended":
            break
        where = f"{sid}{'/' + solo if solo else ''} seed {seed} step {step}"
        before = loop.s.gf.count
        ui.revised = False
        try:
            loop.one_pass()
        except Back:
            pass
        except CompanionError as e:  # what play's own loop would show as a refusal
            raise CrawlFailure(f"{where}: an offered choice was refused: {e}") from e
        ui.steps += 1
        for notice in loop.notice:
            if str(notice.style) == "bold red":
                raise CrawlFailure(f"{where}: refused: {notice.plain}")
        # The file replays to what play shows: nothing lost, nothing doubled.
        if Home(home.root, draw=drawn_board).open_game(name).state != loop.s.state:
            raise CrawlFailure(f"{where}: the file does not replay to the state play shows")
        if loop.s.gf.count < before and not _undone(ui):
            raise CrawlFailure(f"{where}: events were lost ({before} before, {loop.s.gf.count})")
        for t in taken:
            _same_as_command(t, name, where)
            ui.compared += 1
        taken.clear()
    for line in out.getvalue().splitlines():
        if len(line) > WIDTH:
            raise CrawlFailure(f"{sid}: a line wider than {WIDTH}: {line!r}")
        # Play's words name its keys, never a command to leave it for.
        if "'companion " in line or "--opt" in line:
            raise CrawlFailure(f"{sid}: play names a command: {line!r}")
    ui.ended = loop.s.state.phase == "ended"
    return ui


def _undone(ui: Crawling) -> bool:
    # The crawler never presses undo (see SKIP); a change of the last step takes it back.
    return ui.revised


def _record(loop: Loop, home: Home, taken: list[Taken], scratch: Path) -> None:
    """Keep, for each action, activation and end of activation play takes, a copy of
    the game as it stood before, to take it again by the plain command."""
    session = loop.s

    def keeping(method: str, request: Any) -> Any:
        original = getattr(session, method)

        def step(*args: Any) -> StepResult:
            copy = scratch / f"before-{len(os.listdir(scratch))}"
            shutil.copytree(home.root, copy)
            first = session.gf.count
            res: StepResult = original(*args)
            dice = next((a for a in args if isinstance(a, DiceSource)), None)
            written = session.gf.raw_tail(session.gf.count - first)
            values = dice.all_values if dice is not None else ()
            taken.append(Taken(request(*args), copy, values, written))
            return res

        return step

    session.resolve = keeping("resolve", lambda r, d: r)  # type: ignore[method-assign]
    session.activate = keeping(  # type: ignore[method-assign]
        "activate", lambda fid: ActionRequest("activate", fid)
    )
    session.end_activation = keeping(  # type: ignore[method-assign]
        "end_activation", lambda d=None: ActionRequest("done", "")
    )


def command_for(request: ActionRequest, state: Any) -> list[str]:
    """The plain command that takes `request`: its facts as --opt, ids for fighters."""
    if request.action == "done":
        return ["done"]
    actor = state.fighter(request.actor).name
    if request.action == "activate":
        return ["activate", actor]
    target = [state.fighter(request.target).name] if request.target else []
    if request.action == "attack":
        args = ["attack", actor, *target]
    else:
        args = ["act", actor, request.action, *target]
    for key, value in request.options.items():
        args += ["--opt", f"{key}={_said(value)}"]
    return args


def _said(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ",".join(str(v) for v in value)
    return str(value)


def _same_as_command(t: Taken, name: str, where: str) -> None:
    """The plain command, on the game as it stood, with play's dice, writes what play did."""
    state = Home(t.before, draw=drawn_board).open_game(name).state
    args = [*command_for(t.request, state), "--game", name]
    if t.dice:
        args += ["--dice", ",".join(map(str, t.dice))]
    code, err = _run_in(t.before, args)
    if code != 0:
        raise CrawlFailure(f"{where}: play took {t.request}, but {args} refused: {err}")
    gf = Home(t.before, draw=drawn_board).open_game(name)
    mine = gf.raw_tail(len(t.events))
    for a, b in zip(t.events, mine, strict=True):
        if _essence(a) != _essence(b):
            raise CrawlFailure(
                f"{where}: play and {args} wrote different events:\n{_essence(a)}\n{_essence(b)}"
            )
    shutil.rmtree(t.before, ignore_errors=True)


def _essence(event: dict[str, Any]) -> tuple[Any, ...]:
    """What an event records of the game: kind, summary and changes (not when, nor how
    the dice were given)."""
    return (event["kind"], event["summary"], event["changes"])


def _run_in(root: Path, args: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    old = os.environ.get("COMPANION_HOME")
    os.environ["COMPANION_HOME"] = str(root)
    code = 0
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            main(args)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        if old is None:
            os.environ.pop("COMPANION_HOME", None)
        else:
            os.environ["COMPANION_HOME"] = old
    return code, err.getvalue()


@contextlib.contextmanager
def scratch_dir() -> Iterator[Path]:
    d = Path(tempfile.mkdtemp())
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)
