"""Play's words for what the rules' messages say as commands.

A rule's note or refusal is written once, for every entry point, and names the plain
command that does the next thing ("'companion done' ends it"). Inside `companion play`
that command is a menu entry, so the player is told its key instead, never asked to
leave play: each quoted command is put in play's words at the screen's edge.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text

from companion.render.play_view import Block
from companion.trace import Trace

# An action's key and label in this game's menus ("" when it has no key of its own).
Names = Callable[[str], tuple[str, str]]

_QUOTED = re.compile(r"'companion ([a-z-]+)([^']*)'")
_BARE = re.compile(r"\(companion ([a-z-]+)([^)]*)\)")
_CHOICES = re.compile(r"\s*\(companion act NAME ([a-z]+(?:\|[a-z]+)+)\)")
_OPT = re.compile(r"(with |add )?--opt ([a-z_]+)=[^\s)',]+(?:,[^\s)',]+)*")
# Phase entries every game's play menus have (see `companion.play.loop.PHASE_KEYS`).
_PHASE = {
    "done": ("e", "end the activation"),
    "turn": ("n", "the next turn"),
    "report": ("w", "the report"),
}


def in_play(text: str, names: Names) -> str:
    """`text` with each plain command it names put as the play entry that does it."""
    text = _CHOICES.sub(lambda m: ": keys " + ", ".join(names(a)[0] for a in m[1].split("|")), text)
    text = _QUOTED.sub(lambda m: _command(m[1], m[2].split(), names, text, m.start()), text)
    text = _BARE.sub(lambda m: "(" + _said(_entry(m[1], m[2].split(), names), True) + ")", text)
    return _OPT.sub(_opt, text)


def _opt(m: re.Match[str]) -> str:
    what = f"its {m[2].replace('_', ' ')} question"
    return {"add ": f"answer {what}", "with ": f"with {what}"}.get(m[1] or "", what)


def _command(cmd: str, words: list[str], names: Names, text: str, at: int) -> str:
    # Inside parentheses the key alone reads best: "(key e ends it)".
    return _said(_entry(cmd, words, names), text[at - 1 : at] == "(")


def _entry(cmd: str, words: list[str], names: Names) -> tuple[str, str]:
    if cmd in _PHASE:
        return _PHASE[cmd]
    if cmd == "act":
        # act FIGHTER ACTION [--opt ...]: the action's own entry.
        rest = [w for w in words if not w.startswith("--") and "=" not in w]
        action = next((w for w in reversed(rest) if re.fullmatch(r"[a-z-]+", w)), "")
        return _named(action, names) if action else ("", "the action's entry")
    if cmd == "activate":
        return ("", "its number in the list of who activates")
    if cmd in ("attack", "recover", "skill", "fall"):
        return _named(cmd, names)
    if cmd == "solo" and words[:1] == ["opfor"]:
        return ("", "the OpFor's entries, after your fighters")
    return ("", "its entry in play's menus")


def _named(action: str, names: Names) -> tuple[str, str]:
    key, label = names(action)
    return (key, label) if key else ("", f"its {label} entry")


def _said(entry: tuple[str, str], short: bool = False) -> str:
    key, label = entry
    if not key:
        return label
    return f"key {key}" if short else f"key {key} ({label})"


def worded_blocks(blocks: list[Block], names: Names) -> list[Block]:
    """The blocks with every trace's and line's words in play's terms."""
    out = []
    for b in blocks:
        if b.trace is not None:
            t = Trace.from_dict(_strings(b.trace.to_dict(), names))
            out.append(Block(trace=t, lines=b.lines, summary=b.summary))
        else:
            out.append(Block(lines=tuple(worded(t, names) for t in b.lines), summary=b.summary))
    return out


def worded(t: Text, names: Names) -> Text:
    said = in_play(t.plain, names)
    return t if said == t.plain else Text(said, style=t.style)


def _strings(value: Any, names: Names) -> Any:
    if isinstance(value, str):
        return in_play(value, names) if "companion " in value or "--opt" in value else value
    if isinstance(value, Mapping):
        return {k: _strings(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_strings(v, names) for v in value]
    return value
