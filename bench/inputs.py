"""How many inputs a player gives `companion play` for an attack, a charge, a move and
a whole activation, in every system, and for a standard solo turn of 1ss, counted in a
real pseudo-terminal at 80x24.

    python bench/inputs.py            # the table of medians, and the solo turn by phase
    python bench/inputs.py --readme   # and write them into README.md

An input is one key that answers a prompt, or one typed line with its Enter; choosing
the dice mode before the game is not counted. Digital dice throughout, seeded
(`play --seed`, the game's seed): a run counts the same inputs every time.

Each system's sample game (`companion demo` for 1ss, `game new --seed 1` otherwise,
after `companion turn --seed 1`) is played through `play`: the first fighter on the
menu activates, and activations take turns at an attack, a move and a charge (where the
system has one), then end the activation when it is still open. Each is counted from
choosing the fighter to the result of its last action:

- attack: 1ss, SKIRMASHED, SMBFAT Attack; Monochrome Strike; WarStuff Attack before
  any action, a shot that brings its own Hold (only a fighter that can shoot has it:
  the attack takes the samples' Dwarf Rifleman when it is on the menu, and a fighter
  with no such Attack is not counted as an attack).
- charge: WarStuff Run at a target then Attack; SKIRMASHED Run then Attack; Monochrome
  Charge, then the Attack play goes on to by itself ("reached": yes). 1ss and SMBFAT
  have none.
- move: 1ss, SKIRMASHED, SMBFAT Move; WarStuff and Monochrome Walk.
- activation: all of it, ending it included.

Whatever a step asks is answered as a player does when nothing unusual happens (see
bench/playdriver.py `usual_answer`): Enter on the confirming screen, melee when asked
whether an attack is a shot, the first target, 3 for a distance. Goal: an attack or a
charge in at most 4 inputs.

The standard solo turn (1ss, the Outlaws of tests/solo_helpers.py, `solo new --scenario
skirmish --seed 1`) runs from turn 1's first menu to turn 2's first menu: your ten
fighters activate in menu order; Robyn and John move then attack the first OpFor fighter
offered in melee, Marian shoots it (no move first), the seven others take "Move, then
end the activation"; the OpFor's walks follow one another by themselves, each question
given its first answer (an input counts for the fighter whose walk it answers); the
upkeep with its spawns. Goal: at most 40 inputs.

Every wait is bounded (bench/playdriver.py): a screen the script cannot answer ends the
run with that screen and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from textwrap import fill as wrap

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import ROOT, median, run  # noqa: E402
from bench.playdriver import Player, Prompt, Stuck, flat, usual_answer  # noqa: E402

SYSTEMS = ("1ss", "warstuff", "skirmashed", "smbfat", "monochrome")
GOAL_ATTACK = 4
GOAL_SOLO = 40


@dataclass(frozen=True)
class Plan:
    """The actions (labels on the fighter's menu, in order) of each kind of activation."""

    attack: tuple[str, ...]
    move: tuple[str, ...]
    charge: tuple[str, ...] = ()
    attacker: str = ""  # a fighter the attack takes when it is on the menu


PLANS = {
    "1ss": Plan(attack=("Attack",), move=("Move",)),
    "warstuff": Plan(
        attack=("Attack",),  # before any action: a shot, which brings its Hold (R-WS-P10)
        move=("Walk",),
        charge=("Run", "Attack"),
        attacker="Dwarf Rifleman",  # the samples' one fighter that can shoot
    ),
    "skirmashed": Plan(attack=("Attack",), move=("Move",), charge=("Run", "Attack")),
    "smbfat": Plan(attack=("Attack",), move=("Move",)),
    "monochrome": Plan(attack=("Strike",), move=("Walk",), charge=("Charge", "Attack")),
}


@dataclass
class Counts:
    attack: list[int] = field(default_factory=list)
    charge: list[int] = field(default_factory=list)
    move: list[int] = field(default_factory=list)
    activation: list[int] = field(default_factory=list)


def activate(pl: Player, key: str, actions: tuple[str, ...]) -> tuple[int | None, int]:
    """Activate the fighter on `key` and take `actions` in order, then end its activation
    when it is still open. Returns the inputs up to the last action's result (None when
    one of the actions was not offered) and those of the whole activation."""
    start = pl.inputs
    pl.send(key)
    p = pl.answer_until_main()
    done = True
    since = ""  # what the last action printed, squashed
    for label in actions:
        # "Shoot|Attack": the first of these the menu offers (a fighter that can only
        # shoot has its Attack, one that may also strike a Shoot of its own).
        k = None
        if "isactivating" in p.question:
            k = next((x for x in map(p.key, label.split("|")) if x is not None), None)
        if k is None:
            # An action play went on to by itself (a Monochrome Charge's attack) was
            # answered with the one before.
            if f":{label}—whom?" in since:
                continue
            done = False
            break
        at = len(pl.p.text)
        p = pl.send(k)
        if "whom?" in p.flat and label in ("Walk", "Move"):
            p = pl.send(p.key("Nobody") or "b")
        p = pl.answer_until_main()
        since = flat(pl.p.text[at:])
    taken = pl.inputs - start if done else None
    if "isactivating" in p.question:
        pl.send(p.key("End") or "e")
        p = pl.answer_until_main()
    return taken, pl.inputs - start


def between_turns(pl: Player, p: Prompt) -> bool:
    """On a main menu with nobody to activate, take the step to the next activation
    (start the turn, the upkeep, or end the round). False when the game is over."""
    if "Gameover" in p.flat:
        return False
    key = p.key("Start turn") or p.key("Upkeep") or p.key("End")
    if key is None:
        raise Stuck(f"a main menu with no way on:\n{p.text}")
    pl.send(key)
    pl.answer_until_main()
    return True


def first_fighter(p: Prompt) -> str | None:
    return p.key("Activate") if "toactivate" in p.question else None


def start(home: Path, seed: int) -> Player:
    pl = Player(home, seed)
    pl.p.expect("roll for you, or enter", 20)
    pl.settle()
    pl.send("r")
    pl.answer_until_main()
    pl.inputs = 0
    return pl


def one_system(sid: str, activations: int) -> Counts:
    counts = Counts()
    plan = PLANS[sid]
    kinds = [("attack", plan.attack), ("move", plan.move)]
    if plan.charge:
        kinds.append(("charge", plan.charge))
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        if sid == "1ss":
            run(home, "demo")
        else:
            run(home, "game", "new", "--system", sid, "--seed", "1", "--name", "bench")
        run(home, "turn", "--seed", "1")
        pl = start(home, 1)
        try:
            n = 0
            while n < activations:
                p = pl.prompt()
                key = first_fighter(p)
                if key is None:
                    if not between_turns(pl, p):
                        break
                    continue
                kind, actions = kinds[n % len(kinds)]
                if kind == "attack" and plan.attacker:
                    key = p.key(f"Activate {plan.attacker}") or key
                taken, whole = activate(pl, key, actions)
                if taken is not None:
                    getattr(counts, kind).append(taken)
                counts.activation.append(whole)
                n += 1
        finally:
            pl.close()
    return counts


@dataclass
class SoloTurn:
    fighters: dict[str, int] = field(default_factory=dict)
    end_side: int = 0
    opfor: dict[str, int] = field(default_factory=dict)
    upkeep: int = 0

    @property
    def total(self) -> int:
        return sum(self.fighters.values()) + self.end_side + sum(self.opfor.values()) + self.upkeep


SOLO_ROLES: dict[str, tuple[str, ...]] = {
    "Robyn": ("Move", "Attack"),
    "John": ("Move", "Attack"),
    "Marian": ("Shoot|Attack",),
}
MOVER = ("Move, then end",)  # every other fighter of yours


def _label_name(p: Prompt, key: str, prefix: str = "") -> str:
    label = dict(p.items)[key]
    return label.removeprefix(prefix).split(" (")[0]


def opfor_fighter(p: Prompt) -> str | None:
    return next((k for k, label in p.items if "OpFor procedure" in label), None)


def solo_turn(seed: int) -> SoloTurn:
    from tests.solo_helpers import WARBAND

    turn = SoloTurn()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        warband = Path(tmp) / "outlaws.json"
        warband.write_text(json.dumps(WARBAND))
        run(home, "roster", "import", str(warband))
        args = ("--scenario", "skirmish", "--seed", str(seed), "--name", "s")
        run(home, "solo", "new", "-r", "Outlaws", *args)
        pl = start(home, seed)
        try:
            p = pl.prompt()
            if (k := p.key("Start turn")) is not None:  # the set-up: before turn 1
                pl.send(k)
                p = pl.answer_until_main()
            pl.inputs = 0
            pl.stop_at = "OpForprocedurefor"
            while (key := first_fighter(p)) is not None and "OpFor" not in dict(p.items)[key]:
                name = _label_name(p, key, "Activate ")
                _, turn.fighters[name] = activate(pl, key, SOLO_ROLES.get(name, MOVER))
                p = pl.prompt()
            at = pl.inputs
            if p.main and "OpFor" not in p.question:  # your side still open: end it
                pl.send(p.key("End") or "t")
                p = pl.answer_until_main()
            turn.end_side = pl.inputs - at
            # The OpFor's walks follow one another by themselves; each input is counted
            # for the fighter whose walk it answers.
            name = ""
            for _ in range(200):
                p = pl.prompt()
                if m := re.search(r"OpFor procedure for (.+?):", pl.screen()):
                    name = m.group(1)
                if p.main:
                    key = next((k for k, t in p.items if "OpFor procedure" in t), None)
                    if key is None:
                        break
                    name = _label_name(p, key)  # a walk the menu offers
                    pl.send(key)
                else:
                    pl.send(usual_answer(p))
                turn.opfor[name] = turn.opfor.get(name, 0) + 1
            at = pl.inputs
            while "Turn2/" not in p.question or first_fighter(p) is None:
                if not between_turns(pl, p):
                    break
                p = pl.prompt()
            turn.upkeep = pl.inputs - at
        finally:
            pl.close()
    return turn


def fig(xs: list[int]) -> str:
    return f"{median(xs):g}" if xs else "–"


def table(results: dict[str, Counts], turns: list[SoloTurn]) -> str:
    """The README's table, and under it the solo turn: the median of `turns` (sorted
    by total; the lower middle one of an even count) with its phases."""
    rows = [
        "| System | Attack | Charge | Move | Activation |",
        "|---|---:|---:|---:|---:|",
    ]
    for sid, c in results.items():
        charge = fig(c.charge) if PLANS[sid].charge else "none"
        rows.append(f"| {sid} | {fig(c.attack)} | {charge} | {fig(c.move)} | {fig(c.activation)} |")
    if turns:
        t = turns[(len(turns) - 1) // 2]
        rows += [
            "",
            wrap(
                f"Standard solo turn of 1ss: {t.total} inputs (median of {len(turns)} games, "
                f"{turns[0].total} to {turns[-1].total}); in that game your fighters "
                f"{sum(t.fighters.values())}, ending your side {t.end_side}, the OpFor "
                f"{sum(t.opfor.values())} ({len(t.opfor)} fighters), the upkeep {t.upkeep}.",
                width=88,
            ),
        ]
    return "\n".join(rows)


def solo_detail(solo: SoloTurn) -> str:
    def line(counts: dict[str, int]) -> str:
        return ", ".join(f"{name} {n}" for name, n in counts.items())

    return (
        f"  your fighters ({sum(solo.fighters.values())}): {line(solo.fighters)}\n"
        f"  ending your side: {solo.end_side}\n"
        f"  the OpFor ({sum(solo.opfor.values())}): {line(solo.opfor)}\n"
        f"  the upkeep: {solo.upkeep}"
    )


MARK = "<!-- input table: written by bench/inputs.py --readme -->"


def write_readme(text: str) -> None:
    readme = ROOT / "README.md"
    body = readme.read_text()
    start = body.index(MARK)
    end = body.index("\n\n", start + len(MARK) + 1)
    if text.count("\n\n"):  # the solo line below the table: replace it too
        nxt = body.index("\n\n", end + 2)
        if body[end + 2 :].startswith("Standard solo turn"):
            end = nxt
    readme.write_text(body[:start] + MARK + "\n" + text + body[end:])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--activations", type=int, default=9, help="activations per system")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first solo game")
    ap.add_argument("--solo-turns", type=int, default=3, help="solo games (seeds on from --seed)")
    ap.add_argument(
        "--systems", default=",".join(SYSTEMS), help="the systems to count (comma-separated)"
    )
    ap.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = ap.parse_args()
    results: dict[str, Counts] = {}
    what = ""
    try:
        for what in [x for x in args.systems.split(",") if x]:
            print(f"{what} ...", file=sys.stderr, flush=True)
            results[what] = one_system(what, args.activations)
        what = "the 1ss solo turn"
        print(f"{what} ...", file=sys.stderr, flush=True)
        turns = sorted(
            (solo_turn(args.seed + i) for i in range(args.solo_turns)), key=lambda t: t.total
        )
    except Stuck as e:
        print(f"{what}: stuck: {e}", file=sys.stderr)
        return 2
    text = table(results, turns)
    print("Median inputs in `companion play` (digital dice, 80x24):\n")
    print(text)
    for t in turns:
        print(f"solo turn, {t.total} inputs:\n{solo_detail(t)}")
    if args.readme:
        write_readme(text)
    over = [
        sid
        for sid, c in results.items()
        if any(xs and median(xs) > GOAL_ATTACK for xs in (c.attack, c.charge))
    ]
    return 1 if over or turns and turns[(len(turns) - 1) // 2].total > GOAL_SOLO else 0


if __name__ == "__main__":
    sys.exit(main())
