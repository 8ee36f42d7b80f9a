"""The record of games the history tests share (see history_helpers)."""

from history_helpers import record, record_template  # noqa: F401
