"""The live board in a real browser: headless Chromium opens what `companion serve` prints,
and a command in another process changes what the page shows, with no reload."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from headless import Browser, browser_marks, find_chromium
from serve_helpers import serving

CHROMIUM = find_chromium()
pytestmark = browser_marks()

PROBE = """JSON.stringify({
  scroll: document.documentElement.scrollWidth,
  width: window.innerWidth,
  live: document.getElementById('live').textContent,
  bad: document.getElementById('live').className.includes('bad'),
  last: (document.querySelector('section.last .summary') || {}).textContent,
  active: [...document.querySelectorAll('li.fighter.active .name')].map(e => e.textContent),
  kept: window.__kept === true,
  size: parseFloat(getComputedStyle(document.querySelector('li.fighter .name')).fontSize),
})"""


def _companion(home: Path, *args: str) -> None:
    """A command in its own process, as a second terminal at the table would run it."""
    r = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        env={**os.environ, "COMPANION_HOME": str(home)},
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr


def _until(browser: Browser, test, seconds: float = 15.0) -> dict:
    """The page as read when `test` first holds (or at the end, for the message)."""
    deadline = time.monotonic() + seconds
    while True:
        seen = json.loads(browser.evaluate(PROBE))
        if test(seen) or time.monotonic() > deadline:
            return seen
        time.sleep(0.05)


def test_the_board_loads_and_follows_an_attack_made_in_another_terminal(demo, home, tmp_path):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    shots = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    try:
        with serving(env={"COMPANION_HOME": str(home)}) as (url, _):
            browser.open(url, 390, scheme="dark")
            # A mark the page keeps only as long as it is not reloaded.
            browser.evaluate("window.__kept = true")
            seen = _until(browser, lambda s: s["live"].startswith("Live board"))
            assert seen["active"] == ["Robyn activating"] and not seen["bad"]
            assert seen["scroll"] <= seen["width"] == 390, "horizontal scroll on a phone"
            assert seen["size"] >= 18  # large enough to read from across the table
            browser.screenshot(shots / "board-390-dark.png")

            _companion(home, "attack", "Robyn", "Cpt", "--range", "10", "--dice", "4,5,6")
            seen = _until(
                browser, lambda s: "Robyn" in (s["last"] or "") and "activates" not in s["last"]
            )
            assert seen["kept"], "the page was reloaded"
            assert "Robyn" in seen["last"] and "activates" not in seen["last"], seen

            browser.open(url, 1280, scheme="light")
            browser.screenshot(shots / "board-1280-light.png")
            _companion(home, "game", "delete", "sample", "--yes")
            seen = _until(browser, lambda s: s["bad"])
            assert "no longer there" in seen["live"]
        assert browser.problems() == []
    finally:
        browser.close()


LAYOUT = (Path(__file__).parent / "board_probe.js").read_text()
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _layout(browser: Browser) -> dict:
    return json.loads(browser.evaluate(LAYOUT))


def test_a_phone_sees_the_score_who_acts_and_the_last_step_first(demo, home, tmp_path):
    """At 390 x 844 (a phone), 820 (a tablet) and 1280 (a laptop): the score strip, the
    fighter activating and the last step with its dice are on the first screen, nothing
    scrolls sideways, no text is under 12 px and no stat under 16 px, every text stands
    at 4.5:1 or better on its background (light and dark), out-of-action fighters are one
    line, and danger reads in the danger colour."""
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    assert demo("set", "Frogger with rifle", "--state", "out").code == 0
    assert demo("set", "Frogger with pistol and axe", "--state", "out").code == 0
    assert demo("set", "T-999", "--state", "wounded").code == 0
    assert demo("attack", "Robyn", "Cpt", "--range", "10", "--dice", "4,5,6").code == 0
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    try:
        with serving(env={"COMPANION_HOME": str(home)}) as (url, _):
            sizes = ((390, 844, "light"), (820, 1180, "dark"), (1280, 800, "light"))
            for width, height, scheme in sizes:
                browser.open(url, width, height, scheme=scheme)
                seen = _layout(browser)
                where = f"{width} px, {scheme}"
                assert seen["scroll"] <= seen["width"] == width, f"sideways scroll at {where}"
                for part in ("strip", "current", "last"):
                    assert seen[part] is not None and seen[part] <= height, (part, where, seen)
                assert seen["sides"][0].startswith("Robyn"), seen["sides"]
                assert "3/5 fighters left" in seen["sides"][1], seen["sides"]
                assert seen["order"].startswith("Activating now: Robyn"), seen["order"]
                assert seen["rolls"] >= 1  # the last step's dice and odds
                assert seen["small"]["size"] >= 12, (where, seen["small"])
                assert seen["stats"] >= 16, (where, seen["stats"])
                assert seen["worst"]["ratio"] >= 4.5, (where, seen["worst"])
                assert seen["folded"].startswith("Out of action (2)"), seen["folded"]
                assert len(set(seen["danger"])) == 1, seen["danger"]  # one danger colour
                # The screen is kept awake, or the page says it cannot be.
                assert seen["awake"] == "yes" or "cannot keep the screen awake" in seen["awakeText"]
                if width == 390 and os.environ.get("COMPANION_DOCS_SHOT"):
                    DOCS.mkdir(exist_ok=True)
                    browser.screenshot(DOCS / "board-phone.png", height=height)
        assert browser.problems() == []
    finally:
        browser.close()
