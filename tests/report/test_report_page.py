"""The battle report as a web page and a picture: structure, every system, solo games,
exact luck sums, lazy imports and scale."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
import xml.etree.ElementTree as ET
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
from report_helpers import play, two_turns_of_the_sample
from solo_helpers import PLAYERS, warband_file

import companion
from companion import systems
from companion.cli.shared import drawn_board
from companion.game.repo import Home
from companion.game.state import FighterState, GameState, SideState
from companion.report.build import build_report
from companion.report.luck import ALL_TESTS, Tally
from companion.report.output import parts, write_file
from companion.trace import Roll, Step


@pytest.fixture
def played(demo):
    two_turns_of_the_sample()
    return demo


class Page(HTMLParser):
    """What a reader of the page meets: headings, tables, charts, and anything fetched."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.headings: list[tuple[str, str]] = []
        self.tags: dict[str, int] = {}
        self.fetches: list[str] = []
        self.chart_ids: list[str] = []
        self._heading: str | None = None
        self._text = ""
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self.fetches += [a[k] for k in ("src", "href") if a.get(k)]
        if tag == "svg" and (a.get("id") or "").startswith("chart-"):
            self.chart_ids.append(a["id"])
        if tag in ("h1", "h2", "h3"):
            self._heading, self._text = tag, ""

    def handle_data(self, data):
        if self._heading:
            self._text += data

    def handle_endtag(self, tag):
        if tag == self._heading:
            self.headings.append((tag, self._text.strip()))
            self._heading = None


def _html(run, tmp_path: Path, *args: str) -> str:
    out = tmp_path / "battle.html"
    r = run("report", "--format", "html", "-o", str(out), *args)
    assert r.code == 0, r.err
    return out.read_text()


def test_the_page_is_one_self_contained_file_with_headings_tables_and_charts(played, tmp_path):
    page = Page(_html(played, tmp_path))
    assert [h for h in page.headings if h[0] != "h3"] == [
        ("h1", "Battle report: sample"),
        ("h2", "Result"),
        ("h2", "Key moments"),
        ("h2", "Victory points per turn"),
        ("h2", "Casualties"),
        ("h2", "Luck"),
        ("h2", "Rosters"),
        ("h2", "Turn by turn"),
    ]
    assert ("h3", "Turn 2") in page.headings
    assert page.chart_ids == ["chart-vp", "chart-casualties", "chart-luck-1", "chart-luck-2"]
    assert page.tags["table"] >= 5 and page.tags["th"] > 10
    assert "script" not in page.tags and "img" not in page.tags and "link" not in page.tags
    assert page.fetches == []  # nothing is loaded from anywhere


def test_the_page_tells_the_result_the_fates_and_the_dice(played, tmp_path):
    text = _html(played, tmp_path)
    assert '<p class="result headline">Robyn&#39;s merry men win on points.</p>' in text
    assert '<td data-label="Fate">out (turn 1)</td>' in text
    assert "Attack: T-999: D8 7, needs 5 or less → miss (chance 37.5% (3/8))" in text
    assert '<td data-label="Result" class="num">0 of 1</td>' in text
    assert '<td data-label="Verdict" class="">too few to tell</td>' in text
    assert "prefers-color-scheme: dark" in text and "@media print" in text


def test_vp_are_left_out_where_the_scenario_keeps_none(demo, tmp_path):
    # The training mission is won by wiping the other side out: no VP anywhere.
    assert demo("turn", "--dice", "7,3").code == 0
    page = Page(_html(demo, tmp_path))
    assert "chart-vp" not in page.chart_ids
    assert ("h2", "Victory points per turn") not in page.headings
    assert "VP" not in (tmp_path / "battle.html").read_text()
    assert "Victory points" not in demo("report").out


def test_the_svg_picture_is_the_charts(played, tmp_path):
    out = tmp_path / "battle.svg"
    assert played("report", "--format", "svg", "-o", str(out)).code == 0
    root = ET.parse(out).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    charts = [e.get("id") for e in root.iter(f"{ns}svg") if e.get("id")]
    assert charts == ["chart-vp", "chart-casualties", "chart-luck-1", "chart-luck-2"]
    assert root.find(f"{ns}title").text == "Battle report: sample"
    assert not list(root.iter(f"{ns}script"))
    # A chart, not text: every chart has drawn series.
    for chart in root.iter(f"{ns}svg"):
        if chart.get("id"):
            assert any("series" in (g.get("class") or "") for g in chart.iter(f"{ns}g"))


@pytest.mark.parametrize("system_id", systems.ids())
def test_every_system_gets_every_format(system_id, home, run, tmp_path):
    gf = play(Home(home, draw=drawn_board), system_id, "sim", 150, seed=7)
    run("game", "use", gf.name)
    data = run("report", "--json").json()
    assert sum(len(t["entries"]) for t in data["turns"]) + len(data["setup"]) == gf.count
    page = Page(_html(run, tmp_path))
    word = systems.get(system_id).round_word  # "round" where the system plays rounds
    assert ("h2", f"{word.capitalize()} by {word}") in page.headings and page.fetches == []
    # VP only where the system and the scenario keep them.
    assert (("h2", f"Victory points per {word}") in page.headings) is data["keeps_vp"]
    assert data["keeps_vp"] <= systems.get(system_id).keeps_vp
    assert data["headline"][:1].isupper() and data["headline"].endswith(".")
    tests = [x for x in data["luck"] if x["tests"]]
    for i, side in enumerate(data["sides"]):
        drawn = f"chart-luck-{i + 1}" in page.chart_ids
        assert drawn == any(x["side"] == side["name"] for x in tests)
    svg = tmp_path / "battle.svg"
    assert run("report", "--format", "svg", "-o", str(svg)).code == 0
    ET.parse(svg)
    md = run("report")
    assert md.code == 0 and "## Luck" in md.out


def test_a_solo_report_shows_the_spawns_and_the_opfor_decisions(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    assert run("solo", "new", "-r", "Outlaws", "--seed", "3").code == 0
    run("turn")
    for name in PLAYERS:
        run("activate", name)
    r = run("solo", "opfor", "--can-attack", "--in-cover", "--target", "Will", "--dice", "1,1,1")
    assert r.code == 0, r.err
    md = run("report").out
    assert "## Solo: spawns and the OpFor's decisions" in md
    assert "- Spawn, before the game: 4 OpFor fighters arrive: 2 specialists, 2 rookies" in md
    assert (
        "- OpFor decision, turn 1: Sergeant 1: stay in cover and attack Will, the closest of "
        "your fighters\n  - Can it attack?: yes, you said one of your fighters is in its reach"
    ) in md
    page = Page(_html(run, tmp_path))
    assert ("h2", "Solo: spawns and the OpFor's decisions") in page.headings


def _state() -> GameState:
    fighters = (
        FighterState("a", 0, "Ann", "boss", 10, {"stat": 6}),
        FighterState("b", 1, "Bob", "boss", 10, {"stat": 6}),
    )
    return GameState("1ss", "x", (SideState("Reds", "r"), SideState("Blues", "b")), fighters)


def _test(who: str, title: str, p: Fraction, ok: bool) -> Step:
    roll = Roll(who, 6, 1, None, 1, (3,), (0,))
    return Step(title, "ok" if ok else "no", roll, success=ok, probability=p)


def test_luck_sums_are_exact_per_side_and_per_kind():
    tally, state = Tally(), _state()
    for p, ok in [(Fraction(1, 2), True), (Fraction(1, 3), True), (Fraction(5, 6), False)]:
        tally.add(state, _test("Ann", "Attack: Ann", p, ok))
    tally.add(state, _test("Ann", "Defence", Fraction(2, 3), True))
    tally.add(state, _test("Bob", "Attack: Bob", Fraction(1, 2), False))
    # A plain 2D6 roll by a side: expected 7, variance 35/6.
    tally.add(state, Step("Initiative: Blues", "8", Roll("Blues", 6, 2, None, 2, (3, 5), (0, 1))))
    lines = {(x.side, x.kind): x for x in tally.lines(state)}
    attack = lines[("Reds", "Attack")]
    assert (attack.rolls, attack.got, attack.expected) == (3, 2, Fraction(5, 3))
    assert attack.variance == Fraction(1, 4) + Fraction(2, 9) + Fraction(5, 36)
    total = lines[("Reds", ALL_TESTS)]
    assert (total.rolls, total.got, total.expected) == (4, 3, Fraction(7, 3))
    assert ("Blues", ALL_TESTS) not in lines  # one kind of test: nothing to sum
    init = lines[("Blues", "Initiative")]
    assert (init.got, init.expected, init.variance) == (8, 7, Fraction(35, 6))
    assert init.sentence() == "Initiative: 1 roll averaging 8, expected 7 ± 2.4"
    assert attack.sentence() == "Attack: 2 of 3 succeeded, expected 1.7 ± 0.8"
    assert attack.verdict == "as expected"  # 1/3 above, within 0.78


def test_luck_verdict_beyond_one_spread():
    tally, state = Tally(), _state()
    for _ in range(12):
        tally.add(state, _test("Ann", "Attack", Fraction(1, 2), True))
        tally.add(state, _test("Bob", "Attack", Fraction(1, 2), False))
    lines = {x.side: x for x in tally.lines(state)}
    # 12 of 12 against 6 ± 1.7; 0 of 12 likewise.
    assert lines["Reds"].verdict == "luckier than expected"
    assert lines["Blues"].verdict == "unluckier than expected"


def _python(code: str) -> subprocess.CompletedProcess[str]:
    here = str(Path(companion.__file__).resolve().parent.parent)
    return subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {here!r})\n" + code],
        capture_output=True,
        text=True,
    )


def test_the_template_and_chart_libraries_load_only_for_a_page(demo, tmp_path):
    heavy = "('jinja2', 'pygal', 'markupsafe')"
    code = (
        "from companion.cli.main import main\n"
        "for args in {}:\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"sys.stderr.write(','.join(m for m in {heavy} if m in sys.modules))\n"
    )
    table = [["status", "--json"], ["turn", "--dice", "7,3"], ["status"], ["report"]]
    r = _python(code.format(table))
    assert r.returncode == 0 and r.stderr == "", r.stderr
    page = [["report", "--format", "html", "-o", str(tmp_path / "b.html")]]
    r = _python(code.format(page))
    # The sample game has no turn yet, so nothing to chart: pygal stays unloaded too.
    assert r.stderr == "jinja2,markupsafe"


@pytest.mark.slow
def test_a_5000_event_game_is_reported_in_bounded_memory(tmp_path):
    home = Home(tmp_path / "home", draw=drawn_board)
    play(home, "1ss", "long", 5000, seed=1, endless=True)
    with home.reading():
        gf = home.open_game("long")
    assert gf.count == 5000
    raw = gf.raw_events  # the log as stored, read before measuring
    system = systems.get(gf.system)
    list(parts(build_report(system, home.open_game("long")), "html"))  # imports, template
    # How long it takes is timed by bench/limits.py (the one-second promise).
    tracemalloc.start()
    try:
        write_file(parts(build_report(system, gf), "html"), tmp_path / "long.html")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # Beyond the stored log itself, the report holds its sums and one line per event.
    assert peak < 16 * 2**20, f"{peak / 2**20:.1f} MiB"
    assert len(raw) == 5000
