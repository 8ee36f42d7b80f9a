"""The rules look-up from the command line: show, search, sheet, links from explanations."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest
from lookup_helpers import COVER, topic_file

from companion import systems
from companion.data import load_toml
from companion.errors import DataError
from companion.lookup import topics as topics_mod
from companion.lookup.links import title_forms, topic_of_step
from companion.lookup.search import search
from companion.lookup.topics import all_topics
from companion.lookup.words import stem

# Everyday questions at the table, and the topic that answers each.
EVERYDAY_1SS = [
    ("cover", "cover"),
    ("shoot into melee", "shooting-into-melee"),
    ("how far can I move", "movement"),
    ("what die does a specialist roll", "ranks"),
    ("spawn", "spawn-dice"),
    ("sheild", "shield"),
    ("ranges", "range"),
    ("range", "range"),
    ("shooting", "shooting"),
    ("initiative", "initiative"),
    ("recover", "recover"),
    ("jump", "jump"),
    ("forest", "cover"),
    ("falling damage", "fall"),
    ("who goes first", "initiative"),
    ("what does the opfor do", "opfor"),
    ("boss wounds", "wounds"),
    ("two handed weapon", "melee-2h"),
]

EVERYDAY_WARSTUFF = [
    ("what do I need to hit", "hit-table"),
    ("kill roll", "kill-roll"),
    ("morale", "morale"),
    ("stunned", "stunned"),
    ("cover", "terrain"),
    ("how far can I move", "actions"),
    ("points cost", "unit-creation"),
    ("tough", "tough"),
]


@pytest.mark.parametrize(("question", "topic"), EVERYDAY_1SS)
def test_everyday_1ss_questions_find_the_right_topic_first(question, topic):
    assert search(question, all_topics("1ss"))[0].topic.id == topic


@pytest.mark.parametrize(("question", "topic"), EVERYDAY_WARSTUFF)
def test_everyday_warstuff_questions_find_the_right_topic_first(question, topic):
    assert search(question, all_topics("warstuff"))[0].topic.id == topic


def test_stems_meet_across_plurals_and_forms():
    assert stem("ranges") == stem("range") == stem("ranged")
    assert stem("shooting") == stem("shoot")
    assert stem("bosses") == "boss"


def test_show_gives_the_rule_in_full_with_its_rulings(run):
    r = run("rules", "show", "1ss", "cover")
    assert r.code == 0, r.err
    assert "Cover and terrain" in r.out and "2 dice" in r.out and "Forest" in r.out
    assert "R-1SS-P11" in r.out


def test_show_range_is_the_range_bands_not_the_ranger(run):
    r = run("rules", "show", "1ss", "range", "--json").json()["items"]
    assert r[0]["id"] == "range" and 'up to 5"' in r[0]["text"]


def test_show_falls_back_to_search_for_words(run):
    r = run("rules", "show", "1ss", "shoot", "into", "melee")
    assert r.code == 0, r.err
    assert r.out.startswith("Shooting into melee") and "See also:" in r.out
    assert "4-6" in r.out


def test_show_still_lists_a_kind_and_everything(run):
    skills = run("rules", "show", "1ss", "skills", "--json").json()["items"]
    assert {t["kind"] for t in skills} == {"skill"} and len(
        skills
    ) == 27  # with Red William's charge (R-1SS-P26)
    everything = run("rules", "show", "warstuff").out
    assert "Combat" in everything and "Special rules" in everything


def test_search_ranks_across_systems_and_tolerates_typos(run):
    r = run("rules", "search", "sheild", "--json").json()["items"]
    assert (r[0]["system"], r[0]["id"]) == ("1ss", "shield")
    r = run("rules", "search", "--system", "warstuff", "kill", "roll")
    assert r.code == 0 and r.out.startswith("Kill roll and wounds")
    assert "See also:" in r.out and "[" in r.out


def test_with_no_current_game_each_system_answers_in_its_own_group(run):
    r = run("rules", "search", "how", "many", "turns", "in", "a", "game")
    assert r.code == 0, r.err
    assert r.out.startswith("No current game, so each system answers")
    # Every system's own answer under its name: no one game's number stands alone.
    for sid in systems.ids():
        assert f"[{sid}]\n" in r.out, sid
    assert "See also:" not in r.out
    hits = run("rules", "search", "how", "many", "turns", "--json").json()["items"]
    assert len({h["system"] for h in hits}) == len(hits) == len(systems.ids())
    two = run("rules", "search", "morale", "--limit", "2", "--json").json()["items"]
    assert max(sum(h["system"] == s for h in two) for s in {h["system"] for h in two}) == 2


def test_the_current_games_system_answers_first_and_says_so(run):
    assert run("demo").code == 0  # a 1ss game
    r = run("rules", "search", "how", "many", "turns", "in", "a", "game")
    assert r.code == 0, r.err
    assert r.out.startswith("Answers from 1 Stat Skirmish (1ss): the current game 'sample'")
    assert "The game turn" in r.out and "(1ss, Turn, turn)" in r.out
    assert {h["system"] for h in run("rules", "search", "turns", "--json").json()["items"]} == {
        "1ss"
    }
    # A question the game's system cannot answer still gets the others' answers.
    r = run("rules", "search", "manoeuvre")
    assert r.code == 0 and r.out.startswith("Nothing in 1 Stat Skirmish, the current game's")
    assert "[skirmashed]" in r.out


def test_with_no_current_game_the_system_of_the_game_played_last_answers(run, monkeypatch):
    from companion.cli import rules_cmd

    assert run("demo").code == 0  # a 1ss game, written last
    monkeypatch.setattr(rules_cmd, "_current_game", lambda: None)
    r = run("rules", "search", "how", "many", "turns", "in", "a", "game")
    assert r.code == 0, r.err
    assert r.out.startswith(
        "Answers from 1 Stat Skirmish (1ss): the game played last, 'sample' plays it "
        "(--system ID searches another system)."
    )
    assert {h["system"] for h in run("rules", "search", "turns", "--json").json()["items"]} == {
        "1ss"
    }


def test_search_in_one_system(run):
    r = run("rules", "search", "--system", "warstuff", "cover", "--json").json()["items"]
    assert {t["system"] for t in r} == {"warstuff"} and r[0]["id"] == "terrain"


def test_nothing_found_is_one_line_and_status_2(run):
    r = run("rules", "search", "--system", "1ss", "xyzzyq")
    assert r.code == 2 and r.err.count("\n") == 1 and "no rule topic matches" in r.err
    assert run("rules", "show", "chess").code == 2


def test_cheat_sheet_text_json_and_html(run):
    text = run("rules", "sheet", "1ss")
    assert text.code == 0 and "1 Stat Skirmish: cheat sheet" in text.out
    assert "SHOOTING" in text.out and "SOLITAIRE SCENARIOS" in text.out
    doc = run("rules", "sheet", "1ss", "--json").json()
    names = [s["section"] for s in doc["sections"]]
    assert names[0] == "Basics" and "Skills" in names
    page = run("rules", "sheet", "warstuff", "--format", "html").out
    assert page.startswith("<!DOCTYPE html>") and "</html>" in page
    assert "<script" not in page and "http" not in page
    assert "Kill roll and wounds" in page


def test_steps_with_names_link_to_their_topic():
    assert title_forms("Defence (Robyn)") == ("defence (robyn)", "defence")
    assert topic_of_step("1ss", "Robyn attacks Cpt. Fawkes") == "attack-roll"
    assert topic_of_step("1ss", "Robyn defends falling hit 1 of 2") == "fall"
    assert topic_of_step("1ss", "Robyn defends") == "defence"
    assert topic_of_step("1ss", "Initiative: Robyn's merry men (roll-off 2)") == "initiative"
    assert topic_of_step("1ss", "Warrior") == "warrior"
    assert topic_of_step("warstuff", "Morale test: Orc Warrior") == "morale"
    assert topic_of_step("warstuff", "Tough: Troll") == "tough"
    assert topic_of_step("1ss", "Something nobody wrote") is None


def test_an_attack_names_the_topic_of_each_step(demo):
    r = demo("turn", "--dice", "9,2")
    assert r.code == 0 and "rules: initiative" in r.out
    demo("activate", "Robyn")
    r = demo("attack", "Robyn", "Cpt. Fawkes", "--range", "4", "--dice", "1,2,9")
    assert r.code == 0, r.err
    assert "rules: attack-roll" in r.out and "rules: defence" in r.out
    assert demo("rules", "show", "1ss", "attack-roll").code == 0


def test_a_broken_topic_file_names_file_and_key(tmp_path, monkeypatch):
    bad = COVER + COVER.replace('"cover"', '"Cover"')
    with topic_file(tmp_path, monkeypatch, bad) as path:
        with pytest.raises(DataError, match=r"1ss_topics.toml: topics\[1\].id: 'Cover' must be"):
            topics_mod.file_topics("1ss")
        path.write_text(COVER + 'rulings = ["R-1SS-99"]\n')
        topics_mod.file_topics.cache_clear()
        load_toml.cache_clear()
        with pytest.raises(DataError, match=r"topics\[0\].rulings: no ruling 'R-1SS-99'"):
            all_topics("1ss")


def _examples(run, *path):
    out = run(*path, "--help").out
    return [line.split("Example:", 1)[1].strip() for line in out.splitlines() if "Example:" in line]


def test_help_examples_of_the_rules_commands_run_as_printed(run):
    seen = 0
    for path in (("rules",), ("rules", "show"), ("rules", "search"), ("rules", "sheet")):
        for example in _examples(run, *path):
            args = shlex.split(example)
            assert args[0] == "companion"
            r = run(*args[1:])
            assert r.code == 0, (example, r.err)
            seen += 1
    assert seen >= 4


def test_table_commands_do_not_load_the_fuzzy_matcher(home, tmp_path):
    code = (
        "import sys\n"
        "from companion.cli.main import main\n"
        "for args in (['demo'], ['turn', '--dice', '9,2'], ['log', '--traces']):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('FUZZY' if 'rapidfuzz' in sys.modules else 'CLEAN')\n"
    )
    env = {**os.environ, "COMPANION_HOME": str(home)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.strip().endswith("CLEAN")


def test_the_play_rules_key_shows_the_situation_first(demo):
    import io

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from rich.console import Console

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home
    from companion.play.loop import Loop
    from companion.play.session import Session
    from companion.play.ui import Prompter

    assert demo("turn", "--dice", "7,3").code == 0
    out = io.StringIO()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        # r: roll for me; ?: rules; filter "shoot into" and pick it; q: quit.
        pipe.send_text("r?shooting into\rq\x03")
        Loop(
            Session(Home(draw=drawn_board), "sample"), Console(file=out, width=120), Prompter()
        ).run()
    text = out.getvalue()
    # Robyn's side is to choose who activates: how activations work comes first.
    situation = text.index("Activation and actions")
    assert "2 actions" in text or "two actions" in text
    assert text.index("Shooting into melee") > situation


def test_a_topic_picked_with_the_rules_key_flows_to_the_terminals_width(demo):
    import io

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from rich.console import Console

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home
    from companion.play.loop import Loop
    from companion.play.session import Session
    from companion.play.ui import Prompter

    out = io.StringIO()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("r?push back\r q\x03")
        Loop(
            Session(Home(draw=drawn_board), "sample"), Console(file=out, width=120), Prompter()
        ).run()
    text = out.getvalue()
    # The paragraph flows to the terminal's width, not broken where the rules file breaks
    # its lines ("...the attacker may push" / "the defender 1\"...").
    picked = text[text.rindex("Push back: In melee") :]
    assert 'the attacker may push the defender 1"' in picked


@pytest.mark.parametrize(
    ("system_id", "kind", "status", "opfor", "topic"),
    [
        ("1ss", "choose", None, False, "activation"),
        ("1ss", "acting", "wounded", False, "recover"),
        ("1ss", "choose", None, True, "opfor"),
        ("1ss", "upkeep", None, False, "turn"),
        ("warstuff", "acting", "upright", False, "actions"),
        # A stunned unit's activation: the one action it may take, Recover, comes first.
        ("warstuff", "acting", "stunned", False, "recover"),
    ],
)
def test_the_situation_finds_its_topic(system_id, kind, status, opfor, topic):
    from companion.lookup.situation import situation_topic

    found = situation_topic(system_id, kind, status, opfor)
    assert found is not None and found.id == topic


def test_readme_rules_examples_run_as_printed(run):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    examples = [
        line.strip() for line in readme.splitlines() if line.startswith("    companion rules ")
    ]
    assert len(examples) >= 4
    for example in examples:
        r = run(*shlex.split(example)[1:])
        assert r.code == 0, (example, r.err)


def test_a_topic_id_wins_over_a_kind_of_the_same_name(run):
    r = run("rules", "show", "warstuff", "actions", "--json").json()["items"]
    assert len(r) == 1 and r[0]["id"] == "actions"
    kinds = {
        t["kind"] for t in run("rules", "show", "warstuff", "action", "--json").json()["items"]
    }
    assert kinds == {"action"}


@pytest.mark.parametrize(
    ("entry", "text", "matches"),
    [
        ("* attacks *", "robyn attacks cpt. fawkes", True),
        ("* attacks *", " attacks x", False),
        ("* attacks *", "robyn attacks ", False),
        ("* defends", "robyn defends falling hit 1 of 2", False),
        ("* defends falling hit *", "robyn defends falling hit 1 of 2", True),
        ("kill roll on *", "kill roll on troll", True),
        ("kill roll on *", "kill roll on ", False),
        ("turn count", "turn count", True),
        ("a*b*c", "axbyc", True),
        ("a*b*c", "abc", False),
    ],
)
def test_star_stands_for_some_text(entry, text, matches):
    from companion.lookup.links import glob_match

    assert glob_match(tuple(entry.split("*")), text) is matches


@pytest.mark.parametrize("name", ["cover", "shooting", "initiative", "recover", "jump", "range"])
def test_the_words_the_issue_could_not_find_now_show_their_rule(run, name):
    r = run("rules", "show", "1ss", name, "--json")
    assert r.code == 0, r.err
    assert r.json()["items"][0]["id"] == name and r.json()["items"][0]["kind"] == "topic"


def test_a_system_entry_cites_the_rulings_that_name_it():
    by_id = {t.id: t for t in all_topics("1ss")}
    assert "R-1SS-P06" in by_id["tank"].rulings and "R-1SS-10" in by_id["sniper"].rulings
    ws = {t.id: t for t in all_topics("warstuff")}
    assert ws["tough"].rulings == ("R-WS-P04",)
    # Named only in a list of a unit's rules ("Frigate Fast + Shooter"): no ruling about it.
    assert ws["fast"].rulings == () and ws["slow"].rulings == ()
