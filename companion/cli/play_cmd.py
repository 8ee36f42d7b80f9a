"""`companion play`: the guided table mode."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from companion import systems
from companion.cli.common import GameOpt, console
from companion.cli.shared import open_home
from companion.errors import NotFoundError, UsageError
from companion.game.repo import Home
from companion.roster import roster_key

NO_TTY = (
    "'companion play' needs a terminal to ask questions; in scripts use the one-shot "
    "commands (companion status, turn, activate, attack, recover, undo, log; see --help)"
)


def play(
    game: GameOpt = None,
    pick: Annotated[
        bool, typer.Option("--pick", help="Choose or start a game even if one is current.")
    ] = False,
    timing: Annotated[
        bool, typer.Option("--timing", help="Show how long each step takes (without input).")
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed the digital dice: the same seed and the same answers replay a session.",
        ),
    ] = None,
) -> None:
    """Play at the table in one guided session: it knows the phase and offers only legal moves.

    Shows the board, whose activation it is and what that fighter may do; asks of what
    only the table knows (range, cover, who is near) just what can change the outcome,
    with the chances on screen; rolls or takes your dice, and explains every roll. Undo,
    the whole trace, the board, rules look-up and quit are one key away, the rest behind
    'm'; quit or Ctrl-C leaves the game saved after the last finished step, and 'play'
    resumes there.

    Example: companion play
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(NO_TTY)
    from companion.play.loop import Loop
    from companion.play.session import Session
    from companion.play.ui import Prompter, Quit

    home = open_home()
    ui = Prompter()
    c = console()
    try:
        name = _pick_game(home, ui, game, pick)
    except Quit:
        c.print("Nothing was started.")
        return
    with home.writing():
        home.set_setting("current", name)
    Loop(Session(home, name), c, ui, timing=timing, seed=seed).run()


def _pick_game(home: Home, ui: object, game: str | None, pick: bool) -> str:
    from companion.play.ui import Item, Prompter, numbered

    assert isinstance(ui, Prompter)
    if game is not None:
        with home.reading():
            return home.resolve_game(game)
    if not pick:
        with home.reading():
            try:
                return home.resolve_game(None)
            except NotFoundError:
                pass
    with home.reading():
        names = home.game_names()
        current = home.current_game_name()
    labels = [(f"Resume '{n}'" + (" (current)" if n == current else ""), n) for n in names]
    items = numbered(labels, "ns") + [
        Item("n", "Start a new game from two rosters", "__new__"),
        Item("s", "Set up the sample game (1ss training mission)", "__sample__"),
    ]
    choice = ui.choose("Which game?", items)
    if choice == "__sample__":
        return _sample(home)
    if choice == "__new__":
        return _new_game(home, ui)
    return str(choice)


def _sample(home: Home) -> str:
    from companion.cli.misc import SAMPLE_GAME

    sys_ = systems.get(systems.DEFAULT)
    with home.writing():
        db = home.rosters_db()
        have = {r.name for r in home.rosters(db)}
        for r in sys_.sample_rosters():
            if r.name not in have:
                home.save_roster(db, r)
        db.commit()
        if not os.path.exists(home.game_path(SAMPLE_GAME)):
            samples = [home.find_roster(r.name, db) for r in sys_.sample_rosters()]
            gf = home.create_game(
                SAMPLE_GAME,
                sys_.new_game(samples, "training", {}),
                [roster_key(r) for r in samples],
            )
            gf.db.commit()
    return SAMPLE_GAME


def _new_game(home: Home, ui: object) -> str:
    from companion.cli.games import free_name
    from companion.play.ui import BACK, Prompter, numbered

    assert isinstance(ui, Prompter)
    with home.reading():
        rosters = home.rosters()
    by_system: dict[str, list[str]] = {}
    for r in rosters:
        by_system.setdefault(r.system, []).append(r.name)
    playable = {k: v for k, v in by_system.items() if v}
    if not playable:
        raise UsageError(
            "no rosters yet: create them with 'companion roster new' (or try 'companion demo')"
        )
    if len(playable) == 1:
        sid = next(iter(playable))
    else:
        sid = ui.choose(
            "Which rule system?",
            numbered([(systems.get(k).info.name, k) for k in playable], "b") + [BACK],
        )
    sys_ = systems.get(sid)
    names = playable[sid]
    first = ui.choose("Roster of side 1:", numbered([(n, n) for n in names], "b") + [BACK])
    second = ui.choose("Roster of side 2:", numbered([(n, n) for n in names], "b") + [BACK])
    scen = ui.choose(
        "Scenario:",
        numbered([(f"{s.label}: {s.summary}"[:90], s.id) for s in sys_.scenarios()], "b") + [BACK],
    )
    with home.reading():
        default = free_name(home, scen)
    name = ui.text("Name of the game:", default).strip() or default
    with home.writing():
        db = home.rosters_db()
        chosen = [home.find_roster(first, db), home.find_roster(second, db)]
        gf = home.create_game(
            name, sys_.new_game(chosen, scen, {}), [roster_key(r) for r in chosen]
        )
        gf.db.commit()
    return gf.name


def register(app: typer.Typer) -> None:
    app.command("play")(play)
