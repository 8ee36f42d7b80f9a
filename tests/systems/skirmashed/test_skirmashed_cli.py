"""SKIRMASHED end to end through the real CLI: warbands, set-up, the round, attacks with
typed and seeded dice, odds, the board, undo, and the rules look-ups."""

from __future__ import annotations

from skirmashed_helpers import board, setup_game


def test_game_new_rolls_off_and_names_the_board(run):
    r = setup_game(run)
    assert "2'x2'" in r.out and "Blues activate first" in r.out
    r = run("turn", "--json")
    assert r.code == 0, r.err
    data, rows = board(run)
    assert data["turn"] == 1 and data["next_side_name"] == "Blues"
    assert "Casualties: Reds 0, Blues 0" in data["notes"]
    assert rows["Vex"]["describe"]["state"] == "fresh, may act"


def test_activation_move_attack_done_and_undo(run):
    setup_game(run)
    run("turn")
    assert run("activate", "Holt").code == 0
    r = run("act", "Holt", "move", "--dice", "4", "--json")
    assert r.code == 0, r.err
    assert '9"' in run("log").out
    # 5 shots above Boom 5 (range 10: no modifier): 7, 10, 6 hit; blocks above 6: 9 only.
    r = run("attack", "Holt", "Vex", "--ranged", "--range", "10", "--dice", "7,2,10,6,3,5,9,4")
    assert r.code == 0, r.err
    assert "2 unblocked, 10 damage; Vex: killed" in r.out
    data, rows = board(run)
    assert rows["Vex"]["status"] == "out" and rows["Vex"]["describe"]["damage"] == "10/9"
    assert data["phase"] == "ended"  # Reds have no figure left (R-SKM-P08)
    assert run("undo").code == 0
    data, rows = board(run)
    assert rows["Vex"]["wounds"] == 0 and data["phase"] == "action"
    r = run("attack", "Holt", "Vex", "--ranged", "--seed", "11", "--json")
    assert r.code == 0, r.err
    assert run("undo").code == 0  # the seeded shot may have ended the game
    assert run("done", "--dice", "5,5").code == 0
    _, rows = board(run)
    assert rows["Holt"]["token"] is True and rows["Holt"]["describe"]["state"] == "exhausted"


def test_an_illegal_order_is_refused_in_one_line(run):
    setup_game(run)
    run("turn")
    run("activate", "Holt")
    assert run("act", "Holt", "run", "--dice", "1,1").code == 0
    r = run("attack", "Holt", "Vex", "--ranged", "--dice", "1,1,1,1,1")
    assert r.code != 0 and "may only attack in melee" in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_odds_json_gives_the_kill_chance(run):
    setup_game(run)
    run("turn")
    r = run("odds", "Holt", "Vex", "--ranged", "--range", "3", "--json")
    assert r.code == 0, r.err
    data = r.json()
    rows = {row["text"]: row["p"]["value"] for row in data["odds"]}
    assert "Vex: killed" in rows and "Vex: survives" in rows
    assert any(s["title"] == "Unblocked hits" for s in data["steps"])
    r = run("odds", "Holt", "Vex", "--ranged", "--opt", "band=long")
    assert r.code == 0 and 'outside 24"' in r.out


def test_game_option_melee_damage_boom(run):
    setup_game(run, "--opt", "melee-damage-boom=yes")
    run("turn")
    run("activate", "Holt")
    # Fight 4, Hack 5: a 9 hits; Vex blocks above 5 +1 (Fight 4 < 5: +2) = 7: a 1 fails.
    r = run("attack", "Holt", "Vex", "--dice", "9,1,1,1,1", "--json")
    assert r.code == 0, r.err
    _, rows = board(run)
    assert rows["Vex"]["wounds"] == 5
    log = run("log", "--traces").out
    assert "x Boom! 5" in log and "x Hack" not in log


def test_roster_check_lists_every_problem(run):
    run("roster", "new", "Bad", "-s", "skirmashed")
    stats = ["--stat", "manoeuvre=5", "--stat", "fight=3", "--stat", "hack=6"]
    r = run("roster", "add", "Bad", "Grit", "-r", "fighter", *stats, "--stat", "stamina=9")
    assert r.code == 0, r.err
    r = run("roster", "check", "Bad")
    assert r.code == 0 and "no ranged attack" not in r.out
    r = run("roster", "add", "Bad", "Odd", "-r", "figure", "--stat", "manoeuvre=12")
    assert r.code == 2 and "Manoeuvre 12 is outside its range 1-9" in r.err
    assert "Stamina is missing" in r.err


def test_rules_rulings_and_topics(run):
    r = run("rules", "rulings", "skirmashed")
    assert r.code == 0
    for rid in ("R-SKM-01", "R-SKM-05", "R-SKM-P01", "R-SKM-P03", "R-SKM-P04"):
        assert rid in r.out
    r = run("rules", "show", "skirmashed")
    assert r.code == 0 and "Stamina checks" in r.out and "Shooting a charger" in r.out


def test_readme_skirmashed_example_runs_as_printed(run):
    import shlex
    from pathlib import Path

    text = Path(__file__).resolve().parents[3].joinpath("README.md").read_text()
    section = text.split("### SKIRMASHED", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [ln for ln in section.strip().splitlines() if ln.strip()]
    assert len(lines) >= 10
    for line in lines:
        args = shlex.split(line)
        assert args[0] == "companion"
        r = run(*args[1:])
        assert r.code == 0, (line, r.err)
    assert "1 unblocked, 5 damage" in run("log").out


def test_final_activations_and_pass_then_next_round(run):
    setup_game(run)
    run("turn")
    run("activate", "Holt")
    assert run("done", "--dice", "1,1").code == 0  # Blues all exhausted
    data, _ = board(run)
    assert data["next_side_name"] == "Reds" and any("once more" in n for n in data["notes"])
    r = run("act", "Vex", "pass")
    assert r.code == 0, r.err
    data, _ = board(run)
    assert data["next_side_name"] is None
    r = run("turn", "--json")
    assert r.code == 0, r.err
    data, rows = board(run)
    # Blues made the last activation of round 1, so Reds open round 2.
    assert data["turn"] == 2 and data["initiative_side"] == "Reds"
    assert rows["Holt"]["token"] is False


def test_game_new_with_the_sample_warbands(run):
    r = run("game", "new", "--system", "skirmashed", "--dice", "9,2", "--json")
    assert r.code == 0, r.err
    data, rows = board(run)
    assert data["system"] == "skirmashed" and len(rows) == 10
    assert rows["Mira"]["describe"]["damage"] == "0/7"
    assert run("turn").code == 0
    data, _ = board(run)
    assert data["next_side_name"] == "Rust Raiders"  # won the roll-off 9 to 2
    r = run("roster", "check", "Rust Raiders")
    assert r.code == 0 and "unused" not in r.out


def test_cover_is_soft_or_hard_and_only_against_a_shot(run):
    setup_game(run)
    run("turn")
    # The shared yes/no flag cannot say which cover: refused in one line, nothing rolled.
    r = run("attack", "Holt", "Vex", "--ranged", "--cover", "--dice", "9,9,9,9,9")
    assert r.code == 2 and "cover=soft or --opt cover=hard" in r.err
    assert len(r.err.strip().splitlines()) == 1
    r = run("odds", "Holt", "Vex", "--opt", "cover=hard")
    assert r.code == 2 and "only against a shot" in r.err
    # A range band is a shot, as a distance is: Boom! 5 -1 within 6" = 4.
    r = run("odds", "Holt", "Vex", "--opt", "band=short", "--json")
    assert r.code == 0, r.err
    assert r.json()["steps"][0]["target"] == 4
    _, rows = board(run)
    assert rows["Holt"]["wounds"] == 0 and rows["Vex"]["wounds"] == 0


def test_a_narrow_board_still_shows_damage_and_the_round(run, monkeypatch):
    setup_game(run)
    run("turn")
    run("set", "Vex", "--wounds", "4")
    monkeypatch.setenv("COLUMNS", "70")
    r = run("status")
    assert r.code == 0, r.err
    assert "Damage: 4/9 · This round: fresh, may act" in r.out


def test_the_stamina_check_shows_its_total(run):
    setup_game(run)
    run("turn")
    run("activate", "Holt")
    # R-SKM-04: 2D10 added; 5 + 5 = 10 is not above Holt's Stamina 10, so exhausted.
    r = run("done", "--dice", "5,5")
    assert r.code == 0, r.err
    assert "2D10 → 5 5 = 10; needs above 10 → exhausted" in r.out
