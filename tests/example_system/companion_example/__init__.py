"""Example Skirmish: a rule system for companion in a package of its own.

companion finds it through the `companion.systems` entry point (see pyproject.toml) and
reads its rules files from `rules_data/` beside this module: `example.toml` (read below)
and `example_topics.toml` (the look-up's topics, read by companion itself). Everything
else comes from the shared kit: the rules file's reader, the turn structure, and the
walk that turns the attack below into exact odds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from companion.core.check import Check
from companion.core.counting import Counting, about
from companion.core.roller import Roller
from companion.data import Reader
from companion.errors import UsageError
from companion.game.events import Change, set_fighter
from companion.game.setup import fighters_from
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import known_scenario
from companion.systems.kit import rules_file as read
from companion.systems.kit.facts import ActionSpec
from companion.systems.kit.plugin import FromData, opponents
from companion.systems.kit.state import TurnOrder
from companion.systems.kit.turns import AlternatingActivations
from companion.systems.records import (
    ActionRequest,
    Outcome,
    Problem,
    RankInfo,
    Ruling,
    Scenario,
    SystemInfo,
    Topic,
)
from companion.trace import Trace
from companion.values import frozen

ID = "example"


@frozen
class ExampleData:
    info: SystemInfo
    die: int
    stat_min: int
    stat_max: int
    ranks: Mapping[str, str]
    scenarios: Mapping[str, Scenario]
    actions: Mapping[str, ActionSpec]
    samples: tuple[Roster, ...]
    rulings: tuple[Ruling, ...]


def _ranks(r: Reader, ctx: read.Ctx) -> Mapping[str, str]:
    return freeze({k: t.text("label") for k, t in r.items("ranks")})


def _fighters(r: Reader, ctx: read.Ctx) -> tuple[RosterFighter, ...]:
    out = []
    for i, raw in enumerate(r.data.get("fighters", [])):
        fr = Reader(r.file, raw, f"{r.path}.fighters[{i}]")
        fr.only("name", "rank", "skill")
        skill = fr.num("skill", lo=ctx["stat_min"], hi=ctx["stat_max"])
        out.append(RosterFighter(fr.text("name"), fr.text("rank"), freeze({"skill": skill})))
    return tuple(out)


SHAPE = read.Shape(
    ExampleData,
    read.at_least("system", die=2, stat_min=1, stat_max=1),
    info=read.info(ID),
    ranks=read.Use(_ranks, "ranks"),
    scenarios=read.ByName(read.Shape(Scenario, last_turn=read.Num(lo=1))),
    actions=read.FACTS,
    samples=read.samples(ID, read.Use(_fighters, "fighters")),
    rulings=read.RULINGS,
)


@lru_cache(maxsize=1)
def load() -> ExampleData:
    return read.file(SHAPE, f"{ID}.toml")


class Turns(AlternatingActivations):
    def upkeep(self, state: GameState, roller: Roller) -> list[Change]:
        # The last turn's tokens come off too: a game over leaves no one activated.
        return self.tokens_off(state) if self.game_over(state) else []

    def game_over(self, state: GameState) -> str | None:
        if state.last_turn is None or state.turn < state.last_turn:
            return None
        left = [len([f for f in state.side_fighters(i) if not f.out]) for i in range(2)]
        if left[0] == left[1]:
            return "a draw"
        return f"{state.sides[0 if left[0] > left[1] else 1].name} win"


class ExampleSkirmish(FromData):
    turns = Turns()
    # What it keeps beyond wounds and status: only whose go it is (the turn structure's).
    game_state = (TurnOrder,)
    keeps_vp = False  # won by the fighters left standing

    def describe_fighter(self, f: FighterState | RosterFighter) -> Mapping[str, str]:
        return {"rank": self.data.ranks.get(f.rank, f.rank), "stat": f"Skill {f.stats['skill']}"}

    @property
    def data(self) -> ExampleData:
        return load()

    def ranks(self) -> Sequence[RankInfo]:
        d = self.data
        return [RankInfo(k, v, d.die, d.stat_min, d.stat_max) for k, v in d.ranks.items()]

    def stat_names(self) -> Sequence[str]:
        return ("skill",)

    def check_fighter(self, fighter: RosterFighter, preset: bool = False) -> list[Problem]:
        d = self.data
        skill = fighter.stats.get("skill")
        if fighter.rank not in d.ranks:
            return [Problem(f"unknown rank '{fighter.rank}'", fighter.name)]
        if skill is None or not d.stat_min <= skill <= d.stat_max:
            return [Problem(f"Skill must be {d.stat_min}-{d.stat_max}", fighter.name)]
        return []

    def check_roster(self, roster: Roster) -> list[Problem]:
        problems = [p for f in roster.fighters for p in self.check_fighter(f)]
        if not 1 <= len(roster.fighters) <= 6:
            problems.append(Problem("a warband has one to six fighters"))
        return problems

    def scenarios(self) -> Sequence[Scenario]:
        return list(self.data.scenarios.values())

    def topics(self) -> Sequence[Topic]:
        return [Topic("scenario", s.id, s.label, s.summary) for s in self.scenarios()]

    def statuses(self) -> Sequence[str]:
        return ("upright", "out")

    def new_game(
        self, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
    ) -> GameState:
        d = self.data
        known_scenario(d.scenarios, scenario)
        if len(rosters) != 2:
            raise UsageError("an Example Skirmish game is two warbands: give two rosters")
        return GameState(
            system=ID,
            scenario=scenario,
            sides=tuple(SideState(r.name, r.name) for r in rosters),
            fighters=fighters_from(rosters, lambda rf: d.die),
            last_turn=d.scenarios[scenario].last_turn,
        )

    def declared_actions(self) -> Mapping[str, ActionSpec]:
        return self.data.actions

    def act(self, state: GameState, request: ActionRequest, roller: Roller) -> Outcome:
        if request.action != "attack":
            return super().act(state, request, roller)
        request = self.accept(state, request)
        a, t = opponents(state, request, "out")
        if state.active != a.id:
            raise self.refuse(f"{a.name} is not activating: 'companion activate {a.name}'")
        cover = bool(request.options.get("cover"))
        check = Check(
            f"{a.name} attacks {t.name}",
            a.name,
            sides=self.data.die,
            target=a.stats["skill"] - cover,
            compare="<=",
            success_text="hit: out of the game",
            failure_text="miss",
            rulings=("R-EX-01",) + (("R-EX-02",) if cover else ()),
            notes=(f"{t.name} is in cover: one less",) if cover else (),
        )
        hit, _ = roller.check(check)
        said = "out" if hit else "missed"
        summary = f"{a.name} attacks {t.name}; {t.name}: {said}"
        changes = (set_fighter(t.id, "status", "out"),) if hit else ()
        # The odds count the outcome in the row it names (about the target, by its effect),
        # rows ordered by rank; the event stores only what happened.
        counting = Counting(about(t.id, t.name, said, int(hit), said))
        data = {"result": said, "target": t.id}
        trace = Trace(f"Attack: {a.name} against {t.name}", tuple(roller.steps), summary)
        return Outcome("attack", summary, changes, trace, freeze(data), counting=counting)
