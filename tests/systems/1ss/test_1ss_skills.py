"""Specialist skills and rookie roles, each with fixed dice, plus Recover and falling."""

from __future__ import annotations

import pytest

from companion import systems
from companion.dice import TypedDice
from companion.errors import RefusedError, UsageError
from companion.game.events import apply_change
from tests.onestat_helpers import again, attack, fighter, game, odds, resolve, step


def next_turn(st, dice):
    out = systems.get("1ss").next_turn(st, TypedDice(dice))
    for c in out.changes:
        st = apply_change(st, c)
    return out, st


# --- roll-changing skills and roles -------------------------------------------------


def test_brawler_makes_defender_keep_lower():
    st = game(fighter("ann", 0, skills=("brawler",)), fighter("bob", 1))
    out, st = attack(st, "ann", "bob", [1, 8, 3])
    s = step(out, "defends")
    assert (s.roll.count, s.roll.keep, s.roll.value) == (2, "l", 3)
    assert st.fighter("bob").status == "wounded"


def test_brawler_and_cover_cancel_out():
    st = game(fighter("ann", 0, skills=("brawler",)), fighter("bob", 1))
    out, _ = attack(st, "ann", "bob", [1, 8], cover=True)
    s = step(out, "defends")
    assert s.roll.count == 1 and "R-1SS-P06" in s.rulings


def test_berserker_attacks_twice():
    st = game(fighter("ann", 0, skills=("berserker",)), fighter("bob", 1))
    out, st = attack(st, "ann", "bob", [1, 2, 1])
    assert st.fighter("bob").out
    assert sum(1 for s in out.trace.steps if "attacks" in s.title) == 2


def test_martial_artist_two_dice_keep_lower():
    st = game(fighter("ann", 0, gear=(), skills=("martial-artist",)), fighter("bob", 1))
    out, _ = attack(st, "ann", "bob", [8, 2, 1])
    s = step(out, "attacks")
    assert (s.roll.keep, s.roll.value, s.success) == ("l", 2, True)


def test_ranger_reaches_15_with_a_light_shooter_keeping_lower():
    st = game(fighter("ann", 0, gear=("light-shooter",), skills=("ranger",)), fighter("bob", 1))
    out, _ = attack(st, "ann", "bob", [7, 3, 1], ranged=True, range=14)
    s = step(out, "attacks")
    assert (s.roll.keep, s.roll.value) == ("l", 3)


def test_tank_defends_with_two_keep_higher_and_friends_in_contact_use_its_stat():
    st = game(fighter("ann", 0), fighter("bob", 1, skills=("tank",)))
    out, _ = attack(st, "ann", "bob", [1, 2, 6])
    assert step(out, "defends").roll.value == 6
    tank = fighter("tim", 1, rank="boss", stat=2, skills=("tank",))
    st = game(fighter("ann", 0), fighter("bob", 1, rank="rookie", stat=5), tank)
    out, st = attack(st, "ann", "bob", [1, 3], tank="tim")
    s = step(out, "defends")
    assert s.roll.sides == 10 and s.target == 2 and s.success
    assert st.fighter("bob").status == "upright"


def test_veteran_minus_one_attack_plus_one_defence():
    st = game(fighter("ann", 0, skills=("veteran",)), fighter("bob", 1, skills=("veteran",)))
    out, _ = attack(st, "ann", "bob", [5, 4])
    assert step(out, "attacks").total == 4 and step(out, "defends").total == 5
    assert step(out, "defends").success


def test_warrior_counter_attacks_when_it_fails_a_melee_defence():
    st = game(fighter("ann", 0), fighter("bob", 1, skills=("warrior",)))
    out, st = attack(st, "ann", "bob", [1, 2, 3])
    assert st.fighter("bob").status == "wounded"
    assert st.fighter("ann").status == "wounded"
    assert step(out, "counter-attack")


def test_preacher_rookie_bonus():
    st = game(
        fighter("ann", 0, rank="rookie", stat=3),
        fighter("bob", 1, rank="rookie", stat=3),
        fighter("pam", 0, skills=("preacher",)),
        fighter("pat", 1, skills=("preacher",)),
    )
    out, _ = attack(st, "ann", "bob", [4, 3], preacher="both")
    assert step(out, "attacks").total == 3 and step(out, "defends").total == 4
    assert step(out, "defends").success


def test_maniac_charge_two_keep_lower_without_an_action():
    st = game(fighter("ann", 0, skills=("maniac",)), fighter("bob", 1))
    with pytest.raises(RefusedError, match="two straight"):
        attack(st, "ann", "bob", [7, 2, 8], charge=True)
    _, st = resolve(st, "move", "ann", None, [], inches=4)
    _, st = resolve(st, "move", "ann", None, [], inches=4)
    assert st.fighter("ann").flags["actions"] == 0
    out, st = attack(st, "ann", "bob", [7, 2, 8], charge=True)
    assert step(out, "attacks").roll.keep == "l"
    assert st.fighter("ann").flags["did"] == ("move", "move", "attack")
    with pytest.raises(UsageError):
        attack(game(fighter("ann", 0), fighter("bob", 1)), "ann", "bob", [1], charge=True)


def test_maniac_charge_declared_on_the_second_move_leaves_only_the_attack():
    st = game(fighter("ann", 0, skills=("maniac",)), fighter("bob", 1))
    with pytest.raises(RefusedError, match="two movement actions"):
        resolve(st, "move", "ann", None, [], inches=4, charge=True)
    _, st = resolve(st, "move", "ann", None, [], inches=4)
    _, st = resolve(st, "move", "ann", None, [], inches=4, charge=True)
    ann = st.fighter("ann")
    assert ann.flags["actions"] == 1 and systems.get("1ss").actions_for(st, ann) == ["attack"]
    with pytest.raises(RefusedError, match="attack at once"):
        resolve(st, "move", "ann", None, [], inches=1)
    out, st = attack(st, "ann", "bob", [7, 2, 8])
    assert step(out, "attacks").roll.keep == "l" and st.fighter("ann").flags["actions"] == 0


def test_thug_keeps_lower_in_melee_and_never_shoots():
    st = game(fighter("ann", 0, rank="rookie", stat=3, skills=("thug",)), fighter("bob", 1))
    out, _ = attack(st, "ann", "bob", [6, 2, 8])
    assert step(out, "attacks").roll.value == 2
    st = game(
        fighter("ann", 0, rank="rookie", gear=("light-shooter",), skills=("thug",)),
        fighter("bob", 1),
    )
    with pytest.raises(RefusedError, match="Thug"):
        attack(st, "ann", "bob", [1], ranged=True, range=3)


def test_meat_shield_counts_as_in_cover():
    st = game(fighter("ann", 0), fighter("bob", 1, rank="rookie", stat=3, skills=("meat-shield",)))
    out, _ = attack(st, "ann", "bob", [1, 2, 5])
    assert step(out, "defends").roll.count == 2
    out, _ = attack(st, "ann", "bob", [1, 2], meat_shield=False)
    assert step(out, "defends").roll.count == 1


def test_shapeshifter_animal_form_attack_and_defence():
    me = fighter("ann", 0, stat=4, skills=("shapeshifter",))
    st = game(me, fighter("bob", 1))
    with pytest.raises(RefusedError, match="humanoid"):
        attack(st, "ann", "bob", [1])
    out, st = resolve(st, "skill", "ann", None, [3], skill="shapeshifter")
    assert st.fighter("ann").flags["animal"] is True and "moves 4" in out.summary
    out, _ = attack(again(st, "ann"), "ann", "bob", [6, 1])
    assert step(out, "attacks").compare == ">=" and step(out, "attacks").success
    st2 = game(fighter("bob", 1), fighter("ann", 0, stat=4, flags={"animal": True}))
    out, s3 = attack(st2, "bob", "ann", [1, 3])
    assert step(out, "defends").compare == "<" and step(out, "defends").success


def test_regenerator_two_recovery_rolls_and_keeps_acting():
    me = fighter("ann", 0, stat=6, skills=("regenerator",), status="wounded", wounds=1)
    st = game(me, fighter("bob", 1))
    out, st = resolve(st, "recover", "ann", None, [2, 7])
    assert st.fighter("ann").status == "upright" and st.fighter("ann").flags["actions"] == 1


def test_regenerator_face_down_then_upkeep_roll():
    me = fighter("ann", 0, stat=6, skills=("regenerator",), status="wounded", wounds=1)
    st = game(fighter("bob", 1), me)
    out, st = attack(st, "bob", "ann", [1])
    assert st.fighter("ann").status == "face-down"
    _, st_ok = next_turn(st, [7, 5, 3])
    assert st_ok.fighter("ann").status == "wounded" and st_ok.fighter("ann").wounds == 1
    _, st_bad = next_turn(st, [2, 5, 3])
    assert st_bad.fighter("ann").out


def test_force_user_hits_ignoring_cover_and_failure_wounds():
    me = fighter("ann", 0, stat=4, skills=("force-user",))
    st = game(me, fighter("bob", 1, gear=("melee-1h", "shield")))
    out, st2 = resolve(st, "skill", "ann", "bob", [2, 3], skill="force-user", range=18)
    assert step(out, "defends").roll.count == 1
    assert st2.fighter("bob").status == "wounded"
    out, st2 = resolve(st, "skill", "ann", "bob", [7], skill="force-user")
    assert st2.fighter("ann").status == "wounded"
    with pytest.raises(RefusedError, match="20"):
        resolve(st, "skill", "ann", "bob", [2], skill="force-user", range=21)


def test_healer_removes_a_wound():
    st = game(
        fighter("ann", 0, skills=("healer",)),
        fighter("cid", 0, status="wounded", wounds=1),
        fighter("bob", 1),
    )
    out, st2 = resolve(st, "skill", "ann", "cid", [3], skill="healer")
    assert st2.fighter("cid").status == "upright" and st2.fighter("cid").wounds == 0
    out, st2 = resolve(st, "skill", "ann", "cid", [6], skill="healer")
    assert st2.fighter("cid").status == "wounded"


def test_controller_summons_a_demon_and_failure_wounds():
    st = game(fighter("ann", 0, skills=("controller",)), fighter("bob", 1))
    with pytest.raises(RefusedError, match="never attacks"):
        attack(st, "ann", "bob", [1])
    out, st2 = resolve(st, "skill", "ann", None, [2], skill="controller", stat=5)
    demon = st2.fighter("ann-demon-1")
    assert demon.die == 8 and demon.stat == 5 and demon.side == 0
    with pytest.raises(RefusedError, match="already"):
        resolve(st2, "skill", "ann", None, [2], skill="controller", stat=5, free=True)
    out, st3 = resolve(st, "skill", "ann", None, [7], skill="controller", stat=5)
    assert st3.fighter("ann").status == "wounded"
    # a demon fights like any fighter
    st4 = game(*(f for f in st2.fighters if f.id != "ann"), active="ann-demon-1")
    out, st5 = attack(st4, "ann-demon-1", "bob", [1, 2, 3])  # unarmed: 2 keep higher
    assert st5.fighter("bob").status == "wounded"


def test_driver_gives_a_rookie_an_extra_activation():
    st = game(
        fighter("ann", 0, skills=("driver",)),
        fighter("roo", 0, rank="rookie", token=True),
        fighter("bob", 1),
    )
    out, st2 = resolve(st, "skill", "ann", "roo", [3], skill="driver")
    assert st2.active == "roo" and st2.fighter("roo").flags["actions"] == 2
    out, st3 = attack(st2, "roo", "bob", [1, 2])
    assert st3.fighter("bob").status == "wounded"


def test_switcher_failure_wounds():
    st = game(
        fighter("ann", 0, skills=("switcher",)), fighter("roo", 0, rank="rookie"), fighter("bob", 1)
    )
    out, st2 = resolve(st, "skill", "ann", "roo", [3], skill="switcher")
    assert "swap" in out.summary
    out, st2 = resolve(st, "skill", "ann", "roo", [8], skill="switcher")
    assert st2.fighter("ann").status == "wounded"


def test_influencer_takes_over_an_enemy_or_loses_next_activation():
    st = game(fighter("ann", 0, skills=("influencer",)), fighter("bob", 1), fighter("cid", 0))
    out, st2 = resolve(st, "skill", "ann", "bob", [3], skill="influencer")
    assert st2.fighter("bob").flags["reaction"] == "influenced"
    out, st3 = attack(st2, "bob", "cid", [1, 2])
    assert st3.fighter("cid").status == "wounded" and "reaction" not in st3.fighter("bob").flags
    out, st4 = resolve(st, "skill", "ann", "bob", [8], skill="influencer")
    assert st4.fighter("ann").flags["skip_activation"] is True


def test_doppelganger_splits_into_two_of_the_rank_below():
    st = game(fighter("ann", 0, rank="boss", stat=7, skills=("doppelganger",)), fighter("bob", 1))
    out, st2 = resolve(st, "skill", "ann", None, [5], skill="doppelganger")
    halves = [st2.fighter("ann-1"), st2.fighter("ann-2")]
    assert all(h.rank == "specialist" and h.die == 8 and h.stat == 3 for h in halves)
    assert st2.fighter("ann").status == "split"
    st3 = game(*st2.fighters, active="ann-1")
    out, st4 = resolve(st3, "skill", "ann-1", None, [2], skill="doppelganger", merge=True)
    assert st4.fighter("ann").status == "upright" and st4.fighter("ann-1").status == "split"


def test_copycat_uses_a_skill_nearby_with_its_own_stat():
    st = game(
        fighter("ann", 0, stat=2, skills=("copycat",)),
        fighter("bob", 1, skills=("healer",)),
        fighter("cid", 0, status="wounded", wounds=1),
    )
    out, st2 = resolve(st, "skill", "ann", "cid", [3], skill="copycat", copy="healer")
    assert st2.fighter("cid").status == "wounded"  # 3 > its own stat 2
    out, st2 = resolve(st, "skill", "ann", "cid", [2], skill="copycat", copy="healer")
    assert st2.fighter("cid").status == "upright"


def test_assassin_moves_then_attacks_with_its_second_action():
    st = game(fighter("ann", 0, skills=("assassin",)), fighter("bob", 1))
    out, st2 = resolve(st, "skill", "ann", None, [2], skill="assassin")
    assert st2.fighter("ann").flags["actions"] == 1  # the skill was its move (R-1SS-P16)
    out, st3 = attack(st2, "ann", "bob", [1, 2])
    assert st3.fighter("bob").status == "wounded" and st3.fighter("ann").flags["actions"] == 0
    _, moved = resolve(st, "move", "ann", None, [], inches=2)
    with pytest.raises(RefusedError, match="first action"):
        resolve(moved, "skill", "ann", None, [2], skill="assassin")


def test_skirmisher_has_no_further_action():
    st = game(fighter("ann", 0, skills=("skirmisher",)), fighter("bob", 1))
    out, st2 = attack(st, "ann", "bob", [8], skirmish=True)
    assert st2.fighter("ann").flags["actions"] == 0


def test_guard_interrupts_the_enemy_activation():
    st = game(fighter("ann", 0, skills=("guard",)), fighter("bob", 1))
    out, st2 = resolve(st, "skill", "ann", None, [], skill="guard")
    assert st2.fighter("ann").flags["reaction"] == "guard"
    st3 = game(*st2.fighters, active="bob")
    out, st4 = attack(st3, "ann", "bob", [1, 2])
    assert st4.fighter("bob").status == "wounded"
    with pytest.raises(RefusedError):
        attack(st4, "ann", "bob", [1, 2])


def test_minion_master_passes_wounds_to_a_minion():
    st = game(
        fighter("bob", 1),
        fighter("ann", 0, skills=("minion-master",)),
        fighter("min", 0, rank="rookie", flags={"minion": True}),
        fighter("mo", 0, rank="rookie", flags={"minion": True}),
    )
    out, st2 = attack(st, "bob", "ann", [1, 2])
    assert st2.fighter("ann").status == "upright" and st2.fighter("min").out
    st3 = game(
        fighter("bob", 1),
        fighter("ann", 0, skills=("minion-master",), status="wounded"),
        fighter("min", 0, rank="rookie", flags={"minion": True}),
        fighter("mo", 0, rank="rookie"),
    )
    # no... the only minion takes it; without minions the master goes out and minions leave
    out, st4 = attack(
        game(
            fighter("bob", 1),
            fighter("ann", 0, skills=("minion-master",), status="wounded"),
            fighter("cid", 0),
        ),
        "bob",
        "ann",
        [1],
    )
    assert st4.fighter("ann").out
    assert st3


def test_engineer_works_devices_above_stat_with_two_dice():
    st = game(
        fighter("ann", 0, stat=4, skills=("engineer",)),
        fighter("bob", 1),
        scenario="trigger-device",
    )
    out, st2 = resolve(st, "skill", "ann", None, [2, 6], skill="engineer")
    s = step(out, "device")
    assert (s.roll.count, s.roll.keep, s.compare, s.success) == (2, "h", ">", True)
    assert st2.flags["device"] == 4


def test_command_lets_a_friend_act_at_once():
    st = game(
        fighter("boss", 0, rank="boss", skills=("command",)), fighter("cid", 0), fighter("bob", 1)
    )
    out, st2 = resolve(st, "command", "boss", "cid", [])
    assert st2.fighter("cid").flags["reaction"] == "command"
    out, st3 = attack(st2, "cid", "bob", [1, 2])
    assert st3.fighter("bob").status == "wounded"


def test_passive_skill_cannot_be_used_as_an_action():
    st = game(fighter("ann", 0, skills=("brawler",)), fighter("bob", 1))
    with pytest.raises(RefusedError, match="passive"):
        resolve(st, "skill", "ann", None, [], skill="brawler")
    with pytest.raises(RefusedError, match="does not have"):
        resolve(st, "skill", "ann", None, [], skill="healer")


def test_magic_device_rerolls_a_failed_skill_roll():
    st = game(
        fighter("ann", 0, gear=("magic-device",), skills=("shapeshifter",)), fighter("bob", 1)
    )
    out, st2 = resolve(st, "skill", "ann", None, [8, 2], skill="shapeshifter")
    assert st2.fighter("ann").flags["animal"] is True


def test_magic_device_counts_as_no_weapon():
    st = game(fighter("ann", 0, gear=("magic-device",)), fighter("bob", 1))
    out, _ = attack(st, "ann", "bob", [1, 8])
    assert step(out, "attacks").roll.keep == "h"


# --- Recover and falling --------------------------------------------------------------


def test_recover_on_first_action_ends_the_activation():
    st = game(fighter("ann", 0, stat=5, status="wounded", wounds=1), fighter("bob", 1))
    out, st2 = resolve(st, "recover", "ann", None, [5])
    assert st2.fighter("ann").status == "upright" and st2.fighter("ann").flags["actions"] == 0
    out, st3 = resolve(st, "recover", "ann", None, [4])
    assert st3.fighter("ann").status == "wounded" and st3.fighter("ann").flags["actions"] == 1
    out, st4 = resolve(st3, "recover", "ann", None, [8])
    assert st4.fighter("ann").status == "upright"


def test_recover_needs_a_prone_fighter():
    with pytest.raises(RefusedError, match="prone"):
        resolve(game(fighter("ann", 0), fighter("bob", 1)), "recover", "ann", None, [5])


def test_fall_hits_per_inch_after_the_first():
    st = game(fighter("ann", 0, stat=4), fighter("bob", 1))
    out, st2 = resolve(st, "fall", "ann", None, [5, 2], inches=3)
    assert st2.fighter("ann").status == "wounded"
    out, st2 = resolve(st, "fall", "ann", None, [], inches=1)
    assert st2.fighter("ann").status == "upright"
    out, st2 = resolve(st, "fall", "ann", None, [1], inches=3)  # the 2nd hit finds it prone
    assert st2.fighter("ann").out


def test_odds_change_no_state():
    st = game(fighter("ann", 0), fighter("bob", 1))
    p = odds(st, "ann", "bob", ganging=1)
    assert sum(p.values()) == 1


def test_bounty_boss_steps_down_per_wound():
    boss = fighter(
        "bob",
        1,
        rank="boss",
        stat=8,
        die=12,
        skills=("veteran",),
        flags={"bounty": True, "ladder": [12, 10, 8, 6], "opfor": True},
    )
    st = game(fighter("ann", 0, stat=6), boss)
    # The ladder replaces the boss's ignored first wound (R-1SS-S03).
    out, st = attack(st, "ann", "bob", [1, 2])
    b = st.fighter("bob")
    assert (b.die, b.stat, b.status) == (10, 4, "upright")
    assert step(out, "defends").roll.sides == 12
    out, st = attack(again(st, "ann"), "ann", "bob", [1, 2])
    b = st.fighter("bob")
    assert (b.die, b.stat, b.status, b.wounds) == (8, 2, "upright", 2)
    assert step(out, "defends").roll.sides == 10


def test_opfor_fighter_acts_only_in_its_activation_unless_free():
    # It used to attack outside any activation; the OpFor keeps its own activation
    # (R-1SS-S19), and --opt free=true is the table's way past that.
    st = game(fighter("ann", 0), fighter("orc", 1, flags={"opfor": True}))
    with pytest.raises(RefusedError, match="R-1SS-S19"):
        attack(st, "orc", "ann", [1, 2])
    out, st2 = attack(st, "orc", "ann", [1, 2], free=True)
    assert st2.fighter("ann").status == "wounded"
    assert "outside the OpFor's turn" in step(out, "Action").outcome


def test_active_skill_once_per_turn():
    st = game(fighter("ann", 0, skills=("shapeshifter",)), fighter("bob", 1))
    out, st2 = resolve(st, "skill", "ann", None, [7], skill="shapeshifter")
    with pytest.raises(RefusedError, match="once per turn"):
        resolve(st2, "skill", "ann", None, [2], skill="shapeshifter")


def test_tank_option_takes_a_name():
    tank = fighter("tim", 1, rank="boss", stat=2, skills=("tank",))
    st = game(fighter("ann", 0), fighter("bob", 1, rank="rookie", stat=5), tank)
    out, _ = attack(st, "ann", "bob", [1, 3], tank="TI")
    assert step(out, "defends").target == 2
    with pytest.raises(UsageError):
        attack(st, "ann", "bob", [1, 3], tank="ann")
