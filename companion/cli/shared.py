"""What every command shares, without Typer: opening the game, dice, finding fighters,
recording an outcome, and output.

The quick path of the table commands (`companion.cli.quick`) runs them without
importing Typer, so nothing here may import it; the Typer options live in `common`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from companion import TYPE_CHECKING
from companion.cli.opening import drawn_board as drawn_board
from companion.cli.opening import open_home as open_home
from companion.dice import (
    DiceRequest,
    DiceSource,
    LineDice,
    SeededDice,
    TypedDice,
    parse_dice_list,
)
from companion.errors import UsageError
from companion.game.events import Event
from companion.game.state import FighterState, GameState
from companion.names import match
from companion.numbers import is_whole, shown, whole_number
from companion.render.plain import print_json as print_json
from companion.systems.base import Outcome

if TYPE_CHECKING:  # the game layer is loaded by the commands that open a game
    from typing import Any

    from companion.game.repo import GameFile


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def read_dice_line(prompt: str) -> str:
    """One line of dice from the player on the terminal (questionary is imported only
    here)."""
    import questionary

    answer = questionary.text(prompt).ask()
    if answer is None:
        raise UsageError("cancelled; nothing was written")
    return str(answer)


def complain(message: str) -> None:
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


def ask_die(request: DiceRequest, index: int) -> int:
    """Ask the player for one die on the terminal (more typed on the line are refused
    by the roll that does not use them)."""
    return LineDice(read_dice_line, complain)(request, index)


def dice_source(dice: str | None, seed: int | None) -> DiceSource:
    if dice is not None and seed is not None:
        raise UsageError("give either --dice (rolled by hand) or --seed (digital), not both")
    if dice is not None:
        # At a terminal the dice still missing are asked for, several on a line if need be.
        ask = LineDice(read_dice_line, complain) if interactive() else None
        return TypedDice(parse_dice_list(dice), ask)
    return SeededDice(seed)


@contextmanager
def writing_game(game: str | None) -> Iterator[GameFile]:
    """Open a game for one change, under the home lock; the caller commits."""
    home = open_home()
    with home.writing():
        yield home.open_game(game)


@contextmanager
def reading_game(game: str | None) -> Iterator[GameFile]:
    home = open_home()
    with home.reading():
        yield home.open_game(game)


def commit(gf: GameFile, outcome: Outcome, dice: DiceSource | None = None) -> Event:
    """Record an outcome as one event and write the game once."""
    from companion.game.repo import append_outcome

    event = append_outcome(gf, outcome, dice)
    gf.db.commit()
    return event


def typed_value(text: str, what: str = "the value") -> Any:
    """A value typed on the command line (`--opt`, `--flag`): yes/true and no/false become
    booleans, a whole number an int (refused, naming `what`, if it has too many digits),
    anything else stays text."""
    v = text.strip()
    if v.lower() in ("true", "yes"):
        return True
    if v.lower() in ("false", "no"):
        return False
    if is_whole(v):
        return whole_number(v, what)
    if v.lstrip("+-").isdigit():  # '²' or '٣': digits to str.isdigit, not to int()
        raise UsageError(f"{what} must be written with the digits 0-9, not {shown(v)}")
    return v


def console() -> Any:
    from companion.render.console import make_console

    return make_console()


def find_fighter(
    state: GameState, name: str, in_play: bool = True, acting: bool = True
) -> FighterState:
    """A fighter by exact name, unique name prefix or id, case-insensitively.

    When the command needs a fighter in play (`in_play`), a prefix that begins several
    names picks the only one still in play; for the fighter that acts (`acting`) the one
    activating now comes first, for a target the others."""
    prefer: tuple[Callable[[FighterState], bool], ...] = ()
    if in_play and acting:
        prefer = (lambda f: f.id == state.active, lambda f: not f.out)
    elif in_play:
        prefer = (lambda f: not f.out and f.id != state.active, lambda f: not f.out)
    try:
        return match(name, state.fighters, lambda f: f.name, "fighter", prefer)
    except UsageError:
        by_id = [f for f in state.fighters if f.id == name.strip().casefold()]
        if by_id:
            return by_id[0]
        raise


def find_side(state: GameState, name: str) -> int:
    if is_whole(name):
        return whole_number(name, "the side number", 1, len(state.sides)) - 1
    s = match(name, list(enumerate(state.sides)), lambda p: p[1].name, "side")
    return s[0]


def report(gf: GameFile, event: Event, as_json: bool, announcements: tuple[str, ...] = ()) -> None:
    """Print what a change did: its trace (if any) and summary, or the event as JSON."""
    if as_json:
        print_json(
            {
                "event": event.to_dict(),
                "index": gf.count,
                "announcements": list(announcements),
            }
        )
        return
    if not event.trace:
        from companion.render import plain

        if not announcements and plain.fits(event.summary):  # the usual one short line
            plain.write(event.summary)
            return
        from companion.render.styled import emit

        # As Rich would print it (wrapped at its words), without loading Rich.
        lines = [[(event.summary, "")], *([(a, "bold magenta")] for a in announcements)]
        if all(plain.literal(t) for t in (event.summary, *announcements)) and emit(lines):
            return
    if event.trace:
        from companion.render.trace_print import print_trace
        from companion.trace import Trace

        print_trace(Trace.from_dict(event.trace), gf.system, announcements)
        return
    c = console()
    c.print(event.summary)
    for a in announcements:
        c.print(a, style="bold magenta")


def run_outcome(gf: GameFile, outcome: Outcome, as_json: bool, dice: Any = None) -> None:
    event = commit(gf, outcome, dice)
    announcements = outcome.announcements
    if gf.state.options.get("solo") and gf.state.phase != "ended":
        # A solo scenario is won or lost the moment its objectives say so.
        from companion import systems

        solo = systems.get(gf.system).solo
        end = solo.end_if_decided(gf.state) if solo is not None else None
        if end is not None:
            commit(gf, end)
            announcements += end.announcements
    report(gf, event, as_json, announcements)
