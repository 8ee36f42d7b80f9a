"""The report's web page in a real browser: headless Chromium, as a phone and a laptop."""

from __future__ import annotations

import json
import os
from pathlib import Path

from headless import Browser, browser_marks, find_chromium
from report_helpers import two_turns_of_the_sample

CHROMIUM = find_chromium()
pytestmark = browser_marks()

# Read in the page: its width against the window's, and each chart's size and marks.
PROBE = """JSON.stringify({
  scroll: document.documentElement.scrollWidth,
  width: window.innerWidth,
  charts: [...document.querySelectorAll('figure svg')].map(s => ({
    id: s.id,
    w: s.getBoundingClientRect().width,
    h: s.getBoundingClientRect().height,
    marks: s.querySelectorAll('.series path, .series rect, .series circle').length,
  })),
  tables: document.querySelectorAll('table').length,
})"""


def test_the_page_fits_phone_and_laptop_with_charts_and_no_errors(demo, tmp_path):
    two_turns_of_the_sample()
    page = tmp_path / "battle.html"
    assert demo("report", "--format", "html", "-o", str(page)).code == 0
    shots = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    try:
        for width, scheme in ((390, "light"), (1280, "light"), (390, "dark")):
            browser.open(page.as_uri(), width, scheme=scheme)
            seen = json.loads(browser.evaluate(PROBE))
            assert seen["scroll"] <= seen["width"] == width, f"horizontal scroll at {width}px"
            assert [c["id"] for c in seen["charts"]] == [
                "chart-vp",
                "chart-casualties",
                "chart-luck-1",
                "chart-luck-2",
            ]
            for c in seen["charts"]:
                assert c["w"] > 200 and c["h"] > 100 and c["marks"] > 0, c
            assert seen["tables"] >= 5
            shot = shots / f"report-{width}-{scheme}.png"
            browser.screenshot(shot)
            assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
        assert browser.problems() == []
    finally:
        browser.close()


FITS = """JSON.stringify({
  scroll: document.documentElement.scrollWidth,
  width: window.innerWidth,
  folded: [...document.querySelectorAll('details')].map(d => d.open),
})"""
SHOWN = """JSON.stringify([...document.querySelectorAll('details table')].map(
  t => t.checkVisibility()))"""


def test_every_system_and_a_solo_game_fit_a_phone_and_print_what_is_folded(home, run, tmp_path):
    from report_helpers import play
    from solo_helpers import warband_file

    from companion import systems
    from companion.cli.shared import drawn_board
    from companion.game.repo import Home

    pages = []
    for sid in systems.ids():
        gf = play(Home(home, draw=drawn_board), sid, f"sim-{sid}", 150, seed=7)
        run("game", "use", gf.name)
        pages.append(tmp_path / f"{sid}.html")
        assert run("report", "--format", "html", "-o", str(pages[-1])).code == 0
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    assert run("solo", "new", "-r", "Outlaws", "--seed", "3").code == 0
    run("turn")
    pages.append(tmp_path / "solo.html")
    assert run("report", "--format", "html", "-o", str(pages[-1])).code == 0
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    try:
        for page in pages:
            browser.open(page.as_uri(), 390)
            seen = json.loads(browser.evaluate(FITS))
            assert seen["scroll"] <= seen["width"] == 390, f"horizontal scroll: {page.name}"
            assert not any(seen["folded"])  # the luck details start folded
            shown = json.loads(browser.evaluate(SHOWN))
            assert shown and not any(shown), page.name
            browser.send("Emulation.setEmulatedMedia", {"media": "print"})
            assert all(json.loads(browser.evaluate(SHOWN))), f"folded in print: {page.name}"
        assert browser.problems() == []
    finally:
        browser.close()


def test_roster_cards_fit_a_phone_and_a_page(demo, tmp_path):
    page = tmp_path / "cards.html"
    assert demo("roster", "show", "Robyn", "--format", "html", "-o", str(page)).code == 0
    shots = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    try:
        for width in (390, 1280):
            browser.open(page.as_uri(), width)
            seen = json.loads(browser.evaluate(FITS))
            assert seen["scroll"] <= seen["width"] == width
            browser.screenshot(shots / f"cards-{width}.png")
        assert browser.problems() == []
    finally:
        browser.close()
