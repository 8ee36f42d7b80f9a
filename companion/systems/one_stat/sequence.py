"""The order of an activation's actions (R-1SS-P16).

An activation's first action is a movement action; the second may be another move, an
attack, a skill or a Recover. A fighter need not move: an attack, skill or pick-up taken
first means it stood still, so that action is its second and last. One attack per
activation follows. The flag `did` lists what the fighter did in this activation
("stay" for a move it skipped, "rest" where the OpFor procedure's branch ends with
actions left), so the menus and the checks read the same record.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import RefusedError
from companion.game.state import FighterState
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.state import ActionSequence

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

RULING = "R-1SS-P16"
BREAK_FREE = "R-1SS-P17"
OPFOR = "R-1SS-S19"  # the OpFor's activation keeps this order
# In `did`: the OpFor procedure's branch is over and leaves the actions left unused.
REST = "rest"
# Skills that cannot be used on a turn the fighter makes a movement action.
NO_MOVE = {"doppelganger", "controller", "shapeshifter"}
# Skills whose rule grants an attack right after two straight moves (Maniac, Red William).
CHARGERS = ("maniac", "charger")


def did(f: FighterState) -> tuple[str, ...]:
    """What the fighter has done in its current activation, in order."""
    return tuple(str(x) for x in f.flags.get("did", ()) or ())


def first_action(f: FighterState) -> bool:
    return not did(f)


def moves(f: FighterState) -> int:
    return sum(1 for x in did(f) if x == "move")


def breaks_free(options: Mapping[str, Any]) -> bool:
    """A move away from within 1 step of an enemy; staying put is no break-free."""
    if not options.get("engaged"):
        return False
    inches = options.get("inches")
    try:
        return inches is None or float(str(inches)) > 0
    except ValueError:
        return True


def spent(f: FighterState) -> str:
    """Why the actions ran out, for a refusal: ': it attacked without moving first...'."""
    done = did(f)
    if REST in done:
        return f": the OpFor procedure gave it nothing more to do this activation ({OPFOR})"
    if "attack" in done:
        return f": it has attacked, and one attack ends the activation's actions ({RULING})"
    if done[:1] == ("stay",):
        return (
            f": it did not move first, so its {done[1]} was its second and last action ({RULING})"
        )
    return ""


def no_action_left(f: FighterState) -> str:
    """The refusal of an action when the activation's actions are spent, with why."""
    return f"{f.name} has no action left this activation{spent(f)}"


def refusal(f: FighterState, kind: str) -> str | None:
    """What the sequence forbids of an action of `kind` now, before counting it: anything
    but the attack a charge gives, and a second attack (R-1SS-P16); None when it fits."""
    if ActionSequence.of(f).bonus_attack == "charge" and kind != "attack":
        return (
            f"{f.name}'s two straight moves give it an attack at once, nothing else ({RULING}); "
            "end the activation to let it pass"
        )
    if kind == "attack" and "attack" in did(f):
        return f"{f.name} has already attacked in this activation: one attack each ({RULING})"
    return None


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th: which of its actions a fighter takes."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"


def cost(
    board: Board,
    roller: Roller,
    f: FighterState,
    kind: str,
    left: int,
    what: str,
    options: Mapping[str, Any],
) -> int:
    """How many of the `left` actions this one uses, refusing what the order forbids, and
    record it in `did`. `kind`: move, attack, skill, recover, pickup, device. The OpFor's
    fighters keep the same order (R-1SS-S19)."""
    done = did(f)
    why = refusal(f, kind)
    if why is not None:
        raise RefusedError(why)
    record = [kind]
    used = 1
    if kind == "recover":
        pass  # a prone fighter's own order (R-1SS-06)
    elif not done and left >= 2:
        if kind == "move":
            if breaks_free(options):
                used = left
                roller.info(
                    "Break free",
                    f"{f.name} moves away from within 1 step of an enemy: its second action "
                    "is lost",
                    (BREAK_FREE,),
                )
        elif kind == "attack" and options.get("skirmish"):
            used, record = left, ["move", "attack"]
        else:
            used, record = left, ["stay", kind]
            roller.info(
                "Action sequence",
                f"{f.name} did not move first (a fighter need not move: it stood still), so "
                f"{what} is its second and last action",
                (RULING,),
            )
    elif kind == "attack" and options.get("skirmish"):
        used = left
    board.put(ActionSequence, f.id, did=[*done, *record])
    return used


def check_skirmish(f: FighterState, options: Mapping[str, Any], melee: bool) -> None:
    if options.get("skirmish") and not (fx.has(f, "skirmisher") and melee):
        raise RefusedError(
            f"only a Skirmisher interrupts its move with a melee attack; {f.name} cannot"
        )


def charge_after_moves(board: Board, roller: Roller, f: FighterState) -> None:
    """A second straight move that ends within 1 step of an enemy gives a Maniac or Red
    William an attack at once, beyond its two actions (R-1SS-P16)."""
    board.put(ActionSequence, f.id, bonus_attack="charge")
    c = board.cond(f.id)
    c.flags["actions"] = int(c.flags.get("actions", 0) or 0) + 1
    roller.info(
        "Charge after two moves",
        f"two straight moves bring {f.name} within reach of an enemy: it may attack at once",
        (RULING,),
    )


def menu(f: FighterState, names: list[str]) -> list[str]:
    """The actions the sequence allows now, in the rules' order: move first, then the
    second actions; only the attack after a charge; no second attack."""
    if ActionSequence.of(f).bonus_attack == "charge":
        return [a for a in names if a == "attack"]
    done = did(f)
    order = ("move", "attack", "skill", "command", "recover", "pickup", "device")
    first = [a for a in order if a in names]
    rest = [a for a in names if a not in order]
    out = first + rest
    if "attack" in done:
        out = [a for a in out if a != "attack"]
    return out
