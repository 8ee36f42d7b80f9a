"""SKIRMASHED through the real CLI with typed dice: facts that do not fit the attack are
refused, the stamina check's three outcomes, odds that assume a focus or a charge, a
block that cannot succeed asks no dice, and the distance given either way."""

from __future__ import annotations

from play_helpers import play_keys
from skirmashed_helpers import board, setup_game

# A fighter for Reds: no Firepower or Boom!, it never shoots.
GUARD = ["--stat", "manoeuvre=5", "--stat", "fight=3", "--stat", "hack=6", "--stat", "stamina=9"]


def _round(run, *extra: str) -> None:
    setup_game(run, *extra)
    assert run("turn").code == 0
    assert run("activate", "Holt").code == 0


def _events(run) -> int:
    return len(run("log", "--json").json()["items"])


def test_a_charge_given_with_a_distance_is_refused_naming_both(run):
    _round(run)
    assert run("act", "Holt", "move", "--dice", "4").code == 0
    before = _events(run)
    r = run("attack", "Holt", "Vex", "--opt", "charging=yes", "--range", "3", "--dice", "9")
    assert r.code == 2 and "Traceback" not in r.err
    assert "'charging' is for a melee attack" in r.err and "shot" in r.err and "--ranged" in r.err
    assert _events(run) == before  # nothing written
    # Said the other way round: a melee attack told a distance.
    r = run("odds", "Holt", "Vex", "--opt", "ranged=no", "--opt", "band=long")
    assert r.code == 2 and "'band'" in r.err and "melee" in r.err


def test_a_distance_for_a_fighter_is_refused_clearly(run):
    setup_game(run)
    assert run("roster", "add", "Reds", "Gd", "-r", "fighter", *GUARD).code == 0
    r = run("game", "new", "-r", "Reds", "-r", "Blues", "--dice", "8,3")
    assert r.code == 0, r.err
    assert run("turn").code == 0
    r = run("odds", "Gd", "Holt", "--range", "3")
    assert r.code == 1
    assert "Gd has no ranged attack (a fighter never shoots)" in r.err and "--range" in r.err
    assert "leave them out to attack in melee" in r.err
    assert run("odds", "Gd", "Holt").code == 0  # in melee it may


def test_range_and_opt_range_take_the_same_values(run):
    _round(run)
    for args in (("--range", "100"), ("--opt", "range=100")):
        r = run("odds", "Holt", "Vex", *args)
        assert r.code == 0 and 'outside 24"' in r.out, r.err
    for args in (("--range", "101"), ("--opt", "range=101")):
        r = run("odds", "Holt", "Vex", *args)
        assert r.code == 2 and "100" in r.err, r.err


def test_done_odds_gives_the_stamina_checks_three_outcomes(run):
    _round(run)
    r = run("done", "--odds", "--json")
    assert r.code == 0, r.err
    rows = {row["text"]: row["p"]["fraction"] for row in r.json()["odds"]}
    # Holt's Stamina 10 on 2D10: 45 of 100 totals are 10 or less, one is 20.
    assert rows == {
        "Holt ends the activation: exhausted for the rest of the round": "9/20",
        "Holt ends the activation: not exhausted: may activate again this round": "27/50",
        "Holt ends the activation: Holt activates again at once": "1/100",
    }
    assert board(run)[0]["active"] is not None  # odds wrote nothing: it goes on
    r = run("done", "--odds", "--dice", "5,5")
    assert r.code == 2 and "rolls nothing" in r.err
    r = run("done", "--dice", "10,10")
    assert r.code == 0 and "activates again at once" in r.out


def test_odds_may_assume_a_focus_or_a_charge_before_it_is_taken(run):
    _round(run)
    plain = run("odds", "Holt", "Vex", "--json").json()
    focused = run("odds", "Holt", "Vex", "--opt", "focused=yes", "--json")
    assert focused.code == 0, focused.err
    hit = next(s for s in focused.json()["steps"] if s["title"].startswith("To hit"))
    assert any("-1 focused" in n for n in hit["notes"])
    kill = {r["text"]: r["p"]["value"] for r in focused.json()["odds"]}["Vex: killed"]
    assert kill > {r["text"]: r["p"]["value"] for r in plain["odds"]}["Vex: killed"]
    charge = run("odds", "Holt", "Vex", "--opt", "charging=yes")
    assert charge.code == 0 and "charging (R-SKM-P10)" in charge.out
    r = run("odds", "Holt", "Vex", "--opt", "focused=yes", "--opt", "charging=yes")
    assert r.code == 1 and "cannot charge" in r.err
    # The attack itself reads what the activation did.
    r = run("attack", "Holt", "Vex", "--opt", "focused=yes", "--dice", "1,1,1,1")
    assert r.code == 1 and "has not focused" in r.err
    assert run("act", "Holt", "focus").code == 0
    r = run("attack", "Holt", "Vex", "--opt", "focused=yes", "--dice", "1,1,1,1")
    assert r.code == 0, r.err
    assert "R-SKM-P16" in run("rules", "rulings", "skirmashed").out


def test_a_block_that_cannot_succeed_asks_no_dice(run):
    _round(run)
    # Vex's Manoeuvre 9, +2 as Holt's Firepower 5 is less: 11, no block die can beat it.
    assert run("set", "Vex", "--stat", "9", "--force").code == 0
    r = run("attack", "Holt", "Vex", "--ranged", "--dice", "10,10,1,1,1")
    assert r.code == 0, r.err
    assert "no hit can be blocked (0 of 2 blocked); no block dice rolled" in r.out
    assert "Vex: killed" in r.out
    assert board(run)[1]["Vex"]["status"] == "out"


def test_play_shows_the_stamina_checks_chances_before_rolling(run):
    _round(run)
    out, ui = play_keys("skirmish-1", "req")  # dice rolled, end the activation, quit
    assert "Chances: Holt ends the activation: not exhausted" in out, out
    assert "exhausted for the rest of the round 45% (9/20)" in out
    assert "activates again at once 1% (1/100)" in out
