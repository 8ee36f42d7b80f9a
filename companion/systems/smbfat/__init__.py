"""Simple Miniatures Battles For All Time: points-bought figures with traits, best-of-N
attacks, rerolls from a force's pool, and objectives scored after three rounds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.roller import Roller
from companion.dice import DiceSource
from companion.errors import UsageError
from companion.game.concede import Conceded
from companion.game.state import FighterState, GameState, freeze
from companion.roster import Roster, RosterFighter
from companion.systems import records
from companion.systems.kit.facts import ActionSpec, Fact
from companion.systems.kit.plugin import FromData
from companion.systems.kit.state import TurnOrder
from companion.systems.smbfat import actions, attack, board, roster_rules, turns
from companion.systems.smbfat import data as data_mod
from companion.systems.smbfat.data import SmbData
from companion.systems.smbfat.state import FigureTurn, SmbGame, SmbSide, Turned
from companion.trace import Step, Trace


class Smbfat(FromData):
    # A hit defeats a figure of any type, Armor or not (Armor only makes the hit harder):
    # there is no damage to mark, only the turn taken.
    card_boxes = (("Activated", 1),)
    turns = turns.SmbTurns()
    fighter_state = (FigureTurn, Turned)
    side_state = (Conceded, SmbSide)
    game_state = (TurnOrder, SmbGame)

    @property
    def data(self) -> SmbData:
        return data_mod.load()

    # --- data and rosters -------------------------------------------------------------
    def ranks(self) -> Sequence[records.RankInfo]:
        return [records.RankInfo(t.id, t.label, 6, 0, 6) for t in self.data.types.values()]

    def stat_names(self) -> Sequence[str]:
        return ("melee", "ranged")

    def fixed_stats(self, rank: str) -> Mapping[str, int]:
        # The figure type's table fixes its melee and ranged dice.
        t = self.data.types.get(rank)
        return {} if t is None else {"melee": t.melee, "ranged": t.ranged}

    def needs_actor(self, action: str) -> bool:
        # The objectives are counted for the whole game: no figure scores them.
        return action != "objectives"

    def check_fighter(self, fighter: RosterFighter, preset: bool = False) -> list[records.Problem]:
        return roster_rules.check_fighter(self.data, fighter)

    def check_roster(self, roster: Roster) -> list[records.Problem]:
        return roster_rules.check_roster(self.data, roster)

    def roster_options(self) -> Mapping[str, tuple[str, ...]]:
        """The rerolls a force buys."""
        return roster_rules.roster_options(self.data)

    def roster_summary(self, roster: Roster) -> str | None:
        d = self.data
        n = roster_rules.rerolls(roster.options)
        return (
            f"Total {roster_rules.force_cost(d, roster)} points ({n} reroll{'s' if n != 1 else ''}"
            f" at {d.reroll_cost} each); a force costs {d.points_min} to {d.points_max}"
        )

    def fighter_cost(self, f: RosterFighter) -> int | None:
        return roster_rules.figure_cost(self.data, f)

    def roster_total(self, roster: Roster) -> tuple[int, int]:
        return roster_rules.force_cost(self.data, roster), self.data.points_max

    def scenarios(self) -> Sequence[records.Scenario]:
        return list(self.data.scenarios.values())

    def topics(self) -> Sequence[records.Topic]:
        # The rule sections are in the topic file (rules_data/smbfat_topics.toml); the
        # system lists only its scenarios besides.
        return [
            records.Topic("scenario", s.id, s.label, s.summary)
            for s in self.data.scenarios.values()
        ]

    def statuses(self) -> Sequence[str]:
        return ("upright", "out")

    def fighter_words(self) -> Sequence[tuple[str, str, str]]:
        # A figure carries no equipment: its type and traits are all it has.
        return [("skill", t.id, t.label) for t in self.data.traits.values()]

    def described_stats(
        self, rank: str, given: Mapping[str, int]
    ) -> tuple[dict[str, int], tuple[str, ...]]:
        # A figure type sets both dice, so a described figure needs none given.
        t = self.data.types.get(rank)
        fixed = {"melee": t.melee, "ranged": t.ranged} if t else {}
        return {**fixed, **given}, ()

    def hand_set_problem(self, fighter: FighterState, wounds: int, status: str) -> str | None:
        if wounds:
            return (
                "figures here take no wounds: an attack misses or defeats "
                "(set --state out for a defeated figure)"
            )
        return None

    def board_columns(self) -> Sequence[tuple[str, str]]:
        return (
            ("rank", "Type"),
            ("cost", "Cost"),
            ("stat", "Melee / ranged"),
            ("skills", "Traits"),
        )

    def describe_fighter(self, f: FighterState | RosterFighter) -> Mapping[str, str]:
        return board.describe(self.data, f)

    # --- games ------------------------------------------------------------------------
    def new_game(
        self, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
    ) -> GameState:
        return turns.new_game(rosters, scenario, options)

    def game_options(self) -> ActionSpec | None:
        return self.data.options

    def setup_roll(self, state: GameState, dice: DiceSource) -> records.Outcome | None:
        """Nothing is rolled at set-up; the event says how to lay out the battlefield."""
        steps = tuple(Step(title, text) for title, text in board.battlefield(self.data, state))
        trace = Trace("Set-up", steps, "set up the battlefield, then 'companion turn'")
        return records.Outcome("setup", "The battlefield is set up.", (), trace)

    # --- actions ----------------------------------------------------------------------
    def declared_actions(self) -> Mapping[str, ActionSpec]:
        return self.data.actions

    def action_names(self) -> Sequence[str]:
        return tuple(self.data.actions)

    def actions_for(self, state: GameState, fighter: FighterState) -> Sequence[str]:
        return actions.allowed(self.data, state, fighter)

    def fact_choices(
        self, state: GameState, actor: FighterState, fact: Fact
    ) -> list[tuple[str, Any]] | None:
        if fact.key != "roll":
            return None
        from companion.systems.smbfat.board import roll_label

        # Which of the force's latest rolls a reroll takes, as the board lists them.
        return [(roll_label(state, n, r), n) for n, r in actions.rerollable(state, actor.side)]

    def asks(self, q: records.Question) -> bool:
        # Only a figure with a Spread weapon is asked whether it uses it, and only one
        # that can attack at range whether its q.target is adjacent (R-SMB-P03).
        if q.fact.key in ("spread", "near") and "spread" not in q.actor.skills:
            return False
        t = self.data.types.get(q.actor.rank)
        ranged = (t is not None and t.ranged > 0) or {"heavy", "spread"} & set(q.actor.skills)
        if q.fact.key == "ranged" and not ranged:
            return False
        return super().asks(q)

    def accept(self, state: GameState, request: records.ActionRequest) -> records.ActionRequest:
        # A fact this system does not declare, left at an empty value (another system's
        # flag such as ganging=0 from a shared caller), says nothing: it is dropped, while
        # any real value of it is refused by `accept` with the known facts.
        spec = self.data.actions.get(request.action)
        known = {f.key for f in spec.facts} if spec else set()
        opts = {
            k: v for k, v in request.options.items() if k in known or v not in (0, False, None, "")
        }
        if request.action not in self.data.actions:
            raise UsageError(
                f"'{request.action}' is not an action here; use one of "
                f"{', '.join(self.data.actions)}"
            )
        if spec is not None and spec.target == "none" and request.target is not None:
            # Dropped unsaid, a target would let the table think the roll was about it.
            raise UsageError(
                f"'{request.action}' takes no target; only an attack is aimed at a figure"
            )
        req = records.ActionRequest(request.action, request.actor, request.target, freeze(opts))
        return super().accept(state, req)

    def act(
        self, state: GameState, request: records.ActionRequest, roller: Roller
    ) -> records.Outcome:
        req = self.accept(state, request)
        d = self.data
        if req.action == "attack":
            return actions.attack(d, state, req, roller)
        if req.action == "objectives":
            return actions.objectives(d, state, req.options)
        if req.actor is None:
            raise UsageError(f"'{req.action}' needs a figure")
        f = state.fighter(req.actor)
        o = req.options
        if req.action in ("move", "secondary"):
            return actions.move(d, state, f, req.action, o)
        if req.action == "skill":
            return actions.skill(d, state, f, o, roller)
        if req.action == "nothing":
            return actions.nothing(d, state, f)
        if req.action == "reroll":
            return actions.reroll(d, state, f, o, roller)
        raise UsageError(f"'{req.action}' is not an action here")

    def odds_title(self, state: GameState, req: records.ActionRequest) -> str:
        if req.action == "attack":
            return attack.odds_title(attack.build_attack(self.data, state, req))
        if req.action == "skill" and req.actor is not None:
            return f"Odds: {state.fighter(req.actor).name}'s skill roll"
        return super().odds_title(state, req)

    def odds_notes(self, state: GameState, req: records.ActionRequest) -> tuple[Step, ...]:
        # What one reroll from the force's pool would change (R-SMB-02).
        if req.action == "attack":
            a = attack.build_attack(self.data, state, req)
            pool = SmbSide.of(state.sides[a.attacker.side]).pool
            return attack.reroll_steps(a, pool)
        if req.action == "skill" and req.actor is not None and req.options.get("roll") is not False:
            return actions.skill_reroll_steps(self.data, state, state.fighter(req.actor))
        return ()

    # --- the board --------------------------------------------------------------------
    def status_lines(self, state: GameState) -> list[str]:
        return board.status_lines(self.data, state)

    def fighter_flags(self, f: FighterState) -> list[str]:
        return board.fighter_flags(self.data, f)
