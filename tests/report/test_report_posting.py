"""The battle report as something to post: a headline that names the winner, no terminal
marks, casualties in the order they fell, and the key moments with their odds."""

from __future__ import annotations

import pytest
from report_helpers import _attack, play
from solo_helpers import PLAYERS, warband_file

from companion import systems
from companion.cli.shared import drawn_board
from companion.dice import TypedDice
from companion.game.repo import Home
from companion.play.session import Session
from companion.report.headline import headline
from companion.report.words import plain

SIDES = [("Iron Wolves", 8), ("Red Hand", 1)]


@pytest.mark.parametrize(
    ("result", "finished", "solo", "expected"),
    [
        ("Iron Wolves wins on VP (8-1)", True, False, "Iron Wolves wins on VP (8-1)."),
        (None, True, False, "Iron Wolves win on victory points, 8 to 1."),
        ("draw: no fighter is left standing", True, False, "A draw: no fighter is left standing."),
        ("a draw: 5 points each", True, False, "A draw: 5 points each."),
        ("you win: the boss is down", True, True, "Iron Wolves win: the boss is down."),
        ("you lose: your warband is wiped out", True, True,
         "Red Hand win, Iron Wolves lose: your warband is wiped out."),
        ("time ran out", True, False, "Iron Wolves win on victory points, 8 to 1 (time ran out)."),
        (None, False, False,
         "Still running, turn 3 of 8; Iron Wolves lead on victory points, 8 to 1."),
    ],
)  # fmt: skip
def test_the_headline_is_a_sentence_naming_the_winner(result, finished, solo, expected):
    assert headline(result, finished, SIDES, True, solo, "turn 3 of 8") == expected


def test_without_vp_a_running_game_says_only_how_far_it_is():
    assert headline(None, False, SIDES, False, False, "round 2") == "Still running, round 2."
    assert headline(None, False, SIDES, True, False, "") == "The game has not begun yet."


def test_terminal_marks_become_words():
    assert plain("[x] to win: the boss is down") == "To win: the boss is down (done)"
    assert plain("[ ] lost if: your warband is wiped out") == (
        "Lost if: your warband is wiped out (not so far)"
    )
    assert plain("token H (hostage): carried by Will") == "The hostage: carried by Will"
    assert plain("solo: Rescue against City guard") == "Solo: Rescue against City guard"


@pytest.mark.parametrize("system_id", systems.ids())
def test_every_system_names_the_winner_or_the_draw(system_id, home, run):
    gf = play(Home(home, draw=drawn_board), system_id, "sim", 400, seed=3)
    run("game", "use", gf.name)
    data = run("report", "--json").json()
    line = data["headline"]
    assert line[:1].isupper() and line.endswith("."), line
    names = [s["name"] for s in data["sides"]]
    if data["finished"]:
        assert any(n in line for n in names) or "draw" in line.casefold(), line
    else:
        assert line.startswith("Still running"), line
    md = run("report").out
    assert md.startswith(f"# Battle report: sim\n\n**{line}**\n")


def _game_where_the_second_listed_falls_first(home: Home) -> None:
    """Robyn takes T-999 out in turn 1 (a 60% roll), then Cpt. Fawkes in turn 2 (30%);
    Cpt. Fawkes is listed before T-999 in his roster."""
    s = Session(home, "sample")
    s.next_turn(TypedDice([7, 3]))
    s.activate("robyn")
    s.run(lambda st, d: _attack("Robyn", "t-999", 10, 6, 4, True), TypedDice([]))
    s.end_activation()
    s.next_turn(TypedDice([7, 3]))
    s.activate("robyn")
    s.run(lambda st, d: _attack("Robyn", "cpt-fawkes", 10, 3, 2, True), TypedDice([]))


def test_casualties_are_told_in_the_order_they_fell(demo, home):
    _game_where_the_second_listed_falls_first(Home(home, draw=drawn_board))
    data = demo("report", "--json").json()
    assert [(c["name"], c["turn"]) for c in data["casualties"]] == [
        ("T-999", 1),
        ("Cpt. Fawkes", 2),
    ]
    md = demo("report").out
    assert md.index("**T-999**") < md.index("**Cpt. Fawkes** (")


def test_key_moments_with_their_turn_and_odds(demo, home, tmp_path):
    _game_where_the_second_listed_falls_first(Home(home, draw=drawn_board))
    moments = {m["title"]: m for m in demo("report", "--json").json()["moments"]}
    rare = moments["Least likely success"]
    assert (rare["turn"], rare["chance"]) == (2, "30%")
    assert rare["p"] == {"fraction": "3/10", "value": 0.3}  # the words, and exactly
    assert rare["text"].startswith("Robyn attacks: hit and takes the target out.")
    first = moments["First fighter out"]
    assert (first["turn"], first["chance"]) == (1, "60%")
    assert first["text"].startswith("T-999 (Cpt. Fawkes' ragtags) fell first, taken out by Robyn")
    most = moments["Most opponents out"]
    assert most["text"].startswith("Robyn took 2 out (T-999, Cpt. Fawkes), in turns 1, 2")
    assert most["chance"] == "30%"
    out = tmp_path / "battle.html"
    assert demo("report", "--format", "html", "-o", str(out)).code == 0
    page = out.read_text()
    assert '<h2 id="moments">Key moments</h2>' in page
    assert "<details>" in page and "<summary>Every kind of roll" in page


def test_a_solo_report_has_no_terminal_marks_and_names_the_side(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    assert run("solo", "new", "-r", "Outlaws", "--seed", "3").code == 0
    run("turn")
    for name in PLAYERS[:3]:
        run("activate", name)
    md = run("report").out
    out = tmp_path / "solo.html"
    assert run("report", "--format", "html", "-o", str(out)).code == 0
    for text in (md, out.read_text()):
        for mark in ("[x]", "[ ]", "[!]", "token "):
            assert mark not in text, mark
    assert "**Still running, turn 1 of 8; level on fighters out (Outlaws 0 of 10 out, " in md
    assert "To win: a fighter of yours is still standing after the last turn (not yet)" in md
    assert "VP" not in md
