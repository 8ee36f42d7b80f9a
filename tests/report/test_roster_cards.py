"""Printable roster cards (`roster show NAME --format html`) for every system."""

from __future__ import annotations

import json
import re

import pytest

from companion import systems

CARD = re.compile(r'<article class="fighter-card">(.*?)</article>', re.S)
COSTED = {"warstuff", "smbfat", "monochrome"}  # systems whose fighters have a points cost


def _imported(run, tmp_path, system_id):
    roster = systems.get(system_id).sample_rosters()[0]
    path = tmp_path / f"{system_id}.json"
    path.write_text(json.dumps(roster.to_dict()))
    assert run("roster", "import", str(path)).code == 0
    return roster


@pytest.mark.parametrize("system_id", systems.ids())
def test_one_card_per_fighter_with_stats_rules_and_cost(system_id, run, tmp_path):
    roster = _imported(run, tmp_path, system_id)
    out = tmp_path / "cards.html"
    r = run("roster", "show", roster.name, "--format", "html", "-o", str(out))
    assert r.code == 0, r.err
    assert r.out == f"{len(roster.fighters)} roster cards written to {out}\n"
    page = out.read_text()
    cards = CARD.findall(page)
    assert len(cards) == len(roster.fighters)
    for card, f in zip(cards, roster.fighters, strict=True):
        assert f"<h2>{f.name}" in card.replace("&#39;", "'")
        assert '<dl class="stats">' in card
        if f.skills:
            # Each skill or trait with its one-line rule.
            assert re.search(r"<li><strong>[^<]+</strong>: \S", card), card
        if system_id in COSTED:
            assert re.search(r'<span class="cost">\d+ pts</span>', card), card
    # The report's look, self-contained: its styles inline, nothing fetched.
    assert "--ink:" in page and "prefers-color-scheme: dark" in page and "@media print" in page
    assert "<script" not in page and "src=" not in page and "href=" not in page


def test_the_1ss_card_says_what_each_skill_and_weapon_does(demo, tmp_path):
    r = demo("roster", "show", "Robyn", "--format", "html")
    assert r.code == 0
    robyn = CARD.findall(r.out)[0]
    assert "<dt>Rank</dt><dd>Boss D10</dd>" in robyn and "<dt>Stat</dt><dd>6</dd>" in robyn
    assert "<strong>Command (active)</strong>: A friendly fighter within 5&#34;" in robyn
    assert "<strong>medium shooter</strong>: Two-handed" in robyn


def test_cards_refuse_an_unknown_format_and_output_without_html(demo, tmp_path):
    r = demo("roster", "show", "Robyn", "--format", "pdf")
    assert r.code == 2 and "'text', 'html'" in r.err
    r = demo("roster", "show", "Robyn", "-o", str(tmp_path / "x.html"))
    assert r.code == 2 and "--format html" in r.err
    assert not (tmp_path / "x.html").exists()
