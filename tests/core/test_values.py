"""Value classes behave like the dataclasses they replace."""

from __future__ import annotations

import dataclasses

import pytest

from companion.values import FrozenInstanceError, field, fields, frozen, record, replace


@frozen
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    extra: list[int] = field(default_factory=list, repr=False)


@dataclasses.dataclass(frozen=True)
class DPoint:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    extra: list[int] = dataclasses.field(default_factory=list, repr=False)


@record
class Box:
    items: list[int] = field(default_factory=list)
    label: str | None = None


def test_construction_defaults_and_factories() -> None:
    p = Point(1)
    assert (p.x, p.y, p.tags, p.extra) == (1, 0, (), [])
    assert Point(1, 2, ("a",)).tags == ("a",)
    assert Point(y=3, x=4) == Point(4, 3)
    assert Point(1).extra is not Point(1).extra  # a fresh dict each time
    assert Point.y == 0  # a plain default stays a class attribute, as with dataclasses
    assert "extra" not in Point.__dict__


def test_bad_arguments_are_type_errors() -> None:
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, 2, (), {}, 5)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, z=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, x=2)  # type: ignore[misc]


def test_equality_hash_and_repr_match_dataclasses() -> None:
    for args in [(1,), (1, 2), (1, 2, ("a", "b"))]:
        ours, theirs = Point(*args, extra=()), DPoint(*args, extra=())  # type: ignore[arg-type]
        assert hash(ours) == hash(theirs)
        assert repr(ours) == repr(theirs).replace("DPoint", "Point")
        assert ours == Point(*args, extra=())  # type: ignore[arg-type]
        assert ours != theirs  # different classes never compare equal
    assert Point(1) != Point(2)
    assert len({Point(1, extra=()), Point(1, extra=()), Point(2, extra=())}) == 2  # type: ignore[arg-type]


def test_frozen_values_refuse_assignment() -> None:
    p = Point(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del p.x  # type: ignore[misc]
    with pytest.raises(AttributeError):  # as dataclasses.FrozenInstanceError is
        p.y = 1  # type: ignore[misc]


def test_records_are_mutable_and_unhashable() -> None:
    b = Box()
    b.items.append(1)
    b.label = "x"
    assert b == Box([1], "x")
    assert repr(b) == "Box(items=[1], label='x')"
    with pytest.raises(TypeError):
        hash(b)


def test_replace_and_fields() -> None:
    p = Point(1, 2, extra=[1])
    q = replace(p, y=5)
    assert (q.x, q.y, q.extra) == (1, 5, [1])
    assert p.y == 2
    with pytest.raises(TypeError):
        replace(p, z=1)
    assert [f.name for f in fields(p)] == ["x", "y", "tags", "extra"]
    assert [f.name for f in fields(Point)] == ["x", "y", "tags", "extra"]


def test_the_dataclasses_functions_work_on_values() -> None:
    p = Point(1, 2)
    assert dataclasses.is_dataclass(p)
    assert dataclasses.replace(p, x=9) == Point(9, 2)
    assert [f.name for f in dataclasses.fields(p)] == ["x", "y", "tags", "extra"]
    assert dataclasses.asdict(p) == {"x": 1, "y": 2, "tags": (), "extra": []}


def test_match_patterns_use_the_fields_in_order() -> None:
    match Point(1, 2):
        case Point(a, b):
            assert (a, b) == (1, 2)
        case _:  # pragma: no cover
            pytest.fail("no match")


def test_a_field_without_default_after_one_with_is_refused() -> None:
    with pytest.raises(TypeError):

        @frozen
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]


def test_a_class_built_often_gets_a_compiled_init_that_behaves_the_same() -> None:
    @frozen
    class Often:
        a: int
        b: int = 2
        c: list[int] = field(default_factory=list)

    generic = Often.__init__
    made = [Often(i) for i in range(100)]
    assert Often.__init__ is not generic  # compiled after enough instances
    assert made[99] == Often(99, 2, [])
    assert Often(1, c=[3]) == Often(a=1, b=2, c=[3])
    assert Often(1).c is not Often(1).c
    with pytest.raises(TypeError):
        Often()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Often(1, d=2)  # type: ignore[call-arg]
    with pytest.raises(FrozenInstanceError):
        made[0].a = 5  # type: ignore[misc]
