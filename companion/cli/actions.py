"""Resolution commands: attack, odds, recover, fall, skill, and any system action (`act`).

Each parses what the table knows into an ActionRequest, lets the game's rule system
resolve it with dice, records the outcome as one event and prints the explanation.
They are declared here as data for both Typer and the quick path (`companion.cli.declare`);
what each does is in `companion.cli.action_ops`.
"""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.cli.declare import (
    FIGHTER,
    GAME,
    JSON,
    ROLLED,
    Command,
    add_commands,
    arg,
    opt,
    switch,
)

if TYPE_CHECKING:
    from typing import Any

OPS = "companion.cli.action_ops"
OPT = opt("opt", "A system-specific fact, KEY=VALUE (repeatable).", kind="list")
TARGET = arg("target", "Its target, if it has one.", default=None)
SYSTEM = opt(
    "system",
    "Look up without a game: the fighters' rule system (default: their roster's, or the "
    "one whose words describe them).",
    "--system",
    "-s",
)
# How a look-up without a game names its fighters, for the help of each command.
PAPER = """Without a game, or with --system: name each fighter from a saved roster,
        ROSTER:FIGHTER, or describe it in the words 'roster add' takes. It is fresh and
        upright unless its words say otherwise ("specialist stat=5 wounded").
        Nothing is written."""
FORCE = opt(
    "force",
    "Take it even where the rules do not allow it now (a house rule; the log says so).",
    kind="flag",
    default=False,
)
ODDS = opt(
    "odds",
    "Show the exact chance of each outcome instead of rolling; changes nothing.",
    kind="flag",
    default=False,
)
# What the table tells an attack (and its odds): positions are the players' to judge.
ATTACK_FACTS = (
    arg("attacker", "Fighter name (a unique prefix is enough)."),
    arg("target", "Target fighter (a unique prefix is enough)."),
    opt("ranged", "A ranged attack (default: melee).", kind="flag", default=False),
    opt(
        "range_",
        "Distance to the target in steps/inches.",
        "--range",
        kind="int",
        low=0,
        high=100,
    ),
    switch("cover", "Whether the target stands in cover (forest, house...)."),
    OPT,
)

COMMANDS = (
    Command(
        "attack",
        f"{OPS}:attack",
        """Resolve an attack, melee by default, step by step with exact odds.

        Positions are yours to judge: tell the tracker what matters with the options and
        the facts of the game's system, --opt KEY=VALUE (listed below, by system).

        --dice takes the attacker's dice, then the defender's: below, Robyn's longbow rolls
        two (she is a Ranger) and the Frogger one.

        """
        + PAPER
        + """

        Example:
        companion turn --dice 7,3
        companion activate Robyn
        companion attack Robyn "Frogger with rifle" --range 7 --dice 3,5,2
        companion attack -s 1ss Robyn:John "Cpt:T-999" --range 8 --dice 3,6,2
        companion attack -s warstuff "Orc Warrior" "Dwarf Warrior" --dice 5,4
        companion attack -s skirmashed "figure firepower=4 boom=6" \\
            "figure manoeuvre=5 stamina=8" --range 5 --seed 1
        companion attack -s smbfat shooter "warrior armor" --range 10 --dice 6
        companion attack -s monochrome "warrior attack=7 defence=2" \\
            "soldier attack=5 defence=1" --dice 3,2
        """,
        (*ATTACK_FACTS, *ROLLED, FORCE, SYSTEM),
        facts="attack",
    ),
    Command(
        "odds",
        f"{OPS}:odds",
        """Exact chances of every outcome of an attack as it stands; rolls nothing, changes nothing.

        """
        + PAPER
        + """

        Example:
        companion odds Robyn T-999 --range 12
        companion odds -s 1ss Robyn:John "Cpt:T-999" --range 8
        companion odds -s 1ss "specialist stat=5 rifle" "rookie stat=3" --range 8 --cover
        companion odds -s warstuff "Orc Warrior" "Dwarf Warrior"
        companion odds -s skirmashed "figure firepower=4 boom=6" "figure manoeuvre=5" \\
            --ranged --range 5 --opt cover=soft
        companion odds -s smbfat shooter "warrior armor" --ranged --range 10
        companion odds -s monochrome "warrior attack=7 defence=2" "soldier attack=5 defence=1"
        """,
        (*ATTACK_FACTS, GAME, JSON, SYSTEM),
        facts="attack",
    ),
    Command(
        "recover",
        f"{OPS}:recover",
        """A prone fighter tries to stand up again.

        Example:
        companion set John --state prone
        companion turn --dice 7,3
        companion activate John
        companion recover John --dice 6
        companion recover -s 1ss "specialist stat=5 wounded" --dice 6
        """,
        (FIGHTER, *ROLLED, ODDS, FORCE, SYSTEM),
    ),
    Command(
        "fall",
        f"{OPS}:fall",
        """A fighter falls: one hit per started inch after the first, each defended.

        Example:
        companion fall -s 1ss "boss stat=6" --inches 4 --odds
        companion fall "Rabbit with bow" --inches 3 --dice 5,2
        """,
        (
            FIGHTER,
            opt("inches", "Height fallen in inches (2.5 is 2 hits).", required=True),
            *ROLLED,
            ODDS,
            SYSTEM,
        ),
    ),
    Command(
        "skill",
        f"{OPS}:skill",
        """Use an active skill (a skill roll, with what follows from it).

        1ss: assassin, command, controller (--opt stat=N), copycat (--opt copy=SKILL),
        doppelganger (--opt merge=true), driver, engineer, force-user (--opt range=N),
        guard, healer, influencer, shapeshifter, switcher.

        Example:
        companion turn --dice 7,3
        companion activate Robyn
        companion skill Robyn command John
        companion skill -s 1ss "specialist stat=5 healer" healer "boss stat=6 wounded" --odds
        """,
        (
            FIGHTER,
            arg("skill_name", "The skill to use, e.g. healer."),
            TARGET,
            OPT,
            *ROLLED,
            ODDS,
            FORCE,
            SYSTEM,
        ),
        facts="skill",
    ),
    Command(
        "act",
        f"{OPS}:act",
        """Take any other action the game's system knows (e.g. command, pickup, hold, walk).

        Each system's actions and their facts (--opt KEY=VALUE) are listed below. An
        action no fighter takes (SMBFAT's objectives) is named alone: act objectives.

        Example:
        companion turn --dice 7,3
        companion activate Robyn
        companion act Robyn move --opt inches=6
        """,
        (
            FIGHTER,
            arg("action", "The action, as the system names it.", default=None),
            TARGET,
            OPT,
            *ROLLED,
            ODDS,
            FORCE,
            SYSTEM,
        ),
        facts="*",
    ),
)
QUICK = COMMANDS


def register(app: Any) -> None:
    add_commands(app, COMMANDS)
