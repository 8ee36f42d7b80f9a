"""What every rule system builds on. The roller lives here; values, dice, odds, names and
traces are the top-level modules `companion.values`, `.dice`, `.odds`, `.names`, `.trace`."""
