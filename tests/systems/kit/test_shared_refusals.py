"""The refusals the plug-ins share, each in its system's words: a new game of a scenario
the system does not have (listing those it has), and going on with a game that is over or
has not begun."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion import systems
from companion.errors import RefusedError, UsageError
from companion.game.state import GameState
from companion.systems.monochrome import actions as monochrome_actions
from companion.systems.warstuff import turns as warstuff_turns
from companion.values import replace


@pytest.mark.parametrize(
    ("system_id", "words"),
    [
        ("warstuff", "unknown WarStuff scenario 'picnic'; use one of "),
        ("skirmashed", "unknown SKIRMASHED scenario 'picnic'; use one of "),
        ("smbfat", "unknown scenario 'picnic'; use one of "),
    ],
)
def test_an_unknown_scenario_is_refused_with_those_known(system_id: str, words: str) -> None:
    system = systems.get(system_id)
    rosters = list(system.sample_rosters())[:2]
    with pytest.raises(UsageError) as err:
        system.new_game(rosters, "picnic", {})
    known = ", ".join(s.id for s in system.scenarios())
    assert str(err.value) == words + known


def sample_game(system_id: str) -> GameState:
    system = systems.get(system_id)
    rosters = list(system.sample_rosters())[:2]
    return system.new_game(rosters, system.default_scenario, {})


def warstuff_acts(state: GameState) -> None:
    warstuff_turns.active_check(state, state.fighters[0], "attack")


def monochrome_acts(state: GameState) -> None:
    monochrome_actions.running(state)


def skirmashed_activates(state: GameState) -> None:
    systems.get("skirmashed").activate(state, state.fighters[0].id)


@pytest.mark.parametrize(
    ("system_id", "act", "words"),
    [
        (
            "warstuff",
            warstuff_acts,
            "the game has not started; 'companion turn' rolls off for deployment and "
            "begins round 1",
        ),
        (
            "monochrome",
            monochrome_acts,
            "the game has not started: 'companion turn' begins round 1",
        ),
        (
            "skirmashed",
            skirmashed_activates,
            "the game has not started: 'companion turn' begins round 1",
        ),
    ],
)
def test_a_game_not_begun_or_over_is_refused(
    system_id: str, act: Callable[[GameState], None], words: str
) -> None:
    state = sample_game(system_id)
    with pytest.raises(RefusedError) as err:
        act(state)
    assert str(err.value) == words
    over = replace(state, turn=2, phase="ended", result="Blue won")
    with pytest.raises(RefusedError) as err:
        act(over)
    assert str(err.value) == "the game is over: Blue won"
