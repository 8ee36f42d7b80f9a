"""`companion units`: a system's unit library, on the quick path.

Declared once (`companion.cli.declare`), without Typer: a well-formed command line is
parsed by the quick path, and the tables are printed without Rich where Rich would print
the same (`companion.render.grid`).
"""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.cli.declare import JSON, Command, arg, opt

if TYPE_CHECKING:
    from companion.systems.unit_library import UnitLibrary


def library_system(name: str) -> UnitLibrary:
    """The unit library of a system (a capability of its plug-in), or a usage error that
    names the systems with one."""
    from companion import systems
    from companion.errors import UsageError

    library = systems.get(name).unit_library
    if library is None:
        have = [s.info.id for s in systems.all_systems() if s.unit_library is not None]
        raise UsageError(
            f"{systems.get(name).info.name} has no unit library; "
            f"systems with one: {', '.join(have)}"
        )
    return library


def units(system: str, genre: str | None, as_json: bool) -> None:
    from companion.render.grid import Grid, Part, Say, show
    from companion.render.plain import print_json

    library = library_system(system)
    genres = [library.find_genre(genre)] if genre else list(library.genres())
    rows = []
    for g in genres:
        for u in g.units:
            cost = library.unit_cost(u)
            rows.append(
                {
                    "genre": g.id,
                    "genre_label": g.label,
                    "name": u.name,
                    "quality": u.quality,
                    "rules": [library.rule_label(r) for r in u.rules],
                    "listed": u.listed,
                    "computed": cost,
                    "difference": cost - u.listed,
                }
            )
    if as_json:
        print_json(rows)
        return
    parts: list[Part] = []
    for g in genres:
        cells = []
        for r in (x for x in rows if x["genre"] == g.id):
            diff = r["difference"]
            computed = str(r["computed"]) + (f" ({diff:+d})" if diff else "")
            rules = ", ".join(r["rules"]) or "-"
            cells.append((r["name"], str(r["quality"]), rules, str(r["listed"]), computed))
        headers = ("Unit", "Quality", "Special rules", "Listed", "Computed")
        parts.append(Grid(headers, tuple(cells), title=f"{g.label} ({g.id})"))
    if any(r["difference"] for r in rows):
        note = (
            "Computed = Quality x 10 + special rules (at least 5); where the printed cost "
            "differs, both are kept (R-WS-03)."
        )
        parts.append(Say(note, "dim"))
    show(parts)


UNITS = Command(
    "units",
    "companion.cli.units_view:units",
    """Browse the ready-made units of a system, by genre, with listed and computed costs.

    Example: companion units warstuff --genre fantasy
    """,
    (
        arg("system", "Rule system with a unit library: warstuff."),
        opt("genre", "Genre, e.g. fantasy, modern, sci-fi, dinosaurs."),
        JSON,
    ),
)
QUICK = (UNITS,)
