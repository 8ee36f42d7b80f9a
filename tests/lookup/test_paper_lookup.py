"""Look-ups without a tracked game: fighters from a saved roster (ROSTER:FIGHTER) or
described in roster words, resolved exactly as the same situation in a game, writing
nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import systems
from companion.game.peek import peek

# A fighter of each sample warband, and the facts of an attack between them.
PAIRS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "1ss": ("Robyn", "T-999", ()),
    "warstuff": ("Dwarf Warrior", "Orc Warrior", ()),
    "skirmashed": ("Vex", "Tam", ("--range", "5", "--opt", "cover=soft")),
    "smbfat": ("Sir Aldric", "Rifleman", ()),
    "monochrome": ("Chief", "Inspector", ()),
}


def _game_in_turn_one(run: Any, system: str) -> tuple[str, str, str, str]:
    """The system's sample game in its first turn, with the fighter of the side that goes
    first activating: (attacker, its roster, target, its roster)."""
    assert run("game", "new", "--system", system, "--seed", "1").code == 0
    assert run("turn", "--seed", "2").code == 0
    view = peek(None)
    assert view is not None
    state = view.state
    side = systems.get(system).next_side(state)
    assert side is not None
    names = PAIRS[system][:2]
    by_name = {f.name: f for f in state.fighters}
    attacker = next(n for n in names if by_name[n].side == side)
    target = next(n for n in names if n != attacker)
    assert run("activate", attacker).code == 0
    roster = {i: s.name for i, s in enumerate(state.sides)}
    return attacker, roster[by_name[attacker].side], target, roster[by_name[target].side]


def _files(home: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and "cache" not in p.parts and p.name != ".lock"
    }


@pytest.mark.parametrize("system", list(PAIRS))
def test_odds_without_a_game_are_the_games_odds(run: Any, system: str) -> None:
    attacker, a_roster, target, t_roster = _game_in_turn_one(run, system)
    facts = PAIRS[system][2]
    in_game = run("odds", attacker, target, *facts, "--json")
    assert in_game.code == 0, in_game.err
    looked_up = run(
        "odds", "--system", system, f"{a_roster}:{attacker}", f"{t_roster}:{target}", *facts,
        "--json",
    )  # fmt: skip
    assert looked_up.code == 0, looked_up.err
    assert looked_up.json() == in_game.json()


@pytest.mark.parametrize("system", list(PAIRS))
def test_an_attack_without_a_game_rolls_as_the_game_does_and_writes_nothing(
    run: Any, home: Path, system: str
) -> None:
    attacker, a_roster, target, t_roster = _game_in_turn_one(run, system)
    facts = PAIRS[system][2]
    before = _files(home)
    looked_up = run(
        "attack", "-s", system, f"{a_roster[:4]}:{attacker}", f"{t_roster[:4]}:{target}",
        *facts, "--seed", "7", "--json",
    )  # fmt: skip
    assert looked_up.code == 0, looked_up.err
    assert _files(home) == before  # nothing written: not the game, not the rosters
    found = looked_up.json()
    assert found["written"] is False and found["dice"]
    in_game = run("attack", attacker, target, *facts, "--seed", "7", "--json")
    assert in_game.code == 0, in_game.err
    assert found["trace"] == in_game.json()["event"]["trace"]
    # The same explanation as text, step by step.
    text = run("attack", "-s", system, f"{a_roster}:{attacker}", f"{t_roster}:{target}",
               *facts, "--seed", "7")  # fmt: skip
    assert run("undo").code == 0
    assert text.out == run("attack", attacker, target, *facts, "--seed", "7").out


def test_described_fighters_read_the_words_roster_add_takes(run: Any, home: Path) -> None:
    r = run(
        "odds", "--system", "1ss", "specialist stat=5 rifle", "rookie stat=3",
        "--range", "8", "--cover",
    )  # fmt: skip
    assert r.code == 0, r.err
    assert r.out.startswith("Odds: Specialist shoots at Rookie")
    # A specialist's rifle is a medium shooter: at 8 steps (normal range) one D8 needing
    # 5 or less; the rookie in cover defends with 2D6 keep the higher, needing above 3.
    assert "Specialist rolls D8, needs <= 5: hit  (chance 62.5% (5/8))" in r.out
    assert "Rookie rolls 2D6 keep highest, needs > 3: defended  (chance 75% (3/4))" in r.out
    assert "out 15.6% (5/32)" in r.out
    assert not home.exists() or not list(home.glob("games/*"))


def test_a_look_up_without_any_game_finds_its_system_by_the_words(run: Any, home: Path) -> None:
    r = run("odds", "Orc Warrior", "Dwarf Warrior")
    assert r.code == 0, r.err
    assert r.out.startswith("Odds: Orc Warrior attacks Dwarf Warrior")
    assert "Dwarf Warrior: killed 33.3% (1/3)" in r.out
    r = run("attack", "rookie stat=3 melee-1h", "specialist stat=5", "--dice", "2,7")
    assert r.code == 0, r.err
    assert "Rookie attacks Specialist" in r.out
    assert not list(home.glob("games/*")) and not (home / "rosters.json").exists()


def test_same_names_are_told_apart(run: Any) -> None:
    r = run("odds", "-s", "warstuff", "Orc Warrior", "Orc Warrior")
    assert r.code == 0, r.err
    assert r.out.startswith("Odds: Orc Warrior attacks Orc Warrior 2")


def test_a_stat_left_out_is_said_and_taken_at_its_highest(run: Any) -> None:
    args = ("odds", "-s", "skirmashed", "figure firepower=4 boom=6", "figure manoeuvre=5")
    r = run(*args, "--ranged", "--range", "5", "--opt", "cover=soft")
    assert r.code == 0, r.err
    assert "Note: Figure 2 (figure manoeuvre=5): not given, taken at their highest: " in r.out
    assert "Stamina 19" in r.out
    # Four shots at Boom! 6 -1 within 6": each hits above 5, half of them.
    assert "Figure rolls 4D10, each needs > 5" in r.out
    notes = run(*args, "--range", "5", "--json").json()["notes"]
    assert len(notes) == 2 and "Stamina 19" in notes[1]


def test_a_state_given_in_the_words_is_the_fighters(run: Any) -> None:
    r = run("recover", "-s", "1ss", "specialist stat=5 wounded", "--dice", "6")
    assert r.code == 0, r.err
    # R-1SS-06: a wounded specialist stands up on its stat or more.
    assert "Specialist rolls D8 → 6; needs at or above 5 → stands up" in r.out
    upright = run("recover", "-s", "1ss", "specialist stat=5", "--dice", "6")
    assert upright.code == 1 and "upright" in upright.err
    r = run("recover", "-s", "1ss", "rookie stat=3 wounded", "--dice", "6")
    assert r.code == 2 and "a rookie leaves at its first wound" in r.err


def test_a_skill_on_a_friend_puts_the_friend_on_its_side(run: Any) -> None:
    r = run("skill", "-s", "1ss", "specialist stat=5 healer", "healer", "boss stat=6 wounded",
            "--odds")  # fmt: skip
    assert r.code == 0, r.err
    assert "Boss loses a wound: now upright  (chance 62.5% (5/8))" in r.out


def test_a_fall_looked_up(run: Any) -> None:
    r = run("fall", "-s", "1ss", "boss stat=6", "--inches", "4", "--dice", "7,2,9")
    assert r.code == 0, r.err
    assert "Boss falls 4" in r.out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("-s", "1ss", "specialist stat=5 rifel", "rookie stat=3"),
            "1 Stat Skirmish cannot read 'rifel' in 'specialist stat=5 rifel' "
            "(did you mean 'rifle'?); a fighter there is ranks: rookie, specialist, boss",
        ),
        (
            ("-s", "1ss", "specalist stat=5", "rookie stat=3"),
            "cannot read 'specalist' in 'specalist stat=5' (did you mean 'specialist'?)",
        ),
        (
            ("-s", "1ss", "specialist stt=5", "rookie stat=3"),
            "cannot read 'stt=5' in 'specialist stt=5' (did you mean 'stat=5'?): its stats are",
        ),
        (("-s", "1ss", "specialist stat=9", "rookie stat=3"), "stat must be 1-8, not 9"),
        (("-s", "1ss", "specialist", "rookie stat=3"), "'specialist': a 1ss fighter has exactly"),
        (
            ("-s", "warstuff", "Ork Warrior", "Dwarf Warrior"),
            "cannot read 'Ork Warrior' in 'Ork Warrior' (did you mean 'orc warrior'?)",
        ),
        (("-s", "1ss", "stat=3", "rookie stat=3"), "names no rank; 1 Stat Skirmish ranks"),
        (("-s", "chess", "rookie stat=3", "rookie stat=3"), "unknown rule system 'chess'"),
    ],
)
def test_a_bad_description_names_the_word_and_what_is_taken(
    run: Any, args: tuple[str, ...], said: str
) -> None:
    r = run("odds", *args)
    assert r.code == 2
    assert said in r.err
    assert r.out == ""


def test_roster_references_name_what_is_wrong(demo: Any) -> None:
    r = demo("odds", "-s", "1ss", "Robin:John", "Cpt:T-999")
    assert r.code == 2 and "no roster named 'Robin' (did you mean 'Robyn's merry men'?)" in r.err
    r = demo("odds", "-s", "1ss", "Robim's merry men:John", "Cpt:T-999")
    assert r.code == 2 and "(did you mean 'Robyn's merry men'?)" in r.err
    r = demo("odds", "-s", "1ss", "Robyn:Jon", "Cpt:T-999")
    assert r.code == 2 and "no fighter of 'Robyn's merry men' named 'Jon'" in r.err
    r = demo("odds", "-s", "warstuff", "Robyn:John", "Cpt:T-999")
    assert r.code == 2 and "is a 1ss roster, not warstuff" in r.err


def test_without_a_game_names_that_are_no_description_get_the_games_error(run: Any) -> None:
    r = run("odds", "Robyn", "T-999")
    assert r.code == 2
    assert r.err.startswith("companion: error: no current game; start one")
    assert "without a game, name fighters as ROSTER:FIGHTER or describe them" in r.err


def test_a_named_game_that_is_missing_is_not_looked_up(run: Any) -> None:
    r = run("odds", "Orc Warrior", "Dwarf Warrior", "--game", "nope")
    assert r.code == 2 and "current game" not in r.err


def test_typed_dice_are_checked_as_in_a_game(run: Any) -> None:
    r = run("attack", "-s", "warstuff", "Orc Warrior", "Dwarf Warrior", "--dice", "5,4,3")
    assert r.code == 2 and "remove the extra 1 from --dice" in r.err


def test_one_fighter_acting_alone_has_a_stand_in_opponent(run: Any) -> None:
    # WarStuff starts no game with a side of no units: the other side gets a stand-in.
    r = run("act", "-s", "warstuff", "Orc Warrior", "walk", "--odds")
    assert r.code == 0, r.err
    assert '1. Walk: Orc Warrior takes Walk: up to 6"  rules: walk' in r.out
    # A certain outcome is told once, with no chance that only says 100%.
    assert 'Result: Orc Warrior takes Walk: up to 6"\n' in r.out
    assert "100%" not in r.out


def test_a_unit_of_two_genres_is_told_by_its_genre(run: Any) -> None:
    r = run("act", "-s", "warstuff", "Human Warrior healer", "heal", "Knight", "--odds")
    assert r.code == 2
    assert "'Knight' is in more than one genre (Fantasy, Medieval); add it to the words" in r.err
    r = run("act", "-s", "warstuff", "Human Warrior healer", "heal", "Knight medieval wounds=1",
            "--odds")  # fmt: skip
    assert r.code == 0, r.err
    assert "Human Warrior heals Knight: one wound off (0 left)" in r.out
