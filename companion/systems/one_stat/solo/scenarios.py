"""Solitaire scenarios: what each puts on the table, and the win/loss check.

A solo game keeps its scenario facts in plain game flags:
  spawnpoints  [[col, row], ...]        spawnpoint N is entry N-1
  tokens       [{id, kind, label, col, row, state, carrier}, ...]
  shut         [spawnpoint numbers shut down]        (Shutdown)
  declared     [objective ids the player declared]  (what only the table can see)
  event        {id, label, col, row, deadline, done} (Investigate)
and the game options hold the win and lose objective lists (several scenarios mixed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.game.state import FighterState, GameState, freeze
from companion.systems.one_stat.solo.bounty import BOUNTY_STAT, LADDER
from companion.systems.one_stat.solo.data import Setup, SoloData, SoloScenario
from companion.systems.one_stat.solo.profiles import Profile
from companion.systems.one_stat.solo.spawn import opfor_fighter
from companion.systems.one_stat.state import (
    OneStatFighter,
    OneStatGame,
    OneStatSolo,
    OneStatSoloGame,
)

TOKEN_LABELS = {"treasure": "T", "clue-x": "X", "clue-y": "Y", "station": "D"}
HOME = (1, 1)


def objectives(
    scenarios: Sequence[SoloScenario], setup: Setup | None
) -> tuple[list[str], list[str], int]:
    """Win and lose objectives of scenarios played together, and the turn limit."""
    win: list[str] = []
    lose: list[str] = []
    for sc in scenarios:
        win += [w for w in sc.win if w not in win]
        lose += [x for x in sc.lose if x not in lose]
    if len(scenarios) > 1 and "survive" in win:
        win.remove("survive")
    limits = [sc.last_turn for sc in scenarios if sc.last_turn]
    last = min(limits) if limits else 0
    if setup is not None:
        win = list(setup.win or win)
        lose = list(setup.lose or lose)
        if setup.last_turn is not None:
            last = setup.last_turn
    return win, lose, last


# The corners beside yours (bottom-left), as the Hostage boss's start may be chosen
# (R-1SS-S04): seen from your corner, top-left is to your left, bottom-right to your right.
SIDE_CORNERS = {"left": (1, 6), "right": (6, 1)}


def far_corner(corner: Sequence[int], grid: int) -> tuple[int, int]:
    """The corner square diagonally across from `corner`."""
    return grid + 1 - corner[0], grid + 1 - corner[1]


def corner_name(corner: Sequence[int], grid: int) -> str:
    col = "left" if corner[0] == 1 else "right" if corner[0] == grid else ""
    row = "bottom" if corner[1] == 1 else "top" if corner[1] == grid else ""
    return f"{row}-{col}" if row and col else f"column {corner[0]}, row {corner[1]}"


def scenario_fighters(
    d: SoloData,
    scenarios: Sequence[SoloScenario],
    profile: Profile,
    setup: Setup | None,
    hostage_corner: str | None = None,
) -> list[FighterState]:
    """The fighters a scenario brings besides the player's warband and the spawns.
    `hostage_corner` (left or right of yours) moves the Hostage boss's start."""
    out: list[FighterState] = []
    for sc in scenarios:
        if sc.boss:
            name = (setup.boss_name if setup else None) or (
                "Bounty boss" if sc.boss == "bounty" else "Hostage boss"
            )
            skills = ("veteran",) + (setup.boss_skills if setup else ())
            corner = sc.boss_corner
            if sc.boss == "hostage" and hostage_corner is not None:
                corner = SIDE_CORNERS[hostage_corner]
            flags: dict[str, Any] = {
                "opfor": True,
                "ladder": list(LADDER),
                "corner": list(corner),
            }
            flags["bounty" if sc.boss == "bounty" else "hostage_boss"] = True
            if setup is not None and setup.charge:
                flags["charge_left"] = True
            out.append(
                FighterState(
                    id=f"{sc.boss}-boss",
                    side=1,
                    name=name,
                    rank="boss",
                    die=LADDER[0],
                    stats=freeze({"stat": BOUNTY_STAT}),
                    equipment=profile.equipment("boss"),
                    skills=skills,
                    flags=freeze(flags),
                )
            )
        if sc.trek:
            n = 0
            for rank, count in d.warband.items():
                for i in range(count):
                    n += 1
                    f = opfor_fighter(profile, rank, i + 1, None, _die(rank))
                    out.append(
                        FighterState(
                            id=f"trek-{rank}-{i + 1}",
                            side=1,
                            name=f"Trek {f.name}",
                            rank=rank,
                            die=f.die,
                            stats=f.stats,
                            equipment=f.equipment,
                            skills=f.skills,
                            flags=freeze({"opfor": True, "trek": True}),
                        )
                    )
        if sc.escort:
            out.append(
                FighterState(
                    id="escort",
                    side=0,
                    name=(setup.escort_name if setup else None) or "Escort",
                    rank="rookie",
                    die=6,
                    stats=freeze({"stat": 4}),
                    equipment=("none",),
                    flags=freeze({"escort": True, "cannot_attack": True}),
                )
            )
    return out


def _die(rank: str) -> int:
    return {"rookie": 6, "specialist": 8, "boss": 10}[rank]


def token_kinds(scenarios: Sequence[SoloScenario], setup: Setup | None) -> list[tuple[str, str]]:
    """(id, kind) of every token placed by dice at set-up."""
    out: list[tuple[str, str]] = []
    counts: dict[str, int] = {}
    kinds = [k for sc in scenarios for k in sc.tokens]
    if setup is not None and setup.questioning:
        # The coordinate clues are placed later, as the questioning turns them up.
        kinds = [k for k in kinds if not k.startswith("clue")]
    kinds += ["station"] * (setup.stations if setup else 0)
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
        base = TOKEN_LABELS[k]
        tid = base if k.startswith("clue") else f"{base}{counts[k]}"
        out.append((tid, k))
    return out


# --- the check ------------------------------------------------------------------------


def _standing(state: GameState, side: int, **flag: Any) -> list[FighterState]:
    return [
        f
        for f in state.side_fighters(side)
        if not f.out and all(bool(f.flags.get(k)) == v for k, v in flag.items())
    ]


def _tokens(state: GameState, kind: str) -> list[Mapping[str, Any]]:
    return [t for t in OneStatGame.of(state).tokens or () if t["kind"] == kind]


def met(state: GameState, objective: str, ending: bool = False, upkeep: bool = False) -> bool:
    """Whether an objective holds now. `upkeep`: the turn in `state.turn` is over;
    `ending`: and it was the last one."""
    declared = set(OneStatSoloGame.of(state).declared or ())
    if objective in declared:
        return True
    if objective == "wiped-out":
        return not _standing(state, 0, escort=False)
    if objective == "survive":
        return ending and bool(_standing(state, 0, escort=False))
    if objective == "time-up":
        return ending
    if objective == "boss-out":
        bosses = [f for f in state.side_fighters(1) if OneStatSolo.of(f).ladder]
        return bool(bosses) and all(f.out for f in bosses)
    if objective == "trek-destroyed":
        trek = [f for f in state.side_fighters(1) if OneStatSolo.of(f).trek]
        return bool(trek) and all(f.out for f in trek)
    if objective == "treasures-home":
        ts = _tokens(state, "treasure")
        return bool(ts) and all(t["state"] == "home" for t in ts)
    if objective == "devices-shut":
        shut = set(OneStatSoloGame.of(state).shut or ())
        n = len(OneStatSoloGame.of(state).spawnpoints or ())
        return n > 0 and len(shut) >= n and not _standing(state, 1)
    if objective == "stations-shut":
        ts = _tokens(state, "station")
        return bool(ts) and all(t["state"] == "shut" for t in ts)
    if objective == "escort-out":
        esc = [f for f in state.side_fighters(0) if OneStatSolo.of(f).escort]
        return bool(esc) and all(f.out for f in esc)
    if objective == "event-done":
        ev = OneStatSoloGame.of(state).event
        if not ev:
            return False
        if ev.get("done"):
            return True
        if ev.get("clear"):
            return not _standing(state, 1)
        if ev.get("spawn"):
            spawned = [f for f in state.side_fighters(1) if OneStatSolo.of(f).event_spawn]
            return bool(spawned) and all(f.out for f in spawned)
        return False
    if objective == "event-failed":
        ev = OneStatSoloGame.of(state).event
        if not ev or not ev.get("deadline") or ev.get("done"):
            return False
        # "done by the end of turn N": it fails at the upkeep that ends turn N
        return bool(state.turn > ev["deadline"] or (upkeep and state.turn >= ev["deadline"]))
    return False


def check(state: GameState, ending: bool = False, upkeep: bool = False) -> tuple[str, str] | None:
    """('won'|'lost', why) once the game is decided, else None. Losses are checked first:
    a warband wiped out on the turn it wins has not won."""
    win = list(state.options.get("win") or ())
    lose = list(state.options.get("lose") or ())
    for obj in lose:
        if met(state, obj, ending, upkeep):
            return "lost", OBJECTIVE_TEXT.get(obj, obj)
    if win and all(met(state, w, ending) for w in win):
        return "won", "; ".join(OBJECTIVE_TEXT.get(w, w) for w in win)
    if ending:
        missing = [OBJECTIVE_TEXT.get(w, w) for w in win if not met(state, w, ending)]
        return "lost", "the last turn is over and not done: " + "; ".join(missing)
    return None


OBJECTIVE_TEXT = {
    "wiped-out": "your warband is wiped out",
    "survive": "a fighter of yours is still standing after the last turn",
    "time-up": "the time is up",
    "boss-out": "the boss is taken out",
    "trek-destroyed": "every trek fighter is taken out",
    "trek-arrived": "the trek reached its corner",
    "treasures-home": "every treasure is home",
    "devices-shut": "every spawnpoint is shut down and the OpFor is cleared",
    "stations-shut": "every station is shut down",
    "escort-arrived": "the escort reached the far corner",
    "escort-out": "the escort is taken out",
    "boss-escaped": "the boss reached his far corner",
    "boss-home": "the boss is brought to your corner",
    "hostage-reached": "one of your fighters reached the hostage",
    "friend-home": "the friend is brought to your corner",
    "event-done": "the matter at the event spot is settled",
    "event-failed": "the event spot's deadline passed",
}


def ladder_line(f: FighterState) -> str:
    """Where a Bounty or Hostage boss stands on his ladder (R-1SS-14, R-1SS-S11)."""
    from companion.systems.one_stat.solo.bounty import ladder_of, next_rung

    nxt = next_rung(f)
    rungs = " -> ".join(f"D{x}" for x in ladder_of(f))
    then = (
        f"next wound: D{nxt}, stat {f.stat // 2}"
        if nxt is not None
        else "his last die: no defence, the next hit removes him"
    )
    gave_up = "; he has stopped fighting back" if OneStatFighter.of(f).surrendered else ""
    return f"{f.name}: D{f.die}, stat {f.stat} ({rungs}); {then}{gave_up}"


def objective_states(state: GameState) -> list[dict[str, Any]]:
    """The scenario's objectives as `status_lines` ticks them, as data."""
    aims = [("win", w) for w in state.options.get("win") or ()]
    aims += [("lose", x) for x in state.options.get("lose") or () if x != "time-up"]
    return [
        {"id": o, "aim": aim, "met": met(state, o), "text": OBJECTIVE_TEXT.get(o, o)}
        for aim, o in aims
    ]


def status_lines(state: GameState) -> list[str]:
    """Board lines: objectives with a tick or a dash, tokens, shut spawnpoints."""
    prof = state.options.get("profile") or {}
    out = [f"solo: {state.options.get('label')} against {prof.get('name', 'the OpFor')}"]
    if OneStatSoloGame.of(state).answers:
        out.append(f"answers from civilians: {state.flags['answers']}")
    win = list(state.options.get("win") or ())
    lose = list(state.options.get("lose") or ())
    for w in win:
        out.append(f"[{'x' if met(state, w) else ' '}] to win: {OBJECTIVE_TEXT.get(w, w)}")
    for x in lose:
        if x != "time-up":
            out.append(f"[{'!' if met(state, x) else ' '}] lost if: {OBJECTIVE_TEXT.get(x, x)}")
    for f in state.fighters:
        if OneStatSolo.of(f).ladder and not f.out:
            out.append(ladder_line(f))
    shut = OneStatSoloGame.of(state).shut or ()
    if shut:
        out.append("shut spawnpoints: " + ", ".join(str(s) for s in sorted(shut)))
    for t in OneStatGame.of(state).tokens or ():
        who = f" by {t['carrier']}" if t.get("carrier") else ""
        if t["state"] == "dropped" and t.get("dropped_by"):
            who = f" where {t['dropped_by']} let it fall"
        out.append(f"token {t['id']} ({t['kind']}): {t['state']}{who}")
    ev = OneStatSoloGame.of(state).event
    if ev:
        dl = f", deadline end of turn {ev['deadline']}" if ev.get("deadline") else ""
        out.append(f"event {ev['label']} at column {ev['col']}, row {ev['row']}{dl}")
    return out
