"""The guided table mode: one session that knows where the game is and asks only what it must.

`phase` reads the situation from the state (pure), `session` runs one step at a time
against the store (no prompts), `loop` is the questionary front end; a solo game's
opposing side is played by its system's solo procedures (`RuleSystem.solo`, whose
`guide` the loop asks).
"""
