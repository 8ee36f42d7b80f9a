"""Inside play, a rule's message names the key that does the next thing, never a
command to type outside it."""

from __future__ import annotations

import pytest

from companion.play.words import in_play

KEYS = {"reroll": "r", "hold": "h", "walk": "w", "run": "r", "move": "o", "attack": "a"}


def names(action: str) -> tuple[str, str]:
    return KEYS.get(action, ""), action.capitalize()


@pytest.mark.parametrize(
    ("said", "in_play_words"),
    [
        (
            "or run then melee; 'companion done' ends it with the stamina check.",
            "or run then melee; key e (end the activation) ends it with the stamina check.",
        ),
        (
            "'companion act Ogre reroll' rolls the last that went wrong again",
            "key r (Reroll) rolls the last that went wrong again",
        ),
        (
            "Orc Warrior activates. Choose Hold, Walk or Run (companion act NAME hold|walk|run).",
            "Orc Warrior activates. Choose Hold, Walk or Run: keys h, w, r.",
        ),
        (
            "list the rules used (list them with --opt brutal=A,B)",
            "list the rules used (list them with its brutal question)",
        ),
        ("end that activation first ('companion done')", "end that activation first (key e)"),
        (
            "no count entered this turn ('companion act FIGHTER hill --opt count=N'): no VP",
            "no count entered this turn (its Hill entry): no VP",
        ),
        (
            "the game has not started: 'companion turn' begins round 1",
            "the game has not started: key n (the next turn) begins round 1",
        ),
    ],
)
def test_a_command_is_said_as_the_key_that_does_it(said, in_play_words):
    assert in_play(said, names) == in_play_words


def test_words_without_a_command_are_left_alone():
    text = "Robyn moves 6\" (its stat 6); 'turn' is a word here"
    assert in_play(text, names) == text


def test_skirmashed_activation_says_the_key_that_ends_it(run):
    from play_helpers import play_keys

    assert run("game", "new", "--system", "skirmashed", "--seed", "1", "--name", "g").code == 0
    assert run("turn", "--seed", "1").code == 0
    # r: digital dice; 1: the first fighter activates; then the log (m, l).
    out, _ = play_keys("g", "r1" + "ml", rows=24, width=80)
    flat = " ".join(out.split())
    assert "key e (end the activation) ends it with the stamina check" in flat, flat[-1500:]
    assert "'companion " not in flat.replace("'companion play' picks it up", "")
