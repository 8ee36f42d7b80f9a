"""Whether a fact can change what happens, decided from the rules themselves.

`play` asks a declared fact only when two of its answers lead to different outcome
distributions. The distribution of a request is the one `--odds` shows (the system's
`odds`: its attack odds, or its `resolve` run over every dice sequence it can ask for),
and a refusal is an outcome too. So no system lists exceptions: a Sniper's shot is not
asked about cover because cover changes no chance of it, a shot is not asked about
ganging because a shot reads no ganging, and when only one answer is legal (a fighter
with shooters only cannot fight in melee) that answer is known without asking.

Where the distribution cannot be counted (too many dice sequences), the fact is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from companion.errors import CompanionError
from companion.game.state import FighterState, GameState, freeze
from companion.odds import TooLargeError
from companion.systems.base import ActionRequest, RuleSystem
from companion.systems.kit.facts import Fact
from companion.values import frozen

# A number fact is tried at every value of its range up to this many; beyond, at its
# ends, its default and a spread of values between.
MAX_NUMBERS = 41
REFUSED = "refused: "

Distribution = tuple[tuple[str, Fraction], ...]


@frozen
class Verdict:
    """What to do with one fact: "ask" it (offering `legal`), "skip" it (no answer can
    change the outcome) or take the one legal answer as "known" (`value`)."""

    kind: str
    value: Any = None
    legal: tuple[Any, ...] = ()


class Odds:
    """Outcome distributions of one action's requests, each worked out once."""

    def __init__(
        self,
        system: RuleSystem,
        state: GameState,
        fill: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None,
    ) -> None:
        self.system = system
        self.state = state
        self.seen: dict[Any, Distribution | None] = {}
        # Gives the facts still untold that the rules need an answer to (a distance
        # once the attack is a shot) their first possible one, so a shot is not taken
        # for illegal only because its distance is not known yet: a few ways to fill
        # them, the first one the rules allow counts.
        self.fill = fill or (lambda opts: [opts])

    def of(self, request: ActionRequest) -> Distribution | None:
        """The chance of each distinct outcome, most likely first; None if it cannot be
        counted. A refused request is one certain outcome: its refusal."""
        key = (request.action, request.actor, request.target, _key(request.options))
        if key not in self.seen:
            self.seen[key] = self._count(request)
        return self.seen[key]

    def _count(self, request: ActionRequest) -> Distribution | None:
        try:
            table = self.system.odds(self.state, request)
        except TooLargeError:
            return None
        except CompanionError as e:
            return ((f"{REFUSED}{e}", Fraction(1)),)
        rows = table.chances
        if not rows:
            return None
        if len(rows) == 1:
            # One certain outcome: which one is also what it changes (the token picked
            # up, not only "picks it up"), read from the resolution itself.
            return self._changes(request) or rows
        return tuple(sorted(rows, key=lambda kv: (-kv[1], kv[0])))

    def _changes(self, request: ActionRequest) -> Distribution | None:
        from companion.core.action_odds import outcome_odds

        req = self.system.accept(self.state, request)

        def run(roller: Any) -> _Said:
            out = self.system.act(self.state, req, roller)
            return _Said(f"{out.summary}\n{out.changes!r}")

        try:
            rows = outcome_odds(run, request.action)
        except CompanionError:
            return None
        return tuple((text, p) for text, p, _ in rows)

    def with_answer(
        self, base: ActionRequest, answers: Mapping[str, Any], key: str, value: Any
    ) -> Distribution | None:
        # What the action's choice fixed (a skill) is in the base request.
        opts = {**base.options}
        opts.update({k: v for k, v in answers.items() if k != key and v is not None})
        if value is not None:
            opts[key] = value
        d: Distribution | None = None
        for filled in self.fill(opts):
            d = self.of(ActionRequest(base.action, base.actor, base.target, freeze(filled)))
            if not refused(d):
                break
        return d


class _Said:
    """An outcome as the odds walk sees it: what it says and changes, as one text."""

    def __init__(self, summary: str) -> None:
        self.summary = summary
        self.trace = None
        self.counting = None  # counted by what it says


def _key(options: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, repr(v)) for k, v in options.items()))


def refused(d: Distribution | None) -> bool:
    return d is not None and len(d) == 1 and d[0][0].startswith(REFUSED)


def answers_of(
    fact: Fact, candidates: Iterable[FighterState] = (), choices: Any = None
) -> list[Any]:
    """Every answer play could give a fact (a list of fighters: nobody, then each one
    alone), its default first. Empty: the answers cannot be listed (free text)."""
    if fact.kind == "yesno":
        return [bool(fact.default), not bool(fact.default)]
    if fact.kind == "number" and choices:
        return [v for _, v in choices]  # the numbers the game lists (the latest rolls)
    if fact.kind == "number":
        lo, hi = fact.low, fact.high
        values = list(range(lo, hi + 1))
        if len(values) > MAX_NUMBERS:
            step = max(1, (hi - lo) // (MAX_NUMBERS - 1))
            values = sorted({lo, hi, *range(lo, hi + 1, step)})
        first = fact.default if isinstance(fact.default, int) else lo
        return [first] + [v for v in values if v != first]
    if fact.kind in ("choice", "text"):
        listed = [v for _, v in choices] if choices else list(fact.choices)
        if fact.default in listed:
            listed.remove(fact.default)
            listed.insert(0, fact.default)
        return listed
    if fact.kind == "fighter":
        return [None] + [f.id for f in candidates]
    if fact.kind == "fighters":
        return [None] + [(f.id,) for f in candidates]
    return []


def judge(
    odds: Odds, base: ActionRequest, answers: Mapping[str, Any], fact: Fact, values: list[Any]
) -> Verdict:
    """Whether `fact` is asked, given the answers so far (the later facts untold)."""
    if not values:
        return Verdict("ask")
    dists = [odds.with_answer(base, answers, fact.key, v) for v in values]
    if any(d is None for d in dists):
        return Verdict("ask", legal=tuple(values))
    legal = [(v, d) for v, d in zip(values, dists, strict=True) if not refused(d)]
    if len(values) == 1 or (len(legal) == 1 and fact.kind != "number"):
        # The only answer the rules allow: known, not asked.
        return Verdict("known", (legal or list(zip(values, dists, strict=True)))[0][0])
    if len({d for _, d in legal}) <= 1 and not fact.chosen:
        # Left out, with the answers the rules allow: one of them stands in for it.
        return Verdict("skip", legal=tuple(v for v, _ in legal))
    return Verdict("ask", legal=tuple(v for v, _ in legal))
