"""The one interface every rule system implements.

The CLI and the tracker only talk to systems through this class, so a new system is a
new package plus one line in the registry, never a special case in the core.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence

from companion.dice import DiceSource
from companion.errors import RefusedError, UsageError
from companion.game.concede import Conceded
from companion.game.state import FighterState, GameState, freeze
from companion.game.typed_state import FighterFlags, GameFlags, SideFlags, declared
from companion.roster import Roster, RosterFighter
from companion.systems.records import (
    ActionRequest,
    Outcome,
    Problem,
    Question,
    RankInfo,
    Ruling,
    Scenario,
    SystemInfo,
    TargetRule,
    Topic,
    UpkeepChoice,
    default_rule,
)
from companion.trace import OddsRow, Step, Trace

__all__ = [
    "ActionRequest",
    "Outcome",
    "Problem",
    "Question",
    "RankInfo",
    "RuleSystem",
    "Ruling",
    "Scenario",
    "SystemInfo",
    "Topic",
    "UpkeepChoice",
]

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from companion.core.roller import Roller
    from companion.systems.kit.facts import ActionSpec, Fact
    from companion.systems.kit.turns import TurnStructure
    from companion.systems.solo_play import SoloPlay
    from companion.systems.table_rolls import TableRolls
    from companion.systems.unit_library import UnitLibrary


# The table last worked out for a rolled action, by system: rolling the same action on
# the same state again (a replay, a check over every dice sequence) does not walk it again.
_LAST_TABLE: dict[type, tuple[GameState, ActionRequest, tuple[OddsRow, ...]]] = {}


class RuleSystem(ABC):
    """A rule system plug-in. Methods take state and choices, and return values.

    A system declares its actions and their facts as data (`declared_actions`), and picks
    a turn structure from `companion.systems.kit.turns` (`turns`): the game-flow methods
    below (`next_turn`, `activate`, `next_side`, `end_activation`) then need no code of
    its own, only the structure's hooks it overrides.
    """

    info: SystemInfo
    #: the shared turn structure this system plays with
    turns: TurnStructure
    #: the typed facts this system keeps on a fighter, a side and the game (value classes
    #: of `companion.game.typed_state`; their fields are the flags' names)
    fighter_state: tuple[type[FighterFlags], ...] = ()
    side_state: tuple[type[SideFlags], ...] = (Conceded,)
    game_state: tuple[type[GameFlags], ...] = ()

    def declared_flags(self, holder: str) -> frozenset[str]:
        """The flag names this system declares for a "fighter", a "side" or the "game"."""
        kinds = {"fighter": self.fighter_state, "side": self.side_state, "game": self.game_state}
        return declared(kinds[holder])

    # --- data and rosters -------------------------------------------------------
    @abstractmethod
    def ranks(self) -> Sequence[RankInfo]: ...

    @abstractmethod
    def stat_names(self) -> Sequence[str]:
        """The stats a fighter of this system has, e.g. ("stat",) or ("quality",)."""

    @abstractmethod
    def check_fighter(self, fighter: RosterFighter, preset: bool = False) -> list[Problem]:
        """Problems with one fighter on its own (used when adding or editing)."""

    def check_fighter_in(self, roster: Roster, fighter: RosterFighter) -> list[Problem]:
        """Problems with one fighter as a member of `roster` (adding, editing, importing):
        `check_fighter`, unless the roster's own options change what a fighter may be
        (a Monochrome roster that adds a class)."""
        return self.check_fighter(fighter, roster.preset)

    @abstractmethod
    def check_roster(self, roster: Roster) -> list[Problem]:
        """Every problem of the roster against the warband rules, all at once."""

    def roster_summary(self, roster: Roster) -> str | None:
        """One line under a roster's table (`roster show`): e.g. its total cost; None
        when the system has nothing to add."""
        return None

    @abstractmethod
    def sample_rosters(self) -> Sequence[Roster]: ...

    def roster_options(self) -> Mapping[str, tuple[str, ...]]:
        """The options a roster of this system may set (`roster option KEY=VALUE`), with
        the values each takes; none unless the system has some (a points limit)."""
        return {}

    def roster_total(self, roster: Roster) -> tuple[int, int] | None:
        """(points spent, the roster's limit) in a points system, else None."""
        return None

    @abstractmethod
    def scenarios(self) -> Sequence[Scenario]: ...

    @property
    def default_scenario(self) -> str:
        """The scenario a new game plays when none is named (the first one listed)."""
        return self.scenarios()[0].id

    @abstractmethod
    def rulings(self) -> Sequence[Ruling]: ...

    @abstractmethod
    def topics(self) -> Sequence[Topic]: ...

    def statuses(self) -> Sequence[str]:
        """The states a fighter can be set to by hand (`companion set --state`)."""
        return ("upright", "wounded", "out")

    def implied_skills(self, rank: str) -> tuple[str, ...]:
        """Skills every fighter of `rank` has (a 1ss boss's Command): `roster add` gives
        them when they are left out."""
        return ()

    def fixed_stats(self, rank: str) -> Mapping[str, int]:
        """The stats `rank` always has (a figure type whose dice are fixed): `roster add` fills
        them in, so they need not be given."""
        return {}

    def fighter_words(self) -> Sequence[tuple[str, str, str]]:
        """What a fighter may carry or know besides its rank and stats, as `roster add`
        takes it: (kind, id, label) with kind "equipment" or "skill", for completion and
        for fighters described on the spot (`odds --system`)."""
        kinds = {"armory": "equipment", "skill": "skill", "role": "skill", "rule": "skill"}
        kinds["trait"] = "skill"
        return [(kinds[t.kind], t.id, t.label) for t in self.topics() if t.kind in kinds]

    def described_stats(
        self, rank: str, given: Mapping[str, int]
    ) -> tuple[dict[str, int], tuple[str, ...]]:
        """The stats of a fighter described on the spot from those given, with a note
        for each the system filled in itself; by default only those given (the fighter
        check then names any missing)."""
        return dict(given), ()

    def hand_set_problem(self, fighter: FighterState, wounds: int, status: str) -> str | None:
        """Why a fighter set by hand to these wounds and state is one the rules cannot
        have, saying what they allow (`companion set`), or None when it can be."""
        return None

    def board_columns(self) -> Sequence[tuple[str, str]]:
        """The `describe_fighter` keys the board shows, with their column headings."""
        return (
            ("rank", "Rank"),
            ("stat", "Stat"),
            ("equipment", "Equipment"),
            ("skills", "Skill / role"),
        )

    def describe_fighter(self, f: FighterState | RosterFighter) -> Mapping[str, str]:
        """Columns for boards and roster tables."""
        return {"stats": " ".join(f"{k} {v}" for k, v in f.stats.items())}

    def fighter_cost(self, f: RosterFighter) -> int | None:
        """A fighter's points, in a system that builds warbands by points (else None)."""
        return None

    # --- games ---------------------------------------------------------------------
    @abstractmethod
    def new_game(
        self, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
    ) -> GameState: ...

    def game_options(self) -> ActionSpec | None:
        """The options a game of this system can be started with (`game new --opt`),
        declared in its rules data as `[options]` with `[[options.ask]]` facts."""
        return None

    def accept_game_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """`game new --opt` pairs checked against `game_options` (typed as given when the
        system declares none)."""
        spec = self.game_options()
        if spec is None:
            if given:
                raise UsageError(f"{self.info.name} games take no --opt options")
            return {}
        from companion.systems.kit.facts import accept

        return accept(spec, given, None, self.info.name)

    def setup_roll(self, state: GameState, dice: DiceSource) -> Outcome | None:
        """What a new game rolls before its first turn (deployment, a scenario), recorded
        as its first event; None when the system rolls nothing at creation."""
        return None

    #: whether the system scores victory points (WarStuff and SKIRMASHED do not: a game is
    #: won by being the last one standing, or on what is left after the last round)
    keeps_vp = True
    #: a side's score where it is not victory points: "" (none), or "points-killed" (the
    #: enemy's points taken out, Monochrome's), for the live board's score strip
    score_kind = ""
    #: the boxes a printed card gives a fighter to tick at the table: (label, how many);
    #: where the count follows the fighter's stats, `fighter_card_boxes` says it
    card_boxes: tuple[tuple[str, int], ...] = (("Activated", 1), ("Wounds", 1))

    #: whether an activation holds several actions, counted down (1ss's two), so a move
    #: may leave more to do: play then offers "Move, then end the activation" as one entry
    counts_actions = False

    def follow_up(self, state: GameState, fighter: FighterState) -> str | None:
        """The action that must come next for a fighter whose last action left it
        pending (a Monochrome Charge's attack, once its move is rolled): play goes
        straight to it, and Back leaves it on the menu. None: nothing is pending."""
        return None

    def fighter_card_boxes(self, fighter: RosterFighter) -> tuple[tuple[str, int], ...]:
        """The boxes this fighter's printed card gives it to tick: `card_boxes` unless the
        system counts them from the fighter (wounds up to its Quality, damage up to its
        Stamina)."""
        return self.card_boxes

    @property
    def round_word(self) -> str:
        """What the system calls a turn of the game ("round" in WarStuff and others)."""
        return self.turns.round_word

    @property
    def turn_word(self) -> str:
        """`round_word` as the board's tracker shows it ("Turn", "Round")."""
        return self.round_word.capitalize()

    def next_turn(self, state: GameState, dice: DiceSource) -> Outcome:
        """Upkeep of the turn that ends, the turn count, and the initiative roll."""
        return self.turns.next_turn(state, dice)

    def upkeep_choices(self, state: GameState) -> Sequence[UpkeepChoice]:
        """The rolls of the coming upkeep a player may take or leave, which `play` asks
        before it runs the upkeep; none by default."""
        return ()

    def activate(self, state: GameState, fighter_id: str) -> Outcome:
        return self.turns.activate(state, fighter_id)

    def next_side(self, state: GameState) -> int | None:
        """The side that activates next, or None when no one can."""
        return self.turns.next_side(state)

    def end_activation(self, state: GameState, dice: DiceSource) -> Outcome:
        """Close the active fighter's activation, with whatever the system checks then."""
        return self.turns.end_activation(state, dice)

    def end_activation_odds(self, state: GameState) -> Trace:
        """The exact chance of each way the active fighter's activation can end (e.g. a
        stamina check's three outcomes): the same ending walked over its checks."""
        from companion.core.action_odds import odds_trace
        from companion.core.branches import Telling

        if state.active is None:
            raise RefusedError("no fighter is activating")
        name = state.fighter(state.active).name
        return odds_trace(
            f"Odds: end of {name}'s activation",
            lambda roller: self.turns.ending(state, Telling(roller)),
        )

    def still_to_act(self, state: GameState) -> list[FighterState]:
        """Fighters that may still activate this turn: ending the turn now skips them, so
        `companion turn` and play list them and ask first."""
        return self.turns.still_to_act(state)

    def end_label(self, state: GameState) -> str:
        """What `companion turn` does now, in a few words."""
        return self.turns.end_label(state)

    # --- actions and the facts the table gives ----------------------------------------
    def declared_actions(self) -> Mapping[str, ActionSpec]:
        """Each action with its facts, as the system's rules data declares them."""
        return {}

    def accept(self, state: GameState, request: ActionRequest) -> ActionRequest:
        """The request with its facts checked against the declaration (unknown keys and
        bad values refused, names turned into ids). Actions the system does not declare
        pass through unchanged."""
        spec = self.declared_actions().get(request.action)
        if spec is None:
            return request
        from companion.systems.kit.facts import accept

        opts = accept(spec, request.options, state, self.info.name)
        return ActionRequest(request.action, request.actor, request.target, freeze(opts))

    def can_activate(self, state: GameState, f: FighterState) -> bool:
        """Whether a fighter may be chosen for the next activation."""
        return self.turns.can_activate(state, f)

    def asks(self, q: Question) -> bool:
        """Whether a fact is asked: its `when` on the answers so far. A system narrows it
        with what it knows of the fighters, the target too once chosen (e.g. only a unit
        with Entangle is asked whether it shoots its web)."""
        from companion.systems.kit.facts import applies

        return applies(q.fact, q.answers)

    def known(self, q: Question) -> Any:
        """The answer to a fact when the state already gives it, so `play` does not ask
        (e.g. a WarStuff unit that ran may only fight in melee); None: ask."""
        return None

    def fact_choices(
        self, state: GameState, actor: FighterState, fact: Fact
    ) -> list[tuple[str, Any]] | None:
        """Choices for a fact that depend on the game (e.g. the actor's active skills);
        None to use the declared ones."""
        return None

    def action_names(self) -> Sequence[str]:
        """Actions `resolve` understands, for help texts and the guided mode."""
        return tuple(self.declared_actions())

    def actions_for(self, state: GameState, fighter: FighterState) -> Sequence[str]:
        """The actions that make sense for this fighter in this game (its scenario, its
        gear and skills), for menus; `resolve` still checks each one when it is taken."""
        return self.action_names()

    def granted(self, state: GameState) -> Sequence[tuple[FighterState, str]]:
        """Fighters a rule lets take an action at once, outside their own activation
        (a 1ss boss's Command), each with why; none by default."""
        return ()

    def offered_as(self, state: GameState, request: ActionRequest) -> str:
        """The action the legal actions list `request` under: its own, unless a command
        names it another way (a Monochrome `attack` stands for the class's attacking
        action when none is taken yet)."""
        return request.action

    def why_not(self, state: GameState, f: FighterState, action: str) -> str | None:
        """Why `actions_for` leaves `action` out for `f` now, in the rule's words (a
        scenario's own action in another scenario); None: the generator says it."""
        return None

    def let_go(self, state: GameState, fighter_id: str) -> Outcome:
        """The action a rule granted `fighter_id` at once (`granted`), let go unused."""
        raise RefusedError(f"{state.fighter(fighter_id).name} has no action granted now")

    def target_rule(
        self, state: GameState, actor: FighterState, action: str, fixed: Mapping[str, Any]
    ) -> TargetRule | None:
        """Whom `action` may target (`companion.systems.legal`): by default as its
        declaration says (`target = "enemy"`...); None when it takes no target."""
        spec = self.declared_actions().get(action)
        if spec is None:
            return None
        return default_rule(spec.target)

    def target_problem(
        self,
        state: GameState,
        actor: FighterState,
        action: str,
        fixed: Mapping[str, Any],
        target: FighterState,
    ) -> str | None:
        """Why `target`, of the right side and still in the game, may still not be the
        target of `action` (a Healer's target must be prone); None when it may."""
        return None

    def skill_label(self, skill: str) -> str:
        """A skill's name as menus show it."""
        for t in self.topics():
            if t.id == skill and t.kind in ("skill", "role", "trait", "rule"):
                return t.label
        return skill.replace("-", " ").capitalize()

    def must_recover(self, f: FighterState) -> bool:
        """Whether `f` is down, so that Recover is the one action it may take (in a system
        with a Recover action; one not down has nothing to recover from)."""
        return False

    def active_skills(self, f: FighterState) -> list[str]:
        """The fighter's skills it uses as an action; a system with passive skills (always
        on) or roles among them leaves those out."""
        return list(f.skills)

    def needs_actor(self, action: str) -> bool:
        """Whether a fighter takes `action`; one taken for the whole game (SMBFAT's
        objectives) is recorded without naming any."""
        return True

    def resolve(self, state: GameState, request: ActionRequest, dice: DiceSource) -> Outcome:
        """Resolve one action with dice: the outcome holds the trace and the changes."""
        from companion.core.roller import DiceRoller

        out = self.act(state, request, DiceRoller(dice))
        if out.trace is None or out.trace.odds or out.counting is None:
            return out
        # An outcome counted by row (an attack) shows the table it was rolled against:
        # the same action walked over every branch, from the state before it.
        from companion.core.walk import table
        from companion.odds import TooLargeError
        from companion.values import replace

        walked = self.odds_act(state, request, out)
        # The same action rolled again on the same state (a replay, a check over every
        # dice sequence) reuses its table, unless what is walked depends on the roll.
        same = type(self).odds_act is RuleSystem.odds_act
        last = _LAST_TABLE.get(type(self))
        if same and last is not None and last[0] is state and last[1] == request:
            rows = last[2]
        else:
            try:
                rows = table(walked, request.action)
            except TooLargeError:
                return out  # too large to count: the roll stands without its table
            if same:
                _LAST_TABLE[type(self)] = (state, request, rows)
        return replace(out, trace=replace(out.trace, odds=rows))

    def act(self, state: GameState, request: ActionRequest, roller: Roller) -> Outcome:
        """The action itself, every roll in it a `Check` handed to `roller`: rolled
        (`resolve`), walked over every branch for its odds (`odds`), or described."""
        raise UsageError(f"{self.info.name} has no '{request.action}' action")

    def odds_act(
        self, state: GameState, request: ActionRequest, rolled: Outcome | None = None
    ) -> Callable[[Roller], Outcome]:
        """What the odds of `request` walk (`odds`), or those of an outcome just `rolled`
        for it (the table `resolve` shows): the action itself, unless the system counts
        the part of it its table is about, still its own rule code (an attack's roll on
        its first target, without the move before it)."""
        return lambda roller: self.act(state, request, roller)

    def odds_notes(self, state: GameState, req: ActionRequest) -> tuple[Step, ...]:
        """Steps shown under an action's odds: the same action walked with another
        choice the player may make (a reroll policy), each with its table; none by
        default."""
        return ()

    def odds_title(self, state: GameState, req: ActionRequest) -> str:
        actor = state.fighter(req.actor).name if req.actor else self.info.name
        spec = self.declared_actions().get(req.action)
        label = spec.label if spec else req.action
        target = f" ({state.fighter(req.target).name})" if req.target else ""
        return f"Odds: {actor}: {label}{target}"

    def odds(self, state: GameState, request: ActionRequest) -> Trace:
        """The exact outcome distribution of an action as it stands, without dice: the
        action itself run over every branch of its checks (companion.core.action_odds),
        so no action lacks odds and none has odds code of its own."""
        req = self.accept(state, request)
        title = self.odds_title(state, req)
        from companion.core.action_odds import odds_trace

        trace = odds_trace(title, self.odds_act(state, req))
        notes = self.odds_notes(state, req)
        if not notes:
            return trace
        from companion.values import replace

        return replace(trace, steps=trace.steps + notes)

    def status_lines(self, state: GameState) -> list[str]:
        """Extra lines for the board: what the scenario tracks."""
        return []

    def fighter_flags(self, f: FighterState) -> list[str]:
        """Per-turn flags of a fighter, as short words for the board."""
        return [f"{k}" if v is True else f"{k}={v}" for k, v in f.flags.items() if v]

    def refuse(self, message: str) -> RefusedError:
        return RefusedError(message)

    # --- capabilities some systems bring (None: this one has none) ---------------------
    @property
    def solo(self) -> SoloPlay | None:
        """Solo play: the procedures that run the opposing side (`companion solo`,
        and the guided loop's opposing turns)."""
        return None

    @property
    def unit_library(self) -> UnitLibrary | None:
        """Ready-made units to browse and add to a roster (`companion units`)."""
        return None

    @property
    def table_rolls(self) -> TableRolls | None:
        """Rolls on the system's own tables outside any game, each a command of the
        system's group (the registry's command-group map names the group)."""
        return None


def with_skipped(outcome: Outcome, skipped: Sequence[FighterState]) -> Outcome:
    """A turn's end that skipped fighters still to act: the log says who, in its summary
    and as data (`skipped`: their ids)."""
    if not skipped:
        return outcome
    names = ", ".join(f.name for f in skipped)
    data = dict(outcome.data)
    data["skipped"] = [f.id for f in skipped]
    return Outcome(
        outcome.kind,
        f"{outcome.summary} (ended early; not activated: {names})",
        outcome.changes,
        outcome.trace,
        freeze(data),
        outcome.announcements,
    )


def house_rule_lines(state: GameState) -> list[str]:
    """The board's line for a game started with --force: the warband rules it breaks,
    played as house rules (R-1SS-P21, R-SKM-P15, R-MON-P15)."""
    house = state.options.get("house_rules") or ()
    return ["House rules (started with --force): " + "; ".join(map(str, house))] if house else []


def known_scenario(scenarios: Mapping[str, object], scenario: str, what: str = "scenario") -> None:
    """Refuse a new game of a scenario the system does not have, listing those it has."""
    if scenario not in scenarios:
        raise UsageError(f"unknown {what} '{scenario}'; use one of {', '.join(scenarios)}")


def flag_words(f: FighterState, words: Mapping[str, str]) -> list[str]:
    """The board's words for those of `words`' flags the fighter has set, in their order;
    a word with `{}` shows the flag's value there."""
    return [word.format(f.flags[k]) for k, word in words.items() if f.flags.get(k)]


def waiting_text(
    turn: int, waiting: Sequence[FighterState], state: GameState, word: str = "turn"
) -> str:
    """Who has not activated in turn (or round: `word`) `turn`, side by side."""
    parts = []
    for i, side in enumerate(state.sides):
        names = [f.name for f in waiting if f.side == i]
        if names:
            parts.append(f"{side.name}: {', '.join(names)}")
    return f"{word} {turn} is not over: not yet activated: " + "; ".join(parts)
