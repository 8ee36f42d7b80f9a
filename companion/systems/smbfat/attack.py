"""SMBFAT attacks: which dice, against which figures, and the rolls themselves.

`run_attack` is the rule code on any roller: with dice it explains every roll, over every
branch it gives the exact odds (the same function, so the two cannot disagree). Each roll
is a `Check`; the odds of spending a reroll are the same code walked with the reroll.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from companion.core.check import Check
from companion.core.counting import Counting, Row, about
from companion.core.roller import Roller
from companion.errors import RefusedError, UsageError
from companion.game.state import GameState
from companion.odds import fmt
from companion.systems.base import ActionRequest
from companion.systems.kit.plugin import no_shot, opponents
from companion.systems.smbfat.data import SmbData
from companion.systems.smbfat.figures import Fig, map_of, skill_dice
from companion.trace import Step
from companion.values import frozen

DEFEATED, MISSED, LOST = "defeated", "missed", "lost to Fear"


@frozen
class Strike:
    """One target of an attack: the dice rolled at it and the score that defeats it."""

    target: Fig
    dice: int
    need: int
    fear: bool  # a Fear roll comes first (R-SMB-03)


@frozen
class Attack:
    attacker: Fig
    kind: str  # melee | ranged | spread
    strikes: tuple[Strike, ...]
    fear_dice: int
    skill_target: int
    notes: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()

    @property
    def verb(self) -> str:
        return {"melee": "attacks", "ranged": "shoots at", "spread": "sprays"}[self.kind]


def need_of(d: SmbData, target: Fig) -> int:
    """4+ defeats, 5+ with Armor (R-SMB-01)."""
    return d.defeat_armor if target.has("armor") else d.defeat


def fear_applies(attacker: Fig, target: Fig) -> bool:
    """Only enemies roll, and a figure with Fear ignores it (R-SMB-03)."""
    return target.has("fear") and not attacker.has("fear") and attacker.side != target.side


def build_attack(d: SmbData, state: GameState, req: ActionRequest) -> Attack:
    """The attack the table describes, checked: refused with one line when it is illegal."""
    a, t = opponents(state, req, gone="defeated")
    o = req.options
    m = map_of(d, state)
    att, tgt = Fig.of(d, a), Fig.of(d, t)
    spread = bool(o.get("spread"))
    ranged = bool(o.get("ranged")) or o.get("range") is not None
    rng = o.get("range")
    notes: list[str] = []
    rulings: list[str] = []
    if spread and not att.has("spread"):
        raise RefusedError(f"{a.name} has no Spread weapon")
    if ranged and not spread and att.ranged == 0 and not att.has("heavy"):
        # R-SMB-P03: a bought Heavy or Spread weapon gives a figure without ranged dice a
        # ranged attack; Heavy is handled below (0 + 1 die), Spread here.
        if not att.has("spread"):
            raise no_shot(a.name, "no ranged dice, Heavy or Spread weapon")
        spread = True
        notes.append(f"{a.name} has no ranged dice: its Spread weapon is its ranged attack")
        rulings.append("R-SMB-P03")
    near = tuple(str(x) for x in (o.get("near") or ()))
    if near and not spread:
        raise UsageError("other figures are caught only by a Spread weapon (--opt spread=yes)")
    if (ranged or spread) and o.get("visible") is False:
        raise RefusedError(f"{a.name} must see at least half of {t.name} to attack it at range")
    if spread:
        if rng is not None and int(rng) > m.spread:
            raise RefusedError(f'a Spread weapon reaches {m.spread}", not {rng}"')
        if not ranged:
            # R-SMB-P07: the reach is "up to" 8", so an adjacent target may be sprayed too.
            notes.append("the Spread weapon is used against an adjacent target")
            rulings.append("R-SMB-P07")
        strikes = spread_strikes(d, state, att, tgt, near, notes)
        kind = "spread"
    elif ranged:
        if rng is not None and int(rng) == 0:
            # R-SMB-P14: 0" is base contact, an adjacent target: melee dice, no Heavy die.
            raise RefusedError(
                f'{t.name} is 0" away, adjacent to {a.name}: an adjacent target is attacked '
                "in melee (leave out --range and --ranged), where Heavy weapon adds no die"
            )
        if rng is not None and int(rng) > m.ranged:
            raise RefusedError(f'ranged attacks reach {m.ranged}", not {rng}"')
        n = att.ranged + (1 if att.has("heavy") else 0)
        if att.has("heavy"):
            notes.append("Heavy weapon: one more ranged die, the target not being adjacent")
            rulings.append("R-SMB-P14")
            if att.ranged == 0:
                rulings.append("R-SMB-P03")
        if att.has("spread"):
            notes.append(f"{a.name} shoots with its ranged dice, not its Spread weapon")
            rulings.append("R-SMB-P15")
        strikes = (Strike(tgt, n, need_of(d, tgt), fear_applies(att, tgt)),)
        kind = "ranged"
    else:
        n = att.melee + (1 if att.has("brutal") else 0)
        if att.has("brutal"):
            notes.append("Brutal weapon: one more melee die")
        if att.has("heavy"):
            notes.append("Heavy weapon: no extra die against an adjacent target")
            rulings.append("R-SMB-P14")
        strikes = (Strike(tgt, n, need_of(d, tgt), fear_applies(att, tgt)),)
        kind = "melee"
    return Attack(
        att, kind, strikes, skill_dice(d, att), d.skill_target, tuple(notes), tuple(rulings)
    )


def spread_strikes(
    d: SmbData, state: GameState, att: Fig, tgt: Fig, near: Sequence[str], notes: list[str]
) -> tuple[Strike, ...]:
    """One die at the target and one at each other figure the table names as caught,
    friends included, the attacker never."""
    caught = [tgt]
    for fid in near:
        if fid == att.id:
            raise RefusedError(f"{att.name} is never caught by its own Spread weapon")
        f = state.fighter(fid)
        if f.out:
            raise RefusedError(f"{f.name} has already been defeated")
        if all(c.id != fid for c in caught):
            caught.append(Fig.of(d, f))
    notes.append(
        f"one die at {tgt.name} and one at every other figure {map_of(d, state).spread_near}: "
        + (", ".join(c.name for c in caught[1:]) or "none named")
    )
    return tuple(Strike(c, 1, need_of(d, c), fear_applies(att, c)) for c in caught)


def best_of(
    who: str, dice: int, need: int, title: str, ok: str, bad: str,
    notes: Sequence[str] = (), rulings: Sequence[str] = ("R-SMB-01",), purpose: str = "",
) -> Check:  # fmt: skip
    """Roll `dice` D6 and keep the highest: success at `need` or more (R-SMB-01)."""
    return Check(
        title,
        who,
        sides=6,
        count=dice,
        keep="h" if dice > 1 else None,
        target=need,
        compare=">=",
        success_text=ok,
        failure_text=bad,
        rulings=tuple(rulings),
        notes=tuple(notes),
        purpose=purpose or f"{who}'s {title.lower()}",
    )


def skill_check(
    who: str, dice: int, target: int, title: str = "Skill roll", ok: str = "success",
    bad: str = "failure", notes: Sequence[str] = (), rulings: Sequence[str] = ("R-SMB-01",),
) -> Check:  # fmt: skip
    """1D6 (2D6 with Talented), any die at 4 or more (R-SMB-01)."""
    talent = (f"Talented: {dice} dice",) if dice > 1 else ()
    return best_of(who, dice, target, title, ok, bad, tuple(notes) + talent, rulings)


def fear_roll(roller: Roller, atk: Attack, target: Fig) -> bool:
    c = fear_check(atk.attacker.name, atk.fear_dice, atk.skill_target, target.name)
    return roller.check(c).success


def fear_check(who: str, dice: int, need: int, target: str) -> Check:
    """The skill roll before an attack on a Fear figure, first time or rerolled."""
    return skill_check(
        who,
        dice,
        need,
        "Fear roll",
        f"{who} steels itself against {target}",
        f"{who} dares not attack {target}: that attack is lost",
        notes=(f"{target} causes Fear; the roll is not an action",),
        rulings=("R-SMB-03", "R-SMB-P04"),
    )


def attack_check(who: str, s: Strike) -> Check:
    armor = " (Armor)" if s.target.has("armor") else ""
    word = "die" if s.dice == 1 else "dice, highest kept"
    return best_of(
        who,
        s.dice,
        s.need,
        "Attack roll",
        f"{s.target.name} is defeated",
        f"{s.target.name} is missed",
        notes=(f"{s.dice} {word}; {s.need}+ defeats {s.target.name}{armor}",),
        purpose=f"{who}'s attack on {s.target.name}",
    )


def attack_roll(roller: Roller, who: str, s: Strike) -> bool:
    return roller.check(attack_check(who, s)).success


def went_wrong(record: Mapping[str, Any]) -> bool:
    """Whether a logged roll went against the force that rolled it: a miss or a failed
    roll, or a Spread die that defeated a friend. A reroll unasked goes to these only."""
    return bool(record["ok"]) == bool(record.get("friend"))


def run_attack(
    atk: Attack,
    roller: Roller,
    log: list[dict[str, Any]] | None = None,
    rerolls: int = 0,
) -> tuple[str, ...]:
    """What becomes of each target, in order. `rerolls`: how many rolls that go against
    the force it would roll again (the odds of spending them, R-SMB-02)."""
    left = rerolls
    out = []
    for s in atk.strikes:
        if s.fear:
            # R-SMB-P04: a failed Fear roll loses only this part of the attack.
            ok = fear_roll(roller, atk, s.target)
            if not ok and left:
                left -= 1
                ok = fear_roll(roller, atk, s.target)
            _note(log, "fear", atk, s, ok)
            if not ok:
                out.append(LOST)
                continue
        friend = s.target.side == atk.attacker.side
        hit = attack_roll(roller, atk.attacker.name, s)
        if hit == friend and left:
            # A friend caught by the Spread is the roll a player would take back.
            left -= 1
            hit = attack_roll(roller, atk.attacker.name, s)
        _note(log, "attack", atk, s, hit)
        out.append(DEFEATED if hit else MISSED)
    return tuple(out)


def _note(log: list[dict[str, Any]] | None, kind: str, atk: Attack, s: Strike, ok: bool) -> None:
    if log is None:
        return
    fear = kind == "fear"
    log.append(
        {
            "kind": kind,
            "side": atk.attacker.side,
            "who": atk.attacker.id,
            "target": s.target.id,
            "dice": atk.fear_dice if fear else s.dice,
            "need": atk.skill_target if fear else s.need,
            "ok": ok,
            "friend": s.target.side == atk.attacker.side,
            "rerolled": 0,
            "attack_dice": s.dice,
            "attack_need": s.need,
        }
    )


def odds_row(atk: Attack, results: tuple[str, ...]) -> Row:
    """One target: its result; a Spread attack: how many figures fall (a row about no
    one figure). Rows in the order most defeated first (a single target's results in
    the order defeated, missed, lost)."""
    if len(atk.strikes) == 1:
        t = atk.strikes[0].target
        return about(t.id, t.name, results[0], (DEFEATED, MISSED, LOST).index(results[0]))
    fallen = results.count(DEFEATED)
    text = f"{fallen} of {len(atk.strikes)} figures defeated"
    return Row(text, f"{fallen} defeated", None, len(results) - fallen)


def counting(atk: Attack, results: tuple[str, ...]) -> Counting:
    """How the outcome is counted in the odds table: its row, and the chance of each
    target that the table alone does not say (a Spread's figures, a target behind a
    Fear roll)."""
    facets = tuple(
        (f"Chance: {s.target.name}", f"{s.target.name} is defeated")
        for s, r in zip(atk.strikes, results, strict=True)
        if r == DEFEATED and (len(atk.strikes) > 1 or s.fear)
    )
    return Counting(odds_row(atk, results), facets=facets)


def setup_text(atk: Attack) -> str:
    parts = [
        f"{s.target.name}: {s.dice}D6{' keep highest' if s.dice > 1 else ''}, {s.need}+"
        for s in atk.strikes
    ]
    return f"{atk.attacker.name}, {atk.kind} attack: " + "; ".join(parts)


def odds_title(atk: Attack) -> str:
    return f"Odds: {atk.attacker.name} {atk.verb} {atk.strikes[0].target.name}"


def defeat_chances(atk: Attack, rerolls: int) -> list[Fraction]:
    """Each target's chance to be defeated: the attack walked over every branch, rolling
    again up to `rerolls` rolls that go against the force."""
    from companion.core.branches import enumerate_outcomes

    # No larger than twice the attack, which was counted (and guarded) first.
    dist = enumerate_outcomes(lambda r: run_attack(atk, r, None, rerolls))
    return [
        sum((p for k, p in dist.items() if k[i] == DEFEATED), Fraction(0))
        for i in range(len(atk.strikes))
    ]


def reroll_steps(atk: Attack, pool: int) -> tuple[Step, ...]:
    """What one reroll from the pool would change (R-SMB-02), below the attack's odds."""
    if pool <= 0:
        return (Step("With a reroll", "the force has no rerolls left", rulings=("R-SMB-02",)),)
    before, after = defeat_chances(atk, 0), defeat_chances(atk, 1)
    if len(atk.strikes) == 1:
        text = (
            f"spending 1 of {pool} rerolls on a failed roll raises the chance to defeat "
            f"{atk.strikes[0].target.name} from {fmt(before[0])} to {fmt(after[0])}"
        )
        # The chance with the reroll is data too, as a skill roll's odds give it.
        return (Step("With a reroll", text, probability=after[0], rulings=("R-SMB-02",)),)
    text = (
        f"spending 1 of {pool} rerolls on the first roll that goes wrong (a miss on an "
        "enemy, a failed Fear roll, a friend defeated): "
    ) + "; ".join(
        f"{s.target.name} {fmt(b)} to {fmt(x)}"
        for s, b, x in zip(atk.strikes, before, after, strict=True)
    )
    return (Step("With a reroll", text, rulings=("R-SMB-02",)),) + tuple(
        Step(
            f"With a reroll: {s.target.name}",
            f"{s.target.name} is defeated {fmt(x)}",
            probability=x,
            rulings=("R-SMB-02",),
        )
        for s, x in zip(atk.strikes, after, strict=True)
    )
