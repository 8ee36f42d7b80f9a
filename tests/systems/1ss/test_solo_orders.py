"""A solo evening: every walk of the OpFor procedure ends in orders.

An engaged fighter's move costs its second action (R-1SS-S20, R-1SS-P17); a prone
fighter's Recover is the procedure's own roll (R-1SS-S21); an attack the rules refuse
leaves orders without it (R-1SS-S22); `solo opfor` asks each missing fact at a
terminal and names them all at once in a script. Driven through the real CLI with
typed dice, unless a test says otherwise.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import replace

import pytest
from ptydrive import PtyProcess, companion

from companion import systems
from companion.dice import SeededDice, TypedDice
from companion.systems.one_stat.solo import guide
from companion.systems.one_stat.solo.opfor import Facts, walk
from tests.solo_helpers import PLAYERS, opfor, solo_state, warband_file, with_fighters

# Five 1s: a boss and a specialist at spawnpoint 1; a single 6: a rookie at 6.
SPAWN = "1,1,2,2,3,3,4,4,5,5,6,6,1,1,1,1,1,6"


def start(run, tmp_path, *args):
    """A solo game (`solo new` with `args`) at the OpFor's turn: turn 1 counted, your
    fighters all activated."""
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    r = run("solo", "new", "-r", "Outlaws", *args)
    assert r.code == 0, r.err
    assert run("turn").code == 0
    for name in PLAYERS:
        assert run("activate", name).code == 0
    return run


@pytest.fixture
def grunts(run, tmp_path):
    """Default profile: Captain 1 (boss, Command), Sergeant 1 and Grunt 1, all melee."""
    return start(run, tmp_path, "--dice", SPAWN)


@pytest.fixture
def soldiers(run, tmp_path):
    """Soldiers: Lieutenant 1 (boss) and Marksman 1 with medium shooters, Trooper 1 (a
    rookie: his shooter is light, R-1SS-02); no melee weapon among them."""
    return start(run, tmp_path, "-p", "soldiers", "--dice", SPAWN)


def opfor_json(run, *args):
    r = run("solo", "opfor", *args, "--json")
    assert r.code == 0, r.err
    return r.json()


def fighter(run, name):
    b = run("status", "--json").json()
    return next(f for s in b["sides"] for f in s["fighters"] if f["name"] == name)


def steps(out, i=0):
    return out["events"][i]["trace"]["steps"]


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- 1. an engaged fighter's two actions -----------------------------------------------


def test_an_engaged_melee_fighter_in_the_open_stands_and_fights(grunts):
    # Grunt 1's D6 shows 1 (a hit at stat 3); Will's 4 is above his 3: defended.
    out = opfor_json(
        grunts, "Grunt 1", "--can-attack", "--in-open", "--engaged", "--target", "Will",
        "--dice", "1,4",
    )  # fmt: skip
    assert out["branch"] == "stand-and-fight"
    assert out["instruction"].startswith(
        "stay where it stands and attack Will in melee, the closest of your fighters"
    )
    assert "R-1SS-S20" in out["instruction"]
    assert out["request"]["options"]["ranged"] is False
    assert [e["kind"] for e in out["events"]] == ["opfor", "attack"]
    # No move came first, so the attack is its second and last action (R-1SS-P16).
    attack = [s["outcome"] for s in steps(out, 1)]
    assert any("uses Grunt 1's 2nd action (0 left)" in s for s in attack)
    assert fighter(grunts, "Grunt 1")["flags"]["did"] == ["stay", "attack"]


def test_an_engaged_shooter_in_the_open_moves_to_cover_and_does_not_shoot(soldiers):
    out = opfor_json(soldiers, "Lieutenant 1", "--can-attack", "--in-open", "--engaged")
    assert out["branch"] == "break-free"
    assert out["instruction"] == (
        "move to the nearest cover; leaving your fighter within 1 step breaks free and "
        "costs its second action (R-1SS-P17): no attack this activation"
    )
    assert out["request"] is None
    assert [e["kind"] for e in out["events"]] == ["opfor"]  # no shot
    actions = next(s for s in steps(out) if s["title"] == "Actions")
    assert "breaks free" in actions["outcome"] and "R-1SS-P17" in actions["rulings"]
    assert fighter(soldiers, "Lieutenant 1")["flags"]["actions"] == 0
    # The shot is refused afterwards too: its activation has no action left.
    r = soldiers("attack", "Lieutenant 1", "Will", "--range", "5", "--dice", "1,1")
    assert r.code == 1 and "no action left" in r.err


def test_not_engaged_the_shooter_moves_to_cover_then_shoots(soldiers):
    # Marksman 1's D8 shows 1; Will's D6 shows 6: defended.
    out = opfor_json(
        soldiers, "Marksman 1", "--can-attack", "--in-open", "--no-engaged", "--target", "Will",
        "--range", "7", "--dice", "1,6",
    )  # fmt: skip
    assert out["branch"] == "cover-then-attack"
    assert [e["kind"] for e in out["events"]] == ["opfor", "attack"]


def test_in_cover_engagement_is_not_asked_and_changes_nothing(grunts):
    out = opfor_json(
        grunts, "Grunt 1", "--can-attack", "--in-cover", "--target", "Will", "--dice", "1,4"
    )
    assert out["branch"] == "attack-from-cover"
    out = opfor_json(
        grunts, "Sergeant 1", "--can-attack", "--in-cover", "--engaged", "--target", "Will",
        "--dice", "6",
    )  # fmt: skip
    assert out["branch"] == "attack-from-cover"
    engaged = next(s for s in steps(out) if s["title"] == "Engaged")
    assert "keeps its attack" in engaged["outcome"]


def test_in_the_open_a_script_is_told_to_say_whether_it_is_engaged(grunts):
    r = grunts("solo", "opfor", "Grunt 1", "--can-attack", "--in-open", "--target", "Will")
    assert r.code == 2
    assert "--engaged/--no-engaged" in one_line(r.err)
    assert fighter(grunts, "Grunt 1")["token"] is False  # nothing was written


def test_an_engaged_boss_moves_and_commands_no_one(grunts):
    out = opfor_json(
        grunts, "Captain 1", "--cannot-attack", "--no-los", "--command", "Grunt 1",
        "--engaged", "--dice", "3",
    )  # fmt: skip
    assert out["branch"] == "wander"
    assert "no Command" in out["instruction"] and "R-1SS-P17" in out["instruction"]
    assert out["request"] is None
    assert [e["kind"] for e in out["events"]] == ["opfor"]
    assert fighter(grunts, "Grunt 1")["flags"].get("reaction") is None


def test_a_boss_with_someone_to_command_is_asked_whether_he_is_engaged(grunts):
    r = grunts("solo", "opfor", "Captain 1", "--cannot-attack", "--no-los", "--command", "Grunt 1")
    assert r.code == 2 and "--engaged/--no-engaged" in one_line(r.err)
    # Commanding no one, it does not matter: not asked.
    out = opfor_json(
        grunts, "Captain 1", "--cannot-attack", "--no-los", "--command", "none", "--dice", "3"
    )
    assert out["branch"] == "wander"


def test_an_engaged_trek_fighter_marches_once(run, tmp_path):
    start(run, tmp_path, "--scenario", "ambush", "--seed", "11")
    r = run("solo", "opfor", "Trek Grunt 2")
    assert r.code == 2 and "--engaged/--no-engaged" in one_line(r.err)
    out = opfor_json(run, "Trek Grunt 2", "--engaged")
    assert out["branch"] == "trek-march"
    assert out["instruction"].startswith(
        "move Trek Grunt 2 3\" along the trek's way toward its far corner, once"
    )
    assert "R-1SS-P17" in out["instruction"]
    assert out["events"][0]["data"]["moves"] == 1
    assert fighter(run, "Trek Grunt 2")["flags"]["actions"] == 0


def test_play_asks_whether_a_fighter_in_the_open_is_engaged():
    s = with_fighters(_opfor_turn(solo_state()), opfor("grunt-1", "rookie", 3))
    answers: dict = {"can_attack": True, "in_cover": False}
    q = guide.ask(s, "grunt-1", answers)
    assert q is not None and q.key == "engaged" and q.kind == "yesno"
    assert q.text.startswith("Is Grunt 1 within 1 step of one of your fighters?")
    answers["engaged"] = True
    q = guide.ask(s, "grunt-1", answers)
    assert q is not None and q.key == "target"
    answers["target"] = "will"
    q = guide.ask(s, "grunt-1", answers)
    assert q is not None and q.key == "ganging"  # a melee attack where it stands
    answers["ganging"] = 0
    assert guide.ask(s, "grunt-1", answers) is None
    w = guide.walk(s, "grunt-1", answers, TypedDice([1, 4]))
    assert w.branch == "stand-and-fight"
    assert [o.kind for o in w.outcomes] == ["opfor", "attack"]


def test_play_does_not_ask_about_a_shot_out_of_reach():
    s = with_fighters(_opfor_turn(solo_state()), opfor("kid", "rookie", 4, ("light-shooter",)))
    answers: dict = {"can_attack": True, "in_cover": True, "target": "will", "range": 11}
    assert guide.ask(s, "kid", answers) is None  # no cover question for a shot not made
    w = guide.walk(s, "kid", answers, TypedDice([]))
    assert w.instruction == (
        "stay in cover; Will is out of reach at 11 (a light shooter reaches 10): no attack"
    )
    answers["range"] = 7
    q = guide.ask(s, "kid", answers)
    assert q is not None and q.key == "target_cover"


# --- 2. a prone fighter's Recover is the procedure's own roll ---------------------------


def test_a_prone_fighter_stands_up_with_its_first_action(grunts):
    assert grunts("set", "Sergeant 1", "--state", "wounded").code == 0
    # Its D8 shows 6, at or above its stat 5: up, and no second action (R-1SS-06).
    out = opfor_json(grunts, "Sergeant 1", "--dice", "6")
    assert out["branch"] == "recover"
    assert out["instruction"] == (
        "Recover: Sergeant 1 stands up with its first action, and that ends its actions"
    )
    assert [e["kind"] for e in out["events"]] == ["opfor", "recover"]
    assert out["events"][0]["summary"] == f"Sergeant 1: {out['instruction']}"
    recover = next(s for s in steps(out) if s["title"] == "Recover")
    assert "R-1SS-S21" in recover["rulings"]
    sergeant = fighter(grunts, "Sergeant 1")
    assert sergeant["status"] == "upright" and sergeant["flags"]["actions"] == 0


def test_a_failed_recover_is_tried_again_with_the_second_action(grunts):
    assert grunts("set", "Sergeant 1", "--state", "wounded").code == 0
    out = opfor_json(grunts, "Sergeant 1", "--dice", "1,2")
    assert out["instruction"] == "Recover: Sergeant 1 stays down (both tries fail)"
    assert [e["kind"] for e in out["events"]] == ["opfor", "recover", "recover"]
    assert fighter(grunts, "Sergeant 1")["status"] == "wounded"
    assert grunts("undo").code == 0 and grunts("undo").code == 0 and grunts("undo").code == 0
    out = opfor_json(grunts, "Sergeant 1", "--dice", "4,5")
    assert out["instruction"] == "Recover: the first try fails, the second stands Sergeant 1 up"
    assert fighter(grunts, "Sergeant 1")["status"] == "upright"


def test_a_prone_fighter_is_asked_nothing_and_rolls_even_without_resolving(grunts):
    assert grunts("set", "Sergeant 1", "--state", "wounded").code == 0
    out = opfor_json(grunts, "Sergeant 1", "--no-resolve", "--dice", "6")
    assert out["branch"] == "recover"
    assert [e["kind"] for e in out["events"]] == ["opfor", "recover"]


def test_a_regenerator_that_stands_up_keeps_its_second_action(run, tmp_path):
    start(run, tmp_path, "-p", "undead", "--dice", SPAWN)
    assert run("set", "Ghoul 1", "--state", "wounded").code == 0
    # Two rolls for one Recover (Regenerator): 6 stands it up at stat 4.
    out = opfor_json(run, "Ghoul 1", "--dice", "6")
    assert "stands up with its first action; a Regenerator" in out["instruction"]
    assert fighter(run, "Ghoul 1")["flags"]["actions"] == 1
    # The one action left is the table's to take by the flowchart.
    assert run("attack", "Ghoul 1", "Will", "--dice", "1,4").code == 0


# --- 3. orders, never an error ----------------------------------------------------------


def test_a_light_shooter_out_of_reach_moves_to_cover_and_does_not_shoot(soldiers):
    args = ("Trooper 1", "--can-attack", "--in-open", "--target", "Will", "--range", "11")
    out = opfor_json(soldiers, *args)  # engagement is not asked: the shot is lost anyway
    assert out["branch"] == "cover-then-attack"
    assert out["instruction"] == (
        "move to the nearest cover; Will is out of reach at 11 (a light shooter reaches 10): "
        "no attack"
    )
    assert out["request"] is None and out["events"][0]["data"]["no_attack"]
    assert [e["kind"] for e in out["events"]] == ["opfor"]
    assert fighter(soldiers, "Trooper 1")["flags"]["actions"] == 0
    assert any("R-1SS-S22" in s.get("rulings", ()) for s in steps(out))


def test_no_resolve_suggests_no_attack_that_would_fail(soldiers):
    r = soldiers(
        "solo", "opfor", "Trooper 1", "--can-attack", "--in-open", "--target", "Will",
        "--range", "11", "--no-resolve",
    )  # fmt: skip
    assert r.code == 0, r.err
    assert "no attack" in r.out and "Resolve it with" not in r.out


def test_in_cover_a_shot_out_of_reach_leaves_it_where_it_is(soldiers):
    out = opfor_json(
        soldiers, "Marksman 1", "--can-attack", "--in-cover", "--target", "Will", "--range", "16"
    )
    assert out["instruction"] == (
        "stay in cover; Will is out of reach at 16 (a medium shooter reaches 15): no attack"
    )
    actions = next(s for s in steps(out) if s["title"] == "Actions")
    assert "neither moves nor attacks" in actions["outcome"]
    marksman = fighter(soldiers, "Marksman 1")
    assert marksman["flags"]["actions"] == 0 and marksman["flags"]["did"] == ["rest"]


def test_a_shot_within_1_step_is_no_attack(soldiers):
    out = opfor_json(
        soldiers, "Marksman 1", "--can-attack", "--in-cover", "--target", "Will", "--range", "0"
    )
    assert out["instruction"] == (
        "stay in cover; Will stands within 1 step, and a shot needs 1 step at least: no attack"
    )


def test_a_range_given_means_a_shot_for_the_city_guard(run, tmp_path):
    start(run, tmp_path, "-p", "city-guard", "--dice", SPAWN)
    # Watchman 1 carries a sword and a light shooter: the distance says it shoots.
    out = opfor_json(
        run, "Watchman 1", "--can-attack", "--in-cover", "--target", "Will", "--range", "4",
        "--dice", "1,6",
    )  # fmt: skip
    assert out["request"]["options"]["ranged"] is True
    assert out["events"][1]["kind"] == "attack"
    r = run(
        "solo", "opfor", "Sergeant-at-arms 1", "--can-attack", "--in-cover", "--target", "Will",
        "--melee", "--range", "4",
    )  # fmt: skip
    assert r.code == 2 and "--melee and --range disagree" in r.err


def _opfor_turn(state):
    """The state at the OpFor's turn: turn 1, every fighter of yours has activated."""
    done = tuple(replace(f, token=True) if f.side == 0 else f for f in state.fighters)
    return replace(state, turn=1, fighters=done)


FIGHTERS = [
    opfor("kid", "rookie", 4, ("light-shooter",)),
    opfor("gun", "specialist", 5, ("medium-shooter",)),
    opfor("guard", "rookie", 3, ("melee-1h", "light-shooter")),
    opfor("grunt", "rookie", 3),
    replace(opfor("boss", "boss", 7, ("medium-shooter",)), skills=("command", "sniper")),
]


@pytest.mark.parametrize("fid", [f.id for f in FIGHTERS])
def test_every_answer_the_table_can_give_ends_in_orders(fid):
    """Each combination of answers the flowchart takes, for shooters, fighters with both
    weapons, melee fighters and a commanding boss: the walk always gives orders."""
    system = systems.get("1ss")
    out = replace(solo_state().fighters[4], status="out")  # Will is out of the game
    base = _opfor_turn(with_fighters(solo_state(), *FIGHTERS))
    base = replace(base, fighters=tuple(out if f.id == out.id else f for f in base.fighters))
    prone = replace(base, fighters=tuple(
        replace(f, status="wounded") if f.id == fid else f for f in base.fighters
    ))  # fmt: skip
    walked = 0
    for state, can, cover, engaged, los, target, rng, ranged, command in itertools.product(
        (base, prone), (True, False), (True, False), (None, True, False), (True, False),
        ("robyn", out.id), (None, 0, 5, 11, 16), (None, True, False), (None, "none", "grunt"),
    ):  # fmt: skip
        if command == "grunt" and fid != "boss":
            continue  # only a boss with Command orders anyone: refused as a wrong answer
        facts = Facts(
            can_attack=can, in_cover=cover, engaged=engaged, los=los, target=target,
            leader="none", range=rng, ranged=ranged, command=command,
        )  # fmt: skip
        decision, outcomes = walk(system, state, fid, _complete(state, fid, facts), SeededDice(1))
        assert decision.instruction and outcomes[0].kind == "opfor"
        walked += 1
    assert walked > 100


def _complete(state, fid, facts):
    """The facts with whatever the walk still asks answered."""
    from companion.systems.one_stat.solo.opfor import activation, next_question

    _, active = activation(systems.get("1ss"), state, fid)
    answer = {"leader": "none", "ally": "none", "player": "robyn", "number": 5, "yesno": False}
    while (q := next_question(active, fid, facts)) is not None:
        facts = facts.with_(**{q.key: answer[q.kind]})
    return facts


def test_an_attack_on_a_fighter_already_out_becomes_orders():
    system = systems.get("1ss")
    state = _opfor_turn(with_fighters(solo_state(), opfor("grunt-1", "rookie", 3)))
    will = next(f for f in state.fighters if f.id == "will")
    state = replace(state, fighters=tuple(
        replace(f, status="out") if f.id == will.id else f for f in state.fighters
    ))  # fmt: skip
    facts = Facts(can_attack=True, in_cover=True, target="will")
    decision, outcomes = walk(system, state, "grunt-1", facts, TypedDice([]))
    assert decision.request is None
    assert decision.instruction == "stay in cover; Will is already out of the game: no attack"
    assert [o.kind for o in outcomes] == ["opfor"]


# --- 4. asked at a terminal, named at once in a script ------------------------------------


def test_a_script_is_told_every_missing_flag_at_once(grunts):
    r = grunts("solo", "opfor", "Grunt 1")
    assert r.code == 2
    line = one_line(r.err)
    assert "Grunt 1 needs --can-attack/--cannot-attack, --in-cover/--in-open and --target" in line
    # what other answers would change, in the same line
    assert "with --in-open also --engaged/--no-engaged" in line
    assert "with --cannot-attack --los/--no-los instead of --in-cover/--in-open" in line
    assert "with --cannot-attack and --no-los --leader NAME|none instead of --target NAME" in line
    r = grunts("solo", "opfor", "Grunt 1", "--can-attack", "--in-open")
    assert r.code == 2
    assert "Grunt 1 needs --engaged/--no-engaged and --target NAME" in one_line(r.err)
    assert fighter(grunts, "Grunt 1")["token"] is False  # nothing was written


def test_a_lieutenant_needs_one_run_with_every_flag_named(soldiers):
    r = soldiers("solo", "opfor", "Lieutenant 1", "--can-attack")
    assert r.code == 2
    assert (
        "Lieutenant 1 needs --in-cover/--in-open, --target NAME and --range N "
        "(with --in-open also --engaged/--no-engaged)"
    ) in one_line(r.err)
    out = opfor_json(
        soldiers, "Lieutenant 1", "--can-attack", "--in-cover", "--target", "Will", "--range",
        "7", "--dice", "1,6",
    )  # fmt: skip
    assert [e["kind"] for e in out["events"]] == ["opfor", "attack"]


def _env(home):
    return {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1", "TERM": "xterm"}


def test_at_a_terminal_each_missing_fact_is_asked_in_turn(soldiers, home):
    p = PtyProcess(companion("solo", "opfor", "Lieutenant 1", "--dice", "1,6"), _env(home))
    try:
        p.expect("Can Lieutenant 1 attack one of your fighters")
        p.send("y")
        p.expect(r"Is Lieutenant 1 in cover\?")
        p.send("n")
        p.expect("First move Lieutenant 1 to the nearest cover. Which of your fighters")
        p.send("\r")  # the first offered: Robyn
        p.expect("How many inches from Lieutenant 1 to its target from its spot in cover")
        p.send("7\r")
        p.expect(r"Is Lieutenant 1 within 1 step of one of your fighters\?")
        p.expect(r"\(y/N\)")
        p.send("\r")  # the default: no
        assert p.wait() == 0, p.text
    finally:
        p.kill()
    assert "move to the nearest cover, then shoot Robyn" in p.text
    log = soldiers("log", "--json").json()["items"]
    walked, attack = log[-2:]
    assert walked["kind"] == "opfor" and walked["data"]["branch"] == "cover-then-attack"
    assert attack["kind"] == "attack" and attack["data"]["dice"] == [1, 6]


def test_play_asks_a_prone_fighter_nothing_and_the_walk_rolls_its_recover():
    state = _opfor_turn(
        with_fighters(solo_state(), replace(opfor("sarge", "specialist", 5), status="wounded"))
    )
    assert guide.ask(state, "sarge", {}) is None
    w = guide.walk(state, "sarge", {}, TypedDice([5]))
    assert w.branch == "recover" and [o.kind for o in w.outcomes] == ["opfor", "recover"]
    assert (
        w.instruction == "Recover: Sarge stands up with its first action, and that ends its actions"
    )
