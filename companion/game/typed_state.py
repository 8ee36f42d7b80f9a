"""Typed views of what a rule system keeps on a fighter, a side and the game.

The state is shared by every system and keeps a system's own facts in `flags` mappings
(see `state.py`), which events set key by key as `"flags.NAME"`. A system declares those
facts as frozen value classes deriving from `FighterFlags`, `SideFlags` or `GameFlags`,
one field per key, each defaulting to what an absent key means:

    @frozen
    class Stun(FighterFlags):
        stunned: bool = False

    if Stun.of(fighter).stunned: ...           # read: a typed value
    changes += Stun.set(fighter.id, stunned=True)  # write: Changes, field names checked

`stored(Stun(stunned=True))` is the flags mapping of a fighter made with them at set-up.
`set` takes the fields of the class as keywords (a type checker reads them from the
class, so a misspelt or mistyped field is an error), and a field set to its default is
stored as the key's removal, as the events of earlier releases wrote it. `reset` gives
the Changes that bring every field of the class back to its default. The stored form
stays the dotted key of the event log: `flag_key` is the one place it is made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from companion import TYPE_CHECKING
from companion.game.events import Change, set_fighter, set_game, set_side
from companion.game.state import JSON, FighterState, GameState, SideState, freeze
from companion.values import _MISSING as _NO_DEFAULT
from companion.values import fields

if TYPE_CHECKING:  # typing stays off the import path of the quick table commands
    from typing import ClassVar, ParamSpec, TypeVar

    P = ParamSpec("P")
    T = TypeVar("T")

#: what the events' field names start with for a flag
FLAG_PREFIX = "flags."


def flag_key(name: str) -> str:
    """The stored field of the flag `name` in an event's change ("flags.NAME")."""
    return FLAG_PREFIX + name


def is_default(value: object, default: object) -> bool:
    """Whether a flag's value is its field's default, which is stored as no flag at all
    (the same type too: 0 is not False)."""
    return value == default and type(value) is type(default)


def defaults(cls: type) -> dict[str, JSON]:
    """Each field of a flags class with its default (what an absent key means)."""
    known: dict[str, JSON] | None = cls.__dict__.get("_defaults")
    if known is None:
        known = {
            f.name: f.default_factory() if f.default is _NO_DEFAULT else f.default
            for f in fields(cls)
        }
        type.__setattr__(cls, "_defaults", known)
    return known


# The values read lately, by class and by the identity of the flags mapping they were read
# from (kept with it, so that the identity stays its own): a state's mappings are frozen and
# shared by the states folded from it, and rule code reads the same fighter's flags many
# times over (an odds walk reads them once per branch). A read costs ~10 us, a hit ~1 us.
_READ: dict[tuple[type, int], tuple[Mapping[str, JSON], object]] = {}
_READ_MAX = 4096


def _read(cls: type[T], flags: Mapping[str, JSON]) -> T:
    hit = _READ.get((cls, id(flags)))
    if hit is not None and hit[0] is flags:
        return hit[1]  # type: ignore[return-value]
    names = defaults(cls)
    value = cls(**{k: v for k, v in flags.items() if k in names})
    if type(flags) is MappingProxyType:  # read-only: a mutable mapping may change under it
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        _READ[cls, id(flags)] = (flags, value)
    return value


def _stored(cls: type, given: Mapping[str, JSON]) -> list[tuple[str, JSON]]:
    """(key, value) for each field given; a default is stored as the key's removal."""
    names = defaults(cls)
    out = []
    for k, v in given.items():
        if k not in names:
            raise TypeError(f"{cls.__name__} has no field {k!r}")
        out.append((flag_key(k), None if is_default(v, names[k]) else v))
    return out


def _reset(cls: type, flags: Mapping[str, JSON]) -> list[str]:
    """The keys of the class's fields that `flags` holds (a reset removes them)."""
    return [flag_key(k) for k in defaults(cls) if k in flags]


class FighterFlags:
    """Base of a system's per-fighter facts (kept in `FighterState.flags`)."""

    holder: ClassVar[str] = "fighter"

    @classmethod
    def of(cls: type[T], f: FighterState) -> T:
        return _read(cls, f.flags)

    @classmethod
    def set(cls: Callable[P, object], fid: str, /, *_: P.args, **given: P.kwargs) -> list[Change]:
        return [set_fighter(fid, k, v) for k, v in _stored(cls, given)]  # type: ignore[arg-type]

    @classmethod
    def reset(cls, f: FighterState) -> list[Change]:
        return [set_fighter(f.id, k, None) for k in _reset(cls, f.flags)]


class SideFlags:
    """Base of a system's per-side facts (kept in `SideState.flags`)."""

    holder: ClassVar[str] = "side"

    @classmethod
    def of(cls: type[T], s: SideState) -> T:
        return _read(cls, s.flags)

    @classmethod
    def set(cls: Callable[P, object], side: int, /, *_: P.args, **given: P.kwargs) -> list[Change]:
        return [set_side(side, k, v) for k, v in _stored(cls, given)]  # type: ignore[arg-type]

    @classmethod
    def reset(cls, state: GameState, side: int) -> list[Change]:
        return [set_side(side, k, None) for k in _reset(cls, state.sides[side].flags)]


class GameFlags:
    """Base of a system's facts about the whole game (kept in `GameState.flags`)."""

    holder: ClassVar[str] = "game"

    @classmethod
    def of(cls: type[T], state: GameState) -> T:
        return _read(cls, state.flags)

    @classmethod
    def set(cls: Callable[P, object], /, *_: P.args, **given: P.kwargs) -> list[Change]:
        return [set_game(k, v) for k, v in _stored(cls, given)]  # type: ignore[arg-type]

    @classmethod
    def reset(cls, state: GameState) -> list[Change]:
        return [set_game(k, None) for k in _reset(cls, state.flags)]


def stored(*values: object) -> Mapping[str, JSON]:
    """The flags mapping that holds typed values: each field that differs from its default
    (a fighter, side or game made at set-up with its flags)."""
    out: dict[str, JSON] = {}
    for v in values:
        for k, default in defaults(type(v)).items():
            x = getattr(v, k)
            if not is_default(x, default):
                out[k] = x
    return freeze(out)


def declared(types: tuple[type, ...]) -> frozenset[str]:
    """The flag names the classes `types` declare."""
    return frozenset(k for t in types for k in defaults(t))
