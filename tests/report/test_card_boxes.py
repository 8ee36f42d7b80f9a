"""The boxes a printed card gives a fighter to tick, checked against what the rules let a
fighter take: WarStuff's wounds up to its Quality, none for SMBFAT (a hit defeats), a box a
point of Stamina in SKIRMASHED."""

from __future__ import annotations

import pytest
import smbfat_helpers as smb
import warstuff_helpers as ws

from companion import systems
from companion.dice import TypedDice
from companion.game.state import freeze
from companion.report.cards import roster_cards
from companion.roster import Roster, RosterFighter


def _boxes(system_id: str, *fighters: RosterFighter) -> list[dict[str, int]]:
    sheet = roster_cards(systems.get(system_id), Roster("Band", system_id, fighters))
    return [dict(c.ticks) for c in sheet.cards]


@pytest.mark.parametrize("quality", [1, 2, 3, 4, 5])
def test_a_warstuff_card_has_a_wound_box_for_each_wound_the_kill_roll_lets_it_carry(quality):
    [boxes] = _boxes("warstuff", ws.unit("Def", quality))
    assert boxes == {"Activated": 1, "Wounds": quality}
    # R-WS-02: one wound short of its Quality, a kill roll of 1 leaves it standing with
    # every box ticked; with every box ticked, the same 1 kills it: no box is ever missing
    # and none is left that could not be ticked.
    s = ws.game([ws.unit("Att", 5)], [ws.unit("Def", quality)], active="att")
    short = ws.set_unit(s, "def", wounds=quality - 1)
    hit_then_one = [6, 1]  # a 6 hits any Quality; then a kill roll of 1
    full = ws.apply(short, ws.WS.resolve(short, ws.attack("att", "def"), TypedDice(hit_then_one)))
    assert not full.fighter("def").out and full.fighter("def").wounds == quality
    ticked = ws.set_unit(s, "def", wounds=quality)  # a fresh attack on a full card
    killing = ws.WS.resolve(ticked, ws.attack("att", "def"), TypedDice(hit_then_one))
    assert ws.apply(ticked, killing).fighter("def").out


@pytest.mark.parametrize("kind", sorted(smb.D.types))
@pytest.mark.parametrize("traits", [(), ("armor",)])
def test_an_smbfat_card_has_no_damage_box_as_one_hit_defeats_any_figure(kind, traits):
    [boxes] = _boxes("smbfat", smb.fig("Y", kind, *traits))
    assert boxes == {"Activated": 1}
    state = smb.game([smb.fig("X", "elite")], [smb.fig("Y", kind, *traits)], active="x")
    hit = smb.roll(state, smb.req("attack", "x", "y"), 6, 6)
    assert smb.apply(state, hit).fighter("y").out  # one hit, and the figure is gone


def test_a_skirmashed_card_has_a_damage_box_a_point_of_stamina():
    stats = {"manoeuvre": 4, "firepower": 4, "boom": 4, "fight": 4, "hack": 4}
    short = RosterFighter("Short", "fighter", freeze({**stats, "stamina": 6}))
    long = RosterFighter("Long", "fighter", freeze({**stats, "stamina": 14}))
    assert _boxes("skirmashed", short, long) == [
        {"Activated": 1, "Damage": 6},
        {"Activated": 1, "Damage": 14},
    ]
