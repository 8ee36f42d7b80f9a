"""SKIRMASHED rules data, typed and validated from rules_data/skirmashed.toml."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario
from companion.systems.kit.facts import ActionSpec, read_actions, read_options
from companion.systems.kit.plugin import read_header, read_rulings
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
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str
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


def _numbers(r: Reader, keys: tuple[str, ...]) -> Mapping[str, int]:
    r.only(*keys)
    return freeze({k: r.num(k, lo=-100, hi=100) for k in keys})


def _sample(s: Reader, stats: tuple[Stat, ...], ranks: Mapping[str, str]) -> Roster:
    fighters = []
    for i, raw in enumerate(s.data.get("fighters", [])):
        fr = Reader(FILE, raw, f"{s.path}.fighters[{i}]")
        fr.only("name", "rank", *(st.id for st in stats))
        values = {st.id: fr.num(st.id, lo=st.low, hi=st.high) for st in stats if st.id in fr.data}
        fighters.append(
            RosterFighter(fr.text("name"), fr.text("rank", choices=tuple(ranks)), freeze(values))
        )
    return Roster(s.text("name"), "skirmashed", tuple(fighters), s.text("notes"), False)


@lru_cache(maxsize=1)
def load() -> SkmData:
    top = Reader(FILE, load_toml(FILE))
    top.only(
        "system", "stats", "ranks", "boards", "moves", "hit", "block", "stamina", "scenarios",
        "facts", "options", "samples", "rulings",
    )  # fmt: skip
    sysr = top.table("system")
    stats = tuple(
        Stat(
            r.text("id"),
            r.text("label"),
            r.text("short"),
            r.num("min", lo=0),
            r.num("max", lo=1),
            r.text("summary"),
        )
        for r in top.tables("stats")
    )
    ranks = {k: r.text("label") for k, r in top.items("ranks")}
    boards = tuple(
        Board(r.num("up_to", lo=1), r.text("board"), r.text("deploy")) for r in top.tables("boards")
    )
    moves = top.table("moves")
    stamina = top.table("stamina")
    scenarios = {
        k: Scenario(k, r.text("label"), r.text("summary"), r.num("last_turn", lo=1))
        for k, r in top.items("scenarios")
    }
    rulings = read_rulings(top)
    return SkmData(
        **read_header(sysr),
        rounds=sysr.num("rounds", lo=1),
        die=sysr.num("die", lo=2),
        warband_min=sysr.num("warband_min", lo=1),
        warband_max=sysr.num("warband_max", lo=1),
        stats=stats,
        ranks=freeze(ranks),
        boards=boards,
        move_dice=moves.num("move_dice", lo=1),
        run_dice=moves.num("run_dice", lo=1),
        hit=_numbers(top.table("hit"), HIT_KEYS),
        block=_numbers(top.table("block"), BLOCK_KEYS),
        stamina_dice=stamina.num("dice", lo=1),
        stamina_again=stamina.num("again", lo=1),
        scenarios=freeze(scenarios),
        actions=freeze(read_actions(top)),
        options=read_options(top),
        samples=tuple(_sample(s, stats, ranks) for s in top.tables("samples")),
        rulings=rulings,
    )
