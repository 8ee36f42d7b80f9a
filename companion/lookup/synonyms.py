"""The words players use for the rules' words, per system: "lying down" for prone,
"dead" for out, "how far" for move; and the words that name the game's pieces.

Each topic file may hold a `[synonyms]` table: a key is a word the system's topics use,
its value the phrases players say for it. A question is read as slots: a phrase of the
table becomes one slot that also looks for the rules' words (a one-word phrase keeps
the player's word besides, since a topic may use it too); every other word of the
question is a slot of its own. The words of `common_words` ("unit", "fighter") are in
nearly every topic, so a slot of one of them counts little. The table is checked and
turned into stems once, with the prepared topics (`companion.lookup.prepared` keeps it
in the cache folder), so a look-up only does dictionary look-ups.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from companion import TYPE_CHECKING
from companion.data import Reader, load_toml
from companion.lookup.topics import file_name, has_file
from companion.lookup.words import words
from companion.values import frozen

if TYPE_CHECKING:
    from typing import Any


@frozen
class Synonyms:
    """A system's table: each phrase (as stems) with the stems of the rules' words."""

    phrases: Mapping[tuple[str, ...], tuple[str, ...]]
    longest: int = 0
    common: frozenset[str] = frozenset()

    def weight(self, slot: tuple[str, ...]) -> float:
        """How much a slot counts: little for a word naming the game's pieces ("unit"
        in WarStuff), which nearly every topic uses."""
        return COMMON if len(slot) == 1 and slot[0] in self.common else 1.0

    def slots(self, asked: Sequence[str]) -> list[tuple[str, ...]]:
        """The question's stems as slots, longest phrases first, each slot's first stem
        the player's own where it keeps one."""
        out: list[tuple[str, ...]] = []
        i = 0
        while i < len(asked):
            for n in range(min(self.longest, len(asked) - i), 0, -1):
                phrase = tuple(asked[i : i + n])
                found = self.phrases.get(phrase)
                if found is not None:
                    own = phrase if n == 1 else ()
                    out.append(tuple(dict.fromkeys(own + found)))
                    i += n
                    break
            else:
                out.append((asked[i],))
                i += 1
        return out

    def to_data(self) -> dict[str, Any]:
        """The table as plain JSON values, for the cache folder (`from_data` reads it back)."""
        return {
            "phrases": [[list(said), list(rules)] for said, rules in self.phrases.items()],
            "longest": self.longest,
            "common": sorted(self.common),
        }

    @staticmethod
    def from_data(doc: Mapping[str, Any]) -> Synonyms:
        phrases = {tuple(said): tuple(rules) for said, rules in doc["phrases"]}
        return Synonyms(phrases, int(doc["longest"]), frozenset(doc["common"]))


NONE = Synonyms({})
COMMON = 0.3

# Tables read back from the prepared look-up data (`companion.lookup.prepared`), so a
# look-up need not read the topic file again.
KNOWN: dict[str, Synonyms] = {}


def synonyms(system_id: str) -> Synonyms:
    """The system's table, checked; an empty one when its topic file has none."""
    known = KNOWN.get(system_id)
    return known if known is not None else read(system_id)


@lru_cache(maxsize=16)
def read(system_id: str) -> Synonyms:
    """The system's table as its topic file has it, checked."""
    if not has_file(system_id):
        return NONE
    name = file_name(system_id)
    top = Reader(name, load_toml(name))
    common = frozenset(w for text in top.texts("common_words", ()) for w in words(text))
    table = top.table("synonyms", {})
    phrases: dict[tuple[str, ...], tuple[str, ...]] = {}
    for key in table.data:
        rules = tuple(words(key))
        if not rules:
            table.fail("names no word a search can use (only small words)", key)
        for said in table.texts(key):
            stems = tuple(words(said))
            if not stems:
                table.fail(f"{said!r} has no word a search can use (only small words)", key)
            if stems == rules:
                table.fail(f"{said!r} is the word itself", key)
            phrases[stems] = tuple(dict.fromkeys(phrases.get(stems, ()) + rules))
    return Synonyms(phrases, max((len(p) for p in phrases), default=0), common)
