"""Whether an OpFor fighter may act now: the one answer every caller asks.

`spend_action` (attack, move, skill, Recover and the scenario actions) refuses with it,
and a menu of the OpFor's legal actions can ask it for each entry. Pure: it reads the
state and writes nothing.
"""

from __future__ import annotations

from companion.game.state import FighterState, GameState
from companion.systems.one_stat import order, sequence
from companion.systems.one_stat.running import not_running
from companion.systems.one_stat.state import OneStatSolo, OneStatTurn

#: the kinds of action asked about; "pickup" and "device", the action sequence's names of
#: two such actions, are read as "other"
KINDS = ("move", "attack", "skill", "recover", "other")
RULING = "R-1SS-S19"


def opfor_may(state: GameState, fighter: FighterState, kind: str) -> str | None:
    """None when the OpFor fighter `fighter` may take an action of `kind` now, else the
    reason in one line that names the ruling.

    `kind` is one of `KINDS` (move, attack, skill, recover, other). What it judges is when
    and how often: the turn order (the OpFor acts once all of your fighters have
    activated, R-1SS-S01), its own activation (R-1SS-S19), the actions left and their
    order (two, one attack, R-1SS-P16). Whether the fighter is able to (prone, armed, in
    reach) is the action's own rules' to say. A permission to act outside the activation
    (its boss's Command, your Influencer, Guard: R-1SS-P05) answers None; so does a
    fighter that is not the OpFor's, whose play this procedure does not bind. The
    table's `--opt free=true` is not seen here: the caller skips the question then.
    """
    if kind in ("pickup", "device"):
        kind = "other"
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    if not OneStatSolo.of(fighter).opfor:
        return None
    why = not_running(state)
    if why is not None:
        return why
    if OneStatTurn.of(fighter).reaction and state.active != fighter.id:
        return None  # one action a rule grants outside the activation (R-1SS-P05)
    side = order.next_side(state)
    if side is not None and side != fighter.side:
        # The check `activate` and `solo opfor` make, in their words: whose turn it is.
        from companion.systems.one_stat.solo.game import must_wait

        return must_wait(fighter)
    master = OneStatTurn.of(fighter).with_master
    if state.active != fighter.id and not (master and state.active == master):
        if fighter.token:
            return f"{fighter.name}'s activation is over for this turn ({RULING})"
        return (
            f"{fighter.name} acts only in its own activation: walk it with "
            f"'companion solo opfor \"{fighter.name}\"' ({RULING})"
        )
    # A second attack is refused as such, before the count says nothing is left.
    why = sequence.refusal(fighter, kind)
    if why is None and int(fighter.flags.get("actions", 0) or 0) < 1:
        why = sequence.no_action_left(fighter)
    return why
