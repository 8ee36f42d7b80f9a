"""`companion solo ...`: solo play against the OpFor.

Set-up (spawnpoints, tokens, the first spawn), the battlefield map, the OpFor walk with
its decision procedure, scenario objectives and the spawn forecast. The procedures are
the solo capability of a rule system (`RuleSystem.solo`): a game's own system's, or,
outside a game, the system the registry gives the `solo` group to.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from companion import TYPE_CHECKING, systems
from companion.cli.shared import (
    console,
    dice_source,
    open_home,
    print_json,
    reading_game,
    writing_game,
)
from companion.cli.solo_view import group_solo
from companion.errors import RefusedError, UsageError
from companion.game.events import Event, apply_event
from companion.game.repo import GameFile, append_outcome
from companion.game.state import GameState
from companion.names import plural
from companion.numbers import is_whole
from companion.roster import roster_key
from companion.systems.base import Outcome

if TYPE_CHECKING:
    from typing import Any, Unpack

    from companion.cli.declare import Rolled
    from companion.dice import DiceSource
    from companion.systems.solo_play import SoloPlay

NOT_SOLO = "this is not a solo game; start one with 'companion solo new'"


def game_solo(state: GameState) -> SoloPlay:
    """The solo procedures of a game's system; refused unless it is a solo game."""
    solo = systems.get(state.system).solo
    if solo is None:
        raise UsageError(NOT_SOLO)
    solo.refuse_unless_solo(state)
    return solo


def echo(text: str) -> None:
    sys.stdout.write(f"{text}\n")
    sys.stdout.flush()


# --- recording ------------------------------------------------------------------------


def record(
    gf: GameFile, outcomes: list[Outcome], dice: Any = None, check: bool = True
) -> list[Event]:
    """Append outcomes as events, then the end of the game if the scenario is decided;
    the file is written once."""
    events: list[Event] = []
    for i, o in enumerate(outcomes):
        events.append(append_outcome(gf, o, dice if i == len(outcomes) - 1 else None))
    if check:
        end = game_solo(gf.state).end_if_decided(gf.state)
        if end is not None:
            outcomes.append(end)
            events.append(append_outcome(gf, end))
    gf.db.commit()
    return events


def show(
    system: str,
    events: list[Event],
    outcomes: list[Outcome],
    as_json: bool,
    extra: dict[str, Any] | None = None,
) -> None:
    if as_json:
        print_json(
            {
                "events": [e.to_dict() for e in events],
                "announcements": [a for o in outcomes for a in o.announcements],
                **(extra or {}),
            }
        )
        return
    from companion.render.grid import Say, plain
    from companion.render.trace_print import plain_trace
    from companion.trace import Trace

    # Without Rich where every piece prints as Rich prints it.
    pieces = [
        plain_trace(Trace.from_dict(e.trace), system) if e.trace else plain([Say(e.summary)])
        for e in events
    ]
    pieces += [plain([Say(a, "bold magenta")]) for o in outcomes for a in o.announcements]
    if all(p is not None for p in pieces):
        sys.stdout.write("".join(p or "" for p in pieces))
        sys.stdout.flush()
        return
    from companion.render.trace_view import render_trace

    c = console()
    for e in events:
        if e.trace:
            render_trace(c, Trace.from_dict(e.trace), system)
        else:
            c.print(e.summary)
    for o in outcomes:
        for a in o.announcements:
            c.print(a, style="bold magenta")


def _one_step(
    game: str | None,
    as_json: bool,
    make: Callable[[GameState, SoloPlay], Outcome],
    dice: DiceSource | None = None,
) -> None:
    """One solo outcome made from the game as it stands, recorded (with the scenario
    check and the dice it rolled, if any) in one write, then shown."""
    with writing_game(game) as gf:
        o = make(gf.state, game_solo(gf.state))
        events = record(gf, [o], dice)
    show(gf.system, events, [o], as_json)


def _rolled_step(
    rolled: Rolled, make: Callable[[GameState, SoloPlay, DiceSource], Outcome]
) -> None:
    """`_one_step` for an outcome that rolls: the dice from --dice or --seed, recorded."""
    src = dice_source(rolled["dice"], rolled["seed"])
    _one_step(rolled["game"], rolled["as_json"], lambda state, solo: make(state, solo, src), src)


def _find(state: GameState, name: str) -> Any:
    from companion.cli.shared import find_fighter

    return find_fighter(state, name)


# --- set-up ------------------------------------------------------------------------------


def start_solo(
    roster: str,
    profile: str | None,
    scenario: str | None,
    mixed: str | None,
    setup: str | None,
    name: str | None,
    board: int | None,
    dice: str | None,
    seed: int | None,
    as_json: bool,
    boss_corner: str | None = None,
) -> None:
    """Set up a solo game: warband check, spawnpoints, tokens, the first spawn."""
    from companion.cli.games import free_name
    from companion.names import check_name

    if name is not None:
        name = check_name(name, "a game name")

    solo = group_solo()
    src = dice_source(dice, seed)
    home = open_home()
    with home.writing(batch=True):  # the game and the setting naming it current, together
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        choice = solo.choose(scenario, mixed, setup)
        pname = profile or (choice.setup.profile if choice.setup else "default")
        prof = solo.find_profile(db, pname)
        state = solo.new_game(r, prof, choice, board, boss_corner)
        o1 = solo.setup_outcome(state, src)
        after = apply_event(state, Event(o1.kind, o1.summary, o1.changes))
        o2 = solo.spawn_outcome(after, src, "Initial spawn")
        base = name or (
            "solo-"
            + (choice.setup.id if choice.setup else "-".join(s.id for s in choice.scenarios))
        )
        game_name = name or free_name(home, base)
        gf = home.create_game(game_name, state, [roster_key(r)])
        events = record(gf, [o1, o2], src, check=False)
        home.set_setting("current", gf.name)
    notes = list(choice.setup.notes) if choice.setup else []
    if as_json:
        extra = {"game": gf.name, "map": solo.map_data(gf.state), "notes": notes}
        show(gf.system, events, [], True, extra)
        return
    echo(
        f"Started solo game '{gf.name}' ({gf.state.options['label']}) against {prof.name}; "
        "it is now current."
    )
    show(gf.system, events, [], False)
    _draw_map(solo, gf.state)
    for n in notes:
        echo(f"- {n}")
    echo(
        "Next: 'companion turn' counts turn 1; activate your fighters, then 'companion solo opfor'."
    )


def _draw_map(solo: SoloPlay, state: GameState) -> None:
    from companion.render.solo_map import print_map

    print_map(solo.map_data(state))


def map_(game: str | None, as_json: bool) -> None:
    with reading_game(game) as gf:
        solo = game_solo(gf.state)
    if as_json:
        print_json(solo.map_data(gf.state))
        return
    _draw_map(solo, gf.state)


def spawn_(
    explain: str | None, dice: str | None, seed: int | None, game: str | None, as_json: bool
) -> None:
    from companion.dice import parse_dice_list

    if explain is not None:
        solo = group_solo()
        values = parse_dice_list(explain)
        if len(values) != 6:
            raise UsageError(f"the spawn dice are six D6; {len(values)} given")
        groups = solo.spawn_groups(values)
        if as_json:
            print_json(
                {
                    "dice": values,
                    "groups": [
                        {"face": g.face, "count": g.count, "ranks": list(g.ranks)} for g in groups
                    ],
                    "total": solo.spawn_tally(groups),
                }
            )
            return
        for g in groups:
            echo(g.describe())
        t = solo.spawn_tally(groups)
        echo(
            f"In all: {plural(t['rookie'], 'rookie')}, {plural(t['specialist'], 'specialist')}, "
            f"{plural(t['boss'], 'boss')} (R-1SS-11)"
        )
        return
    src = dice_source(dice, seed)

    def extra_spawn(state: GameState, solo: SoloPlay) -> Outcome:
        if state.phase == "ended":
            raise RefusedError(f"the game is over: {state.result}")
        return solo.spawn_outcome(state, src, "Extra spawn")

    _one_step(game, as_json, extra_spawn, src)


# --- the OpFor walk -----------------------------------------------------------------------


def asks() -> bool:
    """Whether a missing fact is asked: someone types at a terminal. The prompts go to
    stderr when stdout is taken (a pipe, --json), so what it prints stays clean."""
    return sys.stdin.isatty()


def _ask(q: Any) -> Any:
    import questionary

    more: dict[str, Any] = {}
    if not sys.stdout.isatty():
        from prompt_toolkit.output import create_output

        more["output"] = create_output(stdout=sys.stderr)
    if q.kind == "yesno":
        default = True if q.default is None else bool(q.default)
        a = questionary.confirm(q.text, default=default, **more).ask()
    elif q.kind in ("player", "leader", "ally", "distraction"):
        a = questionary.select(q.text, choices=list(q.choices), **more).ask()
    else:
        a = questionary.text(
            q.text,
            validate=lambda s: (
                (is_whole(s) and s.strip().isdigit() and len(s.strip()) <= 6) or "a whole number"
            ),
            **more,
        ).ask()
        a = int(a) if a is not None else None
    if a is None:
        raise UsageError("cancelled; nothing was written")
    return a


def _facts_answer(solo: SoloPlay, state: GameState, facts: Any, key: str, value: Any) -> Any:
    if key in ("target", "leader", "command", "distraction"):
        if key != "target" and str(value).strip().casefold() == "none":
            return facts.with_(**{key: "none"})
        f = _find(state, str(value))
        if key == "target" and (f.side != 0 or f.out):
            raise UsageError(f"{f.name} is not one of your fighters still in the game")
        if key == "command" and (f.side != 1 or f.out):
            raise UsageError(f"{f.name} is not an OpFor fighter still in the game")
        if key == "distraction":
            if f.id not in {x.id for x in solo.distractions(state)}:
                raise UsageError(f"{f.name} is not one of your Distractions in play")
        return facts.with_(**{key: f.id})
    return facts.with_(**{key: value})


def opfor(
    fighter: str | None,
    can_attack: bool | None,
    in_cover: bool | None,
    los: bool | None,
    target: str | None,
    distraction: str | None,
    leader: str | None,
    ranged: bool | None,
    range_: int | None,
    target_cover: bool | None,
    ganging: int,
    command: str | None,
    engaged: bool | None,
    resolve: bool,
    dice: str | None,
    seed: int | None,
    game: str | None,
    as_json: bool,
) -> None:
    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        state = gf.state
        solo = game_solo(state)
        sys_ = systems.get(gf.system)
        if state.phase == "ended":
            raise RefusedError(f"the game is over: {state.result}")
        side = sys_.next_side(state)
        if fighter is None:
            first = solo.next_fighter(state) if side == 1 else None
            if first is None:
                who = "your fighters still have to act" if side == 0 else "no OpFor fighter can act"
                raise RefusedError(f"no OpFor fighter is next: {who} (see 'companion status')")
            f = first
        else:
            f = _find(state, fighter)
            if f.side != 1:
                raise UsageError(f"{f.name} is not an OpFor fighter")
        _, state2 = solo.activation(state, f.id)
        facts = solo.facts(ganging)
        given = {
            "can_attack": can_attack, "in_cover": in_cover, "los": los, "target": target,
            "leader": leader, "ranged": ranged, "range": range_, "target_cover": target_cover,
            "command": command, "distraction": distraction, "engaged": engaged,
        }  # fmt: skip
        for k, v in given.items():
            if v is not None:
                facts = _facts_answer(solo, state2, facts, k, v)
        decoy_id = solo.drawn_to(facts)
        if decoy_id and facts.target not in (None, decoy_id):
            decoy, named = state2.fighter(decoy_id), state2.fighter(facts.target)
            raise UsageError(
                f"--target {named.name} and --distraction {decoy.name} disagree: a Distraction "
                'within 10" is the target of its actions (R-1SS-S17)'
            )
        if ranged is False and range_ is not None:
            raise UsageError("--melee and --range disagree: a distance is for a shot")
        if not asks():
            # A script cannot be asked: name every answer still needed at once.
            why = solo.missing(state2, f.id, facts)
            if why is not None:
                raise UsageError(why)
        # At a terminal each missing fact is asked in turn, as play's guide asks it.
        while (q := solo.next_question(state2, f.id, facts)) is not None:
            facts = _facts_answer(solo, state2, facts, q.key, _ask(q))
        decision, outcomes = solo.walk(state, f.id, facts, src, resolve)
        events = record(gf, outcomes, src)
    extra: dict[str, Any] = {
        "fighter": f.name,
        "fighter_id": f.id,
        "branch": decision.branch,
        "instruction": decision.instruction,
        "request": None
        if decision.request is None
        else {
            "action": decision.request.action,
            "actor": decision.request.actor,
            "target": decision.request.target,
            "options": dict(decision.request.options),
        },
    }
    show(gf.system, events, outcomes, as_json, extra)
    if not as_json:
        if decision.request is not None and not resolve and decision.request.action == "attack":
            r = decision.request
            a, t = gf.state.fighter(r.actor or "").name, gf.state.fighter(r.target or "").name
            rng = r.options.get("range")
            how = (
                (f" --range {rng}" if rng is not None else " --ranged")
                if r.options["ranged"]
                else ""
            )
            echo(f'Resolve it with: companion attack "{a}" "{t}"{how}')
        nxt = sys_.next_side(gf.state)
        if nxt == 1:
            echo("Next: 'companion solo opfor' for the next OpFor fighter.")
        elif gf.state.phase != "ended":
            echo("Every OpFor fighter has acted: 'companion turn' for upkeep and the new spawn.")


# --- objectives ---------------------------------------------------------------------------


def token(
    token_id: str,
    action: str,
    by: str | None,
    event: str | None,
    free: bool,
    **rolled: Unpack[Rolled],
) -> None:
    verb = action.strip().casefold()
    _rolled_step(
        rolled,
        lambda state, solo, src: solo.token_action(
            state, token_id, verb, _find(state, by) if by else None, src, event, free
        ),
    )


def shutdown_(target: str, by: str, free: bool, **rolled: Unpack[Rolled]) -> None:
    _rolled_step(
        rolled, lambda state, solo, src: solo.shutdown(state, target, _find(state, by), src, free)
    )


def question_(fighter: str, free: bool, **rolled: Unpack[Rolled]) -> None:
    _rolled_step(
        rolled, lambda state, solo, src: solo.question(state, _find(state, fighter), src, free)
    )


def objective(name: str, game: str | None, as_json: bool) -> None:
    _one_step(game, as_json, lambda state, solo: solo.declare(state, name))


def provoke_(fighter: str, game: str | None, as_json: bool) -> None:
    _one_step(game, as_json, lambda state, solo: solo.provoke(state, _find(state, fighter)))


def wound(fighter: str, game: str | None, as_json: bool) -> None:
    _one_step(game, as_json, lambda state, solo: solo.ladder_wound(state, _find(state, fighter)))


def regenerate_(fighter: str, roll: bool, game: str | None, as_json: bool) -> None:
    _one_step(
        game, as_json, lambda state, solo: solo.regenerate(state, _find(state, fighter), roll)
    )


def check_(game: str | None, as_json: bool) -> None:
    with writing_game(game) as gf:
        solo = game_solo(gf.state)
        events = record(gf, []) if gf.state.phase != "ended" else []
    result = solo.decided(gf.state) if gf.state.phase != "ended" else None
    lines = solo.objective_lines(gf.state)
    if as_json:
        print_json(
            {
                "phase": gf.state.phase,
                "result": gf.state.result,
                "objectives": lines,
                "goals": solo.objectives(gf.state),
                "events": [e.to_dict() for e in events],
            }
        )
        return
    for line in lines:
        echo(line)
    echo(
        f"Result: {gf.state.result}"
        if gf.state.phase == "ended"
        else "Not decided yet."
        if result is None
        else ""
    )


def scenarios_(as_json: bool) -> None:
    d = group_solo().data()
    if as_json:
        print_json(
            {
                "scenarios": [
                    {
                        "id": s.id,
                        "label": s.label,
                        "summary": s.summary,
                        "last_turn": s.last_turn or None,
                        "win": list(s.win),
                        "lose": list(s.lose),
                    }
                    for s in d.scenarios.values()
                ],
                "setups": [
                    {
                        "id": s.id,
                        "label": s.label,
                        "scenarios": list(s.scenarios),
                        "theme": s.theme,
                        "profile": s.profile,
                        "summary": s.summary,
                        "notes": list(s.notes),
                    }
                    for s in d.setups.values()
                ],
                "events": [
                    {"id": e.id, "roll": e.roll, "label": e.label, "summary": e.summary}
                    for e in d.events.values()
                ],
                "rulings": [{"id": r.id, "title": r.title, "text": r.text} for r in d.rulings],
            }
        )
        return
    from companion.render.grid import Part, Say
    from companion.render.grid import show as print_parts

    parts: list[Part] = [
        Say("Solitaire scenarios (companion solo new --scenario ID, or --mixed A,B):", "bold")
    ]
    for s in d.scenarios.values():
        turns = f" [{s.last_turn} turns]" if s.last_turn else ""
        parts.append(Say(f"  {s.id}: {s.label}{turns} - {s.summary}"))
    parts.append(Say("Themed set-ups (companion solo new --setup ID):", "bold"))
    for st in d.setups.values():
        parts.append(
            Say(f"  {st.id}: {st.label} ({', '.join(st.scenarios)}; {st.theme}) - {st.summary}")
        )
    parts.append(Say("Investigate events (D6):", "bold"))
    for e in sorted(d.events.values(), key=lambda e: e.roll):
        parts.append(Say(f"  {e.roll} {e.id}: {e.label} - {e.summary}"))
    parts.append(Say("Solo rulings:", "bold"))
    for r in d.rulings:
        parts.append(Say(f"  {r.id} {r.title}: {r.text}"))
    print_parts(parts)


# --- profiles ---------------------------------------------------------------------------------


def profile_new(
    name: str,
    rookie: int,
    specialist: int,
    boss: int,
    specialization: str,
    boss_skill: str,
    attacks: str,
    rookie_name: str | None,
    specialist_name: str | None,
    boss_name: str | None,
) -> None:
    from companion.game.state import freeze
    from companion.names import check_name

    solo = group_solo()
    names = dict(solo.data().names)
    for k, v in (("rookie", rookie_name), ("specialist", specialist_name), ("boss", boss_name)):
        if v:
            names[k] = check_name(v, f"the {k}s' name")[:40]
    p = solo.new_profile(
        check_name(name, "a profile name"),
        {
            "rookie": rookie,
            "specialist": specialist,
            "boss": boss,
            "specialization": specialization.strip().casefold().replace(" ", "-"),
            "boss_skill": boss_skill.strip().casefold().replace(" ", "-"),
            "attacks": attacks.strip().casefold(),
            "names": freeze(names),
        },
    )
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        solo.save_profile(db, p)
        db.commit()
    echo(f"Saved OpFor profile {p.describe()}")


def profile_list(as_json: bool) -> None:
    home = open_home()
    with home.reading():
        ps = group_solo().profiles(home.rosters_db())
    if as_json:
        print_json([{**p.to_dict(), "builtin": p.builtin} for p in ps])
        return
    for p in ps:
        echo(("(built-in) " if p.builtin else "") + p.describe())


def profile_show(name: str, as_json: bool) -> None:
    home = open_home()
    with home.reading():
        p = group_solo().find_profile(home.rosters_db(), name)
    if as_json:
        print_json({**p.to_dict(), "builtin": p.builtin})
        return
    echo(p.describe())
    for rank in ("rookie", "specialist", "boss"):
        echo(f"  {rank}s are called '{p.names[rank]} N', carry {', '.join(p.equipment(rank))}")


def profile_delete(name: str) -> None:
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        p = group_solo().delete_profile(db, name)
        db.commit()
    echo(f"Deleted OpFor profile '{p.name}'.")


def register(app: Any) -> None:
    """The `solo` group and its `profile` group, built from the declarations."""
    import typer

    from companion.cli import solo_view
    from companion.cli.declare import add_commands

    group = typer.Typer(help=solo_view.HELP, no_args_is_help=True)
    add_commands(group, solo_view.COMMANDS)
    profiles = typer.Typer(help=solo_view.PROFILE_HELP, no_args_is_help=True)
    add_commands(profiles, solo_view.PROFILE_COMMANDS)
    group.add_typer(profiles, name="profile")
    app.add_typer(group, name="solo")
