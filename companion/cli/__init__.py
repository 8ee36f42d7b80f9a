"""The command line: parse, call the core, render. Nothing else lives here."""
