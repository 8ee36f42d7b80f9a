"""A working copy of the game during one resolution, and the wound rules.

Rules never change the frozen GameState. A resolution reads and updates this small
mutable copy (statuses, wounds, flags, victory points), and at the end the copy is
turned into the list of `Change`s the event records.
"""

from __future__ import annotations

from typing import Any

from companion.game.events import Change, add_fighter, set_fighter, set_game, set_side
from companion.game.state import FighterState, GameState, freeze, thaw
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.roller import Roller
from companion.values import field, record, replace

VP_BY_RANK = {"rookie": 1, "specialist": 2, "boss": 3}


@record
class Cond:
    status: str
    wounds: int
    flags: dict[str, Any]
    die: int
    stat: int


@record
class Board:
    state: GameState
    conds: dict[str, Cond] = field(default_factory=dict)
    game_flags: dict[str, Any] = field(default_factory=dict)
    side_vp: dict[int, int] = field(default_factory=dict)
    side_flags: dict[int, dict[str, Any]] = field(default_factory=dict)
    added: list[FighterState] = field(default_factory=list)
    announcements: list[str] = field(default_factory=list)
    result: str | None = None
    active: str | None | bool = False  # False: unchanged
    # What the table named for this resolution, e.g. the minion that takes its master's wound
    choices: dict[str, Any] = field(default_factory=dict)

    def fighter(self, fid: str) -> FighterState:
        """The fighter as it stands now in this resolution."""
        for f in self.added:
            if f.id == fid:
                base = f
                break
        else:
            base = self.state.fighter(fid)
        c = self.conds.get(fid)
        if c is None:
            return base
        stats = base.stats if c.stat == base.stat else freeze({**base.stats, "stat": c.stat})
        return replace(
            base, status=c.status, wounds=c.wounds, flags=freeze(c.flags), die=c.die, stats=stats
        )

    def fighters(self) -> list[FighterState]:
        return [self.fighter(f.id) for f in (*self.state.fighters, *self.added)]

    def cond(self, fid: str) -> Cond:
        if fid not in self.conds:
            f = self.fighter(fid)
            self.conds[fid] = Cond(f.status, f.wounds, dict(thaw(f.flags)), f.die, f.stat)
        return self.conds[fid]

    def set_flag(self, fid: str, key: str, value: Any) -> None:
        flags = self.cond(fid).flags
        if value is None:
            flags.pop(key, None)
        else:
            flags[key] = value

    def gflag(self, key: str, default: Any = None) -> Any:
        if key in self.game_flags:
            return self.game_flags[key]
        return self.state.flags.get(key, default)

    def set_gflag(self, key: str, value: Any) -> None:
        self.game_flags[key] = value

    def sflag(self, side: int, key: str, default: Any = None) -> Any:
        if key in self.side_flags.get(side, {}):
            return self.side_flags[side][key]
        return self.state.sides[side].flags.get(key, default)

    def set_sflag(self, side: int, key: str, value: Any) -> None:
        self.side_flags.setdefault(side, {})[key] = value

    def vp(self, side: int) -> int:
        return self.side_vp.get(side, self.state.sides[side].vp)

    def add_vp(self, side: int, n: int) -> None:
        self.side_vp[side] = self.vp(side) + n

    def changes(self) -> tuple[Change, ...]:
        out: list[Change] = [add_fighter(f) for f in self.added]
        added_ids = {f.id for f in self.added}
        for fid, c in self.conds.items():
            if fid in added_ids:
                base = next(f for f in self.added if f.id == fid)
            else:
                base = self.state.fighter(fid)
            if c.status != base.status:
                out.append(set_fighter(fid, "status", c.status))
            if c.wounds != base.wounds:
                out.append(set_fighter(fid, "wounds", c.wounds))
            if c.die != base.die:
                out.append(set_fighter(fid, "die", c.die))
            if c.stat != base.stat:
                out.append(set_fighter(fid, "stats.stat", c.stat))
            old = thaw(base.flags)
            for k in sorted(set(old) | set(c.flags)):
                if old.get(k) != c.flags.get(k):
                    out.append(set_fighter(fid, f"flags.{k}", c.flags.get(k)))
        for k, v in self.game_flags.items():
            if thaw(self.state.flags.get(k)) != v:
                out.append(set_game(f"flags.{k}", v))
        for s, flags in self.side_flags.items():
            for k, v in flags.items():
                if thaw(self.state.sides[s].flags.get(k)) != v:
                    out.append(set_side(s, f"flags.{k}", v))
        for s, vp in self.side_vp.items():
            if vp != self.state.sides[s].vp:
                out.append(set_side(s, "vp", vp))
        if self.active is not False and self.active != self.state.active:
            out.append(set_game("active", self.active))
        if self.result is not None:
            out += [set_game("phase", "ended"), set_game("result", self.result)]
        return tuple(out)


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
    if board.state.scenario == "manhunt" and not f.flags.get("demon"):
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
            if m.side == f.side and m.flags.get("minion") and fx.in_play(m):
                take_out(board, roller, m.id, f"its master {f.name} left the game (Minion Master)")
    lose_demon(board, roller, f)
    _team_loss(board, roller, fid)


def _team_loss(board: Board, roller: Roller, fid: str) -> None:
    if board.gflag("fire_teams"):
        from companion.systems.one_stat.fire_team import on_loss  # imports this module

        on_loss(board, roller, fid)


def lose_demon(board: Board, roller: Roller, f: FighterState) -> None:
    demon = f.flags.get("demon_id")
    if demon and fx.has(f, "controller"):
        d = board.fighter(str(demon))
        if fx.in_play(d) and not d.flags.get("wild"):
            board.set_flag(d.id, "wild", True)
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
            board.set_sflag(s, "flag_carrier", None)
            roller.info(
                "Flag dropped",
                f"{f.name} drops the flag of {board.state.sides[s].name} in place",
                ("R-1SS-S10",),
            )
    if board.gflag("tokens"):  # a solo game's objective tokens (R-1SS-S10)
        from companion.systems.one_stat.solo.objectives import drop_carried

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
            if m.side == f.side and m.flags.get("minion") and fx.in_play(m)
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
    if f.flags.get("ladder"):
        board.cond(fid).wounds += 1
        return _ladder_wound(board, roller, f)
    if f.rank == "boss" and not f.flags.get("boss_wound_ignored"):
        board.set_flag(fid, "boss_wound_ignored", True)
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
        board.set_flag(f.id, "surrendered", True)
    return "wounded"
