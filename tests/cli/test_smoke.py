def test_demo_shows_the_board(demo):
    r = demo("status", "--json")
    b = r.json()
    assert b["system"] == "1ss" and b["scenario"] == "training"
    assert [s["name"] for s in b["sides"]] == ["Robyn's merry men", "Cpt. Fawkes' ragtags"]
    assert sum(len(s["fighters"]) for s in b["sides"]) == 10


def test_turn_rolls_initiative_with_typed_dice(demo):
    r = demo("turn", "--dice", "7,3", "--json")
    assert r.code == 0, r.err
    b = demo("status", "--json").json()
    assert b["turn"] == 1 and b["initiative"] == 0
