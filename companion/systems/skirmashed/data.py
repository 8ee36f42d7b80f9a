"""SKIRMASHED rules data, typed and validated from rules_data/skirmashed.toml."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from companion.data import Reader
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario, SystemInfo
from companion.systems.kit import rules_file as read
from companion.systems.kit.facts import ActionSpec
from companion.values import frozen

FILE = "skirmashed.toml"
FIGHTER = "fighter"
#: stats a fighter has no use for: it has no ranged attack at all
RANGED_STATS = ("firepower", "boom")


@frozen
class Stat:
    id: str
    label: str
    short: str
    low: int
    high: int
    summary: str


@frozen
class Board:
    up_to: int
    board: str
    deploy: str


@frozen
class SkmData:
    info: SystemInfo
    rounds: int
    die: int
    warband_min: int
    warband_max: int
    stats: tuple[Stat, ...]
    ranks: Mapping[str, str]
    boards: tuple[Board, ...]
    move_dice: int
    run_dice: int
    hit: Mapping[str, int]
    block: Mapping[str, int]
    stamina_dice: int
    stamina_again: int
    scenarios: Mapping[str, Scenario]
    actions: Mapping[str, ActionSpec]
    options: ActionSpec | None
    samples: tuple[Roster, ...]
    rulings: tuple[Ruling, ...]

    def stat(self, sid: str) -> Stat:
        return next(s for s in self.stats if s.id == sid)

    def board_for(self, figures: int) -> Board:
        for b in self.boards:
            if figures <= b.up_to:
                return b
        return self.boards[-1]


HIT_KEYS: tuple[str, ...] = ("focused", "near", "far", "near_range", "far_range", "fighter")
HIT_KEYS += ("charging", "natural_hit", "natural_miss")
BLOCK_KEYS = ("equal", "less", "half", "exhausted", "soft_cover", "hard_cover", "blocking")


def _ranks(r: Reader, ctx: read.Ctx) -> Mapping[str, str]:
    return freeze({k: t.text("label") for k, t in r.items("ranks")})


def _fighters(r: Reader, ctx: read.Ctx) -> tuple[RosterFighter, ...]:
    stats: tuple[Stat, ...] = ctx["stats"]
    out = []
    for i, raw in enumerate(r.data.get("fighters", [])):
        fr = Reader(FILE, raw, f"{r.path}.fighters[{i}]")
        fr.only("name", "rank", *(st.id for st in stats))
        values = {st.id: fr.num(st.id, lo=st.low, hi=st.high) for st in stats if st.id in fr.data}
        rank = fr.text("rank", choices=tuple(ctx["ranks"]))
        out.append(RosterFighter(fr.text("name"), rank, freeze(values)))
    return tuple(out)


SHAPE = read.Shape(
    SkmData,
    read.at_least("system", rounds=1, die=2, warband_min=1, warband_max=1),
    info=read.info("skirmashed"),
    stats=read.Each(read.Shape(Stat, low=read.Num("min", lo=0), high=read.Num("max", lo=1))),
    ranks=read.Use(_ranks, "ranks"),
    boards=read.Each(read.Shape(Board, up_to=read.Num(lo=1))),
    move_dice=read.Num("moves.move_dice", lo=1),
    run_dice=read.Num("moves.run_dice", lo=1),
    hit=read.Numbers(HIT_KEYS, lo=-100, hi=100),
    block=read.Numbers(BLOCK_KEYS, lo=-100, hi=100),
    stamina_dice=read.Num("stamina.dice", lo=1),
    stamina_again=read.Num("stamina.again", lo=1),
    scenarios=read.ByName(read.Shape(Scenario, last_turn=read.Num(lo=1))),
    actions=read.FACTS,
    options=read.OPTIONS,
    samples=read.samples("skirmashed", read.Use(_fighters, "fighters"), preset=read.Fixed(False)),
    rulings=read.RULINGS,
)


@lru_cache(maxsize=1)
def load() -> SkmData:
    return read.file(SHAPE, FILE)
