"""SMBFAT rules data, typed and validated from rules_data/smbfat.toml (and its topics)."""

from __future__ import annotations

from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario
from companion.systems.kit.facts import ActionSpec, read_actions, read_options
from companion.values import frozen

FILE = "smbfat.toml"
TOPICS_FILE = "smbfat_topics.toml"


@frozen
class FigureType:
    id: str
    label: str
    cost: int
    melee: int
    ranged: int
    examples: str


@frozen
class Trait:
    id: str
    label: str
    summary: str


@frozen
class MapSize:
    """The distances the app quotes and checks, in inches."""

    id: str
    label: str
    board: str
    move: int
    secondary: int
    fast_move: int
    fast_secondary: int
    ranged: int
    spread: int
    spread_near: str


@frozen
class TopicEntry:
    id: str
    title: str
    section: str
    keywords: tuple[str, ...]
    rulings: tuple[str, ...]
    steps: tuple[str, ...]
    sheet: str
    text: str


@frozen
class SmbData:
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str
    rounds: int
    points_min: int
    points_max: int
    trait_cost: int
    reroll_cost: int
    skill_dice: int
    skill_target: int
    defeat: int
    defeat_armor: int
    objective_points: int
    objectives: tuple[str, ...]
    types: dict[str, FigureType]
    traits: dict[str, Trait]
    maps: dict[str, MapSize]
    scenarios: dict[str, Scenario]
    actions: dict[str, ActionSpec]
    options: ActionSpec | None
    rulings: tuple[Ruling, ...]
    samples: tuple[Roster, ...]
    topics: tuple[TopicEntry, ...]

    def trait_label(self, tid: str) -> str:
        t = self.traits.get(tid)
        return t.label if t else tid


def _types(top: Reader) -> dict[str, FigureType]:
    out = {}
    for k, r in top.items("types"):
        r.only("label", "cost", "melee", "ranged", "examples")
        out[k] = FigureType(
            k,
            r.text("label"),
            r.num("cost", lo=1, hi=20),
            r.num("melee", lo=0, hi=6),
            r.num("ranged", lo=0, hi=6),
            r.text("examples"),
        )
    return out


def _maps(top: Reader) -> dict[str, MapSize]:
    out = {}
    for k, r in top.items("maps"):
        out[k] = MapSize(
            k,
            r.text("label"),
            r.text("board"),
            move=r.num("move", lo=1, hi=100),
            secondary=r.num("secondary", lo=1, hi=100),
            fast_move=r.num("fast_move", lo=1, hi=100),
            fast_secondary=r.num("fast_secondary", lo=1, hi=100),
            ranged=r.num("ranged", lo=1, hi=100),
            spread=r.num("spread", lo=1, hi=100),
            spread_near=r.text("spread_near"),
        )
    return out


def _samples(top: Reader, types: dict[str, FigureType], traits: dict[str, Trait]) -> list[Roster]:
    out = []
    for s in top.tables("samples"):
        s.only("name", "notes", "rerolls", "figures")
        raw = s.data.get("figures")
        if not isinstance(raw, list):
            s.fail("expected a list of figures", "figures")
        figures = []
        for i, f in enumerate(raw):
            fr = Reader(FILE, f, f"{s.path}.figures[{i}]")
            kind = fr.text("type", choices=tuple(types))
            tr = fr.texts("traits", ())
            for t in tr:
                if t not in traits:
                    fr.fail(f"unknown trait {t!r}", "traits")
            ty = types[kind]
            stats = freeze({"melee": ty.melee, "ranged": ty.ranged})
            figures.append(RosterFighter(fr.text("name"), kind, stats, (), tr, ""))
        opts = freeze({"rerolls": s.num("rerolls", lo=0, hi=40)})
        out.append(Roster(s.text("name"), "smbfat", tuple(figures), s.text("notes"), False, opts))
    return out


def unwrap(text: str) -> str:
    """A topic's text as paragraphs and list items, each on one line (the file wraps
    lines for reading; the terminal wraps them to its own width)."""
    out: list[str] = []
    for line in text.strip().splitlines():
        line = line.strip()
        if out and line and out[-1] and not line.startswith("- "):
            out[-1] += " " + line
        else:
            out.append(line)
    return "\n".join(out)


def _topics() -> tuple[TopicEntry, ...]:
    top = Reader(TOPICS_FILE, load_toml(TOPICS_FILE))
    top.only("topics")
    out = []
    seen: set[str] = set()
    for r in top.tables("topics"):
        r.only("id", "title", "section", "keywords", "rulings", "steps", "sheet", "text")
        tid = r.text("id")
        if tid in seen or tid != tid.lower():
            r.fail(f"the id {tid!r} must be lower case and unique", "id")
        seen.add(tid)
        out.append(
            TopicEntry(
                tid,
                r.text("title"),
                r.text("section"),
                r.texts("keywords", ()),
                r.texts("rulings", ()),
                r.texts("steps", ()),
                r.text("sheet"),
                unwrap(r.text("text")),
            )
        )
    return tuple(out)


@lru_cache(maxsize=1)
def load() -> SmbData:
    top = Reader(FILE, load_toml(FILE))
    top.only(
        "system", "types", "traits", "maps", "scenarios", "facts", "options", "rulings", "samples"
    )
    s = top.table("system")
    types = _types(top)
    traits = {k: Trait(k, r.text("label"), r.text("summary")) for k, r in top.items("traits")}
    maps = _maps(top)
    scenarios = {
        k: Scenario(
            k,
            r.text("label"),
            r.text("summary"),
            s.num("rounds", lo=1),
            freeze({"map": r.text("map", choices=tuple(maps))}),
        )
        for k, r in top.items("scenarios")
    }
    rulings = tuple(
        Ruling(r.text("id"), r.text("title"), r.text("text")) for r in top.tables("rulings")
    )
    topics = _topics()
    known = {r.id for r in rulings}
    for t in topics:
        for rid in t.rulings:
            if rid not in known:
                Reader(TOPICS_FILE, {}, f"topics.{t.id}").fail(
                    f"names the unknown ruling {rid!r}", "rulings"
                )
    return SmbData(
        name=s.text("name"),
        aliases=s.texts("aliases", ()),
        dice=s.text("dice"),
        board=s.text("board"),
        length=s.text("length"),
        rounds=s.num("rounds", lo=1),
        points_min=s.num("points_min", lo=0),
        points_max=s.num("points_max", lo=1),
        trait_cost=s.num("trait_cost", lo=0),
        reroll_cost=s.num("reroll_cost", lo=0),
        skill_dice=s.num("skill_dice", lo=1),
        skill_target=s.num("skill_target", lo=1, hi=6),
        defeat=s.num("defeat", lo=1, hi=6),
        defeat_armor=s.num("defeat_armor", lo=1, hi=6),
        objective_points=s.num("objective_points", lo=0),
        objectives=s.texts("objectives"),
        types=types,
        traits=traits,
        maps=maps,
        scenarios=scenarios,
        actions=read_actions(top),
        options=read_options(top),
        rulings=rulings,
        samples=tuple(_samples(top, types, traits)),
        topics=topics,
    )
