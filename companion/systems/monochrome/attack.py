"""One Monochrome attack roll and its effect, on any roller (dice, or every branch).

The rule code here is the only attack code: with dice it writes the trace, walked over
every branch (`companion.core.action_odds`) it gives the exact odds, so the two cannot
disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from companion.core.check import Check
from companion.core.roller import Roller
from companion.names import plural
from companion.trace import Modifier
from companion.values import frozen

# The effects in the order the rules list them: an odds table's rows stand in it.
RESULTS = ("miss", "knockback", "stunned", "killed")
FATE = ("never", "miss", "unless-kill")


@frozen
class Roll:
    """The set-up of one attack roll against one target."""

    attacker: str
    target: str
    stat: int  # the modified stat: roll equal or under it to hit
    stat_notes: tuple[str, ...]
    supports: int
    keep_two: bool  # Snipe and Rip: 3D6 keep the two lowest
    stunned: bool  # the target already has a stunned counter
    pushable: bool
    fate: str = "never"
    low_hits: bool = False  # option low-roll-hits (R-MON-P13)


def effect(reduced: int, stunned: bool, pushable: bool) -> str:
    """The effect of a hit, read from the reduced roll (R-MON-03)."""
    if reduced <= 2:
        return "killed"
    if reduced <= 5:
        # Stunned: pushed and marked; already stunned or nowhere to go, killed.
        return "killed" if stunned or not pushable else "stunned"
    if pushable:
        return "knockback"
    # A knockback with nowhere to go gives a counter; a second counter kills (R-MON-P04).
    return "killed" if stunned else "stunned"


@lru_cache(maxsize=256)
def attack_check(r: Roll, attempt: str) -> Check:
    """The attack roll of `r` as a value: 2D6 (3D6 keep the two lowest) equal or under
    the modified stat, less one per supporting fighter (R-MON-03)."""
    mods = (Modifier(-r.supports, plural(r.supports, "supporting fighter"), "R-MON-03"),)
    return Check(
        f"Attack roll{attempt}",
        r.attacker,
        count=3 if r.keep_two else 2,
        keep="l" if r.keep_two else None,
        keep_n=2,
        target=r.stat,
        compare="<=",
        modifiers=mods if r.supports else (),
        auto_success=2,
        auto_fail=12,
        # The rules read the value only where the reduced roll is 5 or less (the effect
        # bands, the low roll of R-MON-P13); any other hit is a knockback band's.
        by_value=tuple(range(2, 6 + r.supports)),
        success_text="hit",
        failure_text="miss",
        rulings=("R-MON-03",),
        notes=(f"{r.attacker} on {r.target}", *r.stat_notes),
        purpose=f"{r.attacker}'s attack on {r.target}",
    )


def _once(roller: Roller, r: Roll, attempt: str) -> str:
    t = roller.check(attack_check(r, attempt))
    value, total = t.value, t.total
    hit = t.success
    low = total is not None and total <= 2
    if not hit and r.low_hits and r.supports and value != 12 and low:
        hit = True
        roller.info("Low roll", "a supported roll of 2 or less hits", ("R-MON-P13",))
    if not hit:
        return "miss"
    # A hit whose value was not read has a reduced roll of 6 or more.
    result = effect(6 if total is None else total, r.stunned, r.pushable)
    why = "reduced roll " + ("6 or more" if total is None else str(total))
    if result == "killed" and not low:
        why += ", " + ("already stunned" if r.stunned else "cannot be pushed")
    roller.info("Effect", f"{r.target} {result} ({why})", ("R-MON-03", "R-MON-P04"))
    return result


def wants_reroll(policy: str, result: str) -> bool:
    return (policy == "miss" and result == "miss") or (
        policy == "unless-kill" and result != "killed"
    )


def roll_attack(roller: Roller, r: Roll, fate_left: int) -> tuple[str, int]:
    """The effect of one attack and the fate tokens it spent (0 or 1)."""
    result = _once(roller, r, "")
    if fate_left > 0 and wants_reroll(r.fate, result):
        roller.info("Fate", "a fate token rerolls the attack; the new roll stands", ("R-MON-P11",))
        return _once(roller, r, " (fate reroll)"), 1
    return result, 0


def run(roller: Roller, rolls: Sequence[Roll], fate_left: int) -> tuple[tuple[str, ...], int]:
    """Every roll of an attack in order (Blast makes several): results and fate spent."""
    out: list[str] = []
    spent = 0
    for r in rolls:
        res, s = roll_attack(roller, r, fate_left - spent)
        out.append(res)
        spent += s
    return tuple(out), spent
