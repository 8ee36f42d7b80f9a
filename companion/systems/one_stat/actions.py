"""Recover, skill rolls and the scenario actions of 1ss (moves and falls: movement)."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.check import Check
from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState, freeze
from companion.systems.base import ActionRequest, Outcome
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat import objectives as ob
from companion.systems.one_stat import scenarios as sc
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.combat import Attack, Ctx, one_attack
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.losses import recovery, wound
from companion.systems.one_stat.outcome import outcome
from companion.systems.one_stat.permissions import check_running, spend_action
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.sequence import NO_MOVE, first_action
from companion.systems.one_stat.state import (
    ActionSequence,
    OneStatFighter,
    OneStatGame,
    OneStatTurn,
)
from companion.values import replace

RANK_BELOW = {"boss": "specialist", "specialist": "rookie"}
DEMON_DIE = 8


# --- Recover and falling -----------------------------------------------------------


def recover_roll(roller: Roller, f: FighterState, n: int = 1) -> bool:
    """Recover (R-1SS-06): the fighter's die at or above its stat stands it up."""
    for i in range(n):
        title = f"{f.name} recovers" + (f" (roll {i + 1} of {n}, Regenerator)" if n > 1 else "")
        ok, _ = roller.check(recovery(f, title))
        if ok:
            return True
    return False


def recover(d: OneStatData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    f = fx.named(state, req.actor)
    if f.status != "wounded":
        raise RefusedError(f"{f.name} is {f.status}; only a prone (wounded) fighter recovers")
    board = Board(state)
    first = not OneStatTurn.of(f).recover_failed
    spend_action(board, roller, f, req.options, "Recover", "recover")
    regen = fx.has(f, "regenerator")
    ok = recover_roll(roller, f, 2 if regen else 1)
    if ok:
        c = board.cond(f.id)
        # Standing up heals the wound (R-1SS-P25); the named option keeps it.
        c.status = "upright"
        if not state.options.get("recover_keeps_wound"):
            c.wounds = 0
        board.put(OneStatTurn, f.id, recover_failed=False)
        if first and not regen and not req.options.get("free"):
            board.put(OneStatTurn, f.id, actions=0)
            roller.info(
                "After recovering",
                "it stood up with its first action: no second action",
                ("R-1SS-06",),
            )
        elif regen:
            roller.info("Regenerator", "may still use its remaining action")
    else:
        board.put(OneStatTurn, f.id, recover_failed=True)
        left = board.cond(f.id).flags.get("actions", 0)
        if left:
            roller.info("Try again", "its second action may be another Recover", ("R-1SS-06",))
    summary = f"{f.name} {'stands up' if ok else 'stays down'}"
    return outcome("recover", f"Recover: {f.name}", summary, board, roller)


# --- skills -------------------------------------------------------------------------


def skill_roll(d: OneStatData, roller: Roller, f: FighterState, title: str) -> bool:
    """An active skill's roll: the fighter's die at or below its stat. A magic device lets
    the bearer roll a failed skill check again (R-1SS-09)."""
    roll = Check(title, f.name, sides=f.die, target=f.stat, compare="<=")
    ok, _ = roller.check(roll)
    if not ok and fx.has_magic(d, f):
        roller.info("Magic device", "a failed skill roll may be rolled again", ("R-1SS-09",))
        again = replace(roll, title=title + " (again)", rulings=("R-1SS-09",))
        ok, _ = roller.check(again)
    return ok


class SkillCtx:
    def __init__(
        self, d: OneStatData, state: GameState, req: ActionRequest, roller: Roller
    ) -> None:
        self.d, self.state, self.req = d, state, req
        self.opts = dict(req.options)
        self.board = Board(state)
        self.roller = roller
        self.actor = fx.named(state, req.actor)
        self.target = fx.named(state, req.target, "target") if req.target else None

    def need_target(self, friendly: bool | None, what: str) -> FighterState:
        t = self.target
        if t is None:
            raise UsageError(f"name the {what}")
        if friendly is True and t.side != self.actor.side:
            raise RefusedError(f"{t.name} is not on {self.actor.name}'s side")
        if friendly is False and t.side == self.actor.side:
            raise RefusedError(f"{t.name} is on {self.actor.name}'s own side")
        if not fx.in_play(t):
            raise RefusedError(f"{t.name} is out of the game")
        if friendly is False:
            from companion.systems.one_stat.attack import check_distraction

            check_distraction(self.state, self.actor, t, self.opts)
        return t

    def roll(self, f: FighterState, name: str) -> bool:
        return skill_roll(self.d, self.roller, f, f"{f.name} uses {name}")


def _command(c: SkillCtx, me: FighterState) -> str:
    t = c.need_target(True, "fighter to command")
    if t.id == me.id:
        raise RefusedError("the boss commands another fighter")
    c.board.put(OneStatTurn, t.id, reaction="command")
    c.roller.info(
        "Command",
        f'{t.name} (within 5") takes one action at once with its own stat and die; '
        "no roll for the boss",
        ("R-1SS-P05",),
    )
    return f"{me.name} commands {t.name}: it may take one action now"


def _assassin(c: SkillCtx, me: FighterState) -> str:
    if c.roll(me, "Assassin"):
        c.roller.info(
            "Assassin",
            'a straight move ignoring terrain to within 1" of an enemy, '
            "then its second action attacks at once",
            ("R-1SS-P16",),
        )
        return f"{me.name} strikes from the shadows: move, then attack"
    c.roller.info("Assassin", "the move is an ordinary movement")
    return f"{me.name} fails: an ordinary move"


def _doppelganger(c: SkillCtx, me: FighterState) -> str:
    b = c.board
    if c.opts.get("merge"):
        orig_id = OneStatFighter.of(me).split_of
        if not orig_id:
            raise RefusedError(f"{me.name} is not half of a Doppelganger")
        halves = [f for f in b.fighters() if OneStatFighter.of(f).split_of == orig_id]
        if any(not fx.in_play(h) for h in halves):
            raise RefusedError("both halves must be in play (and in base contact) to merge")
        if not c.roll(me, "Doppelganger (merge)"):
            return f"{me.name} fails to merge"
        for h in halves:
            b.cond(h.id).status = "split"
        orig = b.fighter(str(orig_id))
        oc = b.cond(orig.id)
        oc.status = "wounded" if any(h.status == "wounded" for h in halves) else "upright"
        return f"the halves merge back into {orig.name}"
    if me.rank not in RANK_BELOW:
        raise RefusedError(f"a {me.rank} cannot split")
    c.roller.info("Doppelganger", "no movement action this turn")
    if not c.roll(me, "Doppelganger"):
        return f"{me.name} fails to split"
    rank = RANK_BELOW[me.rank]
    stat = max(1, me.stat // 2)
    names = []
    for n in (1, 2):
        half = replace(
            me,
            id=f"{me.id}-{n}",
            name=f"{me.name} {n}",
            rank=rank,
            die=c.d.ranks[rank].die,
            stats=freeze({"stat": stat}),
            status="upright",
            wounds=0,
            token=True,
            flags=freeze({"split_of": me.id}),
        )
        if any(f.id == half.id for f in c.state.fighters):
            b.cond(half.id).status = "upright"
            b.cond(half.id).wounds = 0
        else:
            b.added.append(half)
        names.append(half.name)
    b.cond(me.id).status = "split"
    c.roller.info(
        "Split",
        f"two {rank}s with stat {stat} (half of {me.stat}, rounded down, R-1SS-P10): "
        + ", ".join(names),
        ("R-1SS-P10",),
    )
    return f"{me.name} splits into {names[0]} and {names[1]}"


def _controller(c: SkillCtx, me: FighterState) -> str:
    b = c.board
    did = OneStatFighter.of(me).demon_id
    if did and fx.in_play(b.fighter(str(did))) and not OneStatFighter.of(b.fighter(str(did))).wild:
        raise RefusedError(f"{me.name} already controls a demon")
    stat = c.opts.get("stat")
    if not isinstance(stat, int) or not 1 <= stat <= 8:
        raise UsageError("give the demon's stat, 1-8: --opt stat=N")
    c.roller.info("Controller", "no movement action this turn; a Controller never attacks")
    if not c.roll(me, "Controller"):
        wound(b, c.roller, me.id, "a failed summoning")
        return f"{me.name} fails to summon and takes a wound"
    n = 1
    ids = {f.id for f in c.state.fighters}
    while f"{me.id}-demon-{n}" in ids:
        n += 1
    demon = FighterState(
        id=f"{me.id}-demon-{n}",
        side=me.side,
        name=str(c.opts.get("name") or f"Demon of {me.name}"),
        rank="specialist",
        die=DEMON_DIE,
        stats=freeze({"stat": stat}),
        equipment=("none",),
        token=True,
        flags=freeze({"demon": True, "controller": me.id}),
    )
    b.added.append(demon)
    b.put(OneStatFighter, me.id, demon_id=demon.id)
    return f'{me.name} summons {demon.name} (D8, stat {stat}) within 1"'


def _driver(c: SkillCtx, me: FighterState) -> str:
    t = c.need_target(True, "rookie to drive")
    if t.rank != "rookie":
        raise RefusedError(f"{t.name} is no rookie")
    if OneStatGame.of(c.state).fire_teams:
        from companion.systems.one_stat.fire_team import RULING, team_of, teams_of

        if team_of(teams_of(c.state.flags), t.id):
            raise RefusedError(
                f"{t.name} works a Fire Team's heavy shooter and activates only with its team "
                f"({RULING})"
            )
    if not c.roll(me, "Driver"):
        return f"{me.name} loses the action"
    c.board.put(OneStatTurn, me.id, actions=None)
    c.board.put(OneStatTurn, t.id, actions=c.d.actions)
    c.board.put(ActionSequence, t.id, did=())  # a new activation: a fresh sequence (R-1SS-P16)
    c.board.active = t.id
    return f"{t.name} takes an extra activation now ({c.d.actions} actions)"


def _force_user(c: SkillCtx, me: FighterState) -> str:
    t = c.need_target(False, "target")
    rng = c.opts.get("range")
    if isinstance(rng, int) and rng > 20:
        raise RefusedError('a Force User reaches 20" at most')
    ctx = Ctx(c.d, c.board, c.roller, Attack(melee=False, force=True, options=c.opts))
    before = c.board.fighter(t.id)
    one_attack(ctx, me.id, t.id)
    after = c.board.fighter(t.id)
    sc.after_resolution(c.d, c.board, c.roller)
    return (
        f"{me.name} strikes {t.name}: now {after.status}"
        if after != before
        else f"{me.name} strikes at {t.name}"
    )


def _guard(c: SkillCtx, me: FighterState) -> str:
    if c.state.active != me.id or int(me.flags.get("actions", 0) or 0) < c.d.actions:
        raise RefusedError(
            f"{me.name} goes on guard at the start of its activation, giving up both actions"
        )
    c.board.put(OneStatTurn, me.id, actions=0)
    c.board.put(OneStatTurn, me.id, reaction="guard")
    return f"{me.name} is on guard: one action at any moment of an enemy activation"


def _healer(c: SkillCtx, me: FighterState) -> str:
    t = c.need_target(None, "prone fighter to heal")
    if t.status not in ("wounded", "face-down"):
        raise RefusedError(f"{t.name} is not prone")
    if not c.roll(me, "Healer"):
        return f"{me.name} loses the action"
    tc = c.board.cond(t.id)
    tc.wounds = max(0, tc.wounds - 1)
    tc.status = (
        "wounded" if t.status == "face-down" else ("upright" if tc.wounds == 0 else "wounded")
    )
    return f"{t.name} loses a wound: now {tc.status}"


def _influencer(c: SkillCtx, me: FighterState) -> str:
    t = c.need_target(False, "enemy to influence")
    if not c.roll(me, "Influencer"):
        c.board.put(OneStatFighter, me.id, skip_activation=True)
        return f"{me.name} fails and loses its next activation"
    c.board.put(OneStatTurn, t.id, reaction="influenced")
    c.board.put(OneStatTurn, t.id, influenced_by=me.id)
    return f"{me.name} takes over {t.name} for one action (its die and stat)"


def _shapeshifter(c: SkillCtx, me: FighterState) -> str:
    c.roller.info("Shapeshifter", "no movement action this turn")
    if not c.roll(me, "Shapeshifter"):
        return f"{me.name} loses the action"
    now = not fx.animal(me)
    c.board.put(OneStatFighter, me.id, animal=now)
    move = me.die - me.stat
    return (
        f'{me.name} takes animal form: hits on {me.stat}+, defends below {me.stat}, moves {move}"'
        if now
        else f"{me.name} takes its own shape again"
    )


def _switcher(c: SkillCtx, me: FighterState) -> str:
    t = c.need_target(None, "rookie to swap with")  # any rookie, friend or foe (R-1SS-P20)
    if t.rank != "rookie":
        raise RefusedError(f"{t.name} is no rookie")
    if not c.roll(me, "Switcher"):
        wound(c.board, c.roller, me.id, "a failed switch")
        return f"{me.name} fails and takes a wound"
    return f"{me.name} and {t.name} swap places"


def _copy_passive(c: SkillCtx, me: FighterState, skill: str) -> str:
    """A Copycat copying a passive skill has it until the turn ends (R-1SS-P20)."""
    c.board.put(OneStatTurn, me.id, copied=[*me.flags.get("copied", ()), skill])
    label = c.d.skills[skill].label if skill in c.d.skills else c.d.roles[skill].label
    c.roller.info("Copycat", f"{me.name} has {label} until the end of the turn", ("R-1SS-P20",))
    return f"{me.name} copies {label} for this turn"


def _engineer(c: SkillCtx, me: FighterState) -> str:
    return ob.device(c.d, c.board, c.roller, me, c.opts)


HANDLERS: dict[str, Callable[[SkillCtx, FighterState], str]] = {
    "command": _command,
    "assassin": _assassin,
    "doppelganger": _doppelganger,
    "controller": _controller,
    "driver": _driver,
    "force-user": _force_user,
    "guard": _guard,
    "healer": _healer,
    "influencer": _influencer,
    "shapeshifter": _shapeshifter,
    "switcher": _switcher,
    "engineer": _engineer,
}
NO_ACTION = {"guard"}


def use_skill(d: OneStatData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    c = SkillCtx(d, state, req, roller)
    me = c.actor
    name = str(c.opts.pop("skill", "") or "")
    if name not in d.skills and name not in d.roles:
        raise UsageError(f"unknown 1ss skill '{name}'; see 'companion rules 1ss'")
    if not fx.has(me, name) and not (name == "doppelganger" and OneStatFighter.of(me).split_of):
        raise RefusedError(
            f"{me.name} does not have {d.skills[name].label if name in d.skills else name}"
        )
    used = name
    if name == "copycat":
        copy = str(c.opts.get("copy", ""))
        if not any(fx.has(f, copy) and f.id != me.id and fx.in_play(f) for f in state.fighters):
            raise RefusedError(f"no fighter in play has '{copy}' (--opt copy=SKILL, within 5\")")
        c.roller.info("Copycat", f"{me.name} uses {copy} with its own stat and die")
        used = copy
    if used not in HANDLERS and name != "copycat":
        what = d.skills[used].summary if used in d.skills else d.roles[used].summary
        raise RefusedError(f"{used} is passive and applies by itself: {what}")
    if me.status != "upright":
        raise RefusedError(f"{me.name} is {me.status}: its only action is Recover (R-1SS-06)")
    if name in tuple(me.flags.get("skills_used", ())) and not c.opts.get("free"):
        raise RefusedError(f"{me.name} has already used {name} this turn (once per turn)")
    if used in NO_MOVE and OneStatTurn.of(me).moved and not c.opts.get("merge"):
        raise RefusedError(
            f"{me.name} has moved this turn: {d.skills[used].label} cannot be used on a turn "
            "with a movement action (R-1SS-P14)"
        )
    c.board.put(OneStatTurn, me.id, skills_used=[*me.flags.get("skills_used", ()), name])
    if used in NO_ACTION and OneStatGame.of(state).fire_teams and not c.opts.get("free"):
        from companion.systems.one_stat.fire_team import RULING, standing_team

        if standing_team(state, me.id):
            raise RefusedError(f"{me.name} is in a Fire Team and cannot go on guard ({RULING})")
    if used not in NO_ACTION:
        # The Assassin's skill is its movement action, so it comes first (R-1SS-P16).
        kind = "move" if used == "assassin" else "skill"
        if kind == "move" and not c.opts.get("free") and not first_action(me):
            raise RefusedError(
                f"{me.name}'s Assassin move is its movement action: its first action (R-1SS-P16)"
            )
        spend_action(c.board, c.roller, me, c.opts, f"the {used} skill", kind)
    else:
        check_running(state)
    summary = HANDLERS[used](c, me) if used in HANDLERS else _copy_passive(c, me, used)
    sc.after_resolution(d, c.board, c.roller)
    return outcome(
        "skill", f"Skill: {me.name} uses {used}", summary, c.board, c.roller, {"skill": used}
    )


# --- scenario and table actions (`act`) ------------------------------------------------


def act(d: OneStatData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    f = fx.named(state, req.actor)
    board = Board(state)
    o = dict(req.options)
    a = req.action
    if state.phase == "ended":
        raise RefusedError(f"the game is over: {state.result or 'ended'}")
    if a == "command":
        return use_skill(
            d,
            state,
            ActionRequest("skill", req.actor, req.target, freeze({**o, "skill": "command"})),
            roller,
        )
    if a == "pickup":
        spend_action(board, roller, f, o, "picking it up", "pickup")
        summary = ob.pickup(board, roller, f)
    elif a == "device":
        spend_action(board, roller, f, o, "working the device", "device")
        summary = ob.device(d, board, roller, f, o)
    elif a == "score":
        summary = ob.score(d, board, roller, f, tuple(o.get("blast", ()) or ()))
    elif a == "drop":
        summary = ob.drop(board, f)
    elif a == "blast":
        summary = ob.blast(board, roller, f)
        sc.after_resolution(d, board, roller)
    elif a == "closer":
        summary = ob.closer(board, f)
    elif a == "hill":
        summary = ob.hill(board, f, o)
    elif a == "zones":
        summary = ob.zones(board, f, o)
    elif a == "heavy-option":
        opt = o.get("option")
        if opt not in (1, 2):
            raise UsageError("--opt option=1 or --opt option=2")
        if state.turn > 0:
            raise RefusedError(
                "the heavy shooter's option is fixed before the game (R-1SS-03): set it "
                "before turn 1, or with 'game new --opt heavy_option=N'"
            )
        board.put(OneStatFighter, f.id, heavy_option=opt)
        summary = f"{f.name}'s heavy shooter uses option {opt}"
    elif a == "fire-team":
        from companion.systems.one_stat.fire_team import form

        summary = form(d, board, roller, f, o)
        return outcome(a, f"Fire Team: {f.name}", summary, board, roller)
    elif a == "move":
        from companion.systems.one_stat.movement import move

        summary = move(d, board, roller, f, o)
        return outcome(a, f"Move: {f.name}", summary, board, roller)
    elif a == "regenerate":
        from companion.systems.one_stat.losses import regen_choice

        roll = o.get("roll", True)
        if not isinstance(roll, bool):
            raise UsageError("--opt roll=true (roll at the next upkeep) or roll=false (pass)")
        summary = regen_choice(board, f, roll)
    elif a == "minion":
        if f.rank != "rookie":
            raise RefusedError("minions are rookies")
        others = [
            m.name
            for m in state.side_fighters(f.side)
            if OneStatFighter.of(m).minion and m.id != f.id and fx.in_play(m)
        ]
        if len(others) >= 2:
            raise RefusedError(
                f"a Minion Master leads two minions; {' and '.join(others)} already are"
            )
        board.put(OneStatFighter, f.id, minion=True)
        summary = f"{f.name} is a minion of its Minion Master"
    else:
        from companion.systems.one_stat.offer import ACT_NAMES

        raise UsageError(f"1ss has no action '{a}'; use one of: " + ", ".join(ACT_NAMES))
    roller.info(a.replace("-", " ").title(), summary)
    return outcome(a, f"{a.replace('-', ' ').title()}: {f.name}", summary, board, roller)
