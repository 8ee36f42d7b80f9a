"""What the resolution commands do: attack, odds, recover, fall, skill, and `act`.

Each parses what the table knows into an ActionRequest, lets the game's rule system
resolve it with dice, records the outcome as one event and prints the explanation.
Plain functions without Typer: `companion.cli.actions` declares the commands for Typer
and calls these; the quick path (`companion.cli.quick`) calls them directly.
"""

from __future__ import annotations

from companion import TYPE_CHECKING, systems
from companion.cli.shared import (
    dice_source,
    find_fighter,
    print_json,
    run_outcome,
    typed_value,
    writing_game,
)
from companion.errors import NoCurrentGameError, UsageError
from companion.game.state import GameState, freeze
from companion.numbers import shown
from companion.systems.base import ActionRequest, Outcome, RuleSystem
from companion.trace import Trace

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Literal, TypedDict, Unpack

    from companion.cli.declare import Rolled
    from companion.cli.paper import Table

    class Told(TypedDict):
        """What the table tells an attack besides who (`companion.cli.actions.ATTACK_FACTS`)."""

        ranged: bool
        range_: int | None
        cover: bool | None
        opt: list[str] | None


def _opts(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in pairs or []:
        k, sep, v = p.partition("=")
        if not sep or not k.strip():
            raise UsageError(f"--opt takes KEY=VALUE, not {shown(p)}")
        out[k.strip().casefold()] = typed_value(v, f"--opt {shown(k.strip())}")
    return out


def attack_request(
    state: GameState,
    attacker: str,
    target: str,
    ranged: bool,
    range_: int | None,
    cover: bool | None,
    opt: list[str] | None,
) -> ActionRequest:
    a = find_fighter(state, attacker)
    t = find_fighter(state, target, acting=False)
    # The command's own flags are facts like any --opt: only those given are passed on,
    # so a system that has no such fact refuses them by name (companion.systems.kit.facts).
    options: dict[str, Any] = {}
    if ranged or range_ is not None:
        options["ranged"] = True
    if range_ is not None:
        options["range"] = range_
    if cover is not None:
        options["cover"] = cover
    options.update(_opts(opt))
    req = ActionRequest("attack", a.id, t.id, freeze(options))
    return systems.get(state.system).accept(state, req)


def attack(
    attacker: str,
    target: str,
    dice: str | None,
    seed: int | None,
    game: str | None,
    as_json: bool,
    system: str | None = None,
    force: bool = False,
    **told: Unpack[Told],
) -> None:
    src = dice_source(dice, seed)

    def in_game() -> None:
        with writing_game(game) as gf:
            req = attack_request(gf.state, attacker, target, **told)
            rules = systems.get(gf.system)
            run_outcome(gf, _resolve_legal(rules, gf.state, req, src, force), as_json, src)

    on_paper = _attack_unless_paper(game, system, attacker, target, told, in_game)
    if on_paper is not None:
        from companion.cli import paper

        found, req = on_paper
        outcome = systems.get(found.view.system).resolve(found.view.state, req, src)
        paper.show_outcome(found, outcome, src, as_json)


def odds(
    attacker: str,
    target: str,
    game: str | None,
    as_json: bool,
    system: str | None = None,
    **told: Unpack[Told],
) -> None:
    def in_game() -> None:
        from companion.game.peek import peeking  # the state alone: no need to open the game

        with peeking(game) as gf:
            req = attack_request(gf.state, attacker, target, **told)
        _show_odds(gf.system, systems.get(gf.system).odds(gf.state, req), as_json)

    on_paper = _attack_unless_paper(game, system, attacker, target, told, in_game)
    if on_paper is not None:
        from companion.cli import paper

        found, req = on_paper
        paper.show_odds(found, systems.get(found.view.system).odds(found.view.state, req), as_json)


def _attack_unless_paper(
    game: str | None,
    system: str | None,
    attacker: str,
    target: str,
    told: Told,
    in_game: Callable[[], None],
) -> tuple[Table, ActionRequest] | None:
    """Run the attack on the game (None), unless it is a look-up without one: then the
    look-up's throwaway game, and the attack on it with the facts told."""
    no_game = _in_game_unless_paper(game, system, in_game)
    if no_game is False:
        return None
    from companion.cli import paper

    found = paper.table(system, (attacker, target), no_game=no_game)
    return found, attack_request(found.view.state, found.names[0], found.names[1], **told)


def _in_game_unless_paper(
    game: str | None, system: str | None, in_game: Callable[[], None]
) -> NoCurrentGameError | None | Literal[False]:
    """Run the command on the game, unless it is a look-up without one: False when it
    ran; else None (--system asks for a look-up), or the error saying that no game is
    current (the fighters are then looked up, and the error is shown if they cannot be)."""
    if system is not None:
        return None
    try:
        in_game()
    except NoCurrentGameError as e:
        if game is not None:
            raise
        return e
    return False


def _resolve_legal(
    rules: RuleSystem, state: GameState, req: ActionRequest, src: Any, force: bool
) -> Outcome:
    """Resolve a request the rules allow now (`companion.systems.legal`); one they do not
    is refused before any die is asked for, or with --force taken as a house rule that
    the log names."""
    from companion.systems import legal

    why = legal.refusal(rules, state, req)
    if why is None:
        return rules.resolve(state, req, src)
    own = legal.own_refusal(rules, state, req)
    if own is not None:
        raise own  # the rules' own words: no --force takes what the rule code refuses
    if not force:
        raise legal.OutsideRules(f"{why}; --force takes it all the same, as a house rule")
    return legal.forced(rules.resolve(state, req, src), why)


def _show_odds(system: str, trace: Trace, as_json: bool) -> None:
    if as_json:
        print_json(trace.to_dict())
        return
    from companion.render.trace_print import print_trace

    print_trace(trace, system)


def _simple(
    action: str,
    fighter: str,
    target: str | None,
    options: dict[str, Any],
    dice: str | None,
    seed: int | None,
    game: str | None,
    as_json: bool,
    odds: bool = False,
    system: str | None = None,
    force: bool = False,
) -> None:
    if odds and (dice is not None or seed is not None):
        raise UsageError("--odds rolls nothing: leave out --dice and --seed")

    def in_game() -> None:
        if odds:
            from companion.game.peek import peeking

            with peeking(game) as view:
                rules = systems.get(view.system)
                req = _request(view.state, rules, action, fighter, target, options)
            _show_odds(view.system, rules.odds(view.state, req), as_json)
            return
        src = dice_source(dice, seed)
        with writing_game(game) as gf:
            rules = systems.get(gf.system)
            req = _request(gf.state, rules, action, fighter, target, options)
            run_outcome(gf, _resolve_legal(rules, gf.state, req, src, force), as_json, src)

    no_game = _in_game_unless_paper(game, system, in_game)
    if no_game is False:
        return
    from companion.cli import paper

    found = paper.on_paper(system, action, fighter, target, options, no_game)
    rules = systems.get(found.view.system)
    state = found.view.state
    other = found.names[1] if target is not None else None
    req = _request(state, rules, action, found.names[0], other, options)
    if odds:
        paper.show_odds(found, rules.odds(state, req), as_json)
        return
    src = dice_source(dice, seed)
    paper.show_outcome(found, rules.resolve(state, req, src), src, as_json)


def _request(
    state: GameState,
    system: RuleSystem,
    action: str,
    fighter: str,
    target: str | None,
    options: dict[str, Any],
) -> ActionRequest:
    t = find_fighter(state, target, acting=False).id if target else None
    if not fighter:
        if system.needs_actor(action):
            raise UsageError(f"say who takes it: 'companion act FIGHTER {action}'")
        return system.accept(state, ActionRequest(action, None, t, freeze(options)))
    f = find_fighter(state, fighter)
    return system.accept(state, ActionRequest(action, f.id, t, freeze(options)))


def recover(fighter: str, **rolled: Unpack[Rolled]) -> None:
    _simple("recover", fighter, None, {}, **rolled)


def fall(fighter: str, inches: str, **rolled: Unpack[Rolled]) -> None:
    _simple("fall", fighter, None, {"inches": inches}, **rolled)


def skill(
    fighter: str,
    skill_name: str,
    target: str | None,
    opt: list[str] | None,
    **rolled: Unpack[Rolled],
) -> None:
    options = {"skill": skill_name.strip().casefold().replace(" ", "-"), **_opts(opt)}
    _simple("skill", fighter, target, options, **rolled)


def act(
    fighter: str,
    action: str | None,
    target: str | None,
    opt: list[str] | None,
    **rolled: Unpack[Rolled],
) -> None:
    if action is None:  # one word: an action no fighter takes (act objectives)
        rolled.pop("system", None)
        _simple(fighter.strip().casefold(), "", target, _opts(opt), **rolled)
        return
    _simple(action.strip().casefold(), fighter, target, _opts(opt), **rolled)
