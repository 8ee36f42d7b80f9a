"""`companion rules ...`: the quick rules look-up (show, search, sheet) and the rulings."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from companion import systems
from companion.cli.common import JsonOpt, console, print_json
from companion.cli.complete import completer
from companion.errors import CompanionError, NotFoundError
from companion.lookup.topics import RuleTopic, all_topics


class _RulesGroup(TyperGroup):
    """`companion rules SYSTEM [TOPIC]` is short for `companion rules show SYSTEM [TOPIC]`."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            try:
                systems.resolve_id(args[0])
            except CompanionError:
                pass
            else:
                args = ["show", *args]
        return super().resolve_command(ctx, args)


SystemArg = Annotated[
    str, typer.Argument(help="Rule system id, e.g. 1ss.", autocompletion=completer("system"))
]

app = typer.Typer(
    cls=_RulesGroup,
    help="Quick rules look-ups: every rule of every system, searchable, with a cheat sheet."
    " 'companion rules SYSTEM [TOPIC]' is short for 'companion rules show SYSTEM [TOPIC]'."
    "\n\nExample: companion rules 1ss tank",
    no_args_is_help=True,
)

# How many answers after the best one a search shows as one-liners.
MORE = 4


def _ruling_titles(system: str) -> dict[str, str]:
    return {r.id: r.title for r in systems.get(system).rulings()}


def _show_hits(hits: list[tuple[RuleTopic, float]], as_json: bool, across: bool) -> None:
    """The best answer in full and the next few as one-liners."""
    if as_json:
        print_json([{**t.to_dict(), "score": s} for t, s in hits])
        return
    from companion.render.topic_view import render_topic, topic_line

    c = console()
    best = hits[0][0]
    render_topic(c, best, _ruling_titles(best.system))
    if len(hits) > 1:
        c.print("\nSee also:", style="bold")
        for t, _ in hits[1:]:
            c.print(topic_line(t, with_system=across))


def _search(words: str, system: str | None, limit: int) -> list[tuple[RuleTopic, float]]:
    from companion.lookup.search import search as rank

    ids = [systems.resolve_id(system)] if system else systems.ids()
    pool = [t for sid in ids for t in all_topics(sid)]
    hits = rank(words, pool, limit)
    if not hits:
        where = f" in {ids[0]}" if system else ""
        raise NotFoundError(
            f"no rule topic matches '{words}'{where}; try other words, or list every topic "
            "with `companion rules show SYSTEM`"
        )
    return [(h.topic, h.score) for h in hits]


@app.command("show")
def show(
    system: Annotated[
        str, typer.Argument(help="Rule system id, e.g. 1ss.", autocompletion=completer("system"))
    ],
    topic: Annotated[
        list[str] | None,
        typer.Argument(
            help="A topic id or title (e.g. cover, range, tank), a kind (topic, skill, role, "
            "armory, scenario, rule, action, rulings), or any words to search for.",
            autocompletion=completer("topic"),
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show a rule: the topic named, or the best match for the words given.

    Without a topic, lists every topic of the system, one line each.

    Example: companion rules show 1ss cover
    """
    sid = systems.resolve_id(system)
    if topic and " ".join(topic).casefold() in ("rulings", "ruling"):
        rulings(sid, as_json)
        return
    topics = all_topics(sid)
    words = " ".join(topic or ()).strip()
    key = words.casefold()
    # A topic's own id or title comes first: WarStuff's "actions" topic, not the kind.
    exact = [t for t in topics if key and key in (t.id, t.title.casefold())]
    if exact:
        _show_hits([(exact[0], 100.0)], as_json, across=False)
        return
    kinds = {t.kind for t in topics}
    if not key or key.removesuffix("s") in kinds:
        chosen = [t for t in topics if not key or t.kind == key.removesuffix("s")]
        if as_json:
            print_json([t.to_dict() for t in chosen])
            return
        from companion.lookup.sheet import sections
        from companion.render.topic_view import topic_line

        c = console()
        for section, items in sections(chosen):
            c.print(section, style="bold")
            for t in items:
                c.print(topic_line(t))
        return
    from companion.names import close_to

    # One word spelt a little wrong ("tnak") means the topic it is closest to, when one
    # is close; more words are a question for the search.
    near = close_to(key, [t.id for t in topics]) if " " not in key else None
    if near is not None:
        if not as_json and key.removesuffix("s") != near:
            console().print(f"No topic '{words}'; did you mean '{near}'?", style="dim")
        _show_hits([(next(t for t in topics if t.id == near), 90.0)], as_json, across=False)
        return
    _show_hits(_search(words, sid, MORE + 1), as_json, across=False)


@app.command("search")
def search(
    words: Annotated[list[str], typer.Argument(help="What you want to know, in a few words.")],
    system: Annotated[
        str | None, typer.Option("--system", "-s", help="Search one system only, e.g. 1ss.")
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", min=1, max=50, help="How many answers to show.")
    ] = MORE + 1,
    as_json: JsonOpt = False,
) -> None:
    """Find the rule that answers a question, across every system (or one).

    Typos and plurals are fine. The best answer comes in full, the next few in a line each.

    Example: companion rules search --system 1ss how far can I move
    """
    hits = _search(" ".join(words), system, limit)
    _show_hits(hits, as_json, across=system is None)


class SheetFormat(StrEnum):
    text = "text"
    html = "html"


@app.command("sheet")
def sheet(
    system: Annotated[
        str, typer.Argument(help="Rule system id, e.g. 1ss.", autocompletion=completer("system"))
    ],
    fmt: Annotated[
        SheetFormat,
        typer.Option("--format", "-f", help="text, or html for a printable page."),
    ] = SheetFormat.text,
    as_json: JsonOpt = False,
) -> None:
    """Print a cheat sheet to keep beside the table: one line per rule, by section.

    Example: companion rules sheet 1ss --format html
    """
    from companion.lookup.sheet import sections, sheet_html, sheet_text

    sys_ = systems.get(system)
    topics = all_topics(sys_.info.id)
    if as_json:
        print_json(
            {
                "system": sys_.info.id,
                "name": sys_.info.name,
                "sections": [
                    {
                        "section": name,
                        "topics": [{"id": t.id, "title": t.title, "sheet": t.sheet} for t in items],
                    }
                    for name, items in sections(topics)
                ],
            }
        )
        return
    if fmt is SheetFormat.html:
        typer.echo(sheet_html(sys_.info.name, sys_.info.id, topics), nl=False)
        return
    typer.echo(sheet_text(sys_.info.name, topics, console().width), nl=False)


@app.command("rulings")
def rulings(
    system: Annotated[
        str, typer.Argument(help="Rule system id, e.g. 1ss.", autocompletion=completer("system"))
    ],
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
