"""Each system's flags are declared as typed values, and what its games write is declared.

A played game's event log (the games saved by 0.2 in every system, and a short crawl of
each system today) names every flag it sets; each one must be a field of a class the
system lists in `fighter_state`, `side_state` or `game_state`. Reading a stored flags
mapping through those classes and writing it back with `set` gives the same flags.
"""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from play_crawler import crawl

from companion import systems
from companion.game.events import Event, apply_event
from companion.game.repo import Home
from companion.game.state import GameState, freeze
from companion.game.typed_state import FighterFlags, GameFlags, SideFlags
from companion.values import fields, replace

SAVED = Path(__file__).parent / "saved_0_2"
HOLDERS = ("fighter", "side", "game")


def _keys(setup: GameState, events: list[Event]) -> dict[str, set[str]]:
    """The flag names a game's setup and events set, by holder."""
    out: dict[str, set[str]] = defaultdict(set)
    for f in setup.fighters:
        out["fighter"].update(f.flags)
    for s in setup.sides:
        out["side"].update(s.flags)
    out["game"].update(setup.flags)
    for e in events:
        for c in e.changes:
            if c.target == "add_fighter":
                out["fighter"].update(c.value.get("flags") or {})
            elif c.field.startswith("flags."):
                out[c.target].add(c.field.removeprefix("flags."))
    return out


def _saved(kind: str, where: Path) -> tuple[GameState, list[Event], list[GameState]]:
    shutil.copytree(SAVED / kind / "games", where / "games")
    name = json.loads((SAVED / kind / "expected.json").read_text())["game"]
    gf = Home(where).open_game(name)
    states, state = [gf.setup], gf.setup
    for e in gf.events:
        state = apply_event(state, e)
        states.append(state)
    return gf.setup, list(gf.events), states


KINDS = sorted(p.name for p in SAVED.iterdir() if p.is_dir())


@pytest.mark.parametrize("kind", KINDS)
def test_every_flag_a_saved_game_sets_is_declared(kind: str, tmp_path: Path) -> None:
    setup, events, _ = _saved(kind, tmp_path)
    system = systems.get(setup.system)
    for holder, keys in _keys(setup, events).items():
        assert keys <= system.declared_flags(holder), (holder, keys - system.declared_flags(holder))


@pytest.mark.parametrize("sid", systems.ids())
def test_every_flag_a_game_played_today_sets_is_declared(sid: str, tmp_path: Path) -> None:
    for seed in (1, 2):
        crawl(tmp_path, sid, seed, 120)
        gf = Home(tmp_path / f"{sid}-{seed}").open_game(f"crawl-{seed}")
        system = systems.get(sid)
        for holder, keys in _keys(gf.setup, list(gf.events)).items():
            missing = keys - system.declared_flags(holder)
            assert not missing, f"{sid} seed {seed}: {holder} flags not declared: {missing}"


def _holders(state: GameState) -> list[tuple[str, object]]:
    return [
        *(("fighter", f) for f in state.fighters),
        *(("side", s) for s in state.sides),
        ("game", state),
    ]


@pytest.mark.parametrize("kind", KINDS)
def test_reading_and_writing_the_typed_flags_round_trips(kind: str, tmp_path: Path) -> None:
    """Every state of a saved game: each class reads its fields from the stored flags, and
    `set` with the fields read, applied to the holder without flags, stores them again."""
    _, _, states = _saved(kind, tmp_path)
    system = systems.get(states[0].system)
    kinds = {"fighter": system.fighter_state, "side": system.side_state, "game": system.game_state}
    checked = 0
    for state in states[:: max(1, len(states) // 40)]:
        bare = replace(
            state,
            flags=freeze(),
            sides=tuple(replace(s, flags=freeze()) for s in state.sides),
            fighters=tuple(replace(f, flags=freeze()) for f in state.fighters),
        )
        for holder, thing in _holders(state):
            for cls in kinds[holder]:
                value = cls.of(thing)  # type: ignore[attr-defined]
                given = {f.name: getattr(value, f.name) for f in fields(cls)}
                if holder == "fighter":
                    changes = cls.set(thing.id, **given)  # type: ignore[attr-defined]
                elif holder == "side":
                    changes = cls.set(state.sides.index(thing), **given)  # type: ignore[attr-defined]
                else:
                    changes = cls.set(**given)  # type: ignore[attr-defined]
                again = apply_event(bare, Event("test", "", tuple(changes)))
                back: Any = again
                if holder == "fighter":
                    back = again.fighter(thing.id)  # type: ignore[attr-defined]
                elif holder == "side":
                    back = again.sides[state.sides.index(thing)]
                assert cls.of(back) == value  # type: ignore[attr-defined]
                stored = {k: v for k, v in thing.flags.items() if k in given}  # type: ignore[attr-defined]
                assert dict(back.flags) == stored
                checked += 1
    assert checked > 10


def test_a_field_the_class_does_not_declare_is_refused() -> None:
    from companion.systems.kit.state import Stunned

    with pytest.raises(TypeError, match="no field 'stuned'"):
        Stunned.set("a", stuned=True)  # type: ignore[call-arg]


def test_a_field_set_to_its_default_is_stored_as_the_flag_removed() -> None:
    from companion.systems.kit.state import Stunned, TurnOrder

    assert [(c.field, c.value) for c in Stunned.set("a", stunned=False)] == [
        ("flags.stunned", None)
    ]
    assert [(c.field, c.value) for c in TurnOrder.set(last_side=0)] == [("flags.last_side", 0)]


def test_every_system_names_its_state_types() -> None:
    for sid in systems.ids():
        system = systems.get(sid)
        assert all(issubclass(c, FighterFlags) for c in system.fighter_state), sid
        assert all(issubclass(c, SideFlags) for c in system.side_state), sid
        assert all(issubclass(c, GameFlags) for c in system.game_state), sid
        for holder in HOLDERS:  # a name declared twice for one holder would be ambiguous
            kinds = {"fighter": system.fighter_state, "side": system.side_state}
            names = [f.name for c in kinds.get(holder, system.game_state) for f in fields(c)]
            assert len(names) == len(set(names)), (sid, holder)
