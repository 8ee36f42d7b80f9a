"""The values a rule system hands to the CLI, the tracker and the renderers: what it is,
what is wrong with a roster, its rulings and scenarios, a request to resolve and what a
rule decided. Kept apart from the `RuleSystem` interface so the plug-in kit can build
outcomes without importing the interface that uses the kit."""

from __future__ import annotations

from collections.abc import Mapping

from companion.game.events import Change
from companion.game.state import freeze
from companion.trace import Trace
from companion.values import field, frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from companion.core.counting import Counting
    from companion.game.state import FighterState, GameState
    from companion.systems.kit.facts import Fact


@frozen
class Question:
    """A declared fact `play` is about to ask, where it stands: the game, the fighter
    acting, the answers so far and, once chosen, the target. What a rule system's
    `asks` and `known` hooks decide on."""

    state: GameState
    actor: FighterState
    fact: Fact
    answers: Mapping[str, Any]
    target: FighterState | None = None


@frozen
class SystemInfo:
    id: str
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str


@frozen
class Problem:
    """One thing wrong with a roster, as a sentence. Warnings do not fail a check."""

    message: str
    fighter: str | None = None
    severity: str = "error"  # error | warning | note


@frozen
class Ruling:
    id: str
    title: str
    text: str


@frozen
class Scenario:
    id: str
    label: str
    summary: str
    last_turn: int | None
    data: Mapping[str, Any] = field(default_factory=freeze)


@frozen
class RankInfo:
    id: str
    label: str
    die: int
    stat_min: int
    stat_max: int


@frozen
class Outcome:
    """What a rule decided: the changes to make, a summary line, the explanation, and
    `data`, what was decided and what happened, stored with the game's event.

    An outcome counted by row in its odds table (an attack) says how in `counting`: the
    odds walk reads it, and so do the contract tests, which check a system's odds
    against every roll of the dice. It is not stored.
    """

    kind: str
    summary: str
    changes: tuple[Change, ...]
    trace: Trace | None = None
    data: Mapping[str, Any] = field(default_factory=freeze)
    announcements: tuple[str, ...] = ()
    counting: Counting | None = None


@frozen
class ActionRequest:
    """What the table asks a system to resolve.

    `action` names it ("attack", "recover", "fall", "skill", or a system's own action);
    actor and target are fighter ids; `options` holds the facts only the table knows
    (ranged, range, band, cover, ganging, near, splash, inches, skill, ...) and any
    system-specific `--opt key=value` pairs under the same mapping.
    """

    action: str
    actor: str | None = None
    target: str | None = None
    options: Mapping[str, Any] = field(default_factory=freeze)


@frozen
class UpkeepChoice:
    """A roll at the coming upkeep that its player may take or leave (a face-down 1ss
    Regenerator's recovery): `question` asks whether to roll, `skip` is the request that
    passes, `passed` whether the player has already passed."""

    question: str
    skip: ActionRequest
    passed: bool = False


@frozen
class Topic:
    """A quick rules look-up entry (a skill, a role, an item, a scenario)."""

    kind: str
    id: str
    label: str
    summary: str


@frozen
class TargetRule:
    """Whom an action may target: `among` enemies, friends (never the actor) or all
    others, each further passing `test` (None: fit; else why not); `optional` when the
    action may be taken with no target at all."""

    among: str  # "enemies" | "friends" | "all" | "none"
    optional: bool = False
    needs: str = ""  # what else a target must be, in words ("prone", "a rookie")
    why: str = ""  # the rule, with its ruling id when it is ours


def default_rule(kind: str) -> TargetRule | None:
    """A declared target kind (`[facts.ACTION] target = ...`) as a rule."""
    among = {
        "enemy": "enemies",
        "friend": "friends",
        "any": "all",
        "optional": "all",
        "optional-enemy": "enemies",
    }.get(kind)
    if among is None:
        return None
    return TargetRule(among, optional=kind.startswith("optional"))
