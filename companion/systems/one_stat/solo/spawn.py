"""The spawn dice: 6d6 grouped by face into the OpFor fighters that arrive (R-1SS-11)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from companion.dice import DiceSource
from companion.errors import UsageError
from companion.game.events import Change, add_fighter
from companion.game.state import FighterState, GameState, freeze
from companion.names import plural
from companion.systems.one_stat.solo.profiles import Profile
from companion.systems.one_stat.state import OneStatSoloGame
from companion.trace import Roll, Step, Trace
from companion.values import frozen

# How many of one face arrive as which fighters (R-1SS-11). "Six in a row" is six of one
# face; a 1-2-3-4-5-6 straight is six singles.
GROUPS: Mapping[int, tuple[str, ...]] = {
    1: ("rookie",),
    2: ("specialist",),
    3: ("boss",),
    4: ("specialist", "specialist"),
    5: ("boss", "specialist"),
    6: ("boss", "boss"),
}
GROUP_WORDS = {1: "single", 2: "pair", 3: "three of a kind", 4: "four of a kind"}
GROUP_WORDS |= {5: "five of a kind", 6: "six of a kind"}
# The flag of a spawned fighter saying in which turn it arrived, as the log files the
# spawn: 0 for the set-up's, the turn an upkeep begins for the upkeep's.
SPAWN_TURN = "spawn_turn"


@frozen
class SpawnGroup:
    face: int  # the spawnpoint number
    count: int  # how many dice showed it
    ranks: tuple[str, ...]

    def describe(self) -> str:
        who = " and ".join(f"1 {r}" for r in self.ranks)
        if len(self.ranks) == 2 and self.ranks[0] == self.ranks[1]:
            who = plural(2, self.ranks[0])
        dice = ", ".join(str(self.face) for _ in range(self.count))
        return (
            f"{GROUP_WORDS[self.count]} of {self.face}s [{dice}] = {who} at spawnpoint {self.face}"
        )


def group(values: Sequence[int]) -> list[SpawnGroup]:
    """Group spawn dice by face, lowest face first."""
    for v in values:
        if not 1 <= v <= 6:
            raise UsageError(f"{v} is not a face of a D6")
    counts = Counter(values)
    out = []
    for face in sorted(counts):
        n = counts[face]
        if n > 6:
            raise UsageError(f"{n} dice show {face}; the spawn dice are six D6")
        out.append(SpawnGroup(face, n, GROUPS[n]))
    return out


def tally(groups: Sequence[SpawnGroup]) -> dict[str, int]:
    c = Counter(r for g in groups for r in g.ranks)
    return {r: c.get(r, 0) for r in ("rookie", "specialist", "boss")}


def opfor_fighter(
    profile: Profile,
    rank: str,
    number: int,
    spawnpoint: int | None,
    die: int,
    turn: int | None = None,
) -> FighterState:
    """A new OpFor fighter of `rank` from the profile, numbered within its rank; one that
    comes from a spawnpoint keeps its number and the turn it arrived in (`SPAWN_TURN`)."""
    skills: tuple[str, ...] = ()
    if rank == "specialist":
        skills = (profile.specialization,)
    elif rank == "boss":
        skills = profile.boss_skills()
    elif rank == "rookie":
        skills = ("allrounder",)
    flags: dict[str, object] = {"opfor": True}
    if spawnpoint is not None:
        flags["spawnpoint"] = spawnpoint
        if turn is not None:
            flags[SPAWN_TURN] = turn
    name = f"{profile.names[rank]} {number}"
    return FighterState(
        id=f"opfor-{rank}-{number}",
        side=1,
        name=name,
        rank=rank,
        die=die,
        stats=freeze({"stat": profile.stat(rank)}),
        equipment=profile.equipment(rank),
        skills=skills,
        flags=freeze(flags),
    )


def next_numbers(state: GameState) -> dict[str, int]:
    """The next free running number per rank among the OpFor fighters."""
    used = dict(OneStatSoloGame.of(state).opfor_count or {})
    return {r: int(used.get(r, 0)) for r in ("rookie", "specialist", "boss")}


def spawn(
    state: GameState,
    profile: Profile,
    dice: DiceSource,
    dice_by_rank: Mapping[str, int],
    title: str = "Spawn roll",
    count: int = 6,
    turn: int | None = None,
) -> tuple[list[Change], Trace, dict[str, int], list[dict[str, object]]]:
    """Roll the spawn dice and add the fighters they bring. Shut spawnpoints bring none.

    `turn` is the turn the fighters arrive in (default: the game's turn now; the upkeep
    passes the turn it begins). Besides the changes, the trace and how many of each rank
    arrived, it gives who arrived at which spawnpoint (`arrivals`), for the event's data.
    """
    turn = state.turn if turn is None else turn
    values = dice.roll(6, count, purpose="the spawn dice (6D6)")
    groups = group(values)
    shut = set(OneStatSoloGame.of(state).shut or ())
    numbers = next_numbers(state)
    changes: list[Change] = []
    steps = [
        Step(
            "Spawn dice",
            "rolled " + ", ".join(str(v) for v in values),
            roll=Roll("OpFor", 6, count, None, count, tuple(values), tuple(range(count))),
            rulings=("R-1SS-11",),
        )
    ]
    placed: Counter[str] = Counter()
    arrived: list[dict[str, object]] = []
    for g in groups:
        if g.face in shut:
            steps.append(
                Step(
                    f"Spawnpoint {g.face}",
                    g.describe() + f"; spawnpoint {g.face} is shut down, so nobody comes",
                    rulings=("R-1SS-S06",),
                )
            )
            continue
        names = []
        for rank in g.ranks:
            numbers[rank] += 1
            f = opfor_fighter(profile, rank, numbers[rank], g.face, dice_by_rank[rank], turn)
            changes.append(add_fighter(f))
            names.append(f.name)
            placed[rank] += 1
            arrived.append(arrival(f, g.face, turn))
        steps.append(Step(f"Spawnpoint {g.face}", f"{g.describe()}: {', '.join(names)}"))
    changes += OneStatSoloGame.set(opfor_count=numbers)
    total = sum(placed.values())
    parts = [
        f"{placed[r]} {r}{'s' if placed[r] != 1 else ''}"
        for r in ("boss", "specialist", "rookie")
        if placed[r]
    ]
    outcome = f"{total} OpFor fighter{'s' if total != 1 else ''} arrive" + (
        f": {', '.join(parts)}" if parts else ""
    )
    trace = Trace(title, tuple(steps), outcome, rulings=("R-1SS-11",))
    return changes, trace, dict(placed), arrived


def arrival(f: FighterState, spawnpoint: int, turn: int) -> dict[str, object]:
    """One spawned fighter as the event's data keeps it: who, where and when, and its die
    and stat (what a player sets the miniature down with)."""
    return {
        "id": f.id,
        "name": f.name,
        "rank": f.rank,
        "die": f.die,
        "stat": f.stats.get("stat"),
        "spawnpoint": spawnpoint,
        "turn": turn,
    }
