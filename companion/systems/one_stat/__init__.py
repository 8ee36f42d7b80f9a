"""1 Stat Skirmish (1ss): the primary rule system."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.game.concede import Conceded
from companion.game.state import FighterState, GameState, freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import (
    ActionRequest,
    Outcome,
    Problem,
    Question,
    RankInfo,
    RuleSystem,
    Ruling,
    Scenario,
    SystemInfo,
    Topic,
    UpkeepChoice,
)
from companion.systems.kit.state import TurnOrder
from companion.systems.one_stat import data as data_mod
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat import order
from companion.systems.one_stat.data import OneStatData, item_of
from companion.systems.one_stat.state import (
    ActionSequence,
    OneStatFighter,
    OneStatGame,
    OneStatSide,
    OneStatSolo,
    OneStatSoloGame,
    OneStatTurn,
)

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:  # the facts are read only by the commands that use them
    from typing import Any

    from companion.core.roller import Roller
    from companion.systems.kit.facts import ActionSpec, Fact
    from companion.systems.kit.turns import TurnStructure
    from companion.systems.records import TargetRule
    from companion.systems.solo_play import SoloPlay

SOLO_FILE = "1ss_solo.toml"
# Objective actions of a solo game (pick up, drop, bring home, shut down, question).
SOLO_ACTIONS = ("pick-token", "drop-token", "bring-home", "shut-down", "question")


class OneStatSkirmish(RuleSystem):
    card_boxes = (("Activated", 1), ("Wounded (prone)", 1))
    counts_actions = True  # two actions an activation (R-1SS-P05)
    fighter_state = (OneStatTurn, ActionSequence, OneStatFighter, OneStatSolo)
    side_state = (Conceded, OneStatSide)
    game_state = (TurnOrder, OneStatGame, OneStatSoloGame)

    def __init__(self) -> None:
        d = self.data
        self.info = SystemInfo("1ss", d.name, d.aliases, d.dice, d.board, d.length)

    @property
    def data(self) -> OneStatData:
        return data_mod.load()

    @property
    def solo(self) -> SoloPlay:
        from companion.systems.one_stat.solo.play import OneStatSolo  # solo commands only

        return OneStatSolo(self)

    @property
    def turns(self) -> TurnStructure:
        """The 1ss turn on the kit's alternating activations (`turns.OneStatTurns`),
        loaded where a turn is played: the board and the odds do not compile it."""
        from companion.systems.one_stat.turns import TURNS

        return TURNS

    @turns.setter
    def turns(self, value: TurnStructure) -> None:
        raise AttributeError("the 1ss turn structure is its turns module's")

    @property
    def round_word(self) -> str:
        # The structure's own word, given here because every board drawn asks for it.
        return "turn"

    def ranks(self) -> Sequence[RankInfo]:
        return [
            RankInfo(r.id, r.label, r.die, r.stat_min, r.stat_max) for r in self.data.ranks.values()
        ]

    def stat_names(self) -> Sequence[str]:
        return ("stat",)

    def check_fighter(self, fighter: RosterFighter, preset: bool = False) -> list[Problem]:
        from companion.systems.one_stat import roster_rules  # roster commands only

        return roster_rules.check_fighter(self.data, fighter, preset)

    def check_roster(self, roster: Roster) -> list[Problem]:
        from companion.systems.one_stat import roster_rules

        return roster_rules.check_roster(self.data, roster)

    def sample_rosters(self) -> Sequence[Roster]:
        return self.data.samples

    def scenarios(self) -> Sequence[Scenario]:
        return list(self.data.scenarios.values())

    def rulings(self) -> Sequence[Ruling]:
        from companion.systems.one_stat.solo.data import (
            load as solo_data,  # the solo rulings R-1SS-S..
        )

        return tuple(self.data.rulings) + solo_data().rulings

    def topics(self) -> Sequence[Topic]:
        d = self.data
        return (
            [
                Topic(
                    "skill", s.id, s.label + (" (active)" if s.active else " (passive)"), s.summary
                )
                for s in d.skills.values()
            ]
            + [Topic("role", r.id, r.label, r.summary) for r in d.roles.values()]
            + [Topic("armory", i.id, i.label, i.summary) for i in d.armory.values()]
            + [Topic("scenario", s.id, s.label, s.summary) for s in d.scenarios.values()]
        )

    def describe_fighter(self, f: FighterState | RosterFighter) -> Mapping[str, str]:
        d = self.data
        rank = d.ranks.get(f.rank)
        gear = []
        for e in f.equipment:
            kind, label = item_of(e)
            item = d.armory.get(kind)
            text = item.short if item else kind
            if item and item.shooter == "medium" and f.rank == "rookie":
                text = "light shooter"  # a rookie's shooter is always light (R-1SS-02)
            elif item and item.shooter == "heavy" and f.rank == "rookie":
                text = "heavy shooter, Fire Team only"  # R-1SS-P12
            gear.append(f"{label} ({text})" if label else text)
        names = [
            d.skills[s].label if s in d.skills else d.roles[s].label if s in d.roles else s
            for s in f.skills
        ]
        # A game fighter rolls its own die: the Bounty boss steps down from D12 (R-1SS-14).
        die = f.die if isinstance(f, FighterState) else rank.die if rank else "?"
        return {
            "rank": f"{rank.label if rank else f.rank} D{die}",
            "stat": str(f.stats.get("stat", "?")),
            "equipment": ", ".join(gear) or "-",
            "skills": ", ".join(names) or "-",
        }

    def statuses(self) -> Sequence[str]:
        # face-down: a Regenerator's second wound until its upkeep roll.
        return ("upright", "wounded", "out", "face-down")

    def implied_skills(self, rank: str) -> tuple[str, ...]:
        # A boss always has Command, besides one other skill (R-1SS-05's warband rules).
        return ("command",) if rank == "boss" else ()

    def hand_set_problem(self, fighter: FighterState, wounds: int, status: str) -> str | None:
        from companion.systems.one_stat.hand_set import problem

        return problem(fighter, wounds, status)

    def new_game(
        self, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
    ) -> GameState:
        from companion.systems.one_stat.setup import new_game

        return new_game(self.data, rosters, scenario, options)

    def upkeep_choices(self, state: GameState) -> Sequence[UpkeepChoice]:
        # The text says a face-down Regenerator's player *may* roll (R-1SS-P28); a solo
        # game asks through its own upkeep (R-1SS-S09).
        if state.turn == 0 or state.phase == "ended" or state.options.get("solo"):
            return ()
        return tuple(
            UpkeepChoice(
                f"Roll for {f.name}'s recovery (Regenerator)? A failure removes it.",
                ActionRequest("regenerate", f.id, None, freeze({"roll": False})),
                bool(f.flags.get(fx.REGEN_SKIP)),
            )
            for f in state.fighters
            if f.status == "face-down" and fx.has(f, "regenerator")
        )

    def next_side(self, state: GameState) -> int | None:
        # The structure's own answer, given here because every board drawn asks for it.
        return order.next_side(state)

    def action_names(self) -> Sequence[str]:
        from companion.systems.one_stat.dispatch import RESOLVERS

        return tuple(RESOLVERS)

    def must_recover(self, f: FighterState) -> bool:
        return f.status == "wounded"  # prone; a face-down fighter takes no action at all

    def active_skills(self, f: FighterState) -> list[str]:
        skills = self.data.skills
        return [s for s in f.skills if s in skills and skills[s].active]

    def actions_for(self, state: GameState, fighter: FighterState) -> Sequence[str]:
        from companion.systems.one_stat.offer import offered

        if state.phase == "ended" or fighter.status == "split":
            return []  # nothing is done once the game is over, or by a split Doppelganger
        names = [a for a in self.action_names() if a not in SOLO_ACTIONS]
        found = offered(self.data, state, fighter, names)
        if fighter.status == "face-down":
            # A fighter laid face down acts no more; a Regenerator's upkeep roll is only
            # taken or passed (R-1SS-P28).
            return [a for a in found if a == "regenerate"]
        if OneStatSolo.of(fighter).cannot_attack:  # the solo Escort
            found = [a for a in found if a != "attack"]
        if OneStatSolo.of(fighter).opfor:
            # The OpFor's procedure decides when and how often it acts (R-1SS-S19): a
            # menu offers only what its activation still allows.
            from companion.systems.one_stat.solo.legal import opfor_may

            kinds = {"move": "move", "attack": "attack", "skill": "skill", "command": "skill"}
            kinds["recover"] = "recover"
            found = [a for a in found if opfor_may(state, fighter, kinds.get(a, "other")) is None]
        if not state.options.get("solo"):
            return found
        from companion.systems.one_stat.solo import actions as solo

        return found + solo.offered(state, fighter)

    def granted(self, state: GameState) -> Sequence[tuple[FighterState, str]]:
        from companion.systems.one_stat.legal import granted

        return granted(state)

    def why_not(self, state: GameState, f: FighterState, action: str) -> str | None:
        from companion.systems.one_stat.offer import SCENARIO_OF_ACT

        if action in SCENARIO_OF_ACT and state.scenario not in SCENARIO_OF_ACT[action]:
            names = [s.label for s in self.scenarios() if s.id in SCENARIO_OF_ACT[action]]
            return f"it belongs to {' and '.join(names)}, and this game plays another scenario"
        if action == "command" and "command" not in f.skills:
            return f"{f.name} does not have Command"
        return None

    def let_go(self, state: GameState, fighter_id: str) -> Outcome:
        from companion.systems.one_stat.legal import let_go

        return let_go(state, fighter_id)

    def target_rule(
        self, state: GameState, actor: FighterState, action: str, fixed: Mapping[str, Any]
    ) -> TargetRule | None:
        from companion.systems.one_stat.legal import target_rule

        spec = self.declared_actions().get(action)
        return target_rule(self.data, spec.target if spec else "none", actor, action, fixed)

    def target_problem(
        self,
        state: GameState,
        actor: FighterState,
        action: str,
        fixed: Mapping[str, Any],
        target: FighterState,
    ) -> str | None:
        from companion.systems.one_stat.legal import target_problem

        return target_problem(self.data, action, fixed, target)

    def skill_label(self, skill: str) -> str:
        found = self.data.skills.get(skill) or self.data.roles.get(skill)
        return found.label if found is not None else super().skill_label(skill)

    def asks(self, q: Question) -> bool:
        if not super().asks(q):
            return False
        from companion.systems.one_stat import sequence as seq

        if q.fact.key in ("minion", "minion_near") and q.target is not None:
            minions = sum(
                1
                for f in q.state.side_fighters(q.target.side)
                if OneStatFighter.of(f).minion and not f.out
            )
            need = 2 if q.fact.key == "minion" else 1  # a choice only among two
            return "minion-master" in q.target.skills and minions >= need
        if q.fact.key == "blast":  # only the Bombing Run's bomb blasts (R-1SS-P23)
            return q.state.scenario == "bombing-run"
        if q.fact.key == "engaged":  # only a first move that moves breaks free (R-1SS-P17)
            moves = seq.breaks_free({"engaged": True, "inches": q.answers.get("inches")})
            first = seq.first_action(q.actor)
            return moves and first and int(q.actor.flags.get("actions", 0) or 0) >= 2
        if q.fact.key == "charge" and q.fact in self.declared_actions()["move"].facts:
            return any(s in q.actor.skills for s in seq.CHARGERS) and seq.moves(q.actor) == 1
        return True

    def fact_choices(
        self, state: GameState, actor: FighterState, fact: Fact
    ) -> list[tuple[str, Any]] | None:
        if fact.key == "skill":
            # Only the skills used as an action; passive ones and roles are always on.
            usable = {
                t.id for t in self.topics() if t.kind == "skill" and "(passive)" not in t.label
            }
            from companion.systems.one_stat.sequence import NO_MOVE

            # Each skill once a turn, and a skill that forbids moving not after a move:
            # what the skill's own resolution refuses is not offered.
            used = set(actor.flags.get("skills_used", ()))
            moved = bool(OneStatTurn.of(actor).moved)
            return [
                (s, s)
                for s in actor.skills
                if s in usable and s not in used and not (moved and s in NO_MOVE)
            ]
        if not state.options.get("solo"):
            return None
        from companion.systems.one_stat.solo.actions import choices

        return choices(state, actor, fact)

    def known(self, q: Question) -> Any:
        # A fighter that cannot shoot (no shooter it may fire alone, or a role that never
        # shoots) attacks in melee, unarmed if need be (R-1SS-09): it is not asked.
        if q.fact.key == "ranged":
            never = any(fx.has(q.actor, r) for r in ("thug", "meat-shield", "berserker"))
            if never or not fx.shooter_classes(self.data, q.actor):
                return False
            # A shooter that may not fight in melee (no melee weapon, R-1SS-P08; a heavy
            # shooter, R-1SS-03) shoots: it is not asked either.
            from companion.systems.one_stat.combat import can_melee

            if can_melee(self.data, q.actor) is not None:
                return True
        return None

    def declared_actions(self) -> Mapping[str, ActionSpec]:
        from companion.systems.kit.facts import declared_in

        # The solo objective actions are declared in the solo data file.
        return {**declared_in(data_mod.FILE)[0], **declared_in(SOLO_FILE)[0]}

    def game_options(self) -> ActionSpec | None:
        from companion.systems.kit.facts import declared_in

        return declared_in(data_mod.FILE)[1]

    def act(self, state: GameState, request: ActionRequest, roller: Roller) -> Outcome:
        """Attack, Recover, falling, a skill, or a scenario action, with its trace."""
        from companion.systems.one_stat.dispatch import resolver

        return resolver(request.action)(self.data, state, request, roller)

    def odds_title(self, state: GameState, req: ActionRequest) -> str:
        if req.action != "attack":
            return super().odds_title(state, req)
        from companion.systems.one_stat import attack

        return attack.odds_title(state, req)

    def status_lines(self, state: GameState) -> list[str]:
        if state.options.get("solo"):
            from companion.systems.one_stat.solo.scenarios import status_lines as solo_lines

            return solo_lines(state)
        from companion.systems.one_stat.scenarios import status_lines

        return status_lines(state)

    def fighter_flags(self, f: FighterState) -> list[str]:
        out = []
        for k, v in f.flags.items():
            if k in ("opfor", "spawn_turn"):
                # Every fighter of a solo game's second side is the OpFor's; when one
                # arrived is on the map ('solo map').
                continue
            if k == "spawnpoint":
                out.append(f"from spawnpoint {v}")
            elif k == "actions":
                out.append(f"{v} action{'s' if v != 1 else ''} left")
            elif v is True:
                out.append(k.replace("_", " "))
            elif isinstance(v, list | tuple):
                out.append(f"{k.replace('_', ' ')}: {', '.join(str(x) for x in v)}")
            elif v not in (None, False):
                out.append(f"{k.replace('_', ' ')}: {v}")
        return out
