"""SKIRMASHED audit: rules a play-through found wrong, each pinned with dice fixed."""

from __future__ import annotations

import pytest
from brute_force import PrefixDice
from skirmashed_helpers import SKM, apply, attack, fig, game

from companion.errors import RefusedError, UsageError
from companion.systems.base import ActionRequest
from companion.systems.records import Question


def duel(a=None, b=None):
    return game([a or fig("A")], [b or fig("B")], active="a")


def act(state, part, dice=()):
    return apply(state, SKM.resolve(state, ActionRequest(part, "a"), PrefixDice(list(dice))))


# --- R-SKM-P13: a charge needs a move into contact this activation ------------------------


def test_an_attack_made_first_is_no_charge():
    # Not moved yet: the figure began its activation where it stands, in contact.
    with pytest.raises(RefusedError, match="has not moved"):
        SKM.resolve(duel(), attack("a", "b", charging=True), PrefixDice([9]))
    with pytest.raises(RefusedError, match="has not moved"):
        SKM.resolve(duel(), attack("a", "b", charging=True, shoot_first=True), PrefixDice([9]))


def test_a_focused_figure_cannot_charge():
    state = act(duel(), "focus")
    with pytest.raises(RefusedError, match="focused"):
        SKM.resolve(state, attack("a", "b", charging=True), PrefixDice([9]))
    with pytest.raises(RefusedError, match="focused"):
        SKM.odds(state, attack("a", "b", charging=True))


def test_after_a_move_the_charge_counts():
    state = act(duel(a=fig("A", fight=1, hack=6)), "move", [1])
    o = SKM.resolve(state, attack("a", "b", charging=True), PrefixDice([5, 1]))
    step = next(s for s in o.trace.steps if s.title == "To hit (melee)")
    assert step.target == 4 and step.successes == 1  # Hack 6 -2 charging


def test_odds_before_the_move_may_plan_a_charge():
    trace = SKM.odds(duel(a=fig("A", fight=1, hack=6)), attack("a", "b", charging=True))
    step = next(s for s in trace.steps if s.title == "To hit (melee)")
    assert step.target == 4


def test_play_asks_about_charging_only_after_a_move():
    spec = SKM.declared_actions()["attack"]

    def asked(state):
        a = state.fighter("a")
        return [f.key for f in spec.facts if SKM.asks(Question(state, a, f, {}))]

    assert "charging" not in asked(duel())
    assert "charging" not in asked(act(duel(), "focus"))
    # After the move the game knows it: a melee attack then is a charge, not asked.
    moved = act(duel(), "move", [1])
    q = Question(moved, moved.fighter("a"), spec.fact("charging"), {"ranged": False})
    assert SKM.known(q) is True


def test_an_attack_after_a_move_is_a_charge_unless_told_otherwise():
    state = act(duel(a=fig("A", fight=1, hack=6)), "move", [1])
    o = SKM.resolve(state, attack("a", "b"), PrefixDice([5, 1]))
    step = next(s for s in o.trace.steps if s.title == "To hit (melee)")
    assert step.target == 4  # Hack 6 -2 charging, with nothing said (R-SKM-P13)
    o = SKM.resolve(state, attack("a", "b", charging=False), PrefixDice([5, 1]))
    step = next(s for s in o.trace.steps if s.title == "To hit (melee)")
    assert step.target == 6  # began in contact with it all the same


# --- a distance given with --opt means a shot, as --range does ------------------------------


def test_opt_range_means_a_shot_with_its_modifier():
    state = duel(a=fig("A", fp=1, boom=5))
    o = SKM.resolve(state, attack("a", "b", range=4), PrefixDice([5, 1]))
    step = next(s for s in o.trace.steps if s.title.startswith("To hit"))
    # Boom! 5 -1 within 6" = 4: a 5 hits; as melee it would be Hack 5 and a miss.
    assert step.title == "To hit (shooting)" and step.target == 4 and step.successes == 1


def test_a_distance_with_a_melee_attack_is_refused():
    with pytest.raises(UsageError, match="is for a shot"):
        SKM.odds(duel(), attack("a", "b", ranged=False, range=4))
    with pytest.raises(UsageError, match="is for a shot"):
        SKM.odds(duel(), attack("a", "b", ranged=False, band="long"))


# --- every step of a round links to its rule ------------------------------------------------


def test_the_first_player_of_a_later_round_links_to_the_round_topic():
    from companion.lookup.links import topic_of_step

    # Round 2 onwards opens with the kit's "First player" step (the side that did not
    # activate last); it showed no 'rules:' link.
    titles = ["First activation", "First player", "End of round 1", "Tie", "Charge"]
    assert [topic_of_step("skirmashed", t) for t in titles] == [
        "round",
        "round",
        "round",
        "setup",
        "charger",
    ]


# --- the game is played in rounds, and the board says so -----------------------------------


def test_board_and_game_list_count_rounds(run):
    from skirmashed_helpers import setup_game

    setup_game(run)
    assert "Round  1  2  3  4" in run("status").out
    assert run("turn").code == 0
    out = run("status").out
    assert "Round [1] 2  3  4" in out and "Turn" not in out
    assert "round 1 of 4" not in out.lower()  # the tracker says it once
    assert "Skirmish, round 1," in run("game", "list").out


def test_status_after_a_20_offers_the_pass():
    # R-SKM-P12: the extra activation may be let go; the board said only "activates again".
    state = game([fig("A", sta=5)], [fig("B")], active="a")
    after = apply(state, SKM.end_activation(state, PrefixDice([10, 10])))
    assert after.flags.get("must_activate") == "a"
    line = next(x for x in SKM.status_lines(after) if "rolled a 20" in x)
    assert "companion act A pass" in line


# --- R-SKM-P14: melee-damage-boom and a fighter with no Boom! ------------------------------


def test_literal_melee_damage_says_when_a_fighter_uses_its_hack():
    brawler = fig("A", fight=1, hack=4, rank="fighter")
    gunner = fig("A", fight=1, hack=4, boom=2)
    for who, per, note in ((brawler, 4, True), (gunner, 2, False)):
        state = duel(a=who, b=fig("B", man=9, sta=19))
        o = SKM.resolve(state, attack("a", "b", melee_damage_boom=True), PrefixDice([9, 1]))
        step = next(s for s in o.trace.steps if s.title == "Damage")
        assert step.outcome.startswith("1 unblocked x ") and f" {per} = {per};" in step.outcome
        assert ("R-SKM-P14" in step.outcome) is note


def test_an_attack_may_say_no_to_the_games_melee_damage_boom():
    from dataclasses import replace as dc_replace

    from companion.game.state import freeze

    state = duel(a=fig("A", fight=1, hack=4, boom=2), b=fig("B", man=9, sta=19))
    state = dc_replace(state, options=freeze({"melee-damage-boom": True}))

    def per(**o):
        out = SKM.resolve(state, attack("a", "b", **o), PrefixDice([9, 1]))
        return next(s for s in out.trace.steps if s.title == "Damage").outcome

    assert "x Boom! 2 = 2" in per()
    assert "x Hack 4 = 4" in per(melee_damage_boom=False)


# --- look-ups: a question about cover finds the rule that gives the numbers ------------------


@pytest.mark.parametrize("words", ["cover", "cover modifiers", "soft cover"])
def test_cover_questions_find_the_block_topic(words):
    from companion.lookup.search import search
    from companion.lookup.topics import all_topics

    hits = search(words, all_topics("skirmashed"))
    # The ranged topic came first and says nothing of cover's -2/-4. "Modifiers" alone
    # is as telling of the charger's shot (its text lists its own), so for "cover
    # modifiers" the block topic may come second; it is never under the ranged topic.
    first = [h.topic.id for h in hits[: 2 if words == "cover modifiers" else 1]]
    assert "block" in first, first


def test_game_new_force_plays_an_illegal_warband_as_house_rules(run, tmp_path):
    """R-SKM-P15: eleven figures break the building rules (at most 10); --force plays them,
    listed on the board. It was refused as an unknown SKIRMASHED option."""
    import json

    card = {"manoeuvre": 7, "firepower": 2, "boom": 4, "fight": 1, "hack": 6, "stamina": 7}
    doc = {
        "name": "Horde",
        "system": "skirmashed",
        "fighters": [{"name": f"Grunt {i}", "rank": "figure", "stats": card} for i in range(11)],
    }
    path = tmp_path / "horde.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert run("roster", "import", str(path)).code == 0
    assert run("game", "new", "--system", "skirmashed").code == 0  # the samples, saved
    refused = run("game", "new", "--roster", "Horde", "--roster", "Iron Wardens")
    assert refused.code == 2 and "--force" in refused.err
    r = run(
        "game", "new", "--roster", "Horde", "--roster", "Iron Wardens", "--force", "--seed", "1"
    )
    assert r.code == 0, r.err
    assert "House rules (started with --force): Horde:" in run("status").out


def test_each_die_of_a_pool_is_asked_with_what_it_needs():
    # A typed die's prompt says what it needs ("Roll D10 for A's blows (1 of 5): each
    # needs above 4, 60%"), for a pool as for a single test.
    from companion.dice import SeededDice, dice_label

    src = SeededDice(1)
    SKM.resolve(duel(a=fig("A", fight=5, hack=6)), attack("a", "b"), src)
    pools = [r.request for r in src.history if r.request.count > 1]
    assert pools and all(r.need.startswith("each needs ") for r in pools)
    assert "(1 of " in dice_label(pools[0], 0) and ": each needs " in dice_label(pools[0], 0)
