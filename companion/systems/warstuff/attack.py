"""The set-up of a WarStuff attack: the units, the checks, the Quality modifiers.

The hit table (R-WS-01) lives here as a plain function, used by the rule code in combat.py
(which gives both the dice resolution and the exact odds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import RefusedError, UsageError
from companion.game.events import Change, set_fighter
from companion.game.state import FighterState, GameState
from companion.names import match
from companion.systems.base import ActionRequest
from companion.systems.kit.plugin import no_shot, opponents
from companion.systems.kit.state import Stunned
from companion.systems.warstuff.data import WarStuffData
from companion.trace import Modifier, Step
from companion.values import frozen

# What each final result of an attack is called, in the order odds are shown.
RESULTS = ("killed", "wounded and stunned", "wounded", "stunned", "no effect")


def need_to_hit(attacker_q: int, defender_q: int) -> int:
    """The D6 score needed to hit: 4+ at equal Quality, one step per point (R-WS-01)."""
    return max(2, min(6, 4 + defender_q - attacker_q))


@frozen
class Unit:
    """A unit as a resolution sees it, and as it changes during one."""

    id: str
    name: str
    quality: int  # its own Quality, unmodified
    rules: frozenset[str]
    wounds: int = 0
    stunned: bool = False
    dead: bool = False

    def has(self, rule: str) -> bool:
        return rule in self.rules

    @property
    def current(self) -> int:
        """Quality as it stands: a stunned unit counts as Quality 0."""
        return 0 if self.stunned else self.quality

    @staticmethod
    def of(f: FighterState) -> Unit:
        return Unit(
            f.id,
            f.name,
            int(f.stats.get("quality", 0)),
            frozenset(f.skills),
            f.wounds,
            Stunned.of(f).stunned,
            f.out,
        )


def unit_changes(before: Unit, after: Unit) -> list[Change]:
    out: list[Change] = []
    if after.wounds != before.wounds:
        out.append(set_fighter(after.id, "wounds", after.wounds))
    if after.stunned != before.stunned and not after.dead:
        out += Stunned.set(after.id, stunned=after.stunned)
    if after.dead and not before.dead:
        out.append(set_fighter(after.id, "status", "out"))
        if before.stunned:
            out += Stunned.set(after.id, stunned=False)
    return out


# --- the set-up of an attack -------------------------------------------------------------


@frozen
class Attack:
    attacker: Unit
    defender: Unit
    ranged: bool
    entangle: bool
    cover: bool
    att_mods: tuple[Modifier, ...]
    def_mods: tuple[Modifier, ...]
    range_: int | None
    brutal_targets: tuple[str, ...] = ()
    deathblow_targets: tuple[str, ...] = ()

    @property
    def melee(self) -> bool:
        return not self.ranged

    def _intimidates(self, unit: Unit, other: Unit) -> bool:
        """Whether `unit` makes `other` take a morale test before this melee: it is
        Intimidating and `other` is not (R-WS-P05)."""
        return self.melee and unit.has("intimidating") and not other.has("intimidating")

    @property
    def intimidated_defender(self) -> bool:
        return self._intimidates(self.attacker, self.defender)

    @property
    def intimidated_attacker(self) -> bool:
        return self._intimidates(self.defender, self.attacker)

    @property
    def frenzy(self) -> bool:
        return self.melee and self.attacker.has("frenzy")

    @property
    def pinning(self) -> bool:
        return self.ranged and not self.entangle and self.attacker.has("pinning")


def shooting_range(d: WarStuffData, u: Unit, entangle: bool) -> int | None:
    if entangle:
        return d.rules["entangle"].range
    ranges = [d.rules[r].range for r in u.rules if r.startswith("shooter-") and r in d.rules]
    return max((r for r in ranges if r is not None), default=None)


def quality_mods(
    d: WarStuffData, a: Unit, t: Unit, ranged: bool, cover: bool
) -> tuple[list[Modifier], list[Modifier]]:
    """Fixed Quality modifiers of attacker and defender (Frenzy's D3 comes later)."""
    am: list[Modifier] = []
    dm: list[Modifier] = []
    if t.has("armored"):
        dm.append(Modifier(1, f"{t.name} is Armored", "R-WS-01"))
    if ranged:
        if a.has("power-shot"):
            am.append(Modifier(1, f"{a.name}'s Power Shot", "R-WS-01"))
        if t.has("large"):
            am.append(Modifier(1, f"shooting at Large {t.name}", "R-WS-01"))
        if t.has("small"):
            dm.append(Modifier(1, f"{t.name} is Small and shot at", "R-WS-01"))
        in_cover = cover or t.has("camouflaged")
        if in_cover:
            if t.has("stealthy"):
                dm.append(Modifier(3, f"{t.name} is Stealthy in cover", "R-WS-P07"))
            elif t.has("camouflaged"):
                why = "in cover" if cover else "always counts as in cover"
                dm.append(Modifier(2, f"{t.name} is Camouflaged, {why}", "R-WS-P07"))
            else:
                dm.append(Modifier(1, f"{t.name} is in cover", "R-WS-01"))
    else:
        if a.has("power-strike"):
            am.append(Modifier(1, f"{a.name}'s Power Strike", "R-WS-01"))
        if a.has("large") and not t.has("large"):
            am.append(Modifier(1, f"{a.name} is Large in melee", "R-WS-01"))
        if t.has("large") and not a.has("large"):
            dm.append(Modifier(1, f"{t.name} is Large in melee", "R-WS-01"))
        if t.has("small") and not a.has("small"):
            am.append(Modifier(1, f"{t.name} is Small: melee against it", "R-WS-01"))
        if a.has("small") and not t.has("small"):
            dm.append(Modifier(1, f"{a.name} is Small: melee against it", "R-WS-01"))
    return am, dm


def _names(state: GameState, value: Any, what: str) -> tuple[str, ...]:
    if value in (None, "", False):
        return ()
    if isinstance(value, list | tuple):
        parts = [str(v) for v in value]
    else:
        parts = [p for p in str(value).split(",") if p.strip()]
    out = []
    for p in parts:
        by_id = [f for f in state.fighters if f.id == p.strip().casefold()]
        f = by_id[0] if by_id else match(p, state.fighters, lambda x: x.name, what, (_in_play,))
        out.append(f.id)
    return tuple(out)


KNOWN_OPTIONS = {"ranged", "range", "cover", "ganging", "entangle", "brutal", "deathblow"}


def build_attack(d: WarStuffData, state: GameState, req: ActionRequest) -> Attack:
    """Check an attack against the rules and work out its fixed modifiers."""
    o = req.options
    unknown = sorted(k for k in o if k not in KNOWN_OPTIONS)
    for k in unknown:
        if k in ("near", "splash"):
            raise UsageError(
                "WarStuff has no shooting-into-melee or splash rule; list the units caught by "
                "Brutal or Death Blow with --opt brutal=A,B or --opt deathblow=A,B"
            )
        if k == "band":
            raise UsageError("WarStuff measures ranges in inches: give --range N")
        raise UsageError(
            f"'{k}' is not a WarStuff attack option; known: entangle, brutal, deathblow"
        )
    if o.get("ganging"):
        raise UsageError("WarStuff has no ganging-up bonus; leave out ganging")
    fa, ft = opponents(state, req)
    a, t = Unit.of(fa), Unit.of(ft)
    entangle = bool(o.get("entangle"))
    ranged = bool(o.get("ranged")) or entangle
    if entangle and not a.has("entangle"):
        raise RefusedError(f"{a.name} does not have Entangle")
    rng = o.get("range")
    range_ = int(rng) if rng is not None else None
    if ranged:
        reach = shooting_range(d, a, entangle)
        if reach is None:
            if a.has("entangle"):
                raise RefusedError(
                    f"{a.name} has no Shooter rule: its only shot is Entangle "
                    "(add --opt entangle=true)"
                )
            raise no_shot(a.name, "no Shooter rule")
        if range_ is not None and range_ > reach:
            raise RefusedError(f'{t.name} is {range_}" away, beyond {a.name}\'s {reach}" range')
    cover = bool(o.get("cover"))
    if cover and not ranged:
        raise UsageError("cover only counts against shooting; leave out --cover in melee")
    am, dm = quality_mods(d, a, t, ranged, cover)
    brutal = _names(state, o.get("brutal"), "unit")
    deathblow = _names(state, o.get("deathblow"), "unit")
    for uid in brutal:
        if state.fighter(uid).side == fa.side:
            raise UsageError(f"Brutal shakes enemies only; {state.fighter(uid).name} is a friend")
    for uid in deathblow:
        if state.fighter(uid).side == ft.side:
            raise UsageError(
                f"Death Blow strikes enemies only; {state.fighter(uid).name} is on {t.name}'s side"
            )
    return Attack(a, t, ranged, entangle, cover, tuple(am), tuple(dm), range_, brutal, deathblow)


def quality_note(u: Unit, mods: Sequence[Modifier], extra: int = 0) -> tuple[int, str]:
    base = u.current
    total = base + sum(m.value for m in mods) + extra
    parts = [f"{u.name} Quality {u.quality}" + (" counted as 0 (stunned)" if u.stunned else "")]
    parts += [f"{m.value:+d} {m.reason}" for m in mods]
    if extra:
        parts.append(f"{extra:+d} Frenzy")
    return total, " ".join(parts) + (f" = {total}" if mods or extra or u.stunned else "")


def result_of(before: Unit, after: Unit) -> str:
    if after.dead:
        return "killed"
    wounded = after.wounds > before.wounds
    stunned = after.stunned and not before.stunned
    if wounded and stunned:
        return "wounded and stunned"
    if wounded:
        return "wounded"
    if stunned:
        return "stunned"
    return "no effect"


def setup_step(atk: Attack) -> Step:
    aq, an = quality_note(atk.attacker, atk.att_mods)
    tq, tn = quality_note(atk.defender, atk.def_mods)
    kind = "shooting" if atk.ranged else "melee"
    if atk.entangle:
        kind = "Entangle shot"
    rng = f' at {atk.range_}"' if atk.range_ is not None else ""
    notes = [an, tn]
    if atk.intimidated_defender:
        notes.append(f"{atk.defender.name} first takes a morale test (Intimidating, R-WS-P05)")
    if atk.intimidated_attacker:
        notes.append(f"{atk.attacker.name} first takes a morale test (Intimidating, R-WS-P05)")
    return Step(
        "Qualities",
        f"{kind}{rng}: {atk.attacker.name} Q{aq} against {atk.defender.name} Q{tq}",
        notes=tuple(notes),
        rulings=("R-WS-01",),
    )


def _in_play(f: FighterState) -> bool:
    """A prefix naming several units means the one still in play."""
    return not f.out
