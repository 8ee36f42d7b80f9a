"""The Fire Team (R-1SS-P12): two rookies and a specialist working a heavy shooter.

The team is a tracked fact of the game: the game flag `fire_teams` maps the specialist's
id to the ids of its rookies, and every member carries a `fire_team` flag the board
shows. A standing team has two rookies; a team that lost a rookie while a substitute is
available waits ("short") for the player to name who steps in, or to dissolve it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState, freeze, thaw
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.state import OneStatFighter, OneStatGame, OneStatTurn
from companion.values import replace

FLAG = "fire_teams"
TEAM_ACTIONS = 3
RULING = "R-1SS-P12"
# Passive skills of the commanding specialist that change a shot of the heavy shooter
# (Ranger's reach is for light and medium shooters only); active skills are his own
# actions, which the team does not have while it fires.
SHOT_SKILLS = ("sniper", "veteran")


def teams_of(flags: Mapping[str, Any]) -> dict[str, list[str]]:
    raw = thaw(flags.get(FLAG)) or {}
    return {str(k): [str(x) for x in v] for k, v in dict(raw).items()}


def board_teams(board: Board) -> dict[str, list[str]]:
    return teams_of({FLAG: board.gflag(FLAG)})


def team_of(teams: Mapping[str, list[str]], fid: str) -> tuple[str, list[str]] | None:
    """(specialist id, rookie ids) of the team `fid` belongs to, or None."""
    for spec, rookies in teams.items():
        if fid == spec or fid in rookies:
            return spec, list(rookies)
    return None


def standing_team(state: GameState, fid: str) -> tuple[str, list[str]] | None:
    """The team of `fid` when it stands (two rookies), else None."""
    t = team_of(teams_of(state.flags), fid)
    return t if t and len(t[1]) == 2 else None


def members(team: tuple[str, list[str]]) -> list[str]:
    return [*team[1], team[0]]


def role(f: FighterState) -> str:
    """A rookie's role; a rookie without one is an Allrounder."""
    for r in ("fire-team", "allrounder", "distraction", "fighter", "gunner", "meat-shield", "thug"):
        if r in f.skills:
            return r
    return "allrounder"


def pairing_problem(r1: FighterState, r2: FighterState) -> str | None:
    """Why two rookies cannot work a heavy shooter together, or None (R-1SS-P12)."""
    roles = sorted((role(r1), role(r2)))
    if r1.stat != r2.stat:
        return (
            f"the rookies of a Fire Team need the same stat: {r1.name} has {r1.stat}, "
            f"{r2.name} has {r2.stat} ({RULING})"
        )
    if roles == ["allrounder", "allrounder"]:
        return (
            f"two Allrounders cannot found a Fire Team; one rookie must be a Fire Team ({RULING})"
        )
    if roles not in (["fire-team", "fire-team"], ["allrounder", "fire-team"]):
        bad = [f.name for f in (r1, r2) if role(f) not in ("fire-team", "allrounder")]
        return (
            f"{', '.join(bad)} is neither a Fire Team nor an Allrounder rookie and cannot "
            f"work the heavy shooter ({RULING})"
        )
    return None


def has_heavy_item(d: OneStatData, f: FighterState) -> bool:
    return any(d.armory[k].shooter == "heavy" for k in fx.shooters(d, f)) or bool(
        OneStatFighter.of(f).heavy_shooter
    )


def _label(board: Board, team: tuple[str, list[str]]) -> None:
    names = {m: board.fighter(m).name for m in members(team)}
    for m in members(team):
        others = ", ".join(n for k, n in names.items() if k != m)
        text = f"with {others}"
        if len(team[1]) < 2:
            text += " (a rookie short: name who steps in)"
        board.put(OneStatFighter, m, fire_team=text)


def form(
    d: OneStatData, board: Board, roller: Roller, f: FighterState, o: Mapping[str, Any]
) -> str:
    """`act ROOKIE fire-team --opt with=ROOKIE2,SPECIALIST`: found a team, or let a rookie
    step in for a lost one; `--opt dissolve=true` breaks the fighter's team up."""
    state = board.state
    teams = board_teams(board)
    if o.get("dissolve"):
        team = team_of(teams, f.id)
        if team is None:
            raise RefusedError(f"{f.name} is in no Fire Team")
        if state.active in members(team):
            raise RefusedError("a Fire Team breaks up between activations, not during its own")
        return dissolve(board, roller, team, "the player breaks the team up", carry=True)
    given = o.get("with") or ()
    # Declared as fighters: the table's names arrive as fighter ids.
    names = (
        list(given)
        if isinstance(given, tuple | list)
        else [n for n in str(given).split(",") if n.strip()]
    )
    if len(names) != 2:
        raise UsageError(
            "name the other two members: --opt with=ROOKIE,SPECIALIST (two rookies of the same "
            "stat and one specialist)"
        )
    three = [f, *(fx.find(state, n) for n in names)]
    if len({m.id for m in three}) != 3:
        raise UsageError("a Fire Team is three different fighters")
    for m in three:
        m = board.fighter(m.id)
        if m.side != f.side:
            raise RefusedError(f"{m.name} fights for the other side")
        if not fx.in_play(m) or m.status != "upright":
            raise RefusedError(f"{m.name} is {m.status} and cannot join a Fire Team ({RULING})")
        if OneStatTurn.of(m).reaction or state.active == m.id:
            raise RefusedError(f"{m.name} is acting now; form the team between activations")
    specs = [m for m in three if m.rank == "specialist"]
    rookies = [m for m in three if m.rank == "rookie"]
    if len(specs) != 1 or len(rookies) != 2:
        raise RefusedError(
            f"a Fire Team is two rookies and one specialist; these are "
            f"{', '.join(f'{m.name} ({m.rank})' for m in three)} ({RULING})"
        )
    spec = specs[0]
    why = pairing_problem(*rookies)
    if why:
        raise RefusedError(why)
    joining = None
    for m in three:
        t = team_of(teams, m.id)
        if t is None:
            continue
        if t[0] == spec.id and len(t[1]) == 1 and t[1][0] in {r.id for r in rookies}:
            joining = t  # a rookie steps in for the one the team lost
            continue
        raise RefusedError(f"{m.name} already belongs to a Fire Team")
    if joining is None and not any(has_heavy_item(d, board.fighter(m.id)) for m in three):
        raise RefusedError(
            f"none of the three carries a heavy shooter for the team to work ({RULING})"
        )
    for m in three:
        if m.token and not all(x.token for x in three):
            raise RefusedError(
                f"{m.name} has already activated this turn and the others have not; "
                "form the team at the start of a turn"
            )
    if OneStatFighter.of(board.fighter(spec.id)).heavy_shooter:
        board.put(OneStatFighter, spec.id, heavy_shooter=False)  # the rookies carry it again
    teams[spec.id] = [r.id for r in rookies]
    board.gput(OneStatGame, fire_teams=teams)
    _label(board, (spec.id, teams[spec.id]))
    if joining:
        new = next(r for r in rookies if r.id not in joining[1])
        text = f"{new.name} steps in: the Fire Team stands again"
    else:
        text = (
            f"{rookies[0].name} and {rookies[1].name} (stat {rookies[0].stat}) work the heavy "
            f"shooter under {spec.name}: one activation, {TEAM_ACTIONS} actions"
        )
    roller.info("Fire Team", text, (RULING,))
    return text


def dissolve(
    board: Board, roller: Roller, team: tuple[str, list[str]], why: str, carry: bool
) -> str:
    """Break a team up. With `carry` the specialist takes the heavy shooter and carries it
    alone (one action, no melee, R-1SS-03); without it (the specialist fell) the rookies
    keep it but cannot fire it, and act as Allrounders with their own gear."""
    teams = board_teams(board)
    teams.pop(team[0], None)
    board.gput(OneStatGame, fire_teams=teams)
    for m in members(team):
        board.put(OneStatFighter, m, fire_team=None)
    spec = board.fighter(team[0])
    if carry and fx.in_play(spec) and spec.status == "upright":
        board.put(OneStatFighter, spec.id, heavy_shooter=True)
        text = (
            f"the Fire Team dissolves ({why}): {spec.name} carries the heavy shooter alone "
            "(R-1SS-03)"
        )
    else:
        text = (
            f"the Fire Team dissolves ({why}): the rookies can no longer work the heavy shooter "
            "and act as Allrounders with their own gear"
        )
    roller.info("Fire Team", text, (RULING,))
    board.announcements.append(text[0].upper() + text[1:])
    return text


def candidates(board: Board, left: FighterState) -> list[FighterState]:
    """Rookies that may step in beside `left`: free, same stat, and a valid pairing."""
    busy = {m for t in board_teams(board).items() for m in members(t)}
    return [
        f
        for f in board.fighters()
        if f.side == left.side
        and f.rank == "rookie"
        and f.id not in busy
        and fx.in_play(f)
        and f.status == "upright"
        and pairing_problem(left, f) is None
    ]


def on_loss(board: Board, roller: Roller, fid: str) -> None:
    """A member was wounded or removed: the team dissolves or waits for a substitute."""
    team = team_of(board_teams(board), fid)
    if team is None:
        return
    f = board.fighter(fid)
    if fid == team[0]:
        dissolve(board, roller, team, f"{f.name} is {f.status}", carry=False)
        return
    left = [r for r in team[1] if r != fid]
    rest = [board.fighter(r) for r in left if fx.in_play(board.fighter(r))]
    if not rest:
        dissolve(board, roller, team, "no rookie is left", carry=True)
        return
    subs = candidates(board, rest[0])
    if not subs:
        dissolve(board, roller, team, f"{f.name} is lost and no rookie can step in", carry=True)
        return
    teams = board_teams(board)
    teams[team[0]] = [rest[0].id]
    board.gput(OneStatGame, fire_teams=teams)
    board.put(OneStatFighter, fid, fire_team=None)
    _label(board, (team[0], [rest[0].id]))
    spec = board.fighter(team[0])
    text = (
        f"the Fire Team lost {f.name}: {', '.join(s.name for s in subs)} may step in "
        f"('companion act NAME fire-team --opt with={rest[0].name},{spec.name}'), or break it "
        f"up ('companion act {spec.name} fire-team --opt dissolve=true')"
    )
    roller.info("Fire Team", text, (RULING,))
    board.announcements.append(text[0].upper() + text[1:])


def short_refusal(state: GameState, f: FighterState) -> str | None:
    """Why a member of a team that is a rookie short cannot activate, or None."""
    team = team_of(teams_of(state.flags), f.id)
    if team is None or len(team[1]) == 2:
        return None
    spec = state.fighter(team[0])
    left = state.fighter(team[1][0])
    return (
        f"{f.name}'s Fire Team is a rookie short: name who steps in "
        f"('companion act NAME fire-team --opt with={left.name},{spec.name}') or break it up "
        f"('companion act {spec.name} fire-team --opt dissolve=true') ({RULING})"
    )


def crew(d: OneStatData, state: GameState, team: tuple[str, list[str]]) -> FighterState:
    """The heavy shooter as the rookies fire it: their D6 and (shared) stat, the
    specialist's skill contributed to the shot, the team's heavy-shooter option."""
    r1, r2 = (state.fighter(r) for r in team[1])
    spec = state.fighter(team[0])
    option = next(
        (
            OneStatFighter.of(state.fighter(m)).heavy_option
            for m in members(team)
            if OneStatFighter.of(state.fighter(m)).heavy_option
        ),
        None,
    )
    flags = {**thaw(r1.flags), "crew": True}
    if option:
        flags["heavy_option"] = option
    return replace(
        r1,
        name=f"Fire Team ({r1.name} and {r2.name})",
        skills=(*r1.skills, *(k for k in spec.skills if k in SHOT_SKILLS)),
        flags=freeze(flags),
    )


def _refuse_unless_active(state: GameState, f: FighterState, how: str) -> None:
    """Only an activated team spends the team's actions (R-1SS-P12); `how` says how to
    activate it."""
    team = standing_team(state, f.id)
    assert team is not None
    if state.active not in members(team):
        raise RefusedError(f"{f.name}'s Fire Team is not activated; {how} ({RULING})")


def spend_shot(board: Board, roller: Roller, f: FighterState, opts: Mapping[str, Any]) -> None:
    """The shot takes the whole team activation: both rookies' actions and the
    specialist's, which he spends contributing his skill (R-1SS-P12)."""
    state = board.state
    if opts.get("free"):
        roller.info("Action", "the team's shot is resolved outside the action count (free)")
        return
    _refuse_unless_active(state, f, "activate one member first and the whole team activates")
    left = int(board.fighter(str(state.active)).flags.get("actions", 0) or 0)
    if left < TEAM_ACTIONS:
        raise RefusedError(
            "a Fire Team either moves (one move per member) or fires the heavy shooter with all "
            f"three actions; {TEAM_ACTIONS - left} already went on moves ({RULING})"
        )
    board.put(OneStatTurn, str(state.active), actions=0)
    roller.info(
        "Fire Team",
        "both rookies fire the heavy shooter and the specialist adds his skill: the team's "
        f"{TEAM_ACTIONS} actions",
        (RULING,),
    )


def spend_move(board: Board, roller: Roller, f: FighterState, opts: Mapping[str, Any]) -> None:
    """A member's move spends one of the team's three actions; each member moves once."""
    state = board.state
    if opts.get("free"):
        roller.info("Action", "the move is resolved outside the action count (free)")
        return
    _refuse_unless_active(state, f, "activate one member and the whole team activates")
    if OneStatTurn.of(f).moved:
        raise RefusedError(f"{f.name} has already moved in this team activation ({RULING})")
    holder = str(state.active)
    left = int(board.fighter(holder).flags.get("actions", 0) or 0)
    if left < 1:
        raise RefusedError(f"{f.name}'s Fire Team has no action left")
    board.put(OneStatTurn, holder, actions=left - 1)
    roller.info(
        "Action",
        f"{f.name}'s move uses one of the Fire Team's actions ({left - 1} left)",
        (RULING,),
    )
