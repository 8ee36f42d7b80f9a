"""The scenario's objectives as the tracker knows them, and the result of a game."""

from __future__ import annotations

from companion.game.state import GameState
from companion.systems.kit.state import Stunned
from companion.systems.monochrome.data import MonoData, Objective
from companion.systems.monochrome.state import MonoGame, MonoSide
from companion.values import frozen


@frozen
class Scored:
    objective: Objective
    side: int | None  # who scores it (None: nobody yet / a tie)
    why: str


def objectives(d: MonoData, state: GameState) -> list[Objective]:
    return [d.objective(str(o)) for o in MonoGame.of(state).objectives]


def attacker(state: GameState) -> int:
    """The first player attacks in Vandalise, Desecrate and Special Delivery."""
    first = MonoGame.of(state).first_player
    return int(first) if first is not None else 0


def count(state: GameState, side: int, what: str) -> int:
    """A side's count for an objective, as far as the tracker knows it."""
    s = state.sides[side]
    if what == "left":
        return sum(1 for f in state.side_fighters(side) if not f.out)
    if what == "stunned":
        return sum(1 for f in state.side_fighters(side) if not f.out and Stunned.of(f).stunned)
    if what in ("kills", "points_killed", "morale_caused"):
        return int(getattr(MonoSide.of(s), what))
    return int(MonoSide.of(s).claims.get(what) or 0)


def score_one(state: GameState, o: Objective) -> Scored:
    names = [s.name for s in state.sides]
    if o.score == "first":
        who = MonoGame.of(state).firsts.get(o.count)
        if who is None:
            return Scored(o, None, "nobody yet")
        return Scored(o, int(who), f"{names[int(who)]} did it first")
    if o.score == "defended":
        att = attacker(state)
        done = int(MonoGame.of(state).progress.get(o.count) or 0)
        if done >= o.need:
            return Scored(o, att, f"the attacker reached {done} of {o.need}")
        return Scored(o, 1 - att, f"the attacker has {done} of {o.need}: the defender holds")
    a, b = count(state, 0, o.count), count(state, 1, o.count)
    text = f"{names[0]} {a}, {names[1]} {b}"
    if o.id == "exterminate" and state.options.get("exterminate-majority") and o.at_most:
        # The literal reading: a majority of all the targets, not only more than the
        # opponent (R-MON-P18; the default is R-MON-P09's).
        half = int(o.at_most) // 2 + 1
        top_ = [i for i, n in enumerate((a, b)) if n >= half]
        if not top_:
            return Scored(o, None, text + f": nobody has {half} of {o.at_most} (R-MON-P18)")
        return Scored(o, top_[0], text + f": {half} of {o.at_most} is a majority (R-MON-P18)")
    if a == b:
        # A level count scores for nobody (R-MON-P08).
        return Scored(o, None, text + ": level")
    top = 0 if a > b else 1
    if o.score == "opponent":
        return Scored(o, 1 - top, text)
    return Scored(o, top, text)


def score(d: MonoData, state: GameState) -> list[Scored]:
    return [score_one(state, o) for o in objectives(d, state)]


def totals(d: MonoData, state: GameState) -> list[int]:
    """Objectives scored by each side, with the extra one for breaking the enemy."""
    out = [0, 0]
    for s in score(d, state):
        if s.side is not None:
            out[s.side] += 1
    broke = MonoGame.of(state).broke
    if broke is not None:
        out[1 - int(broke)] += 1
    return out


def result(d: MonoData, state: GameState) -> str:
    """Who won at the end of the last turn (R-MON-P08, R-MON-P12)."""
    names = [s.name for s in state.sides]
    pts = [count(state, i, "points_killed") for i in (0, 1)]
    pts_text = f"points killed {pts[0]} to {pts[1]}"
    if not MonoGame.of(state).objectives:
        if pts[0] == pts[1]:
            return f"a draw: {pts_text}"
        return f"{names[0 if pts[0] > pts[1] else 1]} win: {pts_text}"
    t = totals(d, state)
    obj_text = f"objectives {t[0]} to {t[1]}"
    if t[0] != t[1]:
        return f"{names[0 if t[0] > t[1] else 1]} win: {obj_text}"
    if pts[0] != pts[1]:
        return f"{names[0 if pts[0] > pts[1] else 1]} win: {obj_text}, {pts_text} (R-MON-P08)"
    return f"a draw: {obj_text}, {pts_text}"


def lines(d: MonoData, state: GameState) -> list[str]:
    out = []
    names = [s.name for s in state.sides]
    for s in score(d, state):
        who = names[s.side] if s.side is not None else "nobody"
        out.append(f"{s.objective.label}: {who} ({s.why})")
    return out
