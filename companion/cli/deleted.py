"""Deleting safely: ask first on a terminal ("no" by default), keep a copy to restore.

Every delete keeps a copy under the data folder, named by what was deleted and when:
a roster as `deleted/rosters/NAME.TIME.json`, a game's files moved whole to
`deleted/games/NAME.TIME/`. Deleting the same name again keeps another copy beside the
first; `restore` takes the newest unless told which (`--list` shows them all). Copies
kept before times were added (`NAME.json`, `NAME/`) count as the oldest. Nothing here
deletes a file for good.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from companion.errors import NotFoundError, StoreError, UsageError
from companion.game.files import backup_path, events_dir, holds_files
from companion.game.repo import Home
from companion.game.store import atomic_write, file_slug, move, read_json_file
from companion.names import match
from companion.values import frozen

# NAME.TIME or NAME.TIME-N (a second copy within the same second); a slug has no dots.
KEPT = re.compile(r"^(?P<name>[^.]+)(?:\.(?P<time>\d{8}T\d{6}Z)(?:-(?P<n>\d+))?)?$")


@frozen
class Kept:
    """One kept copy of a deleted roster or game."""

    name: str  # the roster's or game's name
    when: str  # when it was deleted (UTC, as stored), "" for a copy from before times
    path: Path

    @property
    def order(self) -> tuple[str, int]:
        m = KEPT.match(self.path.name.removesuffix(".json"))
        return (self.when, int(m.group("n") or 1) if m else 1)

    @property
    def label(self) -> str:
        """What `--when` takes for this copy (its time as stored, with a number when one
        time holds several), "" for a copy from before times were kept."""
        return self.path.name.removesuffix(".json").partition(".")[2]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "deleted": shown_time(self.when),
            "when": self.label,
            "path": str(self.path),
        }


def shown_time(stamp: str) -> str:
    """A kept copy's time as text ('2026-11-27 10:30:00 UTC'), or 'before times were kept'."""
    if not stamp:
        return "before times were kept"
    return f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}:{stamp[13:15]} UTC"


WhenOpt = Annotated[
    str | None,
    typer.Option("--when", help="Which copy: its time as --list shows it (default: newest)."),
]
ListOpt = Annotated[bool, typer.Option("--list", help="List the kept copies instead.")]


def listed(
    home: Home, kind: str, name: str | None, when: str | None, list_: bool, as_json: bool
) -> str | None:
    """The name of the deleted game or roster (`kind`) to restore; or, with `--list`, the
    kept copies shown and None."""
    if not list_ and name is not None:
        return name
    if name is not None or when is not None or not list_:
        raise UsageError(f"name the deleted {kind} to restore, or give --list alone")
    with home.reading():
        show_kept(kept_games(home) if kind == "game" else kept_rosters(home), kind, as_json)
    return None


def confirm(question: str, yes: bool, what: str) -> None:
    """Go on when `--yes` was given or the player says yes; "no" is the default."""
    if yes:
        return
    from companion.cli.shared import interactive

    if not interactive():
        raise UsageError(f"deleting {what} needs --yes when there is no terminal to ask")
    import questionary

    if not questionary.confirm(question, default=False).ask():
        raise UsageError("cancelled; nothing was deleted")


def _folder(home: Home, kind: str) -> Path:
    return Path(home.root) / "deleted" / kind


def _new_place(folder: Path, slug: str, suffix: str) -> Path:
    """A name for a new kept copy that no copy has: NAME.TIME, or NAME.TIME-N."""
    when = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    path, n = folder / f"{slug}.{when}{suffix}", 1
    while os.path.lexists(path):
        n += 1
        path = folder / f"{slug}.{when}-{n}{suffix}"
    return path


def _pick(kept: list[Kept], name: str, what: str, when: str | None) -> Kept:
    """The newest kept copy of the name `name` matches, or the one deleted at `when`."""
    if not kept:
        raise NotFoundError(f"no deleted {what} is kept")
    found = match(name, sorted({k.name for k in kept}), str, f"deleted {what}")
    copies = sorted((k for k in kept if k.name == found), key=lambda k: k.order)
    if when is None:
        return copies[-1]
    given = " ".join(when.split())
    exact = [k for k in copies if given == k.label]
    # Else the time as --list shows it (and --json's "deleted"): the newest copy of then.
    timed = [k for k in copies if given in (k.when, shown_time(k.when))]
    if exact or timed:
        return (exact or timed)[-1]
    listed = ", ".join(k.label or "-" for k in copies)
    raise NotFoundError(f"no copy of '{found}' deleted at {when}; the kept ones: {listed}")


# -- rosters -----------------------------------------------------------------------


def keep_roster(home: Home, roster: dict[str, Any]) -> Path:
    folder = _folder(home, "rosters")
    path = _new_place(folder, file_slug(str(roster["name"])), ".json")
    atomic_write(path, json.dumps(roster, ensure_ascii=False, indent=1))
    return path


def kept_rosters(home: Home, damaged: list[str] | None = None) -> list[Kept]:
    """The kept copies of deleted rosters that read; what is wrong with each that does
    not goes to `damaged`."""
    folder = _folder(home, "rosters")
    out = []
    for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        m = KEPT.match(p.name.removesuffix(".json"))
        try:
            name = read_json_file(p, "kept roster")["name"]
        except StoreError as e:  # a damaged copy is not offered, but said
            if damaged is not None:
                damaged.append(str(e).split(";")[0])
            continue
        except (KeyError, TypeError):
            if damaged is not None:
                damaged.append(f"{p} holds no roster")
            continue
        if isinstance(name, str) and m:
            out.append(Kept(name, m.group("time") or "", p))
    return out


def take_roster(home: Home, name: str, when: str | None = None) -> tuple[dict[str, Any], Path]:
    """The newest kept copy of a deleted roster (or the one deleted at `when`), and its
    file (moved out of the kept copies once restored)."""
    damaged: list[str] = []
    kept = kept_rosters(home, damaged)
    try:
        k = _pick(kept, name, "roster", when)
    except NotFoundError as e:
        if damaged:
            raise StoreError(
                f"{e}; {damaged[0]}"
                + (f" (and {len(damaged) - 1} more)" if len(damaged) > 1 else "")
            ) from None
        raise
    doc = read_json_file(k.path, "kept roster")
    return doc, k.path


def drop_kept(home: Home, path: Path) -> None:
    """A restored copy leaves the kept ones (moved to `deleted/restored/`, not deleted)."""
    move(path, _folder(home, "restored") / path.name)


# -- games -------------------------------------------------------------------------


def keep_game(home: Home, name: str) -> Path:
    """Move a game's file, backup and events aside, together, as a new kept copy."""
    path = Path(home.game_path(name))
    dest = _new_place(_folder(home, "games"), file_slug(name), "")
    for p in (path, Path(backup_path(path)), Path(events_dir(path))):
        if os.path.lexists(p):
            move(p, dest / p.name)
    return dest


def kept_games(home: Home) -> list[Kept]:
    folder = _folder(home, "games")
    out = []
    for p in sorted(folder.iterdir()) if folder.is_dir() else []:
        m = KEPT.match(p.name)
        if m and p.is_dir() and holds_files(str(p)):
            out.append(Kept(m.group("name"), m.group("time") or "", p))
    return out


def restore_game(home: Home, name: str, when: str | None = None) -> str:
    k = _pick(kept_games(home), name, "game", when)
    found = k.name
    if os.path.lexists(home.game_path(found)) or home.leftovers(found):
        raise UsageError(
            f"a game called '{found}' exists; delete or rename it before restoring the old one"
        )
    games = Path(home.game_path(found)).parent
    for p in sorted(k.path.iterdir()):
        move(p, games / p.name)
    move(k.path, _folder(home, "restored") / k.path.name)
    return found


def show_kept(kept: list[Kept], what: str, as_json: bool) -> None:
    """List kept copies, newest first within each name, with the time `--when` takes."""
    from companion.cli.common import print_json

    newest_first = sorted(kept, key=lambda k: k.order, reverse=True)
    rows = sorted(newest_first, key=lambda k: k.name)  # stable: newest first per name
    if as_json:
        print_json([k.to_dict() for k in rows])
        return
    if not rows:
        typer.echo(f"No deleted {what} is kept.")
        return
    for k in rows:
        typer.echo(
            f"{k.name}  deleted {shown_time(k.when)}" + (f"  --when {k.label}" if k.label else "")
        )
