"""Offered means accepted: random legal games in every system, read from the generator.

From each system's sample game, seeded random games are played through the one answer
to "what may happen now" (`companion.systems.legal`), the answer play's menus are built
from: every fighter offered for an activation is activated, every action offered (with
a target from its domain and facts as play would fill them) is taken with digital dice,
and none may be refused. At each step a sample of requests outside it (a target of the
wrong side, an action not offered) is refused before any die is asked for.
"""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from solo_helpers import solo_game

from companion import systems
from companion.cli.shared import drawn_board
from companion.dice import SeededDice
from companion.errors import CompanionError, RefusedError
from companion.game.repo import Home, event_for
from companion.game.state import freeze
from companion.play import phase as ph
from companion.play.flow import MOVE_END_LABEL
from companion.play.loop import Loop
from companion.play.matters import Odds, refused
from companion.play.session import Session
from companion.play.ui import Prompter
from companion.systems import legal
from companion.systems.base import ActionRequest
from companion.values import replace

STEPS = 70


def _game(sid: str, tmp_path, n: int, solo: str | None = None):
    system = systems.get(sid)
    home = Home(tmp_path / f"{sid}-{n}-{solo}", draw=drawn_board)
    if solo is not None:  # made by 'companion solo new', in the current home
        home = Home(draw=drawn_board)
        return system, home, home.open_game(solo)
    rosters = list(system.sample_rosters())[:2]
    gf = home.create_game(f"g{n}", system.new_game(rosters, system.default_scenario, {}))
    setup = system.setup_roll(gf.state, SeededDice(n))
    if setup is not None:
        gf.append(event_for(setup.kind, setup.summary, setup.changes, gf.state))
    gf.db.commit()
    return system, home, gf


def _request(loop: Loop, choice: legal.Legal, rng: random.Random) -> ActionRequest:
    """The request play would make for `choice`: a target from its domain, each fact play
    keeps open at a random one of its allowed answers, the others as play fills them."""
    system, state = loop.s.system, loop.s.state
    actor = state.fighter(choice.actor)
    target = None
    if choice.target is not None:
        pool = list(choice.target.ids) + ([None] if choice.target.optional else [])
        tid = rng.choice(pool)
        target = state.fighter(tid) if tid else None
    spec = loop.spec_of(choice.action)
    spec = replace(spec, facts=tuple(f for f in spec.facts if f.key not in choice.fixed))
    base = ActionRequest(choice.action, actor.id, target.id if target else None, choice.fixed)
    odds = Odds(system, state, lambda o: loop.fill(spec, actor, target, o))
    given: dict = {}
    for _ in range(len(spec.facts) + 1):
        plan = loop.plan(spec, actor, target, given, odds, base)
        open_ = [f for f in plan.open if f.key not in given]
        if not open_:
            break
        fact = open_[0]
        allowed = plan.legal.get(fact.key) or ()
        given[fact.key] = rng.choice(allowed) if allowed else plan.answers.get(fact.key)
    answers = {**choice.fixed, **{k: v for k, v in plan.answers.items() if v is not None}}
    for filled in loop.fill(spec, actor, target, answers):
        req = ActionRequest(choice.action, actor.id, base.target, freeze(filled))
        if not refused(odds.of(req)):
            answers = filled
            break
    return system.accept(
        state, ActionRequest(choice.action, actor.id, base.target, freeze(answers))
    )


def _outside(system, state, f, rng: random.Random) -> None:
    """A sample of requests outside the legal set is refused by the commands' check."""
    offered = legal.actions(system, state, f)
    for choice in offered:
        if choice.target is None:
            continue
        wrong = [t for t in state.fighters if t.id not in choice.target.ids and not t.out]
        wrong = [t for t in wrong if t.id != f.id]
        if wrong:
            t = rng.choice(wrong)
            req = ActionRequest(choice.action, f.id, t.id, choice.fixed)
            assert legal.refusal(system, state, req) is not None, (choice, t.name)
    names = {c.action for c in offered}
    missing = [a for a in system.action_names() if a not in names and a not in legal.REACTIONS]
    if missing and f.id == state.active:
        req = ActionRequest(rng.choice(missing), f.id, None, freeze({}))
        why = legal.refusal(system, state, req)
        if why is None:  # the generator leaves it to the system: it must refuse then
            with pytest.raises(CompanionError):
                system.resolve(state, req, SeededDice(1))


def _answer(q, rng: random.Random):
    """A random answer to one of the solo procedure's questions, as play offers them."""
    if q.kind == "yesno":
        return rng.choice([True, False])
    if q.kind == "pick":
        return rng.choice(list(q.options))[1]
    return rng.randint(q.low, q.high)


def crawl(sid: str, tmp_path, seed: int, solo: str | None = None) -> int:
    """Play one random legal game through play's session (its one write path); the
    number of actions taken. `solo`: a 1ss solo scenario, its OpFor walked through the
    procedure as play walks it."""
    rng = random.Random(seed)
    system, home, gf = _game(sid, tmp_path, seed, solo)
    loop = Loop(Session(home, gf.name), Console(file=io.StringIO()), Prompter())
    s = loop.s

    def dice() -> SeededDice:
        return SeededDice(rng.randrange(10**6))

    taken = 0
    for step in range(STEPS):
        state = s.state
        p = ph.current(system, state)
        game = f"{sid}/{solo}" if solo else sid
        where = f"{game} seed {seed} step {step} ({p.kind}, turn {state.turn})"
        if p.kind == "ended":
            break
        if p.kind in ("setup", "upkeep") or (p.kind == "choose" and rng.random() < 0.05):
            guide = loop.solo
            if guide is not None and guide.upkeep is not None and state.turn > 0:
                asks = guide.upkeep_asks(state) if guide.upkeep_asks is not None else ()
                answers = {q.key: _answer(q, rng) for q in asks}
                s.run(lambda st, d, up=guide.upkeep, a=answers: up(st, a, d), dice())
            else:
                s.next_turn(dice())
            continue
        if p.kind == "choose" and p.solo_opfor and loop.solo is not None:
            guide = loop.solo
            order = list(guide.order(state, p.side))
            assert order, f"{where}: the OpFor's turn with nobody to walk"
            fid = order[0]
            answers: dict = {}
            while (q := guide.ask(state, fid, answers)) is not None:
                answers[q.key] = _answer(q, rng)
            try:
                s.run_all(
                    lambda st, d, g=guide, i=fid, a=answers: g.walk(st, i, a, d).outcomes, dice()
                )
            except RefusedError as e:
                pytest.fail(f"{where}: the procedure's walk of {fid} ({answers}) was refused: {e}")
            continue
        if p.kind == "choose":
            offered = ph.candidates(system, state, p.side)
            assert offered, f"{where}: a side to activate with nobody to activate"
            f = rng.choice(offered)
            try:
                s.activate(f.id)
            except RefusedError as e:
                pytest.fail(f"{where}: {f.name} was offered an activation, then refused: {e}")
            continue
        f = state.fighter(p.fighter)
        _outside(system, state, f, rng)
        offered = legal.actions(system, state, f)
        # Play's menu is the generator's answer: the same actions, in the same order (and
        # "Move, then end the activation", a move and the end, which are both offered).
        items = loop.phase_items(p)
        both = [it for it in items if it.label == MOVE_END_LABEL]
        assert not both or any(a.action == "move" for a in offered), (where, offered)
        shown = [it.label for it in items if it.key not in ("e", "g") and it not in both]
        assert len(shown) == len(offered), (where, [(it.key, it.label) for it in items], offered)
        for label, choice in zip(shown, offered, strict=True):
            assert label.startswith(choice.label), (where, label, choice.label)
        if not offered or rng.random() < 0.15:
            if p.by_grant:
                s.run(lambda st, d, fid=f.id: system.let_go(st, fid))
            else:
                s.end_activation(dice())
            continue
        choice = rng.choice(offered)
        req = _request(loop, choice, rng)
        why = legal.refusal(system, state, req)
        assert why is None, f"{where}: offered {choice.label}, then outside the rules: {why}"
        try:
            s.resolve(req, dice())
        except RefusedError as e:
            pytest.fail(f"{where}: {f.name} was offered {choice.label} ({req}), then refused: {e}")
        taken += 1
    return taken


@pytest.mark.parametrize("sid", systems.ids())
def test_every_offered_choice_is_accepted_in_random_games(sid, tmp_path):
    assert sum(crawl(sid, tmp_path, seed) for seed in range(3)) > 10


@pytest.mark.parametrize("scenario", ["skirmish", "collect", "bounty", "rescue"])
def test_every_offered_choice_is_accepted_in_random_solo_games(scenario, run, tmp_path):
    name = solo_game(run, tmp_path, scenario, 1)
    assert crawl("1ss", tmp_path, 1, name) > 5


@pytest.mark.slow
@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(min_value=3, max_value=10**6), sid=st.sampled_from(systems.ids()))
def test_offered_means_accepted_property(seed, sid, tmp_path_factory):
    crawl(sid, tmp_path_factory.mktemp("crawl"), seed)
