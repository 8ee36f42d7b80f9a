"""Resolution commands without a tracked game, for a game kept on paper.

`companion odds --system 1ss Robyn:John "Cpt:T-999" --range 8` and
`companion attack --system 1ss "specialist stat=5 rifle" "rookie stat=3"` name their
fighters from a saved roster (ROSTER:FIGHTER, prefixes allowed) or describe them in the
words `roster add` takes (`companion.systems.kit.describe`). The fighters are set on two
sides of a throwaway game kept in memory (`companion.systems.kit.fresh`), and the
command then runs on it exactly as on a tracked game: the same request, the same rules,
the same explanation. Nothing is written.

Loaded only by a command that looks up (`--system`, or no game to use), so the table
commands of a tracked game never import it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion import TYPE_CHECKING, systems
from companion.cli.shared import print_json
from companion.errors import CompanionError, NoCurrentGameError, RefusedError, UsageError
from companion.game.peek import GameView
from companion.game.state import freeze
from companion.names import close_to, match
from companion.roster import Roster, RosterFighter
from companion.systems.base import ActionRequest
from companion.systems.kit.fresh import Described, Placed, fresh_game
from companion.values import frozen, replace

if TYPE_CHECKING:
    from typing import Any

    from companion.dice import DiceSource
    from companion.systems.base import Outcome, RuleSystem
    from companion.trace import Trace


@frozen
class Given:
    """One fighter of a look-up, as its argument named it."""

    text: str  # as the command line gave it
    described: Described
    roster: Roster | None = None  # the saved roster it comes from


@frozen
class Table:
    """The throwaway game of a look-up: its view, the fighters' names in the order they
    were given, and what was filled in for them."""

    view: GameView
    names: tuple[str, ...]
    notes: tuple[str, ...] = ()


def table(
    system: str | None,
    fighters: Sequence[str],
    together: bool = False,
    no_game: CompanionError | None = None,
) -> Table:
    """The fighters named or described, each on its own side (`together`: all on the
    first side, for an action on a friend), in the first turn of a fresh game with the
    first of them activating. `no_game`: the command was meant for a game, and there is
    none; it is the error if the fighters cannot be read without one either."""
    rosters = _saved_rosters() if any(":" in f for f in fighters) else []
    refs = [_reference(text, rosters) for text in fighters]
    sys_ = _system(system, fighters, refs, no_game)
    given = [
        Given(text, Described(ref[1]), ref[0])
        if ref
        else Given(text, _described(sys_, text, rosters))
        for text, ref in zip(fighters, refs, strict=True)
    ]
    given = _distinct(given)
    sides = [0] * len(given) if together else list(range(len(given)))
    placed = [
        Placed(g.described.fighter, side, g.described.status, g.described.wounds)
        for g, side in zip(given, sides, strict=True)
    ]
    state, _ = fresh_game(sys_, placed, _sides(sys_, given, sides, together))
    notes = tuple(
        f"{g.described.fighter.name} ({g.text}): {n}" for g in given for n in g.described.notes
    )
    view = GameView("(look-up)", sys_.info.id, state)
    return Table(view, tuple(g.described.fighter.name for g in given), notes)


def on_paper(
    system: str | None,
    action: str,
    fighter: str,
    target: str | None,
    options: Mapping[str, Any],
    no_game: CompanionError | None = None,
) -> Table:
    """The throwaway game for one fighter's action, with its target, if any, where the
    action wants it: an enemy on the other side, a friend on its own. Where the system
    does not declare which (a 1ss skill: Healer on a friend, Assassin on an enemy), the
    rules decide: a target they refuse as an enemy is taken as a friend."""
    if target is None:
        return table(system, (fighter,), no_game=no_game)
    apart = table(system, (fighter, target), no_game=no_game)
    sys_ = systems.get(apart.view.system)
    spec = sys_.declared_actions().get(action)
    wants = spec.target if spec is not None else "optional"
    if wants == "friend":
        return table(system, (fighter, target), together=True)
    if wants == "enemy":
        return apart
    try:
        _try(sys_, apart, action, options)
    except RefusedError as refused:
        together = table(system, (fighter, target), together=True)
        try:
            _try(sys_, together, action, options)
        except CompanionError:
            raise refused from None
        return together
    return apart


def _try(sys_: RuleSystem, found: Table, action: str, options: Mapping[str, Any]) -> None:
    """Whether the rules take the action on this table (its odds, rolling nothing)."""
    state = found.view.state
    ids = [f.id for name in found.names for f in state.fighters if f.name == name]
    sys_.odds(state, sys_.accept(state, ActionRequest(action, ids[0], ids[1], freeze(options))))


def _system(
    system: str | None,
    texts: Sequence[str],
    refs: Sequence[tuple[Roster, RosterFighter] | None],
    no_game: CompanionError | None = None,
) -> RuleSystem:
    """`--system`, else the rosters' system, else the first whose words read every
    description."""
    from_rosters = {ref[0].system: ref[0] for ref in refs if ref}
    if system is not None:
        sys_ = systems.get(system)
        for sid, roster in from_rosters.items():
            if sid != sys_.info.id:
                raise UsageError(f"'{roster.name}' is a {sid} roster, not {sys_.info.id}")
        return sys_
    if len(from_rosters) > 1:
        raise UsageError(f"the rosters play different systems ({', '.join(sorted(from_rosters))})")
    if from_rosters:
        return systems.get(next(iter(from_rosters)))
    described = [t for t, ref in zip(texts, refs, strict=True) if not ref]
    from companion.systems.kit.describe import describe

    first: CompanionError | None = None
    for sid in systems.ids():
        try:
            for text in described:
                describe(systems.get(sid), text)
        except CompanionError as e:
            first = first or e
            continue
        return systems.get(sid)
    known = ", ".join(systems.ids())
    if no_game is not None:
        # Names of a game's fighters, most likely: the game's error, and the other way.
        raise NoCurrentGameError(
            f"{no_game}; without a game, name fighters as ROSTER:FIGHTER or describe them "
            f"in roster words, with --system ({known})"
        )
    raise UsageError(f"{first}; or name the system with --system ({known})")


def _described(system: RuleSystem, text: str, rosters: Sequence[Roster]) -> Described:
    from companion.systems.kit.describe import describe  # only for fighters described

    try:
        return describe(system, text)
    except UsageError:
        left = text.partition(":")[0].strip()
        if ":" in text and left and (" " not in left or close_to(left, [r.name for r in rosters])):
            # ROSTER:FIGHTER whose roster is not saved: the roster's error says which.
            match(left, rosters, lambda r: r.name, "roster")
        raise


def _reference(text: str, rosters: Sequence[Roster]) -> tuple[Roster, RosterFighter] | None:
    """The saved roster's fighter a ROSTER:FIGHTER argument names, or None when it names
    no saved roster (then it is a description)."""
    left, sep, right = text.partition(":")
    key = left.strip().casefold()
    if not sep or not key or not right.strip():
        return None
    if not any(r.name.casefold().startswith(key) for r in rosters):
        return None
    roster = match(left, rosters, lambda r: r.name, "roster")
    fighter = match(right, roster.fighters, lambda f: f.name, f"fighter of '{roster.name}'")
    return roster, fighter


def _distinct(given: list[Given]) -> list[Given]:
    """Two fighters of the same name (two Orc Warriors) are told apart as copies are."""
    seen: set[str] = set()
    out = []
    for g in given:
        f = g.described.fighter
        name, n = f.name, 2
        while name.casefold() in seen:
            name, n = f"{f.name} {n}", n + 1
        seen.add(name.casefold())
        if name != f.name:
            g = replace(g, described=replace(g.described, fighter=replace(f, name=name)))
        out.append(g)
    return out


def _sides(
    system: RuleSystem, given: Sequence[Given], sides: Sequence[int], together: bool
) -> list[Roster]:
    """Each side plays the roster its first fighter comes from (its options too: the
    rerolls a force bought), or one named after that fighter."""
    out: list[Roster] = []
    for side in range(1 if together else len(given)):
        first = given[sides.index(side)]
        roster = first.roster or Roster(first.described.fighter.name, system.info.id)
        while roster.name in [r.name for r in out]:
            roster = replace(roster, name=roster.name + " (2)")
        out.append(roster)
    if len(out) < 2:
        out.append(Roster("Opponents", system.info.id))  # a stand-in's: see fresh_game
    return out


def _saved_rosters() -> list[Roster]:
    """The saved rosters, read from their file with the standard library where it can,
    the usual way otherwise."""
    from companion.home import read_locked

    quick = read_locked(_read_rosters)
    if quick is not None:
        return quick
    from companion.cli.shared import open_home

    home = open_home()
    with home.reading():
        return home.rosters()


def _read_rosters(home: str) -> list[Roster] | None:
    import json
    import os

    path = os.path.join(home, "rosters.json")
    if not os.path.isfile(path):
        return []
    from companion.home import outside, read_regular

    if outside(path, home) is not None:
        return None  # the usual way says what is wrong
    data = json.loads(read_regular(path))
    docs = data.get("rosters", {}) if isinstance(data, dict) else None
    if not isinstance(docs, dict):
        return None
    try:
        return [Roster.from_dict(d, f"{path} roster {i + 1}") for i, d in enumerate(docs.values())]
    except CompanionError:
        return None  # the usual way says what is wrong


# -- showing what a look-up found ---------------------------------------------------------


def show_odds(found: Table, trace: Trace, as_json: bool) -> None:
    if as_json:
        print_json({**trace.to_dict(), **({"notes": list(found.notes)} if found.notes else {})})
        return
    _notes(found)
    from companion.render.trace_print import print_trace

    print_trace(trace, found.view.system)


def show_outcome(found: Table, outcome: Outcome, dice: DiceSource, as_json: bool) -> None:
    """An action resolved on the throwaway game, explained as a game's would be; what it
    would change in a game is not kept (a game on paper keeps it on paper)."""
    dice.finish()
    if as_json:
        print_json(
            {
                "kind": outcome.kind,
                "summary": outcome.summary,
                "trace": outcome.trace.to_dict() if outcome.trace else None,
                "dice": list(dice.all_values),
                "typed": any(r.typed for r in dice.history),
                "written": False,
                **({"notes": list(found.notes)} if found.notes else {}),
            }
        )
        return
    _notes(found)
    if outcome.trace is None:
        from companion.render import plain

        plain.write(outcome.summary)
        return
    from companion.render.trace_print import print_trace

    print_trace(outcome.trace, found.view.system)


def _notes(found: Table) -> None:
    import sys

    for note in found.notes:
        sys.stdout.write(f"Note: {note}\n")
