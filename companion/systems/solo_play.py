"""Solo play as a capability a rule system may bring: the procedures that run the
opposing side (an OpFor), reached through `RuleSystem.solo` (None for a system without
them).

The shared commands (`companion solo ...`, the end-of-scenario check after a table
command) and the guided loop (`companion play`, through `guide`) reach the procedures
only through this interface, so no module outside the system's own package names it.
The values a procedure hands back (a scenario choice, the facts about the table, a
decision, a profile, a spawn group) are the system's own: the commands read their
fields, and pass them back unchanged.

Each implementation imports its procedures only in the method that uses them: a
command pays for the part of solo play it runs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence

from companion.dice import DiceSource
from companion.game.state import FighterState, GameState
from companion.roster import Roster
from companion.systems.records import Outcome

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from companion.systems.solo_guide import SoloGuide


class SoloPlay(ABC):
    """The solo procedures of one rule system."""

    # --- the game -------------------------------------------------------------------
    @property
    @abstractmethod
    def guide(self) -> SoloGuide:
        """What the guided loop asks and does when the opposing side is to act."""

    @abstractmethod
    def refuse_unless_solo(self, state: GameState) -> None:
        """Raise a refusal when `state` is not a solo game of this system."""

    @abstractmethod
    def end_if_decided(self, state: GameState) -> Outcome | None:
        """The outcome that ends the game when its scenario is won or lost, else None."""

    @abstractmethod
    def decided(self, state: GameState) -> tuple[str, str] | None:
        """The scenario's result (winner, why) once it is decided, else None."""

    @abstractmethod
    def objective_lines(self, state: GameState) -> list[str]:
        """Where each objective of the scenario stands, one line each."""

    @abstractmethod
    def objectives(self, state: GameState) -> list[dict[str, Any]]:
        """Each objective as data: its id, whether it wins or loses the game (`aim`:
        "win" or "lose"), whether it is met, and its words."""

    @abstractmethod
    def choose(self, scenario: str | None, mixed: str | None, setup: str | None) -> Any:
        """The scenario (or mix, or themed set-up) a new solo game plays."""

    @abstractmethod
    def new_game(
        self,
        roster: Roster,
        profile: Any,
        choice: Any,
        board: int | None,
        boss_corner: str | None,
    ) -> GameState:
        """The game as set up before any dice."""

    @abstractmethod
    def setup_outcome(self, state: GameState, dice: DiceSource) -> Outcome:
        """The set-up rolls (spawnpoints, tokens)."""

    @abstractmethod
    def spawn_outcome(self, state: GameState, dice: DiceSource, title: str) -> Outcome:
        """One spawn of opposing fighters."""

    @abstractmethod
    def map_data(self, state: GameState) -> dict[str, Any]:
        """The battlefield map, as data for the map printer and for JSON."""

    # --- spawns --------------------------------------------------------------------
    @property
    @abstractmethod
    def ranks(self) -> tuple[str, ...]:
        """The ranks a spawn brings, in the order the forecast lists them."""

    @abstractmethod
    def spawn_groups(self, values: Sequence[int]) -> Sequence[Any]:
        """What a spawn roll brings, grouped by face (each with `describe()`)."""

    @abstractmethod
    def spawn_tally(self, groups: Sequence[Any]) -> dict[str, int]:
        """How many fighters of each rank the groups bring."""

    @abstractmethod
    def forecast(self) -> Any:
        """The exact odds of one spawn roll, and the expected arrivals by turn."""

    # --- the opposing side's decisions -------------------------------------------
    @abstractmethod
    def facts(self, ganging: int) -> Any:
        """What the player has told about the table so far (nothing but the ganging)."""

    @abstractmethod
    def next_fighter(self, state: GameState) -> FighterState | None:
        """The opposing fighter the procedure activates next, if any may act."""

    @abstractmethod
    def activation(self, state: GameState, fid: str) -> tuple[Outcome, GameState]:
        """Activate `fid`: the outcome, and the state after it."""

    @abstractmethod
    def distractions(self, state: GameState) -> list[FighterState]:
        """The player's fighters that draw the opposing side's actions."""

    @abstractmethod
    def drawn_to(self, facts: Any) -> str | None:
        """The fighter the facts say the actor is drawn to, if any."""

    @abstractmethod
    def next_question(self, state: GameState, fid: str, facts: Any) -> Any | None:
        """The next thing only the table can tell, or None when the procedure can decide."""

    def missing(self, state: GameState, fid: str, facts: Any) -> str | None:
        """Every answer the procedure still needs, in one line that names each flag (for a
        script, which cannot be asked), or None when it can decide. By default the next
        question alone: a system that can see further ahead says more."""
        q = self.next_question(state, fid, facts)
        return None if q is None else f"{q.text} Answer with {q.flag}."

    @abstractmethod
    def walk(
        self,
        state: GameState,
        fid: str,
        facts: Any,
        dice: DiceSource,
        resolve: bool,
    ) -> tuple[Any, list[Outcome]]:
        """Activate, decide and (when asked to) resolve: the decision and its outcomes."""

    # --- objectives ----------------------------------------------------------------
    @abstractmethod
    def token_action(
        self,
        state: GameState,
        token: str,
        action: str,
        fighter: FighterState | None,
        dice: DiceSource,
        event: str | None,
        free: bool,
    ) -> Outcome: ...

    @abstractmethod
    def shutdown(
        self, state: GameState, target: str, fighter: FighterState, dice: DiceSource, free: bool
    ) -> Outcome: ...

    @abstractmethod
    def question(
        self, state: GameState, fighter: FighterState, dice: DiceSource, free: bool
    ) -> Outcome: ...

    @abstractmethod
    def declare(self, state: GameState, objective: str) -> Outcome: ...

    @abstractmethod
    def provoke(self, state: GameState, fighter: FighterState) -> Outcome: ...

    @abstractmethod
    def ladder_wound(self, state: GameState, fighter: FighterState) -> Outcome: ...

    @abstractmethod
    def regenerate(self, state: GameState, fighter: FighterState, roll: bool) -> Outcome:
        """The player's choice to roll (or not) for a face-down fighter at upkeep."""

    # --- what solo play offers, and the opposing side's profiles -----------------
    @abstractmethod
    def data(self) -> Any:
        """Scenarios, themed set-ups, events, default names and the solo rulings."""

    @abstractmethod
    def profiles(self, db: Any) -> list[Any]:
        """Every profile, built-in and saved."""

    @abstractmethod
    def find_profile(self, db: Any, name: str) -> Any: ...

    @abstractmethod
    def new_profile(self, name: str, values: Mapping[str, Any]) -> Any:
        """A checked profile from the values given (its fields by name)."""

    @abstractmethod
    def save_profile(self, db: Any, profile: Any) -> None: ...

    @abstractmethod
    def delete_profile(self, db: Any, name: str) -> Any: ...
