"""The steps of the guided loop that lead on by themselves, and changing the last one.

A mixin of `companion.play.loop.Loop`: the OpFor's walks that follow one another in a
solo game, the action a step leaves pending (a Monochrome Charge's attack), a move that
ends its activation in one entry, and `More → c`, which takes the last step back to
change what it took as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from companion.game.state import FighterState
from companion.play import phase as ph
from companion.play.ui import Back, Item
from companion.systems import legal
from companion.systems.base import ActionRequest

if TYPE_CHECKING:
    from companion.play.session import Session
    from companion.render.play_view import Block
    from companion.systems.solo_guide import SoloGuide

# A move that ends the activation, in one entry (see `Flow.do_move_end`).
MOVE_END = "move-end"
MOVE_END_LABEL = "Move, then end the activation"


class Flow:
    s: Session
    solo: SoloGuide | None
    last: list[Block]
    assumed: tuple[Any, ...]
    review: dict[str, Any]
    # The last step, when it took facts as usual without asking: (its choice, its
    # answers, the log's length after it), for `More → c`; and how many steps it took
    # (2: a move that ended its activation).
    revisable: tuple[legal.Legal, dict[str, Any], int] | None = None
    revise_steps = 1
    # The log's length when the player backed out of an OpFor walk that started by
    # itself: its menu stays until the next step.
    menu_at = -1

    def draw(self, message: str, items: list[Item]) -> None:
        raise NotImplementedError

    def do_walk(self, fid: str) -> None:
        raise NotImplementedError

    def do_legal(self, choice: legal.Legal, again: dict[str, Any] | None = None) -> None:
        raise NotImplementedError

    def do_end_activation(self) -> None:
        raise NotImplementedError

    def do_redo(self) -> None:
        raise NotImplementedError

    def assumed_note(self, actor: FighterState, target: FighterState | None) -> str:
        raise NotImplementedError

    def walk_next(self, p: ph.Phase) -> bool:
        """In the OpFor's phase of a solo game, its next fighter's procedure starts by
        itself (the rules walk them one by one, R-1SS-S01); Back from its first
        question shows the OpFor's menu instead, until the next step."""
        if not (p.kind == "choose" and p.solo_opfor and p.side is not None and self.solo):
            return False
        if self.menu_at == self.s.gf.count:
            return False
        order = self.solo.order(self.s.state, p.side)
        if not order:
            return False
        self.draw(p.headline(self.s.state) + " — what now?", [Item("", "", None)] * 4)
        # Backing out (or a refusal) leaves the menu up until a step is taken.
        self.menu_at = self.s.gf.count
        self.do_walk(order[0])
        return True

    def follow_up(self, fid: str) -> bool:
        """Go straight on to the action the last one left pending (the attack of a
        Monochrome Charge), its result on screen first; Back leaves it on the menu."""
        state = self.s.state
        f = state.fighter(fid)
        follow = self.s.system.follow_up(state, f)
        nxt = [a for a in legal.actions(self.s.system, state, f) if a.action == follow]
        if follow is None or len(nxt) != 1:
            return False
        p = ph.current(self.s.system, state)
        # Room for the question that comes next (a list of targets) under the result.
        room = [Item("", "", None)] * (len(nxt[0].target.ids) + 1 if nxt[0].target else 2)
        self.draw(p.headline(state) + " — what now?", room)
        try:
            self.do_legal(nxt[0])
        except Back:
            pass
        return True

    def do_move_end(self, choice: legal.Legal, again: dict[str, Any] | None = None) -> None:
        """A move, then the end of the activation: two steps, both results on screen,
        and `More → c` changes the move as it does a move alone."""
        self.do_legal(choice, again)
        moved = list(self.last)
        kept = self.revisable
        if ph.current(self.s.system, self.s.state).fighter == choice.actor:
            self.do_end_activation()
            self.last = moved + self.last
        if kept is not None:
            self.revisable = (kept[0], kept[1], self.s.gf.count)
            self.revise_steps = self.s.gf.count - kept[2] + 1

    def taken_as(
        self, choice: legal.Legal, actor: FighterState, request: ActionRequest
    ) -> tuple[Text, ...]:
        """The line saying what the step took as usual, and the step kept to be changed."""
        if not self.assumed:
            self.revisable = None
            return ()
        target = self.s.state.fighter(request.target) if request.target else None
        self.revisable = (choice, dict(self.review), self.s.gf.count)
        self.revise_steps = 1
        return (Text(self.assumed_note(actor, target), style="dim"),)

    def can_revise(self) -> bool:
        r = self.revisable
        return r is not None and r[2] == self.s.gf.count

    def do_revise(self) -> None:
        """Take the last step back and ask it again on its confirming screen."""
        if self.revisable is None:
            return
        choice, again, _ = self.revisable
        steps = self.revise_steps  # 2: a move that ended the activation with it
        for _ in range(steps):
            self.s.undo()
        self.revisable = None
        try:
            if steps > 1:
                self.do_move_end(choice, again)
            else:
                self.do_legal(choice, again)
        except Back:
            # Backing out keeps the step as it was: nothing is lost by looking.
            for _ in range(steps):
                self.do_redo()
