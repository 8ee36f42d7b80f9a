"""Actions and the facts only the table knows, declared once as rules data.

A rule system lists, in its data file, each action a player can take (`[facts.<action>]`:
its label, what it targets) and each fact the table must tell the app for it
(`[[facts.<action>.ask]]`: a key, a kind, the question, its range or choices, and when it
applies). From that one declaration:

- `accept` checks the `--opt KEY=VALUE` pairs (and the command's own flags) of a request:
  an unknown key is an error that lists the known ones, a value of the wrong kind or out
  of range is an error that says what is allowed; fighter names become fighter ids;
- `companion play` asks exactly these questions (`applies` says which, in order);
- `rules show` and `--help` list them (`describe`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from companion.data import Reader, load_toml
from companion.errors import UsageError
from companion.game.state import FighterState, GameState
from companion.names import match
from companion.numbers import shown, whole_number
from companion.values import frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

KINDS = ("yesno", "number", "choice", "fighter", "fighters", "text")
# "optional-enemy": an enemy or nobody (a run that may charge, a strike that may not reach).
TARGETS = ("none", "enemy", "friend", "any", "optional", "optional-enemy")
AMONG = ("enemies", "friends", "others", "all")


@frozen
class Fact:
    """One thing only the table knows, e.g. the distance to the target."""

    key: str
    kind: str  # one of KINDS
    ask: str  # the question; {actor} and {target} are filled in
    low: int = 0
    high: int = 100
    choices: tuple[str, ...] = ()
    among: str = "others"  # for fighter(s): which fighters may be named
    when: str = ""  # "", "KEY", "not KEY" or "KEY=VALUE": on the answers given so far
    default: Any = None
    in_play: bool = True  # False: a rare fact given with --opt only; play uses the default
    help: str = ""
    # A yes/no whose question is the positive of the opposite of its key ("Is the target
    # adjacent?" for `ranged`): play stores the answer inverted, --opt takes the key's.
    flip: bool = False
    # The player's decision rather than a fact of the table (shoot or strike): asked
    # whenever more than one answer is allowed, even where the chances come out the same.
    chosen: bool = False
    # False: no answer goes without saying (whether a rolled move reached its target):
    # play asks it every time it matters, never from a default or the answer given last
    # time; `default` is then only what a command assumes when it is not given.
    usual: bool = True
    # A decision (`chosen` yes/no) the menus make by the entry picked: the action is
    # offered once per answer, labelled with these (yes, no): "Shoot", "Melee attack".
    entries: tuple[str, ...] = ()
    # A number play may leave unanswered as usual (a move's distance, which the rules only
    # check against the fighter's reach): these words say so under the result, where one
    # key gives it after all. `--opt` still takes it.
    blank: str = ""

    def question(self, actor: str = "", target: str = "") -> str:
        return self.ask.format(actor=actor or "the fighter", target=target or "the target")

    def allowed(self) -> str:
        """What values this fact takes, in words."""
        if self.kind == "yesno":
            return "yes or no"
        if self.kind == "number":
            return f"a whole number from {self.low} to {self.high}"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "fighter":
            return "a fighter's name"
        if self.kind == "fighters":
            return "fighters' names, separated by commas"
        return "text (or yes/no)"


@frozen
class ActionSpec:
    """An action a fighter can take, with the facts the table gives for it."""

    id: str
    label: str
    target: str = "none"  # one of TARGETS: whom its target list holds
    facts: tuple[Fact, ...] = ()
    summary: str = ""

    def fact(self, key: str) -> Fact | None:
        for f in self.facts:
            if f.key == key:
                return f
        return None


def read_actions(top: Reader, key: str = "facts") -> dict[str, ActionSpec]:
    """The action declarations of a rules data file, validated (errors name file and key)."""
    return {aid: read_action(aid, r) for aid, r in top.items(key)}


def read_options(top: Reader, key: str = "options") -> ActionSpec | None:
    """A system's game options (`[options]` with `[[options.ask]]`), or None."""
    return read_action("game", top.table(key)) if key in top.data else None


@lru_cache(maxsize=16)
def declared_in(file: str) -> tuple[Mapping[str, ActionSpec], ActionSpec | None]:
    """The actions and the game options a rules data file declares."""
    top = Reader(file, load_toml(file))
    return read_actions(top), read_options(top)


def read_action(aid: str, r: Reader) -> ActionSpec:
    r.only("label", "target", "summary", "ask")
    facts: list[Fact] = []
    seen: set[str] = set()
    for fr in r.tables("ask"):
        fr.only(
            "key", "kind", "ask", "low", "high", "choices", "among", "when", "default",
            "in_play", "help", "flip", "chosen", "usual", "entries", "blank",
        )  # fmt: skip
        k = fr.text("key")
        if k in seen:
            fr.fail(f"the fact {k!r} is declared twice", "key")
        seen.add(k)
        kind = fr.text("kind", choices=KINDS)
        low = fr.num("low", 0, lo=-1000, hi=1000)
        high = fr.num("high", 100, lo=low, hi=10_000)
        choices = fr.texts("choices", ())
        if kind == "choice" and not choices:
            fr.fail("a choice needs its choices", "choices")
        entries = fr.texts("entries", ())
        if entries and (kind != "yesno" or len(entries) != 2):
            fr.fail("entries are the labels of a yes/no's two answers: two of them", "entries")
        blank = fr.text("blank", "")
        if blank and (kind != "number" or fr.data.get("default") is not None):
            fr.fail("blank is for a number with no default: what leaving it out means", "blank")
        when = fr.text("when", "")
        ref = when.removeprefix("not ").partition("=")[0].strip()
        if ref and ref not in seen:
            fr.fail(f"'when' names {ref!r}, which is not declared before it", "when")
        facts.append(
            Fact(
                k,
                kind,
                fr.text("ask"),
                low,
                high,
                choices,
                fr.text("among", "others", choices=AMONG),
                when,
                fr.data.get("default"),
                fr.flag("in_play", True),
                fr.text("help", ""),
                fr.flag("flip", False),
                fr.flag("chosen", False),
                fr.flag("usual", True),
                entries,
                blank,
            )
        )
    return ActionSpec(
        aid,
        r.text("label", "Game" if aid == "game" else aid.replace("-", " ").capitalize()),
        r.text("target", "none", choices=TARGETS),
        tuple(facts),
        r.text("summary", ""),
    )


def applies(fact: Fact, answers: Mapping[str, Any]) -> bool:
    """Whether a fact is asked, given the answers so far."""
    w = fact.when.strip()
    if not w:
        return True
    if w.startswith("not "):
        return not answers.get(w[4:].strip())
    key, sep, value = w.partition("=")
    got = answers.get(key.strip())
    if sep:
        return str(got).casefold() == value.strip().casefold()
    return bool(got)


def _short(value: Any) -> str:
    """A bad value quoted in an error: escaped and cut short (quotes added by the caller)."""
    return shown(str(value), 30)[1:].rsplit("'", 1)[0]


def number(text: Any, low: int, high: int, what: str) -> int:
    """A whole number typed by a player, within [low, high] (the one number parser)."""
    if isinstance(text, bool):
        raise UsageError(f"{what} takes a whole number from {low} to {high}, not {text}")
    if isinstance(text, int):
        if not low <= text <= high:
            raise UsageError(f"{what} takes a whole number from {low} to {high}, not {text}")
        return text
    return whole_number(str(text), what, low, high)


def yesno(value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    t = str(value).strip().casefold()
    if t in ("yes", "true", "y", "1", "on"):
        return True
    if t in ("no", "false", "n", "0", "off"):
        return False
    raise UsageError(f"{what} takes yes or no, not '{_short(value)}'")


def _fighter(state: GameState, value: str, what: str) -> FighterState:
    v = value.strip()
    by_id = [f for f in state.fighters if f.id == v.casefold()]
    if by_id:
        return by_id[0]
    # A fact names a fighter at the table: a prefix of several means the one in play.
    return match(v, state.fighters, lambda f: f.name, what, (lambda f: not f.out,))


def convert(fact: Fact, value: Any, state: GameState | None, what: str) -> Any:
    """A value given for a fact, checked and converted to what the rules read."""
    if fact.kind == "yesno":
        return yesno(value, what)
    if fact.kind == "number":
        return number(value, fact.low, fact.high, what)
    if fact.kind == "choice":
        t = str(value).strip().casefold()
        for c in fact.choices:
            if c.casefold() == t:
                return c
        raise UsageError(f"{what} takes one of {', '.join(fact.choices)}, not '{_short(value)}'")
    if fact.kind in ("fighter", "fighters"):
        parts = (
            [str(v) for v in value]
            if isinstance(value, list | tuple)
            else [p for p in str(value).split(",") if p.strip()]
        )
        if state is None:
            return tuple(parts) if fact.kind == "fighters" else parts[0]
        if fact.kind == "fighter":
            if len(parts) != 1:
                raise UsageError(f"{what} names one fighter, not '{_short(value)}'")
            return _fighter(state, parts[0], what).id
        return tuple(_fighter(state, p, what).id for p in parts)
    if isinstance(value, bool):
        return value
    text = str(value)
    if len(text) > 200 or not text.isprintable():
        raise UsageError(f"{what} takes a short line of text, not '{_short(value)}'")
    # A text fact may also be answered yes or no (e.g. a name, or "any" as true).
    low = text.strip().casefold()
    if low in ("yes", "true"):
        return True
    if low in ("no", "false"):
        return False
    return text


def accept(
    spec: ActionSpec, given: Mapping[str, Any], state: GameState | None, system: str = ""
) -> dict[str, Any]:
    """The facts of a request checked against the declaration: every key known, every
    value of its kind. Keys are matched case-insensitively, with - and _ alike."""
    known = {f.key.replace("-", "_"): f for f in spec.facts}
    out: dict[str, Any] = {}
    for raw_key, value in given.items():
        key = str(raw_key).strip().casefold().replace("-", "_")
        fact = known.get(key)
        if fact is None:
            names = ", ".join(f.key for f in spec.facts) or "none"
            where = f" in {system}" if system else ""
            raise UsageError(
                f"'{_short(raw_key)}' is not a fact of '{spec.id}'{where}; known: {names}"
            )
        if value is None:
            continue
        out[fact.key] = convert(fact, value, state, f"'{fact.key}'")
    for fact in spec.facts:
        clash = contradiction(fact, out)
        if clash:
            raise UsageError(clash)
    return out


def contradiction(fact: Fact, answers: Mapping[str, Any]) -> str:
    """Why a fact given does not fit another fact given with it (empty when it fits).

    A fact that applies only on a condition (`when`), given with a value, while the fact
    its condition reads was given the other way, is refused naming both: e.g. a charge
    on an attack the player made a shot. Nothing is dropped without a word, whichever of
    the two the player meant. An empty value (no, 0, none) fits anything.
    """
    value = answers.get(fact.key)
    w = fact.when.strip()
    ref = w.removeprefix("not ").partition("=")[0].strip()
    if not w or ref not in answers or not value or applies(fact, answers):
        return ""
    said = answers[ref]
    if ref == "ranged":
        kind = "a melee attack" if w.startswith("not ") else "a shot (a ranged attack)"
        how = "--ranged or a distance" if said else f"--opt {ref}=no"
        this = "a shot" if said else "melee"
        return (
            f"'{fact.key}' is for {kind}, but this attack is {this} ({how}): leave one of them out"
        )
    shown_said = "yes" if said is True else "no" if said is False else _short(said)
    return (
        f"'{fact.key}' applies only when {w}, but {ref}={shown_said} was given: "
        f"leave one of them out"
    )


def parse_pairs(pairs: Sequence[str] | None) -> dict[str, str]:
    """`--opt KEY=VALUE` pairs as a mapping of raw text (converted later by `accept`)."""
    out: dict[str, str] = {}
    for p in pairs or []:
        k, sep, v = p.partition("=")
        if not sep or not k.strip():
            raise UsageError(f"--opt takes KEY=VALUE, not '{_short(p)}'")
        out[k.strip().casefold()] = v
    return out


def describe(spec: ActionSpec) -> list[str]:
    """One line per fact, for `rules show` and help texts."""
    lines = []
    for f in spec.facts:
        when = f" (when {f.when})" if f.when else ""
        text = f.help or f.question()
        lines.append(f"--opt {f.key}=…  {text} [{f.allowed()}]{when}")
    return lines
