"""1ss attacks: melee and ranged, the defence, and everything that follows a hit.

Every rule is a small function named for it. `run_attack` strings them together on a
working `Board` with a `Roller`, so the same code rolls real dice for `attack` and walks
every branch for `odds`.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.check import Check
from companion.core.counting import Row, about
from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState
from companion.names import plural
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.losses import wound
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.state import OneStatFighter, OneStatSolo, OneStatTurn
from companion.trace import Modifier
from companion.values import field, frozen, record, replace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

BANDS = (("short", 5), ("normal", 10), ("long", 15))
MARTIAL_REACH = 5
RANGER_REACH = 15
FORCE_REACH = 20


@frozen
class Attack:
    """What the table told us about one attack."""

    melee: bool
    range: int | None = None
    band: str | None = None
    cover: bool | None = None
    ganging: int = 0
    near: tuple[str, ...] = ()
    splash: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    force: bool = False  # a Force User's hit: defended, never in cover
    crew: FighterState | None = None  # a Fire Team's rookies firing its heavy shooter


@frozen
class Dice:
    count: int
    keep: str | None
    why: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


# --- small rules --------------------------------------------------------------------


def band_of(steps: int) -> str | None:
    """Range bands (R-1SS-02): short up to 5, normal up to 10, long up to 15."""
    for name, limit in BANDS:
        if steps <= limit:
            return name
    return None


def combine(better: list[str], worse: list[str], better_keep: str) -> Dice:
    """Rules that add a second die: those that help and those that hinder the roller
    cancel out; several on one side still mean 2 dice, never 3 (R-1SS-P06)."""
    worse_keep = "l" if better_keep == "h" else "h"
    if better and worse:
        return Dice(
            1,
            None,
            (f"{', '.join(better)} and {', '.join(worse)} cancel out: one die",),
            ("R-1SS-P06",),
        )
    if better:
        return Dice(2, better_keep, tuple(better))
    if worse:
        return Dice(2, worse_keep, tuple(worse))
    return Dice(1, None)


def melee_reach(f: FighterState) -> int:
    """Melee reaches 1 step; a Martial Artist attacks anything within 5"."""
    return MARTIAL_REACH if fx.has(f, "martial-artist") else 1


def cannot_attack(f: FighterState) -> str | None:
    """Skills that forbid every attack action, melee or ranged, and the solo Escort."""
    if OneStatSolo.of(f).cannot_attack:
        return f"{f.name} cannot attack (the Escort is a rookie who never attacks)"
    if fx.has(f, "controller"):
        return f"{f.name} is a Controller and never attacks, in melee or at range"
    if fx.has(f, "shapeshifter") and not fx.animal(f):
        return f"{f.name} cannot attack in humanoid shape (Shapeshifter)"
    return None


def can_melee(d: OneStatData, f: FighterState) -> str | None:
    """Why a fighter cannot attack in melee, or None when it can (R-1SS-P08)."""
    why = cannot_attack(f)
    if why:
        return why
    if fx.carries_heavy(d, f):
        return f"{f.name} carries a heavy shooter and cannot attack in melee (R-1SS-03)"
    if not fx.melee_weapons(d, f) and fx.shooters(d, f) and not fx.has(f, "martial-artist"):
        return (
            f"{f.name} has no melee weapon, only shooters, so it cannot attack in melee "
            "(R-1SS-P08); shoot with --ranged"
        )
    return None


def melee_dice(d: OneStatData, a: FighterState, t: FighterState, opts: Mapping[str, Any]) -> Dice:
    """Attack dice in melee: no weapon 2 keep higher (R-1SS-09); a defender with two
    one-handed weapons makes the attacker keep the higher of 2 (R-1SS-08); Thug, Martial
    Artist and a Maniac's charge roll 2 keep lower."""
    better: list[str] = []
    worse: list[str] = []
    if fx.has(a, "martial-artist"):
        better.append("Martial Artist: 2 dice keep lower")
    elif fx.is_unarmed(d, a):
        worse.append("no weapon: 2 dice keep higher (R-1SS-09)")
    if fx.dual_wields(d, t):
        worse.append(f"{t.name} parries with two one-handed weapons: 2 dice keep higher (R-1SS-08)")
    if fx.has(a, "thug"):
        better.append("Thug: 2 dice keep lower")
    if fx.has(a, "maniac") and opts.get("charge"):
        better.append("Maniac's charge after two straight moves: 2 dice keep lower")
    return combine(better, worse, "l")


def heavy_option(a: FighterState, opts: Mapping[str, Any], state: GameState) -> int:
    """The heavy shooter's option, fixed before the game (R-1SS-03): the carrier's own
    (`act X heavy-option` before turn 1), else the game's (`game new --opt
    heavy_option=N`), else option 1. An attack may name it (--opt heavy) but not change it."""
    fixed = a.flags.get("heavy_option", state.options.get("heavy_option", 1))
    v = opts.get("heavy", fixed)
    if v not in (1, 2, "1", "2"):
        raise UsageError(f"heavy shooter option is 1 or 2, not {v!r}")
    if int(v) != int(fixed):
        raise RefusedError(
            f"{a.name}'s heavy shooter uses option {fixed}, fixed before the game (R-1SS-03)"
        )
    return int(v)


def ranged_dice(
    d: OneStatData,
    a: FighterState,
    band: str,
    steps: int | None,
    opts: Mapping[str, Any],
    state: GameState,
) -> tuple[Dice, str]:
    """Dice of a ranged attack by shooter class and band (R-1SS-02, R-1SS-03), or a
    refusal when the target is out of reach. Returns the dice and the shooter class."""
    classes = fx.shooter_classes(d, a)
    if not classes:
        if any(d.armory[k].shooter == "heavy" for k in fx.shooters(d, a)):
            raise RefusedError(
                f"{a.name} cannot fire the heavy shooter alone: only a standing Fire Team "
                "works it (R-1SS-P12)"
            )
        raise RefusedError(f"{a.name} has no shooter and cannot make a ranged attack")
    if fx.has(a, "thug") or fx.has(a, "meat-shield"):
        role = "Thug" if fx.has(a, "thug") else "Meat Shield"
        raise RefusedError(f"{a.name} is a {role} and never makes ranged attacks")
    if fx.has(a, "berserker"):
        raise RefusedError(f"{a.name} is a Berserker: melee weapons only, no ranged attacks")
    want = opts.get("shooter")
    if want:
        if want not in classes:
            raise UsageError(f"{a.name} has no {want} shooter (it has: {', '.join(classes)})")
        cls = str(want)
    else:
        cls = "heavy" if "heavy" in classes else "medium" if "medium" in classes else "light"
    rookie = (
        " (a rookie's shooter is always light, R-1SS-02)"
        if (a.rank == "rookie" and any(d.armory[k].shooter != "light" for k in fx.shooters(d, a)))
        else ""
    )
    if (
        fx.has(a, "ranger")
        and cls in ("light", "medium")
        and ((steps is not None and steps <= RANGER_REACH) or (steps is None and band != "beyond"))
    ):
        return Dice(2, "l", (f'Ranger with a {cls} shooter: 2 dice keep lower within 15"',)), cls
    if cls == "light":
        if band == "short":
            return Dice(
                1, None, (f"light shooter at short range: 1 die{rookie}",), ("R-1SS-02",)
            ), cls
        if band == "normal":
            if classes.count("light") >= 2:
                return Dice(1, None, ("two one-handed shooters at normal range: 1 die",)), cls
            return Dice(
                2,
                "h",
                (f"light shooter at normal range: 2 dice keep higher{rookie}",),
                ("R-1SS-02",),
            ), cls
        raise RefusedError(
            f"{a.name}'s light shooter reaches normal range (10) at most{rookie}; the target "
            f"is at {'long range' if band == 'long' else 'more than 15'}"
            + (f" ({steps} steps)" if steps is not None else "")
        )
    if cls == "medium":
        table = {"short": (2, "l"), "normal": (1, None), "long": (2, "h")}
        if band not in table:
            raise RefusedError(f"{a.name}'s medium shooter reaches 15 at most (long range)")
        n, k = table[band]
        spec = "1 die" if n == 1 else f"2 dice keep {'lower' if k == 'l' else 'higher'}"
        return Dice(n, k, (f"medium shooter at {band} range: {spec}",), ("R-1SS-02",)), cls
    option = heavy_option(a, opts, state)
    if option == 2:
        if band not in ("short", "normal", "long"):
            raise RefusedError(f"{a.name}'s heavy shooter reaches 15 at most (long range)")
        return Dice(
            2,
            "h",
            (f"heavy shooter, option 2, at {band} range: 2 dice keep higher",),
            ("R-1SS-03",),
        ), cls
    if band == "short":
        return Dice(
            1, None, ("heavy shooter, option 1, at short range: 1 die",), ("R-1SS-03",)
        ), cls
    if band == "normal" or (band == "long" and OneStatFighter.of(a).crew):
        why = "a Fire Team at long range" if band == "long" else "at normal range"
        return Dice(
            2, "h", (f"heavy shooter, option 1, {why}: 2 dice keep higher",), ("R-1SS-03",)
        ), cls
    raise RefusedError(
        f"{a.name}'s heavy shooter (option 1) reaches normal range (10) at most; only a "
        "standing Fire Team fires it at long range (R-1SS-03, R-1SS-P12)"
    )


def attack_modifiers(
    a: FighterState, melee: bool, ganging: int, opts: Mapping[str, Any]
) -> list[Modifier]:
    """Modifiers to the attack die (R-1SS-01): ganging up, Fighter/Gunner, Veteran, Preacher."""
    mods = []
    if melee and ganging:
        mods.append(
            Modifier(
                -ganging,
                f"ganging up: {plural(ganging, 'other friendly fighter')} within 1 step",
                "R-1SS-01",
            )
        )
    if melee and fx.has(a, "fighter"):
        mods.append(Modifier(-1, "Fighter role, melee attack", "R-1SS-01"))
    if not melee and fx.has(a, "gunner"):
        mods.append(Modifier(-1, "Gunner role, ranged attack", "R-1SS-01"))
    if fx.has(a, "veteran"):
        mods.append(Modifier(-1, "Veteran", "R-1SS-01"))
    if a.rank == "rookie" and _preached(opts, "attacker"):
        mods.append(Modifier(-1, 'a friendly Preacher within 3"', "R-1SS-01"))
    return mods


def defence_modifiers(t: FighterState, how: str, opts: Mapping[str, Any]) -> list[Modifier]:
    """Modifiers to the defence die (R-1SS-01): Fighter vs ranged -1, Gunner vs melee -1,
    Veteran +1, Preacher +1 for rookies."""
    mods = []
    if how == "ranged" and fx.has(t, "fighter"):
        mods.append(Modifier(-1, "Fighter role defending a ranged attack", "R-1SS-01"))
    if how == "melee" and fx.has(t, "gunner"):
        mods.append(Modifier(-1, "Gunner role defending a melee attack", "R-1SS-01"))
    if fx.has(t, "veteran"):
        mods.append(Modifier(1, "Veteran", "R-1SS-01"))
    if t.rank == "rookie" and _preached(opts, "defender"):
        mods.append(Modifier(1, 'a friendly Preacher within 3"', "R-1SS-01"))
    return mods


def _preached(opts: Mapping[str, Any], who: str) -> bool:
    v = opts.get("preacher")
    return v in (who, "both") or (v is True and who == "defender")


def cover_reasons(
    d: OneStatData, t: FighterState, atk: Attack, a: FighterState | None
) -> tuple[list[str], list[str]]:
    """Cover (forest, house, shield, Meat Shield) = defence with 2 dice keep higher; a
    Sniper's targets and a Force User's never count as in cover. Returns (cover, notes)."""
    reasons = []
    if atk.cover:
        reasons.append("in cover (terrain)")
    if fx.has_shield(d, t):
        reasons.append("carries a shield")
    # A shield, and a Meat Shield near its leaders, are in cover wherever they stand: no
    # terrain answer (--no-cover) takes that away (R-1SS-P19).
    if fx.has(t, "meat-shield") and atk.options.get("meat_shield", True):
        reasons.append('Meat Shield within 5" of its specialist or boss')
    notes = []
    if reasons and atk.force:
        notes.append("a Force User's target never counts as in cover")
        reasons = []
    if reasons and a is not None and not atk.melee and fx.has(a, "sniper"):
        notes.append(f"{a.name} is a Sniper: the target does not count as in cover")
        reasons = []
    return reasons, notes


# --- the resolution -------------------------------------------------------------------


@record
class Ctx:
    d: OneStatData
    board: Board
    roller: Roller
    atk: Attack
    hits: int = 0
    counter_wounds: list[str] = field(default_factory=list)


def defend(
    ctx: Ctx,
    by: FighterState,
    tid: str,
    how: str,
    atotal: int | None,
    title: str,
    may_defend_prone: bool = False,
    counter: bool = False,
) -> bool:
    """The target defends a hit: its die above its stat holds (R-1SS-01); a wounded fighter
    cannot defend (R-1SS-05). Returns True when the hit became a wound."""
    board, roller, d, atk = ctx.board, ctx.roller, ctx.d, ctx.atk
    t = board.fighter(tid)
    if t.out:
        return False
    if OneStatSolo.of(t).ladder:
        from companion.systems.one_stat.solo.bounty import on_last_die

        if on_last_die(t):  # the Bounty boss's final die: no defence (R-1SS-S11)
            roller.info(title, f"{t.name} is on his last die, D{t.die}: no defence", ("R-1SS-S11",))
            wound(board, roller, tid, "hit on his last die")
            return True
    if t.status in ("wounded", "face-down") and not may_defend_prone:
        roller.info(
            title,
            f"{t.name} is wounded and cannot defend: the hit is a wound",
            ("R-1SS-05",),
        )
        wound(board, roller, tid, "hit while wounded")
        return True
    sides, stat, who = t.die, t.stat, t.name
    notes: list[str] = []
    tank_id = atk.options.get("tank") if not counter else None
    better: list[str] = []
    if tank_id:
        tank = board.fighter(str(tank_id))
        if not fx.has(tank, "tank") or tank.side != t.side or not fx.in_play(tank):
            raise UsageError(f"--opt tank={tank.name}: that is not a friendly Tank in play")
        if tank.id != t.id:
            sides, stat = tank.die, tank.stat
            notes.append(
                f"in base contact with the Tank {tank.name}: uses its stat {stat} and D{sides}"
            )
    if fx.has(t, "tank") and how != "fall":  # a fall is defended with one die (R-1SS-P18)
        better.append("Tank: 2 dice keep higher")
    cover, cnotes = cover_reasons(d, t, atk, by) if how != "fall" else ([], [])
    notes += cnotes
    if cover:
        better.append("cover: " + ", ".join(cover))
    worse = []
    if how == "melee" and fx.has(by, "brawler") and not counter:
        worse.append(f"{by.name} is a Brawler: 2 dice keep lower")
    if len(better) > 1:
        notes.append("several reasons for 2 dice keep higher still mean 2 dice (R-1SS-P06)")
    dice = combine(better[:1] if better else [], worse, "h")
    notes += [w for w in dice.why if "cancel" in w]
    animal = fx.animal(t) and how != "fall"
    mods = defence_modifiers(t, how, atk.options) if how != "fall" else []
    check = Check(
        title,
        who,
        sides=sides,
        count=dice.count,
        keep=dice.keep,
        target=stat,
        compare="<" if animal else ">",
        modifiers=tuple(mods),
        success_text="defended",
        failure_text="not defended: a wound",
        rulings=("R-1SS-01", *dice.rulings),
        notes=tuple(
            (["dice: " + "; ".join(better)] if better and dice.count == 2 else [])
            + ([f"dice: {worse[0]}"] if worse and dice.count == 2 else [])
            + (["animal form defends below its stat (Shapeshifter)"] if animal else [])
            + notes
        ),
    )
    ok, dtotal = roller.check(check)
    if (
        how == "melee"
        and not counter
        and dtotal is not None
        and atotal is not None
        and dtotal < atotal
    ):
        roller.info(
            "Push back",
            f"{t.name}'s defence ({dtotal}) is below the attack ({atotal}): it may be pushed 1\" "
            "straight away from the attacker",
        )
    if ok:
        return False
    wound(board, roller, tid, f"hit by {by.name}")
    if how == "melee" and not counter and fx.has(t, "warrior") and fx.in_play(by):
        ctx.roller.info("Warrior", f"{t.name} strikes back: {by.name} must defend or take a wound")
        before = board.fighter(by.id)
        hurt = defend(
            ctx, t, by.id, "melee", None, f"{by.name} defends the counter-attack", counter=True
        )
        after = board.fighter(by.id)
        if hurt and (after.status, after.wounds) != (before.status, before.wounds):
            ctx.counter_wounds.append(by.name)
    return True


def one_attack(ctx: Ctx, aid: str, tid: str, splash: bool = False) -> str:
    """One attack roll and what follows it. Returns the id of the fighter actually attacked."""
    d, board, roller, atk = ctx.d, ctx.board, ctx.roller, ctx.atk
    a = atk.crew if atk.crew is not None and atk.crew.id == aid else board.fighter(aid)
    t = board.fighter(tid)
    if atk.melee:
        dice = melee_dice(d, a, t, atk.options)
        how = "melee"
    elif atk.force:
        dice, how = Dice(1, None), "force"
    else:
        band = atk.band or "short"
        dice, _ = ranged_dice(d, a, band, atk.range, atk.options, board.state)
        how = "ranged"
        if atk.near and not splash:
            if fx.has(a, "sniper"):
                roller.info(
                    "Shooting into melee",
                    f"{a.name} is a Sniper: always hits the intended target",
                    ("R-1SS-10",),
                )
            else:
                into = Check(
                    "Shooting into melee",
                    a.name,
                    sides=6,
                    target=3,
                    compare="<=",
                    success_text=f"the shot goes to {t.name}",
                    failure_text="the shot goes to another fighter nearby",
                    rulings=("R-1SS-10",),
                )
                if not roller.check(into):
                    names = {board.fighter(n).name: n for n in atk.near}
                    hit_one = Check(
                        "Which fighter is hit", a.name, len(names), options=tuple(names)
                    )
                    tid = names[str(roller.check(hit_one).chosen)]
                    t = board.fighter(tid)
    mods = attack_modifiers(a, atk.melee, atk.ganging, atk.options)
    animal = fx.animal(a) and atk.melee
    title = (
        f"{a.name} attacks {t.name}" if not atk.force else f"{a.name} strikes {t.name} (Force User)"
    )
    roll = Check(
        title,
        a.name,
        sides=a.die,
        count=dice.count,
        keep=dice.keep,
        target=a.stat,
        compare=">=" if animal else "<=",
        modifiers=tuple(mods),
        success_text="hit",
        failure_text="miss",
        rulings=("R-1SS-01", *dice.rulings),
        notes=tuple(f"dice: {w}" for w in dice.why)
        + (("animal form hits on its stat or above (Shapeshifter)",) if animal else ()),
    )
    hit, atotal = roller.check(roll)
    if not hit and atk.force and fx.has_magic(d, a):
        # The Force User's strike is its skill check: a magic device rolls it again (R-1SS-09).
        roller.info("Magic device", "a failed skill roll may be rolled again", ("R-1SS-09",))
        hit, atotal = roller.check(replace(roll, title=title + " (again)"))
    if not hit:
        if atk.force:
            roller.info("Force User fails", f"{a.name} takes a wound from its own power")
            wound(board, roller, aid, "a failed Force User roll")
        return tid
    ctx.hits += 1
    # Lying wounded before the attack: no defence against either hit (R-1SS-P07).
    was_down = board.fighter(tid).status in ("wounded", "face-down")
    wounded = defend(ctx, a, tid, how, atotal, f"{board.fighter(tid).name} defends")
    if wounded and atk.melee and fx.two_handed_melee(d, a) and fx.in_play(board.fighter(tid)):
        roller.info(
            "Two-handed weapon",
            f"an undefended hit: {board.fighter(tid).name} must defend a second hit"
            + (" (it lay wounded already: it cannot)" if was_down else ""),
            ("R-1SS-P07",),
        )
        defend(
            ctx,
            a,
            tid,
            how,
            None,
            f"{board.fighter(tid).name} defends the second hit",
            may_defend_prone=not was_down,
        )
    if wounded and how == "ranged" and _is_heavy2(ctx, a) and fx.in_play(board.fighter(tid)):
        roller.info(
            "Heavy shooter, option 2", "an undefended hit causes one more wound", ("R-1SS-03",)
        )
        wound(board, roller, tid, "heavy shooter option 2")
    return tid


def _is_heavy2(ctx: Ctx, a: FighterState) -> bool:
    if not fx.carries_heavy(ctx.d, a) or ctx.atk.options.get("shooter") not in (None, "heavy"):
        return False
    return heavy_option(a, ctx.atk.options, ctx.board.state) == 2


def run_attack(ctx: Ctx, aid: str, tid: str) -> str:
    """The attack on its target, with the Berserker's second attack. Returns the id of
    the fighter actually attacked (a shot into melee may go to another)."""
    actual = one_attack(ctx, aid, tid)
    a = ctx.board.fighter(aid)
    if (
        ctx.atk.melee
        and fx.has(a, "berserker")
        and fx.in_play(ctx.board.fighter(actual))
        and a.status == "upright"
    ):
        ctx.roller.info("Berserker", f"{a.name} attacks a second time")
        one_attack(ctx, aid, actual)
    return actual


def splash_attacks(ctx: Ctx, state: GameState, aid: str) -> list[Row]:
    """Heavy option 1: everyone within 2" of the target is attacked too, one by one, hit
    or miss (R-1SS-03). Each such fighter's fate is a row of its own in the odds table
    (with its rank): the rows of the target, then those of each fighter nearby."""
    rows = []
    for n, sid in enumerate(ctx.atk.splash):
        if sid == aid or not fx.in_play(ctx.board.fighter(sid)):
            continue
        ctx.roller.info(
            "Heavy shooter, option 1",
            f'{ctx.board.fighter(sid).name} is within 2" of the target and is attacked too',
            ("R-1SS-03",),
        )
        hits = ctx.hits
        one_attack(ctx, aid, sid, splash=True)
        lab = label(state.fighter(sid), ctx.board.fighter(sid), ctx.hits - hits)
        name = state.fighter(sid).name
        rank = (n + 1) * SPLASH_RANK + _base(lab)
        rows.append(about(sid, name, lab, rank, f'{name} (within 2"): {lab}'))
    return rows


def label(before: FighterState, after: FighterState, hits: int) -> str:
    """The final outcome of an attack for its target."""
    if after.out and not before.out:
        return "out"
    if after.wounds > before.wounds or after.status != before.status:
        return "wounded"
    if OneStatTurn.of(after).boss_wound_ignored and not OneStatTurn.of(before).boss_wound_ignored:
        return "wound ignored (boss)"
    return "defended" if hits else "miss"


ORDER = ["miss", "defended", "wound ignored (boss)", "wounded", "out"]
# Ranks of the odds table's rows: the target's own (a shot gone to a fighter nearby after
# them, by name), then each fighter a heavy shot splashes, in the order given.
SPLASH_RANK = 1_000_000
INSTEAD_RANK = 100_000
COUNTER = " + counter-attack wounds the attacker"


def _base(lab: str) -> int:
    return ORDER.index(lab) * 1000


def odds_row(state: GameState, ctx: Ctx, actual: str, target: str) -> Row:
    """The row of the odds table an attack's end falls in, with its rank: the rules' order
    of results, a counter-attack after the same result without one, a shot gone astray
    after those that hit the target, by the name of the fighter it hit. The target's
    own rows say its result alone ("miss")."""
    before = state.fighter(actual)
    lab = label(before, ctx.board.fighter(actual), ctx.hits)
    rank, text = _base(lab), lab
    if actual != target:
        nearby = sorted(state.fighter(n).name + " hit instead: " for n in ctx.atk.near)
        rank += INSTEAD_RANK + 2 * nearby.index(before.name + " hit instead: ")
        text = f"{before.name} hit instead: {lab}"
    if ctx.counter_wounds:
        text += COUNTER
        rank += 1
    return about(actual, before.name, lab, rank, text)
