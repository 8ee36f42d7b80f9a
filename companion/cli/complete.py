"""Shell completion of values: systems, rosters, games, the current game's fighters and
sides, skills and scenarios.

Only a shell asking for completions runs this (`companion --install-completion` sets it
up); a command being run never imports it. A completion that cannot be worked out (no
game yet, a damaged file) offers nothing rather than fail. Which values a declared
command's argument or option completes is said by the command registry
(`registry.COMPLETES`, by its name) or by the command's declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def completer(kind: str) -> Callable[..., list[str]]:
    """The function Typer calls to complete a value of `kind`."""

    def complete_value(ctx: Any, args: list[str], incomplete: str) -> list[str]:
        return values(kind, ctx, incomplete, args)

    return complete_value


def values(kind: str, ctx: Any, incomplete: str, args: list[str] | None = None) -> list[str]:
    try:
        params = dict(getattr(ctx, "params", None) or {})
        if kind.startswith("roster-") and not params.get("roster"):
            # `roster add NAME FIGHTER --skill ...`: a completing shell may leave the
            # words before the option unparsed; the roster is the first of them.
            words = [*(args or []), *getattr(ctx, "args", [])]
            params["roster"] = words[0] if words else None
        params.setdefault("__command__", getattr(ctx, "info_name", None))
        found = _values(kind, params)
    except Exception:  # noqa: BLE001 - a shell completing must never see a traceback
        return []
    key = (incomplete or "").casefold()
    seen: dict[str, None] = {}
    for v in found:
        if v.casefold().startswith(key):
            seen.setdefault(v, None)
    return list(seen)


def _values(kind: str, params: dict[str, Any]) -> list[str]:
    from companion import systems

    if kind == "system":
        return list(systems.ids())
    if kind == "topic":
        from companion.lookup.topics import all_topics

        return [
            t.id
            for t in all_topics(systems.resolve_id(str(params.get("system") or systems.DEFAULT)))
        ]
    from companion.game.repo import Home
    from companion.systems import legal

    home = Home()
    if kind == "roster":
        return [r.name for r in home.rosters()]
    if kind == "game":
        return home.game_names()
    if kind == "solo-scenario":
        solo = systems.get(systems.owner("solo")).solo
        return list(solo.data().scenarios) if solo is not None else []
    if kind == "scenario":
        system = params.get("system")
        if not system and params.get("roster"):
            given = params["roster"]
            first = given[0] if isinstance(given, (list, tuple)) else given
            system = home.find_roster(str(first)).system
        return [s.id for s in systems.get(str(system or systems.DEFAULT)).scenarios()]
    if kind.startswith("roster-"):
        sys_ = systems.get(home.find_roster(str(params.get("roster") or "")).system)
        if kind == "roster-rank":
            return [r.id for r in sys_.ranks()]
        if kind == "roster-item":
            return [wid for what, wid, _ in sys_.fighter_words() if what == "equipment"]
        return _skills(sys_)
    gf = home.open_game(params.get("game"))
    state = gf.state
    if kind == "fighter":
        return [f.name for f in state.fighters]
    if kind == "side":
        return [s.name for s in state.sides]
    f = _fighter(state, params.get("fighter") or params.get("attacker"))
    sys_ = systems.get(gf.system)
    if kind == "target":
        return _targets(sys_, state, f, params)
    if kind == "action":
        if f is not None and f in legal.actors(sys_, state):
            return legal.action_names(sys_, state, f)  # what it may take now
        return list(sys_.actions_for(state, f) if f is not None else sys_.action_names())
    if kind == "skill":
        if f is not None:
            return list(f.skills)
        return _skills(systems.get(gf.system))
    return []


def _targets(system: Any, state: Any, f: Any, params: dict[str, Any]) -> list[str]:
    """Whom the action on the command line may target now, as the legal actions say;
    every fighter when the actor or the action is not known yet."""
    everyone = [t.name for t in state.fighters]
    if f is None:
        return everyone
    command = str(params.get("__command__") or "")
    action = str(params.get("action") or command)
    from companion.systems import legal

    fixed: dict[str, Any] = {}
    if command == "skill" and params.get("skill_name"):
        action, fixed = "skill", {"skill": str(params["skill_name"]).casefold()}
        if fixed["skill"] in system.action_names():
            action, fixed = fixed["skill"], {}
    domain = legal.target_of(system, state, f, action, fixed)
    if domain is None:
        return everyone
    return [state.fighter(t).name for t in domain.ids]


def _fighter(state: Any, name: Any) -> Any:
    """The fighter the command line names so far (a prefix is enough), or None."""
    from companion.cli.shared import find_fighter
    from companion.errors import CompanionError

    try:
        return find_fighter(state, str(name)) if name else None
    except CompanionError:
        return None


def _skills(system: Any) -> list[str]:
    return [wid for what, wid, _ in system.fighter_words() if what == "skill"]
