"""The few prompt shapes the guided loop needs, on questionary.

Every menu entry has a key that chooses it at once (arrows and Enter work too). A prompt
cancelled with Ctrl-C returns None in questionary; here that becomes `Quit`, so the loop
leaves with nothing of the unfinished step written.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from companion.values import frozen


class Quit(Exception):
    """The player left (quit key or Ctrl-C)."""


class Back(Exception):
    """The player stepped back out of a sub-menu; nothing happens."""


@frozen
class Item:
    """One menu entry. A hidden entry is not listed but its key still chooses it (the
    entries behind "more" answer their keys in the main menu too)."""

    key: str
    label: str
    value: Any
    hidden: bool = False


BACK = Item("b", "Back", "__back__")
INSTRUCTION = "(press a key, or arrows and Enter)"
DIGITS = "123456789"


def keys_for(reserved: str) -> list[str]:
    """The keys a menu's numbered entries take: 1-9, then letters not reserved."""
    return list(DIGITS) + [c for c in "acfghijkmptwxyz" if c not in reserved]


def numbered(labels: Sequence[tuple[str, Any]], reserved: str = "") -> list[Item]:
    """Items keyed 1-9, then letters not reserved for the fixed entries."""
    keys = keys_for(reserved)
    if len(labels) > len(keys):
        raise ValueError("too many menu entries for one-key choices")
    return [Item(keys[i], label, value) for i, (label, value) in enumerate(labels)]


def letter_keys(labels: Sequence[tuple[str, str]], reserved: str) -> dict[str, str]:
    """A key for each (id, label), the same whatever the menu: the first letter of its
    label not reserved or taken, else of its id, else any free letter (capitals last)."""
    out: dict[str, str] = {}
    taken = set(reserved)
    spare = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in taken]
    spare += [c.upper() for c in spare]
    for aid, label in labels:
        words = (label + " " + aid.replace("-", " ")).casefold()
        key = next((c for c in words if c.isalpha() and c.isascii() and c not in taken), None)
        if key is None:
            key = next((c for c in spare if c not in taken), None)
        if key is None:
            continue
        out[aid] = key
        taken.add(key)
    return out


class Prompter:
    """questionary prompts, with the time spent waiting counted for step timing."""

    def __init__(self) -> None:
        self.waited = 0.0

    def _ask(self, question: Any) -> Any:
        t0 = time.perf_counter()
        try:
            answer = question.ask()
        finally:
            self.waited += time.perf_counter() - t0
        if answer is None:
            raise Quit()
        return answer

    def choose(self, message: str, items: Sequence[Item], instruction: str = INSTRUCTION) -> Any:
        import questionary
        from prompt_toolkit.filters import to_filter
        from questionary.prompts.common import InquirerControl

        shown = [it for it in items if not it.hidden]
        choices = [
            questionary.Choice(title=f"{it.key}) {it.label}", value=it.value) for it in shown
        ]
        q = questionary.select(
            message,
            choices=choices,
            use_jk_keys=False,
            instruction=instruction,
        )
        windows = [
            w
            for w in q.application.layout.find_all_windows()
            if isinstance(w.content, InquirerControl)
        ]
        for w in windows:
            # An entry longer than the terminal (a fact and its answer on the confirming
            # screen) wraps instead of losing its end, the answer, at the edge.
            w.wrap_lines = to_filter(True)
        controls = [w.content for w in windows]
        from prompt_toolkit.key_binding import KeyBindings

        kb = q.application.key_bindings
        if controls and isinstance(kb, KeyBindings):
            ic = controls[0]
            for index, it in enumerate(shown):
                kb.add(it.key, eager=True)(_picker(ic, index))
            for it in items:
                if it.hidden:
                    kb.add(it.key, eager=True)(_hidden(it.value))
        answer = self._ask(q)
        if answer == BACK.value:
            raise Back()
        return answer

    def text(
        self, message: str, default: str = "", validate: Callable[[str], Any] | None = None
    ) -> str:
        import questionary

        return str(self._ask(questionary.text(message, default=default, validate=validate)))

    def number(
        self,
        message: str,
        lo: int,
        hi: int,
        default: int | None = None,
        check: Callable[[int], str | None] | None = None,
    ) -> int:
        """A whole number from `lo` to `hi`. A default is said in the question and taken
        by Enter, never typed into the field, where a digit typed would join it ("3"
        after a "2" read as 23). `check` says why a number in range is still refused by
        the rules (a move beyond the fighter's stat), under the field, before anything is
        taken."""

        def valid(t: str) -> bool | str:
            t = t.strip()
            if not t and default is not None:
                return True
            if t.lstrip("-").isdigit() and lo <= int(t) <= hi:
                return True
            return f"a whole number from {lo} to {hi}"

        if default is not None:
            message = f"{message} (Enter: {default})"
        while True:
            answer = self.text(message, "", valid).strip()
            value = default if not answer and default is not None else int(answer)
            why = check(value) if check is not None else None
            if why is None:
                return value
            # The rules' reason, whole and wrapped under the field (the field's own
            # one-line toolbar would cut it at the terminal's edge); then ask again.
            self.refused(f"{value}: {why}")

    def refused(self, why: str) -> None:
        """Why an answer was not taken, printed whole (the terminal wraps it)."""
        print(why, flush=True)

    def confirm(self, message: str, default: bool = False) -> bool:
        import questionary

        return bool(self._ask(questionary.confirm(message, default=default)))

    def pause(self, message: str = "Press any key to go back") -> None:
        """Wait for one key, so what was just printed stays on screen until then (on a
        terminal only: driven from a pipe there is no one to read it)."""
        import sys

        import questionary

        if not sys.stdin.isatty():
            return

        t0 = time.perf_counter()
        try:
            questionary.press_any_key_to_continue(message).unsafe_ask()
        except KeyboardInterrupt:
            raise Quit() from None
        finally:
            self.waited += time.perf_counter() - t0

    def checkbox(self, message: str, labels: Sequence[tuple[str, Any]]) -> list[Any]:
        import questionary

        choices = [questionary.Choice(title=t, value=v) for t, v in labels]
        return list(self._ask(questionary.checkbox(message, choices=choices)))

    def search(self, message: str, labels: Sequence[tuple[str, Any]]) -> Any:
        import questionary

        choices = [questionary.Choice(title=t, value=v) for t, v in labels]
        return self._ask(
            questionary.select(message, choices=choices, use_search_filter=True, use_jk_keys=False)
        )


def _hidden(value: Any) -> Callable[[Any], None]:
    def pick(event: Any) -> None:
        event.app.exit(result=value)

    return pick


def _picker(ic: Any, index: int) -> Callable[[Any], None]:
    def pick(event: Any) -> None:
        ic.pointed_at = index
        ic.is_answered = True
        event.app.exit(result=ic.get_pointed_at().value)

    return pick
