"""Loading rules data: one TOML file per system in `rules_data/` (a plug-in system's in
its own package's folder, `add_folder`), validated on load.

Start-up device (the cache of parsed data below): with no cache folder (every file
parsed from TOML), `odds` takes 1.19x as long (cpu, median of 15 paired runs, the device
off against on).

Every error names the file and the key, so a broken data file is fixed in a minute.

Parsing a rules file takes longer than a table command's own work, so the parsed data
is kept as JSON in the user's cache folder, keyed by the file's path, size and checksum
(and the Python version): a changed file is parsed again, and the data read back from
the cache goes through the same validation as freshly parsed data. Any trouble with the
cache (unreadable, corrupt, read-only folder) means the file is simply parsed.

Data worked out from the rules files by the code (the look-up's topics) is kept the same
way (`prepared`), keyed by the fingerprint of both.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from companion.errors import DataError

# As typing.TYPE_CHECKING, without importing typing at every start (and paths are plain
# strings: pathlib would cost every command its import).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn


def data_dir() -> str:
    """rules_data/ inside the installed package, or beside it in a source checkout."""
    here = os.path.dirname(os.path.realpath(__file__))
    packaged = os.path.join(here, "rules_data")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(here), "rules_data")


# The rules folders of plug-in systems, searched after `data_dir()` (the registry adds
# each installed plug-in's when it reads them): a plug-in names its files as a built-in
# system does, and cannot replace one of companion's own.
_FOLDERS: list[str] = []


def add_folder(folder: str) -> None:
    """Look for rules files in `folder` too (a plug-in system's own)."""
    if folder and folder not in _FOLDERS:
        _FOLDERS.append(folder)


def find(name: str) -> str | None:
    """The path of rules file `name`: in `rules_data/`, else in a plug-in's folder."""
    for folder in (data_dir(), *_FOLDERS):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


def cache_dir() -> str | None:
    """companion's folder in the user's cache (None where there is no home folder).

    With COMPANION_HOME set, everything companion keeps lives under it: the cache too."""
    env = os.environ.get("COMPANION_HOME", "").strip()
    if env:
        return os.path.join(os.path.expanduser(env), "cache")
    if sys.platform.startswith("linux"):
        # What platformdirs answers on Linux, without importing it at every start.
        base = os.environ.get("XDG_CACHE_HOME", "").strip()
        if not base:
            home = os.path.expanduser("~")
            if home == "~":
                return None
            base = os.path.join(home, ".cache")
        return os.path.join(base, "companion")
    import platformdirs

    return str(platformdirs.user_cache_dir("companion", appauthor=False))


def _cache_file(name: str) -> str | None:
    folder = cache_dir()
    return None if folder is None else os.path.join(folder, f"rules-{name}.json")


def from_cache(name: str, key: str) -> dict[str, Any] | None:
    """The data kept for `key`, or None: anything odd about the file (a link out of the
    cache folder, a FIFO, a device, too large, not JSON) and it is built afresh."""
    from companion.home import read_kept

    file = _cache_file(name)
    if file is None:
        return None
    raw = read_kept(file, os.path.dirname(file))
    if raw is None:
        return None
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if isinstance(doc, dict) and doc.get("key") == key and isinstance(doc.get("data"), dict):
        data: dict[str, Any] = doc["data"]
        return data
    return None


def to_cache(name: str, key: str, data: dict[str, Any]) -> None:
    try:
        text = json.dumps({"key": key, "data": data}, ensure_ascii=False)
        if json.loads(text)["data"] != data:
            return  # something JSON cannot hold exactly (dates, NaN): parse each time
        file = _cache_file(name)
        if file is None:
            return
        folder, base = os.path.split(file)
        os.makedirs(folder, exist_ok=True)
        _drop_stale_temps(folder)
        tmp = os.path.join(folder, f".{base}.{os.getpid()}.tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, file)  # whole or not at all, even with two starts at once
        finally:
            if os.path.lexists(tmp):  # a full disk: the cache is only a cache
                os.unlink(tmp)
    except (OSError, TypeError, ValueError):
        return


def fingerprint(extra: Sequence[str] = ()) -> str:
    """The installed code and the content of every rules file, as one key; with `extra`
    packages' folders (a plug-in system's), their code and rules files too."""
    from binascii import crc32

    from companion.stamp import code_stamp

    parts = [f"{sys.version_info[0]}.{sys.version_info[1]}", code_stamp(*extra)]
    for folder in (data_dir(), *(os.path.join(e, "rules_data") for e in extra)):
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
            if name.endswith(".toml"):
                with open(os.path.join(folder, name), "rb") as fh:
                    raw = fh.read()
                parts.append(f"{name}:{len(raw)}:{crc32(raw)}")
    return " ".join(parts)


def prepared(
    name: str, build: Callable[[], dict[str, Any]], extra: Sequence[str] = ()
) -> dict[str, Any]:
    """What `build` works out from the rules files (plain JSON values), built once for
    this code and these files and kept in the cache folder beside the parsed files;
    `extra`: the package folder of a plug-in system whose files and code it reads too."""
    try:
        key = fingerprint(extra)
    except OSError:
        return build()
    cached = from_cache(name, key)
    if cached is not None:
        return cached
    data = build()
    to_cache(name, key, data)
    return data


def drop_stale_cache_temps() -> None:
    """What `_drop_stale_temps` does, for the cache folder, from any command that writes
    (so a kill during a cache write leaves nothing past the next such command); nothing
    where only platformdirs knows the folder, which the table commands do not load."""
    if not (os.environ.get("COMPANION_HOME", "").strip() or sys.platform.startswith("linux")):
        return
    folder = cache_dir()
    if folder is not None and os.path.isdir(folder):
        try:
            _drop_stale_temps(folder)
        except OSError:
            pass


def _drop_stale_temps(folder: str) -> None:
    """Remove the temporary files of cache writes whose process is gone (killed while
    writing): a missed cache is what brings a command here, so none outlives the next."""
    for n in os.listdir(folder):
        parts = n.rsplit(".", 2)
        if not (n.startswith(".") and n.endswith(".tmp") and len(parts) == 3):
            continue
        try:
            pid = int(parts[1])
            if pid != os.getpid():
                os.kill(pid, 0)
            continue  # its writer is still at work
        except ProcessLookupError:
            pass
        except (ValueError, OSError):
            continue
        try:
            os.unlink(os.path.join(folder, n))
        except OSError:
            pass


@lru_cache(maxsize=16)
def load_toml(name: str) -> Mapping[str, Any]:
    path = find(name)
    try:
        if path is None:
            raise FileNotFoundError(name)
        with open(path, "rb") as fh:
            raw = fh.read()
    except FileNotFoundError:
        raise DataError(f"rules data file {name} is missing from {data_dir()}") from None
    from binascii import crc32

    key = f"{sys.version_info[0]}.{sys.version_info[1]}:{path}:{len(raw)}:{crc32(raw)}"
    cached = from_cache(name, key)
    if cached is not None:
        return cached
    import tomllib

    try:
        data = tomllib.loads(raw.decode())
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"rules data file {name} is not valid TOML: {e}") from None
    to_cache(name, key, data)
    return data


class Reader:
    """Typed access to one table of a data file; errors say `file: key.path: problem`."""

    def __init__(self, file: str, data: Any, path: str = "") -> None:
        self.file = file
        self.path = path
        if not isinstance(data, Mapping):
            self.fail(f"expected a table, found {type(data).__name__}")
        self.data: Mapping[str, Any] = data

    def fail(self, problem: str, key: str | None = None) -> NoReturn:
        where = ".".join(p for p in (self.path, key) if p) or "(top)"
        raise DataError(f"{self.file}: {where}: {problem}")

    def _get(self, key: str, default: Any, required: bool) -> Any:
        if key not in self.data:
            if required:
                self.fail("is missing", key)
            return default
        return self.data[key]

    def text(self, key: str, default: str | None = None, *, choices: Sequence[str] = ()) -> str:
        v = self._get(key, default, default is None)
        if not isinstance(v, str):
            self.fail(f"expected text, found {v!r}", key)
        if choices and v not in choices:
            self.fail(f"{v!r} is not one of {', '.join(choices)}", key)
        return v

    def num(
        self, key: str, default: int | None = None, *, lo: int | None = None, hi: int | None = None
    ) -> int:
        v = self._get(key, default, default is None)
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(f"expected a whole number, found {v!r}", key)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(f"{v} is outside {lo}..{hi}", key)
        return v

    def opt_num(self, key: str) -> int | None:
        if key not in self.data:
            return None
        return self.num(key)

    def flag(self, key: str, default: bool | None = None) -> bool:
        v = self._get(key, default, default is None)
        if not isinstance(v, bool):
            self.fail(f"expected true or false, found {v!r}", key)
        return v

    def texts(self, key: str, default: Sequence[str] | None = None) -> tuple[str, ...]:
        v = self._get(key, default, default is None)
        if not isinstance(v, list | tuple) or not all(isinstance(x, str) for x in v):
            self.fail(f"expected a list of text, found {v!r}", key)
        return tuple(v)

    def nums(self, key: str, default: Sequence[int] | None = None) -> tuple[int, ...]:
        v = self._get(key, default, default is None)
        if not isinstance(v, list | tuple) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in v
        ):
            self.fail(f"expected a list of whole numbers, found {v!r}", key)
        return tuple(v)

    def table(self, key: str, default: Mapping[str, Any] | None = None) -> Reader:
        v = self._get(key, default, default is None)
        return Reader(self.file, v, self._sub(key))

    def tables(self, key: str) -> list[Reader]:
        """An array of tables (`[[key]]`)."""
        v = self._get(key, [], False)
        if not isinstance(v, list):
            self.fail("expected an array of tables", key)
        return [Reader(self.file, x, f"{self._sub(key)}[{i}]") for i, x in enumerate(v)]

    def items(self, key: str) -> list[tuple[str, Reader]]:
        """A table of tables (`[key.NAME]`), in file order."""
        t = self.table(key, {})
        return [(k, Reader(self.file, v, t._sub(k))) for k, v in t.data.items()]

    def _sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def only(self, *allowed: str) -> None:
        extra = sorted(set(self.data) - set(allowed))
        if extra:
            self.fail(f"unknown key {extra[0]!r} (allowed: {', '.join(allowed)})")
