"""Watching the class database from a kernel: an asyncio task on the kernel's own loop asks the doorbell a few
times a second and reads again when it rings (and every few seconds, since a ring can be lost), so every
change reaches the widgets on the kernel's main thread, never from a thread of its own."""
from __future__ import annotations

import asyncio
import time
from typing import Callable

from .. import threads
from ..classroom import ClassStore
from ..classroom.doorbell import Doorbell

#: seconds between two questions to the doorbell
PERIOD = 0.1
#: seconds after which the tables are read again though the doorbell stayed silent (a lost ring, an away timer)
REREAD = 2.0


class Watch:
    """Calls `heard` whenever the class `code` may have changed: when the database's doorbell rings, and at
    least every REREAD seconds. `check()` asks once (tests drive it); `start()` asks on the running loop."""

    def __init__(self, store: ClassStore, code: str | None, heard: Callable[[], None], period: float = PERIOD,
                 reread: float = REREAD) -> None:
        self.store, self.code, self.heard = store, code, heard
        self.period, self.reread = period, reread
        self.bell: Doorbell | None = None
        self.task: asyncio.Task[None] | None = None
        self.last = 0.0
        self.errors = 0

    def check(self) -> bool:
        """Ask the doorbell once; call `heard` if it rang or the time to read again has come."""
        if self.bell is None:
            self.bell = self.store.doorbell(self.code)
        rang = self.bell.rang()
        now = time.monotonic()
        if rang or now - self.last >= self.reread:
            self.last = now
            self.heard()
            return True
        return False

    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> bool:
        """Watch on `loop` (the running one by default); False where no loop runs (a plain script)."""
        if self.task is not None and not self.task.done():
            return True
        loop = loop or threads.event_loop()
        if loop is None:
            return False
        self.task = loop.create_task(self._run())
        return True

    async def _run(self) -> None:
        while True:
            try:
                self.check()
                self.errors = 0
            except Exception:   # a database gone for a moment: try again, a little later each time
                self.errors += 1
            await asyncio.sleep(self.period * min(1 + self.errors, 50))

    def stop(self) -> None:
        """Stop watching (the page left the class, or the table it watched)."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.bell is not None:
            self.bell.close()
            self.bell = None
