"""The solo data file is validated on load; errors name the file and the key."""

from __future__ import annotations

import copy

import pytest

from companion.data import load_toml
from companion.errors import DataError
from companion.systems.kit import rules_file
from companion.systems.one_stat.solo import data as solo_data


@pytest.fixture
def broken(monkeypatch):
    raw = copy.deepcopy(dict(load_toml(solo_data.FILE)))

    def use(mutate):
        d = copy.deepcopy(raw)
        mutate(d)
        monkeypatch.setattr(
            rules_file, "load_toml", lambda name: d if name == solo_data.FILE else load_toml(name)
        )
        solo_data.load.cache_clear()
        return d

    yield use
    solo_data.load.cache_clear()


def test_the_shipped_file_loads():
    d = solo_data.load()
    assert set(d.scenarios) >= {"skirmish", "bounty", "collect", "shutdown"}
    assert sorted(e.roll for e in d.events.values()) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["profiles"]["undead"].update(rookie=9),
            "profiles.undead.rookie: 9 is outside 1..6",
        ),
        (
            lambda d: d["profiles"]["undead"].update(specialization="juggler"),
            "profiles.undead.specialization",
        ),
        (
            lambda d: d["scenarios"]["bounty"].update(win=["dance"]),
            "scenarios.bounty.win: unknown objective",
        ),
        (lambda d: d["scenarios"]["collect"].update(tokens=["gold"]), "scenarios.collect.tokens"),
        (lambda d: d["setups"]["hangman"].update(profile="pirates"), "setups.hangman.profile"),
        (lambda d: d["events"]["rover"].update(roll=1), "events need one entry for each D6 face"),
        (lambda d: d["solo"].update(colour="red"), "solo: unknown key 'colour'"),
    ],
)
def test_errors_name_file_and_key(broken, mutate, message):
    broken(mutate)
    with pytest.raises(DataError) as e:
        solo_data.load()
    assert str(e.value).startswith("1ss_solo.toml: ")
    assert message in str(e.value)
