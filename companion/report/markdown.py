"""The battle report as Markdown: readable as plain text, renderable anywhere."""

from __future__ import annotations

from companion.report.build import Entry, Report

BAR = "█"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _entry_line(e: Entry) -> str:
    line = f"- {e.summary}"
    if e.dice:
        how = "entered" if e.typed else "rolled"
        line += f" *(dice {how}: {', '.join(map(str, e.dice))})*"
    return "\n".join([line] + [f"  - {_cell(x)}" for x in e.rolls])


def vp_chart(report: Report) -> list[str]:
    """Victory points after each turn, one small bar per side."""
    names = [s.name for s in report.sides]
    top = max([1] + [v for t in report.turns for v in t.vp])
    width = max(len(n) for n in names) if names else 4
    lines = ["```"]
    for t in report.turns:
        for i, name in enumerate(names):
            v = t.vp[i] if i < len(t.vp) else 0
            label = f"T{t.turn}" if i == 0 else ""
            bar = BAR * round(v * 20 / top) if v else "·"
            lines.append(f"{label:<4}{name:<{width}}  {bar} {v}")
    lines.append("```")
    return lines


def to_markdown(report: Report) -> str:
    r = report
    of = f" of {r.last_turn}" if r.last_turn else ""
    state = "finished" if r.finished else f"running, {r.round_word} {r.turn}{of}"
    out = [f"# Battle report: {r.game}", ""]
    out += [f"**{r.headline}**", ""]
    out.append(f"{r.system} · {r.scenario} · {state}")
    out.append("")
    if r.result and r.ending and r.result not in r.ending:
        out += [f"**How it ended:** {r.ending}", ""]
    if r.keeps_vp:
        out.append("**Victory points:** " + ", ".join(f"{s.name} {s.vp}" for s in r.sides))
        out.append("")
    for note in r.notes:
        out.append(f"> {note}")
    if r.notes:
        out.append("")

    if r.moments:
        out += ["## Key moments", ""]
        for m in r.moments:
            when = f"{r.round_word} {m.turn}" if m.turn else "before the game"
            odds = f", {m.chance}" if m.chance else ""
            out.append(f"- **{m.title}** ({when}{odds}): {m.text}")
        out.append("")

    out += ["## Rosters", ""]
    for s in r.sides:
        out += [f"### {s.name}", ""]
        out.append("| Fighter | Rank | Stat | Equipment | Skills | At the end |")
        out.append("|---|---|---|---|---|---|")
        for f in s.fighters:
            out.append(
                "| "
                + " | ".join(
                    _cell(x) for x in (f.name, f.rank, f.stats, f.equipment, f.skills, f.end)
                )
                + " |"
            )
        out.append("")

    word = r.round_word.capitalize()
    out += [f"## {word} by {r.round_word}", ""]
    if r.setup:
        out += ["### Before the game", ""]
        out += [_entry_line(e) for e in r.setup]
        out.append("")
    if not r.turns:
        out += [f"No {r.round_word} has been played yet.", ""]
    for t in r.turns:
        out += [f"### {word} {t.turn}", ""]
        out += [_entry_line(e) for e in t.entries]
        out.append("")
        if r.keeps_vp:
            out.append(
                f"Victory points after the {r.round_word}: "
                + ", ".join(f"{s.name} {t.vp[i]}" for i, s in enumerate(r.sides))
            )
            out.append("")

    if r.keeps_vp:
        out += [f"## Victory points per {r.round_word}", ""]
        if r.turns:
            out += vp_chart(r)
        else:
            out.append(f"No {r.round_word} has been played yet.")
        out.append("")

    out += ["## Casualties", ""]
    if r.casualties:
        for c in r.casualties:
            when = f"{r.round_word} {c.turn}" if c.turn else "before the game"
            out.append(f"- **{c.name}** ({c.side}), {when}: {c.how}")
    else:
        out.append("No one was taken out.")
    out.append("")

    if r.solo:
        out += ["## Solo: spawns and the OpFor's decisions", ""]
        for line in r.solo:
            when = f"{r.round_word} {line.turn}" if line.turn else "before the game"
            out.append(f"- {line.kind}, {when}: {line.summary}")
            out += [f"  - {_cell(s)}" for s in line.steps]
        out.append("")

    out += ["## Luck", ""]
    if not r.luck:
        out.append("No dice were rolled.")
    else:
        out.append(
            "How the dice fell against the exact odds worked out before each roll: for "
            "tests, successes against the sum of their chances; for plain rolls, the "
            "average rolled against the average expected. The ± is one standard "
            "deviation: roughly two results in three land within it."
        )
        out.append("")
        side = None
        for x in r.luck:
            if x.side != side:
                if side is not None:
                    out.append("")
                out += [f"### {x.side}", ""]
                side = x.side
            out.append(f"- {x.sentence()} ({x.verdict})")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
