"""The facts each system declares, written into a command's --help when it is shown.

The shared commands (`attack`, `odds`, `act`, `skill`) carry no system's own options:
what only one system asks is a declared fact, given as `--opt KEY=VALUE`. Their help
lists those facts from the same declarations `play` asks and `--opt` is checked
against, so a fact is declared once. The list is made only when help is drawn, since
it reads every system's rules data.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand

from companion.systems.kit.facts import ActionSpec, Fact


def value_form(fact: Fact) -> str:
    """A fact's values in a few characters: `band=short|normal|long`, `ganging=0-20`."""
    forms = {
        "yesno": "yes|no",
        "number": f"{fact.low}-{fact.high}",
        "choice": "|".join(fact.choices),
        "fighter": "NAME",
        "fighters": "A,B",
    }
    return f"{fact.key}={forms.get(fact.kind, 'TEXT')}"


def _action_line(spec: ActionSpec) -> str:
    facts = ", ".join(value_form(f) for f in spec.facts if f.key != "free")
    return f"{spec.id} ({facts})" if facts else spec.id


def facts_help(action: str) -> str:
    """Paragraphs for a command's help: per system, the facts of `action`, or, for
    `*`, each action the system declares with its facts."""
    from companion import systems

    paragraphs = []
    for system in systems.all_systems():
        declared = system.declared_actions()
        if action == "*":
            body = "; ".join(_action_line(s) for s in declared.values())
        elif action in declared:
            body = ", ".join(value_form(f) for f in declared[action].facts)
        else:
            continue
        if body:
            paragraphs.append(f"{system.info.id}: {body}.")
    if not paragraphs:
        return ""
    title = "Actions and their facts" if action == "*" else "Facts (--opt KEY=VALUE)"
    return f"{title}, by system:\n\n" + "\n\n".join(paragraphs)


class FactsCommand(TyperCommand):
    """A Typer command whose epilog lists the declared facts, made when help is drawn."""

    facts_of = ""

    @property  # type: ignore[override]
    def epilog(self) -> str | None:
        return facts_help(self.facts_of) or None

    @epilog.setter
    def epilog(self, value: Any) -> None:
        pass


def command_class(action: str) -> type[TyperCommand]:
    """A FactsCommand subclass bound to one action (`*` for every action)."""
    return type(f"FactsCommand_{action}", (FactsCommand,), {"facts_of": action})
