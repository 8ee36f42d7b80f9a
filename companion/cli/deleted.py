"""Deleting safely: ask first on a terminal ("no" by default), keep a copy to restore.

A deleted roster is kept as `deleted/rosters/NAME.json` and a deleted game's files are
moved whole to `deleted/games/NAME/` under the data folder; `roster restore` and
`game restore` put them back. Nothing here deletes a file for good.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from companion.errors import NotFoundError, UsageError
from companion.game.repo import Home, backup_path, events_dir
from companion.game.store import atomic_write, file_slug
from companion.names import match


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


# -- rosters -----------------------------------------------------------------------


def keep_roster(home: Home, roster: dict[str, Any]) -> None:
    path = _folder(home, "rosters") / f"{file_slug(str(roster['name']))}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(roster, ensure_ascii=False, indent=1))


def kept_rosters(home: Home) -> list[tuple[str, Path]]:
    folder = _folder(home, "rosters")
    out = []
    for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            out.append((str(json.loads(p.read_text())["name"]), p))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return out


def take_roster(home: Home, name: str) -> tuple[dict[str, Any], Path]:
    """The kept copy of a deleted roster, and its file (removed once restored)."""
    kept = kept_rosters(home)
    if not kept:
        raise NotFoundError("no deleted roster is kept")
    _, path = match(name, kept, lambda k: k[0], "deleted roster")
    return json.loads(path.read_text()), path


# -- games -------------------------------------------------------------------------


def keep_game(home: Home, name: str) -> None:
    """Move a game's file, backup and events aside (a newer copy replaces an older)."""
    path = Path(home.game_path(name))
    dest = _folder(home, "games") / file_slug(name)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for p in (path, Path(backup_path(path)), Path(events_dir(path))):
        if p.exists():
            shutil.move(str(p), str(dest / p.name))


def kept_games(home: Home) -> list[str]:
    folder = _folder(home, "games")
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def restore_game(home: Home, name: str) -> str:
    kept = kept_games(home)
    if not kept:
        raise NotFoundError("no deleted game is kept")
    found = match(name, kept, str, "deleted game")
    games = Path(home.game_path(found)).parent
    if Path(home.game_path(found)).exists():
        raise UsageError(
            f"a game called '{found}' exists; delete or rename it before restoring the old one"
        )
    src = _folder(home, "games") / found
    games.mkdir(parents=True, exist_ok=True)
    for p in src.iterdir():
        shutil.move(str(p), str(games / p.name))
    src.rmdir()
    return found
