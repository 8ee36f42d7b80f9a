"""The quick rules look-up: every rule of every system as a topic, searchable and linked.

A system's topics are the sections of its text, written in the project's own words in
`rules_data/<id>_topics.toml`, merged with the entries the system itself lists (skills,
roles, items, scenarios, special rules). `topics` loads and checks them, `search` ranks
them against a question (reading players' words through the system's table in
`synonyms`: "lying down" for prone), `links` names the topic that governs a trace step,
and `sheet` lays them out as a cheat sheet. Only `search` needs the fuzzy matcher, and
it imports it when a search runs, so table commands never load it.
"""
