"""The guided loop of `companion play`: board, phase, legal choices, facts, dice, trace.

Each pass shows where the game stands, offers only what is legal now plus the fixed keys
(undo, redo, log, status, rules, VP, override, dice mode, quit), asks the facts only the
table knows, resolves through the session (one locked write per step) and shows the
explanation. Leaving, by key or Ctrl-C, writes nothing more: every finished step is
already saved, so `companion play` resumes exactly there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.dice import DiceRequest, DiceSource, SeededDice, TypedDice, check_die
from companion.errors import CompanionError, UsageError
from companion.game.events import Change, set_fighter, set_side
from companion.game.state import FighterState, freeze
from companion.play import phase as ph
from companion.play.session import GameChanged, Session, StepResult
from companion.play.solo_hook import Ask, SoloGuide, Walk, guide_for
from companion.play.ui import BACK, Back, Item, Prompter, Quit, numbered
from companion.systems.base import ActionRequest, Outcome
from companion.systems.kit.facts import ActionSpec, Fact

# Whom an action's target may be, by its declared kind.
_TARGETS = {"enemy": "enemies", "friend": "friends", "any": "all", "optional": "all"}

FIXED = "urls?vodqnex"
# Keys the phase menus give their own entries: end the turn, a fall, write the report.
PHASE_KEYS = "tfw"


class Loop:
    def __init__(self, session: Session, console: Any, ui: Prompter, timing: bool = False) -> None:
        self.s = session
        self.c = console
        self.ui = ui
        self.timing = timing
        self.dice_mode: str | None = None
        self.solo: SoloGuide | None = (
            guide_for(session.system.info.id) if ph.opfor_side(session.state) is not None else None
        )
        if self.solo is not None:
            # A solo scenario is won or lost the moment a step decides it.
            session.after = self.solo.check

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> None:
        self.show_board()
        if ph.opfor_side(self.s.state) is not None and self.solo is None:
            self.c.print(
                "No solo procedure is installed for this system here: play the OpFor side "
                "by hand from the menus.",
                style="yellow",
                highlight=False,
            )
        try:
            if self.s.state.phase != "ended":
                self.choose_dice_mode()
            while True:
                if self.s.refresh():
                    self.c.print("The game was changed in another terminal:", style="yellow")
                    self.show_board()
                try:
                    self.one_pass()
                except Back:
                    continue
                except CompanionError as e:
                    msg = str(e)
                    if "nothing was written" not in msg:
                        msg += " (nothing was written)"
                    self.c.print(msg, style="bold red", highlight=False)
                    if isinstance(e, GameChanged):
                        self.show_board()
        except (Quit, KeyboardInterrupt, EOFError):
            self.c.print(
                f"Left '{self.s.name}' as it was after the last finished step; "
                "'companion play' picks it up from there.",
                highlight=False,
            )
        if self.timing and self.s.step_times:
            worst = max(self.s.step_times) * 1000
            mean = sum(self.s.step_times) / len(self.s.step_times) * 1000
            self.c.print(
                f"Step time without input: mean {mean:.1f} ms, worst {worst:.1f} ms "
                f"over {len(self.s.step_times)} steps",
                highlight=False,
            )

    def one_pass(self) -> None:
        state = self.s.state
        p = ph.current(self.s.system, state)
        items = self.phase_items(p) + self.fixed_items(p)
        choice = self.ui.choose(p.headline(state) + " — what now?", items)
        if callable(choice):
            choice()
        else:
            raise UsageError(f"unknown choice {choice!r}")

    # -- menus ---------------------------------------------------------------------------
    def phase_items(self, p: ph.Phase) -> list[Item]:
        state = self.s.state
        solo = self.solo is not None
        if p.kind == "setup":
            first = "Start turn 1" + ("" if solo else " (roll initiative)")
            return [Item("n", first, self.do_next_turn)]
        if p.kind == "upkeep":
            last = p.last_turn is not None and p.turn >= p.last_turn
            then = "scenario check and the OpFor spawn" if solo else "roll initiative"
            what = self.s.system.end_label(state)
            label = (
                f"Finish: {what}" + (" (scenario check)" if solo else "")
                if last
                else f"Upkeep: {what} ({then})"
            )
            return [Item("n", label, self.do_next_turn)]
        if p.kind == "ended":
            return [Item("w", "Write the battle report (Markdown)", self.do_report)]
        if p.kind == "choose" and p.side is not None:
            labels: list[tuple[str, Any]] = []
            if p.solo_opfor and self.solo is not None:
                # Every OpFor activation goes through the procedure, in its order.
                for i, fid in enumerate(self.solo.order(state, p.side)):
                    f = state.fighter(fid)
                    when = "next in order" if i == 0 else "out of order"
                    labels.append(
                        (
                            f"Walk {f.name} ({self.brief(f)}) through the OpFor procedure ({when})",
                            _bind(self.do_walk, fid),
                        )
                    )
            else:
                for f in ph.candidates(self.s.system, state, p.side):
                    labels.append(
                        (f"Activate {f.name} ({self.brief(f)})", _bind(self.do_activate, f.id))
                    )
            items = numbered(labels, FIXED + PHASE_KEYS)
            items.append(
                Item("t", f"End turn {p.turn} now (no more activations)", self.do_next_turn)
            )
            return items
        if p.kind == "acting" and p.fighter is not None:
            f = state.fighter(p.fighter)
            labels = [
                (self.action_label(a), _bind(self.do_action, a))
                for a in ph.legal_actions(self.s.system, state, f)
            ]
            items = numbered(labels, FIXED + PHASE_KEYS)
            items.append(Item("e", f"End {f.name}'s activation", self.do_end_activation))
            for a in ph.reactions(self.s.system):
                items.append(Item("f", self.action_label(a), _bind(self.do_action, a, True)))
            return items
        return []

    def fixed_items(self, p: ph.Phase) -> list[Item]:
        events = self.s.gf.raw_tail(1)
        last = ""
        if events:
            summary = str(events[-1]["summary"])
            last = f" ({summary if len(summary) <= 60 else summary[:59] + '…'})"
        items = [
            Item("u", f"Undo the last step{last}", self.do_undo),
            Item("r", "Redo", self.do_redo),
            Item("l", "Log", self.do_log),
            Item("s", "Status: the board", self.show_board),
            Item("?", "Rules look-up", self.do_rules),
        ]
        if p.kind != "ended":
            items += [
                Item("v", "Victory points", self.do_vp),
                Item("o", "Override a fighter (state, wounds, token)", self.do_override),
                Item("d", f"Dice: {self.dice_label()} (change)", self.choose_dice_mode),
                Item("x", "End the game now", self.do_end_game),
            ]
        items.append(Item("q", "Quit (the game stays saved)", self.quit))
        return items

    def quit(self) -> None:
        raise Quit()

    # -- dice ---------------------------------------------------------------------------
    def dice_label(self) -> str:
        return {"roll": "rolled for you", "enter": "you enter them"}.get(self.dice_mode or "", "?")

    def choose_dice_mode(self) -> None:
        self.dice_mode = self.ui.choose(
            "Dice: roll for you, or enter the dice you roll at the table?",
            [
                Item("r", "Roll for me (digital dice)", "roll"),
                Item("e", "I roll and enter the dice", "enter"),
            ],
        )

    def dice(self) -> DiceSource:
        if self.dice_mode == "enter":
            return TypedDice([], self.ask_die)
        return SeededDice()

    def ask_die(self, request: DiceRequest, index: int) -> int:
        label = f"D{request.sides} for {request.purpose}"
        if request.count > 1:
            label += f" ({index + 1} of {request.count})"

        def valid(t: str) -> bool | str:
            t = t.strip()
            if not t.isdigit():
                return f"type the number the D{request.sides} shows"
            try:
                check_die(int(t), request.sides, request.purpose)
            except CompanionError as e:
                return str(e)
            return True

        before = self.ui.waited
        answer = self.ui.text(f"Roll {label}:", validate=valid)
        self.s.wait_seconds += self.ui.waited - before
        return int(answer.strip())

    # -- showing -------------------------------------------------------------------------
    def brief(self, f: FighterState) -> str:
        d = self.s.system.describe_fighter(f)
        parts = [d.get("rank", f"D{f.die}")]
        if "stat" in d:
            parts.append(f"stat {d['stat']}")
        if f.status != "upright":
            parts.append(f.status)
        return ", ".join(parts)

    def show_board(self) -> None:
        from companion.render.board import render_board
        from companion.render.board_data import board

        render_board(self.c, board(self.s.system, self.s.name, self.s.state))

    def show(self, res: StepResult, board: bool = True) -> None:
        from companion.render.trace_view import render_trace
        from companion.trace import Trace

        for ev in res.events:
            if ev.trace:
                render_trace(self.c, Trace.from_dict(ev.trace), self.s.system.info.id)
            else:
                self.c.print(ev.summary, highlight=False)
        for a in res.announcements:
            self.c.print(a, style="bold magenta", highlight=False)
        if self.timing:
            self.c.print(f"(step {res.seconds * 1000:.1f} ms)", style="dim", highlight=False)
        if board:
            self.show_board()

    # -- steps ---------------------------------------------------------------------------
    def do_next_turn(self) -> None:
        # A solo system rolls its upkeep spawn inside next_turn: its trace explains it.
        guide = self.solo
        if guide is not None and guide.upkeep_asks is not None and guide.upkeep is not None:
            run_upkeep = guide.upkeep
            answers = {q.key: self.answer(q) for q in guide.upkeep_asks(self.s.state)}
            self.show(self.s.run(lambda st, d: run_upkeep(st, answers, d), self.dice()))
            return
        self.show(self.s.next_turn(self.dice()))

    def do_activate(self, fid: str) -> None:
        self.show(self.s.activate(fid), board=False)

    def do_walk(self, fid: str) -> None:
        """Walk one OpFor fighter through the solo procedure, then do what it decides."""
        assert self.solo is not None
        guide = self.solo
        name = self.s.state.fighter(fid).name
        self.c.print(f"OpFor procedure for {name}:", style="bold", highlight=False)
        answers: dict[str, Any] = {}
        while (q := guide.ask(self.s.state, fid, answers)) is not None:
            answers[q.key] = self.answer(q)
        walked: list[Walk] = []

        def make(state: Any, dice: DiceSource) -> tuple[Outcome, ...]:
            w = guide.walk(state, fid, answers, dice)
            walked.append(w)
            return w.outcomes

        res = self.s.run_all(make, self.dice())
        self.show(res, board=False)
        w = walked[-1]
        self.c.print(
            f"→ {name} ({w.branch.replace('-', ' ')}): {w.instruction}",
            style="bold cyan",
            highlight=False,
        )
        state = self.s.state
        if state.phase != "ended" and state.active == fid:
            self.c.print(
                f"Do it on the table; any further roll of {name} is in the menu, "
                "then end its activation.",
                style="dim",
                highlight=False,
            )
        self.show_board()

    def answer(self, q: Ask) -> Any:
        if q.kind == "yesno":
            return self.ui.choose(q.text, [Item("y", "Yes", True), Item("n", "No", False), BACK])
        if q.kind == "pick":
            return self.ui.choose(q.text, numbered(list(q.options), "b") + [BACK])
        return self.ui.number(q.text, q.low, q.high, q.default)

    def do_end_activation(self) -> None:
        self.show(self.s.end_activation(self.dice()), board=False)

    def action_label(self, action: str) -> str:
        spec = self.s.system.declared_actions().get(action)
        return spec.label if spec is not None else action.replace("-", " ").capitalize()

    def do_action(self, action: str, reaction: bool = False) -> None:
        state = self.s.state
        actor = self.pick_fighter("Who falls?", state.fighters) if reaction else None
        if actor is None:
            if state.active is None:
                raise UsageError("no fighter is activating")
            actor = state.fighter(state.active)
        request = self.facts(action, actor)
        try:
            odds = self.s.system.odds(state, request)
        except CompanionError:
            odds = None
        if odds is not None and odds.odds:
            from companion.odds import fmt

            self.c.print(
                "Chances: " + ", ".join(f"{k} {fmt(v)}" for k, v in odds.odds),
                style="dim",
                highlight=False,
            )
        self.show(self.s.resolve(request, self.dice()))

    def facts(self, action: str, actor: FighterState) -> ActionRequest:
        """Ask only what the table knows for this action: its target and the facts the
        system declares for it (companion.systems.kit.facts), in order, each only when
        it applies to the answers so far and to these fighters."""
        system, state = self.s.system, self.s.state
        spec = system.declared_actions().get(action) or ActionSpec(
            action, self.action_label(action), "optional"
        )
        target: FighterState | None = None
        if spec.target != "none":
            whom = self.among(actor, None, _TARGETS[spec.target])
            target = self.pick_fighter(
                f"{actor.name}: {spec.label} — whom?", whom, optional=spec.target == "optional"
            )
        answers: dict[str, Any] = {}
        for fact in spec.facts:
            if fact.in_play and system.fact_applies(state, actor, fact, answers, target):
                value = self.ask_fact(fact, actor, target)
                if value is not None:
                    answers[fact.key] = value
        request = ActionRequest(action, actor.id, target.id if target else None, freeze(answers))
        return system.accept(state, request)

    def among(
        self, actor: FighterState, target: FighterState | None, who: str
    ) -> list[FighterState]:
        state = self.s.state
        live = [f for f in state.fighters if not f.out]
        if who == "enemies":
            return [f for f in live if f.side != actor.side]
        if who == "friends":
            return [f for f in live if f.side == actor.side]
        if who == "others":
            skip = {actor.id} | ({target.id} if target else set())
            return [f for f in live if f.id not in skip]
        return live

    def ask_fact(self, fact: Fact, actor: FighterState, target: FighterState | None) -> Any:
        q = fact.question(actor.name, target.name if target else "")
        if fact.kind == "yesno":
            return self.ui.confirm(q, bool(fact.default))
        if fact.kind == "number":
            default = fact.default if isinstance(fact.default, int) else None
            return self.ui.number(q, fact.low, fact.high, default)
        if fact.kind in ("choice", "text"):
            choices = self.s.system.fact_choices(self.s.state, actor, fact)
            if choices is None and fact.choices:
                choices = [(c, c) for c in fact.choices]
            if choices:
                return self.ui.choose(q, numbered(choices, "b") + [BACK])
            answer = self.ui.text(q, str(fact.default or ""))
            return answer.strip() or None
        people = self.among(actor, target, fact.among)
        if fact.kind == "fighter":
            f = self.pick_fighter(q, people, optional=True)
            return f.id if f else None
        picked = self.ui.checkbox(
            q + " (space marks, Enter goes on)", [(f.name, f.id) for f in people]
        )
        return tuple(picked) or None

    def pick_fighter(
        self, message: str, fighters: Any, optional: bool = False
    ) -> FighterState | None:
        labels: list[tuple[str, Any]] = [(f"{f.name} ({self.brief(f)})", f.id) for f in fighters]
        if optional:
            labels.insert(0, ("No target", None))
        fid = self.ui.choose(message, numbered(labels, "b") + [BACK])
        return None if fid is None else self.s.state.fighter(fid)

    def do_undo(self) -> None:
        res = self.s.undo()
        self.c.print(f"Undone: {res.events[0].summary}", highlight=False)
        self.show_board()

    def do_redo(self) -> None:
        res = self.s.redo()
        self.c.print(f"Redone: {res.events[0].summary}", highlight=False)
        self.show_board()

    def do_log(self) -> None:
        events = self.s.gf.tail(15)
        if not events:
            self.c.print("No events yet.")
        first = self.s.gf.count - len(events)
        for i, e in enumerate(events, first):
            dice = e.data.get("dice")
            txt = f"  [dice {', '.join(map(str, dice))}]" if dice else ""
            self.c.print(f"{i + 1:>4}. T{e.turn} {e.kind:<9} {e.summary}{txt}", highlight=False)

    def do_rules(self) -> None:
        from companion.lookup.topics import all_topics
        from companion.render.topic_view import render_situation

        sys_ = self.s.system
        render_situation(self.c, sys_.info.id, ph.current(sys_, self.s.state), self.s.state)
        labels: list[tuple[str, Any]] = [
            (f"{t.section}: {t.title}", (t.title, t.text)) for t in all_topics(sys_.info.id)
        ] + [(f"ruling {r.id}: {r.title}", (f"{r.id} {r.title}", r.text)) for r in sys_.rulings()]
        if not labels:
            self.c.print("This system has no look-up entries.")
            return
        title, text = self.ui.search("Look up (type to filter):", labels)
        self.c.print(f"[bold]{title}[/bold]: {text}", highlight=False)

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
        from pathlib import Path

        from companion.report.build import build_report
        from companion.report.markdown import to_markdown

        path = self.ui.text("Write the report to:", f"{self.s.name}-report.md")
        md = to_markdown(build_report(self.s.system, self.s.gf))
        Path(path.strip()).write_text(md, encoding="utf-8")
        self.c.print(f"Battle report written to {path.strip()}", highlight=False)


def _bind(fn: Callable[..., None], *args: Any) -> Callable[[], None]:
    return lambda: fn(*args)


def _vp_value(cur: int, text: str) -> int | None:
    v = text.strip()
    try:
        new = cur + int(v) if v[:1] in "+-" and len(v) > 1 else int(v)
    except ValueError:
        return None
    return new if 0 <= new <= 999 else None
