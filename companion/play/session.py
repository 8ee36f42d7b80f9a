"""One guided session: the game kept loaded, changed one locked, atomic step at a time.

The session never prompts. The loop shows the board from `state`, gathers the table's
facts and dice, and hands the finished outcome to `commit`, which takes the home lock,
checks that no other terminal changed the game since the board was shown, and writes one
event. The lock is therefore held only while a step is written, never while waiting
for a person, and one-shot commands in another terminal keep working between steps.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from companion import systems
from companion.dice import DiceSource, SeededDice
from companion.errors import RefusedError, UsageError
from companion.game.events import Event, set_game
from companion.game.repo import GameFile, Home, append_outcome, event_for
from companion.game.state import GameState
from companion.systems.base import ActionRequest, Outcome, RuleSystem
from companion.values import frozen

T = TypeVar("T")


@frozen
class StepResult:
    """What one step wrote, and how long the step took without any waiting for input."""

    events: tuple[Event, ...]
    announcements: tuple[str, ...] = ()
    seconds: float = 0.0


class GameChanged(RefusedError):
    """Another terminal changed the game between the board being shown and the step."""


class Session:
    """A game held open across steps: the system, the rules data and the last state."""

    def __init__(self, home: Home, game: str) -> None:
        self.home = home
        with home.reading():
            self.name = home.resolve_game(game)
            self._gf = home.open_game(self.name)
        self._stamp = self._file_stamp()
        self.system: RuleSystem = systems.get(self._gf.system)
        self.wait_seconds = 0.0  # time spent in prompts during the current step
        # Called on the state after every written step, inside the same lock: an outcome
        # it returns (a solo scenario won or lost) is written with the step.
        self.after: Callable[[GameState], Outcome | None] | None = None
        self.step_times: list[float] = []

    # -- reading ---------------------------------------------------------------------
    @property
    def gf(self) -> GameFile:
        return self._gf

    @property
    def state(self) -> GameState:
        return self._gf.state

    def _file_stamp(self) -> tuple[int, int, int]:
        st = os.stat(self.home.game_path(self.name))
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def _version(self, gf: GameFile) -> tuple[int, str | None]:
        tail = gf.raw_tail(1)  # the newest event only: a step costs the same at any length
        last = tail[-1].get("at", "") + tail[-1].get("summary", "") if tail else None
        return (gf.count, last)

    def _reload_if_changed(self) -> bool:
        """Re-read the file only if another process replaced it; True if it did."""
        try:
            stamp = self._file_stamp()
        except FileNotFoundError:
            raise UsageError(
                f"the game '{self.name}' was deleted in another terminal; nothing was written"
            ) from None
        if stamp == self._stamp:
            return False
        self._gf = self.home.open_game(self.name)
        self._stamp = stamp
        return True

    def refresh(self) -> bool:
        """Bring the state up to date with the file (another terminal may have written)."""
        with self.home.reading():
            return self._reload_if_changed()

    @property
    def dice_mode(self) -> str | None:
        """How this game's dice come in play ("roll" or "enter"), kept with the game so
        a resumed session does not ask again; None until chosen."""
        docs = self._gf.db.table("game").all()
        mode = docs[0].get("dice_mode") if docs else None
        return mode if mode in ("roll", "enter") else None

    def set_dice_mode(self, mode: str) -> None:
        """Keep the dice mode in the game file (not an event: nothing to undo)."""

        def go(gf: GameFile) -> None:
            gf.set_meta(dice_mode=mode)
            gf.db.commit()

        self._locked(go)

    # -- writing ---------------------------------------------------------------------
    def _locked(self, fn: Callable[[GameFile], T]) -> T:
        seen = self._version(self._gf)
        with self.home.writing():
            if self._reload_if_changed() and self._version(self._gf) != seen:
                raise GameChanged(
                    "the game was changed in another terminal since the board was shown; "
                    "nothing was written: look at the fresh board and choose again"
                )
            out = fn(self._gf)
            self._stamp = self._file_stamp()
        return out

    def commit(self, outcome: Outcome, dice: DiceSource | None = None) -> StepResult:
        """Write an outcome computed from `self.state` as one event."""
        return self.commit_all((outcome,), dice)

    def commit_all(self, outcomes: Sequence[Outcome], dice: DiceSource | None = None) -> StepResult:
        """Write outcomes computed in order from `self.state` as one step (one write).

        The dice of the step are recorded with the last outcome that rolled them.
        """
        t0 = time.perf_counter()
        announcements = tuple(a for o in outcomes for a in o.announcements)

        def go(gf: GameFile) -> tuple[tuple[Event, ...], tuple[str, ...]]:
            last = len(outcomes) - 1
            events = [_append(gf, o, dice if i == last else None) for i, o in enumerate(outcomes)]
            more: tuple[str, ...] = ()
            end = self.after(gf.state) if self.after is not None else None
            if end is not None:
                events.append(_append(gf, end, None))
                more = end.announcements
            gf.db.commit()
            return tuple(events), more

        events, more = self._locked(go)
        return self._done(t0, events, announcements + more)

    def run(
        self, make: Callable[[GameState, DiceSource], Outcome], dice: DiceSource | None = None
    ) -> StepResult:
        """Compute an outcome from the shown state (dice may be asked for), then write it.

        The time spent waiting for typed dice is left out of the step's time.
        """
        return self.run_all(lambda st, d: (make(st, d),), dice)

    def run_all(
        self,
        make: Callable[[GameState, DiceSource], Sequence[Outcome]],
        dice: DiceSource | None = None,
    ) -> StepResult:
        """Like `run`, for a step that writes several outcomes (an OpFor walk and attack)."""
        self.wait_seconds = 0.0
        t0 = time.perf_counter()
        src = dice if dice is not None else SeededDice()
        outcomes = make(self.state, src)
        compute = time.perf_counter() - t0 - self.wait_seconds
        res = self.commit_all(outcomes, src)
        total = compute + res.seconds
        self.step_times[-1] = total
        return StepResult(res.events, res.announcements, total)

    def _done(self, t0: float, events: tuple[Event, ...], ann: tuple[str, ...]) -> StepResult:
        dt = time.perf_counter() - t0
        self.step_times.append(dt)
        return StepResult(events, ann, dt)

    # -- the steps of a turn -------------------------------------------------------------
    def next_turn(self, dice: DiceSource) -> StepResult:
        return self.run(lambda s, d: self.system.next_turn(s, d), dice)

    def activate(self, fighter_id: str) -> StepResult:
        return self.run(lambda s, d: self.system.activate(s, fighter_id), None)

    def resolve(self, request: ActionRequest, dice: DiceSource) -> StepResult:
        def make(state: GameState, d: DiceSource) -> Outcome:
            # Play offers only what the rules allow now; the same check as the commands'
            # keeps it so should a menu ever drift from the generator.
            from companion.systems.legal import OutsideRules, refusal

            why = refusal(self.system, state, request)
            if why is not None:
                raise OutsideRules(why)
            return self.system.resolve(state, request, d)

        return self.run(make, dice)

    def end_activation(self, dice: DiceSource | None = None) -> StepResult:
        """Close the active fighter's activation, with the system's end-of-activation
        checks (its token stays until upkeep)."""
        return self.run(lambda s, d: self.system.end_activation(s, d), dice)

    def undo(self) -> StepResult:
        return self._log_step(lambda gf: gf.undo())

    def redo(self) -> StepResult:
        return self._log_step(lambda gf: gf.redo_last())

    def _log_step(self, step: Callable[[GameFile], Event]) -> StepResult:
        """One step back or forward along the game's log, written at once."""
        t0 = time.perf_counter()

        def go(gf: GameFile) -> Event:
            ev = step(gf)
            gf.db.commit()
            return ev

        ev = self._locked(go)
        return self._done(t0, (ev,), ())

    def end_game(self, result: str) -> StepResult:
        if self.state.phase == "ended":
            raise RefusedError(f"the game is already over: {self.state.result}")
        t0 = time.perf_counter()

        def go(gf: GameFile) -> Event:
            ev = event_for(
                "end",
                f"The game is ended: {result}",
                [set_game("phase", "ended"), set_game("result", result)],
                gf.state,
            )
            gf.append(ev)
            gf.db.commit()
            return ev

        ev = self._locked(go)
        return self._done(t0, (ev,), (f"Game over: {result}",))


def _append(gf: GameFile, outcome: Outcome, dice: DiceSource | None) -> Event:
    """Append one outcome as an event (not yet written to disk)."""
    return append_outcome(gf, outcome, dice)
