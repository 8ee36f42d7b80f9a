"""SMBFAT's `roster add` takes a figure's dice from its type: they are never asked."""

from __future__ import annotations


def test_a_figure_type_gives_its_dice(run):
    assert run("roster", "new", "Raiders", "--system", "smbfat").code == 0
    r = run("roster", "add", "Raiders", "Ogre", "-r", "warrior", "--skill", "armor")
    assert r.code == 0, r.err
    r = run("roster", "add", "Raiders", "Bob", "-r", "brawler")
    assert r.code == 0, r.err
    fighters = {f["name"]: f for f in run("roster", "show", "Raiders", "--json").json()["fighters"]}
    assert fighters["Ogre"]["stats"] == {"melee": 2, "ranged": 1}
    assert fighters["Bob"]["stats"] == {"melee": 2, "ranged": 0}


def test_dice_that_disagree_with_the_type_are_refused(run):
    assert run("roster", "new", "Raiders", "--system", "smbfat").code == 0
    r = run("roster", "add", "Raiders", "Bob", "-r", "brawler", "--stat", "melee=3")
    assert r.code == 2 and "fixed by its type: leave out --stat" in r.err, r.err
    assert run("roster", "show", "Raiders", "--json").json()["fighters"] == []


def test_a_system_whose_rank_fixes_nothing_still_needs_the_stat(run):
    assert run("roster", "new", "Caps", "--system", "1ss").code == 0
    r = run("roster", "add", "Caps", "Grub", "-r", "rookie")
    assert r.code == 2 and "--stat" in r.err, r.err
