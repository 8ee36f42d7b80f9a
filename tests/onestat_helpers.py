"""Small builders for 1ss rule tests: fighters and games without the CLI."""

from __future__ import annotations

from typing import Any

from companion import systems
from companion.dice import TypedDice
from companion.game.events import apply_change
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.systems.base import ActionRequest, Outcome

DIE = {"rookie": 6, "specialist": 8, "boss": 10}


def fighter(
    fid: str,
    side: int,
    rank: str = "specialist",
    stat: int = 4,
    gear: tuple[str, ...] = ("melee-1h",),
    skills: tuple[str, ...] = (),
    **kw: Any,
) -> FighterState:
    flags = kw.pop("flags", {})
    return FighterState(
        id=fid,
        side=side,
        name=fid.title(),
        rank=rank,
        die=kw.pop("die", DIE[rank]),
        stats=freeze({"stat": stat}),
        equipment=gear,
        skills=skills,
        flags=freeze(flags),
        **kw,
    )


def game(
    *fighters: FighterState,
    active: str | None = None,
    scenario: str = "training",
    actions: int = 2,
    turn: int = 1,
    last_turn: int | None = 8,
) -> GameState:
    fs = []
    for f in fighters:
        if f.id == (active or fighters[0].id):
            f = FighterState(
                **{**f.__dict__, "token": True, "flags": freeze({**f.flags, "actions": actions})}
            )
        fs.append(f)
    return GameState(
        system="1ss",
        scenario=scenario,
        sides=(SideState("Reds", "Reds"), SideState("Blues", "Blues")),
        fighters=tuple(fs),
        turn=turn,
        last_turn=last_turn,
        phase="action",
        active=active or fighters[0].id,
    )


def sys1():
    return systems.get("1ss")


def resolve(
    state: GameState,
    action: str,
    actor: str,
    target: str | None = None,
    dice: list[int] | None = None,
    **options: Any,
) -> tuple[Outcome, GameState]:
    src = TypedDice(dice or [])
    out = sys1().resolve(state, ActionRequest(action, actor, target, freeze(options)), src)
    src.finish()
    new = state
    for c in out.changes:
        new = apply_change(new, c)
    return out, new


def attack(
    state: GameState, a: str, t: str, dice: list[int], **options: Any
) -> tuple[Outcome, GameState]:
    options.setdefault("ranged", False)
    options.setdefault("ganging", 0)
    return resolve(state, "attack", a, t, dice, **options)


def odds(state: GameState, a: str, t: str, **options: Any) -> dict[str, Any]:
    options.setdefault("ranged", False)
    options.setdefault("ganging", 0)
    tr = sys1().odds(state, ActionRequest("attack", a, t, freeze(options)))
    return dict(tr.chances)


def step(out: Outcome, title_part: str):
    assert out.trace is not None
    for s in out.trace.steps:
        if title_part in s.title:
            return s
    raise AssertionError(f"no step '{title_part}' in {[s.title for s in out.trace.steps]}")


def again(state: GameState, fid: str, actions: int = 2) -> GameState:
    """The state with `fid` starting a fresh activation (a new action sequence), so a test
    can attack a second time without breaking the one-attack rule (R-1SS-P16)."""
    fs = []
    for f in state.fighters:
        if f.id == fid:
            flags = {k: v for k, v in f.flags.items() if k not in ("did", "bonus_attack")}
            f = FighterState(**{**f.__dict__, "flags": freeze({**flags, "actions": actions})})
        fs.append(f)
    return GameState(**{**state.__dict__, "fighters": tuple(fs), "active": fid})


def band(name: str, regen: str) -> dict:
    return {
        "name": name,
        "system": "1ss",
        "fighters": [
            {"name": f"{name} boss", "rank": "boss", "stats": {"stat": 6},
             "equipment": ["melee-1h"], "skills": ["command", "veteran"]},
            {"name": regen, "rank": "specialist", "stats": {"stat": 5},
             "equipment": ["melee-1h"], "skills": ["regenerator"]},
            {"name": f"{name} rookie 1", "rank": "rookie", "stats": {"stat": 3},
             "equipment": ["melee-1h"], "skills": []},
            {"name": f"{name} rookie 2", "rank": "rookie", "stats": {"stat": 3},
             "equipment": ["melee-1h"], "skills": []},
        ],
    }  # fmt: skip


def mend(run) -> dict:
    b = run("status", "--json").json()
    return next(f for f in b["sides"][0]["fighters"] if f["name"] == "Mend")
