"""A working copy of the game during one resolution (the wound rules: `losses`).

Rules never change the frozen GameState. A resolution reads and updates this small
mutable copy (statuses, wounds, flags, victory points), and at the end the copy is
turned into the list of `Change`s the event records.
"""

from __future__ import annotations

from companion.game.events import Change, add_fighter, set_fighter, set_game, set_side
from companion.game.state import FighterState, GameState, freeze, thaw
from companion.values import field, record, replace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ParamSpec

    P = ParamSpec("P")


@record
class Cond:
    status: str
    wounds: int
    flags: dict[str, Any]
    die: int
    stat: int


@record
class Board:
    state: GameState
    conds: dict[str, Cond] = field(default_factory=dict)
    game_flags: dict[str, Any] = field(default_factory=dict)
    side_vp: dict[int, int] = field(default_factory=dict)
    side_flags: dict[int, dict[str, Any]] = field(default_factory=dict)
    added: list[FighterState] = field(default_factory=list)
    announcements: list[str] = field(default_factory=list)
    result: str | None = None
    active: str | None | bool = False  # False: unchanged
    # What the table named for this resolution, e.g. the minion that takes its master's wound
    choices: dict[str, Any] = field(default_factory=dict)

    def fighter(self, fid: str) -> FighterState:
        """The fighter as it stands now in this resolution."""
        for f in self.added:
            if f.id == fid:
                base = f
                break
        else:
            base = self.state.fighter(fid)
        c = self.conds.get(fid)
        if c is None:
            return base
        stats = base.stats if c.stat == base.stat else freeze({**base.stats, "stat": c.stat})
        return replace(
            base, status=c.status, wounds=c.wounds, flags=freeze(c.flags), die=c.die, stats=stats
        )

    def fighters(self) -> list[FighterState]:
        return [self.fighter(f.id) for f in (*self.state.fighters, *self.added)]

    def cond(self, fid: str) -> Cond:
        if fid not in self.conds:
            f = self.fighter(fid)
            self.conds[fid] = Cond(f.status, f.wounds, dict(thaw(f.flags)), f.die, f.stat)
        return self.conds[fid]

    def set_flag(self, fid: str, key: str, value: Any) -> None:
        flags = self.cond(fid).flags
        if value is None:
            flags.pop(key, None)
        else:
            flags[key] = value

    # Rule code changes flags through these, by the fields of a system's flags class
    # (`systems/one_stat/state.py`): the type checker reads the names and the values from
    # the class, so a misspelt flag is an error; a field given its default (or None)
    # removes the flag, as the events of earlier releases stored it.
    def put(self, cls: Callable[P, object], fid: str, /, *_: P.args, **given: P.kwargs) -> None:
        for key, value in _known(cls, given):
            self.set_flag(fid, key, value)

    def gput(self, cls: Callable[P, object], /, *_: P.args, **given: P.kwargs) -> None:
        for key, value in _known(cls, given):
            self.set_gflag(key, value)

    def sput(self, cls: Callable[P, object], side: int, /, *_: P.args, **given: P.kwargs) -> None:
        for key, value in _known(cls, given):
            self.set_sflag(side, key, value)

    def gflag(self, key: str, default: Any = None) -> Any:
        if key in self.game_flags:
            return self.game_flags[key]
        return self.state.flags.get(key, default)

    def set_gflag(self, key: str, value: Any) -> None:
        self.game_flags[key] = value

    def sflag(self, side: int, key: str, default: Any = None) -> Any:
        if key in self.side_flags.get(side, {}):
            return self.side_flags[side][key]
        return self.state.sides[side].flags.get(key, default)

    def set_sflag(self, side: int, key: str, value: Any) -> None:
        self.side_flags.setdefault(side, {})[key] = value

    def vp(self, side: int) -> int:
        return self.side_vp.get(side, self.state.sides[side].vp)

    def add_vp(self, side: int, n: int) -> None:
        self.side_vp[side] = self.vp(side) + n

    def changes(self) -> tuple[Change, ...]:
        out: list[Change] = [add_fighter(f) for f in self.added]
        added_ids = {f.id for f in self.added}
        for fid, c in self.conds.items():
            if fid in added_ids:
                base = next(f for f in self.added if f.id == fid)
            else:
                base = self.state.fighter(fid)
            if c.status != base.status:
                out.append(set_fighter(fid, "status", c.status))
            if c.wounds != base.wounds:
                out.append(set_fighter(fid, "wounds", c.wounds))
            if c.die != base.die:
                out.append(set_fighter(fid, "die", c.die))
            if c.stat != base.stat:
                out.append(set_fighter(fid, "stats.stat", c.stat))
            old = thaw(base.flags)
            for k in sorted(set(old) | set(c.flags)):
                if old.get(k) != c.flags.get(k):
                    out.append(set_fighter(fid, f"flags.{k}", c.flags.get(k)))
        for k, v in self.game_flags.items():
            if thaw(self.state.flags.get(k)) != v:
                out.append(set_game(f"flags.{k}", v))
        for s, flags in self.side_flags.items():
            for k, v in flags.items():
                if thaw(self.state.sides[s].flags.get(k)) != v:
                    out.append(set_side(s, f"flags.{k}", v))
        for s, vp in self.side_vp.items():
            if vp != self.state.sides[s].vp:
                out.append(set_side(s, "vp", vp))
        if self.active is not False and self.active != self.state.active:
            out.append(set_game("active", self.active))
        if self.result is not None:
            out += [set_game("phase", "ended"), set_game("result", self.result)]
        return tuple(out)


def _known(cls: Callable[..., object], given: dict[str, Any]) -> list[tuple[str, Any]]:
    """The fields given, each a field of `cls` (else a TypeError naming it)."""
    from companion.game.typed_state import defaults, is_default

    names = defaults(cls)  # type: ignore[arg-type]
    for key in given:
        if key not in names:
            raise TypeError(f"{getattr(cls, '__name__', cls)} has no field {key!r}")
    # A field given its default is the flag removed, as the class's own `set` stores it.
    return [(k, None if is_default(v, names[k]) else v) for k, v in given.items()]
