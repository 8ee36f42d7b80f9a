"""How an action's outcome is counted in its odds: the walk's protocol, as a value.

An action (rule code run on a roller) returns its outcome; an outcome counted by row
(an attack) also carries a `Counting`: the row of the odds table it falls in, any further
rows (each fighter nearby a shot also attacks), the facets told beside the table (the
attacker's own risk, the spread of hits) and the headline. `companion.core.walk` reads
it over every branch; nothing of it is stored with the game's events, which hold what
was decided and what happened.
"""

from __future__ import annotations

from companion.names import fared
from companion.trace import Who
from companion.values import frozen

# What a facet says happened: a word, several words (nested: "killed" within "hurt or
# killed"), each told with its own chance, or a number (hits, damage) told as a spread,
# lowest first.
Said = str | int | tuple[str, ...]


@frozen
class Row:
    """A row of an odds table: the sentence shown ("Robyn: killed"), the effect as a
    word ("killed"), the fighter it befalls (none for a row about no one: "2 of 3
    figures defeated"), and where the row stands (rows in the order the rules list
    results; rows of equal rank stand most likely first)."""

    text: str
    effect: str
    fighter: Who | None = None
    rank: int = 0


@frozen
class Headline:
    """The odds' headline is the chance of `what`, every outcome that `counts` toward
    it added up (a kill, whatever else happens), instead of the likeliest row."""

    what: str
    counts: bool


@frozen
class Counting:
    """How one outcome is counted.

    - `row`: the row it falls in (rows are fewer than the outcomes' summaries);
    - `also`: further rows the same outcome falls in, for an action with more than one
      thing to count (one set of rows per fighter a shot also attacks: such a table sums
      to more than 1);
    - `facets`: other things the table wants told with their chances, as (title, what
      happened) pairs, each shown as one step. A facet told on some outcomes only,
      always in the same words, is a chance (one target defeated among several), and its
      step carries it as its probability;
    - `given`: the condition the facets are told under ("if A lives to strike"): the
      outcomes that leave the facets out do not count;
    - `headline`: what the odds' headline tells, when not the likeliest row.
    """

    row: Row
    also: tuple[Row, ...] = ()
    facets: tuple[tuple[str, Said], ...] = ()
    given: str = ""
    headline: Headline | None = None


def about(fighter_id: str, name: str, effect: str, rank: int = 0, text: str = "") -> Row:
    """A row about one fighter, said as "Name: effect" unless `text` says it."""
    return Row(text or fared(name, effect), effect, Who(fighter_id, name), rank)
