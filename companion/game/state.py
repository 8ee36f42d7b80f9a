"""The state of a game at one moment: frozen values, folded from the game's events.

The state is shared by every rule system. What a system needs beyond the common fields
(turn, initiative, fighters with wounds, status and activation token, victory points)
lives in `flags` mappings, which events set key by key; each system declares its keys as
typed values (`typed_state.py`), and its rules read and change them through those.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion import TYPE_CHECKING

# JSON, freeze and thaw live with the value classes (below every layer, as rosters use
# them too) and are named here as well, where most callers look for them.
from companion.values import JSON as JSON
from companion.values import field, fields, frozen, replace
from companion.values import freeze as freeze
from companion.values import thaw as thaw

if TYPE_CHECKING:
    from typing import Any


@frozen
class FighterState:
    """One fighter on the table: who it is (from its roster) and how it is doing."""

    id: str
    side: int
    name: str
    rank: str
    die: int
    stats: Mapping[str, int]
    equipment: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    notes: str = ""
    status: str = "upright"
    wounds: int = 0
    token: bool = False
    flags: Mapping[str, JSON] = field(default_factory=freeze)

    @property
    def stat(self) -> int:
        """The single stat of 1ss-style fighters (the first stat otherwise)."""
        if "stat" in self.stats:
            return self.stats["stat"]
        return next(iter(self.stats.values()))

    @property
    def out(self) -> bool:
        return self.status == "out"


@frozen
class SideState:
    name: str
    roster: str
    vp: int = 0
    flags: Mapping[str, JSON] = field(default_factory=freeze)


@frozen
class GameState:
    system: str
    scenario: str
    sides: tuple[SideState, ...]
    fighters: tuple[FighterState, ...]
    turn: int = 0
    last_turn: int | None = 8
    initiative: int | None = None
    phase: str = "setup"  # setup | action | ended
    active: str | None = None  # id of the fighter whose activation is under way
    result: str | None = None
    options: Mapping[str, JSON] = field(default_factory=freeze)
    flags: Mapping[str, JSON] = field(default_factory=freeze)

    def fighter(self, fid: str) -> FighterState:
        for f in self.fighters:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def side_fighters(self, side: int) -> tuple[FighterState, ...]:
        return tuple(f for f in self.fighters if f.side == side)

    def to_dict(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "fighters":
                out[f.name] = [_plain(x) for x in v]
            elif f.name == "sides":
                out[f.name] = [_plain(x) for x in v]
            else:
                out[f.name] = thaw(v)
        return out

    @staticmethod
    def from_dict(d: Mapping[str, JSON]) -> GameState:
        """A state as stored; a field of the wrong type is a TypeError naming it (a file
        changed by hand or damaged is refused here, not deep inside a command)."""
        return GameState(
            system=_of(d["system"], str, "system"),
            scenario=_of(d["scenario"], str, "scenario"),
            sides=tuple(
                SideState(
                    _of(s["name"], str, "side name"),
                    _of(s["roster"], str, "side roster"),
                    _of(s.get("vp", 0), int, "side vp"),
                    freeze(_of(s.get("flags"), dict, "side flags", True)),
                )
                for s in _of(d["sides"], list, "sides")
            ),
            fighters=tuple(_fighter_from(x) for x in _of(d["fighters"], list, "fighters")),
            turn=_of(d.get("turn", 0), int, "turn"),
            last_turn=_of(d.get("last_turn"), int, "last_turn", True),
            initiative=_of(d.get("initiative"), int, "initiative", True),
            phase=_of(d.get("phase", "setup"), str, "phase"),
            active=_of(d.get("active"), str, "active", True),
            result=_of(d.get("result"), str, "result", True),
            options=freeze(_of(d.get("options"), dict, "options", True)),
            flags=freeze(_of(d.get("flags"), dict, "flags", True)),
        )


# The largest whole number a stored state holds (as the commands allow: 18 digits).
BIGGEST = 10**18 - 1


def _of(value: Any, kind: type, what: str, none: bool = False) -> Any:
    """`value` if it is of `kind` (a whole number of at most 18 digits, never a bool, for
    int; or None where `none`), else a TypeError naming the field."""
    if value is None and none:
        return None
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if ok and kind is int and abs(value) > BIGGEST:
        raise TypeError(f"the {what} {str(value)[:24]}... has more than 18 digits")
    if not ok:
        raise TypeError(f"the {what} is {type(value).__name__}, not {kind.__name__}")
    return value


def _texts(value: Any, what: str) -> tuple[str, ...]:
    return tuple(_of(x, str, what) for x in _of(value, list, what))


def _plain(obj: Any) -> dict[str, JSON]:
    return {f.name: thaw(getattr(obj, f.name)) for f in fields(obj)}


def _fighter_from(d: Mapping[str, JSON]) -> FighterState:
    stats = _of(d["stats"], dict, "fighter stats")
    for v in stats.values():
        _of(v, int, "fighter stat")
    return FighterState(
        id=_of(d["id"], str, "fighter id"),
        side=_of(d["side"], int, "fighter side"),
        name=_of(d["name"], str, "fighter name"),
        rank=_of(d["rank"], str, "fighter rank"),
        die=_of(d["die"], int, "fighter die"),
        stats=freeze(stats),
        equipment=_texts(d.get("equipment", []), "fighter equipment"),
        skills=_texts(d.get("skills", []), "fighter skills"),
        notes=_of(d.get("notes", ""), str, "fighter notes"),
        status=_of(d.get("status", "upright"), str, "fighter status"),
        wounds=_of(d.get("wounds", 0), int, "fighter wounds"),
        token=_of(d.get("token", False), bool, "fighter token"),
        flags=freeze(_of(d.get("flags"), dict, "fighter flags", True)),
    )


def with_flag(flags: Mapping[str, JSON], key: str, value: JSON) -> Mapping[str, JSON]:
    """A copy of `flags` with one key set (None removes it)."""
    d = dict(flags)
    if value is None:
        d.pop(key, None)
    else:
        d[key] = value
    return freeze(d)


def replace_fighter(state: GameState, fid: str, **changes: JSON) -> GameState:
    fighters = tuple(replace(f, **changes) if f.id == fid else f for f in state.fighters)
    return replace(state, fighters=fighters)
