"""Scenario bookkeeping: upkeep scoring, the end of the game and who won, and what the
board shows of each scenario. The scenario actions themselves (`act`) are in
`objectives`: only the commands that take one compile them.
"""

from __future__ import annotations

from companion.game.events import Change
from companion.game.state import GameState
from companion.names import plural
from companion.systems.base import Outcome, house_rule_lines
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.state import OneStatFighter, OneStatGame, OneStatSide
from companion.trace import Step, Trace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    pass

ACTION_SCENARIOS = ("bombing-run", "capture-the-flag")
VP_SCENARIOS = ("manhunt", "king-of-the-hill", "supremacy")
ACTION_VP = 2
BOMB_START = 8
DEVICE_START, DEVICE_MIN, DEVICE_MAX = 3, 0, 6
ZONES = 4


def is_action(state: GameState) -> bool:
    return state.scenario in ACTION_SCENARIOS


def standing(board: Board, side: int) -> int:
    return sum(1 for f in board.fighters() if f.side == side and fx.in_play(f))


def wiped_out(board: Board) -> str | None:
    """A side with no fighter left loses at once (every scenario but the action ones,
    where the fallen come back)."""
    names = [s.name for s in board.state.sides]
    left = [s for s in range(len(names)) if standing(board, s)]
    if len(left) == 1 and len(names) > 1:
        return f"{names[left[0]]} wins: the other warband is wiped out"
    if not left:
        return "draw: no fighter is left standing"
    return None


def after_resolution(d: OneStatData, board: Board, roller: Roller) -> None:
    """Checks after every resolution: wipe-out, and the action scenarios' 2 VP."""
    if board.result is not None or board.state.phase == "ended":
        return
    if is_action(board.state):
        for s, side in enumerate(board.state.sides):
            if board.vp(s) >= ACTION_VP:
                board.result = f"{side.name} wins with {board.vp(s)} VP"
        if board.result:
            board.announcements.append(f"Game over: {board.result}")
        return
    res = wiped_out(board)
    if res and board.state.scenario in VP_SCENARIOS:
        # Victory points decide these after turn 8; a wipe-out ends nothing early unless
        # nobody is left to play on (R-1SS-P22).
        if any(standing(board, s) for s in range(len(board.state.sides))):
            if not board.gflag("wipe_noted"):
                board.gput(OneStatGame, wipe_noted=True)
                board.announcements.append(
                    "A warband is wiped out, but victory points decide this scenario: "
                    "play on to the last turn (R-1SS-P22)"
                )
            return
        res = vp_winner(board)
    if res:
        board.result = res
        board.announcements.append(f"Game over: {res}")


def _most(board: Board, counts: list[int], draw: str, wins: str) -> str:
    """The side with the highest count, or a draw when sides share it, with every count."""
    sides = board.state.sides
    best = max(counts)
    top = [s for s, c in enumerate(counts) if c == best]
    tally = ", ".join(f"{sides[s].name} {counts[s]}" for s in range(len(sides)))
    if len(top) > 1:
        return f"{draw} ({tally})"
    return f"{sides[top[0]].name} {wins} ({tally})"


def vp_winner(board: Board, what: str = "VP") -> str:
    scores = [board.vp(s) for s in range(len(board.state.sides))]
    return _most(board, scores, f"draw on {what}", f"wins on {what}")


def final_result(d: OneStatData, board: Board, roller: Roller) -> str:
    """Who won after the last turn, by the scenario's own count."""
    sc = board.state.scenario
    sides = board.state.sides
    wipe = wiped_out(board)
    if wipe and sc not in VP_SCENARIOS:
        return wipe
    if sc == "last-man-standing":
        counts = [standing(board, s) for s in range(len(sides))]
        return _most(board, counts, "draw: as many fighters left", "wins with more fighters left")
    if sc in ("manhunt", "king-of-the-hill"):
        return vp_winner(board)
    if sc == "supremacy":
        zones = [board.sflag(s, "zones") for s in range(len(sides))]
        if any(z is None for z in zones):
            return (
                "the zones were not counted: enter them with "
                "'companion act FIGHTER zones --opt z1=N ...' before the last 'turn'"
            )
        for z in range(ZONES):
            counts = [int(zs[z]) for zs in zones]
            best = max(counts)
            top = [s for s, c in enumerate(counts) if c == best]
            if len(top) == 1 and best > 0:
                board.add_vp(top[0], 1)
                roller.info(f"Zone {z + 1}", f"{sides[top[0]].name} holds it ({counts}): 1 VP")
            else:
                roller.info(f"Zone {z + 1}", f"nobody holds it ({counts})")
        return vp_winner(board, "zones")
    if sc == "treasure-hunt":
        closer = board.gflag("treasure_closer")
        carrier = board.gflag("treasure_carrier")
        if closer is None and carrier:
            closer = board.fighter(str(carrier)).side
            roller.info("Treasure", f"{board.fighter(str(carrier)).name} still carries it")
        if closer is None:
            return (
                "undecided: say which side the treasure is closer to with "
                "'companion act FIGHTER closer' before the last 'turn'"
            )
        return f"{sides[int(closer)].name} wins: the treasure is closer to its starting area"
    if sc == "trigger-device" and board.gflag("device_winner") is not None:
        return f"{sides[int(board.gflag('device_winner'))].name} triggered the device"
    return "no side wiped out the other: a draw"


def upkeep(d: OneStatData, board: Board, roller: Roller) -> None:
    """Upkeep rules beyond the tokens: Regenerator's roll, King of the Hill VP, the bomb's
    countdown, respawns in the action scenarios, lost activations."""
    state = board.state
    for f in board.fighters():
        if f.status == "face-down" and fx.has(f, "regenerator"):
            if f.flags.get(fx.REGEN_SKIP):
                # "You may perform 1 roll": its player passed on it (R-1SS-P28).
                roller.info(
                    f"{f.name} stays face down",
                    "its player passed on the recovery roll this upkeep",
                    ("R-1SS-P28",),
                )
                continue
            # The loss rules load only when upkeep raises or removes someone.
            from companion.systems.one_stat import losses

            losses.regenerate_roll(board, roller, f)
    if state.scenario == "king-of-the-hill" and state.turn > 0:
        counts = [board.sflag(s, "hill") for s in range(len(state.sides))]
        if all(c is None for c in counts):
            roller.info(
                "King of the Hill",
                "no count entered this turn ('companion act FIGHTER hill --opt count=N'): no VP",
            )
        else:
            nums = [int(c or 0) for c in counts]
            best = max(nums)
            top = [s for s, n in enumerate(nums) if n == best]
            if len(top) == 1:
                board.add_vp(top[0], 1)
                roller.info(
                    "King of the Hill", f"{state.sides[top[0]].name} holds the hill {nums}: 1 VP"
                )
            else:
                roller.info("King of the Hill", f"the hill is contested {nums}: no VP")
            for s in range(len(state.sides)):
                board.sput(OneStatSide, s, hill=None)
    if state.scenario == "bombing-run":
        board.gput(OneStatGame, bomb_blast=None)
        carrier = board.gflag("bomb_carrier")
        if carrier:
            face = int(board.gflag("bomb", BOMB_START)) - 1
            if face < 1:
                name = board.fighter(str(carrier)).name
                roller.info("The bomb explodes", f"it blew up in {name}'s hands")
                board.gput(OneStatGame, bomb_carrier=None)
                from companion.systems.one_stat import losses

                losses.take_out(board, roller, str(carrier), "killed by the bomb")
                board.gput(OneStatGame, bomb=BOMB_START)
                board.gput(OneStatGame, bomb_blast=str(carrier))
                board.announcements.append(
                    f'The bomb exploded on {name}: every fighter within 2" is killed '
                    "('companion act FIGHTER blast' for each); the bomb is back in the centre"
                )
            else:
                board.gput(OneStatGame, bomb=face)
                roller.info("Bomb countdown", f"the carried bomb now shows {face}")
    if is_action(state):
        for f in board.fighters():
            if f.out and not OneStatFighter.of(f).demon:
                c = board.cond(f.id)
                c.status, c.wounds = "upright", 0
                roller.info("Respawn", f"{f.name} comes back in its starting area", ("R-1SS-P09",))


def status_lines(state: GameState) -> list[str]:
    """What the scenario tracks, for the board."""
    lines: list[str] = []
    sc = state.scenario
    if state.turn == 0 and not state.options.get("solo"):
        lines.append(
            'Set-up: each side starts within 5" of its corner, opposite corners; agree three '
            "yes/no answers per terrain piece (see through? enter? cover?); a fighter inside "
            "a house is attacked only from inside it ('companion rules show 1ss terrain')"
        )
    lines += house_rule_lines(state)
    rookies = [
        sum(
            1
            for f in state.side_fighters(s)
            if f.rank == "rookie" and not OneStatFighter.of(f).demon
        )
        for s in range(len(state.sides))
    ]
    if len(set(rookies)) > 1 and not state.options.get("solo"):
        lines.append(
            "Note: the sides field "
            + " and ".join(str(n) for n in rookies)
            + " rookies; the rules have every player field the same number (R-1SS-P21)"
        )
    name = {f.id: f.name for f in state.fighters}
    if sc == "treasure-hunt":
        c = OneStatGame.of(state).treasure_carrier
        lines.append(f"Treasure: {'carried by ' + str(name.get(c, c)) if c else 'on the ground'}")
        if OneStatGame.of(state).treasure_closer is not None:
            lines.append(f"Treasure closer to {state.sides[state.flags['treasure_closer']].name}")
    if sc == "bombing-run":
        c = OneStatGame.of(state).bomb_carrier
        lines.append(
            f"Bomb: shows {state.flags.get('bomb', BOMB_START)}, "
            + (f"carried by {name.get(c, c)}" if c else "on the ground")
        )
    if sc == "capture-the-flag":
        for side in state.sides:
            c = OneStatSide.of(side).flag_carrier
            lines.append(
                f"Flag of {side.name}: " + (f"carried by {name.get(c, c)}" if c else "in place")
            )
    if sc == "king-of-the-hill":
        counts = [str(s.flags.get("hill", "-")) for s in state.sides]
        lines.append(
            "On the hill this turn: " + " vs ".join(counts) + " (1 VP at upkeep to the larger)"
        )
    if sc == "supremacy":
        for side in state.sides:
            lines.append(
                f"{side.name} per zone: {list(side.flags.get('zones', ())) or 'not counted'}"
            )
    if sc == "manhunt":
        lines.append("Manhunt: 1/2/3 VP per rookie/specialist/boss taken out")
    if sc in ACTION_SCENARIOS:
        lines.append(f"Action scenario: first to {ACTION_VP} VP; the fallen respawn each turn")
        if state.options.get("sat_out"):
            lines.append(
                "Sitting out (the band is at most 1 boss, 2 specialists, 2 rookies): "
                + ", ".join(state.options["sat_out"])
            )
    for f in state.fighters:
        if f.status == "face-down" and fx.has(f, "regenerator"):
            lines.append(
                f"{f.name} lies face down: no recovery roll at upkeep, as its player passed"
                if f.flags.get(fx.REGEN_SKIP)
                else f"{f.name} lies face down: it rolls to recover at upkeep (pass with "
                f"'companion act \"{f.name}\" regenerate --opt roll=false', R-1SS-P28)"
            )
    if "device" in state.flags or sc == "trigger-device":
        lines.append(
            f"Trigger device: {plural(int(state.flags.get('device', DEVICE_START)), 'token')} "
            "(0 or 6 triggers)"
        )
    if OneStatGame.of(state).bomb_blast:
        lines.append("The bomb just exploded: remove fighters within 2\" with 'act FIGHTER blast'")
    return lines


def game_over(
    turn: int, changes: list[Change], steps: list[Step], result: str, said: tuple[str, ...] = ()
) -> Outcome:
    """The upkeep that ends the game after `turn` with `result` (a solo game's too);
    `said`: what the upkeep announced before it."""
    trace = Trace("End of the game", tuple(steps), result)
    return Outcome(
        "end",
        f"The game is over after turn {turn}: {result}",
        tuple(changes),
        trace,
        announcements=(*said, f"Game over: {result}"),
    )
