"""WarStuff (One Page Rules): units of Quality 1-5 with special rules, costed in points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.roller import Roller
from companion.errors import UsageError
from companion.game.concede import Conceded
from companion.game.state import FighterState, GameState
from companion.names import match, plural
from companion.roster import Roster, RosterFighter
from companion.systems import records
from companion.systems.kit.facts import ActionSpec
from companion.systems.kit.plugin import FromData
from companion.systems.kit.state import Stunned, TurnOrder
from companion.systems.unit_library import UnitLibrary
from companion.systems.warstuff import actions, combat, roster_rules, turns
from companion.systems.warstuff import data as data_mod
from companion.systems.warstuff.data import RANK, Genre, LibraryUnit, WarStuffData
from companion.systems.warstuff.state import FirstDone, Orders, UnitTurn


class WarStuff(FromData, UnitLibrary):
    # The kill roll is a D6 plus the wounds already taken, a kill above the unit's unmodified
    # Quality: a unit carries at most Quality wounds (the next hit then always kills), so its
    # card has a box a point of Quality (five at most, the highest Quality).
    card_boxes = (("Activated", 1), ("Wounds", 5))
    default_scenario = "skirmish"
    turns = turns.ROUNDS
    fighter_state = (Stunned, UnitTurn)
    side_state = (Conceded, Orders)
    game_state = (TurnOrder, FirstDone)
    keeps_vp = False  # the last player with units left wins

    @property
    def data(self) -> WarStuffData:
        return data_mod.load()

    # --- data and rosters -------------------------------------------------------------
    def ranks(self) -> Sequence[records.RankInfo]:
        d = self.data
        return [records.RankInfo(RANK, "Unit", 6, d.quality_min, d.quality_max)]

    def stat_names(self) -> Sequence[str]:
        return ("quality",)

    def check_fighter(self, fighter: RosterFighter, preset: bool = False) -> list[records.Problem]:
        return roster_rules.check_fighter(self.data, fighter, preset)

    def check_roster(self, roster: Roster) -> list[records.Problem]:
        return roster_rules.check_roster(self.data, roster)

    def roster_options(self) -> Mapping[str, tuple[str, ...]]:
        """Options a WarStuff roster may set: the points limit and which cost counts."""
        return roster_rules.OPTION_VALUES

    def scenarios(self) -> Sequence[records.Scenario]:
        return list(self.data.scenarios.values())

    def topics(self) -> Sequence[records.Topic]:
        d = self.data
        return (
            [
                records.Topic("rule", r.id, f"{r.label} ({r.cost:+d} pts)", r.summary)
                for r in d.rules.values()
            ]
            + [
                records.Topic("action", a.id, f"{a.label} ({a.move})", a.summary)
                for a in d.actions.values()
            ]
            + [records.Topic("scenario", s.id, s.label, s.summary) for s in d.scenarios.values()]
        )

    def statuses(self) -> Sequence[str]:
        # Stunned is a flag on an upright unit (`set X --flag stunned=true`), not a state.
        return ("upright", "out")

    def board_columns(self) -> Sequence[tuple[str, str]]:
        return (("rank", "Cost"), ("stat", "Quality"), ("skills", "Special rules"))

    def fighter_card_boxes(self, fighter: RosterFighter) -> tuple[tuple[str, int], ...]:
        quality = fighter.stats.get("quality")
        if not quality:
            return self.card_boxes
        return (("Activated", 1), ("Wounds", quality))

    def describe_fighter(self, f: FighterState | RosterFighter) -> Mapping[str, str]:
        d = self.data
        q = f.stats.get("quality", "?")
        known = all(s in d.rules for s in f.skills) and isinstance(q, int)
        cost = roster_rules.unit_cost(d, f) if known else None
        unit = roster_rules.library_unit(d, f) if known else None
        cost_text = f"{cost} pts" if cost is not None else "? pts"
        if unit is not None and cost is not None and unit.listed != cost:
            cost_text += f" (listed {unit.listed}, {cost - unit.listed:+d})"
        return {
            "rank": cost_text,
            "stat": f"Q{q}",
            "equipment": "-",
            "skills": ", ".join(d.rule_label(s) for s in f.skills) or "-",
        }

    # --- the quickplay library --------------------------------------------------------
    @property
    def unit_library(self) -> UnitLibrary:
        return self

    def rule_label(self, rule: str) -> str:
        return self.data.rule_label(rule)

    def limit_hint(self, roster: str, total: int) -> str:
        return roster_rules.limit_hint(self.data, roster, total)

    def genres(self) -> Sequence[Genre]:
        return list(self.data.genres.values())

    def find_genre(self, name: str) -> Genre:
        d = self.data
        key = data_mod.rule_id(name)
        for g in d.genres.values():
            if key == g.id or key in g.aliases or key == data_mod.rule_id(g.label):
                return g
        return match(name, list(d.genres.values()), lambda g: g.label, "genre")

    def find_unit(self, name: str, genre: str | None = None) -> LibraryUnit:
        """A library unit by name (or unique prefix); a name in two genres needs the genre."""
        d = self.data
        pool = list(self.find_genre(genre).units) if genre else d.library()
        q = name.strip().casefold()
        exact = [u for u in pool if u.name.casefold() == q]
        if len(exact) > 1:
            where = ", ".join(d.genres[u.genre].label for u in exact)
            raise UsageError(f"'{name}' is in more than one genre ({where}); pick one with --genre")
        if exact:
            return exact[0]
        return match(name, pool, lambda u: u.name, "quickplay unit")

    def unit_fighter(
        self, unit: LibraryUnit, taken: list[str], name: str | None = None
    ) -> RosterFighter:
        return data_mod.unit_fighter(self.data.genres, unit, taken, name)

    def unit_cost(self, unit: LibraryUnit) -> int:
        return self.data.cost(unit.quality, unit.rules)

    def fighter_cost(self, f: RosterFighter) -> int | None:
        return roster_rules.unit_cost(self.data, f)

    def roster_total(self, roster: Roster) -> tuple[int, int]:
        return roster_rules.roster_total(self.data, roster)

    # --- games ------------------------------------------------------------------------
    def new_game(
        self, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
    ) -> GameState:
        return turns.new_game(self.data, rosters, scenario, options)

    def action_names(self) -> Sequence[str]:
        return ("attack",) + actions.ACTION_NAMES

    def asks(self, q: records.Question) -> bool:
        # Only a unit with the special rule is asked about it.
        needs = {"entangle": "entangle", "brutal": "brutal"}.get(q.fact.key)
        if needs is not None and needs not in q.actor.skills:
            return False
        if q.fact.key == "deathblow" and not any(
            "death-blow" in f.skills for f in q.state.fighters if not f.out
        ):
            return False
        return super().asks(q)

    def actions_for(self, state: GameState, fighter: FighterState) -> Sequence[str]:
        """One action (Hold, Walk or Run; Recover only, and first, when stunned), then
        at most one attack: a shot after Hold or Walk for a unit that can shoot, melee
        after Run; a Healer's healing in place of the attack; a Leader's orders once.
        Morale and dangerous terrain are tests the table calls for, offered throughout."""
        if fighter.out or state.active != fighter.id:
            return ()
        f = UnitTurn.of(fighter)
        stunned = Stunned.of(fighter).stunned
        taken = f.action
        out: list[str] = []
        if stunned:
            if taken is None:  # stunned after its action (a failed test): nothing left
                out.append("recover")
        elif taken is None:
            out += ["hold", "walk", "run"]
        if taken != "recover" and not stunned and not f.attacked:
            if taken == "run" or (taken in (None, "hold", "walk") and self._can_shoot(fighter)):
                out.insert(0 if taken else len(out), "attack")
            if "healer" in fighter.skills:
                out.append("heal")
        if "leader" in fighter.skills and not f.commanded:
            out.append("command")
        return (*out, "morale", "dangerous")

    def offered_as(self, state: GameState, request: records.ActionRequest) -> str:
        # An attack with no action yet brings its own (R-WS-P10): a shot is a Hold, melee
        # a Run; it is that action the legal actions offer (play asks for it first).
        if request.action != "attack" or request.actor is None:
            return request.action
        f = state.fighter(request.actor)
        if UnitTurn.of(f).action is not None or Stunned.of(f).stunned:
            return "attack"
        return "hold" if request.options.get("ranged") else "run"

    def target_problem(
        self,
        state: GameState,
        actor: FighterState,
        action: str,
        fixed: Mapping[str, Any],
        target: FighterState,
    ) -> str | None:
        # A Run that charged a unit ends in contact with it: its melee strikes that one
        # (R-WS-P10), so play does not ask the target again.
        charged = UnitTurn.of(actor).charged
        if action == "attack" and charged and target.id != charged:
            return f"{actor.name} charged {state.fighter(str(charged)).name}"
        return None

    def must_recover(self, f: FighterState) -> bool:
        return Stunned.of(f).stunned

    def _can_shoot(self, f: FighterState) -> bool:
        return "entangle" in f.skills or any(r.startswith("shooter-") for r in f.skills)

    def known(self, q: records.Question) -> Any:
        # The action taken decides the attack: melee only after Run, a shot otherwise
        # (an attack with no action yet is a Hold and a shot).
        if q.fact.key == "ranged":
            return UnitTurn.of(q.actor).action != "run"
        return None

    def declared_actions(self) -> Mapping[str, ActionSpec]:
        return self.data.facts

    def game_options(self) -> ActionSpec | None:
        return self.data.options

    def act(
        self, state: GameState, request: records.ActionRequest, roller: Roller
    ) -> records.Outcome:
        return actions.act(self.data, state, request, roller)

    def odds_title(self, state: GameState, req: records.ActionRequest) -> str:
        if req.action != "attack":
            return super().odds_title(state, req)
        atk, _ = combat.set_up(self.data, state, req)
        verb = "shoots at" if atk.ranged else "attacks"
        return f"Odds: {atk.attacker.name} {verb} {atk.defender.name}"

    def status_lines(self, state: GameState) -> list[str]:
        # The tracker above says "Round N" (turn_word): no second line for it.
        lines = [f"Points limit {state.options.get('points', self.data.default_points)}"]
        first = FirstDone.of(state).first_done
        if first is not None:
            lines.append(f"{state.sides[int(first)].name} finished activating first this round")
        for s in state.sides:
            if Conceded.of(s).conceded:
                lines.append(f"{s.name} conceded")
            if Orders.of(s).commanded:
                n = Orders.of(s).commanded
                lines.append(f"{s.name}: {plural(n, 'commanded unit')} may act now")
        return lines

    def fighter_flags(self, f: FighterState) -> list[str]:
        out = []
        if Stunned.of(f).stunned:
            out.append("stunned (Quality 0, must Recover)")
        if f.wounds:
            out.append(f"{f.wounds} wound{'s' if f.wounds > 1 else ''}")
        action = UnitTurn.of(f).action
        if action:
            out.append(f"action: {action}")
        if UnitTurn.of(f).attacked:
            out.append("has attacked")
        for k, v in f.flags.items():  # any other flag the table set by hand
            if k in ("stunned", "action", "attacked", "commanded"):
                continue
            out.append(k if v is True else f"{k}={v}")
        return out
