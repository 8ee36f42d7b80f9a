"""The kept summaries: a call reads only the games changed since the last one, and a kept
file that is missing, damaged or tampered with is rebuilt from the games, never believed."""

from __future__ import annotations

import json
import zlib

from companion.cli.shared import open_home
from companion.history.kept import KEPT, collect, read_game


def reads(home):
    """The games a call reads from their files, and its summaries."""
    read: list[str] = []

    def counting(h, name):
        read.append(name)
        return read_game(h, name)

    got = collect(home, counting, fighters=True, rolls=True)
    return read, {g.name: g for g in got.games}


def test_only_changed_games_are_read(record):
    home = open_home()
    first, summaries = reads(home)
    assert len(first) == 11 and set(first) == set(summaries)
    assert reads(home) == ([], summaries)
    assert record("turn", "--seed", "5", "--game", "sample").code == 0
    again, after = reads(home)
    assert again == ["sample"]
    assert after["sample"].turn == 1 and summaries["sample"].turn == 0
    assert {n: g for n, g in after.items() if n != "sample"} == {
        n: g for n, g in summaries.items() if n != "sample"
    }


def test_a_damaged_or_missing_kept_file_is_rebuilt(record, home):
    h = open_home()
    _, summaries = reads(h)
    kept = home / KEPT
    for damage in (b"garbage", kept.read_bytes()[:-40], b""):
        kept.write_bytes(damage)
        read, again = reads(h)
        assert len(read) == 11 and again == summaries
    kept.unlink()
    read, again = reads(h)
    assert len(read) == 11 and again == summaries
    assert kept.exists()


def test_an_entry_that_fails_its_checks_is_read_again(record, home):
    """Even under a checksum that matches (a file rewritten by hand), an entry whose
    fields are wrong is not believed."""
    h = open_home()
    _, summaries = reads(h)
    kept = home / KEPT
    head, *lines = kept.read_bytes().split(b"\n")
    entries, fighters = json.loads(lines[0]), json.loads(lines[1])
    entries["conceded"][2][11] = 7  # the winner: a side the game does not have
    entries["shared"][2][-1] = "two"  # the sides
    fighters["agreed-draw"][2][0][2][0] = 1  # out at the end: a number, not yes or no
    fighters["solo-won"][2][0][1].append(1)  # more counts than the side has fighters
    lines[:2] = [json.dumps(x).encode() for x in (entries, fighters)]
    meta = json.loads(head)
    meta["sums"][:2] = [zlib.crc32(x) for x in lines[:2]]
    kept.write_bytes(b"\n".join([json.dumps(meta).encode(), *lines]))
    read, again = reads(h)
    assert sorted(read) == ["agreed-draw", "conceded", "shared", "solo-won"]
    assert again == summaries


def test_the_list_reads_no_details(record, home):
    """The list of games reads the summaries' line only, the standings the fighters' line
    besides: damaged rolls are not even noticed until the luck needs them, and then those
    games are read again."""
    h = open_home()
    reads(h)
    kept = home / KEPT
    head, index, fighters, _ = kept.read_bytes().split(b"\n")
    kept.write_bytes(b"\n".join([head, index, fighters, b"damaged"]))
    assert collect(h).read == ()
    assert collect(h, fighters=True).read == ()
    read, _ = reads(h)
    assert len(read) == 11


def test_history_shows_the_same_from_the_kept_file(record):
    first = record("history", "--by", "roster", "--luck").out
    assert record("history", "--by", "roster", "--luck").out == first


def test_standings_are_the_same_from_kept_summaries_or_read_afresh(record, home):
    """Every grouping, the solo games, the fighters and the luck: the same whether each
    game was read from its files (no kept file) or from the kept lines."""
    asked = [("--by", by, "--json") for by in ("roster", "scenario", "system")]
    asked.append(("--by", "roster", "--luck", "--json"))
    for args in asked:
        (home / KEPT).unlink(missing_ok=True)
        afresh = record("history", *args).json()
        assert (home / KEPT).exists()
        assert collect(open_home(), fighters=True, rolls=True).read == ()
        kept = record("history", *args).json()
        assert kept == afresh, args
        assert afresh["took_most_out"] and afresh["fell_least"] and afresh["standings"]
