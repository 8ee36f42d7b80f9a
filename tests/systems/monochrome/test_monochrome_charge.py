"""Monochrome's Charge as written (R-MON-P21): the 2D6 move is rolled first, and the melee
attack follows only when the table says the move reached the target (or a distance told
before the move says the dice got there). Driven through the real CLI with typed dice,
and through `companion play` with recorded answers.

The game of `setup_game`: Bear (Monster, Attack 9, Defence 3) charges Bob (Soldier,
Defence 1): roll 8 or under on 2D6 to hit.
"""

from __future__ import annotations

from fractions import Fraction

from brute_force import brute_force
from monochrome_helpers import MONO, fighter, game, req, setup_game
from play_helpers import play_keys

from companion.core.roller import DiceRoller

# Attack 9 - Defence 1 = 8 on 2D6: 10 of 36 miss, 6-8 knockback, 3-5 stunned, 2 killed.
ATTACK = {
    "Bob: missed": Fraction(5, 18),
    "Bob: knockback": Fraction(4, 9),
    "Bob: stunned": Fraction(1, 4),
    "Bob: killed": Fraction(1, 36),
}
SHORT_ROW = "Bob: not reached, no attack"
ASKED = "Did Bear's move end in base contact with Bob?"


def started(run) -> None:
    setup_game(run)
    assert run("turn").code == 0  # round 1: the Bears won the roll-off
    assert run("activate", "Bear").code == 0


def fighter_flags(run, name: str) -> dict:
    s = run("status", "--json").json()
    return next(f for side in s["sides"] for f in side["fighters"] if f["name"] == name)["flags"]


def odds_of(r) -> dict[str, Fraction]:
    return {o["text"]: Fraction(o["p"]["fraction"]) for o in r.json()["odds"]}


def test_a_3_inch_charge_that_did_not_reach_makes_no_attack(run):
    started(run)
    # Two dice only: the move. An attack would ask for two more, and refuse the command.
    r = run("act", "Bear", "charge", "Bob", "--opt", "reached=no", "--dice", "1,2")
    assert r.code == 0, r.err
    assert 'up to 3"' in r.out and "falls short of Bob: no attack" in r.out
    assert "R-MON-P21" in r.out and "Attack roll" not in r.out
    assert "stunned" not in fighter_flags(run, "Bob")
    # The action is spent: the charge ended with its move.
    flags = fighter_flags(run, "Bear")
    assert flags["action"] == "charge" and flags["attacked"] is True and flags["charge"] == 3
    r = run("attack", "Bear", "Bob", "--dice", "1,1")
    assert r.code == 1 and "already attacked" in r.err
    last = run("log", "--json").json()["items"][-1]
    assert last["kind"] == "action" and last["summary"] == (
        "Bear (Charge) falls short of Bob: no attack"
    )


def test_a_charge_that_reached_rolls_the_attack(run):
    started(run)
    r = run("act", "Bear", "charge", "Bob", "--opt", "reached=yes", "--dice", "3,4,2,3")
    assert r.code == 0, r.err
    assert 'up to 7"' in r.out and "Bear touches Bob" in r.out
    assert "Attack roll" in r.out and "Bob: stunned" in r.out
    assert fighter_flags(run, "Bob")["stunned"] is True
    # Not told: the charge is taken as reaching, as before, and the trace says so.
    assert run("undo").code == 0
    r = run("act", "Bear", "charge", "Bob", "--dice", "3,4,2,3")
    assert r.code == 0, r.err
    assert "is taken to touch Bob" in r.out and "Bob: stunned" in r.out


def test_the_move_is_its_own_step_and_the_attack_or_its_end_follows(run):
    started(run)
    r = run("act", "Bear", "charge", "--dice", "1,2")
    assert r.code == 0, r.err
    assert 'up to 3"' in r.out and "reached=no" in r.out
    assert fighter_flags(run, "Bear")["charge"] == 3
    # The table saw the 3" move come short: no dice for an attack that is not made.
    r = run("attack", "Bear", "Bob", "--opt", "reached=no")
    assert r.code == 0, r.err
    assert "falls short of Bob: no attack" in r.out
    # Undo is exact: back to the rolled move, and a charge that did reach attacks.
    assert run("undo").code == 0
    flags = fighter_flags(run, "Bear")
    assert flags["charge"] == 3 and "attacked" not in flags
    r = run("attack", "Bear", "Bob", "--opt", "reached=yes", "--dice", "2,3")
    assert r.code == 0, r.err
    assert "Bob: stunned" in r.out
    assert run("undo").code == 0 and run("undo").code == 0
    assert not {"action", "moved", "charge"} & set(fighter_flags(run, "Bear"))


def test_a_distance_told_before_the_move_lets_the_dice_decide(run):
    started(run)
    r = run("act", "Bear", "charge", "Bob", "--opt", "distance=8", "--dice", "3,4")
    assert r.code == 0, r.err
    assert 'up to 7" of the 8" to Bob: ends short of it' in r.out
    assert "no attack" in r.out
    assert run("undo").code == 0
    r = run("act", "Bear", "charge", "Bob", "--opt", "distance=8", "--dice", "4,4,2,3")
    assert r.code == 0, r.err
    assert 'up to 8" of the 8" to Bob: reaches it' in r.out and "Bob: stunned" in r.out
    # After a move of its own, the distance is read against the inches it kept.
    assert run("undo").code == 0
    assert run("act", "Bear", "charge", "--dice", "1,2").code == 0
    r = run("attack", "Bear", "Bob", "--opt", "distance=4")
    assert r.code == 0 and "falls short" in r.out
    assert run("undo").code == 0
    r = run("attack", "Bear", "Bob", "--opt", "distance=3", "--dice", "2,3")
    assert r.code == 0 and "Bob: stunned" in r.out


def test_reach_is_refused_where_it_means_nothing(run):
    started(run)
    r = run("act", "Bear", "strike", "Bob", "--opt", "reached=no", "--dice", "2,3")
    assert r.code != 0 and "'reached' is not a fact of 'strike'" in r.err
    r = run("attack", "Bear", "Bob", "--opt", "action=strike", "--opt", "reached=no")
    assert r.code != 0 and "after a rolled move (Charge, Rip)" in r.err
    r = run("act", "Bear", "charge", "Bob", "--opt", "reached=no", "--opt", "distance=5")
    assert r.code != 0 and "leave one of them out" in r.err
    r = run("act", "Bear", "charge", "--opt", "reached=no", "--dice", "1,2")
    assert r.code != 0 and "name it" in r.err
    assert run("log", "--json").json()["items"][-1]["kind"] == "activate"  # nothing was written


def test_odds_count_the_move_when_the_distance_is_told(run):
    setup_game(run)
    assert run("turn").code == 0
    # 8" away: 2D6 reaches on 8 or more, 15 of 36; only then is the attack rolled.
    r = run("odds", "Bear", "Bob", "--opt", "action=charge", "--opt", "distance=8", "--json")
    assert r.code == 0, r.err
    reach = Fraction(15, 36)
    assert odds_of(r) == {SHORT_ROW: 1 - reach, **{k: reach * p for k, p in ATTACK.items()}}
    same = run("act", "Bear", "charge", "Bob", "--odds", "--opt", "distance=8", "--json")
    assert odds_of(same) == odds_of(r)
    # Without a distance, the odds are the attack's and say that they take it as reaching.
    r = run("odds", "Bear", "Bob", "--opt", "action=charge", "--json")
    assert odds_of(r) == ATTACK
    said = " ".join(s["outcome"] for s in r.json()["steps"])
    assert "taken as reaching Bob: these odds leave the 2D6 move out" in said
    # Once the move is rolled, a 3" charge told to be 8" away cannot reach.
    assert run("activate", "Bear").code == 0
    assert run("act", "Bear", "charge", "--dice", "1,2").code == 0
    r = run("odds", "Bear", "Bob", "--opt", "distance=8", "--json")
    assert odds_of(r) == {SHORT_ROW: Fraction(1)}


def test_odds_of_a_charge_match_every_dice_sequence():
    # The side's one fate token rerolls the move when short of 8" or else the attack on
    # a miss (R-MON-P11): the odds walk the move too, so a token the move spends is not
    # counted again for the attack. Every sequence is rolled through the rule itself
    # (without the table each roll shows, which would walk the odds at every one).
    bear, bob = fighter("Bear", "monster", 9, 3), fighter("Bob", "soldier", 5, 1)
    state = game([bear], [bob], active="bear")
    assert state.sides[0].flags["fate"] == 1
    request = req("charge", "bear", "bob", distance=8, move=8, fate="miss")
    brute = brute_force(lambda dice: MONO.act(state, request, DiceRoller(dice)).counting.row.text)
    assert dict(MONO.odds(state, request).chances) == {k: p for k, p in brute.items() if p}


def test_play_rolls_the_move_asks_whether_it_reached_then_the_attack(run):
    setup_game(run)
    assert run("turn").code == 0
    # e: enter the dice; 1: activate Bear; c: Charge (no target yet: a move), dice 1,2;
    # play goes on to its Attack by itself: 1: Bob; n: the 3" move did not reach; q.
    _, ui = play_keys("g", "e" + "1" + "c" + "1,2\r" + "1" + "n" + "q", rows=200)
    move = ui.asked.index("Roll D6 for Bear's Charge move (1 of 2):")
    whom = ui.asked.index("Bear: Attack — whom?")
    # Whether it reached is the confirming screen's own question: Enter is yes.
    asked = next(m for m in ui.asked if m.startswith(ASKED))
    assert asked.startswith(ASKED + " (Enter: yes)")
    assert move < whom < ui.asked.index(asked)
    assert "Bear: Charge — whom?" not in ui.asked
    labels = dict(ui.menus)[asked]
    assert labels[0] == "y) Yes: roll (Enter)"
    assert labels[1] == "n) No — Bear (Charge) falls short of Bob: no attack"
    assert not any("attack on Bob" in t for t in ui.texts)  # no attack dice asked
    log = run("log", "--json").json()["items"]
    assert [e["summary"] for e in log[-2:]] == [
        'Bear: Charge, up to 3"',
        "Bear (Charge) falls short of Bob: no attack",
    ]
    # Undone, the same charge told to have reached rolls its attack (the game keeps the
    # dice mode): a: Attack, 1: Bob; Enter: it reached, roll; dice 2,3; q.
    assert run("undo").code == 0
    _, ui = play_keys("g", "a" + "1" + "\r" + "2,3\r" + "q", rows=200)
    dice = "Roll D6 for Bear's attack on Bob (1 of 2): needs at or below 8, 72.2%:"
    asked = next(m for m in ui.asked if m.startswith(ASKED))
    assert ui.asked.index(asked) < ui.asked.index(dice)
    log = run("log", "--json").json()["items"]
    assert log[-1]["summary"] == "Bear (Charge) attacks; Bob: stunned"


def test_backing_out_of_the_attack_after_a_charge_leaves_it_on_the_menu(run):
    setup_game(run)
    assert run("turn").code == 0
    # e; 1: Bear; c: Charge, dice 1,2; b: not now (Back at whom?); q.
    _, ui = play_keys("g", "e" + "1" + "c" + "1,2\r" + "b" + "q", rows=200)
    assert "Bear: Attack — whom?" in ui.asked
    menu = ui.menus[-1]
    assert "Bear is activating" in menu[0] and "a) Attack" in menu[1], menu
    log = run("log", "--json").json()["items"]
    assert log[-1]["summary"] == 'Bear: Charge, up to 3"'
