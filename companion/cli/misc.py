"""Stand-alone commands: systems, roll, demo, info.

Declared once at the end (`companion.cli.declare`), without Typer: `roll` is a table
command, parsed by the quick path when its command line is well formed.
"""

from __future__ import annotations

import os
import sys

from companion import TYPE_CHECKING, systems
from companion.cli.declare import DICE, JSON, SEED, Command, add_commands, arg, switch
from companion.cli.shared import console, dice_source, print_json
from companion.errors import UsageError

if TYPE_CHECKING:
    from typing import Any

SAMPLE_GAME = "sample"


def systems_cmd(as_json: bool) -> None:
    rows: list[dict[str, Any]] = []
    for s in systems.all_systems():
        i = s.info
        rows.append(
            {
                "id": i.id,
                "name": i.name,
                "aliases": list(i.aliases),
                "dice": i.dice,
                "board": i.board,
                "length": i.length,
            }
        )
    if as_json:
        print_json(rows)
        return
    from companion.render.grid import Grid, show

    cells = tuple((r["id"], r["name"], r["dice"], r["board"], r["length"]) for r in rows)
    show([Grid(("id", "name", "dice", "board", "game length"), cells, title="Rule systems")])


def roll(notation: str, dice: str | None, seed: int | None, as_json: bool) -> None:
    from companion import odds
    from companion.core.check import Check
    from companion.core.roller import DiceRoller
    from companion.dice import parse_notation

    n = parse_notation(notation)
    src = dice_source(dice, seed)
    roller = DiceRoller(src)
    said = str(n)
    roller.check(Check(said, "you", n.sides, n.count, n.keep, n.keep_n, purpose=said))
    r = roller.steps[-1].roll
    assert r is not None
    src.finish()
    total = r.value + n.modifier
    result = {
        "notation": str(n),
        "dice": list(r.dice),
        "kept": [r.dice[i] for i in r.kept],
        "modifier": n.modifier,
        "total": total,
    }
    said = ""
    try:
        dist = odds.pool(n.count, n.sides, n.keep, n.keep_n)
    except odds.TooLargeError as e:
        result["odds_skipped"] = str(e)
    else:
        from companion.schemas import exact

        at_least = odds.chance(dist, ">=", total, n.modifier)
        at_most = odds.chance(dist, "<=", total, n.modifier)
        mean = odds.expected(dist) + n.modifier
        result["expected"] = exact(mean)
        result["p_at_least"] = exact(at_least)
        result["p_at_most"] = exact(at_most)
        said = f"average {round(float(mean), 4)}; chance of {total} or more {odds.fmt(at_least)}, "
        said += f"of {total} or less {odds.fmt(at_most)}"
    if as_json:
        print_json(result)
        return
    line: list[tuple[str, str]] = [(f"{n}: ", "")]
    for j, v in enumerate(r.dice):
        line.append(((" " if j else "") + str(v), "bold" if j in r.kept else "dim strike"))
    if n.keep:
        line.append((f"  keep {'highest' if n.keep == 'h' else 'lowest'} {n.keep_n}", ""))
    if n.modifier:
        line.append((f"  {n.modifier:+d}", ""))
    line.append((f"  = {total}", "bold"))
    if "expected" in result:
        below = f"{said[:1].upper()}{said[1:]}."
    else:
        below = f"No exact odds: {result['odds_skipped']}."
    from companion.render import plain
    from companion.render.styled import emit

    # Printed as Rich prints it (wrapped at its words), without loading Rich.
    if plain.literal(below) and emit([line, [(below, "dim")]]):
        return
    from rich.text import Text

    t = Text()
    for text, style in line:
        t.append(text, style=style or None)
    c = console()
    c.print(t)
    c.print(below, style="dim")


def demo(fresh: bool, as_json: bool) -> None:
    from companion.cli.games import sample_rosters, show_board
    from companion.cli.shared import open_home
    from companion.roster import roster_key

    sys_ = systems.get(systems.DEFAULT)
    home = open_home()
    with home.writing(batch=True):
        db = home.rosters_db()
        samples = sample_rosters(home, db, sys_)
        db.commit()
        # Whatever the sample game left (a file, or a backup and events without it) is
        # opened, so a damaged one is reported with its repair, never overwritten.
        exists = os.path.lexists(home.game_path(SAMPLE_GAME)) or bool(home.leftovers(SAMPLE_GAME))
        kept = None
        if exists and fresh:
            from companion.cli.deleted import keep_game

            kept = keep_game(
                home, SAMPLE_GAME
            )  # a copy 'companion game restore sample' brings back
            exists = False
        if exists:
            gf = home.open_game(SAMPLE_GAME)
        else:
            gf = home.create_game(
                SAMPLE_GAME,
                sys_.new_game(samples, "training", {}),
                [roster_key(r) for r in samples],
            )
            gf.db.commit()
        home.set_setting("current", gf.name)
    if not as_json:
        verb = "Resumed" if exists else "Set up"
        if fresh and kept is not None:
            sys.stdout.write(
                f"The played sample game is kept as {kept.name}: 'companion game restore "
                f"{SAMPLE_GAME}' brings it back.\n"
            )
        if gf.state.phase == "ended":
            after = f"It is over ({gf.state.result}); 'companion demo --fresh' starts it again."
        elif gf.state.turn:
            after = f"It is turn {gf.state.turn}; 'companion status' shows whose go it is."
        else:
            after = "Next: 'companion turn' rolls initiative; 'companion --help' lists commands."
        sys.stdout.write(
            f"{verb} the sample game '{gf.name}': the 1 Stat Skirmish training mission. {after}\n"
        )
        sys.stdout.flush()
    show_board(gf, as_json)


# The libraries whose versions `info` prints (what a bug report needs).
LIBRARIES = ("typer", "rich", "questionary", "tinydb", "platformdirs", "rapidfuzz")


def info(as_json: bool) -> None:
    import platform
    from importlib import metadata

    from companion import __version__
    from companion.data import cache_dir, data_dir
    from companion.game.store import default_home

    def version(name: str) -> str | None:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return None

    cache = cache_dir()
    libraries = {name: version(name) for name in LIBRARIES}
    found: dict[str, Any] = {
        "version": __version__,
        "python": f"{platform.python_version()} ({sys.executable})",
        "data": str(default_home()),
        "data_from": "COMPANION_HOME" if _env("COMPANION_HOME") else "the default data folder",
        "cache": str(cache) if cache is not None else None,
        "rules_data": str(data_dir()),
        "systems": list(systems.ids()),
        "libraries": libraries,
    }
    if as_json:
        print_json(found)
        return
    out = [
        f"companion {found['version']}",
        f"Python     {found['python']}",
        f"data       {found['data']}  (games, rosters, settings; from {found['data_from']})",
        f"cache      {found['cache'] or '(none: no home folder)'}  (safe to delete)",
        f"rules data {found['rules_data']}",
        f"systems    {', '.join(systems.ids())}",
        "libraries  " + ", ".join(f"{k} {v or 'not installed'}" for k, v in libraries.items()),
    ]
    sys.stdout.write("\n".join(out) + "\n")


def _env(name: str) -> str:
    import os

    return os.environ.get(name, "").strip()


COMMANDS = (
    Command(
        "systems",
        f"{__name__}:systems_cmd",
        """List the rule systems companion knows.

        Example: companion systems --json
        """,
        (JSON,),
    ),
    Command(
        "roll",
        f"{__name__}:roll",
        """Roll dice by notation and explain the result with its odds.

        kh/kl keep the highest/lowest dice (kh alone keeps one).

        Example: companion roll 3d8kl1 --seed 7
        """,
        (arg("notation", "Dice notation: 2d6, d10, 3d8kl1, 4d6kh3+1."), DICE, SEED, JSON),
    ),
    Command(
        "info",
        f"{__name__}:info",
        """Where companion keeps things, and which versions run: for a bug report.

        Prints the data folder (games, rosters, settings; COMPANION_HOME when set), the
        cache folder (under COMPANION_HOME too when it is set), the rules data, and the
        versions of companion, Python and the libraries it uses.

        Example: companion info
        """,
        (JSON,),
    ),
    Command(
        "demo",
        f"{__name__}:demo",
        """Set up the ready-made sample game (the 1ss training mission) and show the board.

        Creates the two sample warbands if they are missing. Then try:
        companion turn, companion activate Robyn, companion log.

        Example: companion demo
        """,
        (
            switch("fresh", "Start the sample game over.", default=False),
            JSON,
        ),
    ),
)
QUICK = COMMANDS


def register(app: Any) -> None:
    add_commands(app, COMMANDS)


__all__ = ["register", "UsageError"]
