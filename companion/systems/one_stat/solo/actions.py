"""The solo objective actions as actions of the 1ss plug-in, so `companion play` offers
them and `companion act` takes them: pick up, drop or bring home a token, shut down a
device, question a civilian. Declared in the solo data file (`[facts.*]`); each runs the
same function as its `companion solo ...` command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.roller import Roller
from companion.errors import UsageError
from companion.game.state import FighterState, GameState
from companion.systems.base import ActionRequest, Outcome
from companion.systems.kit.facts import ActionSpec, Fact
from companion.systems.one_stat import SOLO_ACTIONS, SOLO_FILE
from companion.systems.one_stat.state import OneStatGame, OneStatSoloGame


def declared() -> Mapping[str, ActionSpec]:
    from companion.systems.kit.facts import declared_in

    return declared_in(SOLO_FILE)[0]


def _lying(state: GameState) -> list[Mapping[str, Any]]:
    return [
        t
        for t in OneStatGame.of(state).tokens or ()
        if t["state"] in ("board", "dropped") and t["kind"] not in ("station", "hostage")
    ]


def _carried(state: GameState, f: FighterState) -> list[Mapping[str, Any]]:
    return [
        t
        for t in OneStatGame.of(state).tokens or ()
        if t["state"] == "carried" and t["carrier"] == f.name
    ]


def devices(state: GameState) -> list[tuple[str, str]]:
    """(label, value) of each device still running: spawnpoints in Shutdown, stations,
    the event spot's device."""
    from companion.systems.one_stat.solo.data import load

    d = load()
    out: list[tuple[str, str]] = []
    if any(d.scenarios[s].devices for s in state.options.get("scenarios") or ()):
        shut = set(OneStatSoloGame.of(state).shut or ())
        for n in range(1, len(OneStatSoloGame.of(state).spawnpoints or ()) + 1):
            if n not in shut:
                out.append((f"spawnpoint {n}", str(n)))
    for t in OneStatGame.of(state).tokens or ():
        if t["kind"] == "station" and t["state"] != "shut":
            out.append((f"station {t['id']}", str(t["id"])))
    ev = OneStatSoloGame.of(state).event
    if ev and ev.get("check") and not ev.get("done"):
        out.append((f"the event spot ({ev['label']})", "event"))
    return out


def offered(state: GameState, f: FighterState) -> list[str]:
    """The solo actions worth offering `f` now (none outside a solo game)."""
    if not state.options.get("solo") or f.side != 0 or f.out:
        return []
    from companion.systems.one_stat.solo.data import load

    out = []
    if _lying(state):
        out.append("pick-token")
    if _carried(state, f):
        out += ["drop-token", "bring-home"]
    if devices(state):
        out.append("shut-down")
    setup = load().setups.get(str(state.options.get("setup")))
    if setup is not None and setup.questioning:
        out.append("question")
    return out


def choices(state: GameState, f: FighterState, fact: Fact) -> list[tuple[str, Any]] | None:
    """The tokens or devices `play` offers for a solo fact, or None for other facts."""
    d = declared()
    if fact == d["shut-down"].fact("device"):
        return [(label, value) for label, value in devices(state)]
    if fact == d["pick-token"].fact("token"):
        tokens: Sequence[Mapping[str, Any]] = _lying(state)
    elif fact in (d["drop-token"].fact("token"), d["bring-home"].fact("token")):
        tokens = _carried(state, f)
    else:
        return None
    return [(f"{t['id']} ({t['kind']}, {t['state']})", str(t["id"])) for t in tokens]


def resolve(state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    """Run a solo objective action through the functions of `companion solo ...`, their
    dice asked of `roller` (rolled, or walked for the odds)."""
    from companion.systems.one_stat.solo import objectives as ob
    from companion.systems.one_stat.solo.game import solo_or_refuse

    solo_or_refuse(state)
    if not req.actor:
        raise UsageError("name the fighter")
    f = state.fighter(req.actor)
    o = dict(req.options)
    free = bool(o.get("free"))
    if req.action in ("pick-token", "drop-token", "bring-home"):
        tid = o.get("token")
        if not tid:
            raise UsageError("say which token with --opt token=ID (as on the map)")
        if req.action != "pick-token" and not any(
            str(t["id"]).casefold() == str(tid).strip().casefold() for t in _carried(state, f)
        ):
            raise UsageError(f"{f.name} does not carry token {tid}")
        what = {"pick-token": "pick", "drop-token": "drop", "bring-home": "home"}[req.action]
        return ob.token_act(state, str(tid), what, f, roller, None, free)
    if req.action == "shut-down":
        dev = o.get("device")
        if not dev:
            raise UsageError("say which device with --opt device=N|ID|event")
        return ob.shut_down(state, str(dev), f, roller, free)
    if req.action == "question":
        return ob.ask(state, f, roller, free)
    raise UsageError(f"no solo action '{req.action}'; use one of {', '.join(SOLO_ACTIONS)}")
