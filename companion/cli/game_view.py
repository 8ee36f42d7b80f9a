"""`companion game list` and `game show`: reading games, on the quick path.

Declared once (`companion.cli.declare`), without Typer: a well-formed command line is
parsed by the quick path. `game show` prints the board the game file keeps, as `status`
does, when it is current. The commands that change games are in `game_cmd`.
"""

from __future__ import annotations

import sys

from companion.cli.declare import JSON, Command, arg


def list_(as_json: bool) -> None:
    from companion import systems
    from companion.cli.shared import open_home
    from companion.errors import StoreError
    from companion.names import plural
    from companion.render.plain import print_json

    home = open_home()
    rows: list[dict[str, object]] = []
    with home.reading():
        try:
            current = home.current_game_name()
        except StoreError as e:  # a damaged settings file hides only which game is current
            current = None
            rows.append({"name": "(settings)", "damaged": str(e)})
        for n in home.game_names():
            try:
                gf = home.open_game(n)
                gf.check_tail()
            except StoreError as e:
                rows.append({"name": n, "damaged": str(e), "current": n == current})
                continue
            rows.append(
                {
                    "name": gf.name,
                    "system": gf.system,
                    "scenario": gf.state.scenario,
                    "scenario_name": scenario_name(gf.system, gf.state.scenario)
                    if not gf.state.options.get("label")
                    else str(gf.state.options["label"]),
                    "turn": gf.state.turn,
                    "phase": gf.state.phase,
                    "events": gf.count,
                    "current": gf.name == current,
                }
            )
    if as_json:
        print_json(rows)
        return
    out = sys.stdout
    if not rows:
        out.write("No games yet. Try: companion demo\n")
    for r in rows:
        mark = "*" if r.get("current") else " "
        if "damaged" in r:
            out.write(f"{mark} {r['name']}  DAMAGED: {r['damaged']}\n")
            continue
        sys_ = systems.get(str(r["system"]))
        word = sys_.round_word
        out.write(
            f"{mark} {r['name']}  {sys_.info.name} · {r['scenario_name']}, {word} {r['turn']}, "
            f"{r['phase']}, {plural(int(str(r['events'])), 'event')}\n"
        )


def scenario_name(system_id: str, scenario: str) -> str:
    """A scenario's name as the rules give it; its id when the system does not know it."""
    from companion import systems
    from companion.errors import CompanionError

    try:
        found = {s.id: s.label for s in systems.get(system_id).scenarios()}
    except CompanionError:
        return scenario
    return found.get(scenario, scenario)


def show(game: str | None, as_json: bool) -> None:
    from companion.cli.fast import stored_board

    if stored_board(as_json, game):
        return
    from companion.cli.games import show_board
    from companion.cli.shared import open_home

    home = open_home()
    with home.reading():
        gf = home.open_game(game)
    show_board(gf, as_json)


COMMANDS = (
    Command(
        "list",
        "companion.cli.game_view:list_",
        """List games; the current one is marked, a damaged one is listed with what is wrong.

    Example: companion game list
    """,
        (JSON,),
    ),
    Command(
        "show",
        "companion.cli.game_view:show",
        """Show a game's board (like 'status', for any game).

    Example:
    companion game new -r "Robyn" -r "Cpt" --scenario training --name first
    companion game show first
    """,
        (arg("game", "Game name (default: the current game).", default=None), JSON),
    ),
)
QUICK = COMMANDS
