"""Events: every change to a game, and the one generic way to apply them.

An event records *what was decided* (the changes, with the trace that explains them),
not how to recompute it. Replaying a game therefore never re-runs rules or re-rolls
dice: the state is the setup folded over the events, whatever version of the rules
wrote them. Undo drops the last event; redo puts it back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from companion.errors import StoreError
from companion.game.state import (
    JSON,
    FighterState,
    GameState,
    SideState,
    _fighter_from,
    freeze,
    thaw,
    with_flag,
)
from companion.values import field, frozen, replace

FIGHTER_FIELDS = {"status", "wounds", "token", "rank", "die", "name", "notes", "side"}
GAME_FIELDS = {"turn", "initiative", "phase", "active", "result", "last_turn"}
SIDE_FIELDS = {"vp"}


@frozen
class Change:
    """One field set to one value.

    target: "game", "side" (key = side index), "fighter" (key = fighter id), or
    "add_fighter" (value = the fighter as a dict). A field "flags.NAME" sets one flag;
    a None value removes it. "stats.NAME" sets one stat.
    """

    target: str
    field: str
    value: JSON
    key: str | int | None = None

    def to_dict(self) -> dict[str, JSON]:
        return {
            "target": self.target,
            "key": self.key,
            "field": self.field,
            "value": thaw(self.value),
        }

    @staticmethod
    def from_dict(d: Mapping[str, JSON]) -> Change:
        return Change(d["target"], d["field"], d["value"], d.get("key"))


def set_fighter(fid: str, field_name: str, value: JSON) -> Change:
    return Change("fighter", field_name, value, fid)


def set_side(side: int, field_name: str, value: JSON) -> Change:
    return Change("side", field_name, value, side)


def set_game(field_name: str, value: JSON) -> Change:
    return Change("game", field_name, value)


def add_fighter(fighter: FighterState) -> Change:
    from companion.game.state import _plain

    return Change("add_fighter", "fighter", _plain(fighter))


# The keys of a stored event, in the order `Event.to_dict` writes them.
EVENT_KEYS = ("kind", "summary", "changes", "trace", "data", "at", "turn")


@frozen
class Event:
    kind: str
    summary: str
    changes: tuple[Change, ...]
    trace: Mapping[str, JSON] | None = None
    data: Mapping[str, JSON] = field(default_factory=freeze)
    at: str = ""
    turn: int = 0

    def to_dict(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "summary": self.summary,
            "changes": [c.to_dict() for c in self.changes],
            "trace": thaw(self.trace) if self.trace is not None else None,
            "data": thaw(self.data),
            "at": self.at,
            "turn": self.turn,
        }

    @staticmethod
    def from_dict(d: Mapping[str, JSON]) -> Event:
        try:
            return Event(
                kind=d["kind"],
                summary=d["summary"],
                changes=tuple(Change.from_dict(c) for c in d["changes"]),
                trace=d.get("trace"),
                data=freeze(d.get("data")),
                at=d.get("at", ""),
                turn=d.get("turn", 0),
            )
        except (KeyError, TypeError) as e:
            raise StoreError(f"an event in the game file is malformed ({e})") from None


def apply_change(state: GameState, c: Change) -> GameState:
    if c.target == "add_fighter":
        return replace(state, fighters=state.fighters + (_fighter_from(c.value),))
    if c.target == "game":
        if c.field.startswith("flags."):
            return replace(state, flags=with_flag(state.flags, c.field[6:], c.value))
        if c.field not in GAME_FIELDS:
            raise StoreError(f"unknown game field {c.field!r} in an event")
        return replace(state, **{c.field: c.value})
    if c.target == "side":
        if type(c.key) is not int or not 0 <= c.key < len(state.sides):
            raise StoreError(f"an event names side {c.key!r}, which is not in the game")
        sides = list(state.sides)
        s: SideState = sides[c.key]
        if c.field.startswith("flags."):
            s = replace(s, flags=with_flag(s.flags, c.field[6:], c.value))
        elif c.field in SIDE_FIELDS:
            s = replace(s, **{c.field: c.value})
        else:
            raise StoreError(f"unknown side field {c.field!r} in an event")
        sides[c.key] = s
        return replace(state, sides=tuple(sides))
    if c.target == "fighter":
        out = []
        found = False
        for f in state.fighters:
            if f.id == c.key:
                found = True
                if c.field.startswith("flags."):
                    f = replace(f, flags=with_flag(f.flags, c.field[6:], c.value))
                elif c.field.startswith("stats."):
                    f = replace(f, stats=with_flag(f.stats, c.field[6:], c.value))
                elif c.field in FIGHTER_FIELDS:
                    f = replace(f, **{c.field: c.value})
                elif c.field == "remove":
                    continue
                else:
                    raise StoreError(f"unknown fighter field {c.field!r} in an event")
            out.append(f)
        if not found:
            raise StoreError(f"an event names fighter {c.key!r}, who is not in the game")
        return replace(state, fighters=tuple(out))
    raise StoreError(f"unknown change target {c.target!r} in an event")


def apply_event(state: GameState, event: Event) -> GameState:
    for c in event.changes:
        state = apply_change(state, c)
    return state


def replay(setup: GameState, events: Iterable[Event]) -> GameState:
    state = setup
    for e in events:
        state = apply_event(state, e)
    return state


def changes_between(old: Sequence[FighterState], new: Sequence[FighterState]) -> list[Change]:
    """Changes that turn fighters `old` into `new` field by field (same ids, same order)."""
    out: list[Change] = []
    for a, b in zip(old, new, strict=True):
        for name in FIGHTER_FIELDS:
            if getattr(a, name) != getattr(b, name):
                out.append(set_fighter(a.id, name, getattr(b, name)))
        for k in set(a.flags) | set(b.flags):
            if a.flags.get(k) != b.flags.get(k):
                out.append(set_fighter(a.id, f"flags.{k}", b.flags.get(k)))
    return out
