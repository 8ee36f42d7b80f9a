"""What a figure does on its turn: a move, and one of a secondary move, a skill roll, an
attack or nothing; plus spending rerolls and scoring the objectives at the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.check import Check
from companion.core.counting import Counting, Row
from companion.core.roller import Roller
from companion.errors import RefusedError
from companion.game.concede import Conceded
from companion.game.events import Change, Event, apply_event, set_fighter, set_game
from companion.game.state import FighterState, GameState, freeze
from companion.names import fared
from companion.odds import fmt
from companion.systems.base import ActionRequest, Outcome
from companion.systems.smbfat import attack as atk_mod
from companion.systems.smbfat import kept_rolls
from companion.systems.smbfat.data import SmbData
from companion.systems.smbfat.figures import (
    Fig,
    moves,
    option,
    result_text,
    settle,
    skill_dice,
    why_of,
)
from companion.systems.smbfat.state import FigureTurn, SmbGame, SmbSide
from companion.trace import Step, Trace, Who
from companion.values import replace

# The one thing a figure does besides its move (the text's list, in its order).
ONE_OF = ("secondary", "skill", "attack", "nothing")


def on_turn(state: GameState, f: FighterState) -> None:
    """Refuse unless it is this figure's turn."""
    if state.phase == "ended":
        raise RefusedError(f"the game is over: {state.result or 'ended'}")
    if f.out:
        raise RefusedError(f"{f.name} has been defeated")
    if state.active != f.id:
        raise RefusedError(f"it is not {f.name}'s turn; 'companion activate {f.name}' first")


def one_thing(d: SmbData, f: FighterState, action: str) -> list[Change]:
    did = FigureTurn.of(f).did
    if did:
        label = d.actions[str(did)].label.lower()
        raise RefusedError(
            f"{f.name} has already made its {label} this turn; besides the move a figure "
            "does one thing"
        )
    return [*FigureTurn.set(f.id, did=action)]


def taken(
    d: SmbData, state: GameState, f: FighterState, action: str, roller: Roller
) -> list[Change]:
    """The turn's checks and the mark of the one thing, for an action really taken.
    Counted for its odds or described, an attack or a skill roll may be asked at any time
    (before the figure's turn, after its one thing, once the game is over): no die
    depends on whose turn it is."""
    if not roller.takes:
        return [*FigureTurn.set(f.id, did=action)]
    on_turn(state, f)
    return one_thing(d, f, action)


def allowed(d: SmbData, state: GameState, f: FighterState) -> list[str]:
    """The actions open to a figure now, in the rules' order."""
    if state.phase == "ended":
        open_ = not SmbGame.of(state).objectives_scored and conceded(state) is None
        return ["objectives"] if open_ else []
    out = []
    if state.active == f.id and not f.out:
        if not FigureTurn.of(f).moved:
            out.append("move")
        if not FigureTurn.of(f).did:
            out += [a for a in ONE_OF if a != "attack" or _can_attack(state, f)]
    # A reroll of any of the force's latest rolls may be taken (a passed one when named
    # by its number, R-SMB-P08): the legal actions hold it whenever one is there.
    if rerollable(state, f.side):
        out.append("reroll")
    return out


def _can_attack(state: GameState, f: FighterState) -> bool:
    return any(not e.out and e.side != f.side for e in state.fighters)


def move(
    d: SmbData, state: GameState, f: FighterState, action: str, o: Mapping[str, Any]
) -> Outcome:
    on_turn(state, f)
    full, second = moves(d, state, f)
    if action == "move":
        if FigureTurn.of(f).moved:
            raise RefusedError(f"{f.name} has already moved this turn")
        changes: list[Change] = FigureTurn.set(f.id, moved=True)
        reach, label = full, "moves"
    else:
        changes = one_thing(d, f, "secondary")
        reach, label = second, "makes a secondary move"
    inches = o.get("inches")
    if inches is not None and int(inches) > reach:
        raise RefusedError(f'{f.name} {label} up to {reach}", not {inches}"')
    fast = " (Fast)" if "fast" in f.skills else ""
    shown = f'{inches}"' if inches is not None else f'up to {reach}"'
    text = f"{f.name} {label} {shown}{fast}"
    trace = Trace(
        f"{f.name}: {d.actions[action].label}", (Step(d.actions[action].label, text),), text
    )
    return Outcome("action", text + ".", tuple(changes), trace)


def skill(
    d: SmbData, state: GameState, f: FighterState, o: Mapping[str, Any], roller: Roller
) -> Outcome:
    changes = taken(d, state, f, "skill", roller)
    task = str(o.get("skill") or "a task").replace("-", " ")
    if o.get("roll") is False:
        text = f"{f.name} does {task}: no skill roll needed"
        trace = Trace(f"{f.name}: {task}", (Step("Non-combat action", text),), text)
        return Outcome("action", text + ".", tuple(changes), trace)
    n = skill_dice(d, f)
    c = atk_mod.skill_check(f.name, n, d.skill_target, notes=(f"{f.name} tries {task}",))
    ok = roller.check(c).success
    log = [_record("skill", f, None, n, d.skill_target, ok)]
    if not ok:
        _reroll_hint(state, f, roller)
    changes += kept_rolls.keep(state, f.side, log)
    said = c.success_text if ok else c.failure_text
    text = f"{f.name} tries {task}: {said}"
    # The odds table counts a skill roll by its result alone, success first.
    row = Row(said, "success" if ok else "failure", Who(f.id, f.name), 0 if ok else 1)
    trace = Trace(f"{f.name}: skill roll", tuple(roller.steps), text)
    data = freeze({"success": ok})
    return Outcome("skill", text, tuple(changes), trace, data, counting=Counting(row))


def nothing(d: SmbData, state: GameState, f: FighterState) -> Outcome:
    on_turn(state, f)
    changes = one_thing(d, f, "nothing")
    text = f"{f.name} does nothing besides its move"
    return Outcome(
        "action", text + ".", tuple(changes), Trace(text, (Step("Nothing", text),), text)
    )


def skill_reroll_steps(d: SmbData, state: GameState, f: FighterState) -> tuple[Step, ...]:
    """What one reroll from the pool would change on a skill roll (R-SMB-02): the roll
    walked again, made once more when it fails."""
    from companion.core.walk import guarded_outcomes

    pool = SmbSide.of(state.sides[f.side]).pool
    if not pool:
        return ()
    c = atk_mod.skill_check(f.name, skill_dice(d, f), d.skill_target)
    again = guarded_outcomes(lambda r: r.check(c).success or r.check(c).success, "a skill roll")
    text = (
        f"spending 1 of {pool} rerolls on a failure raises the chance from "
        f"{fmt(c.chance())} to {fmt(again[True])}"
    )
    return (Step("With a reroll", text, probability=again[True], rulings=("R-SMB-02",)),)


def _record(
    kind: str, f: FighterState, target: str | None, dice: int, need: int, ok: bool
) -> dict[str, Any]:
    return {
        "kind": kind, "side": f.side, "who": f.id, "target": target, "dice": dice, "need": need,
        "ok": ok, "rerolled": 0,
    }  # fmt: skip


def attack(d: SmbData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    a = atk_mod.build_attack(d, state, req)
    f = state.fighter(a.attacker.id)
    changes = taken(d, state, f, "attack", roller)
    roller.info("The attack", atk_mod.setup_text(a), a.rulings, a.notes)
    log: list[dict[str, Any]] = []
    results = atk_mod.run_attack(a, roller, log)
    fallen = [s.target for s, r in zip(a.strikes, results, strict=True) if r == atk_mod.DEFEATED]
    changes += [set_fighter(t.id, "status", "out") for t in fallen]
    changes += kept_rolls.keep(state, f.side, log)
    changes = settle(d, state, changes)
    parts = [fared(s.target.name, r) for s, r in zip(a.strikes, results, strict=True)]
    summary = f"{f.name} {a.verb} {a.strikes[0].target.name}; " + "; ".join(parts)
    if any(atk_mod.went_wrong(r) for r in log):
        _reroll_hint(state, f, roller)
    out = _finish(
        "attack", summary, changes, roller, f"{f.name} {a.verb} {a.strikes[0].target.name}"
    )
    # What befell each target, and the outcome as `odds` counts it, so a roll can be set
    # against its exact chances.
    data = {"targets": [s.target.id for s in a.strikes], "results": list(results)}
    return replace(out, data=freeze(data), counting=atk_mod.counting(a, results))


def _reroll_hint(state: GameState, f: FighterState, roller: Roller) -> None:
    """A roll went against the force: say that it may spend a reroll on it (R-SMB-02)."""
    pool = SmbSide.of(state.sides[f.side]).pool
    if pool:
        roller.info(
            "Rerolls",
            f"{state.sides[f.side].name} have {pool} reroll{'s' if pool != 1 else ''}: "
            f"'companion act {f.name} reroll' rolls the last that went wrong again",
            rulings=("R-SMB-02",),
        )


def _finish(kind: str, summary: str, changes: list[Change], roller: Roller, title: str) -> Outcome:
    ended = next(
        (c.value for c in changes if c.target == "game" and c.field == "result" and c.value), None
    )
    trace = Trace(title, tuple(roller.steps), summary)
    return Outcome(
        kind, summary, tuple(changes), trace,
        announcements=(f"Game over: {ended}",) if ended else (),
    )  # fmt: skip


def rerollable(state: GameState, side: int) -> list[tuple[int, Mapping[str, Any]]]:
    """The rolls of this force that a reroll may still be spent on, numbered from 1: its
    latest (R-SMB-P08), or under reroll-any all of its round (R-SMB-P13)."""
    if SmbGame.of(state).objectives_scored:
        return []
    if SmbSide.of(state.sides[side]).pool <= 0:
        return []
    # R-SMB-P05: a rerolled roll stands, unless the game plays reroll-again.
    again = option(state, "reroll-again")
    return [
        (i + 1, r)
        for i, r in enumerate(kept_rolls.rolls_of(state, side))
        if again or not r.get("rerolled")
    ]


def reroll(
    d: SmbData, state: GameState, f: FighterState, o: Mapping[str, Any], roller: Roller
) -> Outcome:
    """Spend one reroll: roll one of the force's latest rolls again; the new roll stands."""
    side = f.side
    name = state.sides[side].name
    pool = SmbSide.of(state.sides[side]).pool
    if SmbGame.of(state).objectives_scored:
        # The final count is told: a reroll now would reopen a game already scored.
        raise RefusedError(f"the objectives are scored: the game is over ({state.result})")
    if pool <= 0:
        raise RefusedError(f"{name} have no rerolls left")
    if not kept_rolls.rolls_of(state, side):
        raise RefusedError(
            f"{name} have no roll to reroll: a reroll is spent on the force's latest roll, "
            "before the next figure's turn"
            if not kept_rolls.literal(state)
            else f"{name} have no roll to reroll: they have rolled nothing this round"
        )
    open_ = rerollable(state, side)
    if not open_:
        raise RefusedError("each of those rolls has been rerolled already; the new roll stands")
    n = o.get("roll")
    if n is None:
        # Unasked, a reroll goes to the last roll that went wrong for the force (a miss, a
        # failed roll, a friend felled by its Spread); any other must be named by number.
        wrong = [i for i, r in open_ if atk_mod.went_wrong(r)]
        if not wrong:
            raise RefusedError(
                "none of the latest rolls went wrong; to reroll another, name it: "
                f"--opt roll=N with N one of {', '.join(str(i) for i, _ in open_)}"
            )
        n = wrong[-1]
    chosen = dict(next((r for i, r in open_ if i == int(n)), {}))
    if not chosen:
        raise RefusedError(
            f"roll {n} cannot be rerolled; choose one of {', '.join(str(i) for i, _ in open_)}"
        )
    log = kept_rolls.rolls_of(state, side)
    idx = int(n) - 1
    roller.info(
        "Reroll", f"{name} spend 1 of {pool} rerolls on roll {n}", rulings=("R-SMB-02", "R-SMB-P05")
    )
    changes: list[Change] = SmbSide.set(side, rerolls=pool - 1)
    if chosen["kind"] == kept_rolls.FIRST:
        first, more, theirs = kept_rolls.reroll_first(state, side, chosen, roller)
        log[idx] = {**chosen, "rerolled": int(chosen.get("rerolled", 0)) + 1}
        changes += more + kept_rolls.store(state, {side: log, 1 - side: theirs})
        summary = f"{name}'s reroll: " + ("they go first" if first else "they go second")
        return _finish("reroll", summary, changes, roller, f"{name} reroll")
    who = state.fighter(str(chosen["who"]))
    target = state.fighter(str(chosen["target"])) if chosen.get("target") else None
    said: list[str] = []
    ok = _made(roller, _again(d, who, target, chosen), said)
    log[idx] = {**chosen, "ok": ok, "rerolled": int(chosen.get("rerolled", 0)) + 1}
    if chosen["kind"] == "attack" and target is not None and ok != chosen["ok"]:
        changes.append(set_fighter(target.id, "status", "out" if ok else "upright"))
    elif chosen["kind"] == "fear" and target is not None and ok != chosen["ok"]:
        changes += _fear_changed(d, roller, who, target, ok, log, idx, said)
    changes += kept_rolls.store(state, {side: log})
    changes = settle(d, state, changes)
    summary = f"{who.name}'s reroll: " + "; ".join(said)
    return _finish("reroll", summary, changes, roller, f"{name} reroll")


def _made(roller: Roller, c: Check, said: list[str]) -> bool:
    """Make the roll `c` and add what it decided, in its words, to `said`."""
    ok = roller.check(c).success
    said.append(c.success_text if ok else c.failure_text)
    return ok


def _again(
    d: SmbData, who: FighterState, target: FighterState | None, r: Mapping[str, Any]
) -> Check:
    """The same roll again: the same dice against the same score (R-SMB-02)."""
    n, need = int(r["dice"]), int(r["need"])
    if r["kind"] == "attack" and target is not None:
        t = Fig.of(d, target)
        return atk_mod.attack_check(who.name, atk_mod.Strike(t, n, need, False))
    if r["kind"] == "fear" and target is not None:
        return atk_mod.fear_check(who.name, n, need, target.name)
    return atk_mod.skill_check(who.name, n, need)


def _fear_changed(
    d: SmbData, roller: Roller, who: FighterState, target: FighterState,
    ok: bool, log: list[dict[str, Any]], idx: int, said: list[str],
) -> list[Change]:  # fmt: skip
    """A Fear roll turned: the attack on that figure is now made, or now lost (R-SMB-P04)."""
    after = [
        i
        for i in range(idx + 1, len(log))
        if log[i]["kind"] == "attack" and log[i]["target"] == target.id
    ]
    if ok:
        t = Fig.of(d, target)
        s = atk_mod.Strike(t, int(log[idx]["attack_dice"]), int(log[idx]["attack_need"]), False)
        hit = _made(roller, atk_mod.attack_check(who.name, s), said)
        log.insert(idx + 1, _record("attack", who, target.id, s.dice, s.need, hit))
        return [set_fighter(target.id, "status", "out")] if hit else []
    changes: list[Change] = []
    for i in reversed(after):
        if log[i]["ok"]:
            changes.append(set_fighter(target.id, "status", "upright"))
        del log[i]
    return changes


def conceded(state: GameState) -> str | None:
    """The name of a side that conceded, if one did."""
    return next((s.name for s in state.sides if Conceded.of(s).conceded), None)


def objectives(d: SmbData, state: GameState, o: Mapping[str, Any]) -> Outcome:
    """Score the markers at the end: 5 to a force touching one that no enemy touches
    (R-SMB-04, R-SMB-P09). Said again, it replaces the earlier count."""
    if state.phase != "ended":
        raise RefusedError(
            "objectives score at the end of the game (after round "
            f"{state.last_turn} or when a force has no figure left)"
        )
    gave_up = conceded(state)
    if gave_up is not None:
        # R-SMB-P11: scoring after a concession could name a second winner, by points.
        raise RefusedError(f"{gave_up} conceded: the game is decided without a count (R-SMB-P11)")
    held = [0] * len(state.sides)
    steps = []
    for marker in d.objectives:
        ids = o.get(marker) or ()
        figs = [state.fighter(str(i)) for i in ((ids,) if isinstance(ids, str) else ids)]
        down = [x.name for x in figs if x.out]
        if down:
            raise RefusedError(f"{', '.join(down)} has been defeated and touches no objective")
        sides = sorted({x.side for x in figs})
        if len(sides) == 1:
            held[sides[0]] += 1
            text = f"held by {state.sides[sides[0]].name}"
        else:
            text = "contested: no one scores" if sides else "no figure touches it"
        steps.append(Step(f"Objective: {marker}", text, rulings=("R-SMB-04", "R-SMB-P09")))
    changes = [c for i, n in enumerate(held) for c in SmbSide.set(i, objectives=n)]
    changes += SmbGame.set(objectives_scored=True)
    after = settle(d, state, changes)
    final = apply_event(state, Event("objectives", "", tuple(after)))
    result = result_text(d, final, why_of(state.result))
    after.append(set_game("result", result))
    trace = Trace("Objectives", tuple(steps), result)
    return Outcome("objectives", f"Final score: {result}", tuple(after), trace)
