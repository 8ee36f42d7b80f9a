"""Helpers for the SKIRMASHED tests: small games built in code, and dice enumeration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from warstuff_helpers import apply, attack, set_unit

from companion import systems
from companion.game.state import GameState, freeze
from companion.roster import Roster, RosterFighter

SKM = systems.get("skirmashed")
# A figure changed in place: the same helper as WarStuff's tests.
set_fig = set_unit
__all__ = ["SKM", "apply", "attack", "set_fig"]
STATS = ("manoeuvre", "firepower", "boom", "fight", "hack", "stamina")


def fig(name: str, man=5, fp=5, boom=5, fight=5, hack=5, sta=10, rank="figure") -> RosterFighter:
    values = dict(zip(STATS, (man, fp, boom, fight, hack, sta), strict=True))
    if rank == "fighter":
        values.pop("firepower")
        values.pop("boom")
    return RosterFighter(name, rank, freeze(values))


def game(
    side_a: Sequence[RosterFighter], side_b: Sequence[RosterFighter], active: str | None = None
) -> GameState:
    """A running round-1 game, side A first; `active` (a fighter id) is activating now."""
    rosters = [Roster("A", "skirmashed", tuple(side_a)), Roster("B", "skirmashed", tuple(side_b))]
    state = SKM.new_game(rosters, "skirmish", {})
    state = replace(state, turn=1, phase="action", initiative=0)
    if active is not None:
        side = state.fighter(active).side
        state = replace(state, active=active, flags=freeze({"last_side": side}))
    return state


# Two one-figure warbands built through the CLI, for the end-to-end tests.
VEX = ["--stat", "manoeuvre=5", "--stat", "firepower=4", "--stat", "boom=5"]
VEX += ["--stat", "fight=3", "--stat", "hack=6", "--stat", "stamina=9"]
HOLT = ["--stat", "manoeuvre=5", "--stat", "firepower=5", "--stat", "boom=5"]
HOLT += ["--stat", "fight=4", "--stat", "hack=5", "--stat", "stamina=10"]


def setup_game(run, *extra):
    assert run("roster", "new", "Reds", "--system", "skirmashed").code == 0
    assert run("roster", "add", "Reds", "Vex", "-r", "figure", *VEX).code == 0
    assert run("roster", "new", "Blues", "-s", "skm").code == 0
    assert run("roster", "add", "Blues", "Holt", "-r", "figure", *HOLT).code == 0
    r = run("game", "new", "-r", "Reds", "-r", "Blues", "--dice", "3,8", *extra)
    assert r.code == 0, r.err
    return r


def board(run):
    r = run("status", "--json")
    assert r.code == 0, r.err
    data = r.json()
    rows = {f["name"]: f for s in data["sides"] for f in s["fighters"]}
    return data, rows
