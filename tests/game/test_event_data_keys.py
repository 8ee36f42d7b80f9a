"""The game's event log records what was decided and what happened, nothing the odds walk
needs: how an outcome is counted in its odds table travels beside the event (an
outcome's `counting`), never in it.

Games of every system are played by the crawler through play's real loop; every event's
stored `data` may hold only the keys listed for its kind below. A new key is a new part
of the saved format: add it here once it is a decision or a result, not bookkeeping.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from play_crawler import crawl

from companion import systems
from companion.cli.shared import drawn_board
from companion.core.counting import Counting
from companion.game.repo import Home
from companion.values import fields

# The dice that decided an event, as `append_outcome` stores them with any kind.
DICE = {"dice", "typed", "seed"}

# What each kind of event may store besides its dice, in any system.
ALLOWED: dict[str, set[str]] = {
    "turn": {"turn", "initiative", "skipped"},
    "end": {"skipped"},
    "attack": {
        "result",  # the target's result
        "target",  # whom the attack reached (1ss: a shot may hit another instead)
        "attacker_result",  # WarStuff: what befell the attacker
        "results",  # each target's result (SMBFAT, Monochrome)
        "targets",  # SMBFAT: the figures attacked, in the order of `results`
        "prey",  # Monochrome: the fighter a target reached
        "hits",  # SKIRMASHED: hits, unblocked hits and damage dealt
        "unblocked",
        "damage",
        "killed",
    },
    "skill": {"skill", "success"},
    "move": {"inches"},
    "run": {"inches"},
    **{kind: set() for kind in ("action", "activate", "activation-end", "fall", "override")},
    **{kind: set() for kind in ("recover", "morale", "reroll", "vp", "claim", "setup", "focus")},
}

# Names only the odds walk reads: a key of this form is bookkeeping, whatever its kind.
WALK_ONLY = {f.name for f in fields(Counting)}


def _stored(sid: str, root: Path) -> list[dict]:
    crawl(root, sid, 0, 150)
    return Home(root / f"{sid}-0", draw=drawn_board).open_game("crawl-0").raw_events


@pytest.mark.parametrize("sid", systems.ids())
def test_events_store_decisions_and_results_only(sid, tmp_path):
    events = _stored(sid, tmp_path)
    kinds = {e["kind"] for e in events}
    assert "attack" in kinds, f"{sid}: the crawl made no attack; pick another seed"
    for e in events:
        kind, keys = e["kind"], set(e["data"])
        assert kind in ALLOWED, f"{sid}: a new kind of event {kind!r}: list its keys here"
        walk = {k for k in keys if k.startswith("odds_") or k in WALK_ONLY}
        assert not walk, f"{sid} {kind}: the odds walk's bookkeeping is stored: {walk}"
        extra = keys - ALLOWED[kind] - DICE
        assert not extra, f"{sid} {kind}: keys not listed as a decision or result: {extra}"


def test_the_rule_finds_the_bookkeeping_release_0_2_stored():
    """The games 0.2 saved hold the walk's keys with every attack: what the test above
    refuses (they still load: `test_saved_games`)."""
    import json

    saved = Path(__file__).parent / "saved_0_2" / "1ss" / "games"
    stored = set()
    for part in saved.glob("*.events/*.json"):
        for e in json.loads(part.read_text())["events"].values():
            stored |= {k for k in e["data"] if k.startswith("odds_")}
    assert {"odds_label", "odds_rank"} <= stored
