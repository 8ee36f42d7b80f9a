"""Typed errors of the core. The CLI turns them into one line and an exit status."""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error the core raises on purpose."""

    exit_code = 1


class UsageError(CompanionError):
    """The command was given something it cannot use (exit status 2)."""

    exit_code = 2


class NotFoundError(UsageError):
    """A named roster, game, fighter, system or rule does not exist (or is ambiguous)."""


class NoCurrentGameError(NotFoundError):
    """No game was named and none is current: a resolution command then looks up the
    fighters it was given without a game."""


class DiceError(UsageError):
    """Dice typed by the player do not fit the dice the rule needs."""


class MissingDiceError(DiceError):
    """More dice are needed than were given, and nobody can be asked for them."""


class RefusedError(CompanionError):
    """A legal command that the rules forbid in the current game state (exit status 1)."""


class DataError(CompanionError):
    """A rules data file or an imported file is not valid; the message names file and key."""

    exit_code = 2


class StoreError(CompanionError):
    """The database on disk cannot be read or written safely."""
