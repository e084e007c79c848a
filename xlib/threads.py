"""Whether this Python can start threads. In a browser (Pyodide) it cannot: there the board runs computer moves
and animations as asyncio tasks on the page's event loop, and the search keeps its time budget by its own clock.

The environment variable XLIB_THREADS=off takes that path anywhere (tests play it under CPython)."""
from __future__ import annotations

import asyncio
import os
import sys
import threading

from . import runtime

VARIABLE = "XLIB_THREADS"
_can_start: bool | None = None   # found once: whether a thread starts on this platform


def _probe() -> bool:
    if runtime.on_site() or sys.platform == "wasi":
        return False
    try:
        thread = threading.Thread(target=lambda: None, daemon=True)
        thread.start()
        thread.join()
    except RuntimeError:
        return False
    return True


def available() -> bool:
    """True when work may run on a thread of its own: not in a browser, nor when XLIB_THREADS says off."""
    global _can_start
    if os.environ.get(VARIABLE, "").strip().lower() in ("off", "0", "no", "false"):
        return False
    if _can_start is None:
        _can_start = _probe()
    return _can_start


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop a task can run on beside the page: the running one, or the browser page's own loop
    (Pyodide's, always there); None where there is none (a plain script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if runtime.on_site():
        return asyncio.get_event_loop()
    return None
