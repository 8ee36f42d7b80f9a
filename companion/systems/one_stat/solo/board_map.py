"""The solo battlefield as plain data: grid, inch labels, spawnpoints and tokens.

`solo map --json` prints this; the terminal picture is drawn from it (render/solo_map.py).
Columns run left to right, rows from your edge (row 1) to the far edge.
"""

from __future__ import annotations

from typing import Any

from companion.game.state import GameState, thaw
from companion.systems.one_stat.solo.data import load
from companion.systems.one_stat.solo.spawn import SPAWN_TURN
from companion.systems.one_stat.solo.spawnpoints import square_size
from companion.systems.one_stat.state import OneStatGame, OneStatSolo, OneStatSoloGame


def _num(v: float) -> int | float:
    return int(v) if float(v).is_integer() else round(v, 1)


def spawned(state: GameState, spawnpoint: int) -> list[dict[str, Any]]:
    """The OpFor fighters that came from a spawnpoint, in the order they arrived: each
    with the turn it arrived in (0: the set-up's spawn; None in a game begun before
    fighters kept it) and whether it is out."""
    return [
        {
            "id": f.id,
            "name": f.name,
            "rank": f.rank,
            "turn": f.flags.get(SPAWN_TURN),
            "status": f.status,
            "out": f.out,
        }
        for f in state.side_fighters(1)
        if OneStatSolo.of(f).spawnpoint == spawnpoint
    ]


def map_data(state: GameState) -> dict[str, Any]:
    d = load()
    board = int(state.options.get("board") or d.board)
    grid = int(state.options.get("grid") or d.grid)
    size = square_size(board, grid)
    shut = set(OneStatSoloGame.of(state).shut or ())
    cells: dict[tuple[int, int], list[dict[str, Any]]] = {}

    def put(col: int, row: int, item: dict[str, Any]) -> None:
        cells.setdefault((col, row), []).append(item)

    spawnpoints = []
    for i, (col, row) in enumerate(OneStatSoloGame.of(state).spawnpoints or ()):
        n = i + 1
        sp = {"number": n, "col": col, "row": row, "shut": n in shut, "fighters": spawned(state, n)}
        spawnpoints.append(sp)
        put(col, row, {"kind": "spawnpoint", "label": str(n), "shut": n in shut})
    tokens = []
    ids = {f.name: f.id for f in state.fighters}
    for t in OneStatGame.of(state).tokens or ():
        # The game keeps who carries (or dropped) a token by name: the id beside it.
        who = {f"{k}_id": ids.get(t[k]) for k in ("carrier", "dropped_by") if k in t}
        tokens.append({**thaw(t), **who})
        if t["state"] in ("board", "shut"):
            put(t["col"], t["row"], {"kind": t["kind"], "label": t["id"], "state": t["state"]})
    ev = OneStatSoloGame.of(state).event
    if ev:
        put(
            ev["col"],
            ev["row"],
            {"kind": "event", "label": "!", "state": "done" if ev.get("done") else "open"},
        )
    put(1, 1, {"kind": "home", "label": "@"})
    for f in state.fighters:
        c = OneStatSolo.of(f).corner
        if c and not f.out:
            start = {"kind": "start", "label": f.name[:1].upper(), "fighter": f.name}
            put(c[0], c[1], {**start, "fighter_id": f.id})
    trek = [f for f in state.fighters if OneStatSolo.of(f).trek]
    if trek and any(not f.out for f in trek):
        # The trek walks from the far corner to yours (Ambush).
        put(grid, grid, {"kind": "start", "label": "K", "fighter": "the trek"})
    legend = {"1-6": "spawnpoints" + (" (x = shut down)" if shut else ""), "@": "your corner"}
    kinds = {t["kind"] for t in tokens}
    for kind, key, text in (
        ("treasure", "T1..", "treasures"),
        ("clue-x", "X", "clue for the column"),
        ("clue-y", "Y", "clue for the row"),
        ("station", "D1..", "stations (x = shut down)"),
        ("hostage", "H", "hostage"),
    ):
        if kind in kinds:
            legend[key] = text
    if ev:
        legend["!"] = f"event: {ev['label']}"
    for f in state.fighters:
        if OneStatSolo.of(f).corner and not f.out:
            legend[f.name[:1].upper()] = f"{f.name}'s starting corner"
    if trek and any(not f.out for f in trek):
        legend["K"] = "the trek's starting corner (it heads for yours)"
    return {
        "board_inches": board,
        "grid": grid,
        "square_inches": _num(size),
        "x_labels": [_num(i * size) for i in range(grid + 1)],
        "y_labels": [_num(i * size) for i in range(grid + 1)],
        "spawnpoints": spawnpoints,
        "tokens": tokens,
        "event": thaw(ev) if ev else None,
        "cells": [{"col": c, "row": r, "items": items} for (c, r), items in sorted(cells.items())],
        "legend": legend,
    }
