"""The guided loop's less frequent entries (behind "more"): the log, the rules look-up,
victory points, overrides, ending the game and the battle report.

A mixin of `companion.play.loop.Loop`, kept apart so the loop's own module stays about
the turn; it uses the loop's session, console and prompter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.game.events import Change, set_fighter, set_side
from companion.game.state import FighterState
from companion.play import phase as ph
from companion.play.ui import BACK, Item, numbered
from companion.play.words import in_play
from companion.systems.base import Outcome

if TYPE_CHECKING:
    from companion.play.session import Session, StepResult
    from companion.play.ui import Prompter


class Extras:
    s: Session
    c: Any
    ui: Prompter

    def show(self, res: StepResult, notes: tuple[Any, ...] = ()) -> None:
        raise NotImplementedError

    def say(self, text: str, style: str = "yellow") -> None:
        raise NotImplementedError

    def pick_fighter(
        self, message: str, fighters: Any, optional: bool = False
    ) -> FighterState | None:
        raise NotImplementedError

    def entry_of(self, action: str) -> tuple[str, str]:
        raise NotImplementedError

    def do_log(self) -> None:
        events = self.s.gf.tail(15)
        if not events:
            self.c.print("No events yet.")
        first = self.s.gf.count - len(events)
        for i, e in enumerate(events, first):
            dice = e.data.get("dice")
            txt = f"  [dice {', '.join(map(str, dice))}]" if dice else ""
            summary = in_play(e.summary, self.entry_of)
            self.c.print(f"{i + 1:>4}. T{e.turn} {e.kind:<9} {summary}{txt}", highlight=False)
        self.ui.pause()

    def step_topics(self) -> list[str]:
        """The look-up topics of the last step's trace, its rolls last-first."""
        from companion.render.trace_lines import step_topic

        found: list[str] = []
        for b in getattr(self, "last", []):
            if b.trace is None:
                continue
            rolls = [st for st in b.trace.steps if st.roll is not None]
            for st in [*reversed(rolls), *b.trace.steps]:
                tid = step_topic(self.s.system.info.id, st.title)
                if tid and tid not in found:
                    found.append(tid)
        return found

    def do_rules(self) -> None:
        from rich.text import Text

        from companion.lookup.topics import all_topics
        from companion.render.topic_view import reflow, render_situation

        sys_ = self.s.system
        render_situation(self.c, sys_.info.id, ph.current(sys_, self.s.state), self.s.state)
        topics = list(all_topics(sys_.info.id))
        # The topics of the step on screen come first, the one its last roll turns on
        # at the top: `?` then Enter opens it.
        on_screen = self.step_topics()
        topics.sort(key=lambda t: on_screen.index(t.id) if t.id in on_screen else len(on_screen))
        labels: list[tuple[str, Any]] = [
            (f"{t.section}: {t.title}", (t.title, t.text)) for t in topics
        ] + [(f"ruling {r.id}: {r.title}", (f"{r.id} {r.title}", r.text)) for r in sys_.rulings()]
        if not labels:
            self.c.print("This system has no look-up entries.")
            return
        title, text = self.ui.search("Look up (type to filter):", labels)
        # Its paragraphs flow to the terminal's width, as `rules show` prints them, not
        # broken where the rules file breaks its lines.
        shown = Text(title, style="bold")
        self.c.print(shown.append(": " + "\n".join(reflow(text))), highlight=False)
        self.ui.pause()

    def do_vp(self) -> None:
        state = self.s.state
        idx = self.ui.choose(
            "Whose victory points?",
            numbered([(f"{s.name} ({s.vp} VP)", i) for i, s in enumerate(state.sides)], "b")
            + [BACK],
        )
        cur = state.sides[idx].vp

        def valid(t: str) -> bool | str:
            return _vp_value(cur, t) is not None or "give a total like 3, or +1 / -1"

        new = _vp_value(
            cur,
            self.ui.text(f"{state.sides[idx].name}: {cur} VP. New total or +N/-N:", validate=valid),
        )
        assert new is not None
        name = state.sides[idx].name
        outcome = Outcome(
            "vp", f"{name}: {cur} → {new} VP (set by hand)", (set_side(idx, "vp", new),)
        )
        self.show(self.s.run(lambda st, d: outcome))

    def do_override(self) -> None:
        state = self.s.state
        f = self.pick_fighter("Which fighter?", state.fighters)
        assert f is not None
        what = self.ui.choose(
            f"{f.name}: change what?",
            [
                Item("1", f"State (now {f.status})", "status"),
                Item("2", f"Wounds (now {f.wounds})", "wounds"),
                Item("3", f"Token ({'has one' if f.token else 'none'}): toggle", "token"),
                BACK,
            ],
        )
        changes: list[Change]
        if what == "status":
            new = self.ui.choose(
                "New state:",
                [
                    Item("1", "upright", "upright"),
                    Item("2", "wounded (prone)", "wounded"),
                    Item("3", "out", "out"),
                    Item("4", "face-down", "face-down"),
                    BACK,
                ],
            )
            changes = [set_fighter(f.id, "status", new)]
        elif what == "wounds":
            changes = [set_fighter(f.id, "wounds", self.ui.number("Wounds:", 0, 99, f.wounds))]
        else:
            changes = [set_fighter(f.id, "token", not f.token)]
        text = ", ".join(f"{c.field} = {c.value}" for c in changes)
        outcome = Outcome("override", f"{f.name}: {text} (set by hand)", tuple(changes))
        self.show(self.s.run(lambda st, d: outcome))

    def do_end_game(self) -> None:
        if not self.ui.confirm("End the game now?", False):
            return
        result = self.ui.text("The result, in a few words:", "ended by the players")
        self.show(self.s.end_game(result.strip() or "ended by the players"))

    def do_report(self) -> None:
        """Write the HTML battle report beside where play was started, and say where."""
        from pathlib import Path

        from companion.report.build import build_report
        from companion.report.output import parts, write_file

        path = Path(f"{self.s.name}-report.html").resolve()
        write_file(parts(build_report(self.s.system, self.s.gf), "html"), path)
        self.say(f"Battle report written to {path} (open it in a web browser)", "green")


def _vp_value(cur: int, text: str) -> int | None:
    v = text.strip()
    try:
        new = cur + int(v) if v[:1] in "+-" and len(v) > 1 else int(v)
    except ValueError:
        return None
    return new if 0 <= new <= 999 else None
