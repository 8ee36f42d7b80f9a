"""Collect the titles of the trace steps a system produces, through its public API only.

Seeded games of the sample rosters in every scenario: each turn, each fighter that can
activates and tries every action it is offered, melee and ranged, against each enemy,
with a few sets of the facts only the table knows. Whatever the system refuses is
skipped; every step of every trace (resolutions, turns, odds) is kept.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.dice import SeededDice
from companion.errors import CompanionError
from companion.game.events import apply_change
from companion.game.state import GameState
from companion.systems.base import ActionRequest, Outcome, RuleSystem
from companion.trace import Trace

FACTS = (
    {},
    {"ranged": False, "ganging": 1},
    {"ranged": True, "range": 4},
    {"ranged": True, "range": 8, "cover": True},
    {"ranged": True, "range": 13},
    {"inches": 3},
)


def _apply(state: GameState, outcome: Outcome) -> GameState:
    for c in outcome.changes:
        state = apply_change(state, c)
    return state


def _traces(system: RuleSystem, state: GameState, rng: random.Random) -> Iterator[Trace]:
    for f in [f for f in state.fighters if not f.out]:
        try:
            outcome = system.activate(state, f.id)
        except CompanionError:
            continue
        active = _apply(state, outcome)
        actor = active.fighter(f.id)
        enemies = [e.id for e in active.fighters if e.side != actor.side and not e.out]
        friends = [e.id for e in active.fighters if e.side == actor.side and not e.out]
        for action in system.actions_for(active, actor):
            for target in [None, *enemies[:3], *friends[:2]]:
                for facts in FACTS:
                    request = ActionRequest(action, f.id, target, facts)
                    try:
                        done = system.resolve(active, request, SeededDice(rng.randrange(10**6)))
                    except CompanionError:
                        continue
                    if done.trace is not None:
                        yield done.trace
                    if rng.random() < 0.02:
                        try:
                            yield system.odds(active, request)
                        except CompanionError:
                            pass
        if rng.random() < 0.3:
            # Let some fighters take wounds, so wounded and out paths run too.
            try:
                hit = system.resolve(
                    active,
                    ActionRequest("attack", enemies[0] if enemies else None, f.id, FACTS[1]),
                    SeededDice(rng.randrange(10**6)),
                )
                state = _apply(state, hit)
            except (CompanionError, IndexError):
                pass


def step_titles(system: RuleSystem, games: int = 2, turns: int = 3) -> dict[str, str]:
    """Each step title seen, with the trace title it came from (for failure messages)."""
    seen: dict[str, str] = {}
    rosters = list(system.sample_rosters())[:2]
    for scenario in system.scenarios():
        for game in range(games):
            rng = random.Random(game)
            try:
                state = system.new_game(rosters, scenario.id, {})
            except CompanionError:
                continue
            for _ in range(turns):
                try:
                    turn = system.next_turn(state, SeededDice(rng.randrange(10**6)))
                except CompanionError:
                    break
                traces = [turn.trace] if turn.trace is not None else []
                state = _apply(state, turn)
                traces += list(_traces(system, state, rng))
                for trace in traces:
                    for step in trace.steps:
                        seen.setdefault(step.title, trace.title)
    return seen


COVER = '[[topics]]\nid = "cover"\ntitle = "Cover"\nsection = "S"\nsheet = "x"\ntext = "y"\n'


@contextmanager
def topic_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Iterator[Path]:
    """A folder of rules data holding only `1ss_topics.toml` with `text`, in use while the
    block runs (the cached parses of the real files are set aside before and after)."""
    from companion.data import load_toml
    from companion.lookup import synonyms as synonyms_mod
    from companion.lookup import topics as topics_mod

    def clear() -> None:
        topics_mod.file_topics.cache_clear()
        topics_mod.file_asks.cache_clear()
        topics_mod.file_terms.cache_clear()
        synonyms_mod.read.cache_clear()
        synonyms_mod.KNOWN.clear()
        load_toml.cache_clear()

    path = tmp_path / "1ss_topics.toml"
    path.write_text(text)
    monkeypatch.setattr("companion.data.data_dir", lambda: tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    clear()
    try:
        yield path
    finally:
        clear()
