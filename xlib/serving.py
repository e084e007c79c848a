"""The kernel manager `make app` serves with: Jupyter's own idle culling, timed from when a page takes a kernel.

Voila keeps a pre-heated kernel per notebook (the notebook already run), so a page appears at once.
Jupyter's culler times idleness from the kernel's last activity, which for a pre-heated kernel is
when it finished running the notebook: a kernel that waited in the pool longer than the idle timeout
could be culled in the seconds between its page being served and the page connecting. Here the idle
clock of every kernel starts again the first time the culler meets it outside the pool, which is
after its page was served; everything else is Jupyter's culling unchanged (serve/voila.json)."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, whose idle clock starts when the culler first meets a kernel outside the pool."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._met: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self._met:
            self._met.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and not self._kernel_connections.get(kernel_id):
                kernel.last_activity = datetime.now(timezone.utc)
            return
        await super().cull_kernel_if_idle(kernel_id)

    def remove_kernel(self, kernel_id: str) -> Any:
        self._met.discard(kernel_id)
        return super().remove_kernel(kernel_id)
