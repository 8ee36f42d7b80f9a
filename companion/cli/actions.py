"""Resolution commands: attack, odds, recover, fall, skill, and any system action (`act`).

Each parses what the table knows into an ActionRequest, lets the game's rule system
resolve it with dice, records the outcome as one event and prints the explanation.
Declared here for Typer; what they do is in `companion.cli.action_ops`, and each
command passes its parameters on unchanged (`**locals()`) so the quick path and Typer
run the same code with the same values.
"""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli import action_ops as ops
from companion.cli.common import DiceOpt, GameOpt, JsonOpt, SeedOpt

# Where the quick path finds each command's implementation (`companion.cli.quick_spec`).
OPS = "companion.cli.action_ops"

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
    ops.attack(**locals())


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
    ops.odds(**locals())


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
    ops.recover(**locals())


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
    ops.fall(**locals())


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
    ops.skill(**locals())


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
    zones (--opt z1=N ... z4=N), heavy-option (--opt option=2), minion,
    move (--opt inches=N), fire-team (--opt with=ROOKIE,SPECIALIST or --opt dissolve=true).

    Example: companion act Robyn command John
    """
    ops.act(**locals())


def register(app: typer.Typer) -> None:
    app.command("attack")(attack)
    app.command("odds")(odds)
    app.command("recover")(recover)
    app.command("fall")(fall)
    app.command("skill")(skill)
    app.command("act")(act)
