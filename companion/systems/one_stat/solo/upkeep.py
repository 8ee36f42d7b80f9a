"""Solo upkeep beyond the spawn: face-down Regenerators roll.

Solo upkeep also does what the two-player upkeep does (R-1SS-S08), with the 1ss turn
structure's own clearing: the activation tokens, the actions left, the skills used this
turn, the move flags and the permissions to act given by Command, Influencer or Guard are
cleared, so an active skill works again next turn.
A Regenerator lying face down gets its one recovery roll: always for the OpFor's, and for
the player's unless the player passed on it (`companion solo regenerate NAME --skip`,
or "no" when `play` asks), as the text only says the player *may* roll (R-1SS-S09).
"""

from __future__ import annotations

from collections.abc import Collection

from companion.dice import DiceSource
from companion.errors import UsageError
from companion.game.events import Change
from companion.game.state import FighterState, GameState
from companion.systems.base import Outcome
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.losses import regen_choice, regenerate_roll
from companion.systems.one_stat.roller import DiceRoller
from companion.trace import Step, Trace


def face_down(state: GameState) -> list[FighterState]:
    """Regenerators lying face down, waiting for their upkeep roll."""
    return [f for f in state.fighters if f.status == "face-down" and fx.has(f, "regenerator")]


def players_to_ask(state: GameState) -> list[FighterState]:
    """The player's face-down Regenerators: the roll is theirs to take or leave."""
    return [f for f in face_down(state) if f.side == 0]


def regenerate(
    state: GameState, dice: DiceSource, skip: Collection[str] = ()
) -> tuple[tuple[Change, ...], list[Step]]:
    """One recovery roll per face-down Regenerator (its die at or above its stat, like
    Recover): face up with one wound left, or removed. `skip`: ids of the player's
    Regenerators the player does not roll for (they stay face down)."""
    board, roller = Board(state), DiceRoller(dice)
    for f in face_down(state):
        if f.side == 0 and (f.id in skip or f.flags.get(fx.REGEN_SKIP)):
            roller.info(
                f"{f.name} stays face down",
                "you passed on its recovery roll this upkeep",
                ("R-1SS-S09",),
            )
            continue
        whose = "the OpFor rolls for it" if f.side == 1 else "you chose to roll"
        regenerate_roll(board, roller, f, ("R-1SS-S09",), whose)
    return board.changes(), list(roller.steps)


def choose_roll(state: GameState, f: FighterState, roll: bool) -> Outcome:
    """The player takes or passes on a face-down Regenerator's roll at the next upkeep."""
    if f.side != 0:
        raise UsageError(f"{f.name} is not one of your fighters: the OpFor always rolls")
    board = Board(state)
    text = regen_choice(board, f, roll)
    return Outcome(
        "regen-choice",
        text,
        board.changes(),
        Trace(f"{f.name}: upkeep roll", (Step("Regenerator", text, rulings=("R-1SS-S09",)),), text),
    )
