"""Run an asyncio loop in a test even when another already runs on the main thread: the browser tests' Playwright
keeps one running there for the whole test run, so `asyncio.run` on the test's thread would be refused."""
from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable, Coroutine

START = threading.Thread.start   # taken at import, before a fixture may refuse every thread


def where_no_loop_runs(fn: Callable[[], Any]) -> Any:
    """Call `fn` on a thread of its own, where no event loop runs yet, and return what it returns or raise what it
    raised; code inside may still find that no thread can start when a fixture refuses them."""
    out: dict[str, Any] = {}

    def target() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - raised again on the test's thread
            out["error"] = exc

    runner = threading.Thread(target=target, daemon=True)
    START(runner)
    runner.join(300)
    assert not runner.is_alive(), "the test's loop never finished"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """asyncio.run, on a thread where no other loop runs."""
    return where_no_loop_runs(lambda: asyncio.run(coroutine))
