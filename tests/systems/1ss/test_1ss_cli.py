def test_menus_offer_only_the_scenario_actions_of_the_game():
    from companion import systems

    s = systems.get("1ss")
    game = s.new_game(list(s.sample_rosters()), "treasure-hunt", {})
    robyn = game.fighter("robyn")
    names = s.actions_for(game, robyn)
    assert {"pickup", "drop", "score", "closer", "command"} <= set(names)
    assert not {"hill", "zones", "blast", "device", "heavy-option", "minion"} & set(names)
    assert "command" not in s.actions_for(game, game.fighter("john"))
    koth = s.new_game(list(s.sample_rosters()), "king-of-the-hill", {})
    assert "hill" in s.actions_for(koth, robyn) and "pickup" not in s.actions_for(koth, robyn)
