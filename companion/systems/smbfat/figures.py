"""Figures as the rules see them, game options, and the score kept on the board."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.errors import UsageError
from companion.game.events import Change, Event, apply_event, set_game, set_side
from companion.game.state import FighterState, GameState
from companion.systems.kit.facts import yesno
from companion.systems.smbfat.data import MapSize, SmbData
from companion.systems.smbfat.roster_rules import figure_cost
from companion.systems.smbfat.state import SmbGame, SmbSide
from companion.values import frozen


@frozen
class Fig:
    """A figure as an attack sees it."""

    id: str
    name: str
    side: int
    traits: frozenset[str]
    melee: int
    ranged: int
    cost: int

    def has(self, trait: str) -> bool:
        return trait in self.traits

    @staticmethod
    def of(d: SmbData, f: FighterState) -> Fig:
        t = d.types.get(f.rank)
        melee = t.melee if t else int(f.stats.get("melee", 0))
        ranged = t.ranged if t else int(f.stats.get("ranged", 0))
        return Fig(f.id, f.name, f.side, frozenset(f.skills), melee, ranged, figure_cost(d, f))


def option(state: GameState, key: str) -> bool:
    """A yes/no game option (a ruling's other reading)."""
    return state.options.get(key) is True


def map_of(d: SmbData, state: GameState) -> MapSize:
    return d.maps.get(str(state.options.get("map", "standard")), d.maps["standard"])


def skill_dice(d: SmbData, f: Fig | FighterState) -> int:
    """1D6, one more with Talented (R-SMB-01)."""
    traits = f.traits if isinstance(f, Fig) else f.skills
    return d.skill_dice + (1 if "talented" in traits else 0)


def moves(d: SmbData, state: GameState, f: FighterState) -> tuple[int, int]:
    """(move, secondary move) in inches on this game's map; Fast moves further."""
    m = map_of(d, state)
    if "fast" in f.skills:
        return m.fast_move, m.fast_secondary
    return m.move, m.secondary


def standing(state: GameState, side: int) -> list[FighterState]:
    return [f for f in state.side_fighters(side) if not f.out]


def kill_points(d: SmbData, state: GameState, side: int) -> int:
    """The full cost of every defeated enemy figure (R-SMB-04); a figure defeated by its own
    side's Spread scores for the opponent too, since only the loser's side is read (R-SMB-P06)."""
    return sum(figure_cost(d, f) for f in state.fighters if f.side != side and f.out)


def score(d: SmbData, state: GameState, side: int) -> int:
    held = SmbSide.of(state.sides[side]).objectives
    return kill_points(d, state, side) + d.objective_points * held


def score_line(d: SmbData, state: GameState) -> str:
    return ", ".join(f"{s.name} {score(d, state, i)}" for i, s in enumerate(state.sides))


# Between why the game ended and the score, in a result; `why_of` reads the first part back.
WHY_SEP = " — "


def why_of(result: str | None) -> str:
    return (result or "the game is over").split(WHY_SEP)[0]


def result_text(d: SmbData, state: GameState, why: str) -> str:
    """The result as it stands: who leads on points, and what is still to record."""
    scores = [score(d, state, i) for i in range(len(state.sides))]
    best = max(scores)
    top = [state.sides[i].name for i, v in enumerate(scores) if v == best]
    lead = f"{top[0]} win" if len(top) == 1 else "a draw"
    text = f"{why}{WHY_SEP}{lead}, {score_line(d, state)}"
    if not SmbGame.of(state).objectives_scored:
        text += " (objectives not yet scored: 'companion act objectives')"
    return text


def settle(d: SmbData, state: GameState, changes: Iterable[Change]) -> list[Change]:
    """`changes` followed by the score they make and, when a force has no figure left, the
    end of the game; a reroll that brings a figure back reopens a game that ended so."""
    out = list(changes)
    after = apply_event(state, Event("settle", "", tuple(out)))
    for i in range(len(state.sides)):
        new = score(d, after, i)
        if new != after.sides[i].vp:
            out.append(set_side(i, "vp", new))
    # The score is read from the figures and the objectives, never from `vp`: the state
    # after `changes` tells the end and the result without the new score applied.
    wiped = [i for i in range(len(after.sides)) if not standing(after, i)]
    if wiped and after.phase != "ended":
        who = " and ".join(after.sides[i].name for i in wiped)
        result = result_text(d, after, f"{who} have no figure left")
        out += [
            set_game("phase", "ended"),
            set_game("result", result),
            *SmbGame.set(ended_by="wipe-out"),
        ]
    elif not wiped and SmbGame.of(after).ended_by == "wipe-out":
        out += [
            set_game("phase", "action"),
            set_game("result", None),
            *SmbGame.set(ended_by=None),
        ]
    return out


def game_options(d: SmbData, scenario_map: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options: the map (the scenario's unless given) and each ruling's other
    reading, off unless given."""
    out: dict[str, Any] = {"map": str(given.get("map", scenario_map))}
    if out["map"] not in d.maps:
        raise UsageError(f"option map takes {', '.join(d.maps)}, not {out['map']}")
    spec = d.options
    for fact in spec.facts if spec is not None else ():
        if fact.kind == "yesno":
            out[fact.key] = yesno(given.get(fact.key, fact.default or False), f"'{fact.key}'")
    unknown = sorted(set(given) - set(out))
    if unknown:
        raise UsageError(f"'{unknown[0]}' is not a game option; options: {', '.join(out)}")
    return out
