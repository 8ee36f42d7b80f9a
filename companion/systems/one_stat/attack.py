"""The `attack` and `odds` requests: checks, then the combat rules, then the trace."""

from __future__ import annotations

from collections.abc import Mapping

from companion import TYPE_CHECKING
from companion.core.counting import Counting
from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState, freeze
from companion.names import fared
from companion.systems.base import ActionRequest, Outcome
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.combat import (
    Attack,
    Ctx,
    band_of,
    can_melee,
    cannot_attack,
    label,
    melee_reach,
    odds_row,
    run_attack,
    splash_attacks,
)
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.permissions import spend_action
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.scenarios import after_resolution
from companion.systems.one_stat.sequence import CHARGERS, RULING, check_skirmish, did, moves
from companion.systems.one_stat.state import (
    ActionSequence,
    OneStatFighter,
    OneStatGame,
    OneStatTurn,
)
from companion.trace import Step, Trace

if TYPE_CHECKING:
    from typing import Any


def build(
    d: OneStatData, state: GameState, req: ActionRequest
) -> tuple[FighterState, FighterState, Attack]:
    """Check the attack can be made as the table describes it (fighters, reach, weapons)."""
    o = dict(req.options)
    a, t = fx.named(state, req.actor, "attacker"), fx.named(state, req.target, "target")
    if a.id == t.id:
        raise UsageError("a fighter cannot attack itself")
    # An enemy Influencer's puppet and a wild Demon may turn on their own side (R-1SS-P20).
    turned = OneStatTurn.of(a).reaction == "influenced" or OneStatFighter.of(a).wild
    if a.side == t.side and not turned:
        raise RefusedError(f"{a.name} and {t.name} fight on the same side")
    if not fx.in_play(a):
        raise RefusedError(f"{a.name} is out of the game")
    if not fx.in_play(t):
        raise RefusedError(f"{t.name} is already out of the game")
    if a.status != "upright":
        raise RefusedError(f"{a.name} is {a.status}: its only action is Recover (R-1SS-06)")
    rng, band = o.get("range"), o.get("band")
    # A distance or a range band only means something for a shot, so either makes the
    # attack ranged, as --range does for every system.
    ranged = bool(o.get("ranged")) or rng is not None or band is not None
    if rng is not None and band is not None:
        raise UsageError("give --range or --opt band, not both")
    check_distraction(state, a, t, o)
    check_skirmish(a, o, not ranged)
    crew = None
    if OneStatGame.of(state).fire_teams:
        from companion.systems.one_stat import fire_team as ft

        team = ft.standing_team(state, a.id)
        if team and not ranged:
            raise RefusedError(
                f"{a.name} is in a Fire Team: its actions are one move per member or the heavy "
                f"shooter's shot, never a melee attack ({ft.RULING})"
            )
        if team:
            crew = ft.crew(d, state, team)
            a = crew
    if ranged:
        why = cannot_attack(a)
        if why:
            raise RefusedError(why)
        if rng is None and band is None:
            raise UsageError("a ranged attack needs --range STEPS or --opt band=short|normal|long")
        if rng is not None:
            if int(rng) < 1:
                raise RefusedError("a ranged attack needs the target at least 1 step away")
            band = band_of(int(rng)) or "beyond"
        if int(o.get("ganging", 0) or 0):
            raise UsageError("ganging up counts in melee only; drop ganging for a ranged attack")
    else:
        why = can_melee(d, a)
        if why:
            raise RefusedError(why)
        if ActionSequence.of(a).bonus_attack == "charge":
            o["charge"] = True
        if o.get("charge"):
            if not any(fx.has(a, s) for s in CHARGERS):
                raise UsageError(
                    f"--opt charge=true is the Maniac's (or Red William's) charge; {a.name} "
                    "has no such skill"
                )
            if not o.get("free") and not (
                ActionSequence.of(a).bonus_attack == "charge"
                or (moves(a) == 2 and "attack" not in did(a))
            ):
                raise RefusedError(
                    f"{a.name} charges only right after two straight movement actions in this "
                    f"activation ({RULING})"
                )
        reach = o.get("reach")
        if reach is not None and _number(reach, "reach") > melee_reach(a):
            raise RefusedError(
                f'{a.name} reaches {melee_reach(a)}" in melee'
                + ("" if fx.has(a, "martial-artist") else ' (only a Martial Artist reaches 5")')
                + f'; the target is {reach}" away'
            )
    if o.get("preacher"):
        _check_preacher(state, a, t, str(o["preacher"]))
    if o.get("tank") is not None:
        o["tank"] = fx.find(state, str(o["tank"])).id
    atk = Attack(
        melee=not ranged,
        range=int(rng) if rng is not None else None,
        band=band,
        cover=o.get("cover"),
        ganging=int(o.get("ganging", 0) or 0),
        near=tuple(n for n in o.get("near", ()) if n not in (a.id, t.id)),
        splash=tuple(o.get("splash", ())),
        options=o,
        crew=crew,
    )
    if ranged:
        from companion.systems.one_stat.combat import ranged_dice

        ranged_dice(d, a, band or "short", atk.range, o, state)  # refuses when out of reach
        if atk.splash and not _heavy1(d, a, o, state):
            raise UsageError("splash is for a heavy shooter, option 1")
    elif atk.splash or atk.near:
        raise UsageError("near and splash belong to ranged attacks")
    return a, t, atk


def _check_preacher(state: GameState, a: FighterState, t: FighterState, who: str) -> None:
    """A Preacher's blessing needs a Preacher of that side in play (R-1SS-P20)."""
    sides = {"attacker": [a.side], "defender": [t.side], "both": [a.side, t.side]}
    for side in sides.get(who, [t.side]):
        if not any(fx.has(f, "preacher") and fx.in_play(f) for f in state.side_fighters(side)):
            raise UsageError(
                f"--opt preacher={who}: {state.sides[side].name} has no Preacher in play"
            )


def _number(v: object, what: str) -> float:
    try:
        return float(str(v))
    except ValueError:
        raise UsageError(f"--opt {what}= takes a number of inches, not {v!r}") from None


def check_distraction(
    state: GameState, a: FighterState, t: FighterState, o: dict[str, Any]
) -> None:
    """An enemy Distraction within 10" must be the target of the actor's actions
    (R-1SS-P13). The table says so with --opt distraction=NAME (or =true for any
    Distraction in play); false says none is within 10". Unsaid, it stays a reminder."""
    v = o.get("distraction")
    if v is None or v is False:
        return
    decoys = [
        f for f in state.fighters if f.side != a.side and fx.has(f, "distraction") and fx.in_play(f)
    ]
    if v is True:
        named = decoys
        if not named:
            raise UsageError("no enemy Distraction is in play; drop --opt distraction")
    else:
        x = fx.find(state, str(v))
        if x.id not in {f.id for f in decoys}:
            raise UsageError(f"--opt distraction={v}: {x.name} is no enemy Distraction in play")
        named = [x]
    if t.id not in {f.id for f in named}:
        who = " or ".join(f.name for f in named)
        raise RefusedError(
            f'{who} is a Distraction within 10" of {a.name}: {a.name} must pick it as the '
            f"target of its actions, not {t.name} (R-1SS-P13)"
        )


def _heavy1(d: OneStatData, a: FighterState, o: dict[str, Any], state: GameState) -> bool:
    from companion.systems.one_stat.combat import heavy_option

    return fx.carries_heavy(d, a) and heavy_option(a, o, state) == 1


def reminders(
    state: GameState,
    a: FighterState,
    t: FighterState,
    roller: Roller,
    melee: bool,
    opts: Mapping[str, Any],
) -> None:
    """Rules about positions the table checks: Distraction targeting, Thugs stepping in."""
    for f in state.fighters:
        if "distraction" in opts:
            break  # the table told us; check_distraction enforced it
        if f.side == t.side and f.id != t.id and fx.has(f, "distraction") and fx.in_play(f):
            roller.info(
                "Distraction",
                f'{f.name} is a Distraction: if it is within 10" of {a.name}, '
                "it must be the target",
            )
    thugs = [f.name for f in state.fighters if fx.has(f, "thug") and fx.in_play(f)]
    if melee and thugs:
        roller.info(
            "Thug",
            f'{", ".join(thugs)} may step 1" toward this melee if within 10" of it',
        )
    if OneStatTurn.of(a).influenced_by:
        roller.info("Influencer", f"{a.name} acts for the enemy Influencer this action")


def spend(board: Board, roller: Roller, a: FighterState, atk: Attack) -> None:
    """What the attack costs: the Fire Team's shot, a charge after two moves, or one of
    the attacker's actions (R-1SS-P05)."""
    if atk.crew is not None:
        from companion.systems.one_stat.fire_team import spend_shot

        spend_shot(board, roller, a, atk.options)
    elif (
        atk.options.get("charge")
        and not ActionSequence.of(a).bonus_attack
        and not atk.options.get("free")
    ):
        # Given on the attack itself after the two moves: it comes beyond the two actions.
        board.put(ActionSequence, a.id, did=[*did(a), "attack"])
        roller.info(
            "Action",
            "the charge follows the two straight moves at once and costs no action",
            (RULING,),
        )
    else:
        spend_action(board, roller, a, atk.options, "the attack", "attack")
    if ActionSequence.of(a).bonus_attack:
        board.put(ActionSequence, a.id, bonus_attack=None)
    if atk.options.get("skirmish"):
        board.put(OneStatTurn, a.id, actions=0)
        roller.info(
            "Skirmisher", f"{a.name} may finish its move after the attack; no further action"
        )


def act(d: OneStatData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    """The attack action, every roll a check handed to `roller`: rolled, or walked over
    every branch for its odds table (a row for its target, and one for each fighter a
    heavy shot splashes)."""
    a, t, atk = build(d, state, req)
    board = Board(state)
    for key in ("minion", "minion_near"):
        if atk.options.get(key) is not None:
            board.choices[key] = atk.options[key]
    # The odds are asked of any attack the table describes, whoever may make it now:
    # only the attack rolled spends an action and ends a game, which change no die.
    rolled = roller.takes
    if rolled:
        spend(board, roller, a, atk)
    else:
        roller.info("Main line", "each step below assumes the one before it succeeded")
    reminders(state, a, t, roller, atk.melee, atk.options)
    ctx = Ctx(d, board, roller, atk)
    actual = run_attack(ctx, a.id, t.id)
    result = label(state.fighter(actual), board.fighter(actual), ctx.hits)
    row = odds_row(state, ctx, actual, t.id)
    also = splash_attacks(ctx, state, a.id)
    if rolled:
        after_resolution(d, board, roller)
    who = board.fighter(actual).name
    summary = f"{a.name} {'attacks' if atk.melee else 'shoots at'} {t.name}; " + (
        fared(who, result)
        if actual == t.id
        else f"the shot hits {who} instead; {fared(who, result)}"
    )
    title = f"{'Melee' if atk.melee else 'Ranged'} attack: {a.name} against {t.name}"
    if not atk.melee:
        title += (
            f" ({atk.range} steps, {atk.band} range)"
            if atk.range is not None
            else f" ({atk.band} range)"
        )
    trace = Trace(title, tuple(roller.steps), summary, (), _rulings(roller.steps))
    data: dict[str, Any] = {"result": result, "target": actual}
    counting = Counting(row, tuple(also))
    return Outcome(
        "attack",
        summary,
        board.changes(),
        trace,
        freeze(data),
        tuple(board.announcements),
        counting,
    )


def odds_title(state: GameState, req: ActionRequest) -> str:
    """The title of an attack's odds: a distance or a band makes it a shot, as in `build`."""
    o = req.options
    a, t = fx.named(state, req.actor, "attacker"), fx.named(state, req.target, "target")
    ranged = bool(o.get("ranged")) or o.get("range") is not None or o.get("band") is not None
    return f"Odds: {a.name} {'shoots at' if ranged else 'attacks'} {t.name}"


def _rulings(steps: list[Step] | tuple[Step, ...]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for s in steps:
        for r in s.rulings:
            seen[r] = None
    return tuple(seen)
