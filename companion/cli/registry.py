"""Every command of `companion`, declared once: its name, the module that gives it to
Typer, where its help lives, and whether the quick path may run it (and from where).

The quick path (`cli.quick`), Typer's app (`cli.root`), the help cache (`cli.help_cache`)
and completion (`cli.complete`) all read this table; adding a command is one line here
(see the README's Development section). It is plain data, imported at every start of a
table command: no Typer, nothing but the value classes. Importing it takes 1-2 ms on a
loaded machine where a bare interpreter start took 31 ms (`python -X importtime`), and
the table commands timed the same with it as with the tables it replaced (paired runs
against the code before it: median ratios 0.94-1.04).

The command groups a rule system brings (`systems.register(..., commands={...})`) are the
systems registry's: which module gives a group to Typer is read there (`systems.commands()`),
never here. This table only says where the quick path finds their declarations.
"""

from __future__ import annotations

from companion.values import frozen

_CLI = "companion.cli."


@frozen
class Entry:
    """One command or command group.

    `module`: the modules that give it to Typer, each by its `register(app)` or, for a
    group, its `app` (added under `name`); empty for a group a rule system brings (its
    module is the one `systems.commands()` names) and for a subgroup (its group's module
    adds it). `quick`: where the quick path finds its declaration, a module's `QUICK` or
    `module:NAME` (a group's: its subcommands'); empty when Typer always runs it.
    """

    name: str  # the command word(s): `roster`, `solo profile`
    module: tuple[str, ...] = ()
    quick: str = ""
    group: bool = False

    @property
    def help_at(self) -> str:
        """Where its help is written: its declaration (`declare.Command.doc`) when the
        quick path may run it, else the Typer command's docstring in its module."""
        return self.quick or (self.module[0] if self.module else "")


def _own(module: str, *names: str, quick: bool = True) -> tuple[Entry, ...]:
    """Top-level commands a module gives Typer and (if `quick`) declares in its QUICK."""
    return tuple(Entry(n, (_CLI + module,), _CLI + module if quick else "") for n in names)


# In the order of `companion --help` (by the first module of each).
ENTRIES: tuple[Entry, ...] = (
    # The unit-library commands (`units_cmd`) add `roster add-unit` and `roster option`.
    Entry("roster", (_CLI + "roster_cmd", _CLI + "units_cmd"), _CLI + "roster_view", True),
    Entry("game", (_CLI + "game_cmd",), _CLI + "game_view", True),
    Entry("rules", (_CLI + "rules_cmd",), _CLI + "rules_cmd", True),
    *_own("table", "status", "turn", "activate", "done", "set", "vp", "initiative"),
    *_own("table", "undo", "redo", "log"),
    *_own("actions", "attack", "odds", "recover", "fall", "skill", "act"),
    *_own("misc", "systems", "roll", "info", "demo"),
    *_own("play_cmd", "play", quick=False),
    *_own("reports", "report"),
    *_own("history_cmd", "history"),
    *_own("serve_cmd", "serve", quick=False),
    # Brought by rule systems (the 1ss solo group, the WarStuff unit library): declared
    # for the quick path here, given to Typer by the module the system names.
    Entry("solo", (), _CLI + "solo_view", True),
    Entry("solo profile", (), _CLI + "solo_view:PROFILE_COMMANDS", True),
    Entry("units", (), _CLI + "units_view"),
    Entry("concede", (), _CLI + "concede"),
)
BY_NAME = {e.name: e for e in ENTRIES}

# The module that builds the command group of a system's table rolls (`rolls_cmd.declared`),
# for each group the systems registry gives it (`companion monochrome scenario`).
ROLLS = _CLI + "rolls_cmd"

# Which values an argument or option of a declared command completes (`cli.complete`),
# by its name in the declaration (`declare.Command.completes` adds a command's own).
COMPLETES = {
    "fighter": "fighter",
    "attacker": "fighter",
    "target": "target",
    "side": "side",
    "game": "game",
    "skill_name": "skill",
    "action": "action",
    "system": "system",
}


def typer_modules() -> tuple[str, ...]:
    """companion's own modules that give Typer its commands, in help order (each
    command's first module: one that only adds to another's group is not among them)."""
    return tuple(dict.fromkeys(e.module[0] for e in ENTRIES if e.module))
