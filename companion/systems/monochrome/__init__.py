"""Monochrome skirmish: fighters of a class with Attack and Defence, whole side turns,
2D6 roll-under attacks with effects, fate, morale and a 3D6 scenario of three objectives."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core.roller import Roller
from companion.dice import DiceSource
from companion.errors import CompanionError, RefusedError
from companion.game.concede import Conceded
from companion.game.state import FighterState, GameState, freeze
from companion.roster import Roster, RosterFighter
from companion.systems import records
from companion.systems.base import flag_words, house_rule_lines
from companion.systems.kit.facts import ActionSpec, Fact
from companion.systems.kit.plugin import FromData
from companion.systems.kit.state import Stunned, TurnOrder
from companion.systems.monochrome import actions, roster_rules, scoring, targets, turns
from companion.systems.monochrome import data as data_mod
from companion.systems.monochrome.data import MonoData
from companion.systems.monochrome.state import (
    Defending,
    MonoAction,
    MonoFighter,
    MonoGame,
    MonoSide,
    Supporting,
)
from companion.systems.table_rolls import TableRolls
from companion.trace import Step

# What the board shows of a fighter's flags, in this order.
FLAG_WORDS = {
    "stunned": "stunned",
    "defend": "defending (+2 DF)",
    "support": "supports {}",
    "action": "action: {}",
    "charge": 'charged up to {}"',
}


class Monochrome(FromData):
    score_kind = "points-killed"  # won on the enemy's points taken out
    card_boxes = (("Activated", 1), ("Stunned", 1), ("Fate", 1))
    fighter_state = (Stunned, MonoAction, Defending, Supporting, MonoFighter)
    side_state = (Conceded, MonoSide)
    game_state = (TurnOrder, MonoGame)

    def __init__(self) -> None:
        super().__init__()
        self.turns = self.structure = turns.MonoTurns(self.data)

    @property
    def data(self) -> MonoData:
        return data_mod.load()

    @property
    def table_rolls(self) -> TableRolls:
        from companion.systems.monochrome.table_rolls import TABLE_ROLLS

        return TABLE_ROLLS

    # --- data and rosters -------------------------------------------------------------
    def ranks(self) -> Sequence[records.RankInfo]:
        d = self.data
        return [
            records.RankInfo(c.id, c.label, 6, d.attack_min, d.attack_max)
            for c in d.classes.values()
        ]

    def stat_names(self) -> Sequence[str]:
        return roster_rules.STATS

    def check_fighter(self, fighter: RosterFighter, preset: bool = False) -> list[records.Problem]:
        return roster_rules.check_fighter(self.data, fighter)

    def check_fighter_in(self, roster: Roster, fighter: RosterFighter) -> list[records.Problem]:
        # A roster may add classes of its own (R-MON-02): its fighters are checked
        # against its class table.
        table = roster_rules.classes(self.data, roster.options)
        return roster_rules.check_fighter(self.data, fighter, table)

    def check_roster(self, roster: Roster) -> list[records.Problem]:
        return roster_rules.check_roster(self.data, roster)

    def roster_options(self) -> Mapping[str, tuple[str, ...]]:
        """The options `roster option` sets: the points limit. A class table of the
        roster's own (class.NAME, actions.NAME) comes in with `roster import`."""
        return {"points": roster_rules.POINTS_CHOICES}

    def fighter_cost(self, f: RosterFighter) -> int | None:
        return roster_rules.fighter_cost(self.data, f)

    def roster_total(self, roster: Roster) -> tuple[int, int]:
        return roster_rules.roster_total(self.data, roster)

    def scenarios(self) -> Sequence[records.Scenario]:
        return [
            records.Scenario(
                turns.ROLLED,
                "Three objectives",
                "3D6 at set-up: one Blood, one Turf and one Infamy objective (or give the "
                "dice as a scenario, e.g. 5-3-6)",
                self.data.rounds,
            ),
            records.Scenario(
                turns.NONE,
                "No scenario",
                "No objectives: the side that killed more points wins (R-MON-P12)",
                self.data.rounds,
            ),
        ]

    def topics(self) -> Sequence[records.Topic]:
        d = self.data
        return (
            [
                records.Topic(
                    "class",
                    c.id,
                    f"{c.label} ({c.kind})",
                    ", ".join(d.actions[a].label for a in c.actions),
                )
                for c in d.classes.values()
            ]
            + [
                records.Topic("action", a.id, a.label, f"{a.summary} {self._takers(a.id)}")
                for a in d.actions.values()
            ]
            + [
                records.Topic(
                    "objective",
                    o.id,
                    f"{o.label} ({o.list} {o.roll})",
                    f"{o.summary} {o.markers}".strip(),
                )
                for o in d.objectives
            ]
        )

    def _takers(self, action: str) -> str:
        """Which classes of the default table take an action (R-MON-02)."""
        who = [c.label for c in self.data.classes.values() if action in c.actions]
        return f"Taken by: {', '.join(who)}." if who else "No default class takes it."

    def statuses(self) -> Sequence[str]:
        # Stunned is a counter on a fighter still in play (`set X --flag stunned=true`).
        return ("upright", "out")

    def board_columns(self) -> Sequence[tuple[str, str]]:
        return (("rank", "Class"), ("stat", "AT/DF"), ("equipment", "Cost"))

    def describe_fighter(self, f: FighterState | RosterFighter) -> Mapping[str, str]:
        d = self.data
        c = d.classes.get(f.rank)
        cost = roster_rules.fighter_cost(d, f)
        # The neutral targets are placed by the scenario, never bought.
        neutral = isinstance(f, FighterState) and targets.is_neutral(f)
        return {
            "rank": c.label if c else f.rank,
            "stat": f"{f.stats.get('attack', '?')}/{f.stats.get('defence', '?')}",
            "equipment": "-" if neutral else f"{cost} pts" if cost is not None else "? pts",
            "skills": "-",
        }

    # --- games ------------------------------------------------------------------------
    @property
    def default_scenario(self) -> str:
        return turns.ROLLED

    def new_game(
        self, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
    ) -> GameState:
        return turns.new_game(self.data, rosters, scenario, dict(options))

    def game_options(self) -> ActionSpec | None:
        return self.data.options

    def setup_roll(self, state: GameState, dice: DiceSource) -> records.Outcome | None:
        return turns.setup_outcome(self.data, state, dice)

    def declared_actions(self) -> Mapping[str, ActionSpec]:
        return self.data.facts

    def action_names(self) -> Sequence[str]:
        return ("attack", *self.data.actions, "damage", "claim", "prowl")

    def actions_for(self, state: GameState, fighter: FighterState) -> Sequence[str]:
        if state.phase == "ended" or state.active != fighter.id or fighter.out:
            return ()
        if targets.is_neutral(fighter):
            return () if targets.has_prowled(state, fighter) else ("prowl",)
        out = self._own_actions(state, fighter)
        # What only the table sees of an objective may be told at any time of an activation.
        claim = self.data.facts["claim"].fact("objective")
        if claim is not None and self.fact_choices(state, fighter, claim):
            out.append("claim")
        return tuple(out)

    def _own_actions(self, state: GameState, fighter: FighterState) -> list[str]:
        """The fighter's one action, then its attack, or damage to a marker instead."""
        if MonoAction.of(fighter).attacked:
            return []
        d = self.data
        taken = d.actions.get(str(MonoAction.of(fighter).action))
        if taken is None:
            out = [a for a in d.actions if a in fighter.skills]
        else:
            out = ["attack"] if taken.attack else []
        # Vandalise and Desecrate: the attacker's fighter may damage instead of attacking.
        markers = [x for x in ("vandalise", "desecrate") if x in MonoGame.of(state).objectives]
        can_attack = taken is None or taken.attack
        # Not once the markers are all destroyed: nothing is left to damage.
        done = int(MonoGame.of(state).progress.get(markers[0]) or 0) if markers else 0
        standing = bool(markers) and done < self.data.objective(markers[0]).need
        if standing and can_attack and fighter.side == scoring.attacker(state):
            out.append("damage")
        return out

    def follow_up(self, state: GameState, fighter: FighterState) -> str | None:
        # An attacking action's move is rolled first; its attack is what it was taken
        # for (R-MON-P21: a Charge that falls short says so at that attack).
        if MonoAction.of(fighter).attacked or state.active != fighter.id:
            return None
        taken = self.data.actions.get(str(MonoAction.of(fighter).action))
        return "attack" if taken is not None and taken.attack else None

    def asks(self, q: records.Question) -> bool:
        # Seize asks its three counts of fighters instead of one count.
        if q.fact.key == "count" and q.answers.get("objective") == "seize":
            return False
        if q.fact.key == "reached":
            # Asked once the charge's move is rolled and its target named: before, no
            # one at the table can tell (R-MON-P21).
            taken = self.data.actions.get(str(MonoAction.of(q.actor).action))
            moved = MonoAction.of(q.actor).moved
            return q.target is not None and moved and taken is not None and taken.charges
        return super().asks(q)

    def offered_as(self, state: GameState, request: records.ActionRequest) -> str:
        # `attack` before any action takes the class's attacking action and attacks with
        # it (R-MON-02): it is that action the legal actions offer.
        if request.action != "attack" or request.actor is None:
            return request.action
        f = state.fighter(request.actor)
        if MonoAction.of(f).action:
            return "attack"
        named = request.options.get("action")
        try:
            return actions.attack_action(self.data, f, request.options, named and str(named)).id
        except CompanionError:
            return "attack"  # the rules' own refusal says why

    def fact_choices(
        self, state: GameState, actor: FighterState, fact: Fact
    ) -> list[tuple[str, Any]] | None:
        if fact.key != "objective":
            return None
        # Only the objectives of this game's scenario can be claimed, and one scored by
        # whoever gets it first no more once a side has it.
        firsts = MonoGame.of(state).firsts
        objs = {
            o.id: o.label
            for o in scoring.objectives(self.data, state)
            if not (o.score == "first" and o.count in firsts)
        }
        return [(objs[c], c) for c in fact.choices if c in objs]

    def accept(self, state: GameState, request: records.ActionRequest) -> records.ActionRequest:
        if request.action == "attack" and "range" in request.options:
            # A shot reaches any enemy in sight here: the shared --range only says the
            # attack is a shot (and is refused with melee by the declared facts).
            opts = dict(request.options)
            opts.pop("range")
            opts.setdefault("ranged", True)
            request = records.ActionRequest(
                request.action, request.actor, request.target, freeze(opts)
            )
        return super().accept(state, request)

    def act(
        self, state: GameState, request: records.ActionRequest, roller: Roller
    ) -> records.Outcome:
        req = self.accept(state, request)
        if req.action == "prowl" and req.actor is not None:
            passing = self._turn_is_done(
                state, state.fighter(req.actor), bool(req.options.get("others_pass"))
            )
            if passing:
                return targets.after_passing(
                    state, passing, lambda s: actions.act(self.data, s, req, roller)
                )
        return actions.act(self.data, state, req, roller)

    def _counts_first_roll(self, req: records.ActionRequest) -> bool:
        """Whether the odds of `req` are those of an attack roll (an attack on a target)."""
        taken = self.data.actions.get(req.action)
        return req.target is not None and (taken is None or bool(taken.attack))

    def odds_act(
        self,
        state: GameState,
        request: records.ActionRequest,
        rolled: records.Outcome | None = None,
    ) -> Callable[[Roller], records.Outcome]:
        req = self.accept(state, request)
        if rolled is not None and "prey" in rolled.data and req.actor is not None:
            # A neutral target's rolled attack shows the odds of its attack on its prey.
            f, prey = state.fighter(req.actor), state.fighter(str(rolled.data["prey"]))
            return lambda roller: targets.pounce(self.data, f, prey, req.options, roller)
        if self._counts_first_roll(req):
            return actions.first_roll(self.data, state, req)
        return super().odds_act(state, req, rolled)

    def odds_title(self, state: GameState, req: records.ActionRequest) -> str:
        if self._counts_first_roll(req):
            return actions.odds_title(self.data, state, req)
        return super().odds_title(state, req)

    def odds_notes(self, state: GameState, req: records.ActionRequest) -> tuple[Step, ...]:
        if self._counts_first_roll(req):
            return actions.fate_choices(self.data, state, req)
        return ()

    def _turn_is_done(
        self, state: GameState, target: FighterState, others_pass: bool = False
    ) -> list[FighterState]:
        """A neutral target moves at the end of a turn (R-MON-P09): not while a fighter is
        activating, nor while the side whose turn it is has fighters still to activate,
        unless they pass (R-MON-P19): those are returned, to lose this turn's activation."""
        if not targets.is_neutral(target) or state.active == target.id or state.turn == 0:
            return []
        busy = state.fighter(state.active) if state.active is not None else None
        if busy is not None and not self._finished(busy):
            raise RefusedError(
                f"{busy.name} is still activating; {target.name} moves at the end of the turn"
            )
        side = self.structure.acting_side(state)
        if side is None:
            return []
        left = list(self.structure.ready(state, side))
        if left and not others_pass:
            raise RefusedError(
                f"{target.name} moves at the end of the turn; {state.sides[side].name} have "
                f"fighters still to activate: {', '.join(f.name for f in left)} (if they "
                "will not, add --opt others_pass=yes and the targets walk now)"
            )
        return left

    def _finished(self, f: FighterState) -> bool:
        """Whether an activating fighter has nothing left to do: it attacked (or damaged a
        marker instead), or took an action that makes no attack."""
        taken = self.data.actions.get(str(MonoAction.of(f).action))
        return MonoAction.of(f).attacked or (taken is not None and not taken.attack)

    def status_lines(self, state: GameState) -> list[str]:
        d = self.data
        lines = []
        if state.turn:
            side = self.structure.acting_side(state)
            who = f": turn of {state.sides[side].name}" if side is not None else ""
            lines.append(f"Round {state.turn} of {d.rounds}{who}")
        else:
            lines.append("Not started: 'companion turn'")
        lines += house_rule_lines(state)
        deploy = MonoGame.of(state).deploy
        if deploy:
            lines.append(f"Deployment: {deploy}")
        sides = [(s.name, MonoSide.of(s)) for s in (state.sides[i] for i in targets.players(state))]
        lines.append("Fate: " + ", ".join(f"{name} {s.fate or 0}" for name, s in sides))
        lines.append(
            "Killed: " + ", ".join(f"{name} {s.kills} ({s.points_killed} pts)" for name, s in sides)
        )
        left = targets.waiting(state) if state.turn and state.phase != "ended" else []
        if left:
            lines.append(
                f"Targets to move before 'companion turn' ends this turn: {', '.join(left)} "
                "('companion act TARGET prowl')"
            )
        lines += scoring.lines(d, state)
        return lines

    def fighter_flags(self, f: FighterState) -> list[str]:
        return flag_words(f, FLAG_WORDS)
