"""What the player does to scenario objectives: tokens, devices, declarations, wounds.

Each function takes the state and the player's choices (and a roller for its dice), and
returns an Outcome; the CLI records it and then runs the scenario check.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.core.check import Check
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, add_fighter
from companion.game.state import FighterState, GameState, freeze, thaw
from companion.systems.base import ActionRequest, Outcome
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.solo.bounty import bounty_wound, has_ladder
from companion.systems.one_stat.solo.data import DECLARED, load
from companion.systems.one_stat.solo.scenarios import OBJECTIVE_TEXT, check
from companion.systems.one_stat.state import (
    OneStatFighter,
    OneStatGame,
    OneStatSolo,
    OneStatSoloGame,
)
from companion.trace import Step, Trace
from companion.values import replace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from companion.systems.one_stat.board import Board
    from companion.systems.one_stat.roller import Roller

QUESTION_DIE = 6  # The Dark Ritual: a D6 each, civilian and inquirer


def _tokens(state: GameState) -> list[dict[str, Any]]:
    return [dict(thaw(t)) for t in OneStatGame.of(state).tokens or ()]


def _player(state: GameState, f: FighterState) -> None:
    if f.side != 0:
        raise UsageError(f"{f.name} is not one of your fighters")
    if f.out:
        raise RefusedError(f"{f.name} is out of the game")


def _find_token(tokens: list[dict[str, Any]], tid: str) -> dict[str, Any]:
    for t in tokens:
        if t["id"].casefold() == tid.strip().casefold():
            return t
    known = ", ".join(t["id"] for t in tokens) or "none in this game"
    raise UsageError(f"no token '{tid}'; tokens: {known}")


def _spending(
    state: GameState, f: FighterState, roller: Roller, free: bool, what: str, kind: str
) -> Board:
    """An objective action takes one of the active fighter's actions, as picking up the
    treasure does (R-1SS-S10), in the action sequence's order as `kind` (R-1SS-P16);
    `free` resolves it outside the count (a correction). The board goes on to record what
    the action does, the roller its steps."""
    from companion.systems.one_stat.board import Board
    from companion.systems.one_stat.permissions import spend_action

    if f.status != "upright":
        raise RefusedError(f"{f.name} is {f.status}: its only action is Recover (R-1SS-06)")
    board = Board(state)
    spend_action(board, roller, f, {"free": free}, what, kind)
    return board


def _die(roller: Roller, c: Check) -> int:
    """The value of one die the procedure reads (a clue's column, the civilian's D6)."""
    return int(roller.check(c).value or 0)


def _said(roller: Roller, c: Check, **fields: Any) -> None:
    """The step of the die `c` just rolled says what its value means (its words, its
    chance): the roll stays the check's. Nothing to say while the odds are walked."""
    last = roller.steps[-1] if roller.steps else None
    if last is not None and last.check is c and last.roll is not None:
        roller.steps[-1] = replace(last, **fields)


def carried_by(state: GameState, f: FighterState) -> list[dict[str, Any]]:
    """The tokens `f` carries (a carrier is kept by name)."""
    return [t for t in _tokens(state) if t["state"] == "carried" and t["carrier"] == f.name]


def token_act(
    state: GameState,
    tid: str,
    action: str,
    fighter: FighterState | None,
    roller: Roller,
    event: str | None = None,
    free: bool = False,
) -> Outcome:
    """pick (a fighter takes it, one action), drop (its carrier lets it fall), home
    (carried into your corner)."""
    tokens = _tokens(state)
    t = _find_token(tokens, tid)
    steps = roller.steps
    changes: list[Change] = []
    if action == "pick":
        if fighter is None:
            raise UsageError("say who picks it up with --by FIGHTER")
        _player(state, fighter)
        if t["state"] not in ("board", "dropped"):
            raise RefusedError(f"token {t['id']} is {t['state']}, not lying on the table")
        if t["kind"] in ("station", "hostage"):
            raise UsageError(f"token {t['id']} cannot be picked up")
        board = _spending(state, fighter, roller, free, f"picking up token {t['id']}", "pickup")
        changes = list(board.changes())
        if t["kind"].startswith("clue"):
            axis = "column" if t["kind"] == "clue-x" else "row"
            clue = Check(
                f"Clue {t['id']}",
                fighter.name,
                text=f"{fighter.name} finds it: {axis} {{value}}",
                rulings=("R-1SS-S05",),
                purpose=f"clue {t['id']}: the {axis} it gives",
            )
            v = _die(roller, clue)
            t.update(state="found", carrier=None, value=v)
            clues = [x for x in tokens if x["kind"].startswith("clue")]
            said = f"{fighter.name} finds it: {axis} {v}"
            if all(x["state"] == "found" for x in clues) and not OneStatSoloGame.of(state).event:
                col = next(x["value"] for x in clues if x["kind"] == "clue-x")
                row = next(x["value"] for x in clues if x["kind"] == "clue-y")
                ev_changes, said = reveal_event(state, col, row, roller, event)
                changes += ev_changes
        else:
            t.update(state="carried", carrier=fighter.name)
            t.pop("dropped_by", None)
            said = f"{fighter.name} picks it up"
            steps.append(Step(f"Token {t['id']}", said))
    elif action == "drop":
        if t["state"] != "carried":
            raise RefusedError(f"token {t['id']} is not carried")
        said = f"{t['carrier']} drops it where he stands"
        steps.append(Step(f"Token {t['id']}", said))
        t.update(state="dropped", carrier=None, dropped_by=t["carrier"])
    elif action == "home":
        if t["state"] != "carried":
            raise RefusedError(
                f"token {t['id']} must be carried to your corner (it is {t['state']})"
            )
        holder = next((f for f in state.fighters if f.name == t["carrier"]), None)
        if holder is not None and (holder.out or holder.status != "upright"):
            raise RefusedError(f"{holder.name} is {holder.status} and cannot bring it home")
        said = f"{t['carrier']} brings it home"
        steps.append(Step(f"Token {t['id']}", said))
        t.update(state="home", carrier=None)
    else:
        raise UsageError(f"'{action}': use pick, drop or home")
    changes[:0] = OneStatGame.set(tokens=tokens)
    trace = Trace(f"Token {t['id']}", tuple(steps), said)
    return Outcome("token", said, tuple(changes), trace)


def reveal_event(
    state: GameState, col: int, row: int, roller: Roller, chosen: str | None
) -> tuple[list[Change], str]:
    """Place the event token where the clues meet, and roll (or take) what happens there;
    the steps go to `roller`. Returns the changes and the last thing said."""
    from companion.systems.one_stat.solo.game import dice_by_rank, profile_of
    from companion.systems.one_stat.solo.spawn import next_numbers, opfor_fighter

    d = load()
    setup_id = state.options.get("setup")
    st = d.setups.get(setup_id) if isinstance(setup_id, str) else None
    steps = roller.steps
    steps.append(
        Step("Event spot", f"the clues meet at column {col}, row {row}", rulings=("R-1SS-S05",))
    )
    key = chosen or (st.event if st else None)
    if key:
        if key not in d.events:
            raise UsageError(f"unknown event '{key}'; use one of {', '.join(d.events)}")
        ev = d.events[key]
        said = f"{ev.label} (chosen): {ev.summary}"
        steps.append(Step("What happens", said))
    else:
        what = Check(
            "What happens",
            "Event",
            text="D6 = {value}",
            purpose="what happens at the event spot (D6)",
        )
        face = _die(roller, what)
        ev = next(e for e in d.events.values() if e.roll == face)
        said = f"D6 = {face}: {ev.label}: {ev.summary}"
        _said(roller, what, outcome=said)
    info: dict[str, Any] = {
        "id": ev.id, "label": ev.label, "col": col, "row": row, "done": False,
        "check": ev.check, "clear": ev.clear, "spawn": list(ev.spawn), "deadline": None,
    }  # fmt: skip
    changes: list[Change] = []
    if ev.deadline_die:
        left = Check(
            "Deadline", "Deadline", ev.deadline_die, purpose="turns left at the event spot"
        )
        n = _die(roller, left)
        info["deadline"] = state.turn + n
        said = f"D{ev.deadline_die} = {n}: done by the end of turn {state.turn + n}"
        _said(roller, left, outcome=said)
    if ev.spawn:
        profile = profile_of(state)
        numbers = next_numbers(state)
        names = []
        for rank in ev.spawn:
            numbers[rank] += 1
            f = opfor_fighter(profile, rank, numbers[rank], None, dice_by_rank()[rank])
            f = replace(f, flags=freeze({**f.flags, "event_spawn": True}))
            changes.append(add_fighter(f))
            names.append(f.name)
        changes += OneStatSoloGame.set(opfor_count=numbers)
        said = f"at the spot: {', '.join(names)}"
        steps.append(Step("Arrivals", said))
    changes += OneStatSoloGame.set(event=info)
    return changes, said


def shut_down(
    state: GameState, target: str, fighter: FighterState, roller: Roller, free: bool = False
) -> Outcome:
    """A roll at or below stat shuts a device down: a spawnpoint (Shutdown), a station,
    or the event spot's machine (Investigate); an Engineer rolls 2 dice keep higher above
    his stat (R-1SS-S14). It takes one action (R-1SS-S10)."""
    _player(state, fighter)
    tokens = _tokens(state)
    shut = list(OneStatSoloGame.of(state).shut or ())
    key = target.strip().casefold()
    scenarios = [load().scenarios[s] for s in state.options.get("scenarios") or ()]
    label: str
    if key.isdigit():
        n = int(key)
        if not any(s.devices for s in scenarios):
            raise UsageError("spawnpoints are devices only in Shutdown")
        if not 1 <= n <= len(OneStatSoloGame.of(state).spawnpoints or ()):
            raise UsageError(f"there is no spawnpoint {n}")
        if n in shut:
            raise RefusedError(f"spawnpoint {n} is already shut down")
        label = f"spawnpoint {n}"
    elif key == "event":
        ev = OneStatSoloGame.of(state).event
        if not ev or not ev.get("check"):
            raise UsageError("there is no device at an event spot in this game")
        if ev.get("done"):
            raise RefusedError("the event spot is already dealt with")
        label = str(ev["label"])
    else:
        t = _find_token(tokens, target)
        if t["kind"] != "station":
            raise UsageError(f"token {t['id']} is not a device")
        if t["state"] == "shut":
            raise RefusedError(f"station {t['id']} is already shut down")
        label = f"station {t['id']}"
    from companion.systems.one_stat.data import load as load_1ss
    from companion.systems.one_stat.objectives import work_device

    board = _spending(state, fighter, roller, free, f"working {label}", "device")
    # One roll at or below stat shuts a device down; an Engineer works it by his skill
    # (R-1SS-S14).
    ok = work_device(
        load_1ss(),
        roller,
        fighter,
        title=f"Shut down {label}",
        compare="<=",
        success_text=f"{label} is shut down",
        failure_text=f"{label} keeps running",
        rulings=("R-1SS-S14",) if fx.has(fighter, "engineer") else (),
    )
    changes = list(board.changes())
    if ok:
        if key.isdigit():
            changes += OneStatSoloGame.set(shut=sorted(shut + [int(key)]))
        elif key == "event":
            ev2 = dict(thaw(OneStatSoloGame.of(state).event))
            ev2["done"] = True
            changes += OneStatSoloGame.set(event=ev2)
        else:
            for t in tokens:
                if t["id"].casefold() == key:
                    t["state"] = "shut"
            changes += OneStatGame.set(tokens=tokens)
    outcome = f"{label} is shut down" if ok else f"{label} keeps running"
    trace = Trace(f"{fighter.name}: shut down {label}", tuple(roller.steps), outcome)
    return Outcome(
        "shutdown",
        f"{fighter.name} tries to shut down {label}: {outcome}",
        tuple(changes),
        trace,
    )


def declare(state: GameState, objective: str) -> Outcome:
    """The player says something only the table can see (a miniature reached a corner)."""
    key = objective.strip().casefold()
    wanted = set(state.options.get("win") or ()) | set(state.options.get("lose") or ())
    if key not in DECLARED:
        raise UsageError(
            f"'{objective}' is not an objective to declare; use one of {', '.join(DECLARED)}"
        )
    if key not in wanted:
        raise UsageError(
            f"'{key}' does not count in this game; it counts: "
            + ", ".join(sorted(w for w in wanted if w in DECLARED))
        )
    if key == "boss-home":
        bosses = [f for f in state.fighters if OneStatSolo.of(f).hostage_boss]
        if bosses and not all(OneStatFighter.of(f).surrendered for f in bosses):
            raise RefusedError("the hostage boss still fights: bring him down to his D6 first")
    declared = list(OneStatSoloGame.of(state).declared or ())
    if key in declared:
        raise RefusedError(f"'{key}' is already declared")
    text = OBJECTIVE_TEXT.get(key, key)
    return Outcome(
        "objective", f"Declared: {text}.", (*OneStatSoloGame.set(declared=declared + [key]),)
    )


def provoke(state: GameState, f: FighterState) -> Outcome:
    """The trek or the hostage boss was attacked at the table without the app: from now
    on it fights back (an attack made with the app provokes by itself, R-1SS-S13)."""
    if OneStatSolo.of(f).trek:
        return Outcome(
            "provoke",
            "The trek was attacked: all of it fights back from now on.",
            (*OneStatSoloGame.set(trek_attacked=True),),
        )
    if OneStatSolo.of(f).hostage_boss:
        return Outcome(
            "provoke",
            f"{f.name} was attacked: he stops to fight back.",
            (*OneStatFighter.set(f.id, provoked=True),),
        )
    raise UsageError(f"{f.name} is neither in the trek nor the hostage boss")


def ladder_wound(state: GameState, f: FighterState) -> Outcome:
    """One wound to a ladder boss (R-1SS-14), for a wound dealt at the table."""
    if not has_ladder(f):
        raise UsageError(f"{f.name} is not a Bounty or Hostage boss")
    if f.out:
        raise RefusedError(f"{f.name} is already out")
    changes, text = bounty_wound(f)
    extra: tuple[Change, ...] = ()
    if OneStatSolo.of(f).hostage_boss and not OneStatFighter.of(f).provoked:
        extra = (*OneStatFighter.set(f.id, provoked=True),)
    trace = Trace(
        f"Wound: {f.name}", (Step("Ladder", text, rulings=("R-1SS-14", "R-1SS-S03")),), text
    )
    return Outcome("wound", text, changes + extra, trace)


def end_if_decided(state: GameState) -> Outcome | None:
    """An 'end' outcome when the scenario is decided, else None."""
    from companion.systems.one_stat.solo.game import end_changes

    if state.phase == "ended" or state.turn == 0 and not state.fighters:
        return None
    result = check(state)
    if result is None:
        return None
    text = f"{'You win' if result[0] == 'won' else 'You lose'}: {result[1]}"
    return Outcome(
        "end",
        f"The game is over: {text}",
        tuple(end_changes(result)),
        Trace("Scenario check", (Step("Scenario check", text),), text),
        announcements=(f"Game over: {text}",),
    )


def ask(state: GameState, f: FighterState, roller: Roller, free: bool = False) -> Outcome:
    """The Dark Ritual: question a civilian. A D6 for the civilian and a D6 for the fighter;
    an answer when the fighter's roll lies between his stat and the civilian's roll (both
    included). Every second answer places a coordinate clue; a civilian's 1 is a gaunt."""
    from companion.systems.one_stat.roller import CheckedDice
    from companion.systems.one_stat.solo.game import dice_by_rank, profile_of
    from companion.systems.one_stat.solo.spawn import next_numbers, opfor_fighter
    from companion.systems.one_stat.solo.spawnpoints import Square, place, square_size

    _player(state, f)
    d = load()
    setup_id = state.options.get("setup")
    st = d.setups.get(setup_id) if isinstance(setup_id, str) else None
    if st is None or not st.questioning:
        raise UsageError("questioning civilians belongs to The Dark Ritual set-up")
    changes = list(_spending(state, f, roller, free, "questioning a civilian", "other").changes())
    steps = roller.steps
    civ = _die(
        roller, Check("Civilian", "Civilian", text="D6 = {value}", purpose="the civilian's D6")
    )
    if civ == 1:
        profile = profile_of(state)
        numbers = next_numbers(state)
        numbers["specialist"] += 1
        g = opfor_fighter(
            profile, "specialist", numbers["specialist"], None, dice_by_rank()["specialist"]
        )
        g = replace(
            g,
            id=f"gaunt-{numbers['specialist']}",
            name=f"Gaunt {numbers['specialist']}",
            flags=freeze({**g.flags, "gaunt": True, "actions_per_activation": 3}),
        )
        changes += [add_fighter(g), *OneStatSoloGame.set(opfor_count=numbers)]
        said = f"a 1: the civilian is {g.name}, a specialist with 3 actions"
        steps.append(Step("The veil drops", said))
        trace = Trace(f"{f.name} questions a civilian", tuple(steps), said)
        return Outcome(
            "question", f"{f.name} questions a civilian: a gaunt!", tuple(changes), trace
        )
    # No roll of the fighter when the civilian turns out to be a gaunt. The inquirer rolls
    # a D6 whatever his rank, as the civilian does (R-1SS-S15).
    asks = Check(
        f"{f.name} asks",
        f.name,
        QUESTION_DIE,
        rulings=("R-1SS-S15",),
        purpose=f"{f.name}'s D{QUESTION_DIE}",
    )
    own = _die(roller, asks)
    lo, hi = sorted((f.stat, civ))
    ok = lo <= own <= hi
    answer = "an answer" if ok else "nothing useful"
    said = f"D{QUESTION_DIE} = {own}: {answer} (an answer needs {lo}-{hi})"
    _said(
        roller,
        asks,
        outcome=said,
        success=ok,
        probability=Fraction(max(0, min(hi, QUESTION_DIE) - lo + 1), QUESTION_DIE),
    )
    if ok:
        answers = int(OneStatSoloGame.of(state).answers or 0) + 1
        changes += OneStatSoloGame.set(answers=answers)
        if answers % 2 == 0 and answers <= 4:
            tokens = _tokens(state)
            kind, tid = ("clue-x", "X") if answers == 2 else ("clue-y", "Y")
            taken = [Square(t["col"], t["row"]) for t in tokens]
            size = square_size(int(state.options.get("board") or d.board), d.grid)
            dice = CheckedDice(roller, "column, row")
            squares, psteps = place(dice, [f"Token {tid}"], d.grid, size, taken)
            tokens.append(
                {"id": tid, "kind": kind, "col": squares[0].col, "row": squares[0].row,
                 "state": "board", "carrier": None}
            )  # fmt: skip
            changes += OneStatGame.set(tokens=tokens)
            steps += psteps
            said = f"{answers} answers: clue {tid} is on the map"
            steps.append(Step("Coordinate clue", said))
    trace = Trace(f"{f.name} questions a civilian", tuple(steps), said)
    return Outcome(
        "question", f"{f.name} questions a civilian: {trace.outcome}", tuple(changes), trace
    )


def provoked_by(state: GameState, request: ActionRequest, attack: Outcome) -> Outcome:
    """The attack itself provokes (R-1SS-S13): one of yours attacking a trek fighter makes
    the whole trek fight back; attacking the Hostage boss makes him alone fight back,
    until at his D6 he gives up. Hit or miss, the attack was made."""
    if not request.actor or state.fighter(request.actor).side != 0:
        return attack
    attacked = [request.target, *tuple(request.options.get("splash") or ())]
    extra: list[Change] = []
    steps: list[Step] = []
    for fid in attacked:
        if not fid:
            continue
        t = state.fighter(str(fid))
        if OneStatSolo.of(t).trek and not OneStatSoloGame.of(state).trek_attacked and not extra:
            extra += OneStatSoloGame.set(trek_attacked=True)
            steps.append(
                Step(
                    "The trek is attacked",
                    "all of its fighters use their actions to fight back from now on",
                    rulings=("R-1SS-S13",),
                )
            )
        if OneStatSolo.of(t).hostage_boss and not OneStatFighter.of(t).provoked:
            extra += OneStatFighter.set(t.id, provoked=True)
            steps.append(
                Step(
                    f"{t.name} is attacked",
                    "he stops heading for his corner and fights back (until his D6)",
                    rulings=("R-1SS-S13",),
                )
            )
    if not extra:
        return attack
    trace = attack.trace
    if trace is not None:
        rulings = tuple(dict.fromkeys((*trace.rulings, "R-1SS-S13")))
        trace = replace(trace, steps=(*trace.steps, *steps), rulings=rulings)
    return replace(attack, changes=(*attack.changes, *extra), trace=trace)
