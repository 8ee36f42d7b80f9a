"""Each solitaire scenario's win and loss, played through the CLI."""

from __future__ import annotations

import pytest

from tests.solo_helpers import PLAYERS, warband_file


@pytest.fixture
def solo(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    return run


def board(run):
    return run("status", "--json").json()


def new(run, *args):
    r = run("solo", "new", "-r", "Outlaws", "--seed", "11", *args)
    assert r.code == 0, r.err
    return board(run)


def result(run):
    b = board(run)
    return b["phase"], b["result"]


def wipe_out(run):
    for name in PLAYERS:
        assert run("set", name, "--state", "out").code == 0
    r = run("solo", "check")
    assert r.code == 0, r.err


def lost(run, why):
    phase, res = result(run)
    assert phase == "ended", res
    assert res.startswith("you lose") and why in res, res


def won(run, why=""):
    phase, res = result(run)
    assert phase == "ended", res
    assert res.startswith("you win") and why in res, res


def activate(run, name, move=False):
    """Activate `name`; with `move`, its first action is a move, so one more is left."""
    r = run("activate", name)
    assert r.code == 0, r.err
    if move:
        r = run("act", name, "move", "--opt", "inches=2")
        assert r.code == 0, r.err


def opfor_ids(run, **flag):
    return [
        f["name"]
        for f in board(run)["sides"][1]["fighters"]
        if all(bool(f["flags"].get(k)) == v for k, v in flag.items())
    ]


# --- Ambush -------------------------------------------------------------------------------


def test_ambush_win_by_stopping_the_trek(solo):
    b = new(solo, "--scenario", "ambush")
    trek = opfor_ids(solo, trek=True)
    assert len(trek) == 10
    assert solo("solo", "provoke", trek[0]).code == 0
    assert board(solo)["flags"]["trek_attacked"] is True
    for name in trek[:-1]:
        solo("set", name, "--state", "out")
    assert solo("solo", "check").code == 0
    assert result(solo)[0] != "ended"
    solo("set", trek[-1], "--state", "out")
    solo("solo", "check")
    won(solo, "every trek fighter is taken out")
    assert b["last_turn"] is None


def test_ambush_lost_when_the_trek_arrives(solo):
    new(solo, "--scenario", "ambush")
    assert solo("solo", "objective", "trek-arrived").code == 0
    lost(solo, "the trek reached its corner")


# --- Bounty -------------------------------------------------------------------------------


def test_bounty_win_after_four_ladder_wounds(solo):
    new(solo, "--scenario", "bounty")
    steps = []
    for _ in range(4):
        r = solo("solo", "wound", "Bounty boss", "--json")
        assert r.code == 0, r.err
        steps.append(r.json()["events"][0]["summary"])
    assert "D12 -> D10, stat 8 -> 4" in steps[0]
    assert "D8 -> D6, stat 2 -> 1" in steps[2]
    assert "he is out" in steps[3]
    won(solo, "the boss is taken out")


def test_bounty_lost_when_wiped_out(solo):
    new(solo, "--scenario", "bounty")
    wipe_out(solo)
    lost(solo, "wiped out")


# --- Collect ------------------------------------------------------------------------------


def test_collect_win_when_all_treasures_are_home(solo):
    new(solo, "--scenario", "collect")
    solo("turn")
    # picking up takes one of the active fighter's actions (R-1SS-S10)
    assert solo("solo", "token", "T1", "pick", "--by", "Robyn").code == 1  # not active
    activate(solo, "Robyn", move=True)
    assert solo("solo", "token", "T1", "pick", "--by", "Robyn").code == 0
    assert solo("solo", "token", "T1", "drop").code == 0
    assert solo("solo", "token", "T1", "home").code == 1  # not carried
    r = solo("solo", "token", "T2", "pick", "--by", "Robyn")
    assert r.code == 1 and "no action left" in r.err
    activate(solo, "John")
    assert solo("solo", "token", "T1", "pick", "--by", "John").code == 0
    for i in range(2, 7):  # the rest set straight by hand, outside the action count
        assert solo("solo", "token", f"T{i}", "pick", "--by", "Robyn", "--free").code == 0
    for i in range(1, 7):
        assert solo("solo", "token", f"T{i}", "home").code == 0
    won(solo, "every treasure is home")


def test_collect_lost_when_wiped_out(solo):
    new(solo, "--scenario", "collect")
    solo("turn")
    activate(solo, "Robyn")
    solo("solo", "token", "T1", "pick", "--by", "Robyn")
    wipe_out(solo)
    lost(solo, "wiped out")


# --- Escort -------------------------------------------------------------------------------


def test_escort_is_a_stat_4_rookie_who_cannot_attack_and_wins_on_arrival(solo):
    b = new(solo, "--scenario", "escort")
    esc = next(f for f in b["sides"][0]["fighters"] if f["flags"].get("escort"))
    assert (esc["rank"], esc["stats"]["stat"], esc["flags"]["cannot_attack"]) == ("rookie", 4, True)
    assert solo("solo", "objective", "escort-arrived").code == 0
    won(solo, "the escort reached the far corner")


def test_escort_lost_when_the_escort_falls(solo):
    new(solo, "--scenario", "escort")
    solo("set", "Escort", "--state", "out")
    solo("solo", "check")
    lost(solo, "the escort is taken out")


# --- Hostage ------------------------------------------------------------------------------


def test_hostage_boss_flees_until_attacked_then_is_brought_home(solo):
    new(solo, "--scenario", "hostage")
    assert solo("solo", "objective", "boss-home").code == 1  # he still fights
    for name in PLAYERS:
        solo("activate", name)
    solo("turn")
    for name in PLAYERS:
        solo("activate", name)
    # every spawned fighter waits; walk the boss by name
    r = solo("solo", "opfor", "Hostage boss", "--no-engaged", "--json")
    assert r.code == 0, r.err
    assert r.json()["branch"] == "boss-flees"
    for _ in range(3):
        assert solo("solo", "wound", "Hostage boss").code == 0
    hb = next(f for f in board(solo)["sides"][1]["fighters"] if f["flags"].get("hostage_boss"))
    assert hb["die"] == "D6" and hb["flags"]["surrendered"] is True
    assert solo("solo", "objective", "boss-home").code == 0
    won(solo, "the boss is brought to your corner")


def test_hostage_lost_when_he_escapes(solo):
    new(solo, "--scenario", "hostage")
    solo("solo", "objective", "boss-escaped")
    lost(solo, "the boss reached his far corner")


def test_hostage_lost_when_he_is_killed(solo):
    new(solo, "--scenario", "hostage")
    for _ in range(4):
        solo("solo", "wound", "Hostage boss")
    lost(solo, "the boss is taken out")


# --- Investigate --------------------------------------------------------------------------


def test_investigate_clues_give_the_spot_and_a_device_wins(solo):
    new(solo, "--scenario", "investigate")
    solo("turn")
    activate(solo, "Marian")
    r = solo("solo", "token", "X", "pick", "--by", "Marian", "--dice", "3")
    assert r.code == 0, r.err
    activate(solo, "Tuck")
    r = solo("solo", "token", "Y", "pick", "--by", "Tuck", "--dice", "5", "--event", "rover")
    assert r.code == 0, r.err
    ev = board(solo)["flags"]["event"]
    assert (ev["col"], ev["row"], ev["id"]) == (3, 5, "rover")
    m = solo("solo", "map", "--json").json()
    assert any(
        i["kind"] == "event"
        for c in m["cells"]
        if (c["col"], c["row"]) == (3, 5)
        for i in c["items"]
    )
    activate(solo, "Robyn")
    r = solo("solo", "shutdown", "event", "--by", "Robyn", "--dice", "9")
    assert r.code == 0 and result(solo)[0] != "ended"  # 9 > stat 6: still running
    activate(solo, "John")
    solo("solo", "shutdown", "event", "--by", "John", "--dice", "5")
    won(solo, "settled")


def test_investigate_rolled_event_and_a_missed_deadline_loses(solo):
    new(solo, "--scenario", "investigate")
    assert solo("turn").code == 0  # turn 1
    activate(solo, "Marian")
    solo("solo", "token", "X", "pick", "--by", "Marian", "--dice", "2")
    # Y gives row 4; the event D6 = 1 is the doom device; its D6 deadline = 1 turn
    activate(solo, "Tuck")
    r = solo("solo", "token", "Y", "pick", "--by", "Tuck", "--dice", "4,1,1", "--json")
    assert r.code == 0, r.err
    ev = board(solo)["flags"]["event"]
    assert ev["id"] == "doom-device" and ev["deadline"] == 2
    assert solo("turn", "--force", "--seed", "2").code == 0  # end of turn 1
    assert result(solo)[0] != "ended"
    assert solo("turn", "--force", "--seed", "2").code == 0  # end of turn 2: deadline passes
    lost(solo, "deadline")


# --- Rescue -------------------------------------------------------------------------------


def test_rescue_win_on_reaching_the_hostage(solo):
    new(solo, "--scenario", "rescue")
    m = solo("solo", "map", "--json").json()
    assert any(t["id"] == "H" and (t["col"], t["row"]) == (6, 6) for t in m["tokens"])
    solo("solo", "objective", "hostage-reached")
    won(solo, "reached the hostage")


def test_rescue_lost_after_six_turns(solo):
    b = new(solo, "--scenario", "rescue")
    assert b["last_turn"] == 6
    for i in range(7):
        r = solo("turn", "--force", "--seed", str(i))
        assert r.code == 0, r.err
    lost(solo, "the time is up")
    assert board(solo)["turn"] == 6


# --- Shutdown -----------------------------------------------------------------------------


def test_shutdown_win_when_all_devices_are_shut_and_the_opfor_cleared(solo):
    new(solo, "--scenario", "shutdown")
    solo("turn")
    activate(solo, "Robyn", move=True)
    r = solo("solo", "shutdown", "1", "--by", "Robyn", "--dice", "7", "--json")
    assert r.code == 0 and "keeps running" in r.json()["events"][0]["summary"]
    r = solo("solo", "shutdown", "2", "--by", "Robyn", "--dice", "6")
    assert r.code == 1 and "no action left" in r.err
    activate(solo, "John")
    assert solo("solo", "shutdown", "1", "--by", "John", "--dice", "5").code == 0
    for n in range(2, 7):
        r = solo("solo", "shutdown", str(n), "--by", "Robyn", "--dice", "6", "--free")
        assert r.code == 0, r.err
    assert solo("solo", "shutdown", "1", "--by", "Robyn", "--dice", "1", "--free").code == 1
    assert board(solo)["flags"]["shut"] == [1, 2, 3, 4, 5, 6]
    assert result(solo)[0] != "ended"  # the OpFor still stands
    # a shut spawnpoint spawns nobody
    assert solo("solo", "spawn", "--dice", "1,2,3,4,5,6").code == 0
    for name in opfor_ids(solo):
        solo("set", name, "--state", "out")
    solo("solo", "check")
    won(solo, "every spawnpoint is shut down")


def test_shutdown_lost_when_wiped_out(solo):
    new(solo, "--scenario", "shutdown")
    wipe_out(solo)
    lost(solo, "wiped out")


# --- Skirmish, mixed and themed -------------------------------------------------------------


def test_plain_skirmish_won_by_surviving_eight_turns(solo):
    new(solo)
    for i in range(9):
        assert solo("turn", "--force", "--seed", str(i)).code == 0
    won(solo, "still standing after the last turn")


def test_mixed_objectives_need_every_win(solo):
    new(solo, "--mixed", "bounty,escort")
    for _ in range(4):
        solo("solo", "wound", "Bounty boss")
    assert result(solo)[0] != "ended"
    solo("solo", "objective", "escort-arrived")
    won(solo, "the boss is taken out; the escort reached the far corner")


def test_themed_big_kill_has_the_mammoth(solo):
    b = new(solo, "--setup", "the-big-kill")
    mam = next(f for f in b["sides"][1]["fighters"] if f["name"] == "Mammoth")
    assert mam["die"] == "D12" and mam["stats"]["stat"] == 8
    assert {"veteran", "charge", "warstomp"} <= set(
        mam["describe"]["skills"].casefold().replace(" ", "").split(",")
    )


def test_themed_final_countdown_three_stations_before_turn_8(solo):
    b = new(solo, "--setup", "the-final-countdown")
    assert b["last_turn"] == 8
    ids = [t["id"] for t in solo("solo", "map", "--json").json()["tokens"]]
    assert ids == ["D1", "D2", "D3"]
    solo("turn")
    for d, who in zip(ids, ("Robyn", "John", "Marian"), strict=True):
        activate(solo, who)
        assert solo("solo", "shutdown", d, "--by", who, "--dice", "1").code == 0
    won(solo, "every station is shut down")


@pytest.mark.parametrize(
    "setup",
    [
        "hangman",
        "blades-in-the-dark",
        "treasure-island",
        "who-killed-jfk-1",
        "who-killed-jfk-2",
        "the-dark-ritual",
        "watch-the-men",
    ],
)
def test_every_themed_setup_starts(solo, setup):
    new(solo, "--setup", setup)
    assert solo("solo", "map").code == 0


def test_dark_ritual_questioning_places_the_clues_and_reveals_gaunts(solo):
    b = new(solo, "--setup", "the-dark-ritual")
    assert b["last_turn"] == 7
    assert solo("solo", "map", "--json").json()["tokens"] == []  # clues come from questions
    solo("turn")
    activate(solo, "Marian", move=True)
    # Marian: stat 5, D8. Civilian 3, Marian 4: between 3 and 5 -> an answer
    r = solo("solo", "question", "Marian", "--dice", "3,4", "--json")
    assert r.code == 0, r.err
    assert "an answer" in r.json()["events"][0]["summary"]
    # a question takes an action: Marian has used both
    assert solo("solo", "question", "Marian", "--dice", "6,5").code == 1
    # civilian 2, John 6: outside 2-5 -> nothing
    activate(solo, "John")
    r = solo("solo", "question", "John", "--dice", "2,6", "--json")
    assert "nothing useful" in r.json()["events"][0]["summary"]
    # second answer places clue X (column 4, row 4): civilian 6, Tuck 5 (stat 4)
    activate(solo, "Tuck")
    r = solo("solo", "question", "Tuck", "--dice", "6,5,4,4", "--json")
    assert r.code == 0, r.err
    tokens = solo("solo", "map", "--json").json()["tokens"]
    assert [(t["id"], t["col"], t["row"]) for t in tokens] == [("X", 4, 4)]
    # a civilian's 1 is a gaunt with three actions
    activate(solo, "Will")
    r = solo("solo", "question", "Will", "--dice", "1")
    assert r.code == 0, r.err
    gaunt = next(f for f in board(solo)["sides"][1]["fighters"] if f["flags"].get("gaunt"))
    assert gaunt["rank"] == "specialist" and gaunt["name"].startswith("Gaunt")
    solo("turn")
    for name in PLAYERS:
        solo("activate", name)
    r = solo(
        "solo",
        "opfor",
        gaunt["name"],
        "--cannot-attack",
        "--no-los",
        "--leader",
        "none",
        "--dice",
        "5",
        "--json",
    )
    assert r.code == 0, r.err
    # Three actions: the direction roll's move is the 1st, and the procedure gives it
    # nothing more, so the other two lapse (R-1SS-S19).
    steps = {s["title"]: s["outcome"] for s in r.json()["events"][0]["trace"]["steps"]}
    assert "1st action" in steps["Actions"]
    assert steps["Actions"].endswith("its other 2 actions lapse (0 left)")


def test_dark_ritual_inquirer_rolls_a_d6_whatever_his_rank(solo):
    # R-1SS-S15: a D6 for the civilian and a D6 for the fighter, specialist or boss.
    new(solo, "--setup", "the-dark-ritual")
    solo("turn")
    activate(solo, "Marian", move=True)
    # Marian (specialist, stat 5): a 7 would be a D8's face, refused on a D6
    r = solo("solo", "question", "Marian", "--dice", "3,7")
    assert r.code == 2 and "D6" in r.err, r.err
    r = solo("solo", "question", "Marian", "--dice", "3,5", "--json")
    assert r.code == 0, r.err
    asks = next(s for s in r.json()["events"][0]["trace"]["steps"] if s["title"] == "Marian asks")
    assert asks["roll"]["sides"] == 6 and asks["outcome"].startswith("D6 = 5: an answer")
    assert asks["probability"]["fraction"] == "1/2"  # 3, 4 or 5 on a D6
    assert "R-1SS-S15" in asks["rulings"]
    # the boss, stat 6: civilian 4 needs 4-6 on his D6
    activate(solo, "Robyn", move=True)
    r = solo("solo", "question", "Robyn", "--dice", "4,6,2,3", "--json")
    assert r.code == 0, r.err
    asks = next(s for s in r.json()["events"][0]["trace"]["steps"] if s["title"] == "Robyn asks")
    assert asks["roll"]["sides"] == 6 and "an answer" in asks["outcome"]


def test_question_only_in_the_dark_ritual(solo):
    new(solo, "--scenario", "investigate")
    assert solo("solo", "question", "Marian", "--dice", "3,4").code == 2


def test_mammoth_reminds_of_its_charge(solo):
    new(solo, "--setup", "the-big-kill")
    solo("turn")
    for name in PLAYERS:
        solo("activate", name)
    r = solo("solo", "opfor", "Mammoth", "--cannot-attack", "--no-los", "--dice", "4", "--json")
    assert r.code == 0, r.err
    steps = r.json()["events"][0]["trace"]["steps"]
    assert any(s["title"] == "Charge" for s in steps)


def test_jfk_part_2_is_won_by_taking_the_president_out(solo):
    new(solo, "--setup", "who-killed-jfk-2")
    for _ in range(4):
        solo("solo", "wound", "The president")
    won(solo, "the boss is taken out")


def test_table_commands_end_a_decided_solo_game_at_once(solo):
    new(solo, "--scenario", "bounty")
    r = solo("set", "Bounty boss", "--state", "out", "--json")
    assert r.code == 0, r.err
    assert r.json()["announcements"] == ["Game over: You win: the boss is taken out"]
    won(solo, "the boss is taken out")
