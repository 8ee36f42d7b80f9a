"""SKIRMASHED attacks: hit dice against the modified Boom! or Hack, block dice against the
modified Manoeuvre, damage against Stamina, and the charger shot as it comes in.

`run_attack` is the rule code on any roller: with dice it writes the explanation, over
every branch it gives the exact odds (the same code, so the two cannot disagree).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.check import Check
from companion.core.roller import Roller
from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState
from companion.systems.kit.plugin import no_shot, opponents
from companion.systems.records import ActionRequest
from companion.systems.skirmashed.data import FIGHTER, SkmData
from companion.systems.skirmashed.state import Activation
from companion.systems.skirmashed.turns import EXHAUSTED, stamina_check
from companion.values import frozen, replace


@frozen
class Figure:
    """A figure as an attack sees it, and as it changes during one."""

    id: str
    name: str
    stats: Mapping[str, int]
    fighter: bool
    damage: int = 0
    exhausted: bool = False
    dead: bool = False

    def stat(self, key: str) -> int:
        return int(self.stats.get(key, 0))

    @staticmethod
    def of(f: FighterState) -> Figure:
        return Figure(f.id, f.name, f.stats, f.rank == FIGHTER, f.wounds, f.token, f.out)


@frozen
class Attack:
    """One attack as declared: who, how, and the facts the table gave."""

    attacker: Figure
    target: Figure
    ranged: bool
    focused: bool = False
    range_: int | None = None
    band: str | None = None  # short | normal | long, when no distance is given
    cover: str = "none"
    charging: bool = False
    blocking: bool = False
    #: the charger shot as it comes in: no hit modifiers at all (R-SKM-P06)
    plain: bool = False
    damage_stat: str = "boom"
    #: melee damage played as the text's Boom! (R-SKM-01's option), when the attacker has one
    literal: bool = False


def modified(value: int, parts: list[str], mods: list[tuple[int, str]]) -> tuple[int, list[str]]:
    """A stat with its modifiers added, each written down with its reason."""
    for v, why in mods:
        value += v
        parts.append(f"{v:+d} {why}")
    if mods:
        parts[-1] += f" = {value}"
    return value, parts


def range_band(d: SkmData, atk: Attack) -> str | None:
    """short (within 6"), normal or long (outside 24"), from the inches or the band given.
    A target at exactly 6" is within 6"; exactly 24" is not outside it (R-SKM-P09)."""
    if not atk.ranged:
        return None
    if atk.range_ is None:
        return atk.band
    if atk.range_ <= d.hit["near_range"]:
        return "short"
    return "long" if atk.range_ > d.hit["far_range"] else "normal"


def hit_target(d: SkmData, atk: Attack) -> tuple[int, list[str]]:
    """The modified Boom! (ranged) or Hack (melee) the hit dice must roll above."""
    a = atk.attacker
    key = "boom" if atk.ranged else "hack"
    label = "Boom!" if atk.ranged else "Hack"
    value = a.stat(key)
    parts = [f"{a.name}'s {label} {value}"]
    mods: list[tuple[int, str]] = []
    if atk.plain:
        parts.append("no modifiers: shooting a charger (R-SKM-P06)")
    else:
        band = range_band(d, atk)
        if band == "short":
            mods.append((d.hit["near"], f'within {d.hit["near_range"]}" (R-SKM-P09)'))
        elif band == "long":
            mods.append((d.hit["far"], f'outside {d.hit["far_range"]}" (R-SKM-P09)'))
        if not atk.ranged and a.fighter:
            mods.append((d.hit["fighter"], "a fighter"))
        if atk.focused:
            mods.append((d.hit["focused"], "focused"))
        if not atk.ranged and atk.charging:
            mods.append((d.hit["charging"], "charging (R-SKM-P10)"))
    if atk.ranged and atk.range_ is None and atk.band is None and not atk.plain:
        parts.append("(no distance given: no range modifier, R-SKM-P09)")
    return modified(value, parts, mods)


def armour_piercing(d: SkmData, power: int, manoeuvre: int) -> tuple[int, str]:
    """The one best-fitting of +3 / +2 / +1 (R-SKM-02); 0 when the attack is stronger."""
    if 2 * power <= manoeuvre:
        return d.block["half"], "half or less of"
    if power < manoeuvre:
        return d.block["less"], "less than"
    if power == manoeuvre:
        return d.block["equal"], "equal to"
    return 0, ""


def block_target(d: SkmData, atk: Attack, target: Figure) -> tuple[int, list[str]]:
    """The modified Manoeuvre each block die must roll above (R-SKM-02, R-SKM-03)."""
    a = atk.attacker
    power_key, power_label = ("firepower", "Firepower") if atk.ranged else ("fight", "Fight")
    man = target.stat("manoeuvre")
    value = man
    parts = [f"{target.name}'s Manoeuvre {man}"]
    mods: list[tuple[int, str]] = []
    ap, how = armour_piercing(d, a.stat(power_key), man)
    if ap:
        mods.append((ap, f"{power_label} {a.stat(power_key)} {how} Manoeuvre {man}"))
    if target.exhausted:
        mods.append((d.block["exhausted"], "exhausted"))
    if atk.ranged and atk.cover == "soft":
        mods.append((d.block["soft_cover"], "soft cover"))
    if atk.ranged and atk.cover == "hard":
        mods.append((d.block["hard_cover"], "hard cover"))
    if atk.blocking:
        mods.append((d.block["blocking"], "actively blocking"))
    value = modified(value, parts, mods)[0]
    if value >= d.die:
        parts[-1] += f": {value} or more on a D{d.die}, no block possible (R-SKM-03)"
    elif value <= 0:
        parts[-1] += ": 0 or less, every block succeeds (R-SKM-03)"
    return value, parts


@frozen
class Result:
    """What one attack did, for the odds table and the summary."""

    hits: int
    unblocked: int
    damage: int
    killed: bool


def strike(d: SkmData, atk: Attack, figures: dict[str, Figure], roller: Roller) -> Result:
    """Hit dice, block dice and damage of one attack, on any roller."""
    a, t = figures[atk.attacker.id], figures[atk.target.id]
    need, hit_notes = hit_target(d, replace(atk, attacker=a))
    power = a.stat("firepower" if atk.ranged else "fight")
    hits = int(
        roller.check(
            Check(
                f"To hit ({'shooting' if atk.ranged else 'melee'})",
                a.name,
                sides=d.die,
                count=power,
                target=need,
                compare=">",
                auto_success=d.hit["natural_hit"],
                auto_fail=d.hit["natural_miss"],
                each=True,
                text="{n} of {count} hit",
                rulings=("R-SKM-03",),
                notes=(" ".join(hit_notes), "a natural 10 always hits, a natural 1 always misses"),
                purpose=f"{a.name}'s {'shots' if atk.ranged else 'blows'}",
            )
        ).total
        or 0
    )
    guard, block_notes = block_target(d, replace(atk, attacker=a), t)
    if hits and (guard >= d.die or guard <= 0):
        # Dice that cannot change the result are not asked for (R-SKM-03).
        blocked = 0 if guard >= d.die else hits
        roller.info(
            "Block",
            f"{t.name}: {'no hit can be blocked' if blocked == 0 else 'every hit is blocked'}"
            f" ({blocked} of {hits} blocked); no block dice rolled",
            rulings=("R-SKM-02", "R-SKM-03"),
            notes=(" ".join(block_notes),),
        )
        return finish_strike(d, atk, figures, roller, a, t, hits, hits - blocked)
    blocked = int(
        roller.check(
            Check(
                "Block",
                t.name,
                sides=d.die,
                count=hits,
                target=guard,
                compare=">",
                each=True,
                text="{n} of {count} blocked",
                rulings=("R-SKM-02", "R-SKM-03"),
                notes=(" ".join(block_notes),),
                purpose=f"{t.name}'s blocks",
            )
        ).total
        or 0
    )
    return finish_strike(d, atk, figures, roller, a, t, hits, hits - blocked)


def finish_strike(
    d: SkmData,
    atk: Attack,
    figures: dict[str, Figure],
    roller: Roller,
    a: Figure,
    t: Figure,
    hits: int,
    unblocked: int,
) -> Result:
    """The damage of the hits not blocked, and whether it kills."""
    per = a.stat(atk.damage_stat)
    damage = unblocked * per
    total = t.damage + damage
    stamina = t.stat("stamina")
    killed = total >= stamina
    label = {"boom": "Boom!", "hack": "Hack"}[atk.damage_stat]
    if atk.literal and atk.damage_stat == "hack":
        label += " (no Boom! to use: R-SKM-P14)"
    roller.info(
        "Damage",
        f"{unblocked} unblocked x {label} {per} = {damage}; {t.name} has taken {total} of "
        f"Stamina {stamina}: " + ("killed" if killed else f"{stamina - total} left"),
        rulings=("R-SKM-05",)
        + (("R-SKM-01",) if not atk.ranged else ())
        + (("R-SKM-P14",) if atk.literal and atk.damage_stat == "hack" else ()),
    )
    figures[t.id] = replace(t, damage=total, dead=killed)
    return Result(hits, unblocked, damage, killed)


def check_charge(name: str, did: tuple[str, ...], now: bool) -> None:
    """A charge needs a move into contact this activation (R-SKM-P13): never after a focus,
    and not in an attack made before any move; odds asked before moving may plan one."""
    if "focus" in did:
        raise RefusedError(f"{name} focused and gave up its move: it cannot charge")
    if "move" in did or "run" in did:
        return
    if now:
        raise RefusedError(
            f"{name} has not moved this activation, so it began in contact and is not "
            f"charging: record the move first ('companion act {name} move' or run)"
        )


def planned(name: str, did: tuple[str, ...], focused: Any, now: bool) -> tuple[str, ...]:
    """What the activation has done, with a focus the odds may assume (R-SKM-P16): a
    player compares before committing; an attack itself reads only what was recorded."""
    if focused is None or bool(focused) == ("focus" in did):
        return did
    if now:
        if focused:
            raise RefusedError(
                f"{name} has not focused this activation: record it first "
                f"('companion act {name} focus')"
            )
        raise RefusedError(f"{name} focused this activation: its attack is focused")
    if not focused:
        return tuple(x for x in did if x != "focus")
    if did:
        raise RefusedError(f"{name} has done {' then '.join(did)}: it can no longer focus")
    return ("focus",)


@frozen
class Charge:
    """A melee attack with what comes before and after it."""

    melee: Attack
    shoot_first: bool = False
    #: the charger actively blocks the shot as it comes in (R-SKM-P11)
    charger_blocks: bool = False


def blocker_check(d: SkmData, figures: dict[str, Figure], fid: str, roller: Roller) -> None:
    """An active blocker still alive takes its stamina check once the attack is over."""
    f = figures[fid]
    if f.dead or f.exhausted:
        return
    if stamina_check(d, f.name, f.stat("stamina"), roller, own=False) == EXHAUSTED:
        figures[fid] = replace(f, exhausted=True)


def run_charge(d: SkmData, plan: Charge, roller: Roller) -> tuple[Result, dict[str, Figure]]:
    """The whole attack: the charger shot first if the target chose to, the shooter's
    stamina check, the attack itself, then the active blocker's stamina check."""
    atk = plan.melee
    figures = {atk.attacker.id: atk.attacker, atk.target.id: atk.target}
    if plan.shoot_first:
        roller.info(
            "Shooting the charger",
            f"{atk.target.name} shoots {atk.attacker.name} as it comes in",
            ("R-SKM-P06",),
        )
        shot = Attack(atk.target, atk.attacker, ranged=True, plain=True)
        strike(d, replace(shot, blocking=plan.charger_blocks), figures, roller)
        if plan.charger_blocks:
            # The charger checks at once and, exhausted or not, goes on (R-SKM-P11).
            blocker_check(d, figures, atk.attacker.id, roller)
        shooter = figures[atk.target.id]
        check = stamina_check(d, shooter.name, shooter.stat("stamina"), roller, own=False)
        if check == EXHAUSTED:
            figures[shooter.id] = replace(shooter, exhausted=True)
        if figures[atk.attacker.id].dead:
            roller.info("Charge", f"{atk.attacker.name} falls before striking")
            return Result(0, 0, 0, False), figures
    blocking = atk.blocking
    if blocking and figures[atk.target.id].exhausted:
        roller.info("No active block", f"{atk.target.name} is now exhausted: it cannot block")
        blocking = False
    result = strike(d, replace(atk, blocking=blocking), figures, roller)
    if blocking:
        blocker_check(d, figures, atk.target.id, roller)
    return result, figures


def build(
    d: SkmData,
    state: GameState,
    actor: str,
    target: str | None,
    o: Mapping[str, Any],
    now: bool = False,
) -> Charge:
    """An attack checked against the rules, from the facts the table gave. `now` says the
    attack is being made (not only its odds asked), so the activation so far is final."""
    fa, ft = opponents(state, ActionRequest("attack", actor, target))
    a, t = Figure.of(fa), Figure.of(ft)
    did = planned(a.name, Activation.of(fa).did, o.get("focused"), now)
    if o.get("charging") and not o.get("ranged"):
        check_charge(a.name, did, now)
    ranged = bool(o.get("ranged"))
    if ranged and a.fighter:
        raise no_shot(a.name, "a fighter never shoots")
    if ranged and o.get("engaged"):
        raise RefusedError(f"{a.name} has an enemy in base contact and cannot shoot")
    if ranged and "run" in did:
        raise RefusedError(f"after a run {a.name} may only attack in melee")
    blocking = bool(o.get("block"))
    if blocking and t.exhausted:
        raise RefusedError(f"{t.name} is exhausted and cannot actively block")
    # A melee attack after a move is a charge unless the table says the figure began in
    # contact with this target all the same (R-SKM-P13); after a run it always is (R-SKM-P10).
    moved = "move" in Activation.of(fa).did
    charging = not ranged and (bool(o.get("charging", moved)) or "run" in did)
    shoot_first = bool(o.get("shoot_first"))
    if shoot_first:
        if not charging:
            raise RefusedError(f"only a charger can be shot as it comes in; {a.name} is not one")
        if t.fighter:
            raise RefusedError(f"{t.name} is a fighter: it cannot shoot the charger")
        if t.exhausted:
            raise RefusedError(f"{t.name} is exhausted: it cannot shoot the charger")
        if o.get("target_engaged"):
            raise RefusedError(
                f"{t.name} has another enemy in base contact: it cannot shoot the charger"
            )
    damage_stat = "boom" if ranged else "hack"
    # The attack's own answer, yes or no, overrides the game's option.
    boom_option = o.get("melee_damage_boom", state.options.get("melee-damage-boom"))
    literal = not ranged and bool(boom_option)
    if literal and "boom" in a.stats:
        damage_stat = "boom"  # the literal text (R-SKM-01's named option)
    # A fighter's card may leave Boom! out (it has no gun): then its Hack (R-SKM-P14).
    if o.get("range") is not None and o.get("band"):
        raise UsageError("give the distance or the range band, not both")
    cover = str(o.get("cover") or "none")
    rng = o.get("range")
    melee = Attack(
        a,
        t,
        ranged,
        focused="focus" in did,
        range_=int(rng) if rng is not None and ranged else None,
        band=str(o["band"]) if o.get("band") and ranged else None,
        cover=cover if ranged else "none",
        charging=charging,
        blocking=blocking,
        damage_stat=damage_stat,
        literal=literal,
    )
    return Charge(melee, shoot_first, shoot_first and bool(o.get("charger_blocks")))
