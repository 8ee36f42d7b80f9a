"""What `roll` does: dice by notation, explained with their odds (declared in `table`)."""

from __future__ import annotations

from companion.cli.shared import console, dice_source, print_json


def roll(notation: str, dice: str | None, seed: int | None, as_json: bool) -> None:
    from companion import odds
    from companion.dice import parse_notation
    from companion.trace import roll_dice

    n = parse_notation(notation)
    src = dice_source(dice, seed)
    r = roll_dice(src, "you", n.sides, n.count, n.keep, n.keep_n, purpose=str(n))
    src.finish()
    total = r.value + n.modifier
    result = {
        "notation": str(n),
        "dice": list(r.dice),
        "kept": [r.dice[i] for i in r.kept],
        "modifier": n.modifier,
        "total": total,
    }
    if n.count**1 * n.sides <= 10_000 and (n.keep is None or n.sides**n.count <= 2_000_000):
        dist = odds.pool(n.count, n.sides, n.keep, n.keep_n)
        result["expected"] = round(float(odds.expected(dist)) + n.modifier, 4)
        result["p_at_least"] = round(float(odds.chance(dist, ">=", total, n.modifier)), 6)
        result["p_at_most"] = round(float(odds.chance(dist, "<=", total, n.modifier)), 6)
    if as_json:
        print_json(result)
        return
    from rich.text import Text

    t = Text(f"{n}: ")
    for j, v in enumerate(r.dice):
        t.append((" " if j else "") + str(v), style="bold" if j in r.kept else "dim strike")
    if n.keep:
        t.append(f"  keep {'highest' if n.keep == 'h' else 'lowest'} {n.keep_n}")
    if n.modifier:
        t.append(f"  {n.modifier:+d}")
    t.append(f"  = {total}", style="bold")
    c = console()
    c.print(t)
    if "expected" in result:
        c.print(
            f"Average {result['expected']}; chance of {total} or more "
            f"{result['p_at_least']:.1%}, of {total} or less {result['p_at_most']:.1%}.",
            style="dim",
        )
