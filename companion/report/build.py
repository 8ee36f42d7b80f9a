"""The battle report as plain data, built from the setup and the event log alone.

Everything is read back from recorded events (kinds, changes, summaries, dice, traces),
so a report is the same whichever version of the rules wrote the game, works for every
rule system without asking which one it is, and a running game can be reported as far
as it has gone. One pass over the events; traces are read one at a time and only their
sums are kept.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from functools import lru_cache
from typing import Any

from companion import odds
from companion.game.events import Event, apply_event
from companion.game.repo import GameFile
from companion.game.state import GameState
from companion.report.headline import headline
from companion.report.luck import Luck, Tally, kind_of, side_of
from companion.report.moments import Moment, Moments, held
from companion.report.standing import standing
from companion.report.words import plain
from companion.systems.base import RuleSystem
from companion.trace import Step, Trace
from companion.values import fields, frozen

__all__ = ["Report", "build_report", "kind_of", "side_of"]

# Event kinds that tell a solo game's automatic opponent: where it comes from and what it
# decides. Any system that records these kinds gets the solo section.
SOLO_KINDS = {"solo-setup": "Set-up", "spawn": "Spawn", "opfor": "OpFor decision"}


@frozen
class FighterLine:
    name: str
    rank: str
    stats: str
    equipment: str
    skills: str
    end: str  # in words: "wounded (prone), 1 wound"
    out_turn: int | None = None
    # The same as data: the fighter's id, its status as a word, its wounds.
    id: str = ""
    status: str = ""
    wounds: int = 0


@frozen
class SideLine:
    name: str
    vp: int
    fighters: tuple[FighterLine, ...]
    lost: int = 0  # fighters out at the end


@frozen
class Entry:
    """One event as the account tells it, with each roll of its trace in one line."""

    index: int
    kind: str
    summary: str
    dice: tuple[int, ...] = ()
    typed: bool = False
    rolls: tuple[str, ...] = ()


@frozen
class TurnAccount:
    turn: int
    entries: tuple[Entry, ...]
    vp: tuple[int, ...]  # each side's VP when the turn's last event was recorded
    lost: tuple[int, ...] = ()  # fighters each side had taken out during the turn


@frozen
class Casualty:
    name: str
    side: str
    turn: int
    how: str
    at: int = 0  # the number of the event that took the fighter out (0: set out by hand)
    id: str = ""  # the fighter's id (`name` is its name)


@frozen
class SoloLine:
    """A step of the automatic opponent: a spawn or a decision, with its reasoning."""

    turn: int
    kind: str
    summary: str
    steps: tuple[str, ...]


@frozen
class Report:
    game: str
    system: str
    scenario: str
    turn: int
    last_turn: int | None
    finished: bool
    result: str | None
    sides: tuple[SideLine, ...]
    setup: tuple[Entry, ...]
    turns: tuple[TurnAccount, ...]
    casualties: tuple[Casualty, ...]
    luck: tuple[Luck, ...]
    notes: tuple[str, ...] = ()
    start_vp: tuple[int, ...] = ()
    keeps_vp: bool = True  # False where the system scores no victory points
    round_word: str = "turn"  # what the system calls a turn ("round")
    ending: str | None = None  # the summary of the event that ended the game
    solo: tuple[SoloLine, ...] = ()
    headline: str = ""  # one sentence naming the winner, the draw, or how far it has gone
    moments: tuple[Moment, ...] = ()

    @property
    def scored(self) -> bool:
        """Whether any side held victory points at any turn's end (or now)."""
        return (
            any(self.start_vp)
            or any(s.vp for s in self.sides)
            or any(any(t.vp) for t in self.turns)
        )

    def to_dict(self) -> dict[str, Any]:
        # dataclasses.asdict would do, but importing dataclasses costs a small report more
        # than writing it.
        d = {f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.name != "luck"}
        d["moments"] = [m.to_dict() for m in self.moments]  # each chance exact, too
        d["luck"] = [x.to_dict() for x in self.luck]
        return d


def _plain(value: Any) -> Any:
    """A value as plain data: value classes as dicts, tuples as lists."""
    if hasattr(value, "__value_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off meanwhile. A report is many small values and no
    reference cycles, kept until its page is written: the collector would only walk the
    growing heap again and again (about a third of a 5,000-event game's report while it
    is built, and a tenth of the command again while the page is written and when the
    process ends)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def build_report(system: RuleSystem, gf: GameFile) -> Report:
    with collector_paused():
        return _build(system, gf)


def _build(system: RuleSystem, gf: GameFile) -> Report:
    state = gf.setup
    setup: list[Entry] = []
    turns: dict[int, list[Entry]] = {}
    vp_after: dict[int, tuple[int, ...]] = {}
    lost: dict[int, list[int]] = {}
    out_when: dict[str, tuple[int, str, int]] = {}
    solo: list[SoloLine] = []
    tally = Tally()
    moments = Moments()
    ending: str | None = None
    nsides = len(state.sides)
    # Each stored event is read into an Event only while it is told: the report keeps
    # its sums and lines, never a second copy of the log.
    # A segment at a time (`GameFile.chunks`): the stored log is never all in memory.
    for i, raw in enumerate((raw for chunk in gf.chunks() for raw in chunk), 1):
        ev = Event.from_dict(raw)
        before = state
        state = apply_event(state, ev)
        trace = Trace.from_dict(ev.trace) if ev.trace else None
        entry = _entry(i, ev, trace)
        if ev.turn == 0:
            setup.append(entry)
        else:
            turns.setdefault(ev.turn, []).append(entry)
            vp_after[ev.turn] = tuple(s.vp for s in state.sides)
        for fid in _note_casualties(i, ev, before, state, out_when, lost, nsides):
            side = state.fighter(fid).side
            moments.fell(ev.turn, before, fid, state.sides[side].name, trace)
        if trace is not None:
            for n, step in enumerate(trace.steps):
                # Looked up after the event, so a fighter it brought in is found.
                kind = tally.add(state, step)
                if kind is not None and held(trace.steps, n):
                    moments.step(ev.turn, step, ev.summary, kind)
        if ev.kind in SOLO_KINDS:
            solo.append(_solo_line(ev, trace))
        if state.phase == "ended" and before.phase != "ended":
            ending = plain(ev.summary)
    final = gf.state
    scen = {s.id: s for s in system.scenarios()}.get(final.scenario)
    sides = tuple(
        SideLine(
            s.name,
            s.vp,
            tuple(_fighter_line(system, final, f.id, out_when) for f in final.side_fighters(i)),
            sum(1 for f in final.side_fighters(i) if f.out),
        )
        for i, s in enumerate(final.sides)
    )
    # In the order they fell: by the event that took each out.
    casualties = tuple(
        sorted(
            (
                Casualty(
                    f.name,
                    final.sides[f.side].name,
                    *out_when.get(f.id, (0, "set out by hand", 0)),
                    id=f.id,
                )
                for f in final.fighters
                if f.out
            ),
            key=lambda c: (c.at, c.turn),
        )
    )
    scored = any(s.vp for s in gf.setup.sides) or any(s.vp for s in final.sides)
    scored = scored or any(any(t) for t in vp_after.values())
    keeps_vp = system.keeps_vp and (scored or _scenario_scores(scen.summary if scen else ""))
    of = f" of {final.last_turn}" if final.last_turn else ""
    solo_game = bool(final.options.get("profile")) or bool(solo)
    notes = tuple(plain(n) for n in system.status_lines(final))
    score = standing(
        [(s.name, s.vp) for s in final.sides],
        keeps_vp,
        notes,
        [s.lost for s in sides],
        [len(s.fighters) for s in sides],
    )
    accounts = []
    last_vp = tuple(s.vp for s in gf.setup.sides)
    for t in sorted(turns):
        last_vp = vp_after.get(t, last_vp)
        accounts.append(TurnAccount(t, tuple(turns[t]), last_vp, tuple(lost.get(t, [0] * nsides))))
    return Report(
        game=gf.name,
        system=system.info.name,
        # a solo game keeps its solitaire scenario's name in its options
        scenario=scen.label if scen else str(final.options.get("label") or final.scenario),
        turn=final.turn,
        last_turn=final.last_turn,
        finished=final.phase == "ended",
        result=final.result,
        sides=sides,
        setup=tuple(setup),
        turns=tuple(accounts),
        casualties=casualties,
        luck=tally.lines(final),
        notes=notes,
        start_vp=tuple(s.vp for s in gf.setup.sides),
        keeps_vp=keeps_vp,
        round_word=system.round_word,
        ending=ending,
        solo=tuple(solo),
        headline=headline(
            final.result,
            final.phase == "ended",
            [(s.name, s.vp) for s in final.sides],
            keeps_vp,
            solo_game,
            f"{system.round_word} {final.turn}{of}" if final.turn else "",
            score,
        ),
        moments=moments.moments(system.round_word),
    )


def _scenario_scores(summary: str) -> bool:
    """Whether a scenario's description counts victory points: where it says nothing of
    them and no side ever held any, the report leaves VP out."""
    text = summary.casefold()
    return "vp" in text.split() or " vp" in text or "victory point" in text


def _note_casualties(
    index: int,
    ev: Event,
    before: GameState,
    after: GameState,
    out_when: dict[str, tuple[int, str, int]],
    lost: dict[int, list[int]],
    nsides: int,
) -> list[str]:
    """Who this event took out (a fighter's status becoming "out"), and who came back."""
    fell: list[str] = []
    for c in ev.changes:
        if c.target != "fighter" or c.field != "status" or not isinstance(c.key, str):
            continue
        was, now = _status(before, c.key), _status(after, c.key)
        if now == "out" and was != "out":
            out_when[c.key] = (ev.turn, ev.summary, index)
            if was is not None:
                fell.append(c.key)
            side = after.fighter(c.key).side
            if 0 <= side < nsides:
                lost.setdefault(ev.turn, [0] * nsides)[side] += 1
        elif was == "out" and now != "out" and c.key in out_when:
            # Stood back up in the turn it fell: a correction, not a casualty of that turn.
            # Back in a later turn, it still fell in its turn.
            turn = out_when.pop(c.key)[0]
            side = after.fighter(c.key).side
            if turn == ev.turn and turn in lost and 0 <= side < nsides:
                lost[turn][side] -= 1
    return fell


def _status(state: GameState, fid: str) -> str | None:
    try:
        return state.fighter(fid).status
    except KeyError:
        return None


def _entry(i: int, ev: Event, trace: Trace | None) -> Entry:
    dice = ev.data.get("dice") or ()
    rolls = tuple(roll_line(s) for s in trace.steps if s.roll is not None) if trace else ()
    summary = plain(ev.summary)
    return Entry(i, ev.kind, summary, tuple(dice), bool(ev.data.get("typed", False)), rolls)


_NEEDS = {
    "<=": "{} or less",
    "<": "under {}",
    ">=": "{} or more",
    ">": "over {}",
    "==": "exactly {}",
}


def roll_line(step: Step) -> str:
    """One roll of a trace in one line: what was rolled, kept, added, needed and got."""
    r = step.roll
    assert r is not None
    if r.count == 1:
        dice = str(r.dice[0])
    else:
        shown = ", ".join(str(d) for d in r.dice)
        kept = len(r.kept) < len(r.dice)
        dice = f"[{shown}]" + (f" kept {', '.join(str(r.dice[k]) for k in r.kept)}" if kept else "")
    mods = step.modifiers
    plus = "".join(f" {m.value:+d} ({m.reason})" for m in mods) if mods else ""
    total = f" = {step.total}" if mods or (r.count > 1 and len(r.kept) > 1) else ""
    who = f" ({r.who})" if r.who and r.who.casefold() not in step.title.casefold() else ""
    line = f"{step.title}{who}: {r.spec()} {dice}{plus}{total}"
    if step.target is not None and step.compare in _NEEDS:
        line += ", needs " + _NEEDS[step.compare].format(step.target)
    if not step.only_repeats_roll:
        line += f" → {step.outcome}"
    if step.probability is not None:
        line += f" (chance {_chance(step.outcome_chance)})"
    return line


@lru_cache(maxsize=256)
def _chance(p: Fraction | None) -> str:
    return odds.fmt(p) if p is not None else ""


def _solo_line(ev: Event, trace: Trace | None) -> SoloLine:
    steps: tuple[str, ...] = ()
    if trace is not None:
        steps = tuple(
            roll_line(s) if s.roll is not None else f"{s.title}: {s.outcome}" for s in trace.steps
        )
    return SoloLine(ev.turn, SOLO_KINDS[ev.kind], ev.summary, steps)


def _fighter_line(
    system: RuleSystem, state: GameState, fid: str, out_when: Mapping[str, tuple[int, str, int]]
) -> FighterLine:
    f = state.fighter(fid)
    d = system.describe_fighter(f)
    stats = d.get("stat") or d.get("stats") or " ".join(f"{k} {v}" for k, v in f.stats.items())
    end = {"wounded": "wounded (prone)"}.get(f.status, f.status)
    if f.wounds:
        end += f", {f.wounds} wound{'s' if f.wounds != 1 else ''}"
    out_turn = out_when[fid][0] if f.out and fid in out_when else None
    if out_turn:
        end += f" (turn {out_turn})"
    return FighterLine(
        f.name,
        d.get("rank", f"{f.rank} D{f.die}"),
        stats,
        d.get("equipment", ", ".join(f.equipment) or "-"),
        d.get("skills", ", ".join(f.skills) or "-"),
        end,
        out_turn,
        id=f.id,
        status=f.status,
        wounds=f.wounds,
    )
