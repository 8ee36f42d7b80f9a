"""Warband building rules of 1 Stat Skirmish (R-1SS-15), reported all at once."""

from __future__ import annotations

from collections import Counter

from companion.names import did_you_mean
from companion.roster import Roster, RosterFighter
from companion.systems.base import Problem
from companion.systems.one_stat.data import OneStatData, item_of


def check_fighter(d: OneStatData, f: RosterFighter, preset: bool = False) -> list[Problem]:
    out: list[Problem] = []
    n = f.name

    def bad(msg: str, severity: str = "error") -> None:
        out.append(Problem(f"{n}: {msg}", n, severity))

    rank = d.ranks.get(f.rank)
    if rank is None:
        bad(f"rank '{f.rank}' is not a 1ss rank; use one of {', '.join(d.ranks)}")
        return out
    if set(f.stats) != {"stat"}:
        bad("a 1ss fighter has exactly one stat, called 'stat'")
        return out
    stat = f.stats["stat"]
    if not rank.stat_min <= stat <= rank.stat_max:
        bad(f"a {rank.label.lower()}'s stat must be {rank.stat_min}-{rank.stat_max}, not {stat}")

    items = []
    for e in f.equipment:
        kind, _ = item_of(e)
        if kind not in d.armory:
            bad(f"'{kind}' is not in the armory; use one of {', '.join(d.armory)}")
        else:
            items.append(d.armory[kind])
    # A Fire Team rookie's heavy shooter is carried by both team rookies: it fills the
    # two hands of the rookie it is listed on (R-1SS-P12).
    team_heavy = f.rank == "rookie" and "fire-team" in f.skills
    hands = sum(
        min(i.hands, rank.hands) if team_heavy and i.shooter == "heavy" else i.hands for i in items
    )
    if hands > rank.hands:
        msg = f"carries {hands} hands of equipment; a {rank.label.lower()} has {rank.hands}"
        if preset:
            bad(msg + " (kept as the text sets this warband up, R-1SS-P01)", "note")
        else:
            bad(msg)
    if any(i.kind == "none" for i in items) and len(items) > 1:
        bad("'no weapon' cannot be combined with other equipment")

    roles = [s for s in f.skills if s in d.roles]
    skills = [s for s in f.skills if s in d.skills]
    unknown = [s for s in f.skills if s not in d.roles and s not in d.skills]
    for s in unknown:
        hint = did_you_mean(s, [*d.roles, *d.skills])
        bad(f"'{s}'{hint} is neither a rookie role nor a specialist skill")
    if f.rank == "rookie":
        if skills:
            bad(f"rookies take a role, not a specialist skill ({', '.join(skills)})")
        if len(roles) > 1:
            bad(f"a rookie has one role, not {len(roles)} ({', '.join(roles)})")
        if any(i.shooter == "heavy" for i in items) and "fire-team" not in roles:
            bad("only Fire Team rookies handle a heavy shooter")
        if any(i.shooter == "medium" for i in items):
            bad("a rookie's shooter is always a light shooter (R-1SS-02)", "note")
    else:
        if roles:
            bad(f"roles are for rookies; a {rank.label.lower()} takes skills ({', '.join(roles)})")
        others = [s for s in skills if s != "command"]
        if f.rank == "boss":
            if "command" not in skills:
                bad("a boss always has the Command skill")
            if len(others) != 1:
                bad(f"a boss has Command and exactly one other skill, not {len(others)}")
        else:
            if "command" in skills:
                bad("Command is the boss's skill only")
            if len(others) != 1:
                bad(f"a specialist has exactly one skill, not {len(others)}")
    if "distraction" in roles and stat < d.roles["distraction"].min_stat:
        bad(f"a Distraction needs stat {d.roles['distraction'].min_stat} or more, not {stat}")
    for s in skills:
        if d.skills[s].mission_only and not preset:
            bad(f"{d.skills[s].label} belongs to one fighter of the Treasure Hunt, not a warband")
    if "berserker" in skills and any(i.kind in ("shooter",) for i in items):
        bad("a Berserker may carry melee weapons only")
    if "martial-artist" in skills and any(i.kind in ("melee", "shooter", "shield") for i in items):
        bad("a Martial Artist carries no weapons, armour or shields")
    return out


def check_roster(d: OneStatData, roster: Roster) -> list[Problem]:
    out: list[Problem] = []
    for f in roster.fighters:
        out.extend(check_fighter(d, f, roster.preset))
    names = Counter(f.name.casefold() for f in roster.fighters)
    for name, c in names.items():
        if c > 1:
            out.append(Problem(f"the name '{name}' is used {c} times; names must differ"))
    ranks = Counter(f.rank for f in roster.fighters)
    if ranks["boss"] != 1:
        out.append(Problem(f"a warband has exactly one boss; this one has {ranks['boss']}"))
    allowed = ranks["rookie"] // 2
    if ranks["specialist"] > allowed:
        out.append(
            Problem(
                f"{ranks['specialist']} specialists need at least "
                f"{2 * ranks['specialist']} rookies "
                f"(one specialist per two rookies); there are {ranks['rookie']}"
            )
        )
    spec_skills = Counter(
        s for f in roster.fighters if f.rank == "specialist" for s in f.skills if s in d.skills
    )
    for s, c in spec_skills.items():
        if c > 1:
            out.append(
                Problem(
                    f"{c} specialists share the skill {d.skills[s].label}; "
                    "each may appear only once "
                    "among specialists (the boss may repeat one)"
                )
            )
    return out


ACTION_BAND = {"boss": 1, "specialist": 2, "rookie": 2}


def check_for_game(d: OneStatData, roster: Roster, action: bool) -> list[Problem]:
    """The roster's errors when a game starts with it (R-1SS-P21). An action scenario
    restricts each side to 1 boss, 2 specialists and 2 rookies, and that band is the
    rules' own exception to one specialist per two rookies."""
    problems = [p for p in check_roster(d, roster) if p.severity == "error"]
    if not action:
        return problems
    ranks = Counter(f.rank for f in roster.fighters)
    over = [
        f"{ranks[r]} {r if ranks[r] == 1 else r + 's'}"
        for r, most in ACTION_BAND.items()
        if ranks[r] > most and r != "boss"  # the one boss is checked with every warband
    ]
    problems = [p for p in problems if "specialists need at least" not in p.message]
    if over:
        problems.append(
            Problem(
                "an action scenario takes at most 1 boss, 2 specialists and 2 rookies a side, "
                f"not {' and '.join(over)} (name who sits out with --opt sit_out=NAME,NAME)"
            )
        )
    return problems
