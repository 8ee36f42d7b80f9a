"""The one reader of a system's rules file: a data module declares what its file holds,
as shapes, and `file` reads and checks it (a data module imports this module as
`read`: `read.Shape`, `read.Num`, `read.file`).

A `Shape` names a value class and how each of its fields is read from one table of the
file. A field declared `str`, `int`, `bool`, `tuple[str, ...]`, `tuple[int, ...]` or
`int | None` is read from the key of its own name unless the shape says otherwise (a
bound, a choice, another key); a default of the class makes the key optional. Any other
field with a default keeps it unless the shape names its reader, and the rest name it:
a sub-table (`Table`), an array of tables (`Each`), a table of named tables (`ByName`),
a table of named numbers (`Numbers`), names of things the file or the code declares
(`Known`), a text that may be left out (`OptText`), the data module's own function
(`Use`) or a value the file does not hold (`Fixed`). A key with dots (`system.rounds`)
reads through tables.

Every error names the file, the table and the key (`file: table.key: problem`), as the
`Reader` underneath words it; a key the shape does not read is refused. A reader made by
`Use`, and a shape's `checks`, see what the file has given so far (`ctx`, by field
name of the file's own shape), for the checks that cross tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.systems.records import Ruling, SystemInfo
from companion.values import _MISSING, fields

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, Generic, TypeVar

    from companion.systems.kit.facts import ActionSpec

    T = TypeVar("T")
    Ctx = Mapping[str, Any]
else:
    T = None

    class Generic:
        """`typing.Generic` at run time, near enough: a subscript gives the class."""

        def __class_getitem__(cls, item: object) -> type:
            return cls


class Spec:
    """How one field is read: from `key` of the table at hand (the field's name where no
    key is given)."""

    def __init__(self, key: str | None = None) -> None:
        self.key = key

    def where(self, name: str) -> str:
        return self.key or name

    def read(self, r: Reader, key: str, ctx: Ctx) -> Any:
        raise NotImplementedError


class Text(Spec):
    def __init__(
        self, key: str | None = None, default: str | None = None, *, choices: Sequence[str] = ()
    ) -> None:
        super().__init__(key)
        self.default = default
        self.choices = choices

    def read(self, r: Reader, key: str, ctx: Ctx) -> str:
        return r.text(key, self.default, choices=self.choices)


class Num(Spec):
    def __init__(
        self,
        key: str | None = None,
        default: int | None = None,
        *,
        lo: int | None = None,
        hi: int | None = None,
    ) -> None:
        super().__init__(key)
        self.default = default
        self.lo = lo
        self.hi = hi

    def read(self, r: Reader, key: str, ctx: Ctx) -> int:
        return r.num(key, self.default, lo=self.lo, hi=self.hi)


class OptNum(Spec):
    def read(self, r: Reader, key: str, ctx: Ctx) -> int | None:
        return r.opt_num(key)


class OptText(Spec):
    """A text the table may leave out or leave empty (None then), one of `choices` where
    given."""

    def __init__(self, key: str | None = None, *, choices: Sequence[str] = ()) -> None:
        super().__init__(key)
        self.choices = choices

    def read(self, r: Reader, key: str, ctx: Ctx) -> str | None:
        return r.text(key, choices=self.choices) if r.text(key, "") else None


class Known(Spec):
    """Names of things of one kind (`what`): a list of them, or one where `one`. Each must
    be one of `known`, a list or what `known(ctx)` gives from the file so far, else it is
    refused as `unknown WHAT 'x'`, followed by the known ones where `listed`. Where
    `blank`, an empty list or text reads as None."""

    def __init__(
        self,
        what: str,
        known: Sequence[str] | Callable[[Ctx], Sequence[str]],
        key: str | None = None,
        default: Any = None,
        *,
        one: bool = False,
        listed: bool = False,
        blank: bool = False,
    ) -> None:
        super().__init__(key)
        self.what = what
        self.known = known
        self.default = default
        self.one = one
        self.listed = listed
        self.blank = blank

    def read(self, r: Reader, key: str, ctx: Ctx) -> Any:
        names = (r.text(key, self.default),) if self.one else r.texts(key, self.default)
        if self.blank and not (names[0] if self.one else names):
            return None
        known = self.known(ctx) if callable(self.known) else self.known
        for n in names:
            if n not in known:
                more = f" (known: {', '.join(known)})" if self.listed else ""
                r.fail(f"unknown {self.what} {n!r}{more}", key)
        return names[0] if self.one else names


class Plain(Spec):
    """A key read as it stands, `default` where the table leaves it out (None: it must
    be there)."""

    def __init__(self, key: str | None = None, default: Any = None) -> None:
        super().__init__(key)
        self.default = default


class Flag(Plain):
    def read(self, r: Reader, key: str, ctx: Ctx) -> bool:
        return r.flag(key, self.default)


class Texts(Plain):
    def read(self, r: Reader, key: str, ctx: Ctx) -> tuple[str, ...]:
        return r.texts(key, self.default)


class Nums(Plain):
    def read(self, r: Reader, key: str, ctx: Ctx) -> tuple[int, ...]:
        return r.nums(key, self.default)


class Name(Spec):
    """The name of the table being read, in a table of named tables (`[scenarios.NAME]`)."""

    def read(self, r: Reader, key: str, ctx: Ctx) -> str:
        raise AssertionError("a named table's name is given by `ByName`")


class Fixed(Spec):
    """A field the file does not hold: always `value`."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value

    def read(self, r: Reader, key: str, ctx: Ctx) -> Any:
        return self.value


class Use(Spec):
    """The data module's own reading, `read(table, ctx)`, on the table that holds the
    field; `keys` are the keys of that table it reads."""

    def __init__(self, read: Callable[[Reader, Ctx], Any], *keys: str) -> None:
        super().__init__()
        self.fn = read
        self.keys = keys

    def where(self, name: str) -> str:
        return name

    def read(self, r: Reader, key: str, ctx: Ctx) -> Any:
        return self.fn(r, ctx)


class Numbers(Spec):
    """A table of named whole numbers: exactly `keys`, each within lo..hi (no upper
    bound where `hi` is None)."""

    def __init__(
        self, keys: Sequence[str], key: str | None = None, *, lo: int, hi: int | None = None
    ) -> None:
        super().__init__(key)
        self.keys = tuple(keys)
        self.lo = lo
        self.hi = hi

    def read(self, r: Reader, key: str, ctx: Ctx) -> Mapping[str, int]:
        t = r.table(key)
        t.only(*self.keys)
        return freeze({k: t.num(k, lo=self.lo, hi=self.hi) for k in self.keys})


class Shape(Generic[T]):
    """A value class and how its fields are read from one table (`shared`: readers of
    fields many shapes hold, such as `HEADER`); `checks` run on the value read, with its
    table and the file so far, and fail through the table; `only` refuses a key the
    shape does not read (True), or one not in the keys it lists; `closed` names tables
    its dotted keys read (`solo` of `solo.board`) that hold no key the shape does not
    read from them, refused as the table is opened."""

    def __init__(
        self,
        cls: type[T],
        /,
        *shared: Mapping[str, Spec],
        checks: Sequence[Callable[[T, Reader, Ctx], None]] = (),
        only: bool | Sequence[str] = False,
        closed: Sequence[str] = (),
        **own: Spec,
    ) -> None:
        specs: dict[str, Spec] = {}
        for more in shared:
            specs.update(more)
        specs.update(own)
        self.cls = cls
        self.checks = tuple(checks)
        self.only = only
        self.name = next((n for n, s in specs.items() if isinstance(s, Name)), "id")
        self.specs: dict[str, Spec] = {}
        annotations: Mapping[str, str] = cls.__dict__.get("__annotations__", {})
        for f in fields(cls):
            spec = specs.get(f.name) or _by_type(annotations[f.name], f.default)
            if spec is not None:
                self.specs[f.name] = spec
            elif f.default is _MISSING and f.default_factory is _MISSING:
                raise TypeError(f"{cls.__name__}.{f.name}: declare how it is read")
        unknown = set(specs) - set(self.specs)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
        self.allowed: dict[tuple[str, ...], tuple[str, ...]] = {}
        # (field, reader, the tables the key stands in, the key), worked out once
        self.plan: list[tuple[str, Spec, tuple[str, ...], str]] = []
        for n, spec in self.specs.items():
            *tables, key = spec.where(n).split(".")
            self.plan.append((n, spec, tuple(tables), key))
        self.closed = {
            path: tuple(k for _, _, at, k in self.plan if at == path)
            for path in (tuple(c.split(".")) for c in closed)
        }

    def keys(self, given: Sequence[str] = ()) -> tuple[str, ...]:
        """The keys of the table this shape reads, in the order of its fields (`given`:
        fields not read from it)."""
        out: dict[str, None] = {}
        for n, s in self.specs.items():
            if isinstance(s, Use):
                out.update(dict.fromkeys(s.keys))
            elif not isinstance(s, Name | Fixed) and n not in given:
                out[s.where(n).split(".")[0]] = None
        return tuple(out)

    def read(self, r: Reader, ctx: Ctx | None = None, **given: Any) -> T:
        """The value this table holds; `given` fields are not read (a named table's
        name); `ctx` is the file so far (none: this shape's own fields are the file's)."""
        if self.only:
            allowed = self.allowed.get(tuple(given))
            if allowed is None:
                allowed = self.keys(tuple(given)) if self.only is True else tuple(self.only)
                self.allowed[tuple(given)] = allowed
            r.only(*allowed)
        got: dict[str, Any] = dict(given)
        here = got if ctx is None else ctx
        tables: dict[tuple[str, ...], Reader] = {}
        for name, spec, path, key in self.plan:
            if given and name in got:
                continue
            if not path:
                got[name] = spec.read(r, key, here)
                continue
            t = tables.get(path)
            if t is None:
                t = r
                for step in path:
                    t = t.table(step)
                if path in self.closed:
                    t.only(*self.closed[path])
                tables[path] = t
            got[name] = spec.read(t, key, here)
        value = self.cls(**got)
        for check in self.checks:
            check(value, r, here)
        return value


def _by_type(annotation: str, default: Any) -> Spec | None:
    given: Any = default if isinstance(default, str | int | bool | tuple) else None
    if annotation == "str":
        return Text(None, given)
    if annotation == "int":
        return Num(None, given)
    if annotation == "bool":
        return Flag(None, given)
    if annotation == "tuple[str, ...]":
        return Texts(None, given)
    if annotation == "tuple[int, ...]":
        return Nums(None, given)
    if annotation == "int | None":
        return OptNum()
    return None


class Table(Spec):
    """A sub-table, read into its own shape."""

    def __init__(self, shape: Shape[Any], key: str | None = None) -> None:
        super().__init__(key)
        self.shape = shape

    def read(self, r: Reader, key: str, ctx: Ctx) -> Any:
        return self.shape.read(r.table(key), ctx)


class Each(Spec):
    """An array of tables (`[[key]]`), each read into the shape, in file order."""

    def __init__(self, shape: Shape[Any], key: str | None = None) -> None:
        super().__init__(key)
        self.shape = shape

    def read(self, r: Reader, key: str, ctx: Ctx) -> tuple[Any, ...]:
        return tuple(self.shape.read(t, ctx) for t in r.tables(key))


class ByName(Spec):
    """A table of named tables (`[key.NAME]`), each read into the shape with its name,
    in file order; `value` picks what is kept of each (the whole value where None);
    `checks` run on what is kept, with the table and the file so far, and fail through
    the table."""

    def __init__(
        self,
        shape: Shape[Any],
        key: str | None = None,
        value: Callable[[Any], Any] | None = None,
        *,
        checks: Sequence[Callable[[Mapping[str, Any], Reader, Ctx], None]] = (),
    ) -> None:
        super().__init__(key)
        self.shape = shape
        self.value = value
        self.checks = tuple(checks)

    def read(self, r: Reader, key: str, ctx: Ctx) -> Mapping[str, Any]:
        out = {}
        for name, t in r.items(key):
            v = self.shape.read(t, ctx, **{self.shape.name: name})
            out[name] = v if self.value is None else self.value(v)
        got = freeze(out)
        for check in self.checks:
            check(got, r.table(key, {}), ctx)
        return got


def at_least(table: str, **lowest: int) -> dict[str, Spec]:
    """Whole numbers of one table, each read from the key of its field's name and at
    least the number given."""
    return {k: Num(f"{table}.{k}", lo=lo) for k, lo in lowest.items()}


def rows(r: Reader, key: str, what: str) -> list[Reader]:
    """An array of tables that must be there, a wrong one worded `expected a list of
    WHAT`."""
    if not isinstance(r.data.get(key), list):
        r.fail(f"expected a list of {what}", key)
    return r.tables(key)


def file(shape: Shape[T], name: str, *extra: str) -> T:
    """A rules file read into its shape: its top-level keys are the shape's and `extra`
    (tables another reader reads), and no others."""
    top = Reader(name, load_toml(name))
    top.only(*shape.keys(), *extra)
    return shape.read(top)


# What every system's file holds the same way.

_HEADER = Shape(SystemInfo, aliases=Texts(None, ()))


def info(system_id: str) -> Table:
    """The `[system]` table's header (name, aliases, dice, board, length) as the
    plug-in's `SystemInfo`."""
    return Table(Shape(SystemInfo, _HEADER.specs, id=Fixed(system_id)), "system")


def _ruling_text(r: Reader, ctx: Ctx) -> str:
    return r.text("text") + (f" Why: {r.text('reason')}" if "reason" in r.data else "")


#: the `[[rulings]]`: id, title and text, with the reason (`reason`) where given
RULINGS = Each(Shape(Ruling, text=Use(_ruling_text, "text", "reason")), "rulings")


# The facts' reader is loaded only by a file that declares actions (1ss reads none).
def _facts(r: Reader, ctx: Ctx) -> Mapping[str, ActionSpec]:
    from companion.systems.kit.facts import read_actions

    return freeze(read_actions(r))


def _options(r: Reader, ctx: Ctx) -> ActionSpec | None:
    from companion.systems.kit.facts import read_options

    return read_options(r)


#: the actions a file declares with the facts each asks (`[facts.ACTION]`)
FACTS = Use(_facts, "facts")
#: the game options a file declares (`[options]`), None where it declares none
OPTIONS = Use(_options, "options")


def samples(system: str, fighters: Spec, **more: Spec) -> Each:
    """The sample warbands a rules file holds (`[[samples]]`): rosters of `system`,
    their fighters read by `fighters`, with any further fields the system reads."""
    from companion.roster import Roster

    fields: dict[str, Spec] = {"system": Fixed(system), "fighters": fighters, **more}
    return Each(Shape(Roster, fields), "samples")
