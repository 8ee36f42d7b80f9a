"""The battle report: a game's story told from its event log (Markdown, HTML, SVG)."""
