"""The guided table mode: one session that knows where the game is and asks only what it must.

`phase` reads the situation from the state (pure), `session` runs one step at a time
against the store (no prompts), `loop` is the questionary front end, and `solo_hook` is the
seam where the solo procedures plug in.
"""
