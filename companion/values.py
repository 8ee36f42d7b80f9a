"""Value classes (`@frozen`, `@record`) at a fraction of the start-up cost of dataclasses.

Start-up device: saves `odds` about 170 ms of its 300 ms cpu, half again (its 44 value
classes cost about 3 ms less each than dataclasses, and dataclasses and inspect are not
imported; measured by timing both decorators in the command's own process, on a loaded
machine where a bare interpreter start took 31 ms).

Start-up time is most of what a table command costs, and `dataclasses` spends about half
a millisecond on each class it makes (it writes the source of six methods and compiles
each one), plus the import of `inspect` behind it: a command loading the rules paid
more for its ~35 value classes than for the rest of its work. These decorators give the
same classes (an `__init__` taking the fields in order with their defaults, field-wise
`__eq__`, `__hash__` for frozen classes, a dataclass-like `__repr__`, assignment refused
on frozen instances) from generic methods, without compiling anything.

`typing.dataclass_transform` tells type checkers that these are dataclasses, so
constructors are checked as before. `replace` and `fields` here work on these classes,
and so do `dataclasses.replace`, `dataclasses.fields` and `dataclasses.asdict`: the
`__dataclass_fields__` they read is built (with `dataclasses` imported) on first use.

Known differences from dataclasses, none of which this code base uses: no `ClassVar` or
`InitVar` fields, no `__post_init__`, no ordering, slots, keyword-only fields or
inheritance between value classes; positional arguments may also be given by keyword
in any order, as with dataclasses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from companion import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, TypeAlias, TypeVar, dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**kwargs: object) -> Callable[[Callable[..., object]], object]:
        """What `typing.dataclass_transform` does at run time, near enough: nothing a
        type checker reads."""
        return lambda decorated: decorated


_MISSING: Any = object()


class Field:
    """One field of a value class: its name, default or default factory, and whether
    `repr` shows it and equality compares it."""

    __slots__ = ("name", "default", "default_factory", "repr", "compare")

    def __init__(
        self,
        default: Any = _MISSING,
        default_factory: Any = _MISSING,
        repr: bool = True,
        compare: bool = True,
    ) -> None:
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.repr = repr
        self.compare = compare


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] = _MISSING,
    repr: bool = True,
    compare: bool = True,
) -> Any:
    """Like `dataclasses.field`, for the options this code base uses."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, repr, compare)


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen value."""


class _DataclassFields:
    """`__dataclass_fields__` on demand, for the functions of `dataclasses`."""

    def __get__(self, obj: Any, owner: type) -> dict[str, Any]:
        import dataclasses

        out: dict[str, Any] = {}
        for f in owner.__value_fields__:  # type: ignore[attr-defined]
            if f.default_factory is not _MISSING:
                d = dataclasses.field(
                    default_factory=f.default_factory, repr=f.repr, compare=f.compare
                )
            elif f.default is not _MISSING:
                d = dataclasses.field(default=f.default, repr=f.repr, compare=f.compare)
            else:
                d = dataclasses.field(repr=f.repr, compare=f.compare)
            d.name = f.name
            d._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
            out[f.name] = d
        return out


class _DataclassParams:
    def __get__(self, obj: Any, owner: type) -> Any:
        import dataclasses

        return dataclasses._DataclassParams(  # type: ignore[attr-defined]
            True,
            True,
            False,
            False,
            False,
            owner.__value_frozen__,  # type: ignore[attr-defined]
        )


_SPECIALIZE_AFTER = 64


def _compiled_init(flds: list[Field], qualname: str) -> Any:
    """The __init__ dataclasses would write for these fields, compiled once (None if a
    field's name would clash with the names it uses)."""
    if any(f.name in ("_self", "_d") or f.name.startswith("_") for f in flds):
        return None
    ns: dict[str, Any] = {"_MISSING": _MISSING}
    params, body = [], []
    for i, f in enumerate(flds):
        if f.default_factory is not _MISSING:
            ns[f"_factory{i}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            body.append(f"    _d[{f.name!r}] = _factory{i}() if {f.name} is _MISSING else {f.name}")
        else:
            if f.default is not _MISSING:
                ns[f"_default{i}"] = f.default
                params.append(f"{f.name}=_default{i}")
            else:
                params.append(f.name)
            body.append(f"    _d[{f.name!r}] = {f.name}")
    src = "def __init__(_self, {}):\n    _d = _self.__dict__\n{}\n".format(
        ", ".join(params), "\n".join(body) or "    pass"
    )
    exec(src, ns)
    fn = ns["__init__"]
    fn.__qualname__ = f"{qualname}.__init__"
    return fn


def _build(cls: type[T], frozen: bool) -> type[T]:
    annotations = cls.__dict__.get("__annotations__", {})
    flds: list[Field] = []
    for name in annotations:
        default = cls.__dict__.get(name, _MISSING)
        f = default if isinstance(default, Field) else Field(default)
        f.name = name
        if isinstance(default, Field):
            if f.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        flds.append(f)
    seen_default = False
    for f in flds:
        has_default = f.default is not _MISSING or f.default_factory is not _MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        seen_default = seen_default or has_default
    names = tuple(f.name for f in flds)
    index = {n: i for i, n in enumerate(names)}
    count = len(names)
    compared = tuple(f.name for f in flds if f.compare)
    fill = tuple(
        (i, f.default, f.default_factory)
        for i, f in enumerate(flds)
        if f.default is not _MISSING or f.default_factory is not _MISSING
    )
    shown = tuple(f.name for f in flds if f.repr)
    qualname = cls.__qualname__

    calls = [0]

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        # A class built many times (a forecast makes ~10^5 values) gets a compiled
        # __init__ as fast as dataclasses' own; the others never pay for compiling one.
        calls[0] += 1
        if calls[0] == _SPECIALIZE_AFTER:
            fast = _compiled_init(flds, qualname)
            if fast is not None:
                type.__setattr__(cls, "__init__", fast)
                fast(self, *args, **kwargs)
                return
        if not kwargs and len(args) == count:  # every field given in order
            self.__dict__.update(zip(names, args, strict=True))
            return
        if len(args) > count:
            raise TypeError(
                f"__init__() takes {count + 1} positional arguments but {len(args) + 1} were given"
            )
        values = list(args) + [_MISSING] * (count - len(args))
        for k, v in kwargs.items():
            i = index.get(k)
            if i is None:
                raise TypeError(f"__init__() got an unexpected keyword argument {k!r}")
            if values[i] is not _MISSING:
                raise TypeError(f"__init__() got multiple values for argument {k!r}")
            values[i] = v
        for i, default, factory in fill:
            if values[i] is _MISSING:
                values[i] = default if factory is _MISSING else factory()
        d = self.__dict__
        for n, v in zip(names, values, strict=True):
            if v is _MISSING:
                raise TypeError(f"__init__() missing 1 required positional argument: {n!r}")
            d[n] = v

    def _key(self: Any) -> tuple[Any, ...]:
        d = self.__dict__
        return tuple(d[n] for n in compared)

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return _key(self) == _key(other)
        return NotImplemented

    def __repr__(self: Any) -> str:
        d = self.__dict__
        inner = ", ".join(f"{n}={d[n]!r}" for n in shown)
        return f"{self.__class__.__qualname__}({inner})"

    __init__.__qualname__ = f"{qualname}.__init__"
    members: dict[str, Any] = {
        "__init__": __init__,
        "__eq__": __eq__,
        "__repr__": __repr__,
        "__match_args__": names,
        "__value_fields__": tuple(flds),
        "__value_frozen__": frozen,
        "__dataclass_fields__": _DataclassFields(),
        "__dataclass_params__": _DataclassParams(),
        "__hash__": None,  # a mutable record is unhashable, as with dataclasses
    }
    if frozen:

        def __hash__(self: Any) -> int:
            return hash(_key(self))

        def __setattr__(self: Any, name: str, value: Any) -> None:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self: Any, name: str) -> None:
            raise FrozenInstanceError(f"cannot delete field {name!r}")

        members.update(__hash__=__hash__, __setattr__=__setattr__, __delattr__=__delattr__)
    for key, member in members.items():
        setattr(cls, key, member)
    return cls


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def frozen(cls: type[T], /) -> type[T]:
    """A frozen value class, as `@dataclass(frozen=True)`."""
    return _build(cls, True)


@dataclass_transform(field_specifiers=(field, Field))
def record(cls: type[T], /) -> type[T]:
    """A mutable record class, as `@dataclass`."""
    return _build(cls, False)


def fields(obj: Any) -> tuple[Field, ...]:
    """The fields of a value class or instance, in order."""
    out: tuple[Field, ...] = obj.__value_fields__
    return out


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of a value with some fields changed, as `dataclasses.replace`."""
    cls = obj.__class__
    old = obj.__dict__
    flds = cls.__value_fields__  # type: ignore[attr-defined]
    # A value's own attributes are its fields, and a copy of them is quicker than reading
    # each (replaying a long game replaces a value per change); a record given another
    # attribute is read field by field.
    d = old.copy() if len(old) == len(flds) else {f.name: old[f.name] for f in flds}
    for k in changes:
        if k not in d:
            raise TypeError(f"__init__() got an unexpected keyword argument {k!r}")
    d.update(changes)
    new = object.__new__(cls)
    new.__dict__.update(d)
    return new


# A string at run time (other modules import the name), the alias for a type checker.
JSON: TypeAlias = "Any"


def freeze(d: Mapping[str, JSON] | None = None) -> Mapping[str, JSON]:
    """A read-only mapping; nested lists become tuples so values stay immutable."""
    return MappingProxyType({k: _freeze_value(v) for k, v in (d or {}).items()})


def _freeze_value(v: JSON) -> JSON:
    if isinstance(v, list | tuple):
        return tuple(_freeze_value(x) for x in v)
    if isinstance(v, Mapping):
        return freeze(v)
    return v


def thaw(v: JSON) -> JSON:
    """Plain JSON-ready data from frozen values."""
    if isinstance(v, Mapping):
        return {k: thaw(x) for k, x in v.items()}
    if isinstance(v, tuple | list):
        return [thaw(x) for x in v]
    return v


def thawed(obj: object, *names: str) -> dict[str, JSON]:
    """The fields `names` of a value, JSON-ready (`thaw`), keyed and ordered by name."""
    return {n: thaw(getattr(obj, n)) for n in names}
