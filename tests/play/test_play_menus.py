"""Menus offer only what is legal for that fighter now, as its rule system answers
(`actions_for`), and play does not ask what the state already answers (`known`)."""

from __future__ import annotations

from companion import systems
from companion.dice import SeededDice
from companion.game.events import Event, apply_event, set_fighter, set_game
from companion.game.state import GameState
from companion.play import phase as ph
from companion.systems.one_stat import fighters as fx
from companion.systems.records import Question


def _game(sid: str) -> tuple[object, GameState]:
    system = systems.get(sid)
    state = system.new_game(list(system.sample_rosters())[:2], system.default_scenario, {})
    setup = system.setup_roll(state, SeededDice(1))
    if setup is not None:
        state = apply_event(state, Event("setup", "", setup.changes))
    state = apply_event(state, Event("turn", "", system.next_turn(state, SeededDice(2)).changes))
    return system, state


def _acting(state: GameState, name: str, *flags: tuple[str, object]) -> GameState:
    f = next(x for x in state.fighters if x.name == name)
    changes = [set_game("active", f.id)] + [set_fighter(f.id, f"flags.{k}", v) for k, v in flags]
    return apply_event(state, Event("override", "", tuple(changes)))


def _menu(system, state: GameState, name: str) -> list[str]:
    return ph.legal_actions(system, state, next(f for f in state.fighters if f.name == name))


def _ranged(system, state: GameState, name: str):
    f = next(x for x in state.fighters if x.name == name)
    fact = system.declared_actions()["attack"].fact("ranged")
    return system.known(Question(state, f, fact, {}, None))


def test_warstuff_a_unit_without_a_shooter_is_offered_melee_only_after_running():
    system, state = _game("warstuff")
    st = _acting(state, "Orc Warrior")
    assert _menu(system, st, "Orc Warrior") == ["hold", "walk", "run", "morale", "dangerous"]
    ran = _acting(state, "Orc Warrior", ("action", "run"))
    assert _menu(system, ran, "Orc Warrior") == ["attack", "morale", "dangerous"]
    assert _ranged(system, ran, "Orc Warrior") is False  # melee, not asked
    held = _acting(state, "Orc Warrior", ("action", "hold"))
    assert "attack" not in _menu(system, held, "Orc Warrior")


def test_warstuff_a_shooter_shoots_after_hold_or_walk_and_a_stunned_unit_only_recovers():
    system, state = _game("warstuff")
    st = _acting(state, "Dwarf Rifleman", ("action", "walk"))
    assert _menu(system, st, "Dwarf Rifleman") == ["attack", "morale", "dangerous"]
    assert _ranged(system, st, "Dwarf Rifleman") is True  # a shot, not asked
    stunned = _acting(state, "Dwarf Rifleman", ("stunned", True))
    assert _menu(system, stunned, "Dwarf Rifleman") == ["recover"]
    done = _acting(state, "Dwarf Rifleman", ("action", "walk"), ("attacked", True))
    assert "attack" not in _menu(system, done, "Dwarf Rifleman")


def test_1ss_a_fighter_without_a_shooter_is_not_asked_whether_it_shoots():
    system, state = _game("1ss")
    assert _ranged(system, state, "T-999") is False
    assert _ranged(system, state, "Robyn") is None  # longbow and sword: the table says


def test_1ss_a_shooter_without_a_melee_weapon_is_not_asked_either():
    """Cpt. Fawkes carries only shooters: no melee for him (R-1SS-P08), so he shoots."""
    system, state = _game("1ss")
    f = next(x for x in state.fighters if x.name == "Cpt. Fawkes")
    assert not fx.melee_weapons(system.data, f) and fx.shooters(system.data, f)
    assert _ranged(system, state, "Cpt. Fawkes") is True


def test_a_fighter_is_not_offered_a_skill_it_lacks():
    system, state = _game("1ss")
    st = _acting(state, "Rabbit with bow")  # an Allrounder: a passive skill only
    assert "skill" not in _menu(system, st, "Rabbit with bow")


def test_any_smbfat_figure_may_make_a_skill_roll():
    # A skill roll is any non-combat task (open a door, work a machine), with or without
    # a trait: a plain Rifleman is offered it too.
    system, state = _game("smbfat")
    for name in ("Rifleman", "Sniper"):
        assert "skill" in _menu(system, _acting(state, name), name)
