"""Each 1ss scenario's scoring and end condition, played through the CLI."""

from __future__ import annotations

from companion import systems
from companion.dice import TypedDice
from companion.game.events import apply_change
from tests.onestat_helpers import fighter, game

ROBYN = ["Robyn", "Rabbit with bow", "Rabbit with polearm", "Rabbit with axe", "John"]
FAWKES = [
    "Cpt",
    "T-999",
    "Frogger with pistol and claw",
    "Frogger with pistol and axe",
    "Frogger with rifle",
]


# The action scenarios take at most 2 rookies a side: one of each training band's three
# sits out (R-1SS-P21).
SIT_OUT = "sit_out=Rabbit with polearm,Frogger with pistol and claw"


def new(run, scenario):
    assert run("demo").code == 0
    args = ["--opt", SIT_OUT] if scenario in ("bombing-run", "capture-the-flag") else []
    r = run(
        "game", "new", "-r", "Robyn", "-r", "Cpt", "--scenario", scenario, "--name", scenario,
        *args,
    )  # fmt: skip
    assert r.code == 0, r.err
    r = run("turn", "--dice", "7,3")
    assert r.code == 0, r.err


def board(run):
    return run("status", "--json").json()


def ok(r):
    assert r.code == 0, r.err + r.out
    return r


def play_out(run):
    """Count the turns to the end: the last 'turn' ends the game."""
    for _ in range(20):
        b = board(run)
        if b["phase"] == "ended":
            return b
        if b["turn"] == b["last_turn"]:
            ok(run("turn", "--force"))
        else:
            ok(run("turn", "--force", "--dice", "7,3"))
    raise AssertionError("the game did not end")


def test_training_ends_when_a_warband_is_wiped_out(run):
    new(run, "training")
    for name in FAWKES[1:]:
        ok(run("set", name, "--state", "out"))
    ok(run("activate", "Robyn"))
    r = ok(run("attack", "Robyn", "Cpt", "--ranged", "--range", "8", "--dice", "1,1,2"))
    assert "Game over" not in r.out
    # one attack per activation (R-1SS-P16): the next ones stand outside the count
    ok(run("attack", "Robyn", "Cpt", "--range", "8", "--dice", "1,1,2", "--opt", "free=true"))
    assert board(run)["phase"] == "action"
    # boss: first wound ignored, then prone; the next hit finds it prone and cannot be defended
    ok(run("attack", "Robyn", "Cpt", "--range", "8", "--dice", "1,1", "--opt", "free=true"))
    b = board(run)
    assert b["phase"] == "ended" and "Robyn's merry men wins" in b["result"]


def test_manhunt_scores_by_rank_and_ends_after_turn_8(run):
    new(run, "manhunt")
    ok(run("activate", "Robyn"))
    r = ok(run("attack", "Robyn", "Frogger with rifle", "--dice", "1,2", "--json"))
    assert r.json()["event"]["trace"]["odds"]
    ok(run("attack", "Robyn", "T-999", "--dice", "1,1,2", "--opt", "free=true"))
    ok(run("attack", "Robyn", "T-999", "--dice", "1", "--opt", "free=true"))
    b = board(run)
    assert b["sides"][0]["vp"] == 3
    assert any("Manhunt" in n for n in b["notes"])
    b = play_out(run)
    assert "Robyn's merry men wins on VP" in b["result"]


def test_last_man_standing_counts_fighters_left(run):
    new(run, "last-man-standing")
    ok(run("set", "Frogger with rifle", "--state", "out"))
    b = play_out(run)
    assert "Robyn's merry men wins with more fighters left" in b["result"]


def test_king_of_the_hill_scores_at_upkeep(run):
    new(run, "king-of-the-hill")
    ok(run("act", "Robyn", "hill", "--opt", "count=2"))
    ok(run("act", "Cpt", "hill", "--opt", "count=1"))
    assert any("2 vs 1" in n for n in board(run)["notes"])
    ok(run("turn", "--force", "--dice", "7,3"))
    b = board(run)
    assert b["sides"][0]["vp"] == 1
    ok(run("act", "Cpt", "hill", "--opt", "count=3"))
    ok(run("turn", "--force", "--dice", "7,3"))
    ok(run("act", "Cpt", "hill", "--opt", "count=3"))
    b = play_out(run)
    assert b["sides"][1]["vp"] == 2 and "Cpt. Fawkes' ragtags wins on VP" in b["result"]


def test_supremacy_counts_zones_at_the_end(run):
    new(run, "supremacy")
    ok(run("act", "Robyn", "zones", "--opt", "z1=2", "--opt", "z2=1"))
    ok(run("act", "Cpt", "zones", "--opt", "z1=1", "--opt", "z2=1", "--opt", "z3=1"))
    b = play_out(run)
    assert "draw on zones" in b["result"]
    assert b["sides"][0]["vp"] == 1 and b["sides"][1]["vp"] == 1


def test_treasure_hunt_carrier_drops_on_wound_and_wins_at_home(run):
    new(run, "treasure-hunt")
    ok(run("activate", "Robyn"))
    ok(run("act", "Robyn", "pickup"))
    assert any("carried by Robyn" in n for n in board(run)["notes"])
    ok(run("activate", "T-999"))
    # the boss ignores the wound but still drops the treasure (R-1SS-S10)
    ok(run("attack", "T-999", "Robyn", "--dice", "1,2"))
    assert any("on the ground" in n for n in board(run)["notes"])
    ok(run("activate", "John"))
    ok(run("act", "John", "pickup"))
    r = ok(run("act", "John", "score"))
    assert "Game over" in r.out
    assert "Robyn's merry men wins" in board(run)["result"]


def test_treasure_hunt_closer_side_wins_after_turn_8(run):
    new(run, "treasure-hunt")
    ok(run("act", "Cpt", "closer"))
    b = play_out(run)
    assert "Cpt. Fawkes' ragtags wins" in b["result"]


def test_trigger_device_stack_and_trigger(run):
    new(run, "trigger-device")
    ok(run("activate", "Robyn"))
    ok(run("act", "Robyn", "move", "--opt", "inches=3"))
    ok(run("act", "Robyn", "device", "--dice", "2"))
    ok(run("act", "Robyn", "device", "--dice", "6", "--opt", "free=true"))
    assert any("4 token" in n for n in board(run)["notes"])
    ok(run("act", "Robyn", "device", "--dice", "1", "--opt", "free=true"))
    r = ok(run("act", "Robyn", "device", "--dice", "1", "--opt", "free=true"))
    assert "The device works for Robyn's merry men" in r.out
    b = play_out(run)
    assert "Robyn's merry men triggered the device" in b["result"]


def test_capture_the_flag_first_to_two_vp(run):
    new(run, "capture-the-flag")
    assert board(run)["last_turn"] is None
    ok(run("activate", "Robyn"))
    ok(run("act", "Robyn", "pickup"))
    assert any("Flag of Cpt. Fawkes' ragtags: carried by Robyn" in n for n in board(run)["notes"])
    ok(run("act", "Robyn", "score"))
    assert board(run)["sides"][0]["vp"] == 1
    ok(run("act", "Robyn", "pickup", "--opt", "free=true"))
    r = ok(run("act", "Robyn", "score", "--json"))
    assert "Game over: Robyn's merry men wins with 2 VP" in r.json()["announcements"]


def test_bombing_run_scores_and_counts_down(run):
    new(run, "bombing-run")
    ok(run("activate", "Robyn"))
    ok(run("act", "Robyn", "pickup"))
    ok(run("turn", "--force", "--dice", "7,3"))
    assert any("shows 7" in n for n in board(run)["notes"])
    ok(run("act", "Robyn", "score"))
    assert board(run)["sides"][0]["vp"] == 1
    assert any("shows 8" in n for n in board(run)["notes"])


def test_action_scenario_respawn_and_automatic_recovery(run):
    new(run, "bombing-run")
    ok(run("activate", "Robyn"))
    ok(run("attack", "Robyn", "Frogger with rifle", "--dice", "1,1"))
    ok(run("set", "John", "--state", "wounded", "--wounds", "1"))
    ok(run("activate", "T-999"))
    r = ok(run("activate", "John"))
    assert "recovers at once" in r.out
    ok(run("turn", "--force", "--dice", "7,3"))
    b = board(run)
    frog = next(f for s in b["sides"] for f in s["fighters"] if f["name"] == "Frogger with rifle")
    assert frog["status"] == "upright"


def test_bomb_explodes_below_one_killing_the_carrier():
    st = game(fighter("ann", 0), fighter("bob", 1), scenario="bombing-run", last_turn=None)
    st = apply_change(
        st, __import__("companion.game.events", fromlist=["set_game"]).set_game("flags.bomb", 1)
    )
    from companion.game.events import set_game

    st = apply_change(st, set_game("flags.bomb_carrier", "ann"))
    out = systems.get("1ss").next_turn(st, TypedDice([5, 3]))
    for c in out.changes:
        st = apply_change(st, c)
    assert st.flags["bomb"] == 8 and st.flags.get("bomb_carrier") is None
    assert st.flags["bomb_blast"] == "ann"
    assert any("exploded" in a for a in out.announcements)
    # respawn happens in the same upkeep (action scenario)
    assert st.fighter("ann").status == "upright"
