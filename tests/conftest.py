"""Shared test settings: hypothesis runs derandomized so CI results repeat; a Python without threads."""
import os
import threading

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, derandomize=True, max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def no_threads(monkeypatch):
    """A Python that cannot start threads, as in a browser (Pyodide): starting one fails, and xlib finds out."""
    from xlib import threads

    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    monkeypatch.setattr(threads, "_can_start", None)
    yield
    monkeypatch.undo()
    threads._can_start = None
