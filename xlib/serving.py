"""The kernel manager `make app` serves with: a pool of pre-heated kernels that hands out only live ones, says
when a class's pages are ready, and Jupyter's idle culling timed from when a page takes a kernel.

Voila keeps pre-heated kernels per notebook (the notebook already run), so a page appears at once; it makes
its pool manager as a subclass of the class named in serve/voila.json, which is this one.

- A kernel can die while it waits in the pool (a port taken by another server at the same moment, the
  computer out of memory). Such a kernel is never handed to a page: the pool is checked every few seconds and
  again when a page takes a kernel, and a dead kernel is shut down and another heated in its place.
- A lesson can heat many kernels of one app before the class arrives (`make app CLASS=30 APP=x.ipynb`); the
  log says how many are ready as they come, and when all are.
- Jupyter's culler times idleness from the kernel's last activity, which for a pre-heated kernel is when it
  finished running the notebook: a kernel that waited in the pool longer than the idle timeout could be culled
  in the seconds between its page being served and the page connecting. Here the idle clock of every kernel
  starts again the first time the culler meets it outside the pool, which is after its page was served.
- Jupyter counts every message a kernel sends as activity, even when no page is connected to receive it: the
  kernel of a closed page at a class table that plays on (its classmates' moves arrive, it plays a computer
  seat's move) would never be idle. Here what a kernel sends after its last page left is not activity: its idle
  clock runs from the moment the culler finds it without a page, so every closed page's kernel goes within the
  idle timeout (and a cull interval).
"""
from __future__ import annotations

import asyncio
import os
from datetime import datetime, timezone
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback

#: seconds between two looks at the pool for dead kernels (and at how many of a class's pages are ready)
CHECK_EVERY = 2.0
#: kernels heated at the same time (starting and running their notebook): a few per core, so that a class's
#: 30 do not all fight for two cores (nor for ports), and the pages in use keep a core while the pool refills
HEAT_AT_ONCE = 4 * (os.cpu_count() or 2)


def _now() -> datetime:
    """The time now, as Jupyter's kernel activity is stamped."""
    return datetime.now(timezone.utc)


def _failed(task: Any) -> bool:
    """Whether a finished asyncio task ended with an error or was cancelled."""
    return bool(task.done() and (task.cancelled() or task.exception() is not None))


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager whose pool (added by Voila's subclass) hands out only live kernels, reports a
    class's heated pages, and whose idle clock starts when the culler first meets a kernel outside the pool."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._met: set[str] = set()
        self._alone: dict[str, datetime] = {}   # kernels without a page, and since when the culler knows it
        self._restarted: set[str] = set()   # kernels that died and were restarted empty: their notebook is gone
        self._ready_told: dict[str, int] = {}
        self._checker: PeriodicCallback | None = None
        self._checking = False
        self._heating = asyncio.Semaphore(HEAT_AT_ONCE)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voila's pool manager is made as a subclass of this class: its hand-out first drops dead kernels, and
        it heats HEAT_AT_ONCE kernels at a time."""
        super().__init_subclass__(**kwargs)
        initialize = cls.__dict__.get("_initialize")
        if initialize is not None:
            async def heat(self: ClassroomKernelManager, notebook_path: str, kernel_id: str | None = None,
                           **kw: Any) -> Any:
                await self._heating.acquire()
                try:
                    content = await initialize(self, notebook_path, kernel_id, **kw)
                except BaseException:
                    self._heating.release()
                    raise
                content["task"].add_done_callback(lambda _task: self._heating.release())
                return content

            setattr(cls, "_initialize", heat)
        hand_out = cls.__dict__.get("get_rendered_notebook")
        if hand_out is None:
            return

        async def get_rendered_notebook(self: ClassroomKernelManager, notebook_name: str, *args: Any,
                                        **kw: Any) -> Any:
            await self.first_live(notebook_name)
            return await hand_out(self, notebook_name, *args, **kw)

        get_rendered_notebook.__doc__ = hand_out.__doc__
        setattr(cls, "get_rendered_notebook", get_rendered_notebook)

    # ---- the pool: only live kernels ------------------------------------------------------------------------

    def _pool(self, notebook_name: str) -> list[Any]:
        pools: dict[str, list[Any]] = getattr(self, "_pools", {})
        return pools.get(notebook_name, [])

    async def live(self, item: Any) -> bool:
        """Whether a finished pool entry holds a kernel that is alive and still has its notebook run in it."""
        if _failed(item):
            return False
        content = item.result()
        kernel_id = content.get("kernel_id")
        kernel = self._kernels.get(kernel_id)
        if kernel is None or kernel_id in self._restarted or _failed(content.get("task")):
            return False
        try:
            return bool(await kernel.is_alive())
        except Exception:
            return False

    async def _replace(self, notebook_name: str, item: Any) -> None:
        """Take a dead entry out of the pool, shut its kernel down and heat another in its place."""
        pool = self._pool(notebook_name)
        if item not in pool:
            return   # already replaced (the periodic check and a page met it at the same moment)
        pool.remove(item)
        kernel_id = None if _failed(item) else item.result().get("kernel_id")
        self.log.warning("A pre-heated kernel of %s died (%s); heating another in its place.", notebook_name,
                         kernel_id or "it did not start")
        if kernel_id is not None and kernel_id in self:
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception:
                self.log.debug("The dead kernel %s was already gone", kernel_id)
        self._restarted.discard(kernel_id or "")
        fill = getattr(self, "fill_if_needed", None)
        if fill is not None:
            fill(delay=0, notebook_name=notebook_name)

    async def first_live(self, notebook_name: str) -> None:
        """Make the first kernel of the notebook's pool a live one: wait until it has started, and replace any
        dead one found on the way (a replacement joins the end of the pool)."""
        pool = self._pool(notebook_name)
        while pool:
            item = pool[0]
            await asyncio.wait([item])   # started (or failed to); never cancels the pool's own task
            if await self.live(item):
                return
            await self._replace(notebook_name, item)

    async def check_pools(self) -> None:
        """Replace every dead kernel waiting in a pool, and say how many of a class's pages are ready."""
        if self._checking:
            return
        self._checking = True
        try:
            for name in list(getattr(self, "_pools", {})):
                for item in list(self._pool(name)):
                    if item.done() and not await self.live(item):
                        await self._replace(name, item)
                self._tell_ready(name)
        finally:
            self._checking = False

    def pool_size(self, notebook_name: str) -> int:
        """How many heated kernels the notebook's pool keeps (serve/voila.json, or `make app CLASS=`)."""
        config: dict[str, Any] = getattr(self, "kernel_pools_config", {})
        default = config.get("default", {})
        return int(config.get(notebook_name, default).get("pool_size", default.get("pool_size", 1)))

    def _tell_ready(self, notebook_name: str) -> None:
        """For a pool larger than one (a class's app), log how many of its pages are ready whenever more are (at
        most once a check, CHECK_EVERY seconds), and READY when all are; after READY, the pages the class takes
        and the pool heats again are not told."""
        size = self.pool_size(notebook_name)
        if size <= 1 or self._ready_told.get(notebook_name, 0) >= size:
            return
        ready = sum(1 for item in self._pool(notebook_name) if item.done() and not _failed(item)
                    and item.result().get("task") is not None and item.result()["task"].done()
                    and not _failed(item.result()["task"]))
        if ready <= self._ready_told.get(notebook_name, 0):
            return
        self._ready_told[notebook_name] = ready
        if ready >= size:
            self.log.info("READY: all %d pages of %s are heated; the class can open it now (each page opens at "
                          "once, and another is heated behind every page taken).", size, notebook_name)
        else:
            self.log.info("Heating %s for the class: %d of %d pages ready.", notebook_name, ready, size)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        self.watch(kernel_id)
        return kernel_id

    def watch(self, kernel_id: str) -> None:
        """Note a restart of the kernel (its notebook is gone), and start checking the pools once they exist."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.add_restart_callback(lambda: self._on_restart(kernel_id), "restart")
        if self._checker is None and getattr(self, "_pools", None) is not None:
            self._checker = PeriodicCallback(self.check_pools, CHECK_EVERY * 1000)
            self._checker.start()

    def _on_restart(self, kernel_id: str) -> None:
        self._restarted.add(kernel_id)
        asyncio.ensure_future(self.drop_restarted(kernel_id))

    async def drop_restarted(self, kernel_id: str) -> None:
        """A kernel that died was restarted empty (Jupyter restarts a dead kernel): the notebook its page ran is
        gone, so shut it down, which lets its page say so, and heat another if it waited in a pool."""
        for name in list(getattr(self, "_pools", {})):
            for item in list(self._pool(name)):
                if item.done() and not _failed(item) and item.result().get("kernel_id") == kernel_id:
                    await self._replace(name, item)
                    return
        if kernel_id in self:
            self.log.warning("The kernel %s died; its page says so and offers to reload.", kernel_id)
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception:
                self.log.debug("The dead kernel %s was already gone", kernel_id)

    # ---- culling: the idle clock starts when a page has taken the kernel -------------------------------------

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel_id not in self._met:
            self._met.add(kernel_id)
            if kernel is not None and not self._kernel_connections.get(kernel_id):
                kernel.last_activity = _now()
            return
        if kernel is not None:
            if self._kernel_connections.get(kernel_id):
                self._alone.pop(kernel_id, None)
            else:   # no page: what the kernel sent since it was found so reached nobody, and is no activity
                alone = self._alone.setdefault(kernel_id, _now())
                last = getattr(kernel, "last_activity", None)
                if last is not None and last > alone:
                    kernel.last_activity = alone
        await super().cull_kernel_if_idle(kernel_id)

    def remove_kernel(self, kernel_id: str) -> Any:
        self._met.discard(kernel_id)
        self._alone.pop(kernel_id, None)
        self._restarted.discard(kernel_id)
        return super().remove_kernel(kernel_id)

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        if self._checker is not None:
            self._checker.stop()
        await super().shutdown_all(*args, **kwargs)
