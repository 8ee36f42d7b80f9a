"""Guided play asks only what can change the outcome, in every system and every action.

For each system, a game of its sample warbands is started and a fighter of each side
activated; for every action its menu offers, the facts play keeps open are checked
against the odds directly (`system.odds`, as `--odds` shows them): each open fact has
two allowed answers that lead to different outcome distributions, and each fact it
leaves out that applies has none. Lists hold only who may be chosen.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from companion import systems
from companion.cli.shared import drawn_board
from companion.dice import SeededDice
from companion.errors import CompanionError
from companion.game.repo import Home, event_for
from companion.game.state import freeze
from companion.play import phase as ph
from companion.play.loop import Loop
from companion.play.matters import Odds, answers_of
from companion.play.session import Session
from companion.play.ui import Prompter
from companion.systems.base import ActionRequest
from companion.systems.records import Question


def _table(system, state, action, actor, target, opts):
    req = ActionRequest(action, actor, target, freeze(opts))
    try:
        return frozenset(system.odds(state, req).odds)
    except CompanionError as e:
        return ("refused", str(e))


def _loops(sid: str, tmp_path):
    """A loop on a started game of the system's samples, at each side's first activation."""
    system = systems.get(sid)
    home = Home(tmp_path / sid, draw=drawn_board)
    rosters = list(system.sample_rosters())[:2]
    gf = home.create_game(f"g-{sid}", system.new_game(rosters, system.default_scenario, {}))
    o = system.next_turn(gf.state, SeededDice(1))
    gf.append(event_for(o.kind, o.summary, o.changes, gf.state))
    gf.db.commit()
    for side in range(2):
        state = gf.state
        fighters = ph.candidates(system, state, side) or [
            f for f in state.side_fighters(side) if not f.out
        ]
        if not fighters:
            continue
        if state.active is not None:
            yield Loop(Session(home, gf.name), Console(file=io.StringIO()), Prompter())
            continue
        try:
            o = system.activate(state, fighters[0].id)
        except CompanionError:
            continue
        before = gf.state
        gf.append(event_for(o.kind, o.summary, o.changes, before))
        gf.db.commit()
        yield Loop(Session(home, gf.name), Console(file=io.StringIO()), Prompter())
        gf.undo()
        gf.db.commit()


@pytest.mark.parametrize("sid", systems.ids())
def test_every_open_fact_changes_the_odds_and_no_other_does(sid, tmp_path):
    checked = 0
    for loop in _loops(sid, tmp_path):
        system, state = loop.s.system, loop.s.state
        actor = state.fighter(state.active)
        for action in ph.legal_actions(system, state, actor):
            spec = loop.spec_of(action)
            if spec.target == "none":
                targets = [None]
            else:
                from companion.play.asking import TARGETS

                targets = loop.among(actor, None, TARGETS[spec.target])[:2]
            for target in targets:
                tid = target.id if target else None
                base = ActionRequest(action, actor.id, tid, freeze({}))
                odds = Odds(
                    system,
                    state,
                    lambda o, lp=loop, sp=spec, a=actor, t=target: lp.fill(sp, a, t, o),
                )
                plan = loop.plan(spec, actor, target, {}, odds, base)
                for fact in spec.facts:
                    if fact.key in plan.answers and fact not in plan.open:
                        continue  # known from the state, or the one allowed answer
                    values = loop.values_of(fact, actor, target)
                    if not values:
                        continue
                    rest = {k: v for k, v in plan.answers.items() if k != fact.key}
                    tables = set()
                    for v in values:
                        given = {k: x for k, x in {**rest, fact.key: v}.items() if x is not None}
                        filled = loop.fill(spec, actor, target, given)
                        found = [_table(system, state, action, actor.id, tid, f) for f in filled]
                        legal = [t for t in found if not isinstance(t, tuple)]
                        if legal:
                            tables.add(legal[0])
                    applies = fact.in_play and system.asks(
                        Question(state, actor, fact, rest, target)
                    )
                    where = f"{sid} {action} {fact.key} (target {tid})"
                    if fact in plan.open:
                        assert len(tables) > 1, f"asked, but no answer changes the odds: {where}"
                        checked += 1
                    elif applies and fact.key not in plan.answers:
                        assert len(tables) <= 1, f"not asked, yet it changes the odds: {where}"
    assert checked, f"{sid}: no fact was left open in any action"


def test_a_sniper_is_not_asked_about_cover_and_a_shot_not_about_ganging(demo, tmp_path):
    """The examples of the issue, from the real 1ss sample game."""
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    loop = Loop(Session(Home(draw=drawn_board), "sample"), Console(file=io.StringIO()), Prompter())
    state = loop.s.state
    robyn, fawkes = state.fighter("robyn"), state.fighter("cpt-fawkes")
    spec = loop.spec_of("attack")
    base = ActionRequest("attack", robyn.id, fawkes.id, freeze({}))
    odds = Odds(loop.s.system, state, lambda o: loop.fill(spec, robyn, fawkes, o))
    melee = loop.plan(spec, robyn, fawkes, {}, odds, base)
    assert [f.key for f in melee.open] == ["ranged", "cover", "ganging"]
    shot = loop.plan(spec, robyn, fawkes, {"ranged": True}, odds, base)
    assert "ganging" not in [f.key for f in shot.open]
    # Cover changes nothing for a shooter with the Sniper skill: Fawkes shooting Robyn.
    sniper = loop.spec_of("attack")
    base2 = ActionRequest("attack", fawkes.id, robyn.id, freeze({}))
    odds2 = Odds(loop.s.system, state, lambda o: loop.fill(sniper, fawkes, robyn, o))
    plan = loop.plan(sniper, fawkes, robyn, {}, odds2, base2)
    # Fawkes has shooters only: the shot is known, not asked; cover is not asked.
    assert plan.answers.get("ranged") is True
    assert "cover" not in [f.key for f in plan.open]


@pytest.mark.parametrize("sid", systems.ids())
def test_lists_hold_only_who_may_be_chosen(sid, tmp_path):
    for loop in _loops(sid, tmp_path):
        system, state = loop.s.system, loop.s.state
        actor = state.fighter(state.active)
        for action in ph.legal_actions(system, state, actor):
            spec = loop.spec_of(action)
            from companion.play.asking import TARGETS

            if spec.target != "none":
                whom = loop.among(actor, None, TARGETS[spec.target])
                assert actor.id not in [f.id for f in whom], (sid, action)
                if spec.target in ("enemy", "optional-enemy"):
                    assert all(f.side != actor.side for f in whom), (sid, action)
            for fact in spec.facts:
                if fact.kind in ("fighter", "fighters"):
                    people = loop.among(actor, None, fact.among)
                    assert actor.id not in [f.id for f in people], (sid, action, fact.key)
                    if fact.among == "friends":
                        assert all(f.side == actor.side for f in people)
                    if fact.among == "enemies":
                        assert all(f.side != actor.side for f in people)


def test_a_warstuff_run_and_a_monochrome_strike_list_only_enemies():
    for sid, action in (("warstuff", "run"), ("monochrome", "strike")):
        spec = systems.get(sid).declared_actions()[action]
        assert spec.target == "optional-enemy", (sid, action)


def test_every_fact_kind_has_answers_to_compare():
    spec = systems.get("1ss").declared_actions()["attack"]
    ranged = spec.fact("ranged")
    assert ranged is not None
    assert answers_of(ranged) == [False, True]
    rng = spec.fact("range")
    assert rng is not None
    values = answers_of(rng)
    assert values[0] == 0 and 100 in values and len(values) <= 60


def test_the_answer_given_last_time_is_the_next_default(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    loop = Loop(Session(Home(draw=drawn_board), "sample"), Console(file=io.StringIO()), Prompter())
    state = loop.s.state
    robyn, fawkes, frog = (state.fighter(x) for x in ("robyn", "cpt-fawkes", "frogger-with-rifle"))
    spec = loop.spec_of("attack")

    def plan(target, given=None):
        base = ActionRequest("attack", robyn.id, target.id, freeze({}))
        odds = Odds(loop.s.system, state, lambda o: loop.fill(spec, robyn, target, o))
        return loop.plan(
            spec, robyn, target, {"ranged": False} if given is None else given, odds, base
        )

    assert plan(fawkes).answers["cover"] is False  # most targets: in the open
    loop.memory[(robyn.id, fawkes.id, "cover")] = True
    assert plan(fawkes).answers["cover"] is True
    # Only for the same fighter and target.
    assert plan(frog).answers["cover"] is False
    # Whether to shoot is the player's choice: asked every time, not taken from before.
    loop.memory[(robyn.id, fawkes.id, "ranged")] = True
    assert "ranged" in [f.key for f in plan(fawkes, {}).missing]


def test_a_positive_question_stores_the_keys_answer():
    """smbfat asks "adjacent?" for its `ranged` fact: yes means not ranged."""
    fact = systems.get("smbfat").declared_actions()["attack"].fact("ranged")
    assert fact is not None and fact.flip
    assert "adjacent" in fact.ask and " not " not in fact.ask
