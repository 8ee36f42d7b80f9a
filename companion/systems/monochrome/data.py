"""Monochrome skirmish rules data, typed and validated from rules_data/monochrome.toml."""

from __future__ import annotations

from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling
from companion.systems.kit.facts import ActionSpec, read_actions
from companion.systems.kit.plugin import read_header, read_rulings
from companion.values import frozen, replace

FILE = "monochrome.toml"
LISTS = ("blood", "turf", "infamy")
SCORES = ("most", "first", "opponent", "defended")
# Facts of the attack that only Blast asks.
BLAST_ONLY = ("caught", "stuck")


@frozen
class ClassInfo:
    id: str
    label: str
    kind: str  # basic | rare
    actions: tuple[str, ...]


@frozen
class Action:
    id: str
    label: str
    move: str  # "" no move, "D6"/"2D6"/"3D6" rolled, or fixed inches ("2")
    attack: str  # "" | melee | ranged
    dice: int  # 2: 2D6; 3: 3D6 keep the two lowest
    halve: bool
    support: str  # "" | melee | ranged
    blast: bool
    summary: str

    @property
    def move_dice(self) -> int:
        """How many D6 the move rolls (0: no roll)."""
        if not self.move.endswith("D6"):
            return 0
        return int(self.move[:-2] or 1)


@frozen
class Objective:
    id: str
    list: str
    roll: int
    label: str
    score: str
    count: str
    need: int
    markers: str
    summary: str


@frozen
class TargetProfile:
    id: str
    label: str
    cls: str
    attack: int
    defence: int
    count: int


@frozen
class MonoData:
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str
    rounds: int
    points: int
    max_fighters: int
    max_rare: int
    low_defence: int
    max_supports: int
    attack_min: int
    defence_min: int
    attack_costs: tuple[int, ...]
    defence_costs: tuple[int, ...]
    defend_bonus: int
    strike_move: int
    knockback: int
    classes: dict[str, ClassInfo]
    actions: dict[str, Action]
    facts: dict[str, ActionSpec]
    options: ActionSpec
    objectives: tuple[Objective, ...]
    targets: dict[str, TargetProfile]
    rulings: tuple[Ruling, ...]
    samples: tuple[Roster, ...]

    @property
    def attack_max(self) -> int:
        return self.attack_min + len(self.attack_costs) - 1

    @property
    def defence_max(self) -> int:
        return self.defence_min + len(self.defence_costs) - 1

    def attack_cost(self, value: int) -> int | None:
        i = value - self.attack_min
        return self.attack_costs[i] if 0 <= i < len(self.attack_costs) else None

    def defence_cost(self, value: int) -> int | None:
        i = value - self.defence_min
        return self.defence_costs[i] if 0 <= i < len(self.defence_costs) else None

    def cost(self, attack: int, defence: int) -> int | None:
        """The fighter's points (R-MON-01), None when a stat is off the table."""
        a, d = self.attack_cost(attack), self.defence_cost(defence)
        return None if a is None or d is None else a + d

    def objective(self, oid: str) -> Objective:
        for o in self.objectives:
            if o.id == oid:
                return o
        raise KeyError(oid)

    def rolled(self, lst: str, roll: int) -> Objective:
        for o in self.objectives:
            if o.list == lst and o.roll == roll:
                return o
        raise KeyError((lst, roll))


def _actions(top: Reader) -> dict[str, Action]:
    out: dict[str, Action] = {}
    for k, r in top.items("actions"):
        r.only("label", "move", "attack", "dice", "halve", "support", "blast", "summary")
        move = r.text("move", "")
        if move and not (move.endswith("D6") or move.isdigit()):
            r.fail("expected D6, 2D6, 3D6 or whole inches", "move")
        out[k] = Action(
            k,
            r.text("label"),
            move,
            r.text("attack", "", choices=("", "melee", "ranged")),
            r.num("dice", 2, lo=2, hi=3),
            r.flag("halve", False),
            r.text("support", "", choices=("", "melee", "ranged")),
            r.flag("blast", False),
            r.text("summary"),
        )
    return out


def _facts(top: Reader, actions: dict[str, Action]) -> dict[str, ActionSpec]:
    declared = read_actions(top)
    attack = declared["attack"]
    out = dict(declared)
    for a in actions.values():
        if a.id in declared:
            continue
        if a.attack:
            # Every attacking action asks what the attack asks (the action is its own).
            facts = tuple(
                replace(f, when="") if f.key == "caught" else f
                for f in attack.facts
                if f.key not in ("action", "ranged") and (a.blast or f.key not in BLAST_ONLY)
            )
            out[a.id] = ActionSpec(a.id, a.label, "optional-enemy", facts, a.summary)
        elif a.move_dice:
            out[a.id] = ActionSpec(a.id, a.label, "none", declared["walk"].facts, a.summary)
        else:
            out[a.id] = ActionSpec(a.id, a.label, "none", (), a.summary)
    return out


@lru_cache(maxsize=1)
def load() -> MonoData:
    top = Reader(FILE, load_toml(FILE))
    top.only(
        "system",
        "classes",
        "actions",
        "facts",
        "game",
        "objectives",
        "targets",
        "samples",
        "rulings",
    )
    s = top.table("system")
    actions = _actions(top)
    classes: dict[str, ClassInfo] = {}
    for k, r in top.items("classes"):
        acts = r.texts("actions")
        for a in acts:
            if a not in actions:
                r.fail(f"unknown action {a!r}", "actions")
        classes[k] = ClassInfo(k, r.text("label"), r.text("kind", choices=("basic", "rare")), acts)
    objectives = []
    for r in top.tables("objectives"):
        objectives.append(
            Objective(
                r.text("id"),
                r.text("list", choices=LISTS),
                r.num("roll", lo=1, hi=6),
                r.text("label"),
                r.text("score", choices=SCORES),
                r.text("count"),
                r.num("need", 0, lo=0),
                r.text("markers", ""),
                r.text("summary"),
            )
        )
    for lst in LISTS:
        rolls = sorted(o.roll for o in objectives if o.list == lst)
        if rolls != [1, 2, 3, 4, 5, 6]:
            top.fail(f"the {lst} list needs one objective per roll 1-6, found {rolls}")
    targets = {
        k: TargetProfile(
            k,
            r.text("label"),
            r.text("class", choices=tuple(classes)),
            r.num("attack", lo=0),
            r.num("defence", lo=0),
            r.num("count", lo=1),
        )
        for k, r in top.items("targets")
    }
    rulings = read_rulings(top)
    samples = []
    for r in top.tables("samples"):
        raw = r.data.get("fighters")
        if not isinstance(raw, list):
            r.fail("expected a list of [name, class, attack, defence]", "fighters")
        fighters: list[RosterFighter] = []
        taken: set[str] = set()
        for row in raw:
            if not (isinstance(row, list) and len(row) == 4 and row[1] in classes):
                r.fail(f"bad fighter {row!r}", "fighters")
            name, n = str(row[0]), 2
            while name.casefold() in taken:
                name, n = f"{row[0]} {n}", n + 1
            taken.add(name.casefold())
            stats = freeze({"attack": int(row[2]), "defence": int(row[3])})
            fighters.append(RosterFighter(name, str(row[1]), stats, (), (), ""))
        samples.append(
            Roster(r.text("name"), "monochrome", tuple(fighters), r.text("notes", ""), True)
        )
    return MonoData(
        **read_header(s),
        rounds=s.num("rounds", lo=1),
        points=s.num("points", lo=1),
        max_fighters=s.num("max_fighters", lo=1),
        max_rare=s.num("max_rare", lo=0),
        low_defence=s.num("low_defence", lo=0),
        max_supports=s.num("max_supports", lo=0),
        attack_min=s.num("attack_min", lo=0),
        defence_min=s.num("defence_min", lo=0),
        attack_costs=s.nums("attack_costs"),
        defence_costs=s.nums("defence_costs"),
        defend_bonus=s.num("defend_bonus", lo=0),
        strike_move=s.num("strike_move", lo=0),
        knockback=s.num("knockback", lo=0),
        classes=classes,
        actions=actions,
        facts=_facts(top, actions),
        options=read_actions(top, "game")["options"],
        objectives=tuple(objectives),
        targets=targets,
        rulings=rulings,
        samples=tuple(samples),
    )
