"""`companion rules ...`: the quick rules look-up (show, search, sheet) and the rulings.

Declared once at the end (`companion.cli.declare`), without Typer: a well-formed look-up
is parsed by the quick path and answered from the prepared topics
(`companion.lookup.prepared`), printed without Rich where Rich would print the same.
"""

from __future__ import annotations

import sys

from companion import TYPE_CHECKING, systems
from companion.cli.declare import JSON, Command, arg, opt
from companion.errors import CompanionError, NotFoundError

if TYPE_CHECKING:
    from typing import Any

    from rich.console import Console

    from companion.lookup.topics import RuleTopic
    from companion.render.topic_lines import Block

HELP = (
    "Quick rules look-ups: every rule of every system, searchable, with a cheat sheet."
    " 'companion rules SYSTEM [TOPIC]' is short for 'companion rules show SYSTEM [TOPIC]'."
    "\n\nExample: companion rules 1ss tank"
)

# How many answers after the best one a search shows as one-liners.
MORE = 4


def shorthand(word: str) -> str | None:
    """`companion rules SYSTEM [TOPIC]` is short for `companion rules show SYSTEM [TOPIC]`."""
    try:
        systems.resolve_id(word)
    except CompanionError:
        return None
    return "show"


def _print(blocks: list[Block]) -> None:
    """The lines as Rich prints them, without Rich where it can."""
    from companion.render.plain import show
    from companion.render.topic_lines import plain

    def rich(console: Console) -> None:
        from companion.render.topic_view import render_blocks

        render_blocks(console, blocks)

    show(plain(blocks), rich)


def _print_json(data: Any) -> None:
    from companion.render.plain import print_json

    print_json(data)


def _show_hits(hits: list[tuple[RuleTopic, float]], as_json: bool, across: bool) -> None:
    """The best answer in full and the next few as one-liners."""
    if as_json:
        _print_json([{**t.to_dict(), "score": s} for t, s in hits])
        return
    from companion.lookup import prepared
    from companion.render.topic_lines import line_spans, topic_blocks

    best = hits[0][0]
    titles = {rid: title for rid, title, _ in prepared.rulings(best.system)}
    blocks = topic_blocks(best, titles)
    if len(hits) > 1:
        blocks += [([], 0), ([("See also:", "bold")], 0)]
        blocks += [line_spans(t, with_system=across) for t, _ in hits[1:]]
    _print(blocks)


def _rank(words: str, ids: list[str], limit: int) -> list[tuple[RuleTopic, float]]:
    from companion.lookup import prepared
    from companion.lookup.search import search as rank

    pool = [t for sid in ids for t in prepared.topics(sid)]
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


def _last_game() -> tuple[str, str] | None:
    """The name and rule system of the game played last (the game file written most
    recently), or None when there is none to read; it writes nothing."""
    import os

    from companion.game.store import default_home
    from companion.home import game_doc, read_locked

    folder = os.path.join(default_home(), "games")
    try:
        names = [n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith(".")]
    except OSError:
        return None
    newest = sorted(names, key=lambda n: os.path.getmtime(os.path.join(folder, n)))
    for name in reversed(newest):
        game = name[: -len(".json")]

        def read(home: str, game: str = game) -> tuple[str, dict[str, object]] | None:
            return game_doc(home, game)

        found = read_locked(read)
        if found is None:
            continue
        system = found[1].get("system")
        if isinstance(system, str) and system in systems.ids():
            return str(found[1].get("name") or found[0]), system
    return None


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


def show(system: str, topic: list[str] | None, as_json: bool) -> None:
    from companion.lookup import prepared

    sid = systems.resolve_id(system)
    if topic and " ".join(topic).casefold() in ("rulings", "ruling"):
        rulings(sid, as_json)
        return
    topics = prepared.topics(sid)
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
            _print_json([t.to_dict() for t in chosen])
            return
        from companion.lookup.sheet import sections
        from companion.render.topic_lines import line_spans

        blocks: list[Block] = []
        for section, items in sections(chosen):
            blocks.append(([(section, "bold")], 0))
            blocks += [line_spans(t) for t in items]
        _print(blocks)
        return
    from companion.names import close_to

    # One word spelt a little wrong ("tnak") means the topic it is closest to, when one
    # is close; more words are a question for the search.
    near = close_to(key, [t.id for t in topics]) if " " not in key else None
    if near is not None:
        hit = (next(t for t in topics if t.id == near), 90.0)
        if as_json:
            _show_hits([hit], as_json, across=False)
            return
        if key.removesuffix("s") != near:
            _print([([(f"No topic '{words}'; did you mean '{near}'?", "dim")], 0)])
        _show_hits([hit], as_json, across=False)
        return
    _show_hits(_search(words, sid, MORE + 1), as_json, across=False)


def search(words: list[str], system: str | None, limit: int | None, as_json: bool) -> None:
    from companion.lookup import prepared

    question = " ".join(words)
    if system:
        _show_hits(_search(question, system, limit or MORE + 1), as_json, across=False)
        return
    current = _current_game()
    meant = current if current is not None else _last_game()
    if meant is not None:
        game, sid = meant
        hits = _rank(question, [sid], limit or MORE + 1)
        if hits:
            if not as_json:
                why = "the current game" if current is not None else "the game played last,"
                note = (
                    f"Answers from {prepared.name(sid)} ({sid}): {why} '{game}' plays it "
                    "(--system ID searches another system)."
                )
                _print([([(note, "dim")], 0)])
            _show_hits(hits, as_json, across=False)
            return
    groups = _by_system(_search(question, None, 50 * len(systems.ids())), limit or 1)
    if as_json:
        _print_json([{**t.to_dict(), "score": s} for g in groups for t, s in g])
        return
    from companion.render.topic_lines import line_spans

    if current is None:
        lead = "No current game, so each system answers"
    else:
        lead = f"Nothing in {prepared.name(current[1])}, the current game's; other systems"
    blocks: list[Block] = [
        ([(f"{lead} (--system ID shows one system's answers in full):", "dim")], 0)
    ]
    for group in groups:
        sid = group[0][0].system
        blocks += [([], 0), ([(f"{prepared.name(sid)} [{sid}]", "bold")], 0)]
        blocks += [line_spans(t) for t, _ in group]
    _print(blocks)


def sheet(system: str, fmt: str, as_json: bool) -> None:
    from companion.lookup import prepared
    from companion.lookup.sheet import sections, sheet_html, sheet_text

    sid = systems.resolve_id(system)
    name, topics = prepared.name(sid), prepared.topics(sid)
    if as_json:
        _print_json(
            {
                "system": sid,
                "name": name,
                "sections": [
                    {
                        "section": section,
                        "topics": [{"id": t.id, "title": t.title, "sheet": t.sheet} for t in items],
                    }
                    for section, items in sections(topics)
                ],
            }
        )
        return
    if fmt == "html":
        sys.stdout.write(sheet_html(name, sid, topics))
        return
    from companion.render import plain

    width = plain.width()
    if width is None:
        from companion.render.console import make_console

        width = make_console().width
    sys.stdout.write(sheet_text(name, topics, width))


def rulings(system: str, as_json: bool) -> None:
    from companion.lookup import prepared

    rs = prepared.rulings(systems.resolve_id(system))
    if as_json:
        _print_json([{"id": rid, "title": title, "text": text} for rid, title, text in rs])
        return
    blocks: list[Block] = []
    for rid, title, text in rs:
        blocks += [([(rid, "bold"), (f" {title}", "")], 0), ([(f"  {text}", "")], 0)]
    _print(blocks)


SYSTEM = arg("system", "Rule system id, e.g. 1ss.")
# Which values the shell completes, beyond the names every command shares.
_COMPLETES = (("system", "system"), ("topic", "topic"))

COMMANDS = (
    Command(
        "show",
        "companion.cli.rules_cmd:show",
        """Show a rule: the topic named, or the best match for the words given.

    Without a topic, lists every topic of the system, one line each.

    Example: companion rules show 1ss cover
    """,
        (
            SYSTEM,
            arg(
                "topic",
                "A topic id or title (e.g. cover, range, tank), a kind (topic, skill, role, "
                "armory, scenario, rule, action, rulings), or any words to search for.",
                "words",
                default=None,
            ),
            JSON,
        ),
        completes=_COMPLETES,
    ),
    Command(
        "search",
        "companion.cli.rules_cmd:search",
        """Find the rule that answers a question, in your own words.

    Typos, plurals and everyday words ("lying down", "dead", "how far") are fine. The
    best answer comes in full, the next few in a line each. Without --system the game
    being played comes first; with no current game, every system answers in its own
    group, so no game's number stands alone as the answer.

    Example: companion rules search --system 1ss how far can I move
    """,
        (
            arg("words", "What you want to know, in a few words.", "words"),
            opt(
                "system",
                "Search one system only, e.g. 1ss. Without it the current game's system "
                "comes first; with no current game, each system's best answer is shown.",
                "--system",
                "-s",
            ),
            opt(
                "limit",
                "How many answers to show (with no current game and no --system: per "
                "system, 1 unless given).",
                "--limit",
                "-n",
                kind="int",
                default=None,
                low=1,
                high=50,
            ),
            JSON,
        ),
    ),
    Command(
        "sheet",
        "companion.cli.rules_cmd:sheet",
        """Print a cheat sheet to keep beside the table: one line per rule, by section.

    Example: companion rules sheet 1ss --format html
    """,
        (
            SYSTEM,
            opt(
                "fmt",
                "text, or html for a printable page.",
                "--format",
                "-f",
                kind="choice",
                choices=("text", "html"),
                default="text",
            ),
            JSON,
        ),
        completes=_COMPLETES,
    ),
    Command(
        "rulings",
        "companion.cli.rules_cmd:rulings",
        """List how companion reads the unclear parts of a system's text (ruling ids).

    Example: companion rules rulings 1ss
    """,
        (SYSTEM, JSON),
        completes=_COMPLETES,
    ),
)
QUICK = COMMANDS


def register(app: Any) -> None:
    """The `rules` group, built from the declarations."""
    import typer
    from typer.core import TyperGroup

    from companion.cli.declare import add_commands

    class RulesGroup(TyperGroup):
        def resolve_command(self, ctx: Any, args: list[str]) -> Any:
            if args and args[0] not in self.commands and not args[0].startswith("-"):
                if shorthand(args[0]):
                    args = [shorthand(args[0]) or "show", *args]
            return super().resolve_command(ctx, args)

    group = typer.Typer(cls=RulesGroup, help=HELP, no_args_is_help=True)
    add_commands(group, COMMANDS)
    app.add_typer(group, name="rules")
