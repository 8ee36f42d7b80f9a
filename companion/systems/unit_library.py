"""A library of ready-made units as a capability a rule system may bring (WarStuff's
quickplay units), reached through `RuleSystem.unit_library` (None for a system without
one): `companion units` browses it and `roster add-unit` copies from it.

A genre has `id`, `label` and `units`; a unit has `name`, `quality`, `rules` and its
`listed` cost: the system's own values, which the commands read and hand back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from companion.roster import Roster, RosterFighter

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any


class UnitLibrary(ABC):
    @abstractmethod
    def genres(self) -> Sequence[Any]:
        """Every genre, with its units."""

    @abstractmethod
    def find_genre(self, name: str) -> Any:
        """A genre by id, alias or label (a unique prefix is enough)."""

    @abstractmethod
    def find_unit(self, name: str, genre: str | None = None) -> Any:
        """A unit by name (or unique prefix), within one genre when given."""

    @abstractmethod
    def unit_fighter(self, unit: Any, taken: list[str], name: str | None = None) -> RosterFighter:
        """The unit as a roster fighter, named apart from the names `taken`."""

    @abstractmethod
    def unit_cost(self, unit: Any) -> int:
        """The unit's cost as the rules compute it (it may differ from the listed one)."""

    @abstractmethod
    def rule_label(self, rule: str) -> str:
        """How a special rule of a unit is shown."""

    @abstractmethod
    def roster_total(self, roster: Roster) -> tuple[int, int]:
        """(points spent, the roster's limit)."""

    @abstractmethod
    def limit_hint(self, roster: str, total: int) -> str:
        """How a roster of `total` points could be let over its limit, in words."""
