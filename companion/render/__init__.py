"""Turning results into something to read: Rich text for people, JSON for scripts."""
