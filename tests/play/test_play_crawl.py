"""Long seeded random games through play's real loop, in every system (see
`play_crawler`): two-player games and 1ss solo games, each action play resolved taken
again by the plain command on the game as it stood, with the same events written."""

from __future__ import annotations

import pytest
from play_crawler import crawl
from solo_helpers import solo_game

from companion import systems
from companion.cli.shared import drawn_board
from companion.game.repo import Home


@pytest.mark.parametrize("sid", systems.ids())
def test_play_crawls_two_player_games_without_a_hitch(sid, tmp_path):
    screens = compared = 0
    for seed in range(2):
        ui = crawl(tmp_path, sid, seed, 120, same_path=True)
        screens += ui.screens
        compared += ui.compared
    assert screens > 100
    assert compared > 10, "few actions were compared with the plain commands"


@pytest.mark.parametrize("scenario", ["skirmish", "collect", "rescue", "bounty"])
def test_play_crawls_solo_games_without_a_hitch(scenario, run, tmp_path):
    name = solo_game(run, tmp_path, scenario, 8)
    home = Home(draw=drawn_board)
    ui = crawl(tmp_path, "1ss", 8, 150, name, same_path=True, home=home)
    # A solo game lost or won early is a whole game too.
    assert ui.screens > 40 or ui.ended


@pytest.mark.parametrize(
    ("sid", "seed", "steps", "found"),
    [
        # A claim's count at its default (1) where the other side already counts every
        # Loot marker: play now takes the first count the rules allow (0).
        ("monochrome", 22, 60, "a default count the rules refuse"),
    ],
)
def test_what_the_long_crawl_found_stays_fixed(sid, seed, steps, found, tmp_path):
    crawl(tmp_path, sid, seed, steps, same_path=True)
