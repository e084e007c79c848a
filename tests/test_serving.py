"""The pool of pre-heated kernels hands out only live ones: a dead kernel is shut down and another heated in
its place, before a page takes it or when it does (xlib/serving.py, with a pool shaped like Voila's)."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from xlib.serving import ClassroomKernelManager

from .loops import run as run_loop


class FakeKernel:
    """A kernel that is alive until it is killed."""

    def __init__(self) -> None:
        self.alive = True

    async def is_alive(self) -> bool:
        return self.alive

    def add_restart_callback(self, callback: Any, event: str = "restart") -> None:
        self.on_restart = callback


class Pool(ClassroomKernelManager):
    """Voila's pool manager in small (voila_kernel_manager_factory's shape): a list of tasks per notebook,
    each giving the kernel's id and the task that runs its notebook; a page takes the first one."""

    def __init__(self, size: int = 2, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kernel_pools_config = {"default": {"pool_size": 1}, "x.ipynb": {"pool_size": size}}
        self._pools: dict[str, list[Any]] = {}
        self.heated = 0
        self.shut: list[str] = []
        self.fill_if_needed(notebook_name="x.ipynb")

    def fill_if_needed(self, delay: float | None = None, notebook_name: str = "", **kwargs: Any) -> None:
        pool = self._pools.setdefault(notebook_name, [])
        while len(pool) < self.pool_size(notebook_name):
            pool.append(asyncio.get_event_loop().create_task(self._heat()))

    async def _heat(self) -> dict[str, Any]:
        self.heated += 1
        kernel_id = f"k{self.heated}"
        self._kernels[kernel_id] = FakeKernel()
        self.watch(kernel_id)
        run = asyncio.get_event_loop().create_future()
        run.set_result(([], None))   # the notebook has run
        return {"kernel_id": kernel_id, "task": run, "renderer": None}

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple[Any, list[str], str]:
        content = await self._pools[notebook_name].pop(0)
        self.fill_if_needed(notebook_name=notebook_name)
        return content["task"], [], content["kernel_id"]

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self.shut.append(kernel_id)
        self._kernels.pop(kernel_id, None)


def pooled(manager: Pool) -> list[str]:
    return [item.result()["kernel_id"] for item in manager._pools["x.ipynb"] if item.done()]


def test_a_page_never_takes_a_dead_pooled_kernel():
    async def run() -> None:
        manager = Pool(size=2)
        await asyncio.sleep(0)
        first, second = pooled(manager)
        manager._kernels[first].alive = False   # it died while it waited (a port already in use)
        _, _, kernel = await manager.get_rendered_notebook("x.ipynb")
        assert kernel == second and manager.shut == [first]
        await asyncio.sleep(0)
        assert len(manager._pools["x.ipynb"]) == 2 and first not in pooled(manager)   # heated anew behind it
    run_loop(run())


def test_a_kernel_whose_notebook_failed_or_that_restarted_empty_is_replaced():
    async def run() -> None:
        manager = Pool(size=3)
        await asyncio.sleep(0)
        broken, restarted, good = pooled(manager)
        failed = asyncio.get_event_loop().create_future()
        failed.set_exception(RuntimeError("Kernel died before replying to kernel_info"))
        manager._pools["x.ipynb"][0].result()["task"] = failed
        manager._kernels[restarted].on_restart()   # died and came back without the notebook run in it
        _, _, kernel = await manager.get_rendered_notebook("x.ipynb")
        assert kernel == good and sorted(manager.shut) == sorted([broken, restarted])
    run_loop(run())


def test_the_periodic_check_replaces_a_dead_kernel_before_any_page_comes(caplog):
    async def run() -> None:
        manager = Pool(size=5)
        manager.log = logging.getLogger("test-serving")
        await asyncio.sleep(0)
        await manager.check_pools()
        dead = pooled(manager)[2]
        manager._kernels[dead].alive = False
        await manager.check_pools()
        await asyncio.sleep(0)
        assert manager.shut == [dead] and dead not in pooled(manager) and len(pooled(manager)) == 5
    with caplog.at_level(logging.INFO, logger="test-serving"):
        run_loop(run())
    assert any("READY: all 5 pages of x.ipynb" in r.getMessage() for r in caplog.records)
    assert any("died" in r.getMessage() for r in caplog.records)


def test_the_projected_class_code_shows_the_address_make_app_serves(monkeypatch, tmp_path):
    """`make app HOST=…` tells the kernels its address; the class panel shows it, large, beside the code, and
    says where to find it when the apps are served to this computer alone or the address is unknown."""
    from xlib.panels.classroom import ADDRESS_VARIABLE, ClassPanel
    from xlib.classroom import open_store

    monkeypatch.setenv(ADDRESS_VARIABLE, "http://192.0.2.7:8866")
    panel = ClassPanel(store=open_store(tmp_path / "class.db"), background=False)
    panel.start()
    shown = panel.code_view.value
    assert panel.code in shown and "<div class='xlib-class-address'>http://192.0.2.7:8866</div>" in shown
    assert shown.index("xlib-class-code'") < shown.index("xlib-class-address'")   # beside the code
    for unknown in ("http://127.0.0.1:8866", ""):
        monkeypatch.setenv(ADDRESS_VARIABLE, unknown)
        panel.start()
        assert "xlib-class-address'" not in panel.code_view.value and "127.0.0.1" not in panel.code_view.value
        assert "make app HOST=0.0.0.0" in panel.code_view.value and panel.code in panel.code_view.value


def markdown(notebook: str) -> str:
    import json
    from pathlib import Path

    cells = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / notebook).read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_the_gallery_and_the_lab_guide_say_where_a_class_starts():
    """The gallery says a class starts in the XAllies lab's class mode; the lab guide's plans use class mode,
    compare what the app and the class panel show, and name the button as it reads."""
    from xlib.panels.gallery import CARDS, card_html

    gallery = markdown("index.ipynb")
    assert "class mode" in gallery and "XAllies lab" in gallery
    card = card_html(next(c for c in CARDS if c.title == "XAllies lab"), site=False)
    assert "Start a class here" in card
    guide = markdown("xallies-lab.ipynb")
    guide = guide[guide.index("## For the teacher"):]
    plans = {m: guide[guide.index(f"**A {m}-minute lesson.**"):].split("\n\n", 1)[0] for m in (20, 45)}
    for plan in plans.values():
        assert "Start a new class" in plan and "Play in a class" in plan and "XAllies games per group" in plan
    assert "ledger" not in plans[45] and "**Run experiment**" in plans[45] and "*Run*" not in plans[45]


def test_a_class_pool_heats_a_few_kernels_at_a_time():
    """A class's pages are heated a few at a time (HEAT_AT_ONCE, a few per core), not all at once."""
    from xlib.serving import HEAT_AT_ONCE

    class SlowPool(Pool):
        running = most = 0

        def fill_if_needed(self, delay: float | None = None, notebook_name: str = "", **kwargs: Any) -> None:
            pool = self._pools.setdefault(notebook_name, [])
            while len(pool) < self.pool_size(notebook_name):
                pool.append(asyncio.get_event_loop().create_task(self._initialize(notebook_name)))

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kw: Any) -> Any:
            SlowPool.running += 1
            SlowPool.most = max(SlowPool.most, SlowPool.running)
            content = await self._heat()
            content["task"] = asyncio.ensure_future(asyncio.sleep(0.01))   # the notebook runs a while

            def ran(_task: Any) -> None:
                SlowPool.running -= 1
            content["task"].add_done_callback(ran)
            return content

    async def run() -> None:
        manager = SlowPool(size=3 * HEAT_AT_ONCE + 1)
        contents = await asyncio.gather(*manager._pools["x.ipynb"])
        await asyncio.gather(*(c["task"] for c in contents))
        assert len(contents) == 3 * HEAT_AT_ONCE + 1 and SlowPool.most == HEAT_AT_ONCE
    run_loop(run())


def test_a_class_pool_tells_each_page_ready_as_it_comes_then_ready_once(caplog):
    """Heating a class's pages, the log says how many are ready at every check that finds more (however many came
    since the last), then READY once: the pages the class takes and the pool heats again are not told."""

    class Heating(Pool):
        runs: list[Any] = []

        def fill_if_needed(self, delay: float | None = None, notebook_name: str = "", **kwargs: Any) -> None:
            pool = self._pools.setdefault(notebook_name, [])
            while len(pool) < self.pool_size(notebook_name):
                pool.append(asyncio.get_event_loop().create_task(self._running()))

        async def _running(self) -> dict[str, Any]:
            content = await self._heat()
            content["task"] = asyncio.get_event_loop().create_future()   # the notebook runs until told
            Heating.runs.append(content["task"])
            return content

    async def run() -> None:
        manager = Heating(size=12)
        manager.log = logging.getLogger("test-heating")
        await asyncio.sleep(0)
        for batch in (3, 4, 2, 3):   # between two checks, several pages finish running their notebook
            for task in [t for t in Heating.runs if not t.done()][:batch]:
                task.set_result(([], None))
            await manager.check_pools()
            await manager.check_pools()   # nothing new: nothing said
        await manager.get_rendered_notebook("x.ipynb")   # a student takes a page; another is heated behind it
        await asyncio.sleep(0)
        for task in Heating.runs:
            if not task.done():
                task.set_result(([], None))
        await manager.check_pools()
    with caplog.at_level(logging.INFO, logger="test-heating"):
        run_loop(run())
    said = [r.getMessage() for r in caplog.records if r.name == "test-heating"]
    assert [line.split(": ")[1] for line in said if line.startswith("Heating")] == \
        ["3 of 12 pages ready.", "7 of 12 pages ready.", "9 of 12 pages ready."]
    assert said[-1].startswith("READY: all 12 pages of x.ipynb") and sum("READY" in line for line in said) == 1


class Spec:
    metadata: dict[str, Any] = {}


def test_a_closed_pages_kernel_is_culled_in_time_though_it_keeps_sending(monkeypatch):
    """A page closed at a class table that plays on: its kernel keeps sending (the classmates' moves), which
    reaches nobody. Its idle clock runs from when the culler found it without a page, so it goes in time; the
    kernel of an open page stays, however long it is quiet."""
    from datetime import datetime, timedelta, timezone

    from xlib import serving

    async def run() -> None:
        manager = Pool(size=1)
        manager.cull_idle_timeout = 300
        await asyncio.sleep(0)
        _, _, kernel_id = await manager.get_rendered_notebook("x.ipynb")
        kernel = manager._kernels[kernel_id]
        kernel.kernel_spec, kernel.kernel_name, kernel.execution_state = Spec(), "python3", "idle"
        now = datetime.now(timezone.utc)
        manager._kernel_connections[kernel_id] = 1
        await manager.cull_kernel_if_idle(kernel_id)          # met outside the pool, its page connected
        kernel.last_activity = now - timedelta(seconds=1000)  # a page open and quiet for long: it stays
        await manager.cull_kernel_if_idle(kernel_id)
        assert manager.shut == []
        manager._kernel_connections[kernel_id] = 0            # the page closed, 400 s ago when the culler looked
        monkeypatch.setattr(serving, "_now", lambda: now - timedelta(seconds=400), raising=False)
        kernel.last_activity = now - timedelta(seconds=1)     # and its kernel kept sending to nobody since
        await manager.cull_kernel_if_idle(kernel_id)
        assert manager.shut == [kernel_id], "the kernel of a page closed 400 s ago was not culled"
    run_loop(run())
