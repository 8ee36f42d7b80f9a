"""Named options for two readings: training initiative (R-1SS-P24) and wounds after
Recover (R-1SS-P25)."""

from __future__ import annotations

from companion import systems
from companion.dice import TypedDice
from companion.game.events import apply_event
from companion.game.repo import event_for
from companion.game.state import GameState, replace_fighter
from tests.onestat_helpers import attack, fighter, game, resolve

S = systems.get("1ss")


def _turn(state: GameState, *dice: int):
    o = S.next_turn(state, TypedDice(dice))
    return o, apply_event(state, event_for(o.kind, o.summary, o.changes, state))


def _bosses_down(options: dict) -> GameState:
    s = S.new_game(list(S.sample_rosters()), "training", options)
    _, s = _turn(s, 3, 9)
    for boss in ("robyn", "cpt-fawkes"):
        s = replace_fighter(s, boss, status="wounded", wounds=1)
    return s


def test_later_training_turns_roll_the_highest_upright_fighters_die():
    o, _ = _turn(_bosses_down({}), 3, 7)
    assert [st.roll.sides for st in o.trace.steps if st.roll] == [8, 8]
    assert "R-1SS-P24" in " ".join(n for st in o.trace.steps for n in st.notes)


def test_option_rolls_a_d10_every_training_turn():
    opts = S.accept_game_options({"training_d10": "yes"})
    o, _ = _turn(_bosses_down(opts), 3, 10)
    assert [st.roll.sides for st in o.trace.steps if st.roll] == [10, 10]


def _stood_up(options: dict):
    st = game(fighter("ann", 0), fighter("bob", 1, status="wounded", wounds=1), active="bob")
    st = st.__class__(**{**st.__dict__, "options": options})
    _, st = resolve(st, "recover", "bob", None, [8])
    return st


def test_recover_heals_the_wound_by_default():
    st = _stood_up({})
    assert st.fighter("bob").wounds == 0
    st = game(*st.fighters, active="ann")
    _, st = attack(st, "ann", "bob", [1, 2])
    assert st.fighter("bob").status == "wounded"


def test_option_keeps_the_wound_so_the_next_takes_it_out():
    st = _stood_up({"recover_keeps_wound": True})
    assert st.fighter("bob").status == "upright" and st.fighter("bob").wounds == 1
    st = game(*st.fighters, active="ann")
    st = st.__class__(**{**st.__dict__, "options": {"recover_keeps_wound": True}})
    _, st = attack(st, "ann", "bob", [1, 2])
    assert st.fighter("bob").out


def test_rulings_and_options_are_listed(run):
    r = run("rules", "rulings", "1ss")
    assert r.code == 0
    for rid in [f"R-1SS-P{n}" for n in range(16, 28)]:
        assert rid in r.out, rid
