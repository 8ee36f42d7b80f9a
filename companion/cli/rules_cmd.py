"""`companion rules ...`: quick look-ups of skills, roles, armory, scenarios and rulings."""

from __future__ import annotations

from typing import Annotated

import typer

from companion import systems
from companion.cli.common import JsonOpt, console, print_json
from companion.names import match

app = typer.Typer(
    help="Quick rules look-ups.\n\nExample: companion rules 1ss tank", no_args_is_help=True
)


@app.command("show")
def show(
    system: Annotated[str, typer.Argument(help="Rule system id, e.g. 1ss.")],
    topic: Annotated[
        str | None,
        typer.Argument(
            help="A skill, role, item or scenario (prefix), or a kind: skill, role, armory, "
            "scenario, rulings."
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Look up a rule: one topic, a kind of topic, or everything.

    Example: companion rules show 1ss tank
    """
    sys_ = systems.get(system)
    topics = list(sys_.topics())
    kinds = sorted({t.kind for t in topics})
    if topic and topic.casefold() in ("rulings", "ruling"):
        rulings(system, as_json)
        return
    if topic is None:
        chosen = topics
    elif topic.casefold().rstrip("s") in kinds:
        chosen = [t for t in topics if t.kind == topic.casefold().rstrip("s")]
    else:
        by_id = [t for t in topics if t.id == topic.casefold()]
        chosen = by_id or [match(topic, topics, lambda t: t.label.split(" (")[0], "rule topic")]
    if as_json:
        print_json(
            [{"kind": t.kind, "id": t.id, "label": t.label, "summary": t.summary} for t in chosen]
        )
        return
    c = console()
    for t in chosen:
        c.print(f"[bold]{t.label}[/bold] [dim]({t.kind}, {t.id})[/dim]")
        c.print(f"  {t.summary}")


@app.command("rulings")
def rulings(
    system: Annotated[str, typer.Argument(help="Rule system id, e.g. 1ss.")],
    as_json: JsonOpt = False,
) -> None:
    """List how companion reads the unclear parts of a system's text (ruling ids).

    Example: companion rules rulings 1ss
    """
    sys_ = systems.get(system)
    rs = sys_.rulings()
    if as_json:
        print_json([{"id": r.id, "title": r.title, "text": r.text} for r in rs])
        return
    c = console()
    for r in rs:
        c.print(f"[bold]{r.id}[/bold] {r.title}")
        c.print(f"  {r.text}")
