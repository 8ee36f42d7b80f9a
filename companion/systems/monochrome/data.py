"""Monochrome skirmish rules data, typed and validated from rules_data/monochrome.toml."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from companion.data import Reader
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, SystemInfo
from companion.systems.kit import rules_file as read
from companion.systems.kit.facts import ActionSpec, read_actions
from companion.values import frozen, replace

FILE = "monochrome.toml"
LISTS = ("blood", "turf", "infamy")
SCORES = ("most", "first", "opponent", "defended")
# Facts of the attack that only Blast asks.
BLAST_ONLY = ("caught", "stuck")
# Facts of the attack that only a melee attack after a rolled move asks (R-MON-P21).
CHARGE_ONLY = ("reached", "distance")


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

    @property
    def charges(self) -> bool:
        """Whether its melee attack follows a rolled move, and so only when the move
        reaches the target (Charge, Rip: R-MON-P21)."""
        return bool(self.move_dice) and self.attack == "melee"


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
    #: the highest count a claim may give: "" none, "fighters" (the side's in play), or a
    #: number (edges, markers, targets); `shared` when both sides' counts share it
    at_most: str = ""
    shared: bool = False


def at_most(r: Reader, ctx: read.Ctx) -> str:
    """An objective's `at_most`: "fighters" or a whole number of at least 1."""
    v = r.data.get("at_most", "")
    if v in ("", "fighters") or (isinstance(v, int) and not isinstance(v, bool) and v >= 1):
        return str(v)
    r.fail("at_most takes 'fighters' or a whole number of at least 1", "at_most")


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
    info: SystemInfo
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
    classes: Mapping[str, ClassInfo]
    actions: Mapping[str, Action]
    facts: Mapping[str, ActionSpec]
    options: ActionSpec
    objectives: tuple[Objective, ...]
    targets: Mapping[str, TargetProfile]
    samples: tuple[Roster, ...]
    rulings: tuple[Ruling, ...]

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


def _move(r: Reader, ctx: read.Ctx) -> str:
    move = r.text("move", "")
    if move and not (move.endswith("D6") or move.isdigit()):
        r.fail("expected D6, 2D6, 3D6 or whole inches", "move")
    return move


def _facts(top: Reader, ctx: read.Ctx) -> dict[str, ActionSpec]:
    actions: Mapping[str, Action] = ctx["actions"]
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
                if f.key not in ("action", "ranged")
                and (a.blast or f.key not in BLAST_ONLY)
                and (a.charges or f.key not in CHARGE_ONLY)
            )
            # A charge's move is rolled and shown before the table can say whether it
            # reached anyone (R-MON-P21): play takes it as a move of its own, whose attack
            # follows with its target. A command may still name the target at once.
            whom = "none" if a.charges else "optional-enemy"
            out[a.id] = ActionSpec(a.id, a.label, whom, facts, a.summary)
        elif a.move_dice:
            out[a.id] = ActionSpec(a.id, a.label, "none", declared["walk"].facts, a.summary)
        else:
            out[a.id] = ActionSpec(a.id, a.label, "none", (), a.summary)
    return out


def _options(top: Reader, ctx: read.Ctx) -> ActionSpec:
    return read_actions(top, "game")["options"]


def _class(r: Reader, ctx: read.Ctx) -> str:
    return r.text("class", choices=tuple(ctx["classes"]))


def _samples(top: Reader, ctx: read.Ctx) -> tuple[Roster, ...]:
    classes: Mapping[str, ClassInfo] = ctx["classes"]
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
    return tuple(samples)


def _class_actions(d: MonoData, top: Reader, ctx: read.Ctx) -> None:
    for k, c in d.classes.items():
        for a in c.actions:
            if a not in d.actions:
                top.table("classes").table(k).fail(f"unknown action {a!r}", "actions")


def _one_per_roll(d: MonoData, top: Reader, ctx: read.Ctx) -> None:
    for lst in LISTS:
        rolls = sorted(o.roll for o in d.objectives if o.list == lst)
        if rolls != [1, 2, 3, 4, 5, 6]:
            top.fail(f"the {lst} list needs one objective per roll 1-6, found {rolls}")


SHAPE = read.Shape(
    MonoData,
    read.at_least("system", rounds=1, points=1, max_fighters=1, max_rare=0, low_defence=0),
    read.at_least("system", max_supports=0, attack_min=0, defence_min=0, defend_bonus=0),
    read.at_least("system", strike_move=0, knockback=0),
    info=read.info("monochrome"),
    checks=(_class_actions, _one_per_roll),
    attack_costs=read.Nums("system.attack_costs"),
    defence_costs=read.Nums("system.defence_costs"),
    classes=read.ByName(read.Shape(ClassInfo, kind=read.Text(choices=("basic", "rare")))),
    actions=read.ByName(
        read.Shape(
            Action,
            only=True,
            move=read.Use(_move, "move"),
            attack=read.Text(None, "", choices=("", "melee", "ranged")),
            dice=read.Num(None, 2, lo=2, hi=3),
            halve=read.Flag(None, False),
            support=read.Text(None, "", choices=("", "melee", "ranged")),
            blast=read.Flag(None, False),
        )
    ),
    facts=read.Use(_facts, "facts"),
    options=read.Use(_options, "game"),
    objectives=read.Each(
        read.Shape(
            Objective,
            list=read.Text(choices=LISTS),
            roll=read.Num(lo=1, hi=6),
            score=read.Text(choices=SCORES),
            need=read.Num(None, 0, lo=0),
            markers=read.Text(None, ""),
            at_most=read.Use(at_most, "at_most"),
        )
    ),
    targets=read.ByName(
        read.Shape(
            TargetProfile,
            cls=read.Use(_class, "class"),
            attack=read.Num(lo=0),
            defence=read.Num(lo=0),
            count=read.Num(lo=1),
        )
    ),
    samples=read.Use(_samples, "samples"),
    rulings=read.RULINGS,
)


@lru_cache(maxsize=1)
def load() -> MonoData:
    return read.file(SHAPE, FILE)
