"""`companion solo ...`: 1ss solo play against the OpFor.

Set-up (spawnpoints, tokens, the first spawn), the battlefield map, the OpFor walk with
its decision procedure, scenario objectives and the spawn forecast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from companion import systems
from companion.cli.common import (
    DiceOpt,
    GameOpt,
    JsonOpt,
    SeedOpt,
    console,
    dice_source,
    interactive,
    print_json,
    reading_game,
    writing_game,
)
from companion.cli.complete import completer
from companion.errors import RefusedError, UsageError
from companion.game.events import Event, apply_event
from companion.game.repo import GameFile, Home, append_outcome
from companion.game.state import GameState
from companion.names import plural
from companion.numbers import is_whole
from companion.systems.base import Outcome

app = typer.Typer(
    help="Solo play of 1 Stat Skirmish: spawnpoints, spawn dice, the OpFor's decisions, "
    "solitaire scenarios. A solo warband is 1 boss, 3 specialists and 6 rookies (Outlaws in the "
    "examples).\n\nExample: companion solo new --roster Outlaws --profile undead",
    no_args_is_help=True,
)
profile_app = typer.Typer(
    help="OpFor profiles: one stat per rank, shared skills and how they attack.\n\n"
    "Example: companion solo profile list",
    no_args_is_help=True,
)
app.add_typer(profile_app, name="profile")

FighterArg = Annotated[
    str,
    typer.Argument(
        help="Fighter name (a unique prefix is enough).", autocompletion=completer("fighter")
    ),
]
FreeOpt = Annotated[
    bool,
    typer.Option(
        "--free", help="Outside the action count (a correction); otherwise it takes an action."
    ),
]


# --- recording ------------------------------------------------------------------------


def record(
    gf: GameFile, outcomes: list[Outcome], dice: Any = None, check: bool = True
) -> list[Event]:
    """Append outcomes as events, then the end of the game if the scenario is decided;
    the file is written once."""
    from companion.systems.one_stat.solo.objectives import end_if_decided

    events: list[Event] = []
    for i, o in enumerate(outcomes):
        events.append(append_outcome(gf, o, dice if i == len(outcomes) - 1 else None))
    if check:
        end = end_if_decided(gf.state)
        if end is not None:
            outcomes.append(end)
            events.append(append_outcome(gf, end))
    gf.db.commit()
    return events


def show(
    events: list[Event], outcomes: list[Outcome], as_json: bool, extra: dict[str, Any] | None = None
) -> None:
    if as_json:
        print_json(
            {
                "events": [e.to_dict() for e in events],
                "announcements": [a for o in outcomes for a in o.announcements],
                **(extra or {}),
            }
        )
        return
    from companion.render.trace_view import render_trace
    from companion.trace import Trace

    c = console()
    for e in events:
        if e.trace:
            render_trace(c, Trace.from_dict(e.trace), "1ss")  # solo play is 1ss only
        else:
            c.print(e.summary)
    for o in outcomes:
        for a in o.announcements:
            c.print(a, style="bold magenta")


def _one_step(game: str | None, as_json: bool, make: Callable[[GameState], Outcome]) -> None:
    """One solo outcome made from the game as it stands, recorded (with the scenario
    check) in one write, then shown."""
    with writing_game(game) as gf:
        o = make(_solo_game(gf))
        events = record(gf, [o])
    show(events, [o], as_json)


def _solo_game(gf: GameFile) -> GameState:
    from companion.systems.one_stat.solo.game import solo_or_refuse

    solo_or_refuse(gf.state)
    return gf.state


def _find(state: GameState, name: str) -> Any:
    from companion.cli.shared import find_fighter

    return find_fighter(state, name)


# --- set-up ------------------------------------------------------------------------------


def start_solo(
    roster: str,
    profile: str | None,
    scenario: str | None,
    mixed: str | None,
    setup: str | None,
    name: str | None,
    board: int | None,
    dice: str | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Set up a solo game: warband check, spawnpoints, tokens, the first spawn."""
    from companion.cli.games import free_name
    from companion.systems.one_stat.solo import profiles
    from companion.systems.one_stat.solo.game import (
        choose,
        new_solo_game,
        setup_outcome,
        spawn_outcome,
    )

    src = dice_source(dice, seed)
    home = Home()
    with home.writing(batch=True):  # the game and the setting naming it current, together
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        choice = choose(scenario, mixed, setup)
        pname = profile or (choice.setup.profile if choice.setup else "default")
        prof = profiles.find(db, pname)
        state = new_solo_game(r, prof, choice, board)
        o1 = setup_outcome(state, src)
        after = apply_event(state, Event(o1.kind, o1.summary, o1.changes))
        o2 = spawn_outcome(after, src, "Initial spawn")
        base = name or (
            "solo-"
            + (choice.setup.id if choice.setup else "-".join(s.id for s in choice.scenarios))
        )
        game_name = name or free_name(home, base)
        gf = home.create_game(game_name, state)
        events = record(gf, [o1, o2], src, check=False)
        home.set_setting("current", gf.name)
    from companion.systems.one_stat.solo.board_map import map_data

    notes = list(choice.setup.notes) if choice.setup else []
    if as_json:
        show(events, [], True, {"game": gf.name, "map": map_data(gf.state), "notes": notes})
        return
    typer.echo(
        f"Started solo game '{gf.name}' ({gf.state.options['label']}) against {prof.name}; "
        "it is now current."
    )
    show(events, [], False)
    _draw_map(gf.state)
    for n in notes:
        typer.echo(f"- {n}")
    typer.echo(
        "Next: 'companion turn' counts turn 1; activate your fighters, then 'companion solo opfor'."
    )


def _draw_map(state: GameState) -> None:
    from companion.render.solo_map import render_map
    from companion.systems.one_stat.solo.board_map import map_data

    render_map(console(), map_data(state))


@app.command("new")
def new(
    roster: Annotated[
        str,
        typer.Option(
            "--roster",
            "-r",
            help="Your warband: 1 boss, 3 specialists, 6 rookies.",
            autocompletion=completer("roster"),
        ),
    ],
    profile: Annotated[
        str | None, typer.Option("--profile", "-p", help="OpFor profile (see 'solo profile list').")
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option(
            "--scenario",
            "-s",
            help="Solitaire scenario (see 'solo scenarios').",
            autocompletion=completer("solo-scenario"),
        ),
    ] = None,
    mixed: Annotated[
        str | None,
        typer.Option("--mixed", help="Several scenarios at once, e.g. collect,shutdown."),
    ] = None,
    setup: Annotated[
        str | None, typer.Option("--setup", help="A themed set-up, e.g. the-big-kill.")
    ] = None,
    name: Annotated[str | None, typer.Option(help="Name of the game.")] = None,
    board: Annotated[
        int | None, typer.Option(min=12, max=120, help="Board width in inches (default 36).")
    ] = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start a solo game: spawnpoints and tokens on the grid, then the first spawn.

    Example: companion solo new -r Outlaws --profile "city guard" --scenario collect
    """
    start_solo(roster, profile, scenario, mixed, setup, name, board, dice, seed, as_json)


# --- map, spawn, odds ---------------------------------------------------------------------


@app.command("map")
def map_(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Draw the battlefield: the grid in inches, spawnpoints and tokens.

    Example:
    companion solo new -r Outlaws --seed 11
    companion solo map
    """
    from companion.systems.one_stat.solo.board_map import map_data

    with reading_game(game) as gf:
        state = _solo_game(gf)
    if as_json:
        print_json(map_data(state))
        return
    _draw_map(state)


@app.command("spawn")
def spawn_(
    explain: Annotated[
        str | None,
        typer.Option(
            "--explain", help="Only explain six spawn dice, e.g. 2,2,5,6,6,6; writes nothing."
        ),
    ] = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Roll an extra spawn now (upkeep rolls one by itself), or explain given spawn dice.

    Example: companion solo spawn --explain 2,2,5,6,6,6
    """
    from companion.dice import parse_dice_list
    from companion.systems.one_stat.solo.spawn import group, tally

    if explain is not None:
        values = parse_dice_list(explain)
        if len(values) != 6:
            raise UsageError(f"the spawn dice are six D6; {len(values)} given")
        groups = group(values)
        if as_json:
            print_json(
                {
                    "dice": values,
                    "groups": [
                        {"face": g.face, "count": g.count, "ranks": list(g.ranks)} for g in groups
                    ],
                    "total": tally(groups),
                }
            )
            return
        for g in groups:
            typer.echo(g.describe())
        t = tally(groups)
        typer.echo(
            f"In all: {plural(t['rookie'], 'rookie')}, {plural(t['specialist'], 'specialist')}, "
            f"{plural(t['boss'], 'boss')} (R-1SS-11)"
        )
        return
    from companion.systems.one_stat.solo.game import spawn_outcome

    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        state = _solo_game(gf)
        if state.phase == "ended":
            raise RefusedError(f"the game is over: {state.result}")
        o = spawn_outcome(state, src, "Extra spawn")
        events = record(gf, [o], src)
    show(events, [o], as_json)


@app.command("odds")
def odds_(
    turns: Annotated[int, typer.Option(min=0, max=30, help="Turns to forecast.")] = 8,
    shut: Annotated[int, typer.Option(min=0, max=6, help="Spawnpoints shut down.")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Exact odds of one spawn roll over all 6^6 outcomes, and the OpFor size by turn.

    Example: companion solo odds --turns 8
    """
    from companion import odds
    from companion.systems.one_stat.solo.forecast import RANKS, forecast

    f = forecast()
    by_turn = f.by_turn(turns, shut)
    if as_json:
        print_json(
            {
                "outcomes": f.outcomes,
                "hands": [
                    {
                        "rookies": h[0],
                        "specialists": h[1],
                        "bosses": h[2],
                        "p": str(p),
                        "chance": float(p),
                    }
                    for h, p in f.hands
                ],
                "per_rank": {
                    r: [{"count": k, "p": str(p), "chance": float(p)} for k, p in f.per_rank[r]]
                    for r in RANKS
                },
                "expected": {r: {"p": str(v), "value": float(v)} for r, v in f.expected.items()},
                "expected_total": {"p": str(f.expected_total), "value": float(f.expected_total)},
                "at_least_one_boss": {
                    "p": str(f.at_least_one_boss),
                    "chance": float(f.at_least_one_boss),
                },
                "by_turn": [{"turn": t, "expected": float(v), "p": str(v)} for t, v in by_turn],
                "shut": shut,
            }
        )
        return
    from rich.table import Table

    c = console()
    c.print(f"One spawn roll (6D6, all {f.outcomes} outcomes, R-1SS-11):", style="bold")
    t = Table("rookies", "specialists", "bosses", "chance")
    for h, p in f.hands:
        t.add_row(
            str(h[0]),
            str(h[1]),
            str(h[2]),
            odds.fmt(p) if hasattr(odds, "fmt") else f"{float(p):.2%}",
        )
    c.print(t)
    plural = {"rookie": "rookies", "specialist": "specialists", "boss": "bosses"}
    for r in RANKS:
        dist = ", ".join(f"{k}: {float(p):.1%}" for k, p in f.per_rank[r])
        c.print(
            f"{plural[r]} per spawn: expected {float(f.expected[r]):.3f} ({f.expected[r]}); {dist}"
        )
    c.print(
        f"expected fighters per spawn: {float(f.expected_total):.3f}; "
        f"at least one boss: {float(f.at_least_one_boss):.1%}"
    )
    t2 = Table("turn", "expected OpFor arrived")
    for turn, v in by_turn:
        t2.add_row(str(turn), f"{float(v):.1f}")
    c.print(t2)
    c.print(
        "Turn N has seen the set-up spawn and N-1 upkeep spawns; "
        "fighters taken out are not subtracted." + (f" {shut} spawnpoints shut." if shut else ""),
        style="dim",
    )


# --- the OpFor walk -----------------------------------------------------------------------


def _ask(q: Any) -> Any:
    import questionary

    if q.kind == "yesno":
        a = questionary.confirm(q.text).ask()
    elif q.kind in ("player", "leader", "ally"):
        a = questionary.select(q.text, choices=list(q.choices)).ask()
    else:
        a = questionary.text(
            q.text,
            validate=lambda s: (
                (is_whole(s) and s.strip().isdigit() and len(s.strip()) <= 6) or "a whole number"
            ),
        ).ask()
        a = int(a) if a is not None else None
    if a is None:
        raise UsageError("cancelled; nothing was written")
    return a


def _facts_answer(state: GameState, facts: Any, key: str, value: Any) -> Any:
    if key in ("target", "leader", "command"):
        if key != "target" and str(value).strip().casefold() == "none":
            return facts.with_(**{key: "none"})
        f = _find(state, str(value))
        if key == "target" and (f.side != 0 or f.out):
            raise UsageError(f"{f.name} is not one of your fighters still in the game")
        if key == "command" and (f.side != 1 or f.out):
            raise UsageError(f"{f.name} is not an OpFor fighter still in the game")
        return facts.with_(**{key: f.id})
    return facts.with_(**{key: value})


@app.command("opfor")
def opfor(
    fighter: Annotated[
        str | None, typer.Argument(help="OpFor fighter (default: the next one to act).")
    ] = None,
    can_attack: Annotated[
        bool | None,
        typer.Option("--can-attack/--cannot-attack", help="Can it attack one of your fighters?"),
    ] = None,
    in_cover: Annotated[
        bool | None, typer.Option("--in-cover/--in-open", help="Is it in cover?")
    ] = None,
    los: Annotated[
        bool | None, typer.Option("--los/--no-los", help="Does it see one of your fighters?")
    ] = None,
    target: Annotated[
        str | None, typer.Option("--target", help="Your fighter closest to it.")
    ] = None,
    leader: Annotated[
        str | None,
        typer.Option("--leader", help='Higher-ranked OpFor fighter within 15", or none.'),
    ] = None,
    ranged: Annotated[
        bool | None, typer.Option("--ranged/--melee", help="Shoot or fight (when it can do both).")
    ] = None,
    range_: Annotated[
        int | None, typer.Option("--range", min=0, max=100, help="Inches to its target (shooting).")
    ] = None,
    target_cover: Annotated[
        bool | None,
        typer.Option("--target-cover/--target-open", help="Whether your fighter is in cover."),
    ] = None,
    ganging: Annotated[
        int,
        typer.Option(
            "--ganging", min=0, max=20, help="Other OpFor fighters within 1 step of the target."
        ),
    ] = 0,
    command: Annotated[
        str | None,
        typer.Option(
            "--command",
            help='For a boss who cannot attack: the OpFor fighter within 5" he orders to '
            "attack, or none.",
        ),
    ] = None,
    resolve: Annotated[
        bool,
        typer.Option(
            "--resolve/--no-resolve",
            help="Resolve its attack at once (default) or leave it to 'companion attack'.",
        ),
    ] = True,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Walk one OpFor fighter through the decision procedure and do what it decides.

    Asks only what the table alone can tell (or take it from the flags), says which
    branch fired and why, and resolves an attack with the full 1ss resolution.

    Once your fighters have all activated (--dice: its dice, then Robyn's defence):

    Example: companion solo opfor --can-attack --in-cover --target Robyn --dice 2,5,3
    """
    from companion.systems.one_stat.solo.opfor import (
        Facts,
        activation,
        next_fighter,
        next_question,
        walk,
    )

    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        state = _solo_game(gf)
        sys_ = systems.get(gf.system)
        if state.phase == "ended":
            raise RefusedError(f"the game is over: {state.result}")
        side = sys_.next_side(state)
        if fighter is None:
            first = next_fighter(state) if side == 1 else None
            if first is None:
                who = "your fighters still have to act" if side == 0 else "no OpFor fighter can act"
                raise RefusedError(f"no OpFor fighter is next: {who} (see 'companion status')")
            f = first
        else:
            f = _find(state, fighter)
            if f.side != 1:
                raise UsageError(f"{f.name} is not an OpFor fighter")
        _, state2 = activation(sys_, state, f.id)
        facts = Facts(ganging=ganging)
        given = {
            "can_attack": can_attack, "in_cover": in_cover, "los": los, "target": target,
            "leader": leader, "ranged": ranged, "range": range_, "target_cover": target_cover,
            "command": command,
        }  # fmt: skip
        for k, v in given.items():
            if v is not None:
                facts = _facts_answer(state2, facts, k, v)
        while (q := next_question(state2, f.id, facts)) is not None:
            if not interactive():
                raise UsageError(f"{q.text} Answer with {q.flag}.")
            facts = _facts_answer(state2, facts, q.key, _ask(q))
        decision, outcomes = walk(sys_, state, f.id, facts, src, resolve)
        events = record(gf, outcomes, src)
    extra: dict[str, Any] = {
        "fighter": f.name,
        "branch": decision.branch,
        "instruction": decision.instruction,
        "request": None
        if decision.request is None
        else {
            "action": decision.request.action,
            "actor": decision.request.actor,
            "target": decision.request.target,
            "options": dict(decision.request.options),
        },
    }
    show(events, outcomes, as_json, extra)
    if not as_json:
        if decision.request is not None and not resolve and decision.request.action == "attack":
            r = decision.request
            a, t = gf.state.fighter(r.actor or "").name, gf.state.fighter(r.target or "").name
            rng = r.options.get("range")
            how = (
                (f" --range {rng}" if rng is not None else " --ranged")
                if r.options["ranged"]
                else ""
            )
            typer.echo(f'Resolve it with: companion attack "{a}" "{t}"{how}')
        nxt = systems.get("1ss").next_side(gf.state)
        if nxt == 1:
            typer.echo("Next: 'companion solo opfor' for the next OpFor fighter.")
        elif gf.state.phase != "ended":
            typer.echo(
                "Every OpFor fighter has acted: 'companion turn' for upkeep and the new spawn."
            )


# --- objectives ---------------------------------------------------------------------------


@app.command("token")
def token(
    token_id: Annotated[str, typer.Argument(help="Token id as on the map, e.g. T3, X, Y.")],
    action: Annotated[str, typer.Argument(help="pick, drop or home.")],
    by: Annotated[str | None, typer.Option("--by", help="Your fighter who picks it up.")] = None,
    event: Annotated[
        str | None,
        typer.Option("--event", help="Choose what happens at the event spot instead of rolling."),
    ] = None,
    free: FreeOpt = False,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Pick up (one action of the active fighter), drop or bring home a token.

    Example:
    companion solo new -r Outlaws --scenario collect --seed 11
    companion turn
    companion activate Robyn
    companion solo token T3 pick --by Robyn
    """
    from companion.systems.one_stat.solo.objectives import token_action

    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        state = _solo_game(gf)
        f = _find(state, by) if by else None
        o = token_action(state, token_id, action.strip().casefold(), f, src, event, free)
        events = record(gf, [o], src)
    show(events, [o], as_json)


@app.command("shutdown")
def shutdown_(
    target: Annotated[str, typer.Argument(help="A spawnpoint number, a station (D1) or 'event'.")],
    by: Annotated[str, typer.Option("--by", help="Your fighter who tries.")],
    free: FreeOpt = False,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Try to shut down a device (one action): the fighter's die at or below its stat.

    Example:
    companion solo new -r Outlaws --scenario shutdown --seed 11
    companion turn
    companion activate John
    companion solo shutdown 3 --by John --dice 4
    """
    from companion.systems.one_stat.solo.objectives import shutdown

    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        state = _solo_game(gf)
        o = shutdown(state, target, _find(state, by), src, free)
        events = record(gf, [o], src)
    show(events, [o], as_json)


@app.command("question")
def question_(
    fighter: FighterArg,
    free: FreeOpt = False,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The Dark Ritual: question a civilian (one action; D6 for him, the fighter's die).

    Example:
    companion solo new -r Outlaws --setup the-dark-ritual --seed 11
    companion turn
    companion activate Marian
    companion solo question Marian --dice 5,3
    """
    from companion.systems.one_stat.solo.objectives import question

    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        state = _solo_game(gf)
        o = question(state, _find(state, fighter), src, free)
        events = record(gf, [o], src)
    show(events, [o], as_json)


@app.command("objective")
def objective(
    name: Annotated[str, typer.Argument(help="What happened at the table, e.g. escort-arrived.")],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Declare what only the table can see: a miniature reached its corner or its goal.

    Example:
    companion solo new -r Outlaws --scenario escort --seed 11
    companion solo objective escort-arrived
    """
    from companion.systems.one_stat.solo.objectives import declare

    _one_step(game, as_json, lambda state: declare(state, name))


@app.command("provoke")
def provoke_(fighter: FighterArg, game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Mark the trek or the hostage boss as attacked at the table without the app (an
    attack made with 'companion attack' provokes by itself): it fights back from now on.

    Example:
    companion solo new -r Outlaws --scenario ambush --seed 11
    companion solo provoke "Trek Grunt 1"
    """
    from companion.systems.one_stat.solo.objectives import provoke

    _one_step(game, as_json, lambda state: provoke(state, _find(state, fighter)))


@app.command("wound")
def wound(fighter: FighterArg, game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Give the Bounty or Hostage boss one wound: his die steps down, his stat halves.

    Example:
    companion solo new -r Outlaws --scenario bounty --seed 11
    companion solo wound "Bounty boss"
    """
    from companion.systems.one_stat.solo.objectives import ladder_wound

    _one_step(game, as_json, lambda state: ladder_wound(state, _find(state, fighter)))


@app.command("regenerate")
def regenerate_(
    fighter: FighterArg,
    roll: Annotated[
        bool,
        typer.Option("--roll/--skip", help="Roll at the next upkeep (default) or stay face down."),
    ] = True,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Take or pass on your face-down Regenerator's recovery roll at the next upkeep.

    Example:
    companion roster edit Outlaws John --skill regenerator
    companion solo new -r Outlaws --seed 11
    companion turn
    companion set John --state wounded --wounds 1
    companion attack "Grunt 1" John --dice 1
    companion solo regenerate John --skip
    """
    from companion.systems.one_stat.solo.upkeep import choose_roll

    _one_step(game, as_json, lambda state: choose_roll(state, _find(state, fighter), roll))


@app.command("check")
def check_(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Check the scenario now: objectives met, won or lost (ends the game when decided).

    Example:
    companion solo new -r Outlaws --seed 11
    companion solo check
    """
    from companion.systems.one_stat.solo.scenarios import check, status_lines

    with writing_game(game) as gf:
        state = _solo_game(gf)
        events = record(gf, []) if state.phase != "ended" else []
    result = check(gf.state) if gf.state.phase != "ended" else None
    lines = status_lines(gf.state)
    if as_json:
        print_json(
            {
                "phase": gf.state.phase,
                "result": gf.state.result,
                "objectives": lines,
                "events": [e.to_dict() for e in events],
            }
        )
        return
    for line in lines:
        typer.echo(line)
    typer.echo(
        f"Result: {gf.state.result}"
        if gf.state.phase == "ended"
        else "Not decided yet."
        if result is None
        else ""
    )


@app.command("scenarios")
def scenarios_(as_json: JsonOpt = False) -> None:
    """List the solitaire scenarios, the themed set-ups and the events of Investigate.

    Example: companion solo scenarios
    """
    from companion.systems.one_stat.solo.data import load

    d = load()
    if as_json:
        print_json(
            {
                "scenarios": [
                    {
                        "id": s.id,
                        "label": s.label,
                        "summary": s.summary,
                        "last_turn": s.last_turn or None,
                        "win": list(s.win),
                        "lose": list(s.lose),
                    }
                    for s in d.scenarios.values()
                ],
                "setups": [
                    {
                        "id": s.id,
                        "label": s.label,
                        "scenarios": list(s.scenarios),
                        "theme": s.theme,
                        "profile": s.profile,
                        "summary": s.summary,
                        "notes": list(s.notes),
                    }
                    for s in d.setups.values()
                ],
                "events": [
                    {"id": e.id, "roll": e.roll, "label": e.label, "summary": e.summary}
                    for e in d.events.values()
                ],
                "rulings": [{"id": r.id, "title": r.title, "text": r.text} for r in d.rulings],
            }
        )
        return
    c = console()
    c.print("Solitaire scenarios (companion solo new --scenario ID, or --mixed A,B):", style="bold")
    for s in d.scenarios.values():
        turns = f" [{s.last_turn} turns]" if s.last_turn else ""
        c.print(f"  {s.id}: {s.label}{turns} - {s.summary}")
    c.print("Themed set-ups (companion solo new --setup ID):", style="bold")
    for st in d.setups.values():
        c.print(f"  {st.id}: {st.label} ({', '.join(st.scenarios)}; {st.theme}) - {st.summary}")
    c.print("Investigate events (D6):", style="bold")
    for e in sorted(d.events.values(), key=lambda e: e.roll):
        c.print(f"  {e.roll} {e.id}: {e.label} - {e.summary}")
    c.print("Solo rulings:", style="bold")
    for r in d.rulings:
        c.print(f"  {r.id} {r.title}: {r.text}")


# --- profiles ---------------------------------------------------------------------------------


@profile_app.command("new")
def profile_new(
    name: Annotated[str, typer.Argument(help="Profile name, e.g. 'city guard'.")],
    rookie: Annotated[int, typer.Option(help="Stat of every OpFor rookie (1-6).")],
    specialist: Annotated[int, typer.Option(help="Stat of every OpFor specialist (1-8).")],
    boss: Annotated[int, typer.Option(help="Stat of every OpFor boss (1-10).")],
    specialization: Annotated[
        str, typer.Option(help="The specialists' shared skill, e.g. brawler.")
    ],
    boss_skill: Annotated[
        str,
        typer.Option(
            help="The boss's skill besides Command, e.g. minion-master "
            "(command: the specialists' skill)."
        ),
    ],
    attacks: Annotated[str, typer.Option(help="melee, ranged or both.")] = "melee",
    rookie_name: Annotated[
        str | None, typer.Option(help="What spawned rookies are called.")
    ] = None,
    specialist_name: Annotated[
        str | None, typer.Option(help="What spawned specialists are called.")
    ] = None,
    boss_name: Annotated[str | None, typer.Option(help="What spawned bosses are called.")] = None,
) -> None:
    """Save an OpFor profile (replaces a saved one of the same name).

    Example:
    companion solo profile new orcs --rookie 2 --specialist 4 --boss 6 \\
        --specialization brawler --boss-skill command
    """
    from companion.game.state import freeze
    from companion.systems.one_stat.solo import profiles
    from companion.systems.one_stat.solo.data import load

    names = dict(load().names)
    for k, v in (("rookie", rookie_name), ("specialist", specialist_name), ("boss", boss_name)):
        if v:
            names[k] = v.strip()[:40]
    p = profiles.check(
        profiles.Profile(
            name.strip(),
            rookie,
            specialist,
            boss,
            specialization.strip().casefold().replace(" ", "-"),
            boss_skill.strip().casefold().replace(" ", "-"),
            attacks.strip().casefold(),
            freeze(names),
        )
    )
    home = Home()
    with home.writing():
        db = home.rosters_db()
        profiles.save(db, p)
        db.commit()
    typer.echo(f"Saved OpFor profile {p.describe()}")


@profile_app.command("list")
def profile_list(as_json: JsonOpt = False) -> None:
    """List OpFor profiles, yours and the built-in ones.

    Example: companion solo profile list
    """
    from companion.systems.one_stat.solo import profiles

    home = Home()
    with home.reading():
        ps = profiles.all_profiles(home.rosters_db())
    if as_json:
        print_json([{**p.to_dict(), "builtin": p.builtin} for p in ps])
        return
    for p in ps:
        typer.echo(("(built-in) " if p.builtin else "") + p.describe())


@profile_app.command("show")
def profile_show(
    name: Annotated[str, typer.Argument(help="Profile name.")], as_json: JsonOpt = False
) -> None:
    """Show one OpFor profile.

    Example: companion solo profile show undead
    """
    from companion.systems.one_stat.solo import profiles

    home = Home()
    with home.reading():
        p = profiles.find(home.rosters_db(), name)
    if as_json:
        print_json({**p.to_dict(), "builtin": p.builtin})
        return
    typer.echo(p.describe())
    for rank in ("rookie", "specialist", "boss"):
        typer.echo(
            f"  {rank}s are called '{p.names[rank]} N', carry {', '.join(p.equipment(rank))}"
        )


@profile_app.command("delete")
def profile_delete(name: Annotated[str, typer.Argument(help="Saved profile name.")]) -> None:
    """Delete a saved OpFor profile (built-in ones stay).

    Example:
    companion solo profile new orcs --rookie 2 --specialist 4 --boss 6 \\
        --specialization brawler --boss-skill command
    companion solo profile delete orcs
    """
    from companion.systems.one_stat.solo import profiles

    home = Home()
    with home.writing():
        db = home.rosters_db()
        p = profiles.delete(db, name)
        db.commit()
    typer.echo(f"Deleted OpFor profile '{p.name}'.")
