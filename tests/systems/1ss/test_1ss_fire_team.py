"""The Fire Team (R-1SS-P12): forming, one activation with 3 actions, the team's shot,
losing a rookie (step in or dissolve) and losing the specialist. Fixed dice throughout."""

from __future__ import annotations

import pytest

from companion.errors import RefusedError, UsageError
from companion.game.events import apply_change
from tests.onestat_helpers import attack, fighter, game, resolve, step, sys1


def team_game(r2_role="fire-team", r2_stat=3, spare=None, spec_skill="veteran", **kw):
    fs = [
        fighter("foe", 1, stat=4),  # active first: the team is formed between activations
        fighter("ann", 0, rank="rookie", stat=3, gear=("heavy-shooter",), skills=("fire-team",)),
        fighter("bea", 0, rank="rookie", stat=r2_stat, gear=("light-shooter",), skills=(r2_role,)),
        fighter("gus", 0, rank="specialist", stat=5, gear=("melee-1h",), skills=(spec_skill,)),
        fighter("boss", 0, rank="boss", stat=6, skills=("command", "tank")),
    ]
    if spare:
        fs.append(spare)
    return game(*fs, **kw)


def form(st, who="ann", with_="bea,gus"):
    out, st = resolve(st, "fire-team", who, None, [], **{"with": with_})
    return out, st


def activate(st, fid):
    st = st.__class__(**{**st.__dict__, "active": None})
    out = sys1().activate(st, fid)
    for c in out.changes:
        st = apply_change(st, c)
    return out, st


def test_forming_marks_the_three_on_the_board():
    out, st = form(team_game())
    assert "R-1SS-P12" in out.trace.rulings
    assert set(st.flags["fire_teams"]) == {"gus"}
    assert sorted(st.flags["fire_teams"]["gus"]) == ["ann", "bea"]
    flags = sys1().fighter_flags(st.fighter("gus"))
    assert any(f.startswith("fire team: with Ann, Bea") for f in flags)


@pytest.mark.parametrize(
    ("kw", "msg"),
    [
        ({"r2_stat": 4}, "same stat"),
        ({"r2_role": "gunner"}, "neither a Fire Team nor an Allrounder"),
    ],
)
def test_pairing_is_checked(kw, msg):
    with pytest.raises(RefusedError, match=msg):
        form(team_game(**kw))


def test_two_allrounders_cannot_found_a_team_but_one_may_join_a_fire_team_rookie():
    st = team_game(r2_role="allrounder")
    form(st)  # Fire Team + Allrounder: fine
    al = fighter("cid", 0, rank="rookie", stat=3, gear=("heavy-shooter",), skills=())
    st = team_game(r2_role="allrounder", spare=al)
    with pytest.raises(RefusedError, match="two Allrounders"):
        form(st, who="cid", with_="bea,gus")


def test_team_needs_two_rookies_a_specialist_and_a_heavy_shooter():
    with pytest.raises(RefusedError, match="two rookies and one specialist"):
        form(team_game(), with_="bea,boss")
    st = team_game()
    st = st.__class__(
        **{
            **st.__dict__,
            "fighters": tuple(
                f.__class__(**{**f.__dict__, "equipment": ("light-shooter",)})
                if f.id == "ann"
                else f
                for f in st.fighters
            ),
        }
    )
    with pytest.raises(RefusedError, match="heavy shooter"):
        form(st)
    with pytest.raises(UsageError, match="with=ROOKIE,SPECIALIST"):
        resolve(team_game(), "fire-team", "ann", None, [])


def test_one_activation_for_the_team_with_three_actions():
    _, st = form(team_game())
    out, st = activate(st, "bea")
    assert "Fire Team activates" in out.summary and "3 actions" in out.summary
    assert all(st.fighter(m).token for m in ("ann", "bea", "gus"))
    assert st.fighter("bea").flags["actions"] == 3
    with pytest.raises(RefusedError, match="activation token"):
        activate(st, "gus")


def test_team_shot_long_range_rookie_dice_and_specialist_skill():
    _, st = form(team_game())
    _, st = activate(st, "ann")
    # 2D6 keep higher at long range (2, 4 -> 4), Veteran -1 -> 3 <= stat 3: hit;
    # Foe defends with a D8: 2 is not above 4, wounded.
    out, st2 = attack(st, "gus", "foe", [2, 4, 2], ranged=True, range=12)
    s = step(out, "attacks")
    assert (s.roll.sides, s.roll.count, s.roll.keep, s.roll.value, s.total) == (6, 2, "h", 4, 3)
    assert any(m.reason == "Veteran" for m in s.modifiers) and s.target == 3
    assert st2.fighter("foe").status == "wounded"
    assert st2.fighter("ann").flags["actions"] == 0
    assert "Fire Team (Ann and Bea)" in out.summary


def test_team_moves_once_each_then_cannot_shoot():
    _, st = form(team_game())
    _, st = activate(st, "ann")
    _, st = resolve(st, "move", "bea", None, [], inches=3)
    assert st.fighter("ann").flags["actions"] == 2
    with pytest.raises(RefusedError, match="already moved"):
        resolve(st, "move", "bea", None, [], inches=1)
    with pytest.raises(RefusedError, match="already went on moves"):
        attack(st, "ann", "foe", [1, 1, 1], ranged=True, range=4)
    _, st = resolve(st, "move", "gus", None, [])
    _, st = resolve(st, "move", "ann", None, [])
    assert st.fighter("ann").flags["actions"] == 0


def test_members_take_no_other_action_while_the_team_stands():
    _, st = form(team_game(spec_skill="healer"))
    _, st = activate(st, "ann")
    with pytest.raises(RefusedError, match="never a melee attack"):
        attack(st, "gus", "foe", [1, 1])
    with pytest.raises(RefusedError, match="Fire Team"):
        resolve(st, "skill", "gus", "ann", [1], skill="healer")


def test_heavy_shooter_only_with_the_team():
    st = team_game()
    st = st.__class__(**{**st.__dict__, "active": "ann"})
    st = st.__class__(
        **{
            **st.__dict__,
            "fighters": tuple(
                f.__class__(**{**f.__dict__, "token": True, "flags": {"actions": 2}})
                if f.id == "ann"
                else f
                for f in st.fighters
            ),
        }
    )
    with pytest.raises(RefusedError, match="only a standing Fire Team"):
        attack(st, "ann", "foe", [1], ranged=True, range=4)


def test_option_1_long_range_is_refused_without_a_team():
    st = game(fighter("gus", 0, gear=("heavy-shooter",)), fighter("foe", 1), actions=1)
    with pytest.raises(RefusedError, match="only a standing Fire Team"):
        attack(st, "gus", "foe", [1, 1, 1], ranged=True, range=12)


def test_lost_rookie_with_a_substitute_waits_for_the_player():
    spare = fighter("cid", 0, rank="rookie", stat=3, gear=("light-shooter",), skills=())
    _, st = form(team_game(spare=spare))
    # the enemy shoots Bea: hit (1 <= 4), Bea's D6 defence 2 is not above 3: out
    st = st.__class__(**{**st.__dict__, "active": "foe"})
    st = _with_actions(st, "foe", 2, gear=("light-shooter",))
    out, st = attack(st, "foe", "bea", [1, 2], ranged=True, range=3)
    assert st.fighter("bea").out
    assert list(st.flags["fire_teams"]["gus"]) == ["ann"]
    assert any("Cid may step in" in a for a in out.announcements)
    with pytest.raises(RefusedError, match="a rookie short"):
        activate(st, "ann")
    _, st = form(st, who="cid", with_="ann,gus")
    assert sorted(st.flags["fire_teams"]["gus"]) == ["ann", "cid"]
    out, st = activate(st, "cid")
    assert st.fighter("cid").flags["actions"] == 3


def test_lost_rookie_without_substitute_dissolves_and_specialist_carries():
    _, st = form(team_game())
    st = _with_actions(st, "foe", 2, gear=("light-shooter",))
    out, st = attack(st, "foe", "bea", [1, 2], ranged=True, range=3)
    assert not st.flags["fire_teams"]
    assert st.fighter("gus").flags["heavy_shooter"] is True
    assert "fire_team" not in st.fighter("ann").flags
    assert any("carries the heavy shooter alone" in a for a in out.announcements)
    _, st = activate(st, "gus")
    assert st.fighter("gus").flags["actions"] == 1  # a carrier's single action (R-1SS-03)
    with pytest.raises(RefusedError, match="heavy shooter"):
        attack(st, "gus", "foe", [1, 1])  # no melee for a carrier
    out, _ = attack(st, "gus", "foe", [2, 3, 1], ranged=True, range=8)
    s = step(out, "attacks")
    assert (s.roll.sides, s.roll.count, s.roll.keep) == (8, 2, "h")


def test_wounded_specialist_dissolves_and_rookies_act_as_allrounders():
    _, st = form(team_game())
    st = _with_actions(st, "foe", 2)
    # melee: hit with 1, Gus's D8 defence 3 is not above 5: wounded (prone)
    out, st = attack(st, "foe", "gus", [1, 3])
    assert st.fighter("gus").status == "wounded"
    assert not st.flags["fire_teams"] and "heavy_shooter" not in st.fighter("gus").flags
    assert any("act as Allrounders" in a for a in out.announcements)
    _, st = activate(st, "bea")
    assert st.fighter("bea").flags["actions"] == 2
    out, _ = attack(st, "bea", "foe", [1, 1], ranged=True, range=4)  # its own light shooter
    assert step(out, "attacks").roll.sides == 6


def test_player_may_break_the_team_up_between_activations():
    _, st = form(team_game())
    out, st = resolve(st, "fire-team", "gus", None, [], dissolve=True)
    assert not st.flags["fire_teams"] and st.fighter("gus").flags["heavy_shooter"] is True


def _with_actions(st, fid, n, gear=None):
    fs = []
    for f in st.fighters:
        if f.id == fid:
            kw = {**f.__dict__, "token": True, "flags": {**f.flags, "actions": n}}
            if gear:
                kw["equipment"] = gear
            f = f.__class__(**kw)
        fs.append(f)
    return st.__class__(**{**st.__dict__, "fighters": tuple(fs), "active": fid})


# --- through the CLI -----------------------------------------------------------------


def add(run, name, rank, stat, *extra):
    r = run("roster", "add", "gunners", name, "-r", rank, "--stat", str(stat), *extra)
    assert r.code == 0, r.err


def test_fire_team_end_to_end(demo):
    run = demo
    assert run("roster", "new", "Gunners", "--system", "1ss").code == 0
    add(run, "Chief", "boss", 6, "-e", "melee-1h", "--skill", "command", "--skill", "tank")
    add(run, "Gryll", "specialist", 5, "-e", "melee-1h", "--skill", "veteran")
    add(run, "Loader", "rookie", 3, "-e", "heavy-shooter", "--skill", "fire-team")
    add(run, "Spotter", "rookie", 3, "-e", "light-shooter", "--skill", "allrounder")
    r = run("game", "new", "-r", "Gunners", "-r", "Cpt", "--name", "guns")
    assert r.code == 0, r.err
    r = run("act", "Loader", "fire-team", "--opt", "with=Spotter,Gryll")
    assert r.code == 0, r.err
    b = run("status", "--json").json()
    gryll = next(f for s in b["sides"] for f in s["fighters"] if f["name"] == "Gryll")
    assert any("fire team" in t for t in gryll["flag_text"])
    r = run("act", "Loader", "fire-team", "--opt", "with=Spotter,Chief")
    assert r.code == 1 and "two rookies and one specialist" in r.err
    assert run("turn", "--dice", "9,1").code == 0
    r = run("activate", "Spotter")
    assert r.code == 0 and "Fire Team activates" in r.out
    r = run("activate", "Gryll")
    assert r.code == 1
    r = run("attack", "Gryll", "Cpt", "--range", "13", "--dice", "1,2,1", "--json")
    assert r.code == 0, r.err
    steps = r.json()["event"]["trace"]["steps"]
    shot = next(s for s in steps if "attacks" in s["title"])
    assert shot["roll"]["count"] == 2 and shot["roll"]["sides"] == 6
    assert "R-1SS-P12" in r.json()["event"]["trace"]["rulings"]


def test_sniper_specialist_makes_the_team_shot_ignore_cover_and_odds_match():
    _, st = form(team_game(spec_skill="sniper"))
    _, st = activate(st, "ann")
    out, _ = attack(st, "ann", "foe", [3, 5], ranged=True, range=4, cover=True)
    s = step(out, "defends")
    assert s.roll.count == 1  # no cover die: the Sniper's skill goes with the shot
    assert any("Sniper" in n for n in s.notes)
    from tests.onestat_helpers import odds

    dist = odds(st, "ann", "foe", ranged=True, range=4, cover=True)
    # D6 at short range hits on 1-3 (1/2); the D8 defence fails on 1-4 (1/2)
    assert dist["wounded"] == pytest.approx(0.25) and dist["miss"] == pytest.approx(0.5)


def test_a_controller_may_command_a_fire_team():
    _, st = form(team_game(spec_skill="controller"))
    _, st = activate(st, "ann")
    out, st = attack(st, "ann", "foe", [1, 8], ranged=True, range=4)
    assert step(out, "attacks").success


def test_driver_cannot_give_a_team_rookie_an_activation_of_its_own():
    driver = fighter("dan", 0, rank="specialist", stat=6, skills=("driver",))
    _, st = form(team_game(spare=driver))
    st = _with_actions(st, "dan", 2)
    with pytest.raises(RefusedError, match="activates only with its team"):
        resolve(st, "skill", "dan", "ann", [1], skill="driver")
