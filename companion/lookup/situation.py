"""The look-up topic for the situation at the table, for the guided mode's rules key.

The situation is described in plain words and searched like a player's question, so it
works for every system whose topics use the ordinary words of the game (a system that
calls its turn a "round" still finds "turn" among its keywords or text).
"""

from __future__ import annotations

from companion.lookup.search import search
from companion.lookup.topics import RuleTopic, all_topics

# What a player usually wants to know in each situation of `play`.
QUESTIONS = {
    "setup": "set-up deployment table",
    "choose": "activation actions who activates",
    "acting": "actions activation move attack",
    "down": "recover stand up prone stunned",
    "opfor": "opfor procedure enemy",
    "upkeep": "upkeep end of turn round",
    "ended": "victory win scenario mission",
}


def situation_question(kind: str, fighter_status: str | None = None, opfor: bool = False) -> str:
    """The question for a phase kind of `play` ("setup", "choose", "acting", "upkeep",
    "ended"); a fighter that is down asks about recovering, an OpFor side about the
    OpFor procedure."""
    if opfor and kind in ("choose", "acting"):
        return QUESTIONS["opfor"]
    if kind == "acting" and fighter_status not in (None, "upright"):
        return QUESTIONS["down"]
    return QUESTIONS.get(kind, QUESTIONS["acting"])


def situation_topic(
    system_id: str, kind: str, fighter_status: str | None = None, opfor: bool = False
) -> RuleTopic | None:
    """The topic that best answers the situation's question, or None."""
    topics = all_topics(system_id)
    hits = search(situation_question(kind, fighter_status, opfor), topics, 1)
    return hits[0].topic if hits else None
