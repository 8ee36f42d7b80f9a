"""Resolution commands: attack, odds, recover, fall, skill, and any system action (`act`).

Each parses what the table knows into an ActionRequest, lets the game's rule system
resolve it with dice, records the outcome as one event and prints the explanation.
"""

from __future__ import annotations

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
    print_json,
    reading_game,
    writing_game,
)
from companion.cli.table import find_fighter, run_outcome
from companion.errors import UsageError
from companion.game.state import GameState, freeze
from companion.systems.base import ActionRequest

FighterArg = Annotated[str, typer.Argument(help="Fighter name (a unique prefix is enough).")]
TargetArg = Annotated[str, typer.Argument(help="Target fighter (a unique prefix is enough).")]
RangedOpt = Annotated[bool, typer.Option("--ranged", help="A ranged attack (default: melee).")]
RangeOpt = Annotated[
    int | None,
    typer.Option("--range", min=0, max=100, help="Distance to the target in steps/inches."),
]
BandOpt = Annotated[
    str | None, typer.Option("--band", help="Range band instead of --range: short, normal or long.")
]
CoverOpt = Annotated[
    bool | None,
    typer.Option(
        "--cover/--no-cover", help="Whether the target stands in cover (forest, house...)."
    ),
]
GangOpt = Annotated[
    int,
    typer.Option(
        "--ganging", min=0, max=20, help="Other friendly fighters within 1 step of the target."
    ),
]
NearOpt = Annotated[
    str | None,
    typer.Option(
        "--near", help='Other fighters within 1" of the target (shooting into melee): A,B.'
    ),
]
SplashOpt = Annotated[
    str | None,
    typer.Option(
        "--splash", help='Fighters within 2" of the target (heavy shooter option 1): A,B.'
    ),
]
OptOpt = Annotated[
    list[str] | None, typer.Option("--opt", help="A system-specific fact, KEY=VALUE (repeatable).")
]


def _names(state: GameState, text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    return tuple(find_fighter(state, n).id for n in text.split(",") if n.strip())


def _opts(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in pairs or []:
        k, sep, v = p.partition("=")
        if not sep or not k.strip():
            raise UsageError(f"--opt takes KEY=VALUE, not '{p}'")
        val: Any = v.strip()
        if val.lower() in ("true", "yes"):
            val = True
        elif val.lower() in ("false", "no"):
            val = False
        elif val.lstrip("-").isdigit() and len(val) < 10:
            val = int(val)
        out[k.strip().casefold()] = val
    return out


def attack_request(
    state: GameState,
    attacker: str,
    target: str,
    ranged: bool,
    range_: int | None,
    band: str | None,
    cover: bool | None,
    ganging: int,
    near: str | None,
    splash: str | None,
    opt: list[str] | None,
) -> ActionRequest:
    if band is not None and band.casefold() not in ("short", "normal", "long"):
        raise UsageError(f"--band takes short, normal or long, not '{band}'")
    if range_ is not None and band is not None:
        raise UsageError("give --range or --band, not both")
    a = find_fighter(state, attacker)
    t = find_fighter(state, target)
    options: dict[str, Any] = {
        "ranged": ranged or range_ is not None or band is not None,
        "ganging": ganging,
    }
    if range_ is not None:
        options["range"] = range_
    if band is not None:
        options["band"] = band.casefold()
    if cover is not None:
        options["cover"] = cover
    if near:
        options["near"] = _names(state, near)
    if splash:
        options["splash"] = _names(state, splash)
    options.update(_opts(opt))
    return ActionRequest("attack", a.id, t.id, freeze(options))


def attack(
    attacker: FighterArg,
    target: TargetArg,
    ranged: RangedOpt = False,
    range_: RangeOpt = None,
    band: BandOpt = None,
    cover: CoverOpt = None,
    ganging: GangOpt = 0,
    near: NearOpt = None,
    splash: SplashOpt = None,
    opt: OptOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Resolve an attack, melee by default, step by step with exact odds.

    Positions are yours to judge; tell the tracker what matters with the options and
    1ss facts such as --opt tank=NAME (defends with a Tank in contact), --opt
    preacher=attacker|defender|both, --opt charge=true (Maniac), --opt heavy=2,
    --opt skirmish=true, --opt free=true (a reaction outside the action count).

    Example: companion attack Robyn "Frogger with rifle" --range 7 --dice 3,5
    """
    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        req = attack_request(
            gf.state, attacker, target, ranged, range_, band, cover, ganging, near, splash, opt
        )
        outcome = systems.get(gf.system).resolve(gf.state, req, src)
        run_outcome(gf, outcome, as_json, src)


def odds(
    attacker: FighterArg,
    target: TargetArg,
    ranged: RangedOpt = False,
    range_: RangeOpt = None,
    band: BandOpt = None,
    cover: CoverOpt = None,
    ganging: GangOpt = 0,
    near: NearOpt = None,
    splash: SplashOpt = None,
    opt: OptOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact chances of every outcome of an attack as it stands; rolls nothing, changes nothing.

    Example: companion odds Robyn T-999 --range 12
    """
    with reading_game(game) as gf:
        req = attack_request(
            gf.state, attacker, target, ranged, range_, band, cover, ganging, near, splash, opt
        )
    trace = systems.get(gf.system).odds(gf.state, req)
    if as_json:
        print_json(trace.to_dict())
        return
    from companion.render.trace_view import render_trace

    render_trace(console(), trace)


def _simple(
    action: str,
    fighter: str,
    target: str | None,
    options: dict[str, Any],
    dice: str | None,
    seed: int | None,
    game: str | None,
    as_json: bool,
) -> None:
    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        f = find_fighter(gf.state, fighter)
        t = find_fighter(gf.state, target).id if target else None
        req = ActionRequest(action, f.id, t, freeze(options))
        outcome = systems.get(gf.system).resolve(gf.state, req, src)
        run_outcome(gf, outcome, as_json, src)


def recover(
    fighter: FighterArg,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A prone fighter tries to stand up again.

    Example: companion recover John --dice 6
    """
    _simple("recover", fighter, None, {}, dice, seed, game, as_json)


def fall(
    fighter: FighterArg,
    inches: Annotated[int, typer.Option("--inches", min=0, max=100, help="Height fallen.")],
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A fighter falls: one hit per started inch after the first, each defended.

    Example: companion fall Rabbit --inches 3 --dice 5,2
    """
    _simple("fall", fighter, None, {"inches": inches}, dice, seed, game, as_json)


def skill(
    fighter: FighterArg,
    skill_name: Annotated[str, typer.Argument(help="The skill to use, e.g. healer.")],
    target: Annotated[str | None, typer.Argument(help="Its target, if it has one.")] = None,
    opt: OptOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Use an active skill (a skill roll, with what follows from it).

    1ss: assassin, command, controller (--opt stat=N), copycat (--opt copy=SKILL),
    doppelganger (--opt merge=true), driver, engineer, force-user (--opt range=N),
    guard, healer, influencer, shapeshifter, switcher.

    Example: companion skill John healer Robyn --dice 3
    """
    options = {"skill": skill_name.strip().casefold().replace(" ", "-"), **_opts(opt)}
    _simple("skill", fighter, target, options, dice, seed, game, as_json)


def act(
    fighter: FighterArg,
    action: Annotated[str, typer.Argument(help="The action, as the system names it.")],
    target: Annotated[str | None, typer.Argument(help="Its target, if it has one.")] = None,
    opt: OptOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Take any other action the game's system knows (e.g. command, pickup, hold, walk).

    1ss: command, pickup, drop, score, device, blast, closer, hill (--opt count=N),
    zones (--opt z1=N ... z4=N), heavy-option (--opt option=2), minion.

    Example: companion act Robyn command John
    """
    _simple(action.strip().casefold(), fighter, target, _opts(opt), dice, seed, game, as_json)


def register(app: typer.Typer) -> None:
    app.command("attack")(attack)
    app.command("odds")(odds)
    app.command("recover")(recover)
    app.command("fall")(fall)
    app.command("skill")(skill)
    app.command("act")(act)
