"""The OpFor decision procedure: what one OpFor fighter does on its activation.

The flowchart of the solo rules, walked one question at a time. The app works out what
the state already knows (who is prone, who outranks whom, the trek's orders) and asks the
player only what the table alone can tell: can it attack, is it in cover, does it see one
of your fighters, which fighter is closest, who is within 15". Each answer becomes a step
of the trace, so the player sees which branch fired and why.

Every walk ends in orders: what the table can be in (an engaged fighter, a target out of
reach, a prone fighter) changes the orders, never stops them (R-1SS-S20..S22).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.check import Check
from companion.core.roller import DiceRoller
from companion.dice import DiceSource
from companion.errors import UsageError
from companion.game.events import Change
from companion.game.state import FighterState, GameState, freeze
from companion.game.typed_state import flag_key
from companion.systems.base import ActionRequest, Outcome, RuleSystem
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.state import (
    ActionSequence,
    OneStatFighter,
    OneStatSolo,
    OneStatSoloGame,
    OneStatTurn,
)
from companion.trace import Step, Trace
from companion.values import field, frozen, replace

RANK_ORDER = {"rookie": 1, "specialist": 2, "boss": 3}
LEADER_RANGE = 15


@frozen
class Facts:
    """What the player told about the table; None = not asked yet."""

    can_attack: bool | None = None
    in_cover: bool | None = None
    los: bool | None = None
    target: str | None = None  # id of the player's fighter concerned
    leader: str | None = None  # id of the higher-ranked OpFor fighter, or "none"
    ranged: bool | None = None
    range: int | None = None
    target_cover: bool | None = None
    ganging: int = 0
    command: str | None = None  # id of the OpFor fighter the boss commands, or "none"
    distraction: str | None = None  # id of your Distraction within 10" of it, or "none"
    engaged: bool | None = None  # within 1 step of one of your fighters (R-1SS-S20)

    def with_(self, **kw: Any) -> Facts:
        return replace(self, **kw)


@frozen
class Question:
    """A question for the player, with the flag that answers it in scripts."""

    key: str
    text: str
    flag: str
    kind: str  # yesno | player | leader | number
    choices: tuple[str, ...] = ()
    default: Any = None  # the answer a prompt offers first, when one is safer


@frozen
class Decision:
    fighter: str
    branch: str
    instruction: str
    trace: Trace
    request: ActionRequest | None = None
    data: dict[str, Any] = field(default_factory=dict)


def clock(face: int) -> tuple[int, int]:
    """D10 face -> (degrees clockwise from 12 o'clock, nearest clock hour) (R-1SS-S02)."""
    degrees = face * 36
    hour = round(face * 1.2) % 12 or 12
    return degrees, hour


def shooter(f: FighterState) -> bool:
    return any("shooter" in e.split(":", 1)[0] for e in f.equipment)


def leaders(state: GameState, f: FighterState) -> list[FighterState]:
    """OpFor fighters that outrank `f` and still stand."""
    mine = RANK_ORDER.get(f.rank, 0)
    return [
        x
        for x in state.side_fighters(f.side)
        if not x.out and RANK_ORDER.get(x.rank, 0) > mine and x.id != f.id
    ]


def _not_among(
    state: GameState, given: str | None, among: list[FighterState], option: str
) -> tuple[str, str] | None:
    """None when `given` (an id, "none" or None) is one of `among` or nobody; else the
    name it gives and the list of whom it may be ("A, B or none")."""
    if given in (None, "none") or given in {x.id for x in among}:
        return None
    named = next((x.name for x in state.fighters if x.id == given), given)
    return f"--{option} {named}", ", ".join(x.name for x in among)


def leader_problem(state: GameState, f: FighterState, leader: str | None) -> str | None:
    """Why `leader` (an id, "none" or None) cannot be the fighter `f` heads for: only one
    that `leaders` offers is the higher-ranked friend of the flowchart; None if it fits."""
    among = leaders(state, f)
    bad = _not_among(state, leader, among, "leader")
    if bad is None:
        return None
    head = f"{bad[0]}: {f.name} heads only for a higher-ranked OpFor fighter in play"
    if not among:
        return f"{head}, and none outranks it; answer none"
    return f"{head}; answer one of {bad[1]} or none"


def command_problem(state: GameState, f: FighterState, command: str | None) -> str | None:
    """Why `command` (an id, "none" or None) cannot be the fighter the boss `f` orders:
    only one `commandable` offers is (R-1SS-S12); None if it fits."""
    among = commandable(state, f)
    bad = _not_among(state, command, among, "command")
    if bad is None:
        return None
    if not among:
        return (
            f"{bad[0]}: {f.name} commands no one (only a boss with Command does, "
            "when he cannot attack); answer none"
        )
    return (
        f"{bad[0]}: {f.name} orders only an upright OpFor fighter still in play; "
        f"answer one of {bad[1]} or none"
    )


def commandable(state: GameState, f: FighterState) -> list[FighterState]:
    """Fighters an OpFor boss with Command may order: upright friends still in play, the
    ones that have already acted first (R-1SS-S12)."""
    if f.rank != "boss" or "command" not in f.skills:
        return []
    mates = [
        x
        for x in state.side_fighters(f.side)
        if x.id != f.id and not x.out and x.status == "upright" and not OneStatSolo.of(x).trek
    ]
    return sorted(mates, key=lambda x: not x.token)


def players(state: GameState) -> list[FighterState]:
    return [x for x in state.side_fighters(0) if not x.out]


def distractions(state: GameState) -> list[FighterState]:
    """The player's Distractions still in play: one within 10" draws the OpFor (R-1SS-S17)."""
    return [x for x in players(state) if fx.has(x, "distraction") and fx.in_play(x)]


def drawn_to(facts: Facts) -> str | None:
    """The Distraction the fighter must target, when the table said one is within 10"."""
    return facts.distraction if facts.distraction not in (None, "none") else None


def aim(facts: Facts) -> str | None:
    """Whom the fighter's actions target: the Distraction within 10", else your fighter
    closest to it (R-1SS-S17)."""
    return drawn_to(facts) or facts.target


def special(state: GameState, f: FighterState) -> str | None:
    """Orders that replace the flowchart: trek, hostage boss, prone."""
    if f.status == "wounded":
        return "recover"
    if OneStatSolo.of(f).trek and not OneStatSoloGame.of(state).trek_attacked:
        return "trek-march"
    if OneStatSolo.of(f).hostage_boss:
        if OneStatFighter.of(f).surrendered:
            return "surrendered"
        if not OneStatFighter.of(f).provoked:
            return "boss-flees"
    return None


MARCHES = ("trek-march", "boss-flees")  # the special branches of two moves (R-1SS-S16)


def melee_capable(f: FighterState) -> bool:
    """Whether it can fight in melee: any fighter but one with shooters and no melee
    weapon (R-1SS-P08; a Martial Artist fights with his bare hands)."""
    return not shooter(f) or _has_melee_weapon(f) or "martial-artist" in f.skills


def stands_and_fights(f: FighterState, facts: Facts) -> bool:
    """Engaged in the open and able to fight in melee: it stays and attacks in melee
    rather than break free to reach cover (R-1SS-S20)."""
    return bool(facts.can_attack and facts.in_cover is False and facts.engaged and melee_capable(f))


def breaks_free(f: FighterState, facts: Facts) -> bool:
    """Engaged in the open with shooters only: its move to cover costs the shot (R-1SS-S20)."""
    return bool(
        facts.can_attack and facts.in_cover is False and facts.engaged and not melee_capable(f)
    )


def attacks(state: GameState, f: FighterState, facts: Facts) -> bool:
    """Whether the branch the facts lead to ends with an attack (before its reach is
    checked): the flowchart's attack, unless breaking free costs it."""
    return bool(facts.can_attack) and special(state, f) is None and not breaks_free(f, facts)


def shot_in_reach(f: FighterState, facts: Facts) -> bool:
    """Whether the shot the facts describe may be in reach of its shooter (as far as its
    class tells: a heavy shooter's reach is the attack's own to judge)."""
    reach = shooter_reach(f)
    if reach is None or facts.range is None:
        return True
    return 1 <= facts.range <= reach[1]


def _engaged_question(f: FighterState, costs: str) -> Question:
    return Question(
        "engaged",
        f"Is {f.name} within 1 step of one of your fighters? (moving away from there costs "
        f"its second action: {costs})",
        "--engaged/--no-engaged",
        "yesno",
        default=False,
    )


def next_question(state: GameState, fid: str, facts: Facts) -> Question | None:
    """The next thing only the table can answer, or None when the walk can finish."""
    f = state.fighter(fid)
    why = leader_problem(state, f, facts.leader) or command_problem(state, f, facts.command)
    if why is not None:
        raise UsageError(why)
    sp = special(state, f)
    if sp in MARCHES:
        # Two moves, unless the first breaks free (R-1SS-S20).
        return _engaged_question(f, "the second move") if facts.engaged is None else None
    if sp:
        return None
    names = tuple(x.name for x in players(state))
    decoys = distractions(state)
    if facts.distraction is None and decoys:
        return _one_or_none(
            "distraction",
            f'Is one of your Distractions within 10" of {f.name}? (none if not; one that is '
            "draws all its actions)",
            decoys,
        )
    decoy = state.fighter(drawn_to(facts) or "") if drawn_to(facts) else None
    if facts.can_attack is None:
        whom = decoy.name if decoy else "one of your fighters"
        return Question(
            "can_attack",
            f"Can {f.name} attack {whom} this activation "
            "(in reach after a move, or in range and sight of its shooter)?",
            "--can-attack/--cannot-attack",
            "yesno",
        )
    if facts.can_attack:
        if facts.in_cover is None:
            return Question("in_cover", f"Is {f.name} in cover?", "--in-cover/--in-open", "yesno")
        # Only out of cover a move comes before the attack, so only there breaking free
        # may cost it (R-1SS-S20); for a fighter that can fight in melee it decides
        # whether it moves at all, so it is asked first.
        if not facts.in_cover and facts.engaged is None and melee_capable(f):
            return _engaged_question(f, "its attack after the move to cover")
        if breaks_free(f, facts):
            return None  # to cover, and no shot: nothing more to know (R-1SS-S20)
        fights = stands_and_fights(f, facts)
        # Out of cover it moves first; what it attacks is read after that move (R-1SS-S18).
        moved = "" if facts.in_cover or fights else f"First move {f.name} to the nearest cover. "
        if aim(facts) is None:
            return Question(
                "target",
                f"{moved}Which of your fighters is closest to {f.name}{' now' if moved else ''}?",
                "--target NAME",
                "player",
                names,
            )
        if fights:
            return None  # in melee where it stands: no shot to ask about
        if facts.ranged is None and facts.range is None and shooter(f) and _has_melee_weapon(f):
            # A distance given already says it shoots (R-1SS-S22).
            return Question(
                "ranged",
                f"Does {f.name} shoot (yes) or fight in melee (no)?",
                "--ranged/--melee",
                "yesno",
            )
        if _is_ranged(f, facts) and facts.range is None:
            there = " from its spot in cover" if moved else ""
            return Question(
                "range",
                f"How many inches from {f.name} to its target{there}?",
                "--range N",
                "number",
            )
        if not facts.in_cover and facts.engaged is None and shot_in_reach(f, facts):
            # A shooter moves to cover either way: engaged, the move costs the shot; a shot
            # out of reach is lost anyway, so then it is not asked (R-1SS-S20, R-1SS-S22).
            return _engaged_question(f, "its shot after the move to cover")
        return None
    # Drawn by a Distraction it closes in on it whatever it sees (R-1SS-S17): no more to ask
    # about where it goes.
    where = None if decoy is not None else _where_question(state, f, facts, names)
    if where is not None:
        return where
    if facts.command is None and commandable(state, f):
        return _one_or_none(
            "command",
            f'{f.name} cannot attack: which OpFor fighter within 5" of him can attack one of '
            "your fighters now? (none if no one can)",
            commandable(state, f),
            "ally",
        )
    if facts.command not in (None, "none") and facts.engaged is None:
        # The Command would be his second action, after his move (R-1SS-S12, R-1SS-S20).
        return _engaged_question(f, "the Command")
    return None


def missing(state: GameState, fid: str, facts: Facts) -> str | None:
    """Every answer the walk still needs, in one line for a script: the flags on the way
    the likelier answers take, then what another answer would change. None when none."""
    q = next_question(state, fid, facts)
    if q is None:
        return None
    flags, notes = _plan(state, fid, facts)
    text = f"{state.fighter(fid).name} needs {_and(flags)}"
    return text + (f" ({'; '.join(notes)})" if notes else "") + f"; first: {q.text}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _plan(state: GameState, fid: str, facts: Facts) -> tuple[list[str], list[str]]:
    """The flags still needed along the likelier answers, and notes on the others."""
    q = next_question(state, fid, facts)
    if q is None:
        return [], []
    answers = _sample_answers(state, state.fighter(fid), q)
    rest, rest_notes = _plan(state, fid, facts.with_(**{q.key: answers[0][1]}))
    mine: list[str] = []
    deeper: list[str] = []
    for label, value in answers[1:]:
        other, other_notes = _plan(state, fid, facts.with_(**{q.key: value}))
        extra = [x for x in other if x not in rest]
        gone = [x for x in rest if x not in other]
        if extra and gone:
            mine.append(f"with {label} {_and(extra)} instead of {_and(gone)}")
        elif extra:
            mine.append(f"with {label} also {_and(extra)}")
        elif gone:
            mine.append(f"with {label} no {_and(gone)}")
        # A note from down that way holds only with this answer too; one the likelier
        # way makes as well is said once.
        deeper += [
            f"with {label} and {n.removeprefix('with ')}"
            for n in other_notes
            if n not in rest_notes
        ]
    notes: list[str] = []
    for n in rest_notes + mine + deeper:
        if n not in notes:
            notes.append(n)
    return [q.flag, *rest], notes


def _sample_answers(state: GameState, f: FighterState, q: Question) -> list[tuple[str, Any]]:
    """An answer for each way the question can turn the walk, the likelier first, each
    with the flag that gives it."""
    if q.kind == "yesno":
        yes, no = q.flag.split("/")
        if q.key == "engaged":
            return [(no, False), (yes, True)]
        return [(yes, True), (no, False)]
    if q.key == "distraction":
        return [("--distraction none", "none"), ("--distraction NAME", distractions(state)[0].id)]
    if q.key == "command":
        return [("--command none", "none"), ("--command NAME", commandable(state, f)[0].id)]
    if q.kind == "player":
        mine = players(state)
        return [("--target NAME", mine[0].id if mine else "?")]
    if q.kind == "number":
        return [("--range N", 5)]
    return [(q.flag, "none")]  # the leader: any answer leads on alike


def _where_question(
    state: GameState, f: FighterState, facts: Facts, names: tuple[str, ...]
) -> Question | None:
    """What decides where a fighter that cannot attack goes: sight, then a leader."""
    if facts.los is None:
        return Question(
            "los",
            f"Can {f.name} see any of your fighters?",
            "--los/--no-los",
            "yesno",
        )
    if facts.los:
        if facts.target is None:
            return Question(
                "target",
                f"Which of your fighters that {f.name} can see is closest?",
                "--target NAME",
                "player",
                names,
            )
        return None
    if facts.leader is None and leaders(state, f):
        return _one_or_none(
            "leader",
            f'Which higher-ranked OpFor fighter is nearest to {f.name} within {LEADER_RANGE}"? '
            "(none if no one is)",
            leaders(state, f),
        )
    return None


def _one_or_none(
    key: str, text: str, among: list[FighterState], kind: str | None = None
) -> Question:
    """A question answered with one of `among` by name, or none."""
    return Question(
        key, text, f"--{key} NAME|none", kind or key, tuple(x.name for x in among) + ("none",)
    )


def _goal(state: GameState, f: FighterState) -> str:
    """The corner the Hostage boss heads for: across from the one he started in."""
    from companion.systems.one_stat.solo.scenarios import corner_name, far_corner

    grid = int(state.options.get("grid") or 6)
    start = OneStatSolo.of(f).corner or (1, grid)
    return corner_name(far_corner(start, grid), grid)


def _has_melee_weapon(f: FighterState) -> bool:
    return any(e.split(":", 1)[0].startswith("melee") for e in f.equipment)


def _is_ranged(f: FighterState, facts: Facts) -> bool:
    """Whether its attack is a shot: the only way it has, else what the table said; a
    distance given means a shot (R-1SS-S22), and standing to fight means melee."""
    if stands_and_fights(f, facts) or not shooter(f):
        return False
    if not _has_melee_weapon(f):
        return True
    if facts.ranged is not None:
        return facts.ranged
    return facts.range is not None


def attack_request(f: FighterState, facts: Facts) -> ActionRequest:
    """The request for the 1ss attack resolution, from the facts the player gave."""
    target = aim(facts)
    assert target is not None
    ranged = _is_ranged(f, facts)
    # Ganging up is a melee modifier: a shot counts none (R-1SS-01).
    options: dict[str, Any] = {"ranged": ranged, "ganging": 0 if ranged else facts.ganging}
    if options["ranged"] and facts.range is not None:
        options["range"] = facts.range
    if facts.target_cover is not None:
        options["cover"] = facts.target_cover
    if facts.distraction is not None:
        # The attack checks the Distraction as `--opt distraction=` does (R-1SS-P13):
        # named, it must be the target; "none" within 10" silences the reminder.
        options["distraction"] = drawn_to(facts) or False
    return ActionRequest("attack", f.id, target, freeze(options))


#: Why an action the walk orders cannot be made as the table describes it, or None.
Checker = Callable[[ActionRequest], str | None]


def decide(
    state: GameState, fid: str, facts: Facts, dice: DiceSource, check: Checker | None = None
) -> Decision:
    """Walk the flowchart for one OpFor fighter with the facts given. `check` says why an
    attack or Command it orders cannot be made (the walk asks the rule code); orders
    without it then follow (R-1SS-S22)."""
    f = state.fighter(fid)
    q = next_question(state, fid, facts)
    if q is not None:
        raise UsageError(f"{q.text} Answer with {q.flag}.")
    stat = f.stat
    steps: list[Step] = []
    sp = special(state, f)
    title = f"OpFor: {f.name}"

    ordered = state.fighter(facts.command) if facts.command not in (None, "none") else None

    def done(
        branch: str, instruction: str, request: ActionRequest | None = None, **data: Any
    ) -> Decision:
        if sp is None and not facts.can_attack:
            if facts.engaged:
                data["broke_free"] = True  # its one move leaves your fighter (R-1SS-P17)
            if facts.engaged and ordered is None:
                steps.append(
                    Step(
                        "Engaged",
                        f"{f.name} stands within 1 step of your fighter: its move breaks free "
                        "and costs its second action, which the procedure leaves unused anyway",
                        rulings=("R-1SS-S20", "R-1SS-P17"),
                    )
                )
            if ordered is not None and request is None:
                instruction = _command(instruction, data)
                request = data.pop("_request", None)
        steps.append(Step("Instruction", instruction))
        return Decision(
            f.id,
            branch,
            instruction,
            Trace(title, tuple(steps), instruction, rulings=("R-1SS-S01",)),
            request,
            {"branch": branch, **data},
        )

    def _command(instruction: str, data: dict[str, Any]) -> str:
        """R-1SS-S12: a boss who cannot attack moves, then orders one who can."""
        assert ordered is not None
        if facts.engaged:
            steps.append(
                Step(
                    "Command",
                    f"{f.name} stood within 1 step of your fighter: his move breaks free and "
                    f"costs his second action, so he does not command {ordered.name}",
                    rulings=("R-1SS-S20", "R-1SS-P17", "R-1SS-S12"),
                )
            )
            return instruction + (
                "; no Command: leaving your fighter within 1 step breaks free and costs his "
                "second action (R-1SS-P17)"
            )
        request = ActionRequest("skill", f.id, ordered.id, freeze({"skill": "command"}))
        why = check(request) if check is not None else None
        if why is not None:
            steps.append(Step("Command", f"{why}: no Command", rulings=("R-1SS-S22", "R-1SS-S12")))
            return instruction + f"; {why}: no Command"
        steps.append(
            Step(
                "Command",
                f'{ordered.name} is within 5" and can attack: {f.name} makes this move '
                f"with his first action and commands {ordered.name} with his second",
                rulings=("R-1SS-S12",),
            )
        )
        instruction += (
            f"; then Command: {ordered.name} attacks your closest fighter at once "
            f'(companion attack "{ordered.name}" TARGET)'
        )
        if distractions(state):
            # Its target too is a Distraction within 10" of it, if one is (R-1SS-S17).
            instruction += (
                '; a Distraction of yours within 10" of it must be that target '
                "(--opt distraction=NAME)"
            )
        data["commanded"] = ordered.id
        data["_request"] = request
        return instruction

    if sp == "recover":
        steps.append(
            Step(
                "Prone?",
                "yes: a prone fighter's first action must be Recover, and the procedure rolls "
                "it (R-1SS-06)",
                rulings=("R-1SS-S21",),
            )
        )
        # The walk rolls it and puts the result into these orders (R-1SS-S21).
        return done("recover", f"{f.name} tries to stand up (Recover)")
    if sp == "surrendered":
        steps.append(Step("Hostage boss", "down to his D6: he has given up fighting (R-1SS-14)"))
        return done("surrendered", f"you move {f.name} where you want (he no longer fights)")
    if sp in MARCHES:
        if sp == "trek-march":
            why = "the trek has not been attacked yet, so it keeps marching: both actions are moves"
            route = "along the trek's way toward its far corner"
            steps.append(Step("Trek", why, rulings=("R-1SS-S16",)))
        else:
            why = "not attacked yet: he uses his actions to head for his far corner, two moves"
            route = f"toward the {_goal(state, f)} corner"
            steps.append(Step("Hostage boss", why, rulings=("R-1SS-S16",)))
        assert sp is not None
        if facts.engaged:
            steps.append(
                Step(
                    "Engaged",
                    f"{f.name} stands within 1 step of your fighter: its first move breaks free "
                    "and costs its second action, so it makes one move",
                    rulings=("R-1SS-S20", "R-1SS-P17"),
                )
            )
            text = (
                f'move {f.name} {stat}" {route}, once: leaving your fighter within 1 step '
                "breaks free and costs its second move (R-1SS-P17)"
            )
            return done(sp, text, moves=1, broke_free=True)
        return done(
            sp,
            f'move {f.name} {stat}" and again {stat}" (both actions, {2 * stat}" in all) {route}',
            moves=2,
        )

    if OneStatFighter.of(f).charge_left:
        steps.append(
            Step(
                "Charge",
                "its one Charge of the game is still unused: you may call it now instead "
                "(both actions; mark it with 'companion set --flag charge_left=')",
            )
        )
    aimed = aim(facts)
    target = state.fighter(aimed) if aimed else None
    decoy = drawn_to(facts)
    which = 'the Distraction within 10"' if decoy else "the closest of your fighters"
    if decoy is not None:
        assert target is not None
        steps.append(
            Step(
                "Distraction",
                f'{target.name} is a Distraction within 10" of {f.name}: {f.name} must pick '
                "it as the target of its actions",
                rulings=("R-1SS-S17", "R-1SS-P13"),
            )
        )
    elif facts.distraction == "none":
        steps.append(Step("Distraction", 'none of your Distractions is within 10"'))

    def attack_or_not(branch: str, text: str, without: str, req: ActionRequest) -> Decision:
        """The branch's attack, or its orders without it when it cannot be made."""
        assert target is not None
        why = check(req) if check is not None else None
        if why is None:
            return done(branch, text, req, target=target.id)
        steps.append(Step("No attack", f"{why}: no attack", rulings=("R-1SS-S22",)))
        return done(branch, f"{without}; {why}: no attack", target=target.id, no_attack=why)

    if facts.can_attack:
        whom = target.name if decoy and target else "one of your fighters"
        steps.append(Step("Can it attack?", f"yes, you said {whom} is in its reach"))
        if facts.in_cover:
            steps.append(Step("Is it in cover?", "yes: it keeps its position"))
            if facts.engaged:
                steps.append(
                    Step(
                        "Engaged",
                        "it does not move, so nothing breaks free: it keeps its attack",
                        rulings=("R-1SS-S20", "R-1SS-P17"),
                    )
                )
            req = attack_request(f, facts)
            how = "shoot" if req.options["ranged"] else "attack"
            assert target is not None
            text = f"stay in cover and {how} {target.name}, {which}"
            return attack_or_not("attack-from-cover", text, "stay in cover", req)
        if breaks_free(f, facts):
            steps.append(Step("Is it in cover?", "no: it moves to the nearest cover"))
            steps.append(
                Step(
                    "Engaged",
                    f"{f.name} stands within 1 step of your fighter and has only shooters, "
                    "which need 1 step at least: the move to cover breaks free and costs its "
                    "second action, so it makes no attack",
                    rulings=("R-1SS-S20", "R-1SS-P17"),
                )
            )
            text = (
                "move to the nearest cover; leaving your fighter within 1 step breaks free "
                "and costs its second action (R-1SS-P17): no attack this activation"
            )
            return done("break-free", text, broke_free=True)
        assert target is not None
        if stands_and_fights(f, facts):
            steps.append(
                Step(
                    "Is it in cover?",
                    "no, but it stands within 1 step of your fighter: a move to cover would "
                    "break free and cost its attack, so it stays and fights in melee; without "
                    "a move first, the attack is its second and last action",
                    rulings=("R-1SS-S20", "R-1SS-P17", "R-1SS-P16"),
                )
            )
            req = attack_request(f, facts)
            text = (
                f"stay where it stands and attack {target.name} in melee, {which} (a move "
                "to cover would break free and cost the attack: R-1SS-S20)"
            )
            return attack_or_not("stand-and-fight", text, "stay where it stands", req)
        steps.append(Step("Is it in cover?", "no: it first moves to the nearest cover"))
        if not decoy:
            steps.append(
                Step(
                    "Closest after the move",
                    f"{target.name}, as you said once it stood in cover",
                    rulings=("R-1SS-S18",),
                )
            )
        req = attack_request(f, facts)
        how = "shoot" if req.options["ranged"] else "attack"
        text = f"move to the nearest cover, then {how} {target.name}, {which}"
        if not decoy:
            text += " from there"
        return attack_or_not("cover-then-attack", text, "move to the nearest cover", req)
    if decoy is not None:
        assert target is not None
        steps.append(Step("Can it attack?", f"no, you said {target.name} is not in its reach yet"))
        text = f'move {stat}" toward {target.name}, staying in cover as well as possible'
        return done("close-in", text, target=target.id, distraction=target.id)
    steps.append(Step("Can it attack?", "no, you said none of your fighters is in its reach"))
    if facts.los:
        assert target is not None
        steps.append(Step("Does it see one of your fighters?", f"yes: {target.name}"))
        text = f'move {stat}" toward {target.name}, staying in cover as well as possible'
        return done("close-in", text, target=target.id)
    steps.append(Step("Does it see one of your fighters?", "no"))
    candidates = leaders(state, f)
    if not candidates:
        steps.append(
            Step(
                f'Higher-ranked friend within {LEADER_RANGE}"?',
                "no: no OpFor fighter that outranks it is on the table",
            )
        )
    elif facts.leader and facts.leader != "none":
        leader = state.fighter(facts.leader)
        steps.append(
            Step(
                f'Higher-ranked friend within {LEADER_RANGE}"?',
                f"yes: {leader.name} ({leader.rank})",
            )
        )
        return done("follow-leader", f'move {stat}" toward {leader.name}', leader=leader.id)
    else:
        steps.append(Step(f'Higher-ranked friend within {LEADER_RANGE}"?', "no, you said none is"))
    roller = DiceRoller(dice)
    way = Check(
        "Direction roll",
        f.name,
        10,
        rulings=("R-1SS-13", "R-1SS-S02"),
        purpose=f"{f.name}'s direction (D10)",
    )
    face = int(roller.check(way).value or 0)
    degrees, hour = clock(face)
    said = f"D10 = {face}: {degrees} degrees clockwise from the far edge, about {hour} o'clock"
    # The roll and its check are the roller's; the words say what the face means.
    steps.append(replace(roller.steps[-1], outcome=said))
    text = f"roll for direction: D10 = {face}, move {stat}\" toward {hour} o'clock"
    return done("wander", text, direction=face, degrees=degrees, hour=hour)


# --- one OpFor activation, shared by `solo opfor` and the guided `play` -------------------


def next_fighter(state: GameState) -> FighterState | None:
    """The OpFor fighter the procedure walks next: the first one still able to act."""
    return next(
        (x for x in state.side_fighters(1) if fx.can_activate(x)),
        None,
    )


def activation(system: RuleSystem, state: GameState, fid: str) -> tuple[Outcome, GameState]:
    """The OpFor fighter's activation, and the state the questions are asked in."""
    from companion.game.events import Event, apply_event

    f = state.fighter(fid)
    act = system.activate(state, f.id)
    extra_actions = OneStatSolo.of(f).actions_per_activation
    if isinstance(extra_actions, int):
        # A gaunt of The Dark Ritual has a third action as its specialization.
        act = Outcome(
            act.kind,
            act.summary,
            tuple(c for c in act.changes if not (c.key == f.id and c.field == flag_key("actions")))
            + (*OneStatTurn.set(f.id, actions=extra_actions),),
        )
    return act, apply_event(state, Event(act.kind, act.summary, act.changes))


def walk(
    system: RuleSystem,
    state: GameState,
    fid: str,
    facts: Facts,
    dice: DiceSource,
    resolve: bool = True,
) -> tuple[Decision, list[Outcome]]:
    """Activate, decide and (when it attacks) resolve the attack with the 1ss resolution.

    The outcomes are recorded in order: the activation with the decision's trace, then
    the attack, or the Recover rolls of a prone fighter (the procedure's own action,
    rolled whatever `resolve` says, R-1SS-S21). `state` is the state before the
    activation. What the rule code would refuse of the attack or the Command becomes
    orders without it (R-1SS-S22), so every walk ends in orders.
    """
    from companion.game.events import Event, apply_event

    act, active = activation(system, state, fid)
    f = active.fighter(fid)

    def check(request: ActionRequest) -> str | None:
        return refusal(system, active, request)

    decision = decide(active, fid, facts, dice, check)
    if decision.branch == "recover":
        return recover(system, act, active, decision, dice)
    taken, said = procedure_actions(f, decision)
    trace = decision.trace
    if said is not None:  # before the instruction, which stays the last word
        trace = replace(trace, steps=(*trace.steps[:-1], said, trace.steps[-1]))
    outcomes = [
        Outcome(
            "opfor",
            f"{f.name}: {decision.instruction}",
            act.changes + taken,
            trace,
            data=decision.data,
        )
    ]
    if decision.request is not None and resolve:
        moved = apply_event(active, Event("opfor", "", taken))
        outcomes.append(with_warstomp(f, system.resolve(moved, decision.request, dice)))
    return decision, outcomes


def refusal(system: RuleSystem, state: GameState, request: ActionRequest) -> str | None:
    """Why the rule code refuses the attack or Command the walk orders, in the orders'
    words, found without a die rolled; None when it would be made."""
    from companion.systems.legal import own_refusal

    error = own_refusal(system, state, request)
    if error is None:
        return None
    rng = request.options.get("range")
    if request.action == "attack" and request.options.get("ranged") and rng is not None:
        t = state.fighter(request.target or "")
        reach = shooter_reach(state.fighter(request.actor or ""))
        if reach is not None and int(rng) > reach[1]:
            return f"{t.name} is out of reach at {rng} (a {reach[0]} shooter reaches {reach[1]})"
        if int(rng) < 1:
            return f"{t.name} stands within 1 step, and a shot needs 1 step at least"
    return str(error).split("; --opt free=true", 1)[0]


def shooter_reach(f: FighterState) -> tuple[str, int] | None:
    """The class of shooter the fighter fires and how far it reaches (R-1SS-02; a Ranger's
    light or medium shooter reaches 15"), or None for a heavy shooter or none."""
    from companion.systems.one_stat.data import load as load_1ss

    classes = fx.shooter_classes(load_1ss(), f)
    cls = "heavy" if "heavy" in classes else "medium" if "medium" in classes else "light"
    if not classes or cls == "heavy":
        return None
    return cls, 15 if cls == "medium" or fx.has(f, "ranger") else 10


def recover(
    system: RuleSystem, act: Outcome, active: GameState, decision: Decision, dice: DiceSource
) -> tuple[Decision, list[Outcome]]:
    """A prone fighter's activation: Recover rolled with its first action and, when that
    fails, again with its next (R-1SS-06, R-1SS-S21). The orders say how it went."""
    from companion.errors import CompanionError
    from companion.game.events import Event, apply_event

    f = active.fighter(decision.fighter)
    request = ActionRequest("recover", f.id, None, freeze({}))
    tries: list[Outcome] = []
    now, why = active, None
    while now.fighter(f.id).status == "wounded" and _actions(now.fighter(f.id)) > 0:
        try:
            o = system.resolve(now, request, dice)
        except CompanionError as e:  # nothing the table can be in; still orders (R-1SS-S22)
            why = str(e).split("; --opt free=true", 1)[0]
            break
        tries.append(o)
        now = apply_event(now, Event(o.kind, o.summary, o.changes))
    after = now.fighter(f.id)
    n = len(tries)
    if why is not None and not tries:
        result = f"it cannot try now: {why}"
    elif after.status != "wounded" and n == 1 and _actions(after):
        result = (
            f"{f.name} stands up with its first action; a Regenerator, it still has its "
            "second: take that one action by the flowchart on the table (its attack from "
            "where it stands if it is in cover and can attack, else its move) with "
            f"'companion attack' or 'companion act \"{f.name}\" move'"
        )
    elif after.status != "wounded" and n == 1:
        result = f"{f.name} stands up with its first action, and that ends its actions"
    elif after.status != "wounded":
        result = f"the first try fails, the {_nth(n)} stands {f.name} up"
    elif n:
        tried = {1: "its one try fails", 2: "both tries fail"}.get(n, f"all {n} tries fail")
        result = f"{f.name} stays down ({tried})"
    else:
        result = f"{f.name} has no action left to try"
    instruction = f"Recover: {result}"
    step = Step("Recover", result, rulings=("R-1SS-S21", "R-1SS-06"))
    steps = (*decision.trace.steps[:-1], step, Step("Instruction", instruction))
    trace = replace(decision.trace, steps=steps, outcome=instruction)
    data = {**decision.data, "recover": [o.summary for o in tries], "stood": after.status}
    decision = replace(decision, instruction=instruction, trace=trace, data=data)
    walked = Outcome("opfor", f"{f.name}: {instruction}", act.changes, trace, data=data)
    return decision, [walked, *tries]


def _actions(f: FighterState) -> int:
    return int(f.flags.get("actions", 0) or 0)


def _nth(n: int) -> str:
    from companion.systems.one_stat.sequence import ordinal

    return {2: "second", 3: "third"}.get(n, ordinal(n))


# The branches whose instruction is made of moves, and how many (R-1SS-S16: two).
MOVES = {
    "cover-then-attack": 1,
    "break-free": 1,
    "close-in": 1,
    "follow-leader": 1,
    "wander": 1,
    "trek-march": 2,
    "boss-flees": 2,
}


def procedure_actions(
    f: FighterState, decision: Decision
) -> tuple[tuple[Change, ...], Step | None]:
    """The actions the branch's moves take from the activated fighter `f`, as changes, and
    the step that says so (R-1SS-S19). The moves come first, as every activation's do
    (R-1SS-P16). An attack or Command the branch adds takes the next action when it is
    resolved; a branch without one leaves nothing more to do, so its actions left lapse,
    and a move that breaks free loses them (R-1SS-P17). Staying in cover to attack is no
    move: that attack is the last action, as any attack taken first is; staying without
    an attack leaves the whole activation unused (R-1SS-S22)."""
    from companion.systems.one_stat.sequence import REST, ordinal

    n = _actions(f)
    moves = int(decision.data.get("moves", MOVES.get(decision.branch, 0)))
    follows = decision.request is not None  # the attack, or the boss's Command (R-1SS-S12)
    broke = bool(decision.data.get("broke_free"))
    if not moves and not follows and decision.data.get("no_attack") and n:
        # It stays where it is and can do nothing the procedure gives (R-1SS-S22).
        text = f"{f.name} neither moves nor attacks: " + (
            "its action lapses" if n == 1 else f"its {n} actions lapse"
        )
        lapse = (*ActionSequence.set(f.id, did=[REST]), *OneStatTurn.set(f.id, actions=0))
        return lapse, Step("Actions", f"{text} (0 left)", rulings=("R-1SS-S19", "R-1SS-S22"))
    if not moves or n < moves + (1 if follows else 0):
        return (), None  # a short activation (one action, or none): the table picks
    left = n - moves if follows else 0
    did = ["move"] * moves + ([] if follows else [REST])
    if moves == 1:
        text = f"the move is {f.name}'s 1st action"
    else:
        text = f"the two moves are {f.name}'s 1st and 2nd actions"
    if decision.request is None:
        rest = n - moves
        if rest and broke:
            text += ", and it breaks free: " + (
                "its other action is lost" if rest == 1 else f"its other {rest} actions are lost"
            )
        elif rest:
            text += "; the procedure gives it nothing more, so " + (
                "its other action lapses" if rest == 1 else f"its other {rest} actions lapse"
            )
    else:
        what = "attack" if decision.request.action == "attack" else "Command"
        text += f"; the {what} will be its {ordinal(moves + 1)}"
    rulings = ("R-1SS-S19", "R-1SS-P16") + (("R-1SS-P17",) if broke else ())
    step = Step("Actions", f"{text} ({left} left)", rulings=rulings)
    changes = (
        *ActionSequence.set(f.id, did=did),
        *OneStatTurn.set(f.id, actions=left),
        *OneStatTurn.set(f.id, moved=True),
    )
    return changes, step


def with_warstomp(f: FighterState, attack: Outcome) -> Outcome:
    """The Big Kill: an even attack roll of the mammoth hits every fighter within 1"."""
    if "warstomp" not in f.skills or attack.trace is None:
        return attack
    roll = next((s.roll for s in attack.trace.steps if s.roll and s.roll.who == f.name), None)
    if roll is None or roll.value % 2:
        return attack
    note = (
        f"Warstomp: {f.name}'s attack roll is even ({roll.value}): every fighter of yours "
        f"within 1\" of it takes a hit (resolve each with 'companion attack')"
    )
    return Outcome(
        attack.kind, attack.summary, attack.changes, attack.trace, attack.data,
        attack.announcements + (note,),
    )  # fmt: skip
