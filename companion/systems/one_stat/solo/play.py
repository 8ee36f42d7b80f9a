"""The 1ss solo procedures as the plug-in's solo capability (`companion.systems.solo_play`).

Each method loads only the procedure it runs: `solo odds` does not load the OpFor
flowchart, nor a table command on a solo game more than the scenario check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.dice import DiceSource
from companion.game.state import FighterState, GameState
from companion.roster import Roster
from companion.systems.base import Outcome, RuleSystem
from companion.systems.solo_guide import SoloGuide
from companion.systems.solo_play import SoloPlay


class OneStatSolo(SoloPlay):
    def __init__(self, system: RuleSystem) -> None:
        self.system = system  # the 1ss plug-in, whose activation and attack the OpFor takes

    # --- the game -------------------------------------------------------------------
    @property
    def guide(self) -> SoloGuide:
        from companion.systems.one_stat.solo.guide import GUIDE

        return GUIDE

    def refuse_unless_solo(self, state: GameState) -> None:
        from companion.systems.one_stat.solo.game import solo_or_refuse

        solo_or_refuse(state)

    def end_if_decided(self, state: GameState) -> Outcome | None:
        from companion.systems.one_stat.solo.objectives import end_if_decided

        return end_if_decided(state)

    def decided(self, state: GameState) -> tuple[str, str] | None:
        from companion.systems.one_stat.solo.scenarios import check

        return check(state)

    def objective_lines(self, state: GameState) -> list[str]:
        from companion.systems.one_stat.solo.scenarios import status_lines

        return status_lines(state)

    def objectives(self, state: GameState) -> list[dict[str, Any]]:
        from companion.systems.one_stat.solo.scenarios import objective_states

        return objective_states(state)

    def choose(self, scenario: str | None, mixed: str | None, setup: str | None) -> Any:
        from companion.systems.one_stat.solo.game import choose

        return choose(scenario, mixed, setup)

    def new_game(
        self,
        roster: Roster,
        profile: Any,
        choice: Any,
        board: int | None,
        boss_corner: str | None,
    ) -> GameState:
        from companion.systems.one_stat.solo.game import new_solo_game

        return new_solo_game(roster, profile, choice, board, boss_corner)

    def setup_outcome(self, state: GameState, dice: DiceSource) -> Outcome:
        from companion.systems.one_stat.solo.game import setup_outcome

        return setup_outcome(state, dice)

    def spawn_outcome(self, state: GameState, dice: DiceSource, title: str) -> Outcome:
        from companion.systems.one_stat.solo.game import spawn_outcome

        return spawn_outcome(state, dice, title)

    def map_data(self, state: GameState) -> dict[str, Any]:
        from companion.systems.one_stat.solo.board_map import map_data

        return map_data(state)

    # --- spawns --------------------------------------------------------------------
    @property
    def ranks(self) -> tuple[str, ...]:
        from companion.systems.one_stat.solo.forecast import RANKS

        return RANKS

    def spawn_groups(self, values: Sequence[int]) -> Sequence[Any]:
        from companion.systems.one_stat.solo.spawn import group

        return group(values)

    def spawn_tally(self, groups: Sequence[Any]) -> dict[str, int]:
        from companion.systems.one_stat.solo.spawn import tally

        return tally(groups)

    def forecast(self) -> Any:
        from companion.systems.one_stat.solo.forecast import forecast

        return forecast()

    # --- the OpFor's decisions --------------------------------------------------------
    def facts(self, ganging: int) -> Any:
        from companion.systems.one_stat.solo.opfor import Facts

        return Facts(ganging=ganging)

    def next_fighter(self, state: GameState) -> FighterState | None:
        from companion.systems.one_stat.solo.opfor import next_fighter

        return next_fighter(state)

    def activation(self, state: GameState, fid: str) -> tuple[Outcome, GameState]:
        from companion.systems.one_stat.solo.opfor import activation

        return activation(self.system, state, fid)

    def distractions(self, state: GameState) -> list[FighterState]:
        from companion.systems.one_stat.solo.opfor import distractions

        return distractions(state)

    def drawn_to(self, facts: Any) -> str | None:
        from companion.systems.one_stat.solo.opfor import drawn_to

        return drawn_to(facts)

    def next_question(self, state: GameState, fid: str, facts: Any) -> Any | None:
        from companion.systems.one_stat.solo.opfor import next_question

        return next_question(state, fid, facts)

    def missing(self, state: GameState, fid: str, facts: Any) -> str | None:
        from companion.systems.one_stat.solo.opfor import missing

        return missing(state, fid, facts)

    def walk(
        self,
        state: GameState,
        fid: str,
        facts: Any,
        dice: DiceSource,
        resolve: bool,
    ) -> tuple[Any, list[Outcome]]:
        from companion.systems.one_stat.solo.opfor import walk

        return walk(self.system, state, fid, facts, dice, resolve)

    # --- objectives ----------------------------------------------------------------
    def token_action(
        self,
        state: GameState,
        token: str,
        action: str,
        fighter: FighterState | None,
        dice: DiceSource,
        event: str | None,
        free: bool,
    ) -> Outcome:
        from companion.systems.one_stat.roller import DiceRoller
        from companion.systems.one_stat.solo.objectives import token_act

        return token_act(state, token, action, fighter, DiceRoller(dice), event, free)

    def shutdown(
        self, state: GameState, target: str, fighter: FighterState, dice: DiceSource, free: bool
    ) -> Outcome:
        from companion.systems.one_stat.roller import DiceRoller
        from companion.systems.one_stat.solo.objectives import shut_down

        return shut_down(state, target, fighter, DiceRoller(dice), free)

    def question(
        self, state: GameState, fighter: FighterState, dice: DiceSource, free: bool
    ) -> Outcome:
        from companion.systems.one_stat.roller import DiceRoller
        from companion.systems.one_stat.solo.objectives import ask

        return ask(state, fighter, DiceRoller(dice), free)

    def declare(self, state: GameState, objective: str) -> Outcome:
        from companion.systems.one_stat.solo.objectives import declare

        return declare(state, objective)

    def provoke(self, state: GameState, fighter: FighterState) -> Outcome:
        from companion.systems.one_stat.solo.objectives import provoke

        return provoke(state, fighter)

    def ladder_wound(self, state: GameState, fighter: FighterState) -> Outcome:
        from companion.systems.one_stat.solo.objectives import ladder_wound

        return ladder_wound(state, fighter)

    def regenerate(self, state: GameState, fighter: FighterState, roll: bool) -> Outcome:
        from companion.systems.one_stat.solo.upkeep import choose_roll

        return choose_roll(state, fighter, roll)

    # --- what solo play offers, and the OpFor profiles -------------------------------
    def data(self) -> Any:
        from companion.systems.one_stat.solo.data import load

        return load()

    def profiles(self, db: Any) -> list[Any]:
        from companion.systems.one_stat.solo.profiles import all_profiles

        return list(all_profiles(db))

    def find_profile(self, db: Any, name: str) -> Any:
        from companion.systems.one_stat.solo.profiles import find

        return find(db, name)

    def new_profile(self, name: str, values: Mapping[str, Any]) -> Any:
        from companion.systems.one_stat.solo.profiles import Profile, check

        return check(Profile(name, **values))

    def save_profile(self, db: Any, profile: Any) -> None:
        from companion.systems.one_stat.solo.profiles import save

        save(db, profile)

    def delete_profile(self, db: Any, name: str) -> Any:
        from companion.systems.one_stat.solo.profiles import delete

        return delete(db, name)
