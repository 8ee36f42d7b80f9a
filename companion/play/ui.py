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
    key: str
    label: str
    value: Any


BACK = Item("b", "Back", "__back__")
DIGITS = "123456789"


def numbered(labels: Sequence[tuple[str, Any]], reserved: str = "") -> list[Item]:
    """Items keyed 1-9, then letters not reserved for the fixed entries."""
    keys = list(DIGITS) + [c for c in "acfghijkmptwxyz" if c not in reserved]
    if len(labels) > len(keys):
        raise ValueError("too many menu entries for one-key choices")
    return [Item(keys[i], label, value) for i, (label, value) in enumerate(labels)]


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

    def choose(self, message: str, items: Sequence[Item]) -> Any:
        import questionary
        from questionary.prompts.common import InquirerControl

        choices = [
            questionary.Choice(title=f"{it.key}) {it.label}", value=it.value) for it in items
        ]
        q = questionary.select(
            message,
            choices=choices,
            use_jk_keys=False,
            instruction="(press a key, or arrows and Enter)",
        )
        controls = [
            w.content
            for w in q.application.layout.find_all_windows()
            if isinstance(w.content, InquirerControl)
        ]
        from prompt_toolkit.key_binding import KeyBindings

        kb = q.application.key_bindings
        if controls and isinstance(kb, KeyBindings):
            ic = controls[0]
            for index, it in enumerate(items):
                kb.add(it.key, eager=True)(_picker(ic, index))
        answer = self._ask(q)
        if answer == BACK.value:
            raise Back()
        return answer

    def text(
        self, message: str, default: str = "", validate: Callable[[str], Any] | None = None
    ) -> str:
        import questionary

        return str(self._ask(questionary.text(message, default=default, validate=validate)))

    def number(self, message: str, lo: int, hi: int, default: int | None = None) -> int:
        def valid(t: str) -> bool | str:
            t = t.strip()
            if t.lstrip("-").isdigit() and lo <= int(t) <= hi:
                return True
            return f"a whole number from {lo} to {hi}"

        return int(self.text(message, "" if default is None else str(default), valid).strip())

    def confirm(self, message: str, default: bool = False) -> bool:
        import questionary

        return bool(self._ask(questionary.confirm(message, default=default)))

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


def _picker(ic: Any, index: int) -> Callable[[Any], None]:
    def pick(event: Any) -> None:
        ic.pointed_at = index
        ic.is_answered = True
        event.app.exit(result=ic.get_pointed_at().value)

    return pick
