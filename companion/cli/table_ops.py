"""What the table commands do: status, turn, activate, overrides, undo/redo, log.

Plain functions without Typer: `companion.cli.table` declares them as Typer commands
(options, help) and calls these, and the quick path (`companion.cli.quick`) calls them
directly for a well-formed command line, so each command has one implementation.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from companion import TYPE_CHECKING, systems
from companion.cli.shared import (
    dice_source,
    find_fighter,
    find_side,
    interactive,
    print_json,
    reading_game,
    report,
    run_outcome,
    typed_value,
    writing_game,
)
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, set_fighter, set_game, set_side
from companion.game.state import FighterState, GameState
from companion.game.typed_state import FLAG_PREFIX, flag_key
from companion.names import unsafe_char
from companion.numbers import is_whole, shown, whole_number
from companion.roster import MAX_TEXT
from companion.systems.base import Outcome, waiting_text, with_skipped

if TYPE_CHECKING:
    from typing import Any

__all__ = ["find_fighter", "find_side", "report", "run_outcome"]  # for other commands


def status(game: str | None, as_json: bool) -> None:
    with reading_game(game) as gf:
        pass
    from companion.cli.games import show_board

    show_board(gf, as_json)


def turn(
    game: str | None, dice: str | None, seed: int | None, as_json: bool, force: bool = False
) -> None:
    src = dice_source(dice, seed)
    if not force:
        with reading_game(game) as gf:
            waiting = systems.get(gf.system).still_to_act(gf.state)
        if waiting and not confirm_early_end(gf.state.turn, waiting, gf.state):
            word = systems.get(gf.system).round_word.capitalize()
            sys.stdout.write(f"{word} {gf.state.turn} goes on; nothing was written.\n")
            return
    with writing_game(game) as gf:
        system = systems.get(gf.system)
        skipped = system.still_to_act(gf.state)
        outcome = with_skipped(system.next_turn(gf.state, src), skipped)
        run_outcome(gf, outcome, as_json, src)


def confirm_early_end(turn: int, waiting: Sequence[FighterState], state: GameState) -> bool:
    """Ask on a terminal whether to end the turn with fighters still to act; a script is
    refused and told about --force, so a turn never ends early unseen."""
    word = systems.get(state.system).round_word
    text = waiting_text(turn, waiting, state, word)
    if not interactive():
        raise UsageError(f"{text}; pass --force to end it anyway (nothing was written)")
    import questionary

    sys.stdout.write(text[0].upper() + text[1:] + ".\n")
    answer = questionary.confirm(f"End {word} {turn} now?", default=False).ask()
    if answer is None:
        raise UsageError("cancelled; nothing was written")
    return bool(answer)


def done(
    fighter: str | None,
    dice: str | None,
    seed: int | None,
    game: str | None,
    as_json: bool,
    odds: bool = False,
) -> None:
    if odds:
        if dice is not None or seed is not None:
            raise UsageError("--odds rolls nothing: leave out --dice and --seed")
        from companion.cli.action_ops import _show_odds
        from companion.game.peek import peeking

        with peeking(game) as view:
            _active(view.state, fighter)
            trace = systems.get(view.system).end_activation_odds(view.state)
        _show_odds(view.system, trace, as_json)
        return
    src = dice_source(dice, seed)
    with writing_game(game) as gf:
        _active(gf.state, fighter)
        outcome = systems.get(gf.system).end_activation(gf.state, src)
        run_outcome(gf, outcome, as_json, src)


def _active(state: GameState, fighter: str | None) -> None:
    """Refuse a fighter named to `done` that is not the one activating."""
    if fighter is not None:
        f = find_fighter(state, fighter)
        if state.active != f.id:
            raise UsageError(f"{f.name} is not activating now")


def activate(fighter: str, game: str | None, as_json: bool) -> None:
    with writing_game(game) as gf:
        f = find_fighter(gf.state, fighter)
        outcome = systems.get(gf.system).activate(gf.state, f.id)
        run_outcome(gf, outcome, as_json)


def set_(
    fighter: str,
    wounds: int | None,
    state: str | None,
    token: bool | None,
    stat: int | None,
    flag: list[str] | None,
    force: bool,
    game: str | None,
    as_json: bool,
) -> None:
    with writing_game(game) as gf:
        f = find_fighter(gf.state, fighter, in_play=False)
        sys_ = systems.get(gf.system)
        changes: list[Change] = []
        if wounds is not None:
            changes.append(set_fighter(f.id, "wounds", wounds))
        if state is not None:
            allowed = tuple(sys_.statuses())
            s = state.strip().casefold()
            # The board shows a wounded fighter as "prone", so the word it shows is accepted.
            if s == "prone" and "wounded" in allowed and "prone" not in allowed:
                s = "wounded"
            if s not in allowed:
                raise UsageError(f"state '{state}' is not one of {', '.join(allowed)}")
            changes.append(set_fighter(f.id, "status", s))
        if token is not None:
            changes.append(set_fighter(f.id, "token", token))
        if stat is not None:
            key = next(iter(f.stats))
            changes.append(set_fighter(f.id, f"stats.{key}", stat))
        for item in flag or []:
            k, sep, v = item.partition("=")
            if not sep or not k.strip():
                raise UsageError(f"--flag takes NAME=VALUE, not '{shown(item, 60)}'")
            if unsafe_char(k + v) is not None:
                raise UsageError(
                    f"--flag: {shown(item, 60)} holds a control character or a direction "
                    "override, which no flag may hold"
                )
            if len(k.strip()) > MAX_FLAG or len(v) > MAX_TEXT:
                raise UsageError(
                    f"--flag: a flag name has at most {MAX_FLAG} characters and a value at "
                    f"most {MAX_TEXT}, not {len(k.strip()):,} and {len(v):,}"
                )
            name = k.strip()
            known = sys_.declared_flags("fighter")
            if name not in known and not force:
                raise UsageError(
                    f"--flag: {sys_.info.name} keeps no fighter flag {shown(name, 60)}; its "
                    f"flags: {', '.join(sorted(known))} (--force sets any name)"
                )
            changes.append(set_fighter(f.id, flag_key(name), _flag_value(v)))
        if not changes:
            raise UsageError("nothing to set; give --wounds, --state, --token, --stat or --flag")
        if not force:
            changes += _wounds_to_match(sys_, f, wounds, state, changes)
            _check_possible(sys_, f, changes)
        what = ", ".join(f"{c.field.replace(FLAG_PREFIX, 'flag ')} = {c.value}" for c in changes)
        run_outcome(
            gf, Outcome("override", f"{f.name}: {what} (set by hand)", tuple(changes)), as_json
        )


def _wounds_to_match(
    sys_: Any, f: Any, wounds: int | None, state: str | None, changes: list[Change]
) -> list[Change]:
    """A state given without wounds brings the wounds the rules give it (1ss: prone is
    one wound), when the fighter's present wounds do not fit it."""
    status = next((c.value for c in changes if c.field == "status"), None)
    if state is None or wounds is not None or status is None:
        return []
    if sys_.hand_set_problem(f, f.wounds, status) is None:
        return []
    for n in range(0, 3):
        if sys_.hand_set_problem(f, n, status) is None:
            return [set_fighter(f.id, "wounds", n)]
    return []


def _check_possible(sys_: Any, f: Any, changes: list[Change]) -> None:
    """Refuse a value the fighter's rule system cannot have, saying what it can."""
    new = {c.field: c.value for c in changes}
    if "stats." + next(iter(f.stats), "") in new and len(f.stats) == 1:
        stat = new["stats." + next(iter(f.stats))]
        rank = {r.id: r for r in sys_.ranks()}.get(f.rank)
        if rank is not None:
            # Where a rank's stat runs up to its die (1ss), a fighter with a bigger die
            # (a solo Bounty boss on a D12) may have a bigger stat.
            by_die = rank.stat_max == rank.die
            high = max(rank.stat_max, f.die) if by_die else rank.stat_max
            if not rank.stat_min <= stat <= high:
                die = f" (its die is a D{f.die})" if by_die else ""
                raise UsageError(
                    f"a {rank.label.lower()}'s {next(iter(f.stats))} is {rank.stat_min}-{high}"
                    f"{die}, not {stat}; pass --force to set it all the same"
                )
    if "wounds" in new or "status" in new:
        why = sys_.hand_set_problem(
            f, int(new.get("wounds", f.wounds)), str(new.get("status", f.status))
        )
        if why:
            raise UsageError(f"{why}; pass --force to set it all the same")


# A flag's name is a word such as charge_left: longer is a mistake, not a flag.
MAX_FLAG = 60


def _flag_value(v: str) -> Any:
    """An empty value clears the flag."""
    return None if not v.strip() else typed_value(v)


def vp(side: str, value: str, game: str | None, as_json: bool) -> None:
    with writing_game(game) as gf:
        system = systems.get(gf.system)
        if not system.keeps_vp:
            raise UsageError(
                f"{system.info.name} keeps no victory points: the game is won on the table"
            )
        idx = find_side(gf.state, side)
        cur = gf.state.sides[idx].vp
        v = value.strip()
        if not is_whole(v):
            raise UsageError(f"{shown(value)} is not a number of VP; give 3, +1 or -1")
        n = whole_number(v, "the VP", -999, 999)
        new = cur + n if v[:1] in "+-" else n
        if not 0 <= new <= 999:
            raise UsageError(f"victory points must stay within 0..999, not {new}")
        name = gf.state.sides[idx].name
        run_outcome(
            gf,
            Outcome("vp", f"{name}: {cur} → {new} VP (set by hand)", (set_side(idx, "vp", new),)),
            as_json,
        )


def initiative(side: str, game: str | None, as_json: bool) -> None:
    with writing_game(game) as gf:
        idx = find_side(gf.state, side)
        if gf.state.turn == 0:
            raise RefusedError("the game has not started; 'companion turn' rolls initiative")
        run_outcome(
            gf,
            Outcome(
                "override",
                f"{gf.state.sides[idx].name} takes the initiative (set by hand)",
                (set_game("initiative", idx),),
            ),
            as_json,
        )


def _history(direction: str, steps: int, game: str | None, as_json: bool) -> None:
    """Undo or redo `steps` events, all in one write."""
    with writing_game(game) as gf:
        pending = gf.count if direction == "undo" else len(gf.redo)
        if not pending:
            raise UsageError(
                "nothing to undo: the game is as it was set up"
                if direction == "undo"
                else "nothing to redo: no change was undone since the last one"
            )
        if steps > pending:
            raise UsageError(f"only {pending} events to {direction}, not {steps}")
        move = gf.undo if direction == "undo" else gf.redo_last
        done = [move() for _ in range(steps)]
        gf.db.commit()
    word = "Undone" if direction == "undo" else "Redone"
    if as_json:
        print_json({word.lower(): [e.to_dict() for e in done], "events": gf.count})
    else:
        for e in done:
            # What typer.echo did for these plain lines: write, newline, flush.
            sys.stdout.write(f"{word}: {e.summary}\n")
            sys.stdout.flush()


def undo(steps: int, game: str | None, as_json: bool) -> None:
    _history("undo", steps, game, as_json)


def redo(steps: int, game: str | None, as_json: bool) -> None:
    _history("redo", steps, game, as_json)
