"""Questions players ask at the table, in their own words (typos included), with the
topic that answers each. Every answer was checked against the system's source text; the
note after each says where the text gives it. `tests/lookup/test_lookup_questions.py` measures
how often the search puts that topic first, and in the first three."""

from __future__ import annotations

QUESTIONS: dict[str, list[tuple[str, str]]] = {
    "1ss": [
        # Recover: the prone fighter's first action, its die at or above its stat.
        ("my specialist got knocked down, how does he stand back up", "recover"),
        # Rookies are removed at their first wound.
        ("when is a rookie dead", "wounds"),
        # A move goes up to the stat in inches.
        ("how many inches can my boss walk", "movement"),
        # Target within 1" of others: D6, 4-6 a random other fighter.
        ("can I shoot someone who is in a fist fight", "shooting-into-melee"),
        # Every inch after the first is a hit.
        ("what happens if my guy drops off a roof", "fall"),
        # Forest: in cover when standing inside it.
        ("does hiding in the woods protect me", "cover"),
        # Switcher: switch position with any rookie within 10".
        ("what does the swicher skill do", "switcher"),
        # Initiative: the die of the best-ranked upright fighter, highest goes first.
        ("who gets to go first each turn", "initiative"),
        # Spawn dice: 6D6 at upkeep, grouped by face.
        ("how many enemys spawn at upkeep", "spawn-dice"),
        # Within 1 step of an enemy: move away, lose the second action.
        ("can I run away from a melee", "break-free"),
    ],
    "warstuff": [
        # After a hit, D6 + wounds above the defender's Quality kills.
        ("when does my unit die", "kill-roll"),
        # The hit table compares the attacker's and defender's Quality.
        ("what do i need to roll to hit a better unit", "hit-table"),
        # Stunned: the model is laid on its side, next action Recover.
        ("my guy is lying on the ground what now", "stunned"),
        # Walk 6", Run 12".
        ("how far can my unit go in one activation", "actions"),
        # Cover: +1 Quality against shooting.
        ("does hiding behind a wall help against shoting", "terrain"),
        # Leader: three dice, each 4+ activates a unit within 3".
        ("how does the leader give orders", "leader"),
        # Quality x 10 points plus the special rules.
        ("how much does a quality 3 unit cost", "unit-creation"),
        # Morale: D6 above Quality and the unit is stunned.
        ("what happens when I fail a moral test", "morale"),
        # Roll-off winner picks a side and deploys first within 12".
        ("who sets up first and how close to my edge", "preparation"),
        # Healer: heal a friend within 3" on 4+.
        ("can a medic patch up a wounded unit", "healer"),
    ],
    "skirmashed": [
        # Move Manoeuvre + D10".
        ("how far does a figure move", "movement"),
        # Declared before the dice: -2 to its Manoeuvre, then a stamina check.
        ("can my guy dodge an attack", "active-block"),
        # Killed when damage reaches Stamina.
        ("when is a figure dead", "killing"),
        # 2D10 at or below Stamina: exhausted.
        ("when does a figure get tired", "stamina"),
        # After round 4 the side with more casualties loses.
        ("who wins at the end", "winning"),
        # Firepower dice, each above Boom!.
        ("how many dice do I roll when shooting", "ranged"),
        # Charging: -2 to Hack when not starting in base contact.
        ("bonus for charging into combat", "melee"),
        # A non-exhausted figure charged may shoot the charger first.
        ("can I shoot a guy running at me before he hits", "charger"),
        # 2'x2' for 1-5 figures, 4'x2' for 6-10.
        ("how big should the table be", "setup"),
        # Soft cover -2, hard cover -4 to the block.
        ("does hard cover help me block", "block"),
    ],
    "smbfat": [
        # 20 to 40 points of figures, traits and rerolls.
        ("how many points can I spend on my army", "forces"),
        # Armor: 5 or 6 to defeat it.
        ("what does armour do", "armor"),
        # Up to 6 inches, a secondary move up to 3.
        ("how far can a figure move", "turn"),
        # Highest die: 4-6 defeats a target without Armor.
        ("what do I need to roll to take out an enemy", "attack"),
        # Roll a D6 for who goes first each round, reroll ties.
        ("who goes first in a round", "round"),
        # Leader: after its turn another figure may take a turn.
        ("how does the leeder trait work", "leader"),
        # Defeated figures' points +5 per objective held.
        ("how is the score counted at the end", "end"),
        # Gunslinger: 4 points, 1 melee die, 2 ranged dice.
        ("what is a gunslinger", "gunslinger"),
        # Rerolls cost 1 point and roll any one roll again.
        ("can I reroll a bad dice roll", "rerolls"),
        # Skill roll: a D6 (2 with Talented), 4+ on any die.
        ("how do I open a door", "skill"),
    ],
    "monochrome": [
        # Morale: D6 x lost this turn against D6 x still in play.
        ("morale when half my warband is dead", "morale"),
        # The drone class and its actions.
        ("which actions can a drone take", "drone"),
        # 6+ knockback 1"; a fighter that cannot be pushed is stunned instead.
        ("what happens when my guy gets knocked back into a wall", "effects"),
        # One fate token per fighter, to reroll attack or movement rolls.
        ("how many rerolls do I get", "fate"),
        # Six turns each.
        ("how many turns in a game", "turns"),
        # Points: Attack cost + Defence cost.
        ("how much does attack 5 defense 1 cost", "points"),
        # Up to 3 supports each take 1 off the attack roll.
        ("how do helpers make an attack better", "combined"),
        # At most 2 rare fighters (Monsters, Mechs).
        ("how many monsters can I have in my warband", "restrictions"),
        # Snipe: roll 3 dice, keep the two lowest.
        ("what does sniping do", "snipe"),
        # Roll for side-to-side or corner-to-corner zones.
        ("where do I put my figures at the start", "deployment"),
    ],
}
