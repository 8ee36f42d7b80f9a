"""Skills as the text writes them (R-1SS-P20, R-1SS-03, R-1SS-09)."""

from __future__ import annotations

import pytest

from companion.errors import RefusedError, UsageError
from tests.onestat_helpers import attack, fighter, game, resolve, step


def test_copycat_copies_a_passive_skill_for_the_turn():
    st = game(fighter("cat", 0, skills=("copycat",)), fighter("vet", 1, skills=("veteran",)))
    out, st = resolve(st, "skill", "cat", None, [], skill="copycat", copy="veteran")
    assert "Veteran" in out.summary
    st = game(*st.fighters, active="cat", actions=2)
    out, _ = attack(st, "cat", "vet", [5, 8])
    assert step(out, "attacks").total == 4  # Veteran's -1 on the copy's attack


def test_magic_device_rerolls_a_failed_force_user_strike():
    fu = fighter("ann", 0, stat=4, gear=("magic-device",), skills=("force-user",))
    st = game(fu, fighter("bob", 1))
    out, st2 = resolve(st, "skill", "ann", "bob", [7, 2, 3], skill="force-user", range=8)
    assert any("(again)" in s.title for s in out.trace.steps)
    assert st2.fighter("ann").status == "upright" and st2.fighter("bob").status == "wounded"


def test_switcher_swaps_with_an_enemy_rookie():
    st = game(fighter("ann", 0, skills=("switcher",)), fighter("rex", 1, rank="rookie"))
    out, _ = resolve(st, "skill", "ann", "rex", [2], skill="switcher")
    assert "swap places" in out.summary


def test_influenced_enemy_may_attack_its_own_side():
    puppet = fighter("bob", 1, flags={"reaction": "influenced", "influenced_by": "ann"})
    st = game(fighter("ann", 0), puppet, fighter("cid", 1))
    _, st2 = attack(st, "bob", "cid", [1, 2])
    assert st2.fighter("cid").status == "wounded"
    assert "influenced_by" not in st2.fighter("bob").flags
    with pytest.raises(RefusedError, match="same side"):
        attack(game(fighter("ann", 0), fighter("bob", 1), fighter("cid", 1)), "bob", "cid", [1])


def test_wild_demon_may_attack_its_own_side():
    demon = fighter("dem", 0, flags={"demon": True, "wild": True})
    st = game(demon, fighter("ctl", 0, skills=("controller",)), fighter("bob", 1))
    _, st2 = attack(st, "dem", "ctl", [1, 2])
    assert st2.fighter("ctl").status == "wounded"


def test_minion_master_wound_goes_to_the_named_minion():
    st = game(
        fighter("ann", 0),
        fighter("mm", 1, skills=("minion-master",)),
        fighter("m1", 1, rank="rookie", flags={"minion": True}),
        fighter("m2", 1, rank="rookie", flags={"minion": True}),
    )
    out, st2 = attack(st, "ann", "mm", [1, 2], minion="m2")
    assert st2.fighter("m2").out and not st2.fighter("m1").out
    assert "named by the table" in step(out, "Minion Master").outcome
    out, st3 = attack(st, "ann", "mm", [1, 2])
    assert st3.fighter("m1").out and "--opt minion" in step(out, "Minion Master").outcome
    _, st4 = attack(st, "ann", "mm", [1, 2], minion_near=False)
    assert st4.fighter("mm").status == "wounded" and not st4.fighter("m1").out


def test_preacher_option_needs_a_preacher_in_play():
    st = game(fighter("ann", 0, rank="rookie", stat=3), fighter("bob", 1, rank="rookie", stat=3))
    with pytest.raises(UsageError, match="no Preacher"):
        attack(st, "ann", "bob", [4, 3], preacher="defender")


def test_heavy_option_is_fixed_before_the_game():
    heavy = fighter("ann", 0, gear=("heavy-shooter",))
    st = game(heavy, fighter("bob", 1), actions=1)
    with pytest.raises(RefusedError, match="fixed before the game"):
        attack(st, "ann", "bob", [1, 2, 3], ranged=True, range=4, heavy=2)
    with pytest.raises(RefusedError, match="before turn 1"):
        resolve(st, "heavy-option", "ann", None, [], option=2)
    _, early = resolve(
        game(heavy, fighter("bob", 1), turn=0), "heavy-option", "ann", None, [], option=2
    )
    assert early.fighter("ann").flags["heavy_option"] == 2


def test_game_option_fixes_every_heavy_shooter(run):
    assert run("demo").code == 0
    r = run("game", "new", "-r", "Robyn", "-r", "Cpt", "--opt", "heavy_option=2", "--name", "h")
    assert r.code == 0, r.err
    from companion import systems

    assert systems.get("1ss").accept_game_options({"heavy_option": "2"})["heavy_option"] == 2
    r = run("game", "new", "-r", "Robyn", "-r", "Cpt", "--opt", "heavy_option=3", "--name", "x")
    assert r.code == 2
