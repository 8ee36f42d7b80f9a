"""`companion roster ...`: build, check, share and manage warbands."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer

from companion import systems
from companion.cli import roster_view
from companion.cli.common import JsonOpt, print_json
from companion.cli.complete import completer
from companion.cli.declare import add_commands
from companion.cli.deleted import ListOpt, WhenOpt, listed
from companion.cli.shared import open_home
from companion.errors import DataError, RefusedError, StoreError, UsageError
from companion.game.state import freeze
from companion.game.store import read_json_file
from companion.names import check_name, match
from companion.numbers import is_whole, shown, whole_number
from companion.roster import Roster, RosterFighter
from companion.systems.base import Problem

app = typer.Typer(
    help="Build, check, share and manage rosters (warbands).\n\n"
    'Example: companion roster new "Red Caps" --system 1ss',
    no_args_is_help=True,
)

MAX_IMPORT_BYTES = 5 * 1024 * 1024

RosterArg = Annotated[
    str,
    typer.Argument(
        help="Roster name (a unique prefix is enough).", autocompletion=completer("roster")
    ),
]
FighterArg = Annotated[str, typer.Argument(help="Fighter name (a unique prefix is enough).")]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9:]+", "-", text.casefold()).strip("-")


def _stats(system_stats: tuple[str, ...], values: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        name, sep, num = v.partition("=")
        if not sep:
            name, num = system_stats[0], v
        name = name.strip().casefold()
        if name not in system_stats:
            raise UsageError(f"{shown(name)} is not a stat here; stats: {', '.join(system_stats)}")
        if not is_whole(num):
            raise UsageError(f"stat {shown(v)} is not a whole number (e.g. --stat 4)")
        out[name] = whole_number(num, f"stat {name}")
    return out


def _skills(skills: list[str], role: str | None) -> tuple[str, ...]:
    return tuple(_slug(s) for s in [*skills, *([role] if role else [])])


def _equipment(items: list[str]) -> tuple[str, ...]:
    out = []
    for e in items:
        kind, sep, label = e.partition(":")
        out.append(_slug(kind) + (f":{label.strip()}" if sep and label.strip() else ""))
    return tuple(out)


def _refuse_fighter_errors(problems: list[Problem], source: str | None = None) -> None:
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        where = f"{source}: " if source else ""
        raise UsageError(where + "; ".join(p.message for p in errors))


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="Name of the new roster.")],
    system: Annotated[
        str,
        typer.Option("--system", "-s", help="Rule system id.", autocompletion=completer("system")),
    ] = systems.DEFAULT,
    notes: Annotated[str, typer.Option(help="Free notes.")] = "",
) -> None:
    """Create an empty roster.

    Example: companion roster new "Red Caps" --system 1ss
    """
    sys_ = systems.get(system)
    name = check_name(name, "a roster name")
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        if any(r.name.casefold() == name.casefold() for r in home.rosters(db)):
            raise UsageError(f"a roster called '{name}' already exists")
        home.save_roster(db, Roster(name.strip(), sys_.info.id, notes=notes))
        db.commit()
    limit = ""
    total = sys_.roster_total(Roster(name.strip(), sys_.info.id))
    if total is not None:  # a points system: say what the limit starts at
        limit = f", points limit {total[1]}"
        if "points" in sys_.roster_options():
            limit += f"; 'companion roster option \"{name.strip()}\" points=N' changes it"
    typer.echo(f"Created roster '{name}' ({sys_.info.name}{limit}).")


@app.command("add")
def add(
    roster: RosterArg,
    name: Annotated[str, typer.Argument(help="The new fighter's name.")],
    rank: Annotated[
        str,
        typer.Option(
            "--rank",
            "-r",
            help="Rank, e.g. rookie, specialist, boss.",
            autocompletion=completer("roster-rank"),
        ),
    ],
    stat: Annotated[
        list[str] | None,
        typer.Option(
            "--stat", help="Stat value, or NAME=VALUE; not needed where the rank fixes it."
        ),
    ] = None,
    equip: Annotated[
        list[str] | None,
        typer.Option(
            "--equip",
            "-e",
            help="Armory item, optionally with a label: melee-1h:sword.",
            autocompletion=completer("roster-item"),
        ),
    ] = None,
    skill: Annotated[
        list[str] | None,
        typer.Option(
            "--skill", help="Skill (repeatable).", autocompletion=completer("roster-skill")
        ),
    ] = None,
    role: Annotated[str | None, typer.Option(help="Rookie role.")] = None,
    notes: Annotated[str, typer.Option(help="Free notes.")] = "",
) -> None:
    """Add a fighter to a roster.

    Example:
    companion roster new "Red Caps" --system 1ss
    companion roster add "Red Caps" Grub -r rookie --stat 3 -e melee-1h:club --role thug
    """
    name = check_name(name, "a fighter name")
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        sys_ = systems.get(r.system)
        if any(f.name.casefold() == name.strip().casefold() for f in r.fighters):
            raise UsageError(f"'{r.name}' already has a fighter called '{name}'")
        given = _skills(skill or [], role)
        implied = tuple(s for s in sys_.implied_skills(_slug(rank)) if s not in given)
        # A rank that fixes its stats (a figure type with set dice) needs none given.
        stats = {**sys_.fixed_stats(_slug(rank)), **_stats(tuple(sys_.stat_names()), stat or [])}
        if not stats:
            raise UsageError("give the fighter's stat with --stat (e.g. --stat 4)")
        f = RosterFighter(
            name.strip(),
            _slug(rank),
            freeze(stats),
            _equipment(equip or []),
            implied + given,
            notes,
        )
        if not f.name:
            raise UsageError("a fighter needs a name")
        _refuse_fighter_errors(sys_.check_fighter_in(r, f))
        home.save_roster(db, r.with_fighters(r.fighters + (f,)))
        db.commit()
    also = f" ({', '.join(implied).capitalize()} added: every {f.rank} has it)" if implied else ""
    typer.echo(f"Added {f.name} to '{r.name}'{also}.")


@app.command("edit")
def edit(
    roster: RosterArg,
    fighter: FighterArg,
    name: Annotated[str | None, typer.Option(help="New name.")] = None,
    rank: Annotated[str | None, typer.Option("--rank", "-r", help="New rank.")] = None,
    stat: Annotated[
        list[str] | None, typer.Option("--stat", help="New stat (or NAME=VALUE).")
    ] = None,
    equip: Annotated[
        list[str] | None, typer.Option("--equip", "-e", help="Replace the equipment (repeatable).")
    ] = None,
    skill: Annotated[
        list[str] | None, typer.Option("--skill", help="Replace the skills (repeatable).")
    ] = None,
    role: Annotated[str | None, typer.Option(help="Replace the rookie role.")] = None,
    notes: Annotated[str | None, typer.Option(help="Replace the notes.")] = None,
) -> None:
    """Change a fighter of a roster; only the options given change.

    Example:
    companion roster new "Red Caps" --system 1ss
    companion roster add "Red Caps" Grub -r rookie --stat 3 -e melee-1h:club --role thug
    companion roster edit "Red Caps" Grub --stat 4 --role fighter
    """
    if name is not None:
        name = check_name(name, "a fighter name")
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        sys_ = systems.get(r.system)
        old = match(fighter, r.fighters, lambda f: f.name, "fighter")
        stats = dict(old.stats)
        stats.update(_stats(tuple(sys_.stat_names()), stat or []))
        new_skills = old.skills
        if skill is not None or role is not None:
            new_skills = _skills(skill or [], role)
        new_rank = _slug(rank) if rank else old.rank
        new_skills = (
            tuple(s for s in sys_.implied_skills(new_rank) if s not in new_skills) + new_skills
        )
        new = RosterFighter(
            name=(name or old.name).strip(),
            rank=_slug(rank) if rank else old.rank,
            stats=freeze(stats),
            equipment=_equipment(equip) if equip is not None else old.equipment,
            skills=new_skills,
            notes=old.notes if notes is None else notes,
        )
        if new.name.casefold() != old.name.casefold() and any(
            f.name.casefold() == new.name.casefold() for f in r.fighters
        ):
            raise UsageError(f"'{r.name}' already has a fighter called '{new.name}'")
        _refuse_fighter_errors(sys_.check_fighter_in(r, new))
        home.save_roster(db, r.with_fighters(tuple(new if f is old else f for f in r.fighters)))
        db.commit()
    typer.echo(f"Updated {new.name} in '{r.name}'.")


@app.command("rename")
def rename(
    roster: RosterArg,
    new_name: Annotated[str, typer.Argument(help="The roster's new name.")],
) -> None:
    """Rename a roster; its games and its record in 'companion history' stay its own.

    Example:
    companion roster new "Red Caps" --system 1ss
    companion roster rename "Red Caps" "Blue Caps"
    """
    from companion.roster import roster_key
    from companion.values import replace

    name = new_name.strip()
    if not name or len(name) > 80:
        raise UsageError("a roster name needs 1-80 characters")
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        if any(o.name.casefold() == name.casefold() and o.name != r.name for o in home.rosters(db)):
            raise UsageError(f"a roster called '{name}' already exists")
        home.save_roster(db, replace(r, name=name, id=roster_key(r)), old_name=r.name)
        db.commit()
    typer.echo(f"Renamed roster '{r.name}' to '{name}'.")


@app.command("remove")
def remove(roster: RosterArg, fighter: FighterArg) -> None:
    """Remove a fighter from a roster.

    Example:
    companion roster new "Red Caps" --system 1ss
    companion roster add "Red Caps" Grub -r rookie --stat 3 -e melee-1h:club --role thug
    companion roster remove "Red Caps" Grub
    """
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        f = match(fighter, r.fighters, lambda x: x.name, "fighter")
        home.save_roster(db, r.with_fighters(tuple(x for x in r.fighters if x is not f)))
        db.commit()
    typer.echo(f"Removed {f.name} from '{r.name}'.")


# Reading rosters takes the quick path: declared where Typer is not loaded.
add_commands(app, roster_view.COMMANDS)


@app.command("repair")
def repair(as_json: JsonOpt = False) -> None:
    """Put a damaged rosters.json right: back to its backup, or keep every roster that reads
    (a roster with a fighter that does not read keeps its other fighters).

    The damaged file is renamed rosters.json.damaged-TIME beside itself, never deleted.

    Example: companion roster repair
    """
    from companion.cli.game_cmd import show_repair
    from companion.game.repair import repair_database
    from companion.game.repo import ROSTERS
    from companion.roster import mended

    def valid(doc: object) -> bool:
        try:
            Roster.from_dict(doc)
        except (DataError, TypeError, AttributeError, ValueError):
            return False
        return True

    home = open_home()
    with home.writing(batch=True):  # the damaged file aside and the rebuilt one, or neither
        done = repair_database(Path(home.root) / ROSTERS, "rosters", valid, "rosters", mended)
    show_repair(done, "rosters", as_json)


@app.command("delete")
def delete(
    roster: RosterArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
) -> None:
    """Delete a roster (games already started keep their copy).

    Asks first on a terminal; a script passes --yes. A copy is kept:
    'companion roster restore NAME' brings it back.

    Example:
    companion roster new "Red Caps" --system 1ss
    companion roster delete "Red Caps" --yes
    """
    home = open_home()
    with home.writing(batch=True):  # the kept copy and the rosters file, together
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        from companion.cli.deleted import confirm, keep_roster

        confirm(f"Delete roster '{r.name}'?", yes, "a roster")
        keep_roster(home, r.to_dict())
        home.delete_roster(db, r.name)
        db.commit()
    again = f'companion roster restore "{r.name}"'
    typer.echo(f"Deleted roster '{r.name}'; '{again}' brings it back.")


@app.command("restore")
def restore(
    roster: Annotated[
        str | None, typer.Argument(help="A deleted roster's name (a prefix is enough).")
    ] = None,
    when: WhenOpt = None,
    list_: ListOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Bring back a deleted roster (each delete keeps a copy; the newest by default).

    Example:
    companion roster new "Red Caps" --system 1ss
    companion roster delete "Red Caps" --yes
    companion roster restore --list
    companion roster restore "Red Caps"
    """
    from companion.cli.deleted import drop_kept, take_roster

    home = open_home()
    wanted = listed(home, "roster", roster, when, list_, as_json)
    if wanted is None:
        return
    with home.writing(batch=True):  # the rosters file and the kept copy, together
        db = home.rosters_db()
        doc, path = take_roster(home, wanted, when)
        r = Roster.from_dict(doc, str(path))
        if any(x.name.casefold() == r.name.casefold() for x in home.rosters(db)):
            raise UsageError(
                f"a roster called '{r.name}' exists; rename it before restoring the old one"
            )
        home.save_roster(db, r)
        db.commit()
        drop_kept(home, path)
    if as_json:
        print_json({"restored": r.name})
        return
    typer.echo(f"Restored roster '{r.name}'.")


@app.command("check")
def check(roster: RosterArg, as_json: JsonOpt = False) -> None:
    """Check a roster against its system's warband rules; lists every problem.

    Exit status 1 when the roster breaks a rule.

    Example: companion roster check "Robyn"
    """
    home = open_home()
    with home.reading():
        r = home.find_roster(roster)
    problems = systems.get(r.system).check_roster(r)
    errors = [p for p in problems if p.severity == "error"]
    if as_json:
        print_json(
            {
                "roster": r.name,
                "ok": not errors,
                "problems": [
                    {"severity": p.severity, "fighter": p.fighter, "message": p.message}
                    for p in problems
                ],
            }
        )
    else:
        if not problems:
            typer.echo(f"'{r.name}' follows the warband rules.")
        for p in problems:
            typer.echo(f"{p.severity}: {p.message}")
        if errors:
            typer.echo(f"{len(errors)} problem{'s' if len(errors) > 1 else ''} to fix.")
        elif problems:
            typer.echo(f"'{r.name}' follows the warband rules (with the notes above).")
    if errors:
        raise typer.Exit(1)


@app.command("export")
def export(
    roster: RosterArg,
    file: Annotated[str, typer.Argument(help="File to write (JSON), or - for standard output.")],
    force: Annotated[
        bool, typer.Option("--force", "-f", help="Replace an existing file without asking.")
    ] = False,
) -> None:
    """Export a roster to a JSON file to share or keep.

    An existing file (or a link) is replaced only after asking, or with --force; missing
    folders are created and named.

    Example: companion roster export "Robyn" robyn.json --force
    """
    from companion.game.store import WriteError, atomic_write

    home = open_home()
    with home.reading():
        r = home.find_roster(roster)
    text = json.dumps(r.to_dict(), indent=2, ensure_ascii=False) + "\n"
    if file == "-":
        typer.echo(text, nl=False)
        return
    path = Path(file)
    kind = _file_kind(path)
    if kind not in (None, "file", "link"):
        raise UsageError(f"{shown(file, 120)} is {kind}, not a file a roster can be written to")
    if kind is not None and not force:
        _confirm_replace(file, kind)
    new_folders = _missing_folders(path)
    try:
        atomic_write(path, text)
    except WriteError as e:
        raise UsageError(f"cannot write {shown(file, 120)}: {e.why.lower()}") from None
    for folder in new_folders:
        typer.echo(f"Created the folder {folder}.")
    typer.echo(f"Exported '{r.name}' to {file}.")


def _file_kind(path: Path) -> str | None:
    """What is at `path` (not following a link), as a player would call it; None if nothing."""
    import stat

    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:  # too long, a NUL, a folder that is a file...
        raise UsageError(f"cannot use {shown(str(path), 120)}: {_reason(e)}") from None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a socket or another special file"


def _confirm_replace(file: str, kind: str) -> None:
    from companion.cli.common import interactive

    what = "a link" if kind == "link" else "a file"
    if not interactive():
        raise UsageError(f"{shown(file, 120)} is already {what}; give --force to replace it")
    import questionary

    if not questionary.confirm(f"Replace {what} {file}?", default=False).ask():
        raise UsageError("cancelled; nothing was written")


def _missing_folders(path: Path) -> list[Path]:
    """The folders atomic_write will create for `path`, outermost first."""
    out = []
    try:
        parent = path.parent
        while not parent.exists() and parent != parent.parent:
            out.append(parent)
            parent = parent.parent
    except (OSError, ValueError):
        return []
    return out[::-1]


def _reason(e: Exception) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return "not a usable file name"


def _as_the_commands_would(r: Roster, sys_: Any, where: str) -> None:
    """Refuse what 'roster add' and 'roster option' would refuse: a fighter name used
    twice, or a value the system does not offer for one of its options."""
    seen: set[str] = set()
    for i, f in enumerate(r.fighters):
        key = f.name.strip().casefold()
        if key in seen:
            raise DataError(
                f"{where}: fighters[{i}]: the name '{shown(f.name, 60)}' is used twice; "
                "the fighters of a roster have different names"
            )
        seen.add(key)
    allowed = dict(sys_.roster_options())
    for k, v in r.options.items():
        # Other keys are the system's own to check (a Monochrome roster's class table
        # comes in this way); every value is held to 18 digits and 2,000 characters.
        if k in allowed and (isinstance(v, bool) or str(v) not in allowed[k]):
            raise DataError(
                f"{where}: options.{k}: must be one of {', '.join(allowed[k])}, "
                f"not {shown(str(v), 40)}"
            )


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A roster JSON file made by 'roster export'.")],
    name: Annotated[str | None, typer.Option(help="Import under another name.")] = None,
) -> None:
    """Import a roster from a JSON file; it is checked before it is stored.

    Example:
    companion roster export "Robyn" robyn.json --force
    companion roster import robyn.json --name "Robyn (copy)"
    """
    try:
        kind = _file_kind(file.resolve()) if file.is_symlink() else _file_kind(file)
        if kind is None:
            raise UsageError(f"no such file: {shown(str(file), 120)}")
        if kind != "file":
            raise UsageError(f"{shown(str(file), 120)} is {kind}, not a roster file")
        size = file.stat().st_size
    except (OSError, ValueError, RuntimeError) as e:  # a NUL byte, too long, a link loop
        raise UsageError(f"cannot read {shown(str(file), 120)}: {_reason(e)}") from None
    if size > MAX_IMPORT_BYTES:
        raise DataError(
            f"{file} is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB; "
            "a roster file is a few KB"
        )
    if name is not None:
        name = check_name(name, "a roster name")
    try:
        data = read_json_file(file, kind="roster file", strict=True)
    except StoreError as e:  # a file given on the command line: bad input, exit status 2
        raise DataError(str(e)) from None
    r = Roster.from_dict(data, str(file))
    sys_ = systems.get(r.system)
    if name:
        r = Roster(name, sys_.info.id, r.fighters, r.notes, r.preset, r.options)
    _as_the_commands_would(r, sys_, str(file))
    for f in r.fighters:
        _refuse_fighter_errors(sys_.check_fighter_in(r, f), str(file))
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        if any(x.name.casefold() == r.name.casefold() for x in home.rosters(db)):
            raise RefusedError(f"a roster called '{r.name}' already exists; import with --name")
        home.save_roster(db, r)
        db.commit()
    typer.echo(f"Imported '{r.name}' ({len(r.fighters)} fighters).")
