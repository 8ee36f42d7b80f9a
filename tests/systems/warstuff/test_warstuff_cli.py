"""WarStuff end to end: library, rosters, a game with rounds, attacks, odds and concede."""

from __future__ import annotations

import json
import random

from warstuff_helpers import WS, apply

from companion.dice import SeededDice
from companion.errors import CompanionError
from companion.game.state import GameState, freeze
from companion.systems.base import ActionRequest


def setup_game(run):
    assert run("roster", "new", "Orcs", "--system", "warstuff").code == 0
    assert run("roster", "add-unit", "Orcs", "Orc Warrior", "--count", "2").code == 0
    assert run("roster", "add-unit", "Orcs", "Wizard").code == 0
    assert run("roster", "new", "Dwarves", "-s", "warstuff").code == 0
    assert run("roster", "add-unit", "Dwarves", "Dwarf Rifleman").code == 0
    r = run(
        "roster",
        "add",
        "Dwarves",
        "Thorin",
        "-r",
        "unit",
        "--stat",
        "3",
        "--skill",
        "Shooter (Long)",
        "--skill",
        "tough",
    )
    assert r.code == 0, r.err
    r = run("game", "new", "-r", "Orcs", "-r", "Dwarves", "--scenario", "skirmish", "--json")
    assert r.code == 0, r.err
    return r.json()


def test_units_by_genre(run):
    r = run("units", "warstuff", "--genre", "fantasy", "--json")
    assert r.code == 0
    rows = r.json()["items"]
    assert len(rows) == 20
    wizard = next(x for x in rows if x["name"] == "Wizard")
    assert (wizard["listed"], wizard["computed"], wizard["difference"]) == (50, 45, -5)
    text = run("units", "warstuff", "--genre", "dinos").out
    assert "T-Rex" in text and "85" in text
    assert len(run("units", "ws", "--json").json()["items"]) == 98


def test_units_errors(run):
    assert run("units", "1ss").code != 0
    r = run("units", "warstuff", "--genre", "westerns")
    assert r.code != 0 and "genre" in r.err


def test_add_unit_and_options(run):
    run("roster", "new", "Knights", "-s", "warstuff")
    r = run("roster", "add-unit", "Knights", "Knight")
    assert r.code != 0 and "--genre" in r.err
    r = run("roster", "add-unit", "Knights", "Knight", "--genre", "medieval", "--count", "6")
    assert r.code == 1 and "180 pts, over its limit of 150 pts; nothing was added" in r.err
    assert run("roster", "show", "Knights", "--json").json()["fighters"] == []
    args = ("Knights", "Knight", "--genre", "medieval", "--count", "6", "--over-limit")
    r = run("roster", "add-unit", *args)
    assert r.code == 0 and "180/150" in r.out and "error" in r.out
    assert run("roster", "check", "Knights").code == 1
    assert run("roster", "option", "Knights", "points=300").code == 0
    assert run("roster", "check", "Knights").code == 0
    assert run("roster", "option", "Knights", "points=250").code == 2
    assert run("roster", "option", "Knights", "colour=red").code == 2
    shown = run("roster", "show", "Knights", "--json").json()
    assert shown["options"] == {"points": 300}
    assert shown["fighters"][1]["name"] == "Knight 2"


def test_a_game_round_by_round(run):
    board = setup_game(run)
    assert board["system"] == "warstuff"
    r = run("turn", "--dice", "2,5", "--json")  # Dwarves win the roll-off
    assert r.code == 0, r.err
    assert run("status", "--json").json()["next_side_name"] == "Dwarves"
    assert run("activate", "Orc Warrior").code == 1  # not their go
    assert run("activate", "Thorin").code == 0
    assert run("act", "Thorin", "walk").code == 0
    r = run("odds", "Thorin", "Wizard", "--range", "20", "--json")
    odds = {o["text"]: o["p"]["fraction"] for o in r.json()["odds"]}
    # Q3 against Q2 hits on 3+ (2/3); the kill roll beats 2 on 3+ (2/3).
    assert odds == {"Wizard: killed": "4/9", "Wizard: wounded": "2/9", "Wizard: no effect": "1/3"}
    r = run("attack", "Thorin", "Wizard", "--range", "20", "--dice", "4,3", "--json")
    assert r.code == 0, r.err
    assert run("attack", "Thorin", "Wizard", "--range", "20", "--dice", "4,3").code == 1
    wiz = [
        f
        for s in run("status", "--json").json()["sides"]
        for f in s["fighters"]
        if f["name"] == "Wizard"
    ][0]
    assert wiz["status"] == "out"
    # The Orcs answer; a Run charge and a melee attack (Thorin is Tough).
    assert run("activate", "Orc Warrior 2").code == 0
    assert run("act", "Orc Warrior 2", "run", "Thorin").code == 0
    r = run("attack", "Orc Warrior 2", "Thorin", "--dice", "5,2,1")
    assert r.code == 0, r.err
    assert 'move it back 1"' in r.out
    assert run("undo").code == 0
    assert run("attack", "Orc Warrior 2", "Thorin", "--dice", "5,5").code == 0


def test_bad_options_are_refused_without_writing(run):
    setup_game(run)
    run("turn", "--dice", "5,2")
    run("activate", "Orc Warrior")
    before = len(run("log", "--json").json()["items"])
    assert run("attack", "Orc Warrior", "Thorin", "--opt", "band=short").code == 2
    assert run("attack", "Orc Warrior", "Thorin", "--opt", "ganging=1").code == 2
    assert run("attack", "Orc Warrior", "Thorin", "--opt", "laser=1").code == 2
    assert run("attack", "Orc Warrior", "Thorin", "--ranged").code == 1  # no Shooter rule
    assert len(run("log", "--json").json()["items"]) == before


def test_concede_ends_the_game(run):
    setup_game(run)
    run("turn", "--dice", "5,2")
    r = run("concede", "Dwarves", "--json")
    assert r.code == 0, r.err
    assert r.json()["announcements"]
    status = run("status", "--json").json()
    assert status["phase"] == "ended" and "Orcs win" in status["result"]
    assert run("concede", "Orcs").code == 1


def test_rules_lookups(run):
    r = run("rules", "show", "warstuff", "tough", "--json")
    assert r.code == 0 and r.json()["items"][0]["label"].startswith("Tough")
    r = run("rules", "rulings", "warstuff", "--json")
    ids = {x["id"] for x in r.json()["items"]} if r.code == 0 else set()
    assert {"R-WS-01", "R-WS-02", "R-WS-03", "R-WS-P01"} <= ids


def test_seeded_simulation_keeps_the_invariants():
    """Play the sample warbands with seeded dice until the game ends (or 30 rounds)."""
    for seed in range(8):
        rng = random.Random(seed)
        state = WS.new_game(WS.sample_rosters(), "skirmish", {})
        dice = SeededDice(seed)
        for _ in range(30):
            state = apply(state, WS.next_turn(state, dice))
            assert all(not f.token for f in state.fighters)
            while state.phase != "ended":
                side = WS.next_side(state)
                if side is None:
                    break
                ready = [f for f in state.side_fighters(side) if not f.token and not f.out]
                f = rng.choice(ready)
                state = apply(state, WS.activate(state, f.id))
                if f.flags.get("stunned"):
                    state = apply(state, WS.resolve(state, ActionRequest("recover", f.id), dice))
                    continue
                enemies = [e for e in state.fighters if e.side != side and not e.out]
                target = rng.choice(enemies)
                ranged = any(s.startswith("shooter-") for s in f.skills) and rng.random() < 0.7
                opts = {"ranged": True, "range": rng.randint(1, 24)} if ranged else {}
                try:
                    o = WS.resolve(
                        state, ActionRequest("attack", f.id, target.id, freeze(opts)), dice
                    )
                except CompanionError:
                    continue  # out of range: the unit holds
                state = apply(state, o)
                for x in state.fighters:
                    assert x.wounds >= 0
                    assert not (x.out and x.flags.get("stunned"))
            assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
            if state.phase == "ended":
                break
        assert state.phase == "ended", seed
        assert "win" in (state.result or "") or "draw" in (state.result or "")


def test_game_limit_is_checked_when_the_game_starts(run):
    setup_game(run)
    run("roster", "new", "Big", "-s", "warstuff")
    run("roster", "add-unit", "Big", "Dragon", "--count", "2", "--over-limit")
    r = run("game", "new", "-r", "Big", "-r", "Orcs", "--scenario", "skirmish")
    assert r.code == 2 and "190 pts" in r.err
    run("roster", "option", "Big", "points=300")
    r = run("game", "new", "-r", "Big", "-r", "Orcs", "--scenario", "skirmish", "--json")
    assert r.code == 0, r.err
    assert "Points limit 300" in r.json()["notes"]


def test_concede_works_in_other_systems(demo):
    r = demo("concede", "2", "--json")
    assert r.code == 0, r.err
    assert demo("status", "--json").json()["phase"] == "ended"


def test_attack_json_carries_the_trace_with_odds(run):
    setup_game(run)
    run("turn", "--dice", "5,2")
    run("activate", "Wizard")
    r = run("attack", "Wizard", "Thorin", "--ranged", "--range", "18", "--dice", "6,1,2,3,4")
    assert r.code == 0, r.err
    assert "Fire" in r.out
    r = run("log", "--json")
    trace = r.json()["items"][-1]["trace"]
    assert trace["odds"] and trace["steps"][1]["title"] == "To hit"
    assert trace["steps"][1]["probability"]["fraction"] == "1/3"


def test_set_state_takes_the_systems_own_states(run):
    setup_game(run)
    r = run("set", "wizard", "--state", "wounded")
    assert r.code == 2 and "not one of upright, out" in r.err


def test_any_action_gives_its_odds_from_its_resolution_and_writes_nothing(run):
    from fractions import Fraction

    from brute_force import resolved

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home
    from companion.systems.base import ActionRequest

    setup_game(run)
    run("turn", "--dice", "5,2")
    run("activate", "Orc Warrior")
    before = run("log", "--json").out
    state = Home(draw=drawn_board).open_game(None).state
    orc = next(f for f in state.fighters if f.name == "Orc Warrior")
    want = resolved(WS, state, ActionRequest("morale", orc.id), lambda o: o.summary)
    got = run("act", "Orc Warrior", "morale", "--odds", "--json").json()
    assert {o["text"]: Fraction(o["p"]["fraction"]) for o in got["odds"]} == want
    assert len(want) > 1 and sum(want.values()) == 1
    text = run("act", "Orc Warrior", "morale", "--odds").out
    assert "Odds: Orc Warrior: Morale test" in text and "Odds before the dice" not in text
    refused = run("act", "Orc Warrior", "morale", "--odds", "--dice", "4")
    assert refused.code == 2 and "--odds rolls nothing" in refused.err
    assert run("log", "--json").out == before


def test_a_leader_rolls_three_command_dice_however_many_units_it_asks_for(run):
    # R-WS-P12: the Leader rule rolls three dice; units=N only caps the 4+s used.
    run("roster", "new", "Orcs", "-s", "warstuff")
    run("roster", "add-unit", "Orcs", "Orc Warrior", "--count", "2")
    boss = ("Boss", "-r", "unit", "--stat", "3", "--skill", "leader")
    assert run("roster", "add", "Orcs", *boss).code == 0
    run("roster", "new", "Dwarves", "-s", "warstuff")
    run("roster", "add-unit", "Dwarves", "Dwarf Rifleman")
    assert run("game", "new", "-r", "Orcs", "-r", "Dwarves", "--scenario", "skirmish").code == 0
    assert run("turn", "--dice", "5,2").code == 0  # the Orcs go first
    assert run("activate", "Boss").code == 0
    # Asking for one unit still takes three dice: one typed die is not enough.
    r = run("act", "Boss", "command", "--opt", "units=1", "--dice", "5")
    assert r.code == 2 and "2 more D6 needed" in r.err
    # Two units are both commanded on two 4+ of three dice: 4 of 8 (two dice would give 1/4).
    r = run("act", "Boss", "command", "--opt", "units=2", "--odds", "--json").json()
    odds = {o["text"]: o["p"]["fraction"] for o in r["odds"]}
    assert odds == {
        "Boss commands: 2 units may activate now": "1/2",
        "Boss commands: 1 unit may activate now": "3/8",
        "Boss commands: 0 units may activate now": "1/8",
    }
    # The chance of the roll is that of at least one 4+ on three dice, whatever the cap.
    r = run("act", "Boss", "command", "--opt", "units=1", "--odds")
    assert "1 unit may activate now  (chance 87.5% (7/8))" in r.out
    r = run("act", "Boss", "command", "--opt", "units=1", "--dice", "5,6,1")
    assert r.code == 0, r.err
    said = " ".join(r.out.split())  # as wrapped at the terminal's width
    assert "rolls 3D6 → 5 6 1; needs at or above 4 → 2 of 3 dice at 4+: 1 unit may act" in said
    assert "(chance 87.5% (7/8)) [R-WS-P12]" in said
    assert "1 of the 2 4+s used: at most 1 asked for (units=1)" in said
    sides = run("status", "--json").json()["sides"]
    assert sides[0]["flags"]["commanded"] == 1
