"""How well the rules look-up answers players' questions it was never tuned on.

Each question of a set is searched twice: within its own system (as `rules search --system
ID` does) and across every system at once (as `rules search` does with no system and no
game). An answer is right when the topic it names is one of the question's topics; we
count the first answer, and the first three.

    python tests/lookup/score.py                    # the held-out half: figures only
    python tests/lookup/score.py --set tuning --misses

The held-out half is for measuring only: the script never prints its questions.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

if __package__ in (None, ""):
    sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).parent)]

from companion import systems
from companion.lookup.search import search
from companion.lookup.topics import RuleTopic, all_topics

Question = tuple[str, str, tuple[str, ...], str, str]

# The goals on the held-out half (`test_lookup_score.py` asserts them).
GOALS = {"system": (0.90, 0.98), "any": (0.75, 0.90)}


@dataclass(frozen=True)
class Figures:
    asked: int
    first: int
    top3: int

    @property
    def first_share(self) -> float:
        return self.first / self.asked if self.asked else 0.0

    @property
    def top3_share(self) -> float:
        return self.top3 / self.asked if self.asked else 0.0


def questions(which: str) -> list[Question]:
    if which == "heldout":
        from questions_heldout import QUESTIONS
    else:
        from questions_tuning import QUESTIONS
    return list(QUESTIONS)


#: the systems the question sets are written for
OWN = [sid for sid in systems.ids() if systems.built_in(sid)]


@lru_cache(maxsize=8)
def _topics(system_id: str | None) -> tuple[RuleTopic, ...]:
    # The questions are of companion's own systems: a plug-in installed for the tests
    # (the example system) takes no part in the race.
    ids = [system_id] if system_id else OWN
    return tuple(t for sid in ids for t in all_topics(sid))


def rank(q: Question, with_system: bool) -> int:
    """Where the first right answer comes (1 = first), 99 when not in the first ten."""
    system_id, asked, wanted = q[0], q[1], q[2]
    hits = search(asked, _topics(system_id if with_system else None), 10)
    for i, h in enumerate(hits, 1):
        if h.topic.system == system_id and h.topic.id in wanted:
            return i
    return 99


def same_text(text: str) -> str:
    """A question as two writers who wrote it alike would have: lower-case words only."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def copied(texts: Sequence[str]) -> int:
    """How many questions of either half `texts` holds, word for word (never which)."""
    kept = {same_text(t) for t in texts}
    return sum(same_text(q[1]) in kept for which in ("heldout", "tuning") for q in questions(which))


def figures(qs: Sequence[Question], with_system: bool) -> dict[str, Figures]:
    """First-right and top-3 counts per system and over all ('all')."""
    ranks: dict[str, list[int]] = {}
    for q in qs:
        r = rank(q, with_system)
        ranks.setdefault(q[0], []).append(r)
        ranks.setdefault("all", []).append(r)
    return {
        sid: Figures(len(rs), sum(r == 1 for r in rs), sum(r <= 3 for r in rs))
        for sid, rs in ranks.items()
    }


def table(qs: Sequence[Question]) -> str:
    """The figures as a Markdown table, per system, with and without --system."""
    with_system, without = figures(qs, True), figures(qs, False)
    lines = [
        "| system | questions | first (--system) | top 3 (--system) | first (no system) "
        "| top 3 (no system) |",
        "|---|---|---|---|---|---|",
    ]
    for sid in [*OWN, "all"]:
        if sid not in with_system:
            continue
        a, b = with_system[sid], without[sid]
        lines.append(
            f"| {sid} | {a.asked} | {a.first_share:.0%} | {a.top3_share:.0%} "
            f"| {b.first_share:.0%} | {b.top3_share:.0%} |"
        )
    return "\n".join(lines)


def misses(qs: Sequence[Question], with_system: bool) -> list[str]:
    out = []
    for q in qs:
        r = rank(q, with_system)
        if r > 1:
            scope = q[0] if with_system else None
            got = [f"{h.topic.system}:{h.topic.id}" for h in search(q[1], _topics(scope), 3)]
            out.append(f"[{q[0]}] {q[1]!r} wants {'/'.join(q[2])}: rank {r}, got {got}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("heldout", "tuning"), default="heldout")
    parser.add_argument("--misses", action="store_true", help="list the misses (tuning only)")
    args = parser.parse_args(argv)
    qs = questions(args.set)
    print(f"{args.set}: {len(qs)} questions")
    print(table(qs))
    if args.misses:
        if args.set == "heldout":
            print("the held-out half's misses are not shown: tune on --set tuning")
            return 2
        for with_system in (True, False):
            print(f"\nmisses {'with --system' if with_system else 'without a system'}:")
            print("\n".join(misses(qs, with_system)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
