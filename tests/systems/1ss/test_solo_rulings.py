"""The solo readings (issues 20 and 28) are listed with the 1ss rulings."""

from __future__ import annotations

NEW = {
    "R-1SS-S08": "upkeep",
    "R-1SS-S09": "Regenerator",
    "R-1SS-S10": "token",
    "R-1SS-S11": "last die",
    "R-1SS-S12": "Command",
    "R-1SS-S13": "Provoking",
    "R-1SS-S14": "Engineer",
    "R-1SS-S15": "D6",
    "R-1SS-S16": "two moves",
    "R-1SS-S17": "Distraction",
    "R-1SS-S18": "after the move",
    "R-1SS-S20": "engaged",
    "R-1SS-S21": "Recover",
    "R-1SS-S22": "without the attack",
    "R-1SS-P28": "Regenerator",
    "R-1SS-P21": "sit_out",
    "R-1SS-S04": "--boss-corner",
}


def test_rules_rulings_1ss_lists_the_solo_readings(run):
    r = run("rules", "rulings", "1ss", "--json")
    assert r.code == 0, r.err
    data = r.json()["items"]
    rows = data if isinstance(data, list) else data["rulings"]
    by_id = {row["id"]: f"{row['title']} {row['text']}" for row in rows}
    for rid, word in NEW.items():
        assert word.casefold() in by_id[rid].casefold(), rid
    assert "Amends R-1SS-14" in by_id["R-1SS-S11"]
