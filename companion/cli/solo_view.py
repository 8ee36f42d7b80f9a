"""The `solo` commands, declared once (`companion.cli.declare`), without Typer, and the
spawn forecast (`solo odds`).

A well-formed command line is parsed by the quick path and the command called directly;
their implementations are in `solo_cmd`, and the group is built for Typer from here.
The forecast's tables are printed without Rich where Rich would print the same
(`companion.render.grid`).
"""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.cli.declare import DICE, GAME, JSON, ROLLED, SEED, Command, arg, opt, switch

if TYPE_CHECKING:
    from companion.systems.solo_play import SoloPlay

HELP = (
    "Solo play of 1 Stat Skirmish: spawnpoints, spawn dice, the OpFor's decisions, "
    "solitaire scenarios. A solo warband is 1 boss, 3 specialists and 6 rookies (Outlaws in the "
    "examples).\n\nExample: companion solo new --roster Outlaws --profile undead"
)
PROFILE_HELP = (
    "OpFor profiles: one stat per rank, shared skills and how they attack.\n\n"
    "Example: companion solo profile list"
)
FIGHTER = arg("fighter", "Fighter name (a unique prefix is enough).")
FREE = opt(
    "free",
    "Outside the action count (a correction); otherwise it takes an action.",
    kind="flag",
    default=False,
)
# The options of a command that is a fighter's action too.
ACTION = (FREE, *ROLLED)


def group_solo() -> SoloPlay:
    """The solo procedures of the system the registry gives the `solo` commands to."""
    from companion import systems

    solo = systems.get(systems.owner("solo")).solo
    assert solo is not None, "the solo commands belong to a system without solo play"
    return solo


def odds(turns: int, shut: int, as_json: bool) -> None:
    from companion.render.grid import Grid, Part, Say, show
    from companion.render.plain import print_json
    from companion.schemas import exact

    solo = group_solo()
    f = solo.forecast()
    by_turn = f.by_turn(turns, shut)
    if as_json:
        print_json(
            {
                "outcomes": f.outcomes,
                "hands": [
                    {"rookies": h[0], "specialists": h[1], "bosses": h[2], "p": exact(p)}
                    for h, p in f.hands
                ],
                "per_rank": {
                    r: [{"count": k, "p": exact(p)} for k, p in f.per_rank[r]] for r in solo.ranks
                },
                "expected": {r: exact(v) for r, v in f.expected.items()},
                "expected_total": exact(f.expected_total),
                "at_least_one_boss": exact(f.at_least_one_boss),
                "by_turn": [{"turn": t, "expected": exact(v)} for t, v in by_turn],
                "shut": shut,
            }
        )
        return
    from companion import odds

    parts: list[Part] = [Say(f"One spawn roll (6D6, all {f.outcomes} outcomes, R-1SS-11):", "bold")]
    hands = tuple(
        (
            str(h[0]),
            str(h[1]),
            str(h[2]),
            odds.fmt(p),
        )
        for h, p in f.hands
    )
    parts.append(Grid(("rookies", "specialists", "bosses", "chance"), hands, overflow="ellipsis"))
    plural = {"rookie": "rookies", "specialist": "specialists", "boss": "bosses"}
    for r in solo.ranks:
        dist = ", ".join(f"{k}: {odds.fmt(p)}" for k, p in f.per_rank[r])
        expected = f"expected {float(f.expected[r]):.3f} ({f.expected[r]})"
        parts.append(Say(f"{plural[r]} per spawn: {expected}; {dist}"))
    parts.append(
        Say(
            f"expected fighters per spawn: {float(f.expected_total):.3f}; "
            f"at least one boss: {odds.fmt(f.at_least_one_boss)}"
        )
    )
    arrived = tuple((str(turn), f"{float(v):.1f}") for turn, v in by_turn)
    parts.append(Grid(("turn", "expected OpFor arrived"), arrived, overflow="ellipsis"))
    shut_note = f" {shut} spawnpoints shut." if shut else ""
    parts.append(
        Say(
            "Turn N has seen the set-up spawn and N-1 upkeep spawns; "
            "fighters taken out are not subtracted." + shut_note,
            "dim",
        )
    )
    show(parts)


SOLO_ODDS = Command(
    "odds",
    "companion.cli.solo_view:odds",
    """Exact odds of one spawn roll over all 6^6 outcomes, and the OpFor size by turn.

    Example: companion solo odds --turns 8
    """,
    (
        opt("turns", "Turns to forecast.", kind="int", default=8, low=0, high=30),
        opt("shut", "Spawnpoints shut down.", kind="int", default=0, low=0, high=6),
        JSON,
    ),
)
COMMANDS = (
    Command(
        "new",
        "companion.cli.solo_cmd:start_solo",
        """Start a solo game: spawnpoints and tokens on the grid, then the first spawn.

    Example: companion solo new -r Outlaws --profile "city guard" --scenario collect
    """,
        (
            opt(
                "roster",
                "Your warband: 1 boss, 3 specialists, 6 rookies.",
                "--roster",
                "-r",
                required=True,
            ),
            opt("profile", "OpFor profile (see 'solo profile list').", "--profile", "-p"),
            opt("scenario", "Solitaire scenario (see 'solo scenarios').", "--scenario", "-s"),
            opt("mixed", "Several scenarios at once, e.g. collect,shutdown."),
            opt("setup", "A themed set-up, e.g. the-big-kill."),
            opt("name", "Name of the game."),
            opt("board", "Board width in inches (default 36).", kind="int", low=12, high=120),
            opt(
                "boss_corner",
                "Hostage: the corner beside yours the boss starts in, left (top-left, the "
                "default) or right (bottom-right); he heads for the one across.",
            ),
            DICE,
            SEED,
            JSON,
        ),
        completes=(("roster", "roster"), ("scenario", "solo-scenario")),
    ),
    Command(
        "map",
        "companion.cli.solo_cmd:map_",
        """Draw the battlefield: the grid in inches, spawnpoints and tokens.

    Example:
    companion solo new -r Outlaws --seed 11
    companion solo map
    """,
        (
            GAME,
            JSON,
        ),
    ),
    Command(
        "spawn",
        "companion.cli.solo_cmd:spawn_",
        """Roll an extra spawn now (upkeep rolls one by itself), or explain given spawn dice.

    Example: companion solo spawn --explain 2,2,5,6,6,6
    """,
        (
            opt("explain", "Only explain six spawn dice, e.g. 2,2,5,6,6,6; writes nothing."),
            *ROLLED,
        ),
    ),
    SOLO_ODDS,
    Command(
        "opfor",
        "companion.cli.solo_cmd:opfor",
        """Walk one OpFor fighter through the decision procedure and do what it decides.

    Asks only what the table alone can tell and the flags leave out (one
    question at a time at a terminal; a script is told every flag it lacks),
    says which branch fired and why, rolls a prone fighter's Recover, and
    resolves an attack with the full 1ss resolution. It always ends in orders,
    without the attack when the attack cannot be made.

    Once your fighters have all activated (--dice: its dice, then Robyn's defence):

    Example: companion solo opfor --can-attack --in-cover --target Robyn --dice 2,5,3
    """,
        (
            arg("fighter", "OpFor fighter (default: the next one to act).", default=None),
            opt(
                "can_attack",
                "Can it attack one of your fighters?",
                kind="flag",
                off=("--cannot-attack",),
            ),
            opt("in_cover", "Is it in cover?", kind="flag", off=("--in-open",)),
            switch("los", "Does it see one of your fighters?"),
            opt("target", "Your fighter closest to it (after its move, when it moves to cover)."),
            opt("distraction", 'Your Distraction within 10" of it, which it must target, or none.'),
            opt("leader", 'Higher-ranked OpFor fighter within 15", or none.'),
            opt("ranged", "Shoot or fight (when it can do both).", kind="flag", off=("--melee",)),
            opt(
                "range_", "Inches to its target (shooting).", "--range", kind="int", low=0, high=100
            ),
            opt(
                "target_cover",
                "Whether your fighter is in cover.",
                kind="flag",
                off=("--target-open",),
            ),
            opt(
                "ganging",
                "Other OpFor fighters within 1 step of the target.",
                kind="int",
                low=0,
                high=20,
                default=0,
            ),
            opt(
                "command",
                'For a boss who cannot attack: the OpFor fighter within 5" he orders to '
                "attack, or none.",
            ),
            switch(
                "engaged",
                "Is it within 1 step of one of your fighters? A move away then costs its "
                "second action.",
            ),
            switch(
                "resolve",
                "Resolve its attack at once (default) or leave it to 'companion attack'.",
                default=True,
            ),
            *ROLLED,
        ),
    ),
    Command(
        "token",
        "companion.cli.solo_cmd:token",
        """Pick up (one action of the active fighter), drop or bring home a token.

    Example:
    companion solo new -r Outlaws --scenario collect --seed 11
    companion turn
    companion activate Robyn
    companion solo token T3 pick --by Robyn
    """,
        (
            arg("token_id", "Token id as on the map, e.g. T3, X, Y."),
            arg("action", "pick, drop or home."),
            opt("by", "Your fighter who picks it up."),
            opt("event", "Choose what happens at the event spot instead of rolling."),
            *ACTION,
        ),
    ),
    Command(
        "shutdown",
        "companion.cli.solo_cmd:shutdown_",
        """Try to shut down a device (one action): the fighter's die at or below its stat; an
    Engineer rolls 2 dice keep higher, above his stat.

    Example:
    companion solo new -r Outlaws --scenario shutdown --seed 11
    companion turn
    companion activate John
    companion solo shutdown 3 --by John --dice 4
    """,
        (
            arg("target", "A spawnpoint number, a station (D1) or 'event'."),
            opt("by", "Your fighter who tries.", required=True),
            *ACTION,
        ),
    ),
    Command(
        "question",
        "companion.cli.solo_cmd:question_",
        """The Dark Ritual: question a civilian (one action; a D6 for him, a D6 for the fighter).

    Example:
    companion solo new -r Outlaws --setup the-dark-ritual --seed 11
    companion turn
    companion activate Marian
    companion solo question Marian --dice 5,3
    """,
        (
            FIGHTER,
            *ACTION,
        ),
    ),
    Command(
        "objective",
        "companion.cli.solo_cmd:objective",
        """Declare what only the table can see: a miniature reached its corner or its goal.

    Example:
    companion solo new -r Outlaws --scenario escort --seed 11
    companion solo objective escort-arrived
    """,
        (
            arg("name", "What happened at the table, e.g. escort-arrived."),
            GAME,
            JSON,
        ),
    ),
    Command(
        "provoke",
        "companion.cli.solo_cmd:provoke_",
        """Mark the trek or the hostage boss as attacked at the table without the app (an
    attack made with 'companion attack' provokes by itself): it fights back from now on.

    Example:
    companion solo new -r Outlaws --scenario ambush --seed 11
    companion solo provoke "Trek Grunt 1"
    """,
        (
            FIGHTER,
            GAME,
            JSON,
        ),
    ),
    Command(
        "wound",
        "companion.cli.solo_cmd:wound",
        """Give the Bounty or Hostage boss one wound: his die steps down, his stat halves.

    Example:
    companion solo new -r Outlaws --scenario bounty --seed 11
    companion solo wound "Bounty boss"
    """,
        (
            FIGHTER,
            GAME,
            JSON,
        ),
    ),
    Command(
        "regenerate",
        "companion.cli.solo_cmd:regenerate_",
        """Take or pass on your face-down Regenerator's recovery roll at the next upkeep.

    Example:
    companion roster edit Outlaws John --skill regenerator
    companion solo new -r Outlaws --seed 11
    companion turn
    companion set John --state wounded --wounds 1
    companion attack "Grunt 1" John --dice 1 --opt free=true
    companion solo regenerate John --skip
    """,
        (
            FIGHTER,
            opt(
                "roll",
                "Roll at the next upkeep (default) or stay face down.",
                kind="flag",
                off=("--skip",),
                default=True,
            ),
            GAME,
            JSON,
        ),
    ),
    Command(
        "check",
        "companion.cli.solo_cmd:check_",
        """Check the scenario now: objectives met, won or lost (ends the game when decided).

    Example:
    companion solo new -r Outlaws --seed 11
    companion solo check
    """,
        (
            GAME,
            JSON,
        ),
    ),
    Command(
        "scenarios",
        "companion.cli.solo_cmd:scenarios_",
        """List the solitaire scenarios, the themed set-ups and the events of Investigate.

    Example: companion solo scenarios
    """,
        (JSON,),
    ),
)
# The example profile, saved again before the delete example removes it.
NEW_ORCS = (
    "companion solo profile new orcs --rookie 2 --specialist 4 --boss 6 \\\n"
    "        --specialization brawler --boss-skill command"
)
PROFILE_COMMANDS = (
    Command(
        "new",
        "companion.cli.solo_cmd:profile_new",
        f"""Save an OpFor profile (replaces a saved one of the same name).

    Example:
    {NEW_ORCS}
    """,
        (
            arg("name", "Profile name, e.g. 'city guard'."),
            opt("rookie", "Stat of every OpFor rookie (1-6).", kind="int", required=True),
            opt("specialist", "Stat of every OpFor specialist (1-8).", kind="int", required=True),
            opt("boss", "Stat of every OpFor boss (1-10).", kind="int", required=True),
            opt("specialization", "The specialists' shared skill, e.g. brawler.", required=True),
            opt(
                "boss_skill",
                "The boss's skill besides Command, e.g. minion-master "
                "(command: the specialists' skill).",
                required=True,
            ),
            opt("attacks", "melee, ranged or both.", default="melee"),
            opt("rookie_name", "What spawned rookies are called."),
            opt("specialist_name", "What spawned specialists are called."),
            opt("boss_name", "What spawned bosses are called."),
        ),
    ),
    Command(
        "list",
        "companion.cli.solo_cmd:profile_list",
        """List OpFor profiles, yours and the built-in ones.

    Example: companion solo profile list
    """,
        (JSON,),
    ),
    Command(
        "show",
        "companion.cli.solo_cmd:profile_show",
        """Show one OpFor profile.

    Example: companion solo profile show undead
    """,
        (
            arg("name", "Profile name."),
            JSON,
        ),
    ),
    Command(
        "delete",
        "companion.cli.solo_cmd:profile_delete",
        f"""Delete a saved OpFor profile (built-in ones stay).

    Example:
    {NEW_ORCS}
    companion solo profile delete orcs
    """,
        (arg("name", "Saved profile name."),),
    ),
)
# The subcommands the quick path may run (`quick.GROUPS`).
QUICK = COMMANDS
