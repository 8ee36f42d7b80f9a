"""One parser for every whole number typed on a command line, and short quotes of bad values."""

from __future__ import annotations

import pytest

from companion.cli.shared import typed_value
from companion.errors import UsageError
from companion.numbers import MAX_DIGITS, shown, whole_number

HUGE = "9" * 5000


def test_whole_numbers_within_bounds():
    assert whole_number(" 12 ", "x") == 12
    assert whole_number("-3", "x", -5, 5) == -3
    assert whole_number("+0", "x") == 0
    # Leading zeros are not digits that count.
    assert whole_number("0" * 5000 + "7", "x") == 7
    with pytest.raises(UsageError, match="--range must be from 0 to 100, not 101"):
        whole_number("101", "--range", 0, 100)


@pytest.mark.parametrize("bad", [HUGE, "-" + HUGE, "1" * (MAX_DIGITS + 1)])
def test_too_many_digits_is_a_usage_error_not_a_crash(bad):
    with pytest.raises(UsageError, match="digits"):
        whole_number(bad, "--seed")


@pytest.mark.parametrize("bad", ["", "1.5", "²", "٣", "0x10", "1e9", "x" * 100_000])
def test_not_a_whole_number(bad):
    with pytest.raises(UsageError, match="must be a whole number") as e:
        whole_number(bad, "--inches")
    assert len(str(e.value)) < 120


def test_shown_escapes_and_cuts():
    assert shown("a\u202eb\x00") == "'a\\u202eb\\u0000'"
    assert shown("x" * 100_000) == "'" + "x" * 40 + "'… (100,000 characters)"


def test_typed_value_reads_numbers_through_the_same_parser():
    assert typed_value("yes") is True and typed_value("No") is False
    assert typed_value("12") == 12 and typed_value("-2") == -2
    assert typed_value("12345678901") == 12345678901
    assert typed_value("open") == "open"
    with pytest.raises(UsageError, match="--opt stat has 5,000 digits"):
        typed_value(HUGE, "--opt stat")
    for odd in ("²", "٣", "-¹"):
        with pytest.raises(UsageError, match="digits 0-9"):
            typed_value(odd, "--opt range")


@pytest.mark.parametrize(
    "args",
    [
        ["turn", "--seed", HUGE],
        ["set", "Robyn", "--wounds", HUGE],
        ["log", "--last", HUGE],
        ["undo", HUGE],
        ["attack", "Robyn", "T-999", "--range", HUGE],
        ["attack", "Robyn", "T-999", "--opt", "cover=" + HUGE],
        ["odds", "Robyn", "T-999", "--opt", "ganging=²"],
        ["vp", HUGE, "+1"],
        ["vp", "1", HUGE],
        ["roll", HUGE + "d6"],
        ["roll", "2d6", "--dice", HUGE],
        ["roster", "add", "Robyn", "Extra", "--stat", HUGE],
        ["game", "list", "--nope", "x" * 100_000],
    ],
)
def test_huge_values_on_every_path_are_one_short_line(demo, run, home, args):
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and p.name != ".lock"}
    r = run(*args)
    assert r.code == 2, r.err
    assert r.err.startswith("companion: error: ") and r.err.count("\n") == 1
    assert len(r.err) < 300, r.err
    after = {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and p.name != ".lock"}
    assert after == before


def test_control_characters_are_escaped_in_errors(demo, run):
    r = run("activate", "\u202eevil\x1b[31m")
    assert r.code == 2
    assert "\u202e" not in r.err and "\x1b" not in r.err and "\\u202e" in r.err


def test_roll_gives_exact_odds_of_large_pools_and_says_when_it_cannot(run):
    r = run("roll", "100d100", "--seed", "1", "--json")
    assert r.code == 0 and r.json()["expected"]["fraction"] == "5050/1"
    r = run("roll", "50d6kh3", "--seed", "1", "--json")
    assert r.code == 0 and r.json()["expected"]["value"] == pytest.approx(17.9921, abs=1e-4)
    r = run("roll", "100d100kh50", "--seed", "1", "--json")
    assert r.code == 0 and "too large a pool" in r.json()["odds_skipped"]
    r = run("roll", "100d100kh50", "--seed", "1")
    assert "No exact odds: 100d100 keeping 50 is too large a pool" in " ".join(r.out.split())
