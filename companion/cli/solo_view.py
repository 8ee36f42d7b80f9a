"""`companion solo odds`: the spawn forecast, on the quick path.

Declared once (`companion.cli.declare`), without Typer: a well-formed command line is
parsed by the quick path, and the tables are printed without Rich where Rich would print
the same (`companion.render.grid`). The solo group's other commands are in `solo_cmd`.
"""

from __future__ import annotations

from companion.cli.declare import JSON, Command, opt


def odds(turns: int, shut: int, as_json: bool) -> None:
    from companion.cli.plain import print_json
    from companion.render.grid import Grid, Part, Say, show
    from companion.systems.one_stat.solo.forecast import RANKS, forecast

    f = forecast()
    by_turn = f.by_turn(turns, shut)
    if as_json:
        print_json(
            {
                "outcomes": f.outcomes,
                "hands": [
                    {
                        "rookies": h[0],
                        "specialists": h[1],
                        "bosses": h[2],
                        "p": str(p),
                        "chance": float(p),
                    }
                    for h, p in f.hands
                ],
                "per_rank": {
                    r: [{"count": k, "p": str(p), "chance": float(p)} for k, p in f.per_rank[r]]
                    for r in RANKS
                },
                "expected": {r: {"p": str(v), "value": float(v)} for r, v in f.expected.items()},
                "expected_total": {"p": str(f.expected_total), "value": float(f.expected_total)},
                "at_least_one_boss": {
                    "p": str(f.at_least_one_boss),
                    "chance": float(f.at_least_one_boss),
                },
                "by_turn": [{"turn": t, "expected": float(v), "p": str(v)} for t, v in by_turn],
                "shut": shut,
            }
        )
        return
    from companion import odds

    parts: list[Part] = [Say(f"One spawn roll (6D6, all {f.outcomes} outcomes, R-1SS-11):", "bold")]
    hands = tuple(
        (
            str(h[0]),
            str(h[1]),
            str(h[2]),
            odds.fmt(p) if hasattr(odds, "fmt") else f"{float(p):.2%}",
        )
        for h, p in f.hands
    )
    parts.append(Grid(("rookies", "specialists", "bosses", "chance"), hands, overflow="ellipsis"))
    plural = {"rookie": "rookies", "specialist": "specialists", "boss": "bosses"}
    for r in RANKS:
        dist = ", ".join(f"{k}: {float(p):.1%}" for k, p in f.per_rank[r])
        expected = f"expected {float(f.expected[r]):.3f} ({f.expected[r]})"
        parts.append(Say(f"{plural[r]} per spawn: {expected}; {dist}"))
    parts.append(
        Say(
            f"expected fighters per spawn: {float(f.expected_total):.3f}; "
            f"at least one boss: {float(f.at_least_one_boss):.1%}"
        )
    )
    arrived = tuple((str(turn), f"{float(v):.1f}") for turn, v in by_turn)
    parts.append(Grid(("turn", "expected OpFor arrived"), arrived, overflow="ellipsis"))
    shut_note = f" {shut} spawnpoints shut." if shut else ""
    parts.append(
        Say(
            "Turn N has seen the set-up spawn and N-1 upkeep spawns; "
            "fighters taken out are not subtracted." + shut_note,
            "dim",
        )
    )
    show(parts)


SOLO_ODDS = Command(
    "odds",
    "companion.cli.solo_view:odds",
    """Exact odds of one spawn roll over all 6^6 outcomes, and the OpFor size by turn.

    Example: companion solo odds --turns 8
    """,
    (
        opt("turns", "Turns to forecast.", kind="int", default=8, low=0, high=30),
        opt("shut", "Spawnpoints shut down.", kind="int", default=0, low=0, high=6),
        JSON,
    ),
)
# The solo group's subcommands the quick path may run (`quick.GROUPS`).
QUICK = (SOLO_ODDS,)
