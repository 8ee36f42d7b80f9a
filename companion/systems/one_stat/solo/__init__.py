"""1 Stat Skirmish for one player: spawnpoints and spawn dice, the OpFor procedure, the
solitaire scenarios and their objectives, solo upkeep. Part of the 1ss plug-in; its
commands (`companion solo ...`) are registered with the plug-in, and `companion play`
reaches it through the plug-in's solo capability (`OneStatSkirmish.solo`, in `play`)."""
