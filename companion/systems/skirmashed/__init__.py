"""SKIRMASHED: six stats, D10 hit and block dice, damage against Stamina, and a round in
which figures activate until a stamina check exhausts them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.roller import Roller
from companion.dice import DiceSource
from companion.errors import UsageError
from companion.game.state import FighterState, GameState, freeze
from companion.roster import Roster, RosterFighter
from companion.systems import records
from companion.systems.base import house_rule_lines
from companion.systems.kit.facts import ActionSpec
from companion.systems.kit.plugin import FromData
from companion.systems.kit.state import LastChance, TurnOrder
from companion.systems.skirmashed import actions, roster_rules, turns
from companion.systems.skirmashed.attack import Figure, build
from companion.systems.skirmashed.data import FIGHTER, RANGED_STATS, SkmData, load
from companion.systems.skirmashed.state import Activation, SetUpRoll

# Keys other systems' callers may send empty (e.g. ganging=0); SKIRMASHED has no such rule,
# so an empty one is dropped and a real one refused by the declared facts.
SHARED_ATTACK_KEYS = ("ganging",)


def attack_facts(opts: dict[str, Any]) -> dict[str, Any]:
    """The shared attack flags read for this system: a range band or a distance means a
    shot, and cover is soft or hard here, so the bare yes/no flag cannot say which
    and cover never counts in melee."""
    cover = opts.get("cover")
    if cover is True:
        raise UsageError("say which cover: --opt cover=soft or --opt cover=hard")
    if cover is False:
        opts["cover"] = "none"
    if opts.get("band") or opts.get("range") is not None:
        # --range sets the shot itself; --opt range=N must mean the same, not a melee
        # attack that drops the distance without a word (a melee attack said with it is
        # refused naming both by the declared facts).
        opts.setdefault("ranged", True)
    if opts.get("cover") not in (None, "none") and not opts.get("ranged"):
        raise UsageError("cover counts only against a shot: add --ranged, or leave cover out")
    return opts


class Skirmashed(FromData):
    #: the text plays rounds: the board's tracker and the game list say so
    keeps_vp = False  # decided by the figures left after round 4
    card_boxes = (("Activated", 1),)  # and damage up to Stamina: `fighter_card_boxes`
    fighter_state = (LastChance, Activation)
    game_state = (TurnOrder, SetUpRoll)

    def __init__(self) -> None:
        self.info = self.data.info
        self.turns: turns.StaminaRound = turns.StaminaRound()

    @property
    def data(self) -> SkmData:
        return load()

    # --- data and rosters -------------------------------------------------------------
    def ranks(self) -> Sequence[records.RankInfo]:
        d = self.data
        # A rank has no single stat here: its range is the widest of the six.
        lo, hi = min(s.low for s in d.stats), max(s.high for s in d.stats)
        return [records.RankInfo(k, label, d.die, lo, hi) for k, label in d.ranks.items()]

    def stat_names(self) -> Sequence[str]:
        return tuple(s.id for s in self.data.stats)

    def check_fighter(self, fighter: RosterFighter, preset: bool = False) -> list[records.Problem]:
        return roster_rules.check_fighter(self.data, fighter, preset)

    def check_roster(self, roster: Roster) -> list[records.Problem]:
        return roster_rules.check_roster(self.data, roster)

    def scenarios(self) -> Sequence[records.Scenario]:
        return list(self.data.scenarios.values())

    def topics(self) -> Sequence[records.Topic]:
        # The rules themselves are the look-up topics file's; the system adds its scenario.
        return [records.Topic("scenario", s.id, s.label, s.summary) for s in self.scenarios()]

    def statuses(self) -> Sequence[str]:
        return ("upright", "out")

    def described_stats(
        self, rank: str, given: Mapping[str, int]
    ) -> tuple[dict[str, int], tuple[str, ...]]:
        # A quick look-up names the stats its question needs ("figure manoeuvre=5"): the
        # others are taken at their highest, and the note says so, so no answer rests on
        # a value nobody gave without a word.
        unused = RANGED_STATS if rank == FIGHTER else ()
        missing = [s for s in self.data.stats if s.id not in given and s.id not in unused]
        if not missing:
            return dict(given), ()
        filled = {**given, **{s.id: s.high for s in missing}}
        taken = ", ".join(f"{s.label} {s.high}" for s in missing)
        return filled, (f"not given, taken at their highest: {taken}",)

    def board_columns(self) -> Sequence[tuple[str, str]]:
        return (("rank", "Type"), ("stat", "Stats"), ("damage", "Damage"), ("state", "This round"))

    def fighter_card_boxes(self, fighter: RosterFighter) -> tuple[tuple[str, int], ...]:
        """Damage is counted against Stamina (killed when it reaches it): a box a point."""
        stamina = fighter.stats.get("stamina")
        if not stamina:
            return self.card_boxes
        return (("Activated", 1), ("Damage", stamina))

    fighter_state = (LastChance, Activation)
    game_state = (TurnOrder, SetUpRoll)

    def describe_fighter(self, f: FighterState | RosterFighter) -> Mapping[str, str]:
        d = self.data
        fighter = f.rank == FIGHTER
        stats = " ".join(
            f"{s.short} {f.stats.get(s.id, '-')}"
            for s in d.stats
            if not (fighter and s.id in RANGED_STATS)
        )
        out = {"rank": d.ranks.get(f.rank, f.rank), "stat": stats, "skills": "-"}
        if isinstance(f, FighterState):
            out["damage"] = f"{f.wounds}/{f.stats.get('stamina', '?')}"
            out["state"] = (
                "dead"
                if f.out
                else "exhausted"
                if f.token
                else "fresh, done for the round"
                if LastChance.of(f).last_done
                else "fresh, may act"
            )
        return out

    def fighter_flags(self, f: FighterState) -> list[str]:
        out = []
        did = actions.done_so_far(f)
        if did:
            out.append("did: " + " then ".join(did))
        if LastChance.of(f).last_done:
            out.append("final activation taken")
        return out

    def status_lines(self, state: GameState) -> list[str]:
        # The tracker above says "Round N" and how to begin (turn_word): no line for it here.
        lines = [
            "Casualties: "
            + ", ".join(f"{s.name} {turns.casualties(state, i)}" for i, s in enumerate(state.sides))
        ]
        lines += house_rule_lines(state)
        last = self.turns.last_chance_side(state)
        if state.turn and last is not None and state.phase != "ended":
            lines.append(
                f"{state.sides[1 - last].name} are all exhausted: {state.sides[last].name} "
                "activate each fresh figure once more (or pass), then the round ends"
            )
        must = TurnOrder.of(state).must_activate
        if must is not None:
            name = state.fighter(str(must)).name
            # The extra activation is a choice (R-SKM-P12): say how to let it go.
            lines.append(
                f"{name} rolled a 20: it may activate again now, or let it go "
                f"('companion act {name} pass')"
            )
        return lines

    # --- games ------------------------------------------------------------------------
    def new_game(
        self, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
    ) -> GameState:
        return turns.new_game(self.data, rosters, scenario, options)

    def setup_roll(self, state: GameState, dice: DiceSource) -> records.Outcome | None:
        return turns.setup_roll(self.data, state, dice)

    def declared_actions(self) -> Mapping[str, ActionSpec]:
        return self.data.actions

    def asks(self, q: records.Question) -> bool:
        ran = "run" in actions.done_so_far(q.actor)
        if q.target is not None and q.fact.key in ("block", "shoot_first"):
            t = Figure.of(q.target)
            # An exhausted figure can neither block actively nor shoot a charger, and a
            # fighter has no shot at all: asking would only lead to a refusal.
            if t.exhausted or (q.fact.key == "shoot_first" and t.fighter):
                return False
        if q.fact.key == "ranged" and (q.actor.rank == FIGHTER or ran):
            return False  # a fighter never shoots; after a run only melee follows
        if q.fact.key == "charging" and ran:
            return False  # a run always ends in a charge (R-SKM-P10)
        if q.fact.key == "charging" and "move" not in actions.done_so_far(q.actor):
            return False  # no move yet, no charge: it began in contact (R-SKM-P13)
        if q.fact.key == "shoot_first" and ran:
            return not q.answers.get("ranged")
        return super().asks(q)

    def known(self, q: records.Question) -> Any:
        # A melee attack after this activation's move is a charge (R-SKM-P13): the game
        # knows it, so play does not ask (the command takes --opt charging=no).
        if q.fact.key == "charging" and "move" in actions.done_so_far(q.actor):
            return True if not q.answers.get("ranged") else None
        return None

    def game_options(self) -> ActionSpec | None:
        return self.data.options

    def follow_up(self, state: GameState, fighter: FighterState) -> str | None:
        # A run is run-and-melee (R-SKM-P05): its attack is what it was for.
        done = actions.done_so_far(fighter)
        return "attack" if state.active == fighter.id and done == ("run",) else None

    def actions_for(self, state: GameState, fighter: FighterState) -> Sequence[str]:
        if state.active == fighter.id and not fighter.out:
            return actions.legal_next(fighter)
        if TurnOrder.of(state).must_activate == fighter.id:
            return ("pass",)
        last = self.turns.last_chance_side(state)
        if last == fighter.side and self.turns.can_activate(state, fighter):
            return ("pass",)
        return ()

    def accept(self, state: GameState, request: records.ActionRequest) -> records.ActionRequest:
        opts = {k: v for k, v in request.options.items() if not (k in SHARED_ATTACK_KEYS and not v)}
        if request.action == "attack":
            opts = attack_facts(opts)
        return super().accept(
            state,
            records.ActionRequest(request.action, request.actor, request.target, freeze(opts)),
        )

    def act(
        self, state: GameState, request: records.ActionRequest, roller: Roller
    ) -> records.Outcome:
        request = self.accept(state, request)
        if request.actor is None:
            raise self.refuse("name the figure that acts")
        f = state.fighter(request.actor)
        d = self.data
        if request.action in ("move", "run"):
            return actions.move(d, state, f, request.action, roller)
        if request.action == "focus":
            return actions.focus(state, f)
        if request.action == "attack":
            return actions.attack(d, state, f, request.target, request.options, roller)
        if request.action == "pass":
            return self.turns.pass_fighter(state, f.id)
        return super().act(state, request, roller)

    def odds_title(self, state: GameState, req: records.ActionRequest) -> str:
        if req.action != "attack" or req.actor is None:
            return super().odds_title(state, req)
        # An attack's odds are titled by what it is: a shot, a charge or a plain attack.
        plan = build(self.data, state, req.actor, req.target, req.options)
        return f"Odds: {actions.describe(plan)}"
