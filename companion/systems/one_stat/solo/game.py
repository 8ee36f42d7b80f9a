"""A solo game of 1ss: set-up, the solo turn order and upkeep with a new spawn."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from companion.dice import DiceSource
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, Event, apply_event, set_game
from companion.game.setup import fighters_from
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.names import plural
from companion.roster import Roster
from companion.systems.base import Outcome
from companion.systems.kit.state import TurnOrder
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.solo import scenarios as sc_mod
from companion.systems.one_stat.solo.data import Setup, SoloScenario, load
from companion.systems.one_stat.solo.profiles import Profile, from_dict
from companion.systems.one_stat.solo.spawn import spawn
from companion.systems.one_stat.solo.spawnpoints import Square, place, square_size
from companion.systems.one_stat.state import OneStatGame, OneStatSolo, OneStatSoloGame
from companion.trace import Step, Trace
from companion.values import frozen


@frozen
class SoloChoice:
    scenarios: tuple[SoloScenario, ...]
    setup: Setup | None


def choose(scenario: str | None, objectives: str | None, setup: str | None) -> SoloChoice:
    """The scenarios to play, from --scenario, --mixed A,B or --setup."""
    d = load()
    picked: list[str] = []
    st: Setup | None = None
    if setup:
        key = setup.strip().casefold().replace(" ", "-")
        if key not in d.setups:
            raise UsageError(f"unknown themed set-up '{setup}'; use one of {', '.join(d.setups)}")
        st = d.setups[key]
        picked = list(st.scenarios)
    if objectives:
        picked += [p.strip().casefold() for p in objectives.split(",") if p.strip()]
    if scenario:
        picked.append(scenario.strip().casefold())
    if not picked:
        picked = ["skirmish"]
    for p in picked:
        if p not in d.scenarios:
            raise UsageError(
                f"unknown solitaire scenario '{p}'; use one of {', '.join(d.scenarios)}"
            )
    uniq = list(dict.fromkeys(picked))
    if len(uniq) > 1 and "skirmish" in uniq:
        uniq.remove("skirmish")
    return SoloChoice(tuple(d.scenarios[p] for p in uniq), st)


def check_warband(roster: Roster) -> None:
    """The solo warband: 1 boss, 3 specialists, 6 rookies (R-1SS-15), and the usual checks."""
    from companion import systems

    d = load()
    counts = {r: sum(1 for f in roster.fighters if f.rank == r) for r in d.warband}
    wrong = [f"{plural(counts[r], r)} (needs {n})" for r, n in d.warband.items() if counts[r] != n]
    problems = [p.message for p in systems.get("1ss").check_roster(roster) if p.severity == "error"]
    if wrong or problems:
        raise UsageError(
            f"'{roster.name}' cannot play solo: "
            + "; ".join(
                (
                    ["a solo warband is 1 boss, 3 specialists and 6 rookies: " + ", ".join(wrong)]
                    if wrong
                    else []
                )
                + problems
            )
        )


def new_solo_game(
    roster: Roster,
    profile: Profile,
    choice: SoloChoice,
    board: int | None = None,
    hostage_corner: str | None = None,
) -> GameState:
    """The game as set up before any dice: the player's warband and scenario fighters.
    `hostage_corner`: left or right, the corner beside yours the Hostage boss starts in."""
    from companion.systems.one_stat import data as one_stat

    d = load()
    d1 = one_stat.load()
    if roster.system != "1ss":
        raise UsageError(f"solo play is for 1ss warbands; '{roster.name}' plays {roster.system}")
    if hostage_corner is not None:
        hostage_corner = hostage_corner.strip().casefold()
        if hostage_corner not in sc_mod.SIDE_CORNERS:
            raise UsageError(f"--boss-corner takes left or right, not '{hostage_corner}'")
        if not any(s.boss == "hostage" for s in choice.scenarios):
            raise UsageError("--boss-corner belongs to the Hostage scenario")
    check_warband(roster)
    fighters = list(fighters_from([roster], lambda rf: d1.ranks[rf.rank].die))
    fighters += sc_mod.scenario_fighters(d, choice.scenarios, profile, choice.setup, hostage_corner)
    win, lose, last = sc_mod.objectives(choice.scenarios, choice.setup)
    size = board or d.board
    label = choice.setup.label if choice.setup else " + ".join(s.label for s in choice.scenarios)
    options: dict[str, Any] = {
        "solo": True,
        "profile": profile.to_dict(),
        "board": size,
        "grid": d.grid,
        "scenarios": [s.id for s in choice.scenarios],
        "setup": choice.setup.id if choice.setup else None,
        "label": label,
        "win": win,
        "lose": lose,
    }
    return GameState(
        system="1ss",
        scenario="solo-" + (choice.setup.id if choice.setup else "-".join(options["scenarios"])),
        sides=(SideState(roster.name, roster.name), SideState(profile.name, "OpFor")),
        fighters=tuple(fighters),
        last_turn=last or None,
        options=freeze(options),
    )


def profile_of(state: GameState) -> Profile:
    return from_dict(dict(state.options["profile"]), "the game's OpFor profile")


def dice_by_rank() -> dict[str, int]:
    from companion.systems.one_stat import data as one_stat

    return {k: r.die for k, r in one_stat.load().ranks.items()}


def setup_outcome(state: GameState, dice: DiceSource) -> Outcome:
    """Spawnpoints, then the scenario's tokens, each on its own square (R-1SS-12)."""
    d = load()
    size = square_size(int(state.options.get("board") or d.board), d.grid)
    labels = [f"Spawnpoint {i + 1}" for i in range(d.spawnpoints)]
    points, steps = place(dice, labels, d.grid, size)
    setup_id = state.options.get("setup")
    st = d.setups.get(setup_id) if isinstance(setup_id, str) else None
    scs = [d.scenarios[s] for s in state.options.get("scenarios") or ()]
    kinds = sc_mod.token_kinds(scs, st)
    tokens: list[dict[str, Any]] = []
    if kinds:
        squares, tsteps = place(dice, [f"Token {tid}" for tid, _ in kinds], d.grid, size)
        steps += tsteps
        for (tid, kind), sq in zip(kinds, squares, strict=True):
            tokens.append(
                {
                    "id": tid,
                    "kind": kind,
                    "col": sq.col,
                    "row": sq.row,
                    "state": "board",
                    "carrier": None,
                }
            )
    if any(s.hostage for s in scs):
        tokens.append(
            {
                "id": "H",
                "kind": "hostage",
                "col": d.grid,
                "row": d.grid,
                "state": "board",
                "carrier": None,
            }
        )
        steps.append(
            Step("Hostage", f"waits in the opposing corner (column {d.grid}, row {d.grid})")
        )
    for f in state.fighters:
        if OneStatSolo.of(f).corner:
            c = OneStatSolo.of(f).corner
            text = f"starts in the corner square column {c[0]}, row {c[1]}"
            if OneStatSolo.of(f).hostage_boss:
                goal = sc_mod.far_corner(c, d.grid)
                text += (
                    f" ({sc_mod.corner_name(c, d.grid)}) and heads for the "
                    f"{sc_mod.corner_name(goal, d.grid)} corner"
                )
            steps.append(Step(f.name, text, rulings=("R-1SS-S04",)))
    changes = [
        *OneStatSoloGame.set(spawnpoints=[[p.col, p.row] for p in points]),
        *OneStatGame.set(tokens=tokens),
    ]
    trace = Trace(
        "Solo set-up",
        tuple(steps),
        plural(len(points), "spawnpoint")
        + (f" and {plural(len(tokens), 'token')}" if tokens else "")
        + " placed",
        rulings=("R-1SS-12",),
    )
    return Outcome("solo-setup", trace.outcome, tuple(changes), trace)


def spawn_outcome(state: GameState, dice: DiceSource, title: str) -> Outcome:
    changes, trace, placed, arrived = spawn(state, profile_of(state), dice, dice_by_rank(), title)
    data = {"placed": placed, "spawned": arrived}
    return Outcome("spawn", trace.outcome, tuple(changes), trace, data=freeze(data))


# --- turn order (called from the 1ss plug-in when options.solo is set) -------------


def next_side(state: GameState) -> int | None:
    """The player activates every fighter, then the OpFor, one by one (R-1SS-S01)."""
    if state.turn == 0 or state.phase == "ended":
        return None
    for side in (0, 1):
        if any(fx.can_activate(f) for f in state.side_fighters(side)):
            return side
    return None


def must_wait(f: FighterState) -> str:
    """Why the OpFor fighter `f` may not act while your fighters still have to activate."""
    return (
        f"{f.name} must wait: the OpFor acts only after every one of your fighters has "
        "activated this turn (R-1SS-S01)"
    )


def end_changes(result: tuple[str, str]) -> list[Change]:
    verdict, why = result
    text = f"{'you win' if verdict == 'won' else 'you lose'}: {why}"
    return [set_game("phase", "ended"), set_game("result", text)]


def next_turn(state: GameState, dice: DiceSource, skip_regen: Collection[str] = ()) -> Outcome:
    """Upkeep (tokens and one-turn flags off, Regenerator rolls, a new spawn), the check,
    and the next turn. No initiative. `skip_regen`: the player's face-down Regenerators
    the player does not roll for this upkeep (R-1SS-S09)."""
    from companion.systems.kit.turns import tokens_off
    from companion.systems.one_stat.scenarios import game_over
    from companion.systems.one_stat.solo import upkeep

    if state.phase == "ended":
        raise RefusedError(f"the game is over: {state.result or 'ended'}")
    changes: list[Change] = []
    steps: list[Step] = []
    # Who the upkeep's spawn brought, where: the event's data (play shows it whole).
    arrived: list[dict[str, object]] = []
    if state.turn > 0:
        waiting = [f.name for f in state.side_fighters(1) if fx.can_activate(f)]
        regen, regen_steps = upkeep.regenerate(state, dice, skip_regen)
        after = apply_event(state, Event("upkeep", "", regen))
        changes += list(regen) + tokens_off(after, fx.TURN_FLAGS)
        changes += [set_game("active", None), *TurnOrder.set(last_side=None)]
        notes = (f"not walked this turn: {', '.join(waiting)}",) if waiting else ()
        steps.append(
            Step(
                "Upkeep",
                f"activation tokens, skills used and moves cleared after turn {state.turn}",
                notes=notes,
                rulings=("R-1SS-S08",),
            )
        )
        steps += regen_steps
        state = after
        ending = state.last_turn is not None and state.turn >= state.last_turn
        result = sc_mod.check(state, ending=ending, upkeep=True)
        if result is not None:
            changes += end_changes(result)
            text = f"{'You win' if result[0] == 'won' else 'You lose'}: {result[1]}"
            steps.append(Step("Scenario check", text, rulings=("R-1SS-S07",) if ending else ()))
            return game_over(state.turn, changes, steps, text)
        # The spawn belongs to the turn the upkeep begins, as the log files it.
        spawn_changes, spawn_trace, _, arrived = spawn(
            state, profile_of(state), dice, dice_by_rank(), turn=state.turn + 1
        )
        changes += spawn_changes
        steps += [Step("Upkeep spawn", spawn_trace.outcome, rulings=("R-1SS-11",))]
        steps += list(spawn_trace.steps)
    turn = state.turn + 1
    steps.append(
        Step(
            "Turn count",
            f"turn {turn}"
            + (f" of {state.last_turn}" if state.last_turn else "")
            + ": activate all your fighters, then walk the OpFor ('companion solo opfor')",
            rulings=("R-1SS-S01",),
        )
    )
    changes += [set_game("turn", turn), set_game("phase", "action"), set_game("initiative", 0)]
    trace = Trace(f"Turn {turn} (solo)", tuple(steps), f"turn {turn}: your fighters first")
    return Outcome(
        "turn",
        f"Turn {turn} begins; your fighters act first, then the OpFor.",
        tuple(changes),
        trace,
        data=freeze({"turn": turn, "spawned": arrived} if arrived else {"turn": turn}),
    )


def squares(state: GameState) -> list[Square]:
    return [Square(c, r) for c, r in OneStatSoloGame.of(state).spawnpoints or ()]


def solo_or_refuse(state: GameState) -> None:
    if not state.options.get("solo"):
        raise UsageError("this is not a solo game; start one with 'companion solo new'")
