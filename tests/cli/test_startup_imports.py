"""What a table command imports: only its own game's rule system, and no heavy library.

Start-up is most of a table command's cost, so a new rule system must not add to the
start-up of a command whose game does not use it, and Typer (or the roster, rules, solo
and report code) must stay off the quick path. Each command runs in a fresh interpreter
on the sample game (1ss), and the modules it ended with are checked.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import companion
from companion import systems

CODE = """
import json, sys
from companion.cli.main import main
try:
    main(sys.argv[1:])
finally:
    sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)))
"""

# Never on the start-up of a table command that parsed cleanly. pathlib brings urllib and
# ipaddress with it (a few milliseconds): table paths are plain strings.
HEAVY = (
    "typer",
    "questionary",
    "prompt_toolkit",
    "jinja2",
    "platformdirs",
    "pathlib",
    "jsonschema",
)
ELSEWHERE = (
    "companion.cli.roster_cmd",
    "companion.cli.rules_cmd",
    "companion.cli.solo_cmd",
    "companion.cli.game_cmd",
    "companion.cli.play_cmd",
    "companion.report",
    "companion.play",
    "companion.systems.one_stat.solo",
    "companion.cli.help_cache",
)


def _modules(home: Path, *args: str) -> set[str]:
    env = dict(os.environ)
    here = os.path.dirname(os.path.dirname(os.path.abspath(companion.__file__)))
    env["PYTHONPATH"] = here + os.pathsep + env.get("PYTHONPATH", "")
    env["COMPANION_HOME"] = str(home)
    env["COLUMNS"] = "120"
    r = subprocess.run([sys.executable, "-c", CODE, *args], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return set(json.loads(r.stderr.rsplit("MODULES ", 1)[1]))


def _system_packages() -> dict[str, str]:
    """Each registered rule system's package, by id (a new system is included as it
    registers itself)."""
    return {sid: systems.module_of(sid) for sid in systems.ids()}


def _loaded(modules: set[str], package: str) -> bool:
    return any(m == package or m.startswith(package + ".") for m in modules)


TABLE_COMMANDS = [
    ["status"],
    ["status", "--json"],
    ["turn", "--force", "--seed", "3"],
    ["activate", "Cpt"],
    ["odds", "Cpt", "Robyn", "--range", "7", "--json"],
    ["attack", "Cpt", "Robyn", "--range", "7", "--seed", "2", "--json"],
    ["vp", "1", "+1"],
    ["undo"],
    ["redo"],
    ["log", "--last", "3"],
    ["roll", "2d6", "--seed", "1"],
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("startup") / "home"
    _modules(home, "demo")
    return home


@pytest.mark.parametrize("argv", TABLE_COMMANDS, ids=" ".join)
def test_a_table_command_loads_only_its_own_system(played: Path, argv: list[str]) -> None:
    modules = _modules(played, *argv)
    others = {sid: pkg for sid, pkg in _system_packages().items() if sid != "1ss"}
    assert others, "the test needs a second rule system to show it is not loaded"
    for sid, package in others.items():
        assert not _loaded(modules, package), f"`{' '.join(argv)}` loads {sid} ({package})"
    for name in HEAVY + ELSEWHERE:
        assert not _loaded(modules, name), f"`{' '.join(argv)}` loads {name}"


@pytest.fixture(scope="module")
def warmed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample game with the rules cache a player has after the first commands: the
    first read of a data file parses its TOML, and the standard library's TOML parser
    imports typing, once."""
    first = tmp_path_factory.mktemp("first") / "home"
    _modules(first, "demo")
    for argv in TABLE_COMMANDS:
        _modules(first, *argv)
    home = tmp_path_factory.mktemp("warmed") / "home"
    _modules(home, "demo")
    shutil.copytree(first / "cache", home / "cache", dirs_exist_ok=True)
    return home


@pytest.mark.parametrize("argv", TABLE_COMMANDS, ids=" ".join)
def test_a_table_command_does_not_import_typing(warmed: Path, argv: list[str]) -> None:
    """typing costs about 2 ms of every start, and its names are only for the type
    checker: each module imports them under a TYPE_CHECKING guard."""
    assert not _loaded(_modules(warmed, *argv), "typing"), f"`{' '.join(argv)}` imports typing"


# Look-ups without a game (fighters from the sample rosters, or described in roster words):
# the same quick path as the game's odds and attack, with the look-up loaded only for them.
LOOKUPS = [
    ["odds", "-s", "1ss", "Robyn:John", "Cpt:T-999", "--range", "8"],
    [
        "attack",
        "-s",
        "1ss",
        "specialist stat=5 rifle",
        "rookie stat=3",
        "--range",
        "8",
        "--seed",
        "2",
    ],
    ["odds", "-s", "warstuff", "Orc Warrior", "Dwarf Warrior", "--json"],
]
LOOKUP_MODULES = (
    "companion.cli.paper",
    "companion.systems.kit.describe",
    "companion.systems.kit.fresh",
)


@pytest.mark.parametrize("argv", LOOKUPS, ids=" ".join)
def test_a_look_up_loads_only_its_own_system(played: Path, argv: list[str]) -> None:
    modules = _modules(played, *argv)
    own = argv[2]
    for sid, package in _system_packages().items():
        if sid != own:
            assert not _loaded(modules, package), f"`{' '.join(argv)}` loads {sid}"
    for name in HEAVY + ELSEWHERE + ("rich", "tinydb", "companion.game.repo"):
        assert not _loaded(modules, name), f"`{' '.join(argv)}` loads {name}"
    if argv[0] == "odds":  # its throwaway game's first turn rolls no random numbers
        assert not _loaded(modules, "random"), f"`{' '.join(argv)}` loads random"


@pytest.mark.parametrize("argv", [a for a in LOOKUPS if a[2] == "1ss"], ids=" ".join)
def test_a_look_up_does_not_import_typing(warmed: Path, argv: list[str]) -> None:
    assert not _loaded(_modules(warmed, *argv), "typing"), f"`{' '.join(argv)}` imports typing"


@pytest.mark.parametrize(
    "argv",
    [["odds", "Cpt", "Robyn", "--range", "7"], ["odds", "Robyn", "T-999", "--json"]],
    ids=" ".join,
)
def test_a_game_command_does_not_load_the_look_up(played: Path, argv: list[str]) -> None:
    modules = _modules(played, *argv)
    for name in LOOKUP_MODULES:
        assert not _loaded(modules, name), f"`{' '.join(argv)}` loads {name}"


@pytest.mark.parametrize("argv", [["status"], ["status", "--json"], ["roll", "d6"]], ids=" ".join)
def test_reading_the_board_or_rolling_loads_no_rule_system(played: Path, argv: list[str]) -> None:
    modules = _modules(played, *argv)
    for sid, package in _system_packages().items():
        assert not _loaded(modules, package), f"`{' '.join(argv)}` loads {sid}"
    if argv[0] == "status":
        assert not _loaded(modules, "tinydb")


def test_version_loads_nothing_of_the_cli(played: Path) -> None:
    modules = _modules(played, "--version")
    # The entry point, and the guard every command's output passes through (standard
    # library only, and `re` only when there is something to escape).
    entry = {"companion.cli", "companion.errors", "companion.cli.safe_out", "companion.version"}
    assert not any(
        m.startswith("companion.") and m != "companion.cli.main" for m in modules - entry
    )
    assert not _loaded(modules, "typer") and not _loaded(modules, "rich")
    # The installed package's version, read without importlib.metadata's imports.
    assert "companion.version" in modules and not _loaded(modules, "importlib.metadata")


@pytest.mark.parametrize(
    "argv",
    [
        ["vp", "1", "+1"],
        ["log", "--last", "3"],
        ["status"],
        ["turn", "--force", "--seed", "3"],
        ["odds", "Cpt", "Robyn", "--range", "7"],
        ["roll", "4d6kh3+1", "--seed", "1"],
        ["activate", "Cpt"],
        ["attack", "Cpt", "Robyn", "--range", "7", "--seed", "2"],
        ["undo"],
    ],
    ids=" ".join,
)
def test_table_commands_print_without_rich(played: Path, argv: list[str]) -> None:
    """What they print (a line, a trace, a roll, the board) fits 120 columns as it is
    or wrapped at its words, so it is printed as Rich would without loading Rich."""
    assert not _loaded(_modules(played, *argv), "rich")


@pytest.mark.parametrize(
    ("text", "columns", "plain"),
    [
        ("Robyn: 0 -> 1 VP (set by hand)", "120", True),
        ("Robyn: 0 → 1 VP — by hand", "120", True),
        ("x" * 41, "40", False),  # Rich wraps it
        ("[bold]Robyn[/bold]", "120", False),  # markup
        ("a :smile: here", "120", False),  # an emoji code
        ("a :: b", "120", False),  # what Rich reads as a code, though none is known
        ("bosses: 0: 68.1%, 1: 31.2%", "120", True),  # colons, no code between them
        ("collect: Collect [3 turns] - x", "120", True),  # brackets that are no tag
        ("a \\[b] c", "120", False),  # an escape Rich reads
        ("tab\there", "120", False),
        ("e\u0301", "120", False),  # a combining accent
    ],
)
def test_plain_text_is_what_rich_prints(
    text: str, columns: str, plain: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from companion.render import plain as plain_text
    from companion.render.console import make_console

    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("NO_COLOR", "1")
    assert plain_text.fits(text) is plain
    if plain:
        c = make_console()
        c.file = io.StringIO()
        c.print(text)
        assert c.file.getvalue() == text + "\n"


def test_odds_read_the_state_without_the_database(played: Path) -> None:
    """Odds need the game's state only, kept in its file: no TinyDB, no game layer."""
    modules = _modules(played, "odds", "Cpt", "Robyn", "--range", "7")
    for name in ("tinydb", "companion.game.repo", "companion.game.store"):
        assert not _loaded(modules, name), f"odds loads {name}"


def test_a_short_summary_is_written_without_the_styled_printer(played: Path) -> None:
    """The one short line of a write needs no styles and no wrapping: not even the
    printer that stands in for Rich is loaded."""
    modules = _modules(played, "vp", "1", "+1")
    assert not _loaded(modules, "companion.render.styled")


@pytest.mark.parametrize(
    "argv",
    [
        ["vp", "1", "+1"],
        ["turn", "--force", "--seed", "3"],
        ["undo"],
        ["redo"],
        ["log", "--last", "3"],
    ],
    ids=" ".join,
)
def test_a_game_is_read_and_written_without_tinydb(played: Path, argv: list[str]) -> None:
    """A table command reads the settings and the game and updates the game's one
    document on the stored data itself; TinyDB is for the commands that manage tables
    (rosters, new games)."""
    assert not _loaded(_modules(played, *argv), "tinydb")


def test_a_resolution_command_loads_only_its_own_declarations(played: Path) -> None:
    modules = _modules(played, "odds", "Cpt", "Robyn", "--range", "7")
    assert not _loaded(modules, "companion.cli.table")
    assert not _loaded(_modules(played, "roll", "d6"), "companion.cli.actions")


@pytest.fixture(scope="module")
def stages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sample game with turn 1 started, and with Cpt. Fawkes activated in it."""
    turned = tmp_path_factory.mktemp("turned") / "home"
    _modules(turned, "demo")
    _modules(turned, "turn", "--seed", "3")
    active = tmp_path_factory.mktemp("active") / "home"
    shutil.copytree(turned, active)
    _modules(active, "activate", "Cpt")
    return {"turned": turned, "active": active}


@pytest.mark.parametrize(
    ("stage", "argv", "unused"),
    [
        # Drawing the board after an attack asks whose side is next, not how a turn is run.
        (
            "active",
            ["attack", "Cpt", "Robyn", "--range", "7", "--seed", "2"],
            "companion.systems.one_stat.turns",
        ),
        ("active", ["odds", "Cpt", "Robyn", "--range", "7"], "companion.systems.one_stat.turns"),
        ("active", ["odds", "Cpt", "Robyn", "--range", "7"], "companion.systems.kit.turns"),
        # A game's set-up (its warbands, house rules, who sits out) is for `game new` only.
        ("turned", ["turn", "--force", "--seed", "4"], "companion.systems.one_stat.setup"),
        ("turned", ["activate", "Cpt"], "companion.systems.one_stat.setup"),
        # Scenario actions (pick up, score, the hill...) are taken only with `act`.
        (
            "active",
            ["attack", "Cpt", "Robyn", "--range", "7", "--seed", "2"],
            "companion.systems.one_stat.objectives",
        ),
        ("turned", ["turn", "--force", "--seed", "4"], "companion.systems.one_stat.objectives"),
        # A turn rolls initiative with dice; it works out no odds over every branch.
        ("turned", ["turn", "--force", "--seed", "4"], "companion.core.branches"),
        ("turned", ["activate", "Cpt"], "companion.core.branches"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else v,
)
def test_a_table_command_compiles_only_the_rules_it_uses(
    stages: dict[str, Path], tmp_path: Path, stage: str, argv: list[str], unused: str
) -> None:
    """Where no bytecode is kept, every module a command loads is compiled at its start."""
    home = tmp_path / "home"
    shutil.copytree(stages[stage], home)
    assert not _loaded(_modules(home, *argv), unused)


@pytest.mark.parametrize(
    "argv",
    [
        ["roster", "show", "Robyn"],
        ["roster", "list"],
        ["game", "list"],
        ["game", "show", "sample"],
        ["units", "warstuff"],
        ["solo", "odds"],
        ["solo", "scenarios"],
        ["systems"],
        ["monochrome", "scenario", "--dice", "5,3,6"],
    ],
    ids=" ".join,
)
def test_a_look_up_loads_neither_typer_nor_rich(played: Path, argv: list[str]) -> None:
    """Rosters, games, the unit library, the solo forecast: declared for the quick path,
    their tables printed as Rich draws them without loading it (at 120 columns)."""
    modules = _modules(played, *argv)
    for name in ("typer", "rich"):
        assert not _loaded(modules, name), f"`{' '.join(argv)}` loads {name}"


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "show", "1ss", "cover"],
        ["rules", "1ss", "tnak"],
        ["rules", "search", "sheild"],
        ["rules", "sheet", "warstuff"],
        ["rules", "rulings", "smbfat", "--json"],
    ],
    ids=" ".join,
)
def test_a_rules_look_up_reads_the_prepared_topics(played: Path, argv: list[str]) -> None:
    """The first look-up prepares the topics into the cache folder; later ones read them
    there, without loading a rule system, Typer or Rich."""
    _modules(played, *argv)
    modules = _modules(played, *argv)
    for sid, package in _system_packages().items():
        assert not _loaded(modules, package), f"`{' '.join(argv)}` loads {sid}"
    for name in (*HEAVY, "rich", "tinydb"):
        assert not _loaded(modules, name), f"`{' '.join(argv)}` loads {name}"
