"""Monochrome play-test findings: each test failed before its fix (dice fixed)."""

from __future__ import annotations


def add(run, roster: str, name: str, cls: str, at: int, df: int) -> None:
    r = run(
        "roster", "add", roster, name, "-r", cls,
        "--stat", f"attack={at}", "--stat", f"defence={df}",
    )  # fmt: skip
    assert r.code == 0, r.err


def test_a_game_starts_only_with_legal_warbands_unless_forced(run, home):
    # R-MON-P15: three Monsters break the rare limit and the basic half; over 200 points.
    assert run("roster", "new", "Big", "-s", "monochrome").code == 0
    for n in range(3):
        add(run, "Big", f"M{n}", "monster", 12, 5)
    assert run("roster", "new", "Cops", "-s", "monochrome").code == 0
    add(run, "Cops", "Bob", "soldier", 5, 1)
    r = run("game", "new", "-r", "Big", "-r", "Cops", "--dice", "2,6,1,1,4,4")
    assert r.code == 1
    assert "legal warbands" in r.err and "at most 2" in r.err and "213 points" in r.err
    assert len(r.err.strip().splitlines()) == 1
    assert run("game", "list", "--json").json()["items"] == []
    r = run("game", "new", "-r", "Big", "-r", "Cops", "--dice", "2,6,1,1,4,4", "--force")
    assert r.code == 0, r.err
    s = run("status")
    assert "House rules (started with --force): Big: " in s.out


def test_a_rosters_own_points_limit_is_its_limit_in_the_game(run, home):
    # A roster set to 250 points may spend 213; the set-up weighs it against 250.
    assert run("roster", "new", "Big", "-s", "monochrome").code == 0
    add(run, "Big", "Boss", "warrior", 12, 5)  # 71
    add(run, "Big", "Ogre", "warrior", 12, 5)  # 71
    add(run, "Big", "Troll", "warrior", 12, 2)  # 47
    add(run, "Big", "Imp", "warrior", 8, 1)  # 31
    assert run("roster", "option", "Big", "points=250").code == 0
    assert run("roster", "check", "Big").code == 0
    assert run("roster", "new", "Cops", "-s", "monochrome").code == 0
    add(run, "Cops", "Bob", "soldier", 5, 1)
    r = run("game", "new", "-r", "Big", "-r", "Cops", "--dice", "2,6,1,1,4,4")
    assert r.code == 0, r.err
    assert "4 fighters, 220 of 250 points" in r.out and "over the limit" not in r.out
    # A limit given to the game replaces the roster's own.
    r = run(
        "game", "new", "-r", "Big", "-r", "Cops", "--dice", "2,6,1,1,4,4", "--opt", "points=200"
    )
    assert r.code == 1 and "220 points, over its limit of 200" in r.err


def small_game(run) -> None:
    assert run("roster", "new", "Bears", "-s", "monochrome").code == 0
    add(run, "Bears", "Bear", "monster", 9, 3)
    add(run, "Bears", "Brave", "warrior", 5, 1)
    assert run("roster", "new", "Cops", "-s", "monochrome").code == 0
    add(run, "Cops", "Bob", "soldier", 5, 1)
    add(run, "Cops", "Tom", "soldier", 5, 1)
    # Hunt: deployment 2, roll-off Bears 6 and Cops 1, so the Bears take the first turn.
    r = run("game", "new", "-r", "Bears", "-r", "Cops", "--scenario", "5-1-3", "--dice", "2,6,1")
    assert r.code == 0, r.err
    assert run("turn").code == 0


def test_a_target_moves_only_at_the_end_of_the_turn(run, home):
    # R-MON-P09: the Target Monster walked and killed in the middle of the Bears' turn.
    small_game(run)
    assert run("activate", "Bear").code == 0
    assert run("act", "Bear", "charge", "--dice", "3,3").code == 0  # its attack is to come
    r = run("act", "Target Monster", "prowl", "--opt", "closest=Brave", "--dice", "4")
    assert r.code == 1 and "Bear is still activating" in r.err
    assert run("done").code == 0
    r = run("act", "Target Monster", "prowl", "--opt", "closest=Brave", "--dice", "4")
    assert r.code == 1 and "fighters still to activate: Brave" in r.err
    monster = run("status", "--json").json()["sides"][2]["fighters"][0]
    assert monster["name"] == "Target Monster" and "prowled" not in monster["flags"]
    assert run("activate", "Brave").code == 0
    assert run("act", "Brave", "defend").code == 0
    assert run("done").code == 0
    r = run("act", "Target Monster", "prowl", "--opt", "closest=Brave", "--dice", "4")
    assert r.code == 0, r.err
    assert 'up to 4" toward Brave' in r.out
    assert run("turn").code == 0


def test_trace_and_refusal_wording(run, home):
    small_game(run)
    assert run("activate", "Bear").code == 0
    assert run("act", "Bear", "walk", "--dice", "3").code == 0
    r = run("act", "Bear", "run", "--dice", "3,3")
    assert r.code == 1 and "Bear has already taken Walk this activation" in r.err
    assert run("done").code == 0
    assert run("activate", "Brave").code == 0
    assert run("act", "Brave", "defend").code == 0
    assert run("done").code == 0
    r = run("act", "Target Monster", "prowl", "--opt", "closest=Brave", "--dice", "4")
    # The move cites its ruling once, as every other step does.
    assert r.out.count("R-MON-P09") == 1, r.out


def test_the_turn_does_not_end_before_the_targets_move(run, home):
    # R-MON-P09: 'turn' ended the Bears' turn with the Target Monster never moved.
    small_game(run)
    for name in ("Bear", "Brave"):
        assert run("activate", name).code == 0
        assert run("act", name, "walk", "--dice", "2").code == 0
    r = run("turn")
    assert r.code == 2
    assert "not yet activated: Neutral targets: Target Monster" in r.err and "--force" in r.err
    assert run("status", "--json").json()["flags"].get("side_turn") in (None, 0)
    r = run("act", "Target Monster", "prowl", "--opt", "closest=Brave", "--dice", "4")
    assert r.code == 0, r.err
    assert run("turn").code == 0
    # The Cops' turn: with --force the target's move may be skipped, and the log says so.
    assert run("activate", "Bob").code == 0
    assert run("act", "Bob", "walk", "--dice", "2").code == 0
    r = run("turn", "--force")
    assert r.code == 0 and "not moved at the end of this turn: Target Monster" in r.out


def test_a_break_scores_the_morale_check_it_causes(run, home):
    # Killing Them Softly counts the check that breaks the Cops: Kill, Maim, Burn!, Killing
    # Them Softly and the break make 3 objectives (the trace said 'nobody' and VP 2).
    small_game_scenario = ("--scenario", "1-1-4")
    assert run("roster", "new", "Bears", "-s", "monochrome").code == 0
    add(run, "Bears", "Bear", "monster", 9, 3)
    add(run, "Bears", "Brave", "warrior", 5, 1)
    assert run("roster", "new", "Cops", "-s", "monochrome").code == 0
    add(run, "Cops", "Bob", "soldier", 5, 1)
    add(run, "Cops", "Tom", "soldier", 5, 1)
    r = run("game", "new", "-r", "Bears", "-r", "Cops", *small_game_scenario, "--dice", "2,6,1")
    assert r.code == 0, r.err
    assert run("turn").code == 0
    assert run("activate", "Bear").code == 0
    assert run("attack", "Bear", "Bob", "--opt", "action=strike", "--dice", "1,1").code == 0
    assert run("activate", "Brave").code == 0
    assert run("act", "Brave", "defend").code == 0
    # Morale: 3 x 1 lost against 2 x 1 standing: the Cops break.
    r = run("turn", "--dice", "3,2")
    assert r.code == 0, r.err
    assert "Killing Them Softly: Bears (Bears 1, Cops 0)" in r.out
    assert "Result: Bears win: Cops broke in round 1" in r.out
    s = run("status", "--json").json()
    assert [side["vp"] for side in s["sides"][:2]] == [3, 0]
