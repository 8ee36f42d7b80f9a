"""WarStuff audit: defects found by playing the system through its rules, with dice fixed."""

from __future__ import annotations

import pytest
from warstuff_helpers import WS, apply, game, unit

from companion.dice import TypedDice
from companion.errors import UsageError
from companion.game.state import freeze
from companion.systems.base import ActionRequest


def resolve(state, req, dice):
    return WS.resolve(state, req, TypedDice(dice))


def after(state, req, dice):
    return apply(state, resolve(state, req, dice))


def test_hold_does_not_ask_about_dangerous_terrain():
    # Dangerous terrain is rolled when a unit moves into or across it; Hold does not move,
    # so asking (and then ignoring the answer) only misleads the table.
    assert WS.declared_actions()["hold"].fact("dangerous") is None
    s = game([unit("A", 2)], [unit("D", 2)], active="a")
    with pytest.raises(UsageError, match="Hold does not move"):
        resolve(s, ActionRequest("hold", "a", options=freeze({"dangerous": True})), [6])
    # Moving across it still rolls.
    assert after(
        s, ActionRequest("walk", "a", options=freeze({"dangerous": True})), [6, 1]
    ).fighter("a").wounds == 1
