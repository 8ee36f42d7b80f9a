"""The report and the roster cards on paper: Chromium prints them to PDF, and the pages
are counted and measured."""

from __future__ import annotations

import json
import re
from pathlib import Path

from headless import Browser, browser_marks, find_chromium, print_pdf
from report_helpers import play

from companion import systems
from companion.cli.shared import drawn_board
from companion.game.repo import Home

CHROMIUM = find_chromium()
pytestmark = browser_marks()
A4 = (210, 297)


def test_a_four_turn_game_prints_on_four_a4_pages_with_one_luck_table_a_side(home, run, tmp_path):
    gf = play(Home(home, draw=drawn_board), "1ss", "four", 40, seed=7)
    assert gf.state.turn == 4
    page, pdf = tmp_path / "four.html", tmp_path / "four.pdf"
    assert run("report", "--game", "four", "--format", "html", "-o", str(page)).code == 0
    assert CHROMIUM is not None
    pages = print_pdf(CHROMIUM, page, pdf)
    assert 1 <= len(pages) <= 4 and set(pages) == {A4}, pages
    seen = _read_as_printed(page, PRINTED)
    # One luck table a side on paper, and no cell broken inside a word.
    assert seen["luck_tables"] == 2, seen
    assert seen["broken"] == [], seen["broken"]
    # Each chart whole, its legend inside it.
    for c in seen["charts"]:
        assert c["legend"] and c["legend_bottom"] <= c["bottom"] + 1, c


def test_a_four_turn_solo_game_prints_on_nine_a4_pages_whole(run, tmp_path):
    """A 1ss solo game of four turns played with the plain commands (the player's attacks,
    the OpFor walked by `solo opfor`, its spawns arriving each turn), with every roll.
    Measured: 9 A4 pages (the 4-turn 1ss game of two sides takes 4); each luck table
    once (a side's two, and the rolls of no side), no cell broken inside a word, the
    charts whole with their legends."""
    _play_solo(run, tmp_path, turns=4)
    page, pdf = tmp_path / "solo.html", tmp_path / "solo.pdf"
    assert run("report", "--format", "html", "-o", str(page)).code == 0
    assert CHROMIUM is not None
    pages = print_pdf(CHROMIUM, page, pdf)
    assert 1 <= len(pages) <= 9 and set(pages) == {A4}, pages
    seen = _read_as_printed(page, PRINTED)
    assert seen["luck_tables"] == 3, seen  # the player's, the OpFor's, the rolls of no side
    assert seen["broken"] == [], seen["broken"]
    assert seen["charts"]
    for c in seen["charts"]:
        assert c["legend"] and c["legend_bottom"] <= c["bottom"] + 1, c


def _play_solo(run, tmp_path: Path, turns: int) -> None:
    """`turns` turns of a solo game with seeded dice: each of the player's fighters
    activates (the first four attack the first OpFor fighter standing), then the OpFor is
    walked until none can act, some attacking and some closing in."""
    from solo_helpers import warband_file

    def fighters(side: int) -> list[dict]:
        sides = run("status", "--json").json()["sides"]
        return [f for f in sides[side]["fighters"] if f["status"] != "out"]

    assert run("roster", "import", warband_file(tmp_path)).code == 0
    assert run("solo", "new", "-r", "Outlaws", "--seed", "3").code == 0
    seed = 10
    for _ in range(turns):
        seed += 1
        assert run("turn", "--force", "--seed", str(seed)).code == 0
        for i, f in enumerate(fighters(0)):
            assert run("activate", f["name"]).code == 0
            foes = fighters(1)
            if i < 4 and foes and f["status"] == "upright":
                shot = ("--range", "8") if f["name"] == "Marian" else ()
                seed += 1
                r = run("attack", f["name"], foes[0]["name"], *shot, "--seed", str(seed))
                assert r.code == 0, r.err
            assert run("done").code == 0
        for k in range(30):
            mine = [f["name"] for f in fighters(0)]
            how = ("--can-attack", "--in-cover", "--melee") if k % 3 == 0 else (
                "--cannot-attack", "--los", "--in-open")  # fmt: skip
            seed += 1
            args = ["solo", "opfor", *how, "--target", mine[k % len(mine)], "--seed", str(seed)]
            r = run(*args)
            for flag in ("--command", "--leader", "--distraction"):  # asked of some only
                if r.code == 2 and f"needs {flag}" in r.err:
                    r = run(*args, flag, "none")
            if r.code:
                assert "no OpFor fighter can act" in r.err, r.err
                break
    assert run("status", "--json").json()["turn"] == turns


def _read_as_printed(page: Path, probe: str) -> dict:
    """`probe` read in `page` laid out for print, an A4 page's width."""
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    try:
        browser.open(page.as_uri(), 794)
        browser.send("Emulation.setEmulatedMedia", {"media": "print"})
        return json.loads(browser.evaluate(probe))
    finally:
        browser.close()


PRINTED = """JSON.stringify({
  luck_tables: [...document.querySelectorAll('section[aria-labelledby=luck] table')]
    .filter(t => t.checkVisibility()).length,
  broken: [...document.querySelectorAll('td, th')].filter(td => {
    const r = document.createRange(); r.selectNodeContents(td);
    const words = td.textContent.split(/\\s+/).filter(Boolean);
    return words.some(w => {
      const s = document.createElement('span'); s.textContent = w;
      s.style.whiteSpace = 'nowrap'; s.style.position = 'absolute';
      s.style.font = getComputedStyle(td).font;
      document.body.appendChild(s); const wide = s.getBoundingClientRect().width; s.remove();
      return wide > td.clientWidth && td.getClientRects().length && td.offsetHeight > 0
        && getComputedStyle(td).overflowWrap !== 'normal';
    });
  }).map(td => td.textContent),
  charts: [...document.querySelectorAll('figure svg')].map(s => {
    const b = s.getBoundingClientRect(); const l = s.querySelector('.legends');
    const lb = l && l.getBoundingClientRect();
    return {legend: !!l, bottom: b.bottom, legend_bottom: lb ? lb.bottom : 0};
  }),
})"""


def test_chart_text_is_twelve_pixels_or_more_on_a_phone_and_ids_are_unique(demo, tmp_path):
    from report_helpers import two_turns_of_the_sample

    two_turns_of_the_sample()
    page = tmp_path / "r.html"
    assert demo("report", "--format", "html", "-o", str(page)).code == 0
    html = page.read_text()
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    assert "stroke-dasharray" in html  # lines and bars apart by more than colour
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    try:
        browser.open(page.as_uri(), 390)
        sizes = json.loads(browser.evaluate(TEXT))
    finally:
        browser.close()
    assert sizes and min(sizes) >= 12, sorted(sizes)[:5]


TEXT = """JSON.stringify([...document.querySelectorAll('figure svg text')]
  .filter(t => t.textContent.trim() && t.getBoundingClientRect().height > 0)
  .map(t => {
    const svg = t.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return parseFloat(getComputedStyle(t).fontSize) * scale;
  }))"""


def _roster(tmp_path: Path, kinds: int) -> Path:
    """The 1SS sample roster with `kinds` fighters of different names."""
    data = systems.get("1ss").sample_rosters()[0].to_dict()
    base = data["fighters"]
    data["name"] = "Long warband"
    data["fighters"] = [
        dict(base[i % len(base)], name=f"Fighter {chr(65 + i)}") for i in range(kinds)
    ]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    return path


def test_cards_print_at_63_by_88_mm_nine_to_an_a4_sheet(run, tmp_path):
    assert run("roster", "import", str(_roster(tmp_path, 10))).code == 0
    page, pdf = tmp_path / "cards.html", tmp_path / "cards.pdf"
    assert run("roster", "show", "Long", "--format", "html", "-o", str(page)).code == 0
    assert CHROMIUM is not None
    assert print_pdf(CHROMIUM, page, pdf) == [A4, A4]  # ten cards: nine, then one
    seen = _read_as_printed(page, CARDS)
    assert {(round(w), round(h)) for w, h in seen["sizes"]} == {(63, 88)}
    assert seen["marks"] == 40 and seen["overflowing"] == [], seen


def test_a6_cards_print_one_to_an_a6_page(demo, tmp_path):
    page, pdf = tmp_path / "a6.html", tmp_path / "a6.pdf"
    assert (
        demo("roster", "show", "Robyn", "--format", "html", "--size", "a6", "-o", str(page)).code
        == 0
    )
    assert CHROMIUM is not None
    assert print_pdf(CHROMIUM, page, pdf) == [(105, 148)] * 5


MM = 96 / 25.4
CARDS = f"""JSON.stringify({{
  sizes: [...document.querySelectorAll('.fighter-card')].map(c => {{
    const b = c.getBoundingClientRect(); return [b.width / {MM}, b.height / {MM}]; }}),
  marks: [...document.querySelectorAll('.crop')].filter(m => m.checkVisibility()).length,
  overflowing: [...document.querySelectorAll('.fighter-card')]
    .filter(c => c.querySelector('.card-foot').getBoundingClientRect().bottom
                 > c.getBoundingClientRect().bottom + 1)
    .map(c => c.querySelector('h2').textContent),
}})"""
