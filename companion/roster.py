"""Rosters (warbands): frozen values, and strict conversion from and to plain data.

`from_dict` is what `roster import` uses on files from anywhere, so it refuses wrong types
and unknown keys with a message naming the key, and never evaluates anything.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion import TYPE_CHECKING
from companion.errors import DataError
from companion.names import name_problem, unsafe_char
from companion.numbers import shown
from companion.values import field, freeze, frozen, replace, thawed

if TYPE_CHECKING:
    from typing import Any

MAX_FIGHTERS = 200
MAX_TEXT = 2000
MAX_KEY = 60


@frozen
class RosterFighter:
    name: str
    rank: str
    stats: Mapping[str, int]
    equipment: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    notes: str = ""

    def to_dict(self) -> dict[str, Any]:
        return thawed(self, "name", "rank", "stats", "equipment", "skills", "notes")


@frozen
class Roster:
    name: str
    system: str
    fighters: tuple[RosterFighter, ...] = ()
    notes: str = ""
    preset: bool = False
    options: Mapping[str, Any] = field(default_factory=freeze)
    # What follows the warband through renames: given when it is first stored (see
    # `roster_key`); games record it for each side, so its record stays its own.
    id: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = thawed(self, "name", "system", "notes", "preset", "options")
        return {**out, "fighters": [f.to_dict() for f in self.fighters], **self._id()}

    def _id(self) -> dict[str, str]:
        return {"id": self.id} if self.id else {}

    def with_fighters(self, fighters: tuple[RosterFighter, ...]) -> Roster:
        return replace(self, fighters=fighters)

    @staticmethod
    def from_dict(d: Any, source: str = "roster") -> Roster:
        _only(d, source, {"name", "system", "notes", "preset", "options", "fighters", "id"})
        fighters_raw = d.get("fighters", [])
        if not isinstance(fighters_raw, list):
            raise DataError(f"{source}: fighters: expected a list")
        if len(fighters_raw) > MAX_FIGHTERS:
            raise DataError(f"{source}: fighters: {len(fighters_raw)} is more than {MAX_FIGHTERS}")
        options = d.get("options", {})
        if not isinstance(options, dict) or not all(
            isinstance(v, str | int | bool) for v in options.values()
        ):
            raise DataError(f"{source}: options: expected a table of plain values")
        for k, v in options.items():
            # As the commands hold them: 18 digits, text of a sensible length.
            if len(k) > MAX_KEY or (isinstance(v, str) and (len(v) > MAX_TEXT or _has_control(v))):
                raise DataError(f"{source}: options: {k[:MAX_KEY]!r}: too long, or not plain text")
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10**18:
                raise DataError(f"{source}: options.{k}: a number of more than 18 digits")
        return Roster(
            name=_name(d, source),
            system=_text(d, "system", source, required=True),
            notes=_text(d, "notes", source),
            preset=_bool(d, "preset", source),
            options=freeze(options),
            fighters=tuple(
                _fighter(x, f"{source}: fighters[{i}]") for i, x in enumerate(fighters_raw)
            ),
            id=_text(d, "id", source)[:MAX_KEY],
        )


def legacy_key(name: str) -> str:
    """The key of a warband stored before rosters had ids: its name, as it was then."""
    return "name:" + name.strip().casefold()


def roster_key(roster: Roster) -> str:
    """What identifies a warband across games and renames: its id, or for one stored
    before ids, the key of its name (which its id becomes when it is next saved)."""
    return roster.id or legacy_key(roster.name)


def new_roster_id() -> str:
    import secrets

    return "r-" + secrets.token_hex(6)


def mended(d: Any) -> tuple[dict[str, Any], list[str]] | None:
    """A stored roster that does not read, with the fighters that do not read left out,
    and what was left out (each fighter's place, name and fault); None when the roster
    cannot be read even without them."""
    if not isinstance(d, dict) or not isinstance(d.get("fighters"), list):
        return None
    keep, dropped = [], []
    for i, f in enumerate(d["fighters"]):
        try:
            _fighter(f, f"fighter {i + 1}")
        except DataError as e:
            name = f.get("name") if isinstance(f, dict) else None
            who = f" {shown(name)}" if isinstance(name, str) else ""
            dropped.append(f"{e}".replace(f"fighter {i + 1}:", f"fighter {i + 1}{who}:", 1))
            continue
        keep.append(f)
    fixed = {**d, "fighters": keep}
    try:
        Roster.from_dict(fixed)
    except DataError:
        return None
    return fixed, dropped


def _fighter(d: Any, where: str) -> RosterFighter:
    # "cost" is what `roster show --json` adds from the system's points: read back, the
    # system works it out again, so it is accepted and not kept.
    _only(d, where, {"name", "rank", "stats", "equipment", "skills", "notes", "cost"})
    stats = d.get("stats")
    if not isinstance(stats, dict) or not stats:
        raise DataError(f"{where}: stats: expected a table such as {{stat = 4}}")
    for k, v in stats.items():
        if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int):
            raise DataError(f"{where}: stats.{k}: expected a whole number, found {v!r}")
        if not -100 <= v <= 100:
            raise DataError(f"{where}: stats.{k}: {v} is out of range")
    return RosterFighter(
        name=_name(d, where),
        rank=_text(d, "rank", where, required=True),
        stats=freeze(stats),
        equipment=_texts(d, "equipment", where),
        skills=_texts(d, "skills", where),
        notes=_text(d, "notes", where),
    )


def _only(d: Any, where: str, allowed: set[str]) -> None:
    if not isinstance(d, dict):
        raise DataError(f"{where}: expected a table (JSON object), found {type(d).__name__}")
    extra = sorted(set(d) - allowed)
    if extra:
        raise DataError(f"{where}: unknown key {extra[0]!r}; allowed: {', '.join(sorted(allowed))}")


def _text(d: Mapping[str, Any], key: str, where: str, required: bool = False) -> str:
    if key not in d:
        if required:
            raise DataError(f"{where}: {key}: is missing")
        return ""
    v = d[key]
    if not isinstance(v, str):
        raise DataError(f"{where}: {key}: expected text, found {type(v).__name__}")
    if len(v) > MAX_TEXT:
        raise DataError(f"{where}: {key}: longer than {MAX_TEXT} characters")
    if required and not v.strip():
        raise DataError(f"{where}: {key}: is empty")
    if _has_control(v):
        # Escape sequences in a shared file would reach the player's terminal.
        raise DataError(f"{where}: {key}: contains control characters or direction overrides")
    return v


def _name(d: Mapping[str, Any], where: str) -> str:
    """A roster's or a fighter's name, kept to the one rule for names (see `names`)."""
    v = _text(d, "name", where, required=True)
    problem = name_problem(v)
    if problem is not None:
        raise DataError(f"{where}: name: {problem}")
    return v


def _has_control(v: str) -> bool:
    """Whether text holds what a terminal acts on (tabs and new lines are text)."""
    return unsafe_char(v.replace("\t", " ").replace("\n", " ")) is not None


def _texts(d: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) and len(x) <= MAX_TEXT for x in v):
        raise DataError(f"{where}: {key}: expected a list of text")
    if any(_has_control(x) for x in v):
        raise DataError(f"{where}: {key}: contains control characters or direction overrides")
    if len(v) > 50:
        raise DataError(f"{where}: {key}: more than 50 entries")
    return tuple(v)


def _bool(d: Mapping[str, Any], key: str, where: str) -> bool:
    v = d.get(key, False)
    if not isinstance(v, bool):
        raise DataError(f"{where}: {key}: expected true or false")
    return v
