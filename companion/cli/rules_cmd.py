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


def _rank(words: str, ids: list[str], limit: int) -> list[tuple[RuleTopic, float]]:
    from companion.lookup.search import search as rank

    pool = [t for sid in ids for t in all_topics(sid)]
    return [(h.topic, h.score) for h in rank(words, pool, limit)]


def _nothing(words: str, where: str = "") -> NotFoundError:
    return NotFoundError(
        f"no rule topic matches '{words}'{where}; try other words, or list every topic "
        "with `companion rules show SYSTEM`"
    )


def _search(words: str, system: str | None, limit: int) -> list[tuple[RuleTopic, float]]:
    ids = [systems.resolve_id(system)] if system else systems.ids()
    hits = _rank(words, ids, limit)
    if not hits:
        raise _nothing(words, f" in {ids[0]}" if system else "")
    return hits


def _current_game() -> tuple[str, str] | None:
    """The current game's name and rule system, or None when there is none. A look-up
    never fails for want of a game and writes nothing: without a settings file there
    is no current game to read."""
    import os

    from companion.game.peek import peek, peeking
    from companion.game.store import default_home

    view = peek(None)
    if view is None:
        if not os.path.isfile(os.path.join(default_home(), "settings.json")):
            return None
        try:
            with peeking(None) as found:
                view = found
        except CompanionError:
            return None
    return (view.name, view.system) if view.system in systems.ids() else None


def _by_system(
    hits: list[tuple[RuleTopic, float]], per_system: int
) -> list[list[tuple[RuleTopic, float]]]:
    """Hits grouped by system, the system with the best answer first."""
    groups: dict[str, list[tuple[RuleTopic, float]]] = {}
    for t, s in hits:
        group = groups.setdefault(t.system, [])
        if len(group) < per_system:
            group.append((t, s))
    return list(groups.values())


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
        str | None,
        typer.Option(
            "--system",
            "-s",
            help="Search one system only, e.g. 1ss. Without it the current game's system "
            "comes first; with no current game, each system's best answer is shown.",
        ),
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            "-n",
            min=1,
            max=50,
            help="How many answers to show (with no current game and no --system: per "
            "system, 1 unless given).",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the rule that answers a question, in your own words.

    Typos, plurals and everyday words ("lying down", "dead", "how far") are fine. The
    best answer comes in full, the next few in a line each. Without --system the game
    being played comes first; with no current game, every system answers in its own
    group, so no game's number stands alone as the answer.

    Example: companion rules search --system 1ss how far can I move
    """
    question = " ".join(words)
    if system:
        _show_hits(_search(question, system, limit or MORE + 1), as_json, across=False)
        return
    current = _current_game()
    if current is not None:
        game, sid = current
        hits = _rank(question, [sid], limit or MORE + 1)
        if hits:
            if not as_json:
                name = systems.get(sid).info.name
                console().print(
                    f"Answers from {name} first: the current game '{game}' plays it "
                    "(--system ID searches another system).",
                    style="dim",
                )
            _show_hits(hits, as_json, across=False)
            return
    groups = _by_system(_search(question, None, 50 * len(systems.ids())), limit or 1)
    if as_json:
        print_json([{**t.to_dict(), "score": s} for g in groups for t, s in g])
        return
    from companion.render.topic_view import topic_line

    c = console()
    if current is None:
        lead = "No current game, so each system answers"
    else:
        lead = f"Nothing in {systems.get(current[1]).info.name}, the current game's; other systems"
    c.print(f"{lead} (--system ID shows one system's answers in full):", style="dim")
    from rich.text import Text

    for group in groups:
        sid = group[0][0].system
        c.print()
        c.print(Text(f"{systems.get(sid).info.name} [{sid}]", style="bold"))
        for t, _ in group:
            c.print(topic_line(t))


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
