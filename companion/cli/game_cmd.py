"""`companion game ...`: start, list, show, switch, end, repair and delete games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from companion import systems
from companion.cli import game_share, game_view
from companion.cli.common import DiceOpt, JsonOpt, SeedOpt, console, print_json
from companion.cli.complete import completer
from companion.cli.declare import add_commands
from companion.cli.deleted import ListOpt, WhenOpt, listed
from companion.cli.game_view import scenario_name
from companion.cli.games import free_name, sample_rosters, show_board
from companion.cli.shared import commit, dice_source, open_home
from companion.errors import RefusedError, UsageError
from companion.game.repair import Repair
from companion.game.repo import end_event
from companion.names import check_name, match
from companion.roster import roster_key
from companion.systems.kit.facts import parse_pairs

app = typer.Typer(
    help="Start, list, show, switch, end, repair and delete games.\n\n"
    "Example: companion game new --roster Robyn --roster Cpt --scenario training",
    no_args_is_help=True,
)

GameArg = Annotated[
    str | None,
    typer.Argument(help="Game name (default: the current game).", autocompletion=completer("game")),
]


@app.command("new")
def new(
    roster: Annotated[
        list[str] | None,
        typer.Option(
            "--roster",
            "-r",
            help="A roster per side (two for a duel, one with --solo).",
            autocompletion=completer("roster"),
        ),
    ] = None,
    system: Annotated[
        str | None,
        typer.Option(
            "--system",
            help="Without --roster: play this system's two sample warbands.",
            autocompletion=completer("system"),
        ),
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option(
            "--scenario",
            "-s",
            help="Scenario id (default: the system's first, e.g. training).",
            autocompletion=completer("scenario"),
        ),
    ] = None,
    name: Annotated[
        str | None, typer.Option(help="Name of the game (default: from the scenario).")
    ] = None,
    solo: Annotated[bool, typer.Option(help="Solo play against the OpFor.")] = False,
    profile: Annotated[
        str | None, typer.Option("--profile", help="OpFor profile for --solo.")
    ] = None,
    opt: Annotated[
        list[str] | None,
        typer.Option(
            "--opt", help="A game option of the system, KEY=VALUE (repeatable; see 'rules show')."
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Start even with rosters that break the warband rules (house rules)."
        ),
    ] = False,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start a game from rosters and a scenario, and make it the current game.

    Systems that roll at set-up (who deploys first, a scenario) roll now: give the dice
    you rolled with --dice, or --seed for digital dice you can replay.

    Example: companion game new -r "Robyn" -r "Cpt" --scenario training --name first
    """
    roster = list(roster or [])
    if name is not None:
        name = check_name(name, "a game name")
    if solo:
        # Solo set-up rolls spawnpoints and the first spawn: it lives with the solo commands.
        from companion.cli.solo_cmd import start_solo

        if len(roster) != 1:
            raise UsageError("a solo game takes one roster (yours); the OpFor comes from --profile")
        solo_scenario = scenario
        start_solo(roster[0], profile, solo_scenario, None, None, name, None, None, None, as_json)
        return
    home = open_home()
    with home.writing(batch=True):  # the game and the setting naming it current, together
        db = home.rosters_db()
        if not roster and system is None:
            raise UsageError(
                "give a roster per side with --roster, or --system ID to play that system's "
                "sample warbands"
            )
        rosters = (
            [home.find_roster(r, db) for r in roster]
            if roster
            else sample_rosters(home, db, systems.get(system or ""))
        )
        if system is not None and roster:
            wanted = systems.resolve_id(system)
            for r in rosters:
                if r.system != wanted:
                    raise UsageError(f"'{r.name}' is a {r.system} roster, not {wanted}")
        system_ids = {r.system for r in rosters}
        if len(system_ids) != 1:
            raise UsageError(
                f"the rosters play different systems ({', '.join(sorted(system_ids))})"
            )
        sys_ = systems.get(rosters[0].system)
        scenario = scenario or sys_.default_scenario
        options = sys_.accept_game_options(parse_pairs(opt))
        if force:  # the system records what the house rules allow (1ss: R-1SS-P21)
            options["force"] = True
        state = sys_.new_game(rosters, scenario, options)
        src = dice_source(dice, seed)
        setup = sys_.setup_roll(state, src)
        base = name or scenario
        game_name = name or free_name(home, base)
        gf = home.create_game(game_name, state, [roster_key(r) for r in rosters])
        if setup is not None:
            commit(gf, setup, src)
        else:
            gf.db.commit()
        db.commit()  # the sample warbands it plays, if it added them
        home.set_setting("current", gf.name)
    if setup is not None and setup.trace is not None and not as_json:
        from companion.render.trace_view import render_trace

        render_trace(console(), setup.trace)
    if not as_json:
        typer.echo(
            f"Started game '{gf.name}' ({sys_.info.name}, {scenario_name(sys_.info.id, scenario)});"
            " it is now current."
        )
    show_board(gf, as_json)


# Reading games takes the quick path: declared where Typer is not loaded (in help order).
add_commands(app, game_view.COMMANDS[:1])


@app.command("repair")
def repair(
    game: Annotated[
        str | None, typer.Argument(help="Game to rebuild (a unique prefix is enough).")
    ] = None,
    settings: Annotated[
        bool, typer.Option("--settings", help="Repair settings.json instead of a game.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Rebuild a damaged game from its backup and event files, keeping the damaged files.

    Every event up to the first damaged one is kept; each replaced file is renamed
    NAME.damaged-TIME beside itself, never deleted. With --settings, settings.json goes
    back to its backup (or starts afresh: it only says which game is current).

    Example: companion game repair sample
    """
    from companion.game.repair import repair_database, repair_game
    from companion.game.repo import SETTINGS

    if (game is None) == (not settings):
        raise UsageError("name the game to repair, or give --settings (not both)")
    home = open_home()
    with home.writing(batch=True):  # every file aside and every rebuilt one, or none
        if settings:
            path = Path(home.root) / SETTINGS
            done = repair_database(path, "settings", lambda d: isinstance(d, dict))
        else:
            name = match(game or "", home.game_names(), str, "game")
            done = repair_game(Path(home.game_path(name)), home.draw)
    show_repair(done, "settings" if settings else "events", as_json)


def show_repair(done: Repair, what: str, as_json: bool) -> None:
    """Say what a repair kept, lost and moved aside."""
    if as_json:
        print_json(done.to_dict())
        return
    if not done.changed:
        typer.echo(f"{done.path}: nothing needed repair; nothing was changed.")
        return
    lost = f"; {done.lost} could not be kept" if done.lost else ""
    typer.echo(f"Repaired {done.path} from {done.source}: {done.kept} {what} kept{lost}.")
    for note in done.notes:
        typer.echo(f"  {note}")
    for p in done.moved:
        typer.echo(f"  kept aside: {p}")


add_commands(app, game_view.COMMANDS[1:])


@app.command("use")
def use(
    game: Annotated[
        str,
        typer.Argument(
            help="Game name (a unique prefix is enough).", autocompletion=completer("game")
        ),
    ],
) -> None:
    """Make a game the current game.

    Example:
    companion game new -r "Robyn" -r "Cpt" --scenario training --name first
    companion game use sample
    companion game use first
    """
    home = open_home()
    with home.writing():
        resolved = home.resolve_game(game)
        home.set_setting("current", resolved)
    typer.echo(f"'{resolved}' is now the current game.")


@app.command("end")
def end(
    game: GameArg = None,
    result: Annotated[
        str, typer.Option(help="What happened, in a few words.")
    ] = "ended by the players",
) -> None:
    """End a game now (undo can take it back).

    Example: companion game end --result "Robyn's merry men win"
    """
    home = open_home()
    with home.writing():
        gf = home.open_game(game)
        if gf.state.phase == "ended":
            raise RefusedError(f"'{gf.name}' is already over: {gf.state.result}")
        gf.append(end_event(gf.state, result))
        gf.db.commit()
    typer.echo(f"'{gf.name}' is over: {result}")


@app.command("delete")
def delete(
    game: Annotated[
        str,
        typer.Argument(
            help="Game name (a unique prefix is enough).", autocompletion=completer("game")
        ),
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
) -> None:
    """Delete a game and its whole log.

    Asks first on a terminal ("no" unless you say yes); a script passes --yes. The files
    are kept aside, a copy per delete: 'companion game restore NAME' brings the newest
    back.

    Example:
    companion game new -r "Robyn" -r "Cpt" --scenario training --name first
    companion game delete first --yes
    """
    home = open_home()
    with home.writing(batch=True):  # every file aside, and the setting, or none
        resolved = match(game, home.game_names(), lambda n: n, "game")
        from companion.cli.deleted import confirm, keep_game

        confirm(f"Delete game '{resolved}' and its log?", yes, "a game")
        keep_game(home, resolved)
        if home.current_game_name() == resolved:
            home.set_setting("current", None)
    typer.echo(f"Deleted game '{resolved}'; 'companion game restore {resolved}' brings it back.")


@app.command("restore")
def restore(
    game: Annotated[
        str | None, typer.Argument(help="A deleted game's name (a prefix is enough).")
    ] = None,
    when: WhenOpt = None,
    list_: ListOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Bring back a deleted game, with its whole log, and make it the current game.

    Each delete keeps a copy; the newest is restored unless --when names another.

    Example:
    companion game new -r "Robyn" -r "Cpt" --scenario training --name first
    companion game delete first --yes
    companion game restore --list
    companion game restore first
    """
    from companion.cli.deleted import restore_game

    home = open_home()
    wanted = listed(home, "game", game, when, list_, as_json)
    if wanted is None:
        return
    with home.writing(batch=True):  # every file back, and the setting, or none
        name = restore_game(home, wanted, when)
        home.set_setting("current", name)
    if as_json:
        print_json({"restored": name})
        return
    typer.echo(f"Restored game '{name}'; it is the current game.")


# A game as one file: `game export` and `game import`, in their own module.
game_share.register(app)
