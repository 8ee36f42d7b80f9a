"""The luck tally finds whose side a roll is on as `side_of` does, reading the names once
per state of the fighters and sides."""

from __future__ import annotations

from companion import systems
from companion.game.state import replace_fighter
from companion.report.luck import Tally, side_of


def test_the_tally_finds_the_side_that_side_of_finds() -> None:
    system = systems.get("1ss")
    state = system.new_game(system.sample_rosters(), system.scenarios()[0].id, {})
    tally = Tally()
    names = [f.name for f in state.fighters] + [s.name for s in state.sides]
    for who in [*names, " robyn ", "ROBYN", "nobody", ""]:
        assert tally._side_of(state, who) == side_of(state, who), who
    first = state.fighters[0]
    renamed = replace_fighter(state, first.id, name="Marian")
    assert tally._side_of(renamed, "Marian") == first.side == side_of(renamed, "Marian")
    assert tally._side_of(renamed, first.name) == side_of(renamed, first.name)
