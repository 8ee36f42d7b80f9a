"""What a rule system's solo procedures offer guided play (`companion play`): the
questions only the table can answer, what the procedure decided for a fighter, and the
guide that ties them together. Declared here, beside the other values a system hands
out, so a system implements it without importing the layer that plays; `play` finds a
system's guide through its solo capability (`RuleSystem.solo`, `SoloPlay.guide`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.dice import DiceSource
from companion.game.state import GameState
from companion.systems.records import Outcome
from companion.values import frozen


@frozen
class Ask:
    """One question only the table can answer.

    kind: "yesno", "pick" (one of `options`, each a label and the value recorded) or
    "number" (a whole number from `low` to `high`). `keys`: a pick's own keys, one an
    option in order (numbers when empty).
    """

    key: str
    text: str
    kind: str
    options: tuple[tuple[str, Any], ...] = ()
    low: int = 0
    high: int = 100
    default: int | None = None
    keys: str = ""


@frozen
class Walk:
    """What the procedure decided for one fighter, and the outcomes to write as one step."""

    fighter: str
    branch: str
    instruction: str
    outcomes: tuple[Outcome, ...]


@frozen
class SoloGuide:
    """What the solo procedures tell the guided loop.

    order: the opposing fighters that may act now on `side` (ids), the procedure's next
        one first.
    ask: the next question about fighter `fid` given the answers so far, or None when
        the procedure can decide.
    walk: activate `fid`, decide with the answers and resolve what needs dice (an
        attack), as outcomes computed from the shown state; nothing is written here.
    check: an outcome that ends the game when the scenario is decided, else None.
    upkeep_asks: the questions the player answers before upkeep (a roll the player may
        take or leave), or None when upkeep asks nothing.
    upkeep: the upkeep outcome with those answers, in place of the system's `next_turn`.
    pass_side: the player's side lets its fighters still to act go, so the opposing
        side's phase comes next (not the upkeep), or None when the system has no such step.
    declarable: what only the table can see that counts in this game and is not yet
        declared (an escort reached its corner), as (key, words); `declare` records one.
    """

    order: Callable[[GameState, int], Sequence[str]]
    ask: Callable[[GameState, str, Mapping[str, Any]], Ask | None]
    walk: Callable[[GameState, str, Mapping[str, Any], DiceSource], Walk]
    check: Callable[[GameState], Outcome | None]
    upkeep_asks: Callable[[GameState], Sequence[Ask]] | None = None
    upkeep: Callable[[GameState, Mapping[str, Any], DiceSource], Outcome] | None = None
    pass_side: Callable[[GameState, int], Outcome] | None = None
    declarable: Callable[[GameState], Sequence[tuple[str, str]]] | None = None
    declare: Callable[[GameState, str], Outcome] | None = None
