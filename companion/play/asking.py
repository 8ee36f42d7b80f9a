"""The facts of one action at the table: whom it targets and what only the table knows.

Only what can change the outcome is asked (companion.play.matters decides it from the
odds); what has an answer most tables give (not in cover, nobody near, the answer given
last time for the same fighter and target) is not asked but shown, with the chances, on
one confirming screen where Enter rolls and a number changes that fact. A fact with no
such answer (a distance the first time) is asked before it. Whom a list offers comes
from the action's declaration: enemies, friends (never the acting fighter), or anyone.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.game.state import FighterState, freeze
from companion.odds import fmt
from companion.play.matters import Distribution, Odds, answers_of, judge, refused
from companion.play.session import Session
from companion.play.ui import BACK, Back, Item, Prompter, keys_for, numbered
from companion.systems.base import ActionRequest, Question
from companion.systems.kit.facts import ActionSpec, Fact
from companion.systems.legal import Legal, target_of
from companion.values import frozen, replace

# Whom an action's target may be, by its declared kind.
TARGETS = {
    "enemy": "enemies",
    "friend": "friends",
    "any": "all",
    "optional": "all",
    "optional-enemy": "enemies",
}
ROLL = "__roll__"
NOBODY = "__nobody__"


@frozen
class Plan:
    """The facts of an action as they stand: every answer so far (given, remembered,
    known or the usual one) and the facts that matter, in order."""

    answers: dict[str, Any]
    open: tuple[Fact, ...]
    legal: dict[str, tuple[Any, ...]]
    missing: tuple[Fact, ...]  # open facts with no usual answer: asked first


def has_usual(fact: Fact) -> bool:
    """Whether a fact has an answer most tables give (and so can wait on the
    confirming screen instead of being asked)."""
    if not fact.usual:
        return False
    if fact.kind in ("fighter", "fighters", "yesno"):
        return True
    return fact.default is not None or bool(fact.blank)


def asked_on_confirm(fact: Fact, plan: Plan) -> bool:
    """Whether a fact still to be asked is asked by the confirming screen itself: the
    only one left, and a yes/no that is asked every time because no answer goes without
    saying (`Fact.usual` false)."""
    return (
        fact.kind == "yesno"
        and not fact.usual
        and not fact.chosen
        and len(plan.missing) == 1
        and plan.missing[0] is fact
    )


def chances(d: Distribution | None, most: int = 3) -> str:
    """An outcome distribution in a few words: the likeliest outcomes with their chance,
    a move's distances in their order."""
    from companion.core.action_odds import by_distance

    if d is None:
        return "too many ways to count"
    if refused(d):
        return "not allowed: " + d[0][0].split(": ", 1)[1]
    if len(d) == 1:
        return said(d[0][0])
    likeliest = by_distance(d[:most], lambda kv: said(kv[0]))
    shown = [f"{said(text)} {chance(p)}" for text, p in likeliest]
    if len(d) > most:
        shown.append(f"{len(d) - most} more")
    return ", ".join(shown)


def said(text: str) -> str:
    """An outcome's words (a certain outcome is keyed with its changes too)."""
    return text.split("\n", 1)[0]


def chance(p: Fraction) -> str:
    """A chance in the one form the whole product prints them in (`odds.fmt`)."""
    return fmt(p)


class Asking:
    """The part of the guided loop that builds an action's request."""

    s: Session
    c: Any
    ui: Prompter
    memory: dict[tuple[str, str | None, str], Any]
    # What the last action took as usual without asking (its outcome was certain, so
    # there was nothing to roll on a confirming screen): said under its result, and
    # `More → c` takes the step back to change it.
    assumed: tuple[tuple[Fact, Any], ...] = ()
    review: dict[str, Any] = {}

    def action_label(self, action: str) -> str:
        raise NotImplementedError

    def entry_of(self, action: str) -> tuple[str, str]:
        raise NotImplementedError

    def brief(self, f: FighterState) -> str:
        raise NotImplementedError

    # -- whom -------------------------------------------------------------------------
    def among(
        self, actor: FighterState, target: FighterState | None, who: str
    ) -> list[FighterState]:
        """The fighters a list may hold: enemies of the actor, its friends (never the
        actor itself), everyone else (neither actor nor target) or everyone."""
        state = self.s.state
        live = [f for f in state.fighters if not f.out]
        if who == "enemies":
            return [f for f in live if f.side != actor.side]
        if who == "friends":
            return [f for f in live if f.side == actor.side and f.id != actor.id]
        if who == "others":
            skip = {actor.id} | ({target.id} if target else set())
            return [f for f in live if f.id not in skip]
        return [f for f in live if f.id != actor.id]

    def pick_fighter(
        self, message: str, fighters: Any, optional: bool = False
    ) -> FighterState | None:
        """One fighter from a list, by its id (a menu entry carries the id, never its
        label); `optional` adds "nobody" under the letter n, last, so no fighter's number
        moves for it."""
        labels: list[tuple[str, Any]] = [(f"{f.name} ({self.brief(f)})", f.id) for f in fighters]
        if len(labels) > len(keys_for("bn")):
            # More fighters than one-key choices (a large solo game): a list to search.
            extra = [("Nobody", NOBODY)] if optional else []
            fid = self.ui.search(f"{message} (type to search)", [*labels, *extra, ("Back", None)])
            if fid is None:
                raise Back()
            return None if fid == NOBODY else self.s.state.fighter(fid)
        items = self.by_place(fighters, labels, "bn") or numbered(labels, "bn")
        if optional:
            items.append(Item("n", "Nobody", NOBODY))
        fid = self.ui.choose(message, items + [BACK])
        return None if fid == NOBODY else self.s.state.fighter(fid)

    def by_place(
        self, fighters: Any, labels: list[tuple[str, Any]], reserved: str
    ) -> list[Item] | None:
        """Menu entries keyed by each fighter's place in its roster, so a fighter keeps
        its number in every list all game long (the list of one side by the place in
        that side; a list of both by the place among all); None when a place has no key
        left (a large solo game), for the caller's own numbering."""
        state = self.s.state
        fighters = list(fighters)
        sides = {f.side for f in fighters}
        order = (
            [
                f.id
                for f in (
                    state.side_fighters(fighters[0].side) if len(sides) == 1 else state.fighters
                )
            ]
            if fighters
            else []
        )
        keys = keys_for(reserved)
        out = []
        for f, (label, value) in zip(fighters, labels, strict=True):
            i = order.index(f.id)
            if i >= len(keys):
                return None
            out.append(Item(keys[i], label, value))
        return out

    # -- what -------------------------------------------------------------------------
    def spec_of(self, action: str) -> ActionSpec:
        return self.s.system.declared_actions().get(action) or ActionSpec(
            action, self.action_label(action), "optional"
        )

    def facts(
        self,
        action: str,
        actor: FighterState,
        choice: Legal | None = None,
        again: dict[str, Any] | None = None,
    ) -> ActionRequest:
        """The request for `action`: its target, then the facts that matter. `choice` is
        the action as the rules allow it now (`companion.systems.legal`): its target is
        one of the fighters it may take, and what its choice fixed (a skill) is not asked.
        `again` holds the answers of the same action taken back to change one: its target
        and facts, shown on the confirming screen."""
        spec = self.spec_of(action)
        fixed = dict(choice.fixed) if choice is not None else {}
        domain = (
            choice.target
            if choice is not None
            else target_of(self.s.system, self.s.state, actor, action, fixed)
        )
        target: FighterState | None = None
        if again is not None:
            target = self.s.state.fighter(again["target"]) if again.get("target") else None
        elif domain is not None and len(domain.ids) == 1 and not domain.optional:
            # The one fighter the rules allow (the unit a Run charged): not asked.
            target = self.s.state.fighter(domain.ids[0])
        elif domain is not None:
            target = self.pick_fighter(
                f"{actor.name}: {choice.label if choice else spec.label} — whom?",
                [self.s.state.fighter(t) for t in domain.ids],
                optional=domain.optional,
            )
        spec = replace(spec, facts=tuple(f for f in spec.facts if f.key not in fixed))
        odds = Odds(self.s.system, self.s.state, lambda opts: self.fill(spec, actor, target, opts))
        base = ActionRequest(action, actor.id, target.id if target else None, freeze(fixed))
        given: dict[str, Any] = dict(again.get("answers", {})) if again is not None else {}
        confirming = False
        self.assumed = ()
        label = choice.label if choice is not None else spec.label
        while True:
            plan = self.plan(spec, actor, target, given, odds, base)
            if plan.missing:
                fact = plan.missing[0]
                if asked_on_confirm(fact, plan) and again is None:
                    # A yes/no asked every time (did the charge reach?) is the confirming
                    # screen's own question: Enter says yes and rolls, one key saved.
                    yes = not fact.flip
                    ans = {**plan.answers, fact.key: yes}
                    picked = self.confirm(
                        label, actor, target, replace(plan, answers=ans), odds, base, fact
                    )
                    if isinstance(picked, Fact):
                        given[picked.key] = self.changed(picked, actor, target, plan, odds, base)
                        continue
                    given[fact.key] = yes if picked is None else not yes
                    plan = self.plan(spec, actor, target, given, odds, base)
                    if picked is None and not plan.missing:
                        break
                    continue
                last = self.memory.get((actor.id, base.target, fact.key))
                given[fact.key] = self.ask_fact(fact, actor, target, last, plan, odds, base)
                continue
            waiting = [f for f in plan.open if f.key not in given]
            if not waiting and not confirming and again is None:
                break
            if not confirming and again is None and self.certain(odds, base, plan):
                # Nothing to roll (a move): no confirming screen; what was taken as
                # usual is said under the result, one key from being changed.
                self.assumed = tuple((f, plan.answers.get(f.key)) for f in waiting)
                break
            # Once on the confirming screen, a change comes back to it: Enter rolls.
            confirming = True
            change = self.confirm(label, actor, target, plan, odds, base)
            if not isinstance(change, Fact):
                break
            given[change.key] = self.changed(change, actor, target, plan, odds, base)
        answers = {**fixed, **{k: v for k, v in plan.answers.items() if v is not None}}
        # A fact the rules need but whose every allowed answer leads to the same (a
        # Ranger's shot reads its distance only to check the reach) takes the first
        # allowed one.
        for filled in self.fill(spec, actor, target, answers):
            if not refused(odds.of(ActionRequest(action, actor.id, base.target, freeze(filled)))):
                answers = filled
                break
        answers = {**fixed, **answers}
        for f in plan.open:
            self.memory[(actor.id, base.target, f.key)] = plan.answers.get(f.key)
        self.review = {
            "target": base.target,
            "answers": {f.key: plan.answers.get(f.key) for f in plan.open},
        }
        request = ActionRequest(action, actor.id, base.target, freeze(answers))
        d = odds.of(request)
        if d is not None and not refused(d) and len(d) > 1 and not plan.open:
            self.c.print(f"Chances: {chances(d, 6)}", style="dim", highlight=False)
        accepted: ActionRequest = self.s.system.accept(self.s.state, request)
        return accepted

    def changed(
        self,
        fact: Fact,
        actor: FighterState,
        target: FighterState | None,
        plan: Plan,
        odds: Odds,
        base: ActionRequest,
    ) -> Any:
        """A fact's new answer, picked on the confirming screen: a yes/no flips at its key
        (the new chances show at once), any other is asked."""
        now = plan.answers.get(fact.key)
        if fact.kind == "yesno":
            return not now
        return self.ask_fact(fact, actor, target, now, plan, odds, base)

    def plan(
        self,
        spec: ActionSpec,
        actor: FighterState,
        target: FighterState | None,
        given: dict[str, Any],
        odds: Odds,
        base: ActionRequest,
    ) -> Plan:
        """Which facts matter with the answers given so far; each other open fact at the
        answer given last time for this fighter and target, else its usual one."""
        system, state = self.s.system, self.s.state
        # What the action's choice fixed (a skill) reads as given: `when` facts follow it.
        answers: dict[str, Any] = dict(base.options)
        open_: list[Fact] = []
        legal: dict[str, tuple[Any, ...]] = {}
        missing: list[Fact] = []
        skipped: list[Fact] = []

        def keep_open(fact: Fact, allowed: tuple[Any, ...]) -> None:
            open_.append(fact)
            legal[fact.key] = allowed
            if fact.key in given:
                answers[fact.key] = given[fact.key]
                return
            usual = self.usual(fact, actor, target, allowed)
            if usual is _NONE:
                missing.append(fact)
            else:
                answers[fact.key] = usual

        for fact in spec.facts:
            q = Question(state, actor, fact, answers, target)
            known = system.known(q)
            if known is not None:
                answers[fact.key] = known
                continue
            if not fact.in_play or not system.asks(q):
                continue
            values = self.values_of(fact, actor, target)
            v = judge(odds, base, answers, fact, values)
            if fact.key in given or v.kind == "ask":
                keep_open(fact, v.legal)
            elif v.kind == "known":
                answers[fact.key] = v.value
            else:
                skipped.append(fact)
                if fact.kind in ("choice", "text") and values:
                    # The first answer the rules allow (an objective not yet scored).
                    answers[fact.key] = (v.legal or values)[0]
                elif v.legal and fact.default is not None and fact.default not in v.legal:
                    # A default the rules refuse here (a count of 1 where the other side
                    # holds every marker) gives way to the first one they allow.
                    answers[fact.key] = v.legal[0]
        # A fact left out for the later facts' usual answers is asked after all when,
        # with the answers now at hand, it does change the outcome.
        for fact in skipped:
            rest = {k: v for k, v in answers.items() if k != fact.key}
            v = judge(odds, base, rest, fact, self.values_of(fact, actor, target))
            if v.kind == "ask":
                keep_open(fact, v.legal)
        order = [f.key for f in spec.facts]
        open_.sort(key=lambda f: order.index(f.key))
        return Plan(answers, tuple(open_), legal, tuple(missing))

    def fill(
        self,
        spec: ActionSpec,
        actor: FighterState,
        target: FighterState | None,
        opts: dict[str, Any],
    ) -> list[dict[str, Any]]:
        """Ways to give each untold fact that applies and has no default of its own an
        answer: its first possible one, its second, one a quarter in (see matters.Odds)."""
        out = [dict(opts)]
        system, state = self.s.system, self.s.state
        for fact in spec.facts:
            if (
                fact.key in opts
                or fact.default is not None
                or fact.blank
                or fact.kind not in ("number", "choice")
            ):
                continue
            if fact.in_play and system.asks(Question(state, actor, fact, out[0], target)):
                values = self.values_of(fact, actor, target)
                if values:
                    picks = [values[0], values[min(1, len(values) - 1)], values[len(values) // 4]]
                    out = [{**o, fact.key: v} for o in out for v in dict.fromkeys(picks)]
        return out[:9]

    def values_of(self, fact: Fact, actor: FighterState, target: FighterState | None) -> list[Any]:
        choices = None
        if fact.kind in ("choice", "text", "number"):
            choices = self.s.system.fact_choices(self.s.state, actor, fact)
        people = self.among(actor, target, fact.among) if fact.kind.startswith("fighter") else []
        return answers_of(fact, people, choices)

    def usual(
        self, fact: Fact, actor: FighterState, target: FighterState | None, legal: tuple[Any, ...]
    ) -> Any:
        """The answer given last time for this fighter and target, else the one most
        tables give (the declared default, nobody for a list of fighters); _NONE when
        there is none and the fact must be asked (always, for a fact declared with no
        usual answer)."""
        if fact.blank and fact.kind == "number":
            # A distance the rules only check (a 1ss move): left out, as tables do.
            return None
        if fact.chosen or not fact.usual or (fact.kind == "number" and fact.default is None):
            # A decision, a fact with no usual answer and a distance (each move its own)
            # are asked every time; the last answer is the default the question shows.
            return _NONE
        key = (actor.id, target.id if target else None, fact.key)
        if key in self.memory and (not legal or self.memory[key] in legal):
            return self.memory[key]
        if fact.kind in ("fighter", "fighters"):
            return None
        if fact.kind == "yesno":
            default = bool(fact.default)
            return default if not legal or default in legal else (not default)
        if fact.default is not None and (not legal or fact.default in legal):
            return fact.default
        if fact.kind == "choice" and legal:
            return legal[0]
        return _NONE

    def certain(self, odds: Odds, base: ActionRequest, plan: Plan) -> bool:
        """Whether the action, at the answers it has now, has one outcome only."""
        d = odds.with_answer(base, plan.answers, "", None)
        return d is not None and len(d) == 1 and not refused(d)

    def assumed_note(self, actor: FighterState, target: FighterState | None) -> str:
        """The facts the last action took as usual, in a line under its result."""
        said = "; ".join(
            f"{self.fact_line(f, actor, target)} {self.word(f, v)}" for f, v in self.assumed
        )
        return f"Taken as usual: {said} (m, c: change it)"

    # -- the confirming screen -----------------------------------------------------------
    def confirm(
        self,
        label: str,
        actor: FighterState,
        target: FighterState | None,
        plan: Plan,
        odds: Odds,
        base: ActionRequest,
        asked: Fact | None = None,
    ) -> Fact | None | bool:
        """The open facts at their answers and the chances: Enter rolls, a number
        changes that fact. None: roll. With `asked`, a yes/no asked every time, the
        screen asks it: Enter is yes (None: roll), n is no (False)."""
        d = odds.with_answer(base, plan.answers, "", None)
        whom = f" → {target.name}" if target else ""
        what = "Chances: " if d is not None and len(d) > 1 else ""
        self.c.print(
            f"{actor.name}: {label}{whom}. {what}{chances(d, 6)}",
            style="cyan",
            highlight=False,
        )
        labels: list[tuple[str, Any]] = []
        for f in plan.open:
            if f != asked:
                labels.append((f"{self.fact_line(f, actor, target)}: {self.said(f, plan)}", f))
        # An action with one outcome rolls nothing: Enter takes it.
        go, head = (
            ("Take it (Enter)", "Enter takes it")
            if self.certain(odds, base, plan)
            else ("Roll (Enter)", "Enter rolls")
        )
        if asked is not None:
            no = asked.flip
            d_no = odds.with_answer(base, plan.answers, asked.key, no)
            items = [
                Item("y", f"Yes: {go[0].lower()}{go[1:]}", ROLL),
                Item("n", f"No — {chances(d_no)}", False),
            ]
            items += numbered(labels, "ynb") + [BACK]
            question = self.fact_line(asked, actor, target)
            tail = "; a number changes that fact" if labels else ""
            choice = self.ui.choose(f"{question} (Enter: yes){tail}", items)
            return None if choice == ROLL else choice  # type: ignore[no-any-return]
        items = [Item("r", go, ROLL)] + numbered(labels, "rb") + [BACK]
        choice = self.ui.choose(f"{head}; a number changes that fact", items)
        return None if choice == ROLL else choice  # type: ignore[no-any-return]

    def fact_line(self, f: Fact, actor: FighterState, target: FighterState | None) -> str:
        return f.question(actor.name, target.name if target else "")

    def said(self, f: Fact, plan: Plan) -> str:
        v = plan.answers.get(f.key)
        return self.word(f, v)

    def word(self, f: Fact, v: Any) -> str:
        """An answer in words."""
        if f.kind == "yesno":
            return "yes" if bool(v) != f.flip else "no"
        if f.kind == "fighter":
            return self.s.state.fighter(v).name if v else "nobody"
        if f.kind == "fighters":
            return ", ".join(self.s.state.fighter(x).name for x in v) if v else "nobody"
        if v is None and f.blank:
            return f.blank
        return str(v)

    def ask_fact(
        self,
        fact: Fact,
        actor: FighterState,
        target: FighterState | None,
        current: Any = None,
        plan: Plan | None = None,
        odds: Odds | None = None,
        base: ActionRequest | None = None,
    ) -> Any:
        """Ask one fact; each answer of a yes/no or a choice shows what it leads to."""
        q = fact.question(actor.name, target.name if target else "")
        legal = plan.legal.get(fact.key, ()) if plan is not None else ()

        def after(value: Any) -> str:
            if plan is None or odds is None or base is None:
                return ""
            return f" — {chances(odds.with_answer(base, plan.answers, fact.key, value))}"

        if fact.kind == "yesno":
            now = bool(fact.default) if current is None else bool(current)
            # A flipped fact asks the positive question: its yes stores the key's no.
            yes, no = (not fact.flip), fact.flip
            items = [Item("y", "Yes" + after(yes), yes), Item("n", "No" + after(no), no)]
            items = sorted(items, key=lambda it: it.value != now)
            return self.ui.choose(q, items + [BACK])
        listed = (
            self.s.system.fact_choices(self.s.state, actor, fact) if fact.kind == "number" else None
        )
        if listed:
            # A number the game lists (which of the latest rolls): chosen from the list.
            shown = [(t + after(v), v) for t, v in listed if not legal or v in legal]
            return self.ui.choose(q, numbered(shown or listed, "b") + [BACK])
        if fact.kind == "number":
            default = current if isinstance(current, int) else None
            if default is None and isinstance(fact.default, int):
                default = fact.default

            def check(value: int) -> str | None:
                # A number the rules refuse (a move past the stat) is refused at once,
                # with their reason, instead of after the step.
                if plan is None or odds is None or base is None:
                    return None
                d = odds.with_answer(base, plan.answers, fact.key, value)
                return d[0][0].split(": ", 1)[1] if d is not None and refused(d) else None

            if default is not None and check(default) is not None:
                default = None
            return self.ui.number(q, fact.low, fact.high, default, check)
        if fact.kind in ("choice", "text"):
            choices = self.s.system.fact_choices(self.s.state, actor, fact)
            if choices is None and fact.choices:
                choices = [(c, c) for c in fact.choices]
            if choices:
                if legal:
                    choices = [(t, v) for t, v in choices if v in legal] or choices
                if current is not None:
                    choices.sort(key=lambda tv: tv[1] != current)
                return self.ui.choose(
                    q, numbered([(t + after(v), v) for t, v in choices], "b") + [BACK]
                )
            answer = self.ui.text(q, str(current or fact.default or ""))
            return answer.strip() or None
        people = self.among(actor, target, fact.among)
        if legal:
            # Only whom the rules allow (the friends that took a support action): a list
            # offers no one the step would then refuse.
            ok = {v[0] if isinstance(v, tuple) else v for v in legal if v}
            people = [p for p in people if p.id in ok]
        if fact.kind == "fighter":
            f = self.pick_fighter(q, people, optional=True)
            return f.id if f else None
        while True:
            picked = self.ui.checkbox(
                q + " (space marks, Enter goes on)", [(f.name, f.id) for f in people]
            )
            if picked or plan is None or odds is None or base is None:
                return tuple(picked) or None
            # Nobody marked, where the rules need someone (the fighter closest to a
            # Monochrome target): their reason, and the list again.
            d = odds.with_answer(base, plan.answers, fact.key, None)
            if d is None or not refused(d):
                return None
            from companion.play.words import in_play

            why = in_play(d[0][0].split(": ", 1)[1], self.entry_of)
            self.c.print(why, style="yellow", highlight=False)


class _Missing:
    def __repr__(self) -> str:
        return "_NONE"


_NONE: Any = _Missing()
