"""Limits of roles and skills: Distraction targeting (R-1SS-P13), the movement action
with the Meat Shield's half move and the no-move skills (R-1SS-P14), attack bans and
melee reach. Fixed dice throughout."""

from __future__ import annotations

import pytest

from companion.errors import RefusedError, UsageError
from tests.onestat_helpers import attack, fighter, game, resolve, step


def decoy_game(**a_kw):
    return game(
        fighter("ann", 0, **a_kw),
        fighter("bob", 1),
        fighter("dis", 1, rank="rookie", stat=3, skills=("distraction",)),
    )


# --- Distraction -----------------------------------------------------------------------


def test_named_distraction_refuses_any_other_target():
    with pytest.raises(RefusedError, match=r"Dis is a Distraction.*not Bob.*R-1SS-P13"):
        attack(decoy_game(), "ann", "bob", [1, 1], distraction="dis")


def test_named_distraction_may_be_attacked():
    out, st = attack(decoy_game(), "ann", "dis", [1, 2], distraction="dis")
    assert st.fighter("dis").out
    assert not any(s.title == "Distraction" for s in out.trace.steps)


def test_distraction_true_means_any_distraction_in_play():
    with pytest.raises(RefusedError, match="must pick it"):
        attack(decoy_game(), "ann", "bob", [1, 1], distraction=True)
    attack(decoy_game(), "ann", "dis", [1, 2], distraction=True)


def test_distraction_false_silences_the_reminder_and_unsaid_keeps_it():
    out, _ = attack(decoy_game(), "ann", "bob", [1, 8], distraction=False)
    assert not any(s.title == "Distraction" for s in out.trace.steps)
    out, _ = attack(decoy_game(), "ann", "bob", [1, 8])
    assert step(out, "Distraction")


def test_naming_a_fighter_that_is_no_distraction_is_a_usage_error():
    with pytest.raises(UsageError, match="no enemy Distraction"):
        attack(decoy_game(), "ann", "bob", [1, 1], distraction="bob")


def test_distraction_binds_skills_that_target_an_enemy():
    st = decoy_game(skills=("force-user",))
    with pytest.raises(RefusedError, match="R-1SS-P13"):
        resolve(st, "skill", "ann", "bob", [1], skill="force-user", distraction="dis")


# --- movement ----------------------------------------------------------------------------


def test_move_spends_an_action_within_the_stat():
    st = game(fighter("ann", 0, stat=4), fighter("bob", 1))
    out, st = resolve(st, "move", "ann", None, [], inches=4)
    assert st.fighter("ann").flags["actions"] == 1 and st.fighter("ann").flags["moved"]
    with pytest.raises(RefusedError, match='4" at most'):
        resolve(st, "move", "ann", None, [], inches=5)


def test_meat_shield_moves_half_its_stat():
    st = game(fighter("ann", 0, rank="rookie", stat=5, skills=("meat-shield",)), fighter("bob", 1))
    resolve(st, "move", "ann", None, [], inches="2.5")
    with pytest.raises(RefusedError, match=r'2\.5" at most \(Meat Shield'):
        resolve(st, "move", "ann", None, [], inches=3)


def test_animal_form_moves_die_minus_stat():
    st = game(
        fighter("ann", 0, stat=3, skills=("shapeshifter",), flags={"animal": True}),
        fighter("bob", 1),
    )
    resolve(st, "move", "ann", None, [], inches=5)
    with pytest.raises(RefusedError, match='5" at most'):
        resolve(st, "move", "ann", None, [], inches=6)


def test_prone_fighter_cannot_move():
    st = game(fighter("ann", 0, status="wounded", wounds=1), fighter("bob", 1))
    with pytest.raises(RefusedError, match="Recover"):
        resolve(st, "move", "ann", None, [])


def test_no_move_skills_and_moves_exclude_each_other():
    st = game(fighter("ann", 0, stat=4, skills=("shapeshifter",)), fighter("bob", 1))
    _, moved = resolve(st, "move", "ann", None, [], inches=2)
    with pytest.raises(RefusedError, match="R-1SS-P14"):
        resolve(moved, "skill", "ann", None, [1], skill="shapeshifter")
    _, shifted = resolve(st, "skill", "ann", None, [1], skill="shapeshifter")
    with pytest.raises(RefusedError, match="R-1SS-P14"):
        resolve(shifted, "move", "ann", None, [])


# --- attack bans and reach ---------------------------------------------------------------


def test_controller_never_shoots():
    st = game(fighter("ann", 0, gear=("light-shooter",), skills=("controller",)), fighter("bob", 1))
    with pytest.raises(RefusedError, match="Controller"):
        attack(st, "ann", "bob", [1], ranged=True, range=3)


def test_berserker_never_shoots_even_with_a_shooter_listed():
    st = game(fighter("ann", 0, gear=("light-shooter",), skills=("berserker",)), fighter("bob", 1))
    with pytest.raises(RefusedError, match="Berserker"):
        attack(st, "ann", "bob", [1], ranged=True, range=3)


def test_humanoid_shapeshifter_cannot_shoot():
    st = game(
        fighter("ann", 0, gear=("light-shooter",), skills=("shapeshifter",)), fighter("bob", 1)
    )
    with pytest.raises(RefusedError, match="humanoid"):
        attack(st, "ann", "bob", [1], ranged=True, range=3)


def test_melee_reach_five_for_a_martial_artist_only():
    st = game(fighter("ann", 0, gear=(), skills=("martial-artist",)), fighter("bob", 1))
    out, _ = attack(st, "ann", "bob", [8, 8], reach=4)
    assert not step(out, "attacks").success
    st = game(fighter("ann", 0), fighter("bob", 1))
    with pytest.raises(RefusedError, match='only a Martial Artist reaches 5"'):
        attack(st, "ann", "bob", [1], reach=2)


# --- through the CLI ---------------------------------------------------------------------


def test_distraction_and_move_limits_end_to_end(demo):
    run = demo

    def add(name, rank, stat, *extra):
        r = run("roster", "add", "decoys", name, "-r", rank, "--stat", str(stat), *extra)
        assert r.code == 0, r.err

    assert run("roster", "new", "Decoys", "--system", "1ss").code == 0
    add("Boss", "boss", 6, "-e", "melee-1h", "--skill", "command", "--skill", "tank")
    add("Bait", "rookie", 3, "-e", "melee-1h", "--skill", "distraction")
    add("Wall", "rookie", 4, "-e", "melee-1h", "--skill", "meat-shield")
    assert run("game", "new", "-r", "Cpt", "-r", "Decoys", "--name", "bait").code == 0
    assert run("turn", "--dice", "9,1").code == 0
    assert run("activate", "Cpt").code == 0
    before = run("log", "--json").out
    r = run("attack", "Cpt", "Boss", "--range", "4", "--opt", "distraction=Bait", "--dice", "1")
    assert r.code == 1 and "Bait is a Distraction" in r.err and "R-1SS-P13" in r.err
    r = run("act", "Cpt", "move", "--opt", "inches=7")
    assert r.code == 1 and '6" at most' in r.err
    assert run("log", "--json").out == before
    r = run("act", "Cpt", "move", "--opt", "inches=6", "--json")
    assert r.code == 0, r.err
    r = run("attack", "Cpt", "Bait", "--range", "4", "--opt", "distraction=Bait", "--dice", "1,1,1")
    assert r.code == 0, r.err


# --- Minion Master ---------------------------------------------------------------------


def _activate(st, fid):
    from companion.game.events import apply_change
    from tests.onestat_helpers import sys1

    st = st.__class__(**{**st.__dict__, "active": None})
    out = sys1().activate(st, fid)
    for c in out.changes:
        st = apply_change(st, c)
    return out, st


def minion_game():
    return game(
        fighter("foe", 1),
        fighter("ann", 0, skills=("minion-master",)),
        fighter("min", 0, rank="rookie", flags={"minion": True}),
        fighter("mo", 0, rank="rookie", flags={"minion": True}),
        fighter("rex", 0, rank="rookie"),
    )


def test_minion_master_activates_its_minions_with_it():
    out, st = _activate(minion_game(), "ann")
    assert "minions Min and Mo activate with it" in out.summary
    assert st.fighter("min").token and st.fighter("min").flags["actions"] == 2
    # a minion acts in its master's activation, with its own actions (D6 hit 1, defence 2)
    out, st = attack(st, "min", "foe", [1, 2])
    # it did not move first, so the attack was its last action (R-1SS-P16)
    assert st.fighter("min").flags["actions"] == 0 and st.fighter("ann").flags["actions"] == 2
    with pytest.raises(RefusedError, match="activation token"):
        _activate(st, "mo")
    # the next activation ends theirs: the minions' actions lapse
    st = st.__class__(**{**st.__dict__, "flags": {"last_side": 1}})
    _, st = _activate(st, "rex")
    assert "actions" not in st.fighter("min").flags


def test_third_minion_is_refused():
    with pytest.raises(RefusedError, match="two minions"):
        resolve(minion_game(), "minion", "rex", None, [])
