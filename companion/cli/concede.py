"""`companion concede`, in every system: declared once (`companion.cli.declare`), without
Typer, so a well-formed command line is parsed by the quick path."""

from __future__ import annotations

from companion.cli.declare import GAME, JSON, Command, arg


def concede(side: str, game: str | None, as_json: bool) -> None:
    from companion.cli.shared import find_side, run_outcome, writing_game
    from companion.errors import RefusedError
    from companion.game.concede import concede_changes
    from companion.systems.base import Outcome

    with writing_game(game) as gf:
        idx = find_side(gf.state, side)
        if gf.state.turn == 0 and gf.state.phase != "setup":
            raise RefusedError("the game is not running")
        changes, result = concede_changes(gf.state, idx)
        name = gf.state.sides[idx].name
        ann = (f"Game over: {result}",) if result else ()
        run_outcome(
            gf, Outcome("concede", f"{name} concede.", tuple(changes), announcements=ann), as_json
        )


CONCEDE = Command(
    "concede",
    "companion.cli.concede:concede",
    """A player concedes; when one player is left, the game ends with them as the winner.

    Example:
    companion game new --system warstuff
    companion concede "Greenskin Raiders"
    """,
    (arg("side", "Side name (prefix) or number 1/2..."), GAME, JSON),
)
QUICK = (CONCEDE,)
