"""F8-F12, as bench/faults.py runs them: every byte checked (bench/faults_bytes.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import faults_bytes  # noqa: E402


def test_bad_names_are_refused_by_every_command() -> None:
    rep = faults_bytes.f8_names()
    assert rep.ok, rep.failures


def test_damage_to_the_first_event_file_keeps_what_replays() -> None:
    rep = faults_bytes.f10_event_damage()
    assert rep.ok, rep.failures


@pytest.mark.slow
def test_stored_escapes_are_printed_not_obeyed() -> None:
    rep = faults_bytes.f9_escapes()
    assert rep.ok, rep.failures


@pytest.mark.slow
def test_cache_links_and_fifos_are_rebuilt() -> None:
    rep = faults_bytes.f11_cache_files()
    assert rep.ok, rep.failures


@pytest.mark.slow
def test_no_temporary_file_outlives_a_reading_command() -> None:
    rep = faults_bytes.f12_kill_then_read()
    assert rep.ok, rep.failures
