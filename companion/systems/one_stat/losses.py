"""The 1ss wound rules and what follows a fighter's loss, on a resolution's working
copy (`board.Board`): wounds by rank, the boss's ignored wound, the ladder boss, and
what a wounded or removed fighter takes with it (tokens it carried, minions, a demon,
its Fire Team, Manhunt's victory points).
"""

from __future__ import annotations

from companion.core.check import Check
from companion.errors import RefusedError
from companion.game.state import FighterState, thaw
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.state import (
    OneStatFighter,
    OneStatGame,
    OneStatSide,
    OneStatSolo,
    OneStatTurn,
)
from companion.values import replace

VP_BY_RANK = {"rookie": 1, "specialist": 2, "boss": 3}


def take_out(board: Board, roller: Roller, fid: str, why: str) -> None:
    """Remove a fighter, with what follows: scenario tokens drop, minions leave with their
    master, a Controller's demon goes wild, Manhunt scores (1/2/3 VP by rank)."""
    c = board.cond(fid)
    if c.status == "out":
        return
    f = board.fighter(fid)
    c.status = "out"
    roller.info(f"{f.name} is out", why)
    drop_tokens(board, roller, fid)
    if board.state.scenario == "manhunt" and not OneStatFighter.of(f).demon:
        other = [s for s in range(len(board.state.sides)) if s != f.side]
        if other:
            board.add_vp(other[0], VP_BY_RANK.get(f.rank, 1))
            roller.info(
                "Manhunt",
                f"{board.state.sides[other[0]].name} scores {VP_BY_RANK.get(f.rank, 1)} VP "
                f"for the {f.rank} {f.name}",
            )
    if fx.has(f, "minion-master"):
        for m in board.fighters():
            if m.side == f.side and OneStatFighter.of(m).minion and fx.in_play(m):
                take_out(board, roller, m.id, f"its master {f.name} left the game (Minion Master)")
    lose_demon(board, roller, f)
    _team_loss(board, roller, fid)


def _team_loss(board: Board, roller: Roller, fid: str) -> None:
    if board.gflag("fire_teams"):
        # Loaded only where a Fire Team plays: a command's start-up compiles less.
        from companion.systems.one_stat.fire_team import on_loss

        on_loss(board, roller, fid)


def lose_demon(board: Board, roller: Roller, f: FighterState) -> None:
    demon = OneStatFighter.of(f).demon_id
    if demon and fx.has(f, "controller"):
        d = board.fighter(str(demon))
        if fx.in_play(d) and not OneStatFighter.of(d).wild:
            board.put(OneStatFighter, d.id, wild=True)
            roller.info(
                "Controller wounded",
                f"{d.name} breaks free: it now attacks whoever is closest each activation",
            )


def drop_tokens(board: Board, roller: Roller, fid: str) -> None:
    """A wounded carrier drops the treasure, bomb or flag where it stands."""
    f = board.fighter(fid)
    for key, what in (("treasure_carrier", "treasure"), ("bomb_carrier", "bomb")):
        if board.gflag(key) == fid:
            board.set_gflag(key, None)
            roller.info(
                f"{what.title()} dropped", f"{f.name} drops the {what} in place", ("R-1SS-S10",)
            )
    for s in range(len(board.state.sides)):
        if board.sflag(s, "flag_carrier") == fid:
            board.sput(OneStatSide, s, flag_carrier=None)
            roller.info(
                "Flag dropped",
                f"{f.name} drops the flag of {board.state.sides[s].name} in place",
                ("R-1SS-S10",),
            )
    if board.gflag("tokens"):  # a solo game's objective tokens (R-1SS-S10)
        drop_carried(board, roller, f)


def wound(board: Board, roller: Roller, fid: str, why: str) -> str:
    """Apply one wound by rank: rookie out; specialist prone then out (R-1SS-05); a boss
    ignores its first wound each turn (R-1SS-04); a Regenerator's second wound lays it
    face down; a Minion Master passes the wound to a minion. Returns what happened."""
    f = board.fighter(fid)
    if f.out:
        return "out"
    if fx.has(f, "minion-master") and board.choices.get("minion_near") is not False:
        minions = [
            m
            for m in board.fighters()
            if m.side == f.side and OneStatFighter.of(m).minion and fx.in_play(m)
        ]
        if minions:
            # The table names the minion within 5" (--opt minion=NAME; play asks it);
            # unnamed, the first one in play takes it (R-1SS-P20).
            named = board.choices.get("minion")
            m = next((x for x in minions if x.id == named), minions[0])
            how = (
                "named by the table"
                if m.id == named
                else "the first in play: name another with --opt minion=NAME"
                if len(minions) > 1
                else "its only minion"
            )
            roller.info(
                "Minion Master",
                f"the wound passes to the minion {m.name} ({how}), without a defence roll",
                ("R-1SS-P20",),
            )
            wound(board, roller, m.id, f"a wound passed on by {f.name}")
            return "passed to a minion"
    if OneStatSolo.of(f).ladder:
        board.cond(fid).wounds += 1
        return _ladder_wound(board, roller, f)
    if f.rank == "boss" and not OneStatTurn.of(f).boss_wound_ignored:
        board.put(OneStatTurn, fid, boss_wound_ignored=True)
        roller.info(
            "Boss ignores the wound",
            f"{f.name} ignores the first wound it takes this turn",
            rulings=("R-1SS-04",),
        )
        drop_tokens(board, roller, fid)  # an ignored wound is still received (R-1SS-S10)
        return "wound ignored"
    c = board.cond(fid)
    c.wounds += 1
    kept = f.status == "upright" and f.wounds > 0 and f.rank != "rookie"
    if kept and board.state.options.get("recover_keeps_wound") and not fx.has(f, "regenerator"):
        roller.info(
            "Kept wound",
            "game option recover_keeps_wound: standing up left the first wound",
            ("R-1SS-P25",),
        )
        take_out(board, roller, fid, f"a second wound, the first kept since it stood up ({why})")
        return "out"
    if f.rank == "rookie":
        take_out(board, roller, fid, f"a rookie leaves at its first wound ({why})")
        return "out"
    if f.status == "upright":
        c.status = "wounded"
        roller.info(
            f"{f.name} is wounded",
            "laid prone: its only action is Recover" + ("" if f.rank == "boss" else ""),
            rulings=("R-1SS-05",),
        )
        drop_tokens(board, roller, fid)
        lose_demon(board, roller, f)
        _team_loss(board, roller, fid)
        return "wounded"
    if f.status == "wounded" and fx.has(f, "regenerator"):
        c.status = "face-down"
        roller.info(
            f"{f.name} lies face down",
            "a Regenerator's second wound: no activation this turn; one recovery roll at upkeep "
            "brings it back with one wound or removes it",
        )
        return "face down"
    take_out(board, roller, fid, f"a wound on a fighter already wounded ({why})")
    return "out"


def _ladder_wound(board: Board, roller: Roller, f: FighterState) -> str:
    """A ladder boss (Bounty, Hostage) steps his die down and halves his stat per wound;
    a wound on his last die removes him (R-1SS-14). He is never laid prone, and the ladder
    replaces the boss's ignored first wound (R-1SS-S03)."""
    from companion.systems.one_stat.solo.bounty import next_rung, surrenders

    die = next_rung(f)
    if die is None:
        take_out(board, roller, f.id, f"a wound at D{f.die}, his last die (R-1SS-14)")
        return "out"
    c = board.cond(f.id)
    c.die, c.stat = die, f.stat // 2
    roller.info(
        f"{f.name} is worn down",
        f"die D{f.die} -> D{c.die}, stat {f.stat} -> {c.stat}",
        rulings=("R-1SS-14",),
    )
    if surrenders(f, die):
        board.put(OneStatFighter, f.id, surrendered=True)
    return "wounded"


def drop_carried(board: Board, roller: Roller, f: FighterState) -> None:
    """A carrier who is wounded or taken out drops every token it carries where it
    stands (R-1SS-S10). Called by the 1ss wound rules with their working copy."""
    tokens = [dict(thaw(t)) for t in board.gflag("tokens") or ()]
    dropped = [t for t in tokens if t["state"] == "carried" and t["carrier"] == f.name]
    if not dropped:
        return
    for t in dropped:
        t.update(state="dropped", carrier=None, dropped_by=f.name)
    board.gput(OneStatGame, tokens=tokens)
    roller.info(
        "Token dropped",
        f"{f.name} drops {', '.join(t['id'] for t in dropped)} where it stands",
        ("R-1SS-S10",),
    )


def recovery(f: FighterState, title: str, success_text: str = "stands up") -> Check:
    """Recover's roll (R-1SS-06): the fighter's die at or above its stat; a face-down
    Regenerator's upkeep roll is the same."""
    return Check(
        title,
        f.name,
        sides=f.die,
        target=f.stat,
        compare=">=",
        success_text=success_text,
        failure_text="stays down",
        rulings=("R-1SS-06",),
    )


def regenerate_roll(
    board: Board, roller: Roller, f: FighterState, rulings: tuple[str, ...] = (), whose: str = ""
) -> None:
    """A face-down Regenerator's roll at upkeep, as Recover (at or above its stat): face
    up with one wound left and prone, or removed (R-1SS-06)."""
    roll = replace(
        recovery(f, f"{f.name} regenerates", "face up again with one wound left (prone)"),
        failure_text="removed from the game",
        rulings=("R-1SS-06", *rulings),
        notes=(whose,) if whose else (),
        purpose=f"{f.name}'s recovery roll at upkeep (Regenerator)",
    )
    ok, _ = roller.check(roll)
    if ok:
        c = board.cond(f.id)
        c.status, c.wounds = "wounded", 1
    else:
        take_out(board, roller, f.id, "failed its upkeep roll (Regenerator)")


def regen_choice(board: Board, f: FighterState, roll: bool) -> str:
    """A face-down Regenerator's player takes or passes on its roll at the next upkeep:
    the text says he *may* roll (R-1SS-P28, R-1SS-S09)."""
    if f.status != "face-down" or not fx.has(f, "regenerator"):
        raise RefusedError(f"{f.name} is no Regenerator lying face down")
    board.put(OneStatTurn, f.id, regen_skip=not roll)
    if roll:
        return f"{f.name} rolls to regenerate at the next upkeep"
    return f"{f.name} stays face down at the next upkeep: no recovery roll"
