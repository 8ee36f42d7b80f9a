"""The state of a game at one moment: frozen values, folded from the game's events.

The state is shared by every rule system. What a system needs beyond the common fields
(turn, initiative, fighters with wounds, status and activation token, victory points)
lives in `flags` mappings, which events set key by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from companion.values import field, fields, frozen, replace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, TypeAlias

# A string at run time (other modules import the name), the alias for a type checker.
JSON: TypeAlias = "Any"


def freeze(d: Mapping[str, JSON] | None = None) -> Mapping[str, JSON]:
    """A read-only mapping; nested lists become tuples so values stay immutable."""
    return MappingProxyType({k: _freeze_value(v) for k, v in (d or {}).items()})


def _freeze_value(v: JSON) -> JSON:
    if isinstance(v, list | tuple):
        return tuple(_freeze_value(x) for x in v)
    if isinstance(v, Mapping):
        return freeze(v)
    return v


def thaw(v: JSON) -> JSON:
    """Plain JSON-ready data from frozen values."""
    if isinstance(v, Mapping):
        return {k: thaw(x) for k, x in v.items()}
    if isinstance(v, tuple | list):
        return [thaw(x) for x in v]
    return v


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
        return GameState(
            system=d["system"],
            scenario=d["scenario"],
            sides=tuple(
                SideState(s["name"], s["roster"], s.get("vp", 0), freeze(s.get("flags")))
                for s in d["sides"]
            ),
            fighters=tuple(_fighter_from(x) for x in d["fighters"]),
            turn=d.get("turn", 0),
            last_turn=d.get("last_turn"),
            initiative=d.get("initiative"),
            phase=d.get("phase", "setup"),
            active=d.get("active"),
            result=d.get("result"),
            options=freeze(d.get("options")),
            flags=freeze(d.get("flags")),
        )


def _plain(obj: Any) -> dict[str, JSON]:
    return {f.name: thaw(getattr(obj, f.name)) for f in fields(obj)}


def _fighter_from(d: Mapping[str, JSON]) -> FighterState:
    return FighterState(
        id=d["id"],
        side=d["side"],
        name=d["name"],
        rank=d["rank"],
        die=d["die"],
        stats=freeze(d["stats"]),
        equipment=tuple(d.get("equipment", ())),
        skills=tuple(d.get("skills", ())),
        notes=d.get("notes", ""),
        status=d.get("status", "upright"),
        wounds=d.get("wounds", 0),
        token=d.get("token", False),
        flags=freeze(d.get("flags")),
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
