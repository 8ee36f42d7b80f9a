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
    page = out.read_text()
    cards = CARD.findall(page)
    assert (
        r.out == f"{len(cards)} roster cards for {len(roster.fighters)} fighters written to {out}\n"
    )
    # Identical fighters share a card marked xN; every fighter is named on one card.
    counted = [int(m[1]) if (m := re.search(r'class="count">×(\d+)', c)) else 1 for c in cards]
    assert sum(counted) == len(roster.fighters)
    for f in roster.fighters:
        assert any(f.name in c.replace("&#39;", "'") for c in cards), f.name
    for card, f in zip(cards, _firsts(roster.fighters, cards), strict=True):
        assert '<dl class="stats">' in card
        # The warband, the system and its points on every card, and boxes to tick.
        assert f'<p class="card-foot">{roster.name}'.replace("'", "&#39;") in card
        assert '<span class="box"></span>' in card
        if f.skills:
            # Each skill or trait with its one-line rule.
            assert re.search(r"<li><strong>[^<]+</strong>: \S", card), card
        if system_id in COSTED:
            assert re.search(r'<span class="cost">\d+ pts</span>', card), card
            assert re.search(r"· \d+ pts</p>", card), card
    # The report's look, self-contained: its styles inline, nothing fetched.
    assert "--ink:" in page and "prefers-color-scheme: dark" in page and "@media print" in page
    assert "<script" not in page and "src=" not in page and "href=" not in page


def _firsts(fighters, cards):
    """The first fighter of each card, in the cards' order."""
    out = []
    for c in cards:
        text = c.replace("&#39;", "'")
        out.append(next(f for f in fighters if f.name in text))
    return out


def test_identical_fighters_share_a_card_and_monochromes_actions_say_what_they_do(run, tmp_path):
    roster = _imported(run, tmp_path, "monochrome")
    r = run("roster", "show", roster.name, "--format", "html")
    cards = CARD.findall(r.out)
    braves = next(c for c in cards if "×4" in c)
    assert "Brave, Brave 2, Brave 3, Brave 4" in braves
    assert "<strong>Charge</strong>: Move up to 2D6 inches" in braves
    assert "Taken by" not in braves
    assert "· 185 pts</p>" in braves


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
