"""Where rosters and games live: TinyDB files written atomically under a lock.

TinyDB's stock JSON storage rewrites its file in place, so a crash half-way through a
write can destroy it, and it has no locking between processes. Here every command opens
its files through :class:`AtomicStorage`, which keeps TinyDB's writes in memory and
commits them once at the end (temporary file, fsync, rename), while the command holds an
exclusive lock on the home folder for its whole read-modify-write. A file that is not a
valid database is refused with its name and never overwritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator

from companion import TYPE_CHECKING
from companion.errors import StoreError
from companion.home import outside, read_regular

# Paths here are plain strings, joined with os.path (pathlib costs every start), and any
# os.PathLike is accepted.
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    StrPath: TypeAlias = str | os.PathLike[str]

MAX_FILE_BYTES = 256 * 1024 * 1024


def default_home() -> str:
    env = os.environ.get("COMPANION_HOME")
    if env:
        return os.path.expanduser(env)
    import platformdirs  # only when no COMPANION_HOME is set: it costs start-up time

    return str(platformdirs.user_data_dir("companion", appauthor=False))


def stem(path: StrPath) -> str:
    """A file's name without its last suffix (a game file's name is the game's)."""
    return os.path.splitext(os.path.basename(path))[0]


def names_in(folder: str, suffix: str) -> list[str]:
    """The names in a folder that end with `suffix`, sorted; none if there is no folder."""
    try:
        return sorted(n for n in os.listdir(folder) if n.endswith(suffix) and n != suffix)
    except OSError:
        return []


def file_slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:60]
    return s or "game"


@contextlib.contextmanager
def home_lock(home: StrPath, exclusive: bool = True) -> Iterator[None]:
    """Hold the home folder's lock (shared for reads, exclusive for writes)."""
    try:
        os.makedirs(home, exist_ok=True)
    except OSError as e:
        why = reason(e)
        if os.path.islink(home) and not os.path.exists(home):
            why = f"it is a link to {os.readlink(home)}, which does not exist"
        elif os.path.lexists(home) and not os.path.isdir(home):
            why = "it is a file, not a folder"
        raise StoreError(
            f"cannot use {home} as companion's data folder ({why}); point COMPANION_HOME "
            "at a folder you can write to"
        ) from None
    path = os.path.join(home, ".lock")
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise StoreError(
            f"cannot open the lock file {path} ({reason(e)}); it must be a plain file in a "
            "folder you can write to: move whatever is there aside"
        ) from None
    try:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)  # type: ignore[attr-defined]
        else:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            except OSError as e:
                raise StoreError(f"cannot lock {path} ({reason(e)})") from None
        yield
    finally:
        os.close(fd)


class WriteError(StoreError):
    """A file that could not be written; it was left as it was."""

    def __init__(self, path: StrPath, why: str) -> None:
        super().__init__(
            f"cannot write {path} ({why}); nothing was changed: check that the file and "
            "its folder can be written"
        )
        self.path = path
        self.why = why


def reason(e: OSError) -> str:
    """What went wrong with a file, in the system's words ('Permission denied')."""
    return e.strerror or type(e).__name__


def read_json_file(
    path: StrPath,
    kind: str = "companion database",
    strict: bool = False,
    limit: int = MAX_FILE_BYTES,
) -> Any:
    """Parse a JSON file, refusing anything that is not valid JSON, with the file's name.
    Only a regular file of at most `limit` bytes is read: a FIFO, a device or a folder
    is refused before a byte is read."""
    try:
        raw = read_regular(os.fspath(path), limit)
    except OSError as e:
        raise StoreError(f"cannot read {path}: {reason(e)}") from None
    except ValueError as e:
        raise StoreError(f"{e}, so it cannot be a {kind}; it was left as it is") from None
    return parse_json(raw, os.fspath(path), kind, strict)


def parse_json(raw: bytes, path: str, kind: str, strict: bool = False) -> Any:
    """JSON read from bytes: UTF-8 only (a BOM or another encoding is refused), with the
    file's name in every refusal; `strict` (a file from elsewhere, being imported) also
    refuses a key written twice in one object, which JSON would let the last one win."""
    try:
        if raw.startswith(b"\xef\xbb\xbf"):
            raise ValueError("it starts with a byte-order mark; save it as UTF-8 without one")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(
                f"it is not UTF-8 text (byte {e.start}); save it as UTF-8 without a byte-order mark"
            ) from None
        return json.loads(text, object_pairs_hook=unique_keys) if strict else json.loads(text)
    except (ValueError, RecursionError) as e:  # bad UTF-8 and huge integers are ValueErrors
        detail = json_trouble(e)
        raise StoreError(
            f"{path} is not a valid {kind} ({detail}); it was left untouched: move it aside "
            "or restore it from a backup, then try again"
        ) from None


def json_trouble(e: ValueError | RecursionError) -> str:
    """What is wrong with a file that does not parse, in our words and whole (never a
    parser's message cut short)."""
    if isinstance(e, RecursionError):
        return "it is nested too deeply"
    if isinstance(e, json.JSONDecodeError):
        return f"it is not JSON from line {e.lineno}, column {e.colno} on"
    if "integer string conversion" in str(e):
        return "it holds a number with too many digits"
    return str(e) or "it is not JSON"


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each written once (no silent last-one-wins)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {twice[:40]!r} is written twice")
    return out


def atomic_write(path: StrPath, text: str, keep: StrPath | None = None) -> None:
    """Write the whole file or nothing: temporary file, fsync, rename, fsync folder.

    With `keep`, the file being replaced is kept there first (a hard link, so the
    backup costs no copy): the newest good version before this write. A file that cannot be
    written (a read-only or immutable file or folder, a folder where the file should be) is
    a StoreError naming it, and the file is left as it was.
    """
    folder, name = os.path.split(os.fspath(path))
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    done = False
    try:
        if folder:
            os.makedirs(folder, exist_ok=True)
        if os.path.isdir(path):
            raise IsADirectoryError(21, "a folder is in the way", os.fspath(path))
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if _batch is not None:  # switched in with the rest of the command's files
            _batch.ops.append(
                ["write", tmp, os.fspath(path), None if keep is None else os.fspath(keep)]
            )
            done = True
            return
        if keep is not None:
            try:
                keep_backup(path, keep)
            except OSError as e:  # the backup is what is wrong: it is named
                raise WriteError(
                    keep, f"{reason(e)}; it is where the last good copy is kept"
                ) from None
        os.replace(tmp, path)
    except OSError as e:
        raise WriteError(path, reason(e)) from None
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    sync_folder(folder)


class Batch:
    """The file changes of one command that must happen together or not at all.

    Writes are made as temporary files and renamed into place only at the end; moves
    (a deleted game going aside) happen at once, each recorded first. The record, an
    intent file in the data folder, says which: while it is "pending" the command has not
    finished, and the next one puts every move back and drops the temporary files; once
    "committed", the next one finishes every rename. A kill at any moment leaves the
    files as they were before the command, or as they are after it.
    """

    def __init__(self, root: str) -> None:
        self.root = root
        self.ops: list[list[Any]] = []

    @property
    def journal(self) -> str:
        return os.path.join(self.root, JOURNAL)

    def record(self, state: str) -> None:
        rel = [
            [op[0], *(None if p is None else os.path.relpath(p, self.root) for p in op[1:])]
            for op in self.ops
        ]
        body = json.dumps({"state": state, "ops": rel})
        tmp = f"{self.journal}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(body)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, self.journal)
        sync_folder(self.root)

    def move(self, src: str, dst: str) -> None:
        self.ops.append(["move", src, dst])
        try:
            self.record("pending")
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            os.replace(src, dst)
        except OSError as e:
            self.ops.pop()
            raise WriteError(dst, reason(e)) from None

    def commit(self) -> None:
        if not any(op[0] == "write" for op in self.ops):
            self.finish()
            return
        try:
            self.record("committed")
        except OSError as e:
            raise WriteError(self.journal, reason(e)) from None
        self.finish()

    def finish(self) -> None:
        """Every change forward (the command was committed), then the record goes."""
        for op in self.ops:
            if op[0] == "write" and os.path.lexists(op[1]):
                os.makedirs(os.path.dirname(op[2]) or ".", exist_ok=True)
                if op[3] is not None:
                    keep_backup(op[2], op[3])
                os.replace(op[1], op[2])
                sync_folder(os.path.dirname(op[2]))
            elif op[0] == "move" and os.path.lexists(op[1]) and not os.path.lexists(op[2]):
                os.makedirs(os.path.dirname(op[2]), exist_ok=True)
                os.replace(op[1], op[2])
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.journal)
        sync_folder(self.root)

    def roll_back(self) -> None:
        """Every move back and every temporary file gone (the command did not finish)."""
        for op in reversed(self.ops):
            if op[0] == "write":
                with contextlib.suppress(OSError):
                    os.unlink(op[1])
            elif os.path.lexists(op[2]) and (not os.path.lexists(op[1]) or _only_temps(op[1])):
                os.replace(op[2], op[1])
                with contextlib.suppress(OSError):  # the folder it made for the move, if empty
                    os.rmdir(os.path.dirname(op[2]))
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.journal)
        sync_folder(self.root)


def _only_temps(folder: str) -> bool:
    """Whether `folder` is a folder holding nothing but temporary files, which it no
    longer does once this returns True (a new game's events folder, begun by a command
    that did not finish, in the way of the old one going back)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    if not all(n.startswith(".") and n.endswith(".tmp") for n in names):
        return False
    for n in names:
        os.unlink(os.path.join(folder, n))
    os.rmdir(folder)
    return True


JOURNAL = ".unfinished.json"
_batch: Batch | None = None


@contextlib.contextmanager
def all_or_nothing(root: str) -> Iterator[None]:
    """Make the file changes inside one: all of them, or (on an error) none."""
    global _batch
    if _batch is not None:  # already inside one: it is all one change
        yield
        return
    _batch = batch = Batch(root)
    try:
        yield
        _batch = None
        batch.commit()
    except BaseException:
        _batch = None
        batch.roll_back()
        raise


def move(src: StrPath, dst: StrPath) -> None:
    """Rename a file or folder, recorded when inside `all_or_nothing` so it is undone
    if the command does not finish."""
    if _batch is not None:
        _batch.move(os.fspath(src), os.fspath(dst))
        return
    try:
        os.makedirs(os.path.dirname(os.fspath(dst)), exist_ok=True)
        os.replace(src, dst)
    except OSError as e:
        raise WriteError(dst, reason(e)) from None


def finish_unfinished(root: str) -> None:
    """Finish, or undo, what a command killed half-way left (see `Batch`); the caller
    holds the home's write lock."""
    path = os.path.join(root, JOURNAL)
    if not os.path.lexists(path):
        return
    try:
        data = read_json_file(path, "record of an unfinished change", limit=16 * 1024 * 1024)
        state, ops = data["state"], data["ops"]
        if state not in ("pending", "committed"):
            raise TypeError(state)
        batch = Batch(root)
        batch.ops = [
            [op[0], *(None if p is None else _inside(root, p) for p in op[1:])] for op in ops
        ]
    except (StoreError, KeyError, TypeError, IndexError, ValueError, AttributeError):
        _set_journal_aside(root, path)
        return
    try:
        if state == "committed":
            batch.finish()
        else:
            batch.roll_back()
    except OSError as e:
        raise StoreError(
            f"cannot finish the change recorded in {path} ({reason(e)}); "
            "check that the data folder can be written"
        ) from None


def _inside(root: str, rel: Any) -> str:
    """A path a record of an unfinished change names, which must lie in the data folder."""
    if not isinstance(rel, str) or os.path.isabs(rel) or ".." in rel.split(os.sep):
        raise ValueError(rel)
    return os.path.join(root, rel)


def _set_journal_aside(root: str, path: str) -> None:
    """A damaged record of an unfinished change: set aside (never deleted), the command's
    temporary files dropped (its writes never landed), and the player told."""
    import time

    aside = f"{path}.damaged-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}"
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = f"{aside.rsplit('~', 1)[0]}~{n}"
    try:
        os.replace(path, aside)
    except OSError as e:
        raise StoreError(
            f"{path}, the record of a command that did not finish, is damaged and cannot be "
            f"set aside ({reason(e)}); move it aside to go on"
        ) from None
    sys.stderr.write(
        f"companion: note: the record of a command that did not finish was damaged; it is "
        f"kept as {os.path.basename(aside)} and that command's unwritten files were dropped. "
        "If a game looks wrong, 'companion game repair NAME' checks it.\n"
    )


def sync_folder(folder: str) -> None:
    with contextlib.suppress(OSError):
        dfd = os.open(folder or ".", os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def keep_backup(path: StrPath, backup: StrPath) -> None:
    """Make `backup` the current content of `path` (if any), atomically."""
    folder, name = os.path.split(os.fspath(backup))
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)
    try:
        os.link(path, tmp)
    except FileNotFoundError:
        return
    except OSError:  # no hard links here (some network or FAT file systems): copy
        import shutil

        try:
            shutil.copy2(path, tmp)
        except OSError:
            return
    os.replace(tmp, backup)
    # Renaming a hard link onto another link of the same file does nothing (POSIX), which
    # happens when a command was killed between keeping the backup and replacing the file.
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)


class OutsideError(StoreError):
    """A data file that leads out of the data folder: no repair follows it there."""


def within(path: str, root: str) -> None:
    """Refuse a data file that leads out of the data folder `root` (a link to a file
    elsewhere, or in a linked folder): companion reads and writes only its own files."""
    real = outside(path, root)
    if real is not None:
        raise OutsideError(
            f"{path} leads to {real}, outside the data folder {root}; companion keeps its "
            "files in that folder only: put the file itself there (or move the link aside)"
        )


def database_shaped(data: Any) -> bool:
    """Whether parsed JSON is a database: tables of documents."""
    return isinstance(data, dict) and all(
        isinstance(t, dict) and all(isinstance(doc, dict) for doc in t.values())
        for t in data.values()
    )


class AtomicStorage:
    """A TinyDB storage that reads once, keeps writes in memory and commits atomically."""

    def __init__(self, path: StrPath, **_: Any) -> None:
        self.path = os.fspath(path)
        self._data: dict[str, Any] | None = None
        self._dirty = False
        self.keep: StrPath | None = None  # where to keep the replaced file, if anywhere

    def read(self) -> dict[str, Any] | None:
        if self._data is None:
            if not os.path.exists(self.path):
                return None
            data = read_json_file(self.path)
            if not database_shaped(data):
                raise StoreError(
                    f"{self.path} is JSON but not a companion database; it was left untouched: "
                    "move it aside or restore it from a backup"
                )
            self._data = data
        return self._data

    def write(self, data: dict[str, Any]) -> None:
        self._data = data
        self._dirty = True

    def commit(self) -> None:
        if self._dirty and self._data is not None:
            atomic_write(self.path, json.dumps(self._data, separators=(",", ":")), self.keep)
            self._dirty = False

    def close(self) -> None:
        """TinyDB calls this on close; committing is explicit (see `Database.commit`)."""


class Database:
    """One TinyDB file opened for one command.

    `before_commit` holds writes of other files that this one refers to (a game's event
    segments): they are made durable first, so the file committed last is the one that
    makes them count.

    TinyDB itself is loaded the first time a table is asked for: what every table
    command does (read the settings, read a game and update its one document) goes
    through `docs` and `update_doc` on the same stored data, as TinyDB would.
    """

    def __init__(
        self, path: StrPath, keep: StrPath | None = None, root: StrPath | None = None
    ) -> None:
        self.path = os.fspath(path)
        if root is not None:
            within(self.path, os.fspath(root))
        self.storage = AtomicStorage(path)
        self.storage.keep = keep
        self.before_commit: list[Callable[[], None]] = []
        self._tinydb: Any = None
        self.storage.read()  # refuse a bad file before anything else happens

    @property
    def db(self) -> Any:
        if self._tinydb is None:
            from tinydb import TinyDB

            storage = self.storage
            self._tinydb = TinyDB(self.path, storage=lambda *_, **__: storage)
        return self._tinydb

    def table(self, name: str) -> Any:
        return self.db.table(name, cache_size=0)

    def docs(self, name: str) -> list[dict[str, Any]]:
        """The documents of a table in order, as TinyDB's `all` gives them (shallow
        copies; a document id that is not a number is refused, as TinyDB refuses it)."""
        data = self.storage.read() or {}
        out = []
        for doc_id, doc in (data.get(name) or {}).items():
            int(doc_id)
            out.append(dict(doc))
        return out

    def update_doc(self, name: str, fields: dict[str, Any], doc_id: int = 1) -> None:
        """TinyDB's `table(name).update(fields, doc_ids=[doc_id])`."""
        data = self.storage.read()
        if data is None:
            raise KeyError(doc_id)
        data[name][str(doc_id)].update(fields)
        self.storage.write(data)

    def has_table(self, name: str) -> bool:
        data = self.storage.read() or {}
        return bool(data.get(name))

    def drop_table(self, name: str) -> None:
        self.db.drop_table(name)

    def commit(self) -> None:
        for write in self.before_commit:
            write()
        self.before_commit.clear()
        self.storage.commit()
