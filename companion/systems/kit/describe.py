"""A fighter described on the spot in the words `roster add` takes, for a quick look-up
without a roster or a game: `"specialist stat=5 rifle"`, `"figure firepower=4 boom=6"`,
a library unit by name (`"Orc Warrior"`), and a state (`"rookie stat=3 wounded"`).

Every word is one of the system's own: a rank, a stat as NAME=N (a bare number is the
first stat, as `roster add --stat 4`), an item of equipment or a skill (by id, by label,
or by the name the system's sample warbands give it: a 1ss "rifle" is their medium
shooter), a state, `wounds=N`, or the name of a unit of the system's library. A word
that is none of these is refused by name, with what the system takes there.
"""

from __future__ import annotations

from companion.errors import UsageError
from companion.game.state import freeze
from companion.names import close_to
from companion.numbers import is_whole, shown, whole_number
from companion.roster import RosterFighter
from companion.systems.kit.fresh import Described

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from companion.systems.base import RuleSystem

MAX_PHRASE = 5  # words in the longest name looked for (a unit, a labelled item)


def _key(text: str) -> str:
    return " ".join(text.casefold().replace("_", "-").split())


def vocabulary(system: RuleSystem) -> dict[str, tuple[str, Any]]:
    """Every word or phrase of the system a description may hold: its kind and value."""
    words: dict[str, tuple[str, Any]] = {}

    def put(phrase: str, kind: str, value: Any) -> None:
        words.setdefault(_key(phrase), (kind, value))

    for r in system.ranks():
        put(r.id, "rank", r.id)
        put(r.label, "rank", r.id)
    statuses = tuple(system.statuses())
    for s in statuses:
        put(s, "status", s)
    if "wounded" in statuses and "prone" not in statuses:
        put("prone", "status", "wounded")  # the board's word for it, as `set` takes it
    for kind, wid, label in system.fighter_words():
        put(wid, kind, wid)
        put(label, kind, wid)
    # The names the sample warbands give their gear ("medium-shooter:rifle" makes "rifle").
    for roster in system.sample_rosters():
        for f in roster.fighters:
            for item in f.equipment:
                kind, sep, label = item.partition(":")
                if sep and label.strip():
                    put(label, "equipment", f"{kind}:{label.strip()}")
    for unit in _library(system):
        put(unit.name, "unit", unit.name)
    library = system.unit_library
    for genre in library.genres() if library is not None else ():
        for word in (genre.id, genre.label, *genre.aliases):
            put(word, "genre", genre.id)  # a unit of two genres is told by its genre's
    return words


def _library(system: RuleSystem) -> list[Any]:
    library = system.unit_library
    return [u for g in library.genres() for u in g.units] if library is not None else []


class _Read:
    """What the words of a description said, as they are read one by one."""

    def __init__(self) -> None:
        self.rank: str | None = None
        self.unit: str | None = None
        self.genre: str | None = None
        self.stats: dict[str, int] = {}
        self.equipment: list[str] = []
        self.skills: list[str] = []
        self.status: str | None = None
        self.wounds: int | None = None


def describe(system: RuleSystem, text: str, name: str | None = None) -> Described:
    """The fighter a description names, checked as `roster add` checks one; it is called
    `name`, or by its unit's name or its rank."""
    words = text.split()
    if not words:
        raise UsageError(f"describe the fighter, e.g. {_example(system)}")
    got = _read(system, words)
    base = _unit(system, got.unit, got.genre) if got.unit else None
    rank, stats, skills, equipment = got.rank, got.stats, got.skills, got.equipment
    if base is not None:
        rank = rank or base.rank
        stats = {**base.stats, **stats}
        skills = [*base.skills, *(s for s in skills if s not in base.skills)]
        equipment = [*base.equipment, *equipment]
    if rank is None:
        ranks = [r.id for r in system.ranks()]
        if len(ranks) != 1:
            raise UsageError(
                f"{shown(text)} names no rank; {system.info.name} ranks: {', '.join(ranks)}"
                f" (e.g. {_example(system)})"
            )
        rank = ranks[0]
    if name is None:
        labels = {r.id: r.label for r in system.ranks()}
        name = base.name if base is not None else labels.get(rank, rank)
    filled, notes = system.described_stats(rank, stats)
    implied = tuple(s for s in system.implied_skills(rank) if s not in skills)
    fighter = RosterFighter(
        name,
        rank,
        freeze(filled),
        tuple(equipment),
        implied + tuple(skills),
        base.notes if base else "",
    )
    # A look-up holds a fighter to its stats' ranges, not to the warband rules (how
    # many skills a rank takes, hands for its gear): it may be anyone, as a game with
    # house rules may field it.
    problems = [p.message for p in system.check_fighter(fighter) if p.severity == "error"]
    about = [m.removeprefix(f"{name}: ") for m in problems]  # the check names the fighter
    errors = [m for m in about if any(s in m.casefold() for s in system.stat_names())]
    if errors:
        raise UsageError(f"{shown(text)}: " + "; ".join(errors))
    return Described(fighter, got.status, got.wounds, notes)


def _read(system: RuleSystem, words: list[str]) -> _Read:
    """Each word (or name of several words) of a description, by what it is."""
    text = " ".join(words)
    vocab = vocabulary(system)
    stat_names = tuple(system.stat_names())
    got = _Read()
    i = 0
    while i < len(words):
        word, length = words[i], 1
        found = _phrase(vocab, words, i)
        item, sep, label = word.partition(":")
        if "=" in word:
            key, _, value = word.partition("=")
            key = _key(key)
            if key == "wounds":
                got.wounds = _number(value, "wounds", text)
            else:
                stat = _stat(system, key, stat_names, word, text)
                got.stats[stat] = _number(value, stat, text)
        elif is_whole(word):
            got.stats[stat_names[0]] = _number(word, stat_names[0], text)
        elif found is not None:
            length = found[0]
            _take(got, *found[1], text)
        elif sep and vocab.get(_key(item), ("", ""))[0] == "equipment":
            got.equipment.append(f"{vocab[_key(item)][1]}:{label}")  # "melee-1h:sword"
        else:
            raise UsageError(_unread(system, vocab, words, i))
        i += length
    return got


def _take(got: _Read, kind: str, value: str, text: str) -> None:
    if kind == "rank":
        if got.rank is not None and got.rank != value:
            raise UsageError(f"{shown(text)} names two ranks, {got.rank} and {value}; give one")
        got.rank = value
    elif kind == "unit":
        got.unit = value
    elif kind == "genre":
        got.genre = value
    elif kind == "status":
        got.status = value
    elif kind == "equipment":
        got.equipment.append(value)
    else:
        got.skills.append(value)


def _phrase(
    vocab: dict[str, tuple[str, Any]], words: list[str], i: int
) -> tuple[int, tuple[str, Any]] | None:
    """The longest name of the vocabulary that starts at word `i`, and its length."""
    for n in range(min(MAX_PHRASE, len(words) - i), 0, -1):
        hit = vocab.get(_key(" ".join(words[i : i + n])))
        if hit is not None:
            return n, hit
    return None


def _unit(system: RuleSystem, unit: str, genre: str | None) -> RosterFighter:
    library = system.unit_library
    if library is None:
        raise UsageError(f"{system.info.name} has no unit library")
    try:
        found = library.find_unit(unit, genre)
    except UsageError as e:
        if genre is not None or "--genre" not in str(e):
            raise
        raise UsageError(
            str(e).replace("pick one with --genre", f"add it to the words: '{unit} GENRE'")
        ) from None
    return library.unit_fighter(found, [])


def _stat(system: RuleSystem, key: str, names: tuple[str, ...], word: str, text: str) -> str:
    if key in names:
        return key
    starts = [n for n in names if n.startswith(key)] if key else []
    if len(starts) == 1:
        return starts[0]
    hint = close_to(key, names)
    mean = f" (did you mean '{hint}={word.partition('=')[2]}'?)" if hint else ""
    raise UsageError(
        f"{system.info.name} cannot read {shown(word)} in {shown(text)}{mean}: its stats are "
        f"{', '.join(names)} (NAME=N), and wounds=N"
    )


def _number(value: str, what: str, text: str) -> int:
    if not is_whole(value):
        raise UsageError(f"{what} in {shown(text)} takes a whole number, not {shown(value)}")
    return whole_number(value, what)


def _unread(system: RuleSystem, vocab: dict[str, tuple[str, Any]], words: list[str], i: int) -> str:
    """The word a description could not read, what the system takes, and the nearest
    name (of as many words as it takes: "Ork Warrior" may be an Orc Warrior)."""
    text, word, hint = " ".join(words), words[i], None
    for n in range(min(MAX_PHRASE, len(words) - i), 0, -1):
        phrase = " ".join(words[i : i + n])
        hint = close_to(phrase, [p for p in vocab if p.count(" ") == n - 1])
        if hint:
            word = phrase
            break
    mean = f" (did you mean '{hint}'?)" if hint else ""
    by_kind: dict[str, list[str]] = {}
    for kind, value in vocab.values():
        if kind != "unit" and (kind != "equipment" or ":" not in str(value)):
            seen = by_kind.setdefault(kind, [])
            if str(value) not in seen:
                seen.append(str(value))
    parts = [f"ranks: {', '.join(by_kind.get('rank', []))}"]
    parts.append(f"stats: {', '.join(f'{s}=N' for s in system.stat_names())}")
    for kind, label in (("equipment", "equipment"), ("skill", "skills"), ("status", "states")):
        found = by_kind.get(kind, [])
        if found:
            more = ", ..." if len(found) > 12 else ""
            parts.append(f"{label}: {', '.join(found[:12])}{more}")
    if _library(system):
        parts.append("or a unit of its library by name ('companion units " + system.info.id + "')")
    return (
        f"{system.info.name} cannot read {shown(word)} in {shown(text)}{mean}; a fighter "
        "there is " + "; ".join(parts)
    )


def _example(system: RuleSystem) -> str:
    ranks = list(system.ranks())
    stat = next(iter(system.stat_names()))
    return f"'{ranks[-1].id if ranks else 'fighter'} {stat}=3'"
