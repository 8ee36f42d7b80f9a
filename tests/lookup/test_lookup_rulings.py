"""A topic that names a ruling says what the ruling says.

Each row below is one fact of a ruling: the words that state it in the ruling, the words
that state it in the topic that cites the ruling, and words the topic must never say
(the reading the ruling rejects). When a ruling or a topic is edited so that they part,
the row fails: the Switcher row fails if the topic swaps only with a friendly rookie
while R-1SS-P20 says any rookie. A last table holds facts of the source texts that no
ruling restates (the Treasure Hunt's corner, the Leader's three dice).
"""

from __future__ import annotations

import re

import pytest

from companion import systems
from companion.lookup.topics import all_topics

# system, topic, ruling, the ruling says, the topic says, the topic never says
AGREES = [
    ("1ss", "switcher", "R-1SS-P20", r'Switcher swaps with any rookie within 10", friend or foe',
     r'any rookie within 10", on either side', r"friendly rookie"),
    ("1ss", "training", "R-1SS-P24", r"D10 each only for the training mission's first turn",
     r"first turn is a D10 for each side; from the second turn on each side rolls the die of "
     r"its highest-ranked fighter", r"D10 (for initiative|each turn)\.?$"),
    ("1ss", "initiative", "R-1SS-P24", r"later training turns the same way as every other",
     r"later training turns roll like any mission", r"training mission: D10 each\b"),
    ("1ss", "recover", "R-1SS-06", r"at or above its stat stands it up",
     r"equal to or above its stat, it stands up", r"above its stat \(not equal\)"),
    ("1ss", "recover", "R-1SS-06", r"After a failed first try the second action may be",
     r"If the first try fails, the second action may try again", None),
    ("1ss", "defence", "R-1SS-01", r"strictly above the defender's stat",
     r"strictly above its stat cancels the hit", r"at or above its stat cancels"),
    ("1ss", "wounds", "R-1SS-04", r"ignores the first wound it takes each turn, upright or wounded",
     r"ignores the first wound it takes in each turn, upright or prone", None),
    ("1ss", "shooting-into-melee", "R-1SS-10", r"1-3 the intended target, 4-6 a random other",
     r"1-3 the shot goes to the intended target, 4-6 it goes to one of the other", None),
    ("1ss", "spawn-dice", "R-1SS-11", r"A straight is six singles",
     r"A straight 1-2-3-4-5-6 is six singles: six rookies", None),
    ("warstuff", "leader", "R-WS-P11", r"It cannot command twice",
     r"roll three dice", r"up to three dice"),
    ("skirmashed", "block", "R-SKM-02", r"only the best fitting one applies",
     r"take the single best fit", r"add (them )?up"),
    ("monochrome", "morale", "R-MON-05", r"D6 times the fighters it lost that turn",
     r"a D6 times the fighters lost this turn against a D6 times the fighters still in play",
     None),
    ("smbfat", "armor", "R-SMB-01", r"5\+ one with Armor", r"must be a 5 or a 6", None),
    ("smbfat", "leader", "R-SMB-P01", r"grants no further extra turn",
     r"the extra turn does not give another one", None),
]  # fmt: skip

# system, topic, the topic says, the topic never says (with where the text says it)
TEXT_FACTS = [
    # 1ss advanced Treasure Hunt: the carrier brings the token back to its starting area.
    ("1ss", "treasure-hunt", r"back into that side's own starting area \(its corner\)",
     r"off (your|the) (edge|table)"),
    # WarStuff Leader: "roll three dice", each 4+ activates one unit.
    ("warstuff", "leader", r"roll three dice: each 4\+", r"up to three dice"),
]  # fmt: skip


def _said(system_id: str, topic_id: str) -> tuple[tuple[str, ...], str]:
    topic = next(t for t in all_topics(system_id) if t.id == topic_id)
    return topic.rulings, " ".join(f"{topic.sheet} {topic.text}".split())


@pytest.mark.parametrize(("system_id", "topic_id", "ruling", "rules", "says", "never"), AGREES)
def test_a_topic_says_what_the_ruling_it_names_says(
    system_id: str, topic_id: str, ruling: str, rules: str, says: str, never: str | None
) -> None:
    texts = {r.id: " ".join(r.text.split()) for r in systems.get(system_id).rulings()}
    assert re.search(rules, texts[ruling]), f"{ruling} no longer says {rules!r}: check the topic"
    cited, text = _said(system_id, topic_id)
    assert ruling in cited, f"{topic_id} does not name {ruling}"
    assert re.search(says, text), f"{topic_id} does not say what {ruling} says ({says!r})"
    assert never is None or not re.search(never, text), f"{topic_id} says {never!r}"


@pytest.mark.parametrize(("system_id", "topic_id", "says", "never"), TEXT_FACTS)
def test_a_topic_says_what_the_source_text_says(
    system_id: str, topic_id: str, says: str, never: str
) -> None:
    _, text = _said(system_id, topic_id)
    assert re.search(says, text) and not re.search(never, text)


def test_the_entries_behind_the_fixed_topics_say_the_same():
    """The data entries that play and explanations show read as the topics do."""
    one = systems.get("1ss").data
    assert 'any rookie within 10"' in one.skills["switcher"].summary
    assert "first turn" in one.scenarios["training"].summary
    assert "starting corner" in one.scenarios["treasure-hunt"].summary
    ws = systems.get("warstuff").data
    assert "roll three dice" in ws.rules["leader"].summary
