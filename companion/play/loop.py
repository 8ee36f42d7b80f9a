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

from rich.text import Text

from companion.dice import DiceSource, LineDice, SeededDice, TypedDice
from companion.errors import CompanionError, DiceError, UsageError
from companion.game.state import FighterState, freeze
from companion.names import plural, possessive
from companion.play import phase as ph
from companion.play.asking import Asking
from companion.play.extras import Extras
from companion.play.flow import MOVE_END, MOVE_END_LABEL, Flow
from companion.play.screen import blocks_of
from companion.play.session import GameChanged, Session, StepResult
from companion.play.ui import BACK, Back, Item, Prompter, Quit, keys_for, letter_keys, numbered
from companion.play.words import worded_blocks
from companion.render.play_view import Block
from companion.systems import legal
from companion.systems.base import ActionRequest, Outcome, waiting_text, with_skipped
from companion.systems.solo_guide import Ask, SoloGuide, Walk
from companion.trace import Trace
from companion.values import replace

# The main menu's own keys (undo, trace, board, more, quit, rules), unlisted: the
# question says them, so the menu and the last result have the room.
FIXED = "uksmq?"
HINT = "(u undo · k trace · s board · q quit · m: more)"
# Keys the phase menus give their own entries: end the turn or the activation, start
# the next turn, write the report; b is Back in every sub-menu.
PHASE_KEYS = "tenwb"
# Actions taken in most activations, which get their keys before the rarer ones.
COMMON = (
    "attack",
    "move",
    "walk",
    "run",
    "hold",
    "skill",
    "recover",
    "shoot",
    "strike",
    "charge",
    MOVE_END,
)
# One-key choices left for a phase's own entries (see `numbered`).
MAX_KEYED = len(keys_for(FIXED + PHASE_KEYS))


class Loop(Asking, Extras, Flow):
    def __init__(
        self,
        session: Session,
        console: Any,
        ui: Prompter,
        timing: bool = False,
        seed: int | None = None,
    ) -> None:
        self.s = session
        # Digital dice from one seeded stream (`play --seed`): a step's dice are seeded
        # from it, so the same answers replay the same session.
        self.seeds = SeededDice(seed) if seed is not None else None
        self.c = console
        self.ui = ui
        self.timing = timing
        self.dice_mode: str | None = None
        # The last step, drawn again above every menu until the next step replaces it;
        # on resuming, the last step in the log.
        self.last: list[Block] = blocks_of(session.gf.tail(1))
        self.notice: list[Text] = []
        # The answers given to each fact, by fighter and target: the next default.
        self.memory: dict[tuple[str, str | None, str], Any] = {}
        self.keys: dict[str, str] = {}
        self.revisable = None
        self.revise_steps = 1
        self.line: LineDice | None = None
        self.menu_at = -1
        # A solo game's opposing side is played by its system's solo procedures (the
        # capability `RuleSystem.solo`); without them the player runs it from the menus.
        solo = session.system.solo if ph.opfor_side(session.state) is not None else None
        self.solo: SoloGuide | None = solo.guide if solo is not None else None
        if self.solo is not None:
            # A solo scenario is won or lost the moment a step decides it.
            session.after = self.solo.check

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> None:
        if ph.opfor_side(self.s.state) is not None and self.solo is None:
            self.c.print(
                "No solo procedure is installed for this system here: play the OpFor side "
                "by hand from the menus.",
                style="yellow",
                highlight=False,
            )
        try:
            self.dice_mode = self.s.dice_mode
            if self.s.state.phase != "ended" and self.dice_mode is None:
                self.choose_dice_mode()
            while True:
                if self.s.refresh():
                    self.last = blocks_of(self.s.gf.tail(1))
                    self.say("The game was changed in another terminal: its last step is above.")
                try:
                    self.one_pass()
                except Back:
                    continue
                except CompanionError as e:
                    msg = str(e)
                    if "nothing was written" not in msg:
                        msg += " (nothing was written)"
                    self.notice.append(Text(msg, style="bold red"))
                    if isinstance(e, GameChanged):
                        self.last = blocks_of(self.s.gf.tail(1))
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
        if self.walk_next(p):
            return
        fixed = self.fixed_items(p)
        room = self.phase_room(sum(1 for it in fixed if not it.hidden))
        items = self.fit(self.phase_items(p, room) + fixed)
        message = p.headline(state) + " — what now?"
        self.draw(message, items)
        choice = self.ui.choose(message, items, HINT)
        if callable(choice):
            choice()
        else:
            raise UsageError(f"unknown choice {choice!r}")

    # -- the screen ------------------------------------------------------------------------
    def draw(self, message: str, items: list[Item]) -> None:
        """The header, the fighters that matter and the last result, fitted above the menu."""
        from companion.play.screen import fighter_lines, header, menu_height
        from companion.render.play_view import render_screen

        state = self.s.state
        p = ph.current(self.s.system, state)
        blocks = list(self.last)
        if self.notice:
            blocks.append(Block(lines=tuple(self.notice)))
            self.notice = []
        render_screen(
            self.c,
            header(self.s.system, self.s.name, state),
            worded_blocks(blocks, self.entry_of),
            fighter_lines(self.s.system, state, p),
            menu_height(message, HINT, items, self.c.width),
        )

    def entry_of(self, action: str) -> tuple[str, str]:
        """An action's key and label in this game's menus, for play's words
        (`companion.play.words`): no key for one the menus never offer."""
        system = self.s.system
        known = action in system.action_names() or action in system.declared_actions()
        return (self.action_key(action) if known else "", self.action_label(action))

    def fit(self, items: list[Item]) -> list[Item]:
        """Labels cut to one line of the terminal, so the menu is as tall as its entries."""
        room = max(20, self.c.width - 8)
        return [
            it
            if it.hidden or len(it.label) <= room
            else replace(it, label=it.label[: room - 1] + "…")
            for it in items
        ]

    def say(self, text: str, style: str = "yellow") -> None:
        """A line for the next screen (under the last result), e.g. why nothing changed."""
        self.notice.append(Text(text, style=style))

    # -- menus ---------------------------------------------------------------------------
    def phase_room(self, fixed: int) -> int:
        """How many of a phase's own entries fit the terminal below the header and the
        shortest result, beside `fixed` entries and the phase's closing one; at most as
        many as there are one-key choices."""
        from companion.render.play_view import MIN_RESULT

        rows = int(self.c.size.height)
        return max(2, min(MAX_KEYED, rows - 1 - MIN_RESULT - 2 - fixed - 1))

    def more_labels(
        self, labels: list[tuple[str, Any]], room: int, what: str
    ) -> list[tuple[str, Any]]:
        """`labels` as they fit in `room` entries: the first ones, and one entry that
        searches all the others (a large warband would push the last result off the
        screen, or run out of keys)."""
        if len(labels) <= room:
            return labels
        shown, rest = labels[: room - 1], labels[room - 1 :]
        return [
            *shown,
            (f"Another {what}… ({len(rest)} more: type to search)", _bind(self.pick_from, rest)),
        ]

    def end_item(self, p: ph.Phase) -> Item:
        """t: end the turn now; in a solo game, your side's turn, so the OpFor's phase
        comes next rather than the upkeep."""
        guide = self.solo
        if guide is not None and guide.pass_side is not None and not p.solo_opfor:
            label = "End your fighters' turn now (the OpFor's turn next)"
            return Item("t", label, _bind(self.do_pass_side, p.side))
        return Item("t", self.early_end_label(), self.do_next_turn)

    def do_declare(self, key: str) -> None:
        guide = self.solo
        assert guide is not None and guide.declare is not None
        declare = guide.declare
        self.show(self.s.run(lambda st, d: declare(st, key)))

    def do_pass_side(self, side: int) -> None:
        guide = self.solo
        assert guide is not None and guide.pass_side is not None
        pass_side = guide.pass_side
        waiting = [f.name for f in ph.candidates(self.s.system, self.s.state, side)]
        self.c.print("Not yet activated: " + ", ".join(waiting) + ".", style="yellow")
        if not self.ui.confirm("End your fighters' turn now?", False):
            self.say("Your turn goes on; nothing was written.")
            return
        self.show(self.s.run(lambda st, d: pass_side(st, side)))

    def early_end_label(self) -> str:
        """What `t` ends while fighters may still act: the turn or round, or in a system of
        side turns only the acting side's turn ("End Rifle Section's turn now")."""
        what = self.s.system.end_label(self.s.state).split(",", 1)[0]
        return f"{what[0].upper()}{what[1:]} now (no more activations)"

    def pick_from(self, labels: list[tuple[str, Any]]) -> None:
        choice = self.ui.search("Which one? (type to search)", [*labels, ("Back", None)])
        if choice is not None:
            choice()

    def phase_items(self, p: ph.Phase, room: int = MAX_KEYED) -> list[Item]:
        state = self.s.state
        solo = self.solo is not None
        rolls = not solo and ph.turn_rolls(self.s.system, state)
        if p.kind == "setup":
            first = f"Start {self.s.system.round_word} 1" + (" (roll initiative)" if rolls else "")
            return [Item("n", first, self.do_next_turn)]
        if p.kind == "upkeep":
            last = p.last_turn is not None and p.turn >= p.last_turn
            then = "scenario check and the OpFor spawn" if solo else "roll initiative"
            what = self.s.system.end_label(state)
            label = (
                f"Finish: {what}" + (" (scenario check)" if solo else "")
                if last
                else f"Upkeep: {what}" + (f" ({then})" if solo or rolls else "")
            )
            return [Item("n", label, self.do_next_turn)]
        if p.kind == "ended":
            # What the rules still do once the last round is over (a system may score its
            # objectives then), before the report.
            after = [
                Item(
                    self.action_key(a) or str(i),
                    f"{self.action_label(a)} (the game is over)",
                    _bind(self.do_after_game, a, f.id),
                )
                for i, (a, f) in enumerate(self.after_game_actions(), 1)
            ]
            return after + [Item("w", "Write the battle report (a web page)", self.do_report)]
        if p.kind == "choose" and p.side is not None:
            labels: list[tuple[str, Any]] = []
            if p.solo_opfor and self.solo is not None:
                # Every OpFor activation goes through the procedure, in its order.
                for i, fid in enumerate(self.solo.order(state, p.side)):
                    f = state.fighter(fid)
                    when = ", next" if i == 0 else ""
                    labels.append(
                        (
                            f"{f.name} ({self.brief(f)}): OpFor procedure{when}",
                            _bind(self.do_walk, fid),
                        )
                    )
            else:
                ready = ph.candidates(self.s.system, state, p.side)
                for f in ready:
                    labels.append(
                        (f"Activate {f.name} ({self.brief(f)})", _bind(self.do_activate, f.id))
                    )
                # Each fighter keeps its number, its place in the roster, as it is chosen.
                placed = self.by_place(ready, labels, FIXED + PHASE_KEYS)
                if placed is not None and len(labels) <= room:
                    return [*placed, self.end_item(p)]
            items = numbered(self.more_labels(labels, room, "fighter"), FIXED + PHASE_KEYS)
            return [*items, self.end_item(p)]
        if p.kind == "acting" and p.fighter is not None:
            f = state.fighter(p.fighter)
            offered = legal.actions(self.s.system, state, f)
            items = self.action_items(offered, room)
            moves = [a for a in offered if a.action == "move" and not a.fixed]
            many = self.s.system.counts_actions and (p.actions_left or 0) >= 2
            if moves and many and not p.by_grant and len(items) < room:
                # The most common activation, a move and nothing else, in one key.
                items.append(
                    Item(
                        self.action_key(MOVE_END), MOVE_END_LABEL, _bind(self.do_move_end, moves[0])
                    )
                )
            # Another fighter a rule lets act at once (commanded while its boss still has
            # an action) is one key away, its actions in a menu of their own.
            if p.granted:
                names = " or ".join(state.fighter(g).name for g in p.granted)
                items.append(Item("g", f"{names}: an action now…", self.do_any_granted))
            if p.by_grant:
                items.append(Item("e", f"{f.name} lets its action go", _bind(self.do_let_go, f.id)))
            else:
                items.append(
                    Item("e", f"End {possessive(f.name)} activation", self.do_end_activation)
                )
            return items
        return []

    def fixed_items(self, p: ph.Phase) -> list[Item]:
        """Undo, the whole trace, the board, "more", the rules and quit, unlisted; the
        entries behind "more" answer their keys only there."""
        events = self.s.gf.raw_tail(1)
        last = ""
        if events:
            summary = str(events[-1]["summary"])
            last = f" ({summary if len(summary) <= 60 else summary[:59] + '…'})"
        items = [Item("u", f"Undo the last step{last}", self.do_undo, hidden=True)]
        if any(b.trace is not None for b in self.last):
            items.append(Item("k", "The whole trace of the last step", self.do_trace, True))
        # Only what is harmless stays one key away: ending the game is behind "more".
        return items + [
            Item("s", "Status: the whole board", self.show_board, True),
            Item("m", "More", lambda: self.do_more(p), True),
            Item("?", "Rules look-up", self.do_rules, True),
            Item("q", "Quit (the game stays saved)", self.quit, True),
        ]

    def action_key(self, action: str) -> str:
        """The key of an action (or of one skill used as an action, `skill:ID`): the same
        in every menu of this game."""
        if action not in self.keys:
            system = self.s.system
            names = [*system.action_names(), *system.declared_actions()]
            # Every skill a fighter of this game has gets its key now, so no later menu
            # moves another's.
            skills = {s for f in self.s.state.fighters for s in system.active_skills(f)}
            names += [f"skill:{s}" for s in sorted(skills)] + decisions(system)
            names += [MOVE_END] if system.counts_actions else []
            names.append(action)
            # The actions of every turn choose their letters first.
            # then shoot-or-strike's own entry (its melee side is the attack's key).
            order = sorted(
                dict.fromkeys(names), key=lambda a: 0 if a in COMMON else 1 if "=" in a else 2
            )
            labels = [(a, self.action_label(a)) for a in order if not a.endswith("=no")]
            self.keys = letter_keys(labels, FIXED + PHASE_KEYS + "g")
            # The melee side of shoot-or-strike is the action's own key: the two never
            # share a screen, and an attack is "a" whether or not the fighter may shoot.
            for a in order:
                if a.endswith("=no"):
                    self.keys[a] = self.keys.get(a.partition(":")[0], "")
        return self.keys.get(action, "")

    def action_items(self, actions: list[legal.Legal], room: int) -> list[Item]:
        """Actions keyed by their own letters; those beyond `room` behind a search."""
        labels = [(a.label, _bind(self.do_legal, a)) for a in actions]
        if len(labels) > room:
            return numbered(self.more_labels(labels, room, "action"), FIXED + PHASE_KEYS + "g")
        return [
            Item(self.action_key(key_of(a)) or str(i), label + self.odds_hint(a.action), fn)
            for i, (a, (label, fn)) in enumerate(zip(actions, labels, strict=True), 1)
        ]

    def odds_hint(self, action: str) -> str:
        """The chances of an action that asks nothing (a reroll, a morale test), shown
        in its menu entry: the numbers are on screen before the choice that spends."""
        spec = self.spec_of(action)
        state = self.s.state
        if spec.target != "none" or any(f.in_play for f in spec.facts) or state.active is None:
            return ""
        from companion.play.asking import said
        from companion.play.matters import Odds, refused
        from companion.trace import percent

        req = ActionRequest(action, state.active, None, {})
        d = Odds(self.s.system, state).of(req)
        # A test with a few outcomes; a roll of many (a move's distance) says little
        # by its likeliest one.
        if d is None or refused(d) or not 2 <= len(d) <= 3:
            return ""
        # The likeliest outcome, without the fighter's name it starts with.
        text, p = d[0]
        return f" (likeliest: {said(text).rsplit(': ', 1)[-1]}, {percent(p)})"

    def more_items(self, p: ph.Phase) -> list[Item]:
        """The entries a turn needs less often."""
        # Redo only when there is something undone to bring back: offered means possible.
        items = [Item("r", "Redo", self.do_redo)] if self.s.gf.redo else []
        if self.can_revise():
            items.append(Item("c", "Change what the last step took as usual", self.do_revise))
        items += [
            Item("l", "Log", self.do_log),
            Item("?", "Rules look-up", self.do_rules),
        ]
        if p.kind != "ended":
            # WarStuff and SKIRMASHED keep no victory points: nothing to set.
            if self.s.system.keeps_vp:
                items.append(Item("v", "Victory points", self.do_vp))
            items += [
                Item("o", "Override a fighter (state, wounds, token)", self.do_override),
                Item("d", f"Dice: {self.dice_label()} (change)", self.choose_dice_mode),
            ]
            if p.kind == "acting":
                for a in ph.reactions(self.s.system):
                    items.append(Item("f", self.action_label(a), _bind(self.do_action, a, True)))
            guide = self.solo
            if guide is not None and guide.declarable is not None:
                # What only the table sees (an escort reached its corner) is one key here.
                for i, (key, words) in enumerate(guide.declarable(self.s.state)[:3]):
                    label = f"Declare: {words}"
                    items.append(Item("jyz"[i], label, _bind(self.do_declare, key)))
            items.append(Item("w", "Write the battle report (a web page)", self.do_report))
            items.append(Item("x", "End the game now", self.do_end_game))
        return items

    def do_more(self, p: ph.Phase) -> None:
        choice = self.ui.choose("More:", self.fit(self.more_items(p)) + [BACK])
        choice()

    def quit(self) -> None:
        raise Quit()

    # -- dice ---------------------------------------------------------------------------
    def dice_label(self) -> str:
        return {"roll": "rolled for you", "enter": "you enter them"}.get(self.dice_mode or "", "?")

    def choose_dice_mode(self) -> None:
        """Ask how dice come in, and keep the answer with the game for the next session."""
        self.dice_mode = self.ui.choose(
            "Dice: roll for you, or enter the dice you roll at the table?",
            [
                Item("r", "Roll for me (digital dice)", "roll"),
                Item("e", "I roll and enter the dice (several at once: 3,5,1)", "enter"),
            ],
        )
        self.s.set_dice_mode(str(self.dice_mode))

    def dice(self) -> DiceSource:
        if self.dice_mode == "enter":
            self.line = LineDice(self.read_dice, self.complain)
            return TypedDice([], self.line)
        if self.seeds is not None:
            return SeededDice(self.seeds.next_seed())
        return SeededDice()

    def resolve(self, request: ActionRequest) -> StepResult:
        return self.retrying(lambda dice: self.s.resolve(request, dice))

    def retrying(self, go: Callable[[DiceSource], StepResult]) -> StepResult:
        """Run a step; typed dice beyond what it rolls do not throw it away: it says
        which were not used and asks for its dice again, with the same target and
        facts."""
        while True:
            dice = self.dice()
            try:
                return go(dice)
            except DiceError:
                left = self.line.pending if self.line is not None else []
                if self.dice_mode != "enter" or not left:
                    raise
                self.c.print(
                    f"Not used: {', '.join(map(str, left))} "
                    f"({plural(len(left), 'more die', 'more dice')} than this roll takes). "
                    "Type this step's dice again; its target and facts stay.",
                    style="bold red",
                    highlight=False,
                )

    def read_dice(self, prompt: str) -> str:
        before = self.ui.waited
        answer = self.ui.text(prompt)
        self.s.wait_seconds += self.ui.waited - before
        return answer

    def complain(self, message: str) -> None:
        # The refused line is gone: the prompt comes back empty under this message.
        self.c.print(message, style="bold red", highlight=False)

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

        # Read afresh: another terminal may have changed the game since the last step.
        if self.s.refresh():
            self.last = blocks_of(self.s.gf.tail(1))
        # A line is kept for the key prompt under the board.
        rows = self.c.size.height - 1
        render_board(self.c, board(self.s.system, self.s.name, self.s.state), rows)
        self.ui.pause()

    def do_trace(self) -> None:
        """The last step in full: every step, its notes, rulings and look-up links."""
        from companion.render.trace_view import render_trace

        for b in worded_blocks(self.last, self.entry_of):
            if b.trace is not None:
                render_trace(self.c, b.trace, self.s.system.info.id)
            else:
                for line in b.lines:
                    self.c.print(line, highlight=False)
        self.ui.pause()

    def show(self, res: StepResult, notes: tuple[Text, ...] = ()) -> None:
        """Keep what a step wrote as the last result, which every screen shows."""
        self.last = blocks_of(res.events, res.announcements)
        extra = list(notes)
        if self.timing:
            extra.append(Text(f"(step {res.seconds * 1000:.1f} ms)", style="dim"))
        if extra:
            self.last.append(Block(lines=tuple(extra)))

    # -- steps ---------------------------------------------------------------------------
    def do_next_turn(self) -> None:
        """End the turn; with fighters still to act, only once the player says so, and
        the log says who was skipped. A solo guide may ask its upkeep questions first (a
        roll the player may take or leave) and run upkeep with the answers."""
        system = self.s.system
        waiting = system.still_to_act(self.s.state)
        if waiting:
            word = system.round_word
            text = waiting_text(self.s.state.turn, waiting, self.s.state, word)
            self.c.print(text[0].upper() + text[1:] + ".", style="yellow", highlight=False)
            if not self.ui.confirm(f"End {word} {self.s.state.turn} now?", False):
                self.say(f"{word.capitalize()} {self.s.state.turn} goes on; nothing was written.")
                return
        self.ask_upkeep_passes()
        guide = self.solo
        answers: dict[str, Any] = {}
        if guide is not None and guide.upkeep_asks is not None and guide.upkeep is not None:
            answers = {q.key: self.answer(q) for q in guide.upkeep_asks(self.s.state)}
        run_upkeep = guide.upkeep if guide is not None else None

        def make(state: Any, dice: DiceSource) -> Outcome:
            # A solo system rolls its upkeep spawn inside next_turn: its trace explains it.
            done = (
                run_upkeep(state, answers, dice)
                if run_upkeep is not None
                else system.next_turn(state, dice)
            )
            return with_skipped(done, system.still_to_act(state))

        self.show(self.retrying(lambda dice: self.s.run(make, dice)))

    def ask_upkeep_passes(self) -> None:
        """Each upkeep roll the player may take or leave, asked before the upkeep (Enter
        keeps the answer given before); a change is its own step, as with the command."""
        for choice in self.s.system.upkeep_choices(self.s.state):
            items = [Item("y", "Yes", True), Item("n", "No", False)]
            roll = self.ui.choose(choice.question, items[::-1] if choice.passed else items)
            if roll == choice.passed:  # a change from what the game holds
                skip = choice.skip
                opts = {**skip.options, "roll": roll}
                self.show(self.resolve(replace(skip, options=freeze(opts))))

    def do_activate(self, fid: str) -> None:
        self.show(self.s.activate(fid))

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
        w = walked[-1]
        notes = [
            Text(f"→ {name} ({w.branch.replace('-', ' ')}): {w.instruction}", style="bold cyan")
        ]
        state = self.s.state
        # Only while the walk left it actions: a branch that spent them ends its turn.
        if ph.current(self.s.system, state).fighter == fid:
            notes.append(
                Text(
                    f"Do it on the table; any further roll of {name} is in the menu, "
                    "then end its activation.",
                    style="dim",
                )
            )
        self.show(res, tuple(notes))

    def answer(self, q: Ask) -> Any:
        if q.kind == "yesno":
            return self.ui.choose(q.text, [Item("y", "Yes", True), Item("n", "No", False), BACK])
        if q.kind == "pick" and q.keys:
            keyed = [Item(k, t, v) for k, (t, v) in zip(q.keys, q.options, strict=True)]
            return self.ui.choose(q.text, [*keyed, BACK])
        if q.kind == "pick":
            options = list(q.options)
            if len(options) > len(keys_for("b")):
                # More fighters than one-key choices (a large OpFor): a list to search.
                picked = self.ui.search(f"{q.text} (type to search)", [*options, ("Back", None)])
                if picked is None:
                    raise Back()
                return picked
            return self.ui.choose(q.text, numbered(options, "b") + [BACK])
        return self.ui.number(q.text, q.low, q.high, q.default)

    def do_end_activation(self) -> None:
        try:
            odds = self.s.system.end_activation_odds(self.s.state)
        except CompanionError:
            odds = None
        if odds is not None and len(odds.odds) > 1:  # only when a roll decides it
            self.chances(odds)
        self.show(self.retrying(self.s.end_activation))

    def chances(self, odds: Trace) -> None:
        """One dim line: the exact chance of each outcome, before the dice are asked."""
        from companion.play.asking import chance

        self.c.print(
            "Chances: " + ", ".join(f"{r.text} {chance(r.p)}" for r in odds.odds),
            style="dim",
            highlight=False,
        )

    def action_label(self, action: str) -> str:
        if action == MOVE_END:
            return MOVE_END_LABEL
        if action.startswith("skill:"):
            return legal.label_of(self.s.system, "skill", {"skill": action[6:]})
        if "=" in action:  # one answer of a decision its entry makes: "attack:ranged=yes"
            name, _, said = action.partition(":")
            key, _, value = said.partition("=")
            return legal.label_of(self.s.system, name, {key: value == "yes"})
        spec = self.s.system.declared_actions().get(action)
        return spec.label if spec is not None else action.replace("-", " ").capitalize()

    def after_game_actions(self) -> list[tuple[str, FighterState]]:
        """Each action the system offers once the game is over, with a fighter to take it."""
        state = self.s.state
        found: dict[str, FighterState] = {}
        for f in state.fighters:
            for a in self.s.system.actions_for(state, f):
                found.setdefault(a, f)
        return list(found.items())

    def do_after_game(self, action: str, fid: str) -> None:
        request = self.facts(action, self.s.state.fighter(fid))
        self.show(self.resolve(request))

    def do_legal(self, choice: legal.Legal, again: dict[str, Any] | None = None) -> None:
        """Take one of the actions the rules allow now, with its facts asked."""
        before = {f.id for f in legal.actors(self.s.system, self.s.state)}
        actor = self.s.state.fighter(choice.actor)
        request = self.facts(choice.action, actor, choice, again)
        self.show(self.resolve(request), self.taken_as(choice, actor, request))
        if self.follow_up(actor.id):
            return
        # An action granted at once by this one (a Command) is asked for at once.
        for f in legal.actors(self.s.system, self.s.state):
            if f.id not in before:
                try:
                    self.do_granted(f.id)
                except Back:
                    pass
                break

    def do_granted(self, fid: str) -> None:
        """The action a rule grants `fid` at once (a 1ss Command), from its own menu."""
        state = self.s.state
        f = state.fighter(fid)
        why = dict((g.id, w) for g, w in self.s.system.granted(state)).get(fid, "")
        items = self.action_items(legal.actions(self.s.system, state, f), MAX_KEYED)
        items.append(Item("e", f"None: {f.name} lets its action go", _bind(self.do_let_go, fid)))
        head = f"{f.name}: {why}" if why else f"{f.name} may take one action now"
        choice = self.ui.choose(head, self.fit(items) + [BACK])
        choice()

    def do_any_granted(self) -> None:
        """The action granted at once to one of several fighters (two minions)."""
        granted = ph.current(self.s.system, self.s.state).granted
        if len(granted) == 1:
            self.do_granted(granted[0])
            return
        f = self.pick_fighter("Which fighter acts?", [self.s.state.fighter(g) for g in granted])
        if f is not None:
            self.do_granted(f.id)

    def do_let_go(self, fid: str) -> None:
        self.show(self.s.run(lambda s, d: self.s.system.let_go(s, fid), None))

    def do_action(self, action: str, reaction: bool = False) -> None:
        state = self.s.state
        live = [f for f in state.fighters if not f.out]
        actor = self.pick_fighter("Who falls?", live) if reaction else None
        if actor is None:
            if state.active is None:
                raise UsageError("no fighter is activating")
            actor = state.fighter(state.active)
        request = self.facts(action, actor)
        self.show(self.resolve(request))

    def do_undo(self) -> None:
        res = self.s.undo()
        self.last = [Block(lines=(Text(f"Undone: {res.events[0].summary}"),))]

    def do_redo(self) -> None:
        res = self.s.redo()
        self.last = [Block(lines=(Text("Redone:", style="bold"),))] + blocks_of(res.events)


def key_of(choice: legal.Legal) -> str:
    """The key an action's menu entry is known by: a skill used as an action has its own,
    and so has each answer of a decision an entry makes (Shoot, Melee attack)."""
    skill = choice.fixed.get("skill")
    if choice.action == "skill" and skill:
        return f"skill:{skill}"
    decided = [k for k, v in choice.fixed.items() if isinstance(v, bool)]
    if decided:
        k = decided[0]
        return f"{choice.action}:{k}={'yes' if choice.fixed[k] else 'no'}"
    return choice.action


def decisions(system: Any) -> list[str]:
    """The entries of every decision a menu entry makes (see `key_of`), most used first."""
    out = []
    for aid, spec in system.declared_actions().items():
        for fact in spec.facts:
            if fact.entries:
                out += [f"{aid}:{fact.key}=yes", f"{aid}:{fact.key}=no"]
    return out


def _bind(fn: Callable[..., None], *args: Any) -> Callable[[], None]:
    return lambda: fn(*args)
