"""The battle report, checked against a game played with fixed dice."""

from __future__ import annotations

import pytest
from report_helpers import two_turns_of_the_sample

from companion.report.build import kind_of


@pytest.fixture
def played(demo):
    """Two turns of the sample game with fixed dice, then the end."""
    two_turns_of_the_sample()
    return demo


EXPECTED_TURNS = """\
## Turn by turn

### Turn 1

- Turn 1 begins; Robyn's merry men has the initiative. *(dice entered: 7, 3)*
  - Initiative: Robyn's merry men: D10 7
  - Initiative: Cpt. Fawkes' ragtags: D10 3
- Robyn activates (2 actions).
- Robyn attacks: hit and takes the target out
  - Attack: Robyn: D10 4, needs 6 or less → hit (chance 60% (3/5))
- Robyn's merry men: 0 → 1 VP
- Robyn ends the activation.

Victory points after the turn: Robyn's merry men 1, Cpt. Fawkes' ragtags 0

### Turn 2

- Turn 2 begins; Cpt. Fawkes' ragtags has the initiative. *(dice entered: 2, 5)*
  - Initiative: Robyn's merry men: D10 2
  - Initiative: Cpt. Fawkes' ragtags: D8 5
- T-999 activates (2 actions).
- T-999 attacks: miss
  - Attack: T-999: D8 7, needs 5 or less → miss (chance 37.5% (3/8))
- The game is ended: Robyn's merry men win on points

Victory points after the turn: Robyn's merry men 1, Cpt. Fawkes' ragtags 0

## Victory points per turn

```
T1  Robyn's merry men     ████████████████████ 1
    Cpt. Fawkes' ragtags  · 0
T2  Robyn's merry men     ████████████████████ 1
    Cpt. Fawkes' ragtags  · 0
```

## Casualties

- **Cpt. Fawkes** (Cpt. Fawkes' ragtags), turn 1: Robyn attacks: hit and takes the target out
"""

EXPECTED_LUCK = """\
### Robyn's merry men

- Attack: 1 of 1 succeeded, expected 0.6 ± 0.5 (too few to tell)
- Initiative: 2 rolls averaging 4.5, expected 5.5 ± 2 (too few to tell)

### Cpt. Fawkes' ragtags

- Attack: 0 of 1 succeeded, expected 0.6 ± 0.5 (too few to tell)
- Initiative: 2 rolls averaging 4, expected 5 ± 1.8 (too few to tell)
"""


def test_report_markdown_tells_the_game(played):
    r = played("report")
    assert r.code == 0, r.err
    md = r.out
    assert md.startswith(
        "# Battle report: sample\n\n**Robyn's merry men win on points.**\n\n"
        "1 Stat Skirmish · Training Mission · finished\n"
    )
    assert "**Victory points:** Robyn's merry men 1, Cpt. Fawkes' ragtags 0" in md
    assert (
        "| Cpt. Fawkes | Boss D10 | 6 | rifle (medium shooter) | Command, Sniper | out (turn 1) |"
        in md
    )
    assert EXPECTED_TURNS in md
    assert md.endswith(EXPECTED_LUCK)


def test_report_luck_in_json_is_exact(played):
    data = played("report", "--json").json()
    luck = {(x["side"], x["kind"]): x for x in data["luck"]}
    robyn = luck[("Robyn's merry men", "Attack")]
    one, three_fifths = {"fraction": "1/1", "value": 1.0}, {"fraction": "3/5", "value": 0.6}
    assert (robyn["rolls"], robyn["got"], robyn["expected"]) == (1, one, three_fifths)
    # T-999 rolled a D8 needing 5 or less: 5/8 expected.
    assert luck[("Cpt. Fawkes' ragtags", "Attack")]["expected"]["fraction"] == "5/8"
    # Initiative: a D10 on the training mission's first turn; on turn 2 Cpt. Fawkes is
    # out, so his side rolls T-999's D8 (R-1SS-P24). It rolled 3 and 5.
    init = luck[("Cpt. Fawkes' ragtags", "Initiative")]
    assert (init["rolls"], init["got"]["value"], init["expected"]["fraction"]) == (2, 8.0, "10/1")
    # The spread is exact: sqrt(5/8 * 3/8) for one test; a D10 varies by 99/12 a roll, so
    # a D8 by 63/12: the average of the two has a spread of sqrt(99/12 + 63/12) / 2.
    assert luck[("Cpt. Fawkes' ragtags", "Attack")]["spread"] == round((15 / 64) ** 0.5, 4)
    assert init["spread"] == round((99 / 12 + 63 / 12) ** 0.5 / 2, 4)
    assert data["finished"] is True and data["casualties"][0]["name"] == "Cpt. Fawkes"


def test_report_of_a_running_game(demo):
    r = demo("report")
    assert r.code == 0
    assert "running, turn 0 of 8" in r.out
    assert r.out.startswith("# Battle report: sample\n\n**The game has not begun yet.**\n")
    assert "No turn has been played yet." in r.out
    assert "No dice were rolled." in r.out


@pytest.mark.parametrize(("fmt", "start"), [("html", "<!DOCTYPE html>"), ("svg", "<svg")])
def test_report_exports_html_and_svg(played, tmp_path, fmt, start):
    (tmp_path / "out").mkdir()
    out = tmp_path / "out" / f"battle.{fmt}"
    r = played("report", "--format", fmt, "-o", str(out))
    assert r.code == 0, r.err
    assert r.out == f"Battle report written to {out}\n"
    text = out.read_text()
    assert text.lstrip().startswith(start)
    assert "Battle" in text and "Fawkes" in text
    assert list(out.parent.iterdir()) == [out]  # no temporary file left beside it


def test_report_refuses_an_unknown_format(played, tmp_path):
    out = tmp_path / "battle.pdf"
    r = played("report", "--format", "pdf", "-o", str(out))
    assert r.code == 2
    assert r.err == "companion: error: --format takes md, html or svg, not 'pdf'\n"
    assert not out.exists()


def test_report_refuses_a_folder_it_cannot_write_to(played, tmp_path):
    out = tmp_path / "missing" / "battle.html"
    r = played("report", "--format", "html", "-o", str(out))
    assert r.code == 2
    assert r.err.startswith(f"companion: error: cannot write {out}: ")
    assert r.err.count("\n") == 1 and not out.parent.exists()


def test_kind_of_strips_who_and_roll_offs():
    assert kind_of("Initiative: Robyn's merry men (roll-off 2)") == "Initiative"
    assert kind_of("Defence") == "Defence"


def test_kind_of_sums_rolls_whoever_they_were_at():
    names = ["Orc Warrior", "Orc Warrior 2", "Robyn", "Cpt. Fawkes"]
    assert kind_of("Kill roll on Orc Warrior 2", names) == "Kill roll"
    assert kind_of("Kill roll on Orc Warrior", names) == "Kill roll"
    assert kind_of("Robyn's defence against Cpt. Fawkes", names) == "Defence"
    assert kind_of("To hit", names) == "To hit"
