"""A new game of a scenario the system does not have is refused in one line that lists
the scenarios it has (the check the plug-ins share)."""

from __future__ import annotations

import pytest

from companion import systems
from companion.errors import UsageError


@pytest.mark.parametrize(
    ("system_id", "words"),
    [
        ("warstuff", "unknown WarStuff scenario 'picnic'; use one of "),
        ("skirmashed", "unknown SKIRMASHED scenario 'picnic'; use one of "),
        ("smbfat", "unknown scenario 'picnic'; use one of "),
    ],
)
def test_an_unknown_scenario_is_refused_with_those_known(system_id: str, words: str) -> None:
    system = systems.get(system_id)
    rosters = list(system.sample_rosters())[:2]
    with pytest.raises(UsageError) as err:
        system.new_game(rosters, "picnic", {})
    known = ", ".join(s.id for s in system.scenarios())
    assert str(err.value) == words + known
