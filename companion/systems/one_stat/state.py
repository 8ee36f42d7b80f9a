"""What 1ss (and its solo rules) keep on a fighter, a side and the game, typed.

Each class groups facts that belong together; `OneStatSkirmish.fighter_state`, ... list
them with the shared `kit.state` classes. A field's default is what an absent flag
means. Mappings and lists come back from a stored game as read-only mappings and
tuples; lists are typed as sequences so that rule code may give a list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.game.state import JSON
from companion.game.typed_state import FighterFlags, GameFlags, SideFlags
from companion.values import field, freeze, frozen


@frozen
class OneStatTurn(FighterFlags):
    """What lasts one turn; upkeep clears it, in solo games too (R-1SS-P16)."""

    #: a face-down Regenerator whose player passes on the next upkeep roll (R-1SS-P28)
    regen_skip: bool = False
    #: actions left in the activation (None: it has not activated; 0: none left)
    actions: int | None = None
    boss_wound_ignored: bool = False
    recover_failed: bool = False
    #: a permission to act given by Command, Influencer or Guard
    reaction: str | None = None
    skills_used: Sequence[str] = ()
    moved: bool = False
    #: the master a minion acts with
    with_master: str | None = None
    copied: Sequence[str] = ()
    influenced_by: str | None = None


@frozen
class ActionSequence(FighterFlags):
    """The activation's sequence of actions: it starts afresh with each activation, and
    upkeep clears it (R-1SS-P16)."""

    #: the actions done in this activation, in order
    did: Sequence[str] = ()
    #: a free attack after a move ("charge")
    bonus_attack: str | None = None


@frozen
class OneStatFighter(FighterFlags):
    """What a fighter is or holds for longer than a turn."""

    skip_activation: bool = False
    surrendered: bool = False
    provoked: bool = False
    minion: bool = False
    animal: bool = False
    wild: bool = False
    crew: bool = False
    demon: bool = False
    demon_id: str | None = None
    controller: str | None = None
    split_of: str | None = None
    heavy_option: str | None = None
    heavy_shooter: bool = False
    fire_team: str | None = None
    charge_left: bool = False
    extra_skills: tuple[str, ...] = ()


@frozen
class OneStatSolo(FighterFlags):
    """A fighter of the solo rules' opposing force (S-rules)."""

    opfor: bool = False
    spawn_turn: int | None = None
    spawnpoint: int | None = None
    trek: bool = False
    escort: bool = False
    cannot_attack: bool = False
    hostage_boss: bool = False
    ladder: tuple[int, ...] = ()
    corner: tuple[int, ...] = ()
    event_spawn: bool = False
    gaunt: bool = False
    actions_per_activation: int | None = None


@frozen
class OneStatSide(SideFlags):
    """A side's scenario counts."""

    hill: int | None = None
    zones: Sequence[int] | None = None
    flag_carrier: str | None = None
    device_dir: str | None = None


@frozen
class OneStatGame(GameFlags):
    """The scenario's objects and counts."""

    tokens: Sequence[Mapping[str, JSON]] = ()
    fire_teams: Mapping[str, Sequence[str]] = field(default_factory=freeze)
    bomb: int | None = None
    bomb_blast: str | None = None
    bomb_carrier: str | None = None
    device: int | None = None
    device_winner: int | None = None
    treasure_carrier: str | None = None
    treasure_closer: int | None = None
    wipe_noted: bool = False


@frozen
class OneStatSoloGame(GameFlags):
    """The solo procedure's bookkeeping (S-rules)."""

    event: Mapping[str, JSON] | None = None
    opfor_count: Mapping[str, JSON] = field(default_factory=freeze)
    spawnpoints: Sequence[Sequence[int]] = ()
    shut: Sequence[int] = ()
    answers: int = 0
    declared: Sequence[str] = ()
    trek_attacked: bool = False
