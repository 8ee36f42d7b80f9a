"""Which 1ss actions a menu offers a fighter now: its scenario's, its gear's and skills',
in the order the action sequence allows them (R-1SS-P16)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.game.state import FighterState, GameState
from companion.systems.one_stat.data import OneStatData, item_of
from companion.systems.one_stat.sequence import menu
from companion.systems.one_stat.state import OneStatFighter

# Which scenarios each scenario action belongs to; the others fit any game.
SCENARIO_OF_ACT = {
    "pickup": ("treasure-hunt", "bombing-run", "capture-the-flag"),
    "drop": ("treasure-hunt", "bombing-run", "capture-the-flag"),
    "score": ("treasure-hunt", "bombing-run", "capture-the-flag"),
    "blast": ("bombing-run",),
    "closer": ("treasure-hunt",),
    "hill": ("king-of-the-hill",),
    "zones": ("supremacy",),
    "device": ("trigger-device",),
}


def offered(d: OneStatData, state: GameState, f: FighterState, names: Sequence[str]) -> list[str]:
    """The actions worth offering `f` in a menu: scenario actions of this scenario only,
    Command for a fighter that has it, the heavy-shooter option for its carrier, and
    `minion` for a rookie whose side fields a Minion Master."""
    friends = state.side_fighters(f.side)
    out = []
    for a in names:
        if a in SCENARIO_OF_ACT and state.scenario not in SCENARIO_OF_ACT[a]:
            continue
        if a == "command" and (
            "command" not in f.skills or "command" in f.flags.get("skills_used", ())
        ):
            continue  # once a turn, as every skill (R-1SS-P16)
        if a == "heavy-option" and not any(
            d.armory.get(item_of(e)[0]) is not None and d.armory[item_of(e)[0]].shooter == "heavy"
            for e in f.equipment
        ):
            continue
        if a == "fire-team" and not (
            OneStatFighter.of(f).fire_team
            or (
                f.rank in ("rookie", "specialist")
                and any(
                    OneStatFighter.of(x).heavy_shooter
                    or any(
                        d.armory.get(item_of(e)[0]) is not None
                        and d.armory[item_of(e)[0]].shooter == "heavy"
                        for e in x.equipment
                    )
                    for x in friends
                )
            )
        ):
            continue
        if a == "minion" and (
            f.rank != "rookie" or not any("minion-master" in x.skills for x in friends)
        ):
            continue
        if a == "heavy-option" and state.turn > 0:
            continue  # fixed before the game (R-1SS-03)
        if a == "regenerate" and (f.status != "face-down" or "regenerator" not in f.skills):
            continue  # only a face-down Regenerator's upkeep roll is taken or passed
        out.append(a)
    return menu(f, out)


ACT_NAMES = (
    "command",
    "pickup",
    "drop",
    "score",
    "device",
    "blast",
    "closer",
    "hill",
    "zones",
    "heavy-option",
    "minion",
    "fire-team",
    "move",
    "regenerate",
)
