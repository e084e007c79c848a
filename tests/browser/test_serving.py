"""`make app`'s settings in a real browser: the gallery opens first, a closed tab frees its kernel."""
import re
import time

from tests.test_project import ROOT, kernel_alive

from .harness import voila


def kernels_running() -> bool:
    import psutil

    for p in psutil.Process().children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(p.cmdline()):
                return True
        except psutil.Error:
            pass
    return False


def test_the_gallery_opens_first_and_a_closed_tab_frees_its_kernel(browser, monkeypatch):
    """`make app`'s settings in a real browser, with the idle timeout shortened to 15 s."""
    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "serve"))
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(ROOT / "serve"))
    idle, interval = 15, 1
    with voila(f"--MappingKernelManager.cull_idle_timeout={idle}",
               f"--MappingKernelManager.cull_interval={interval}") as url:
        page = browser.new_page()
        try:
            page.goto(url + "/", timeout=120_000)
            page.wait_for_url("**/voila/render/index.ipynb", timeout=120_000)  # the gallery, not a file list
            page.get_by_role("link", name=re.compile("Learn and play")).first.click()
            page.wait_for_url("**/voila/render/xallies.ipynb", timeout=120_000)
            page.locator(".xlib-board").first.wait_for(timeout=120_000)  # widgets: the kernel is connected
            kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            assert kernel_alive(kernel)
            time.sleep(idle + 3 * interval)
            assert kernel_alive(kernel), "the kernel of an open page was culled"
            page.close()
            deadline = time.time() + 120
            while kernel_alive(kernel) and time.time() < deadline:
                time.sleep(0.5)
            assert not kernel_alive(kernel), "the kernel of a closed page was not culled"
        finally:
            if not page.is_closed():
                page.close()


def test_a_kernel_that_waited_in_the_pool_past_the_idle_timeout_serves_its_page(browser, monkeypatch):
    """With Jupyter's culler alone, a pre-heated kernel idle for longer than the timeout is culled
    between its page being served and the page connecting; the classroom manager starts its clock then."""
    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "serve"))
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(ROOT / "serve"))
    idle, interval = 6, 1
    pools = '{"default": {"pool_size": 0}, "x.ipynb": {"pool_size": 1}}'
    with voila(f"--MappingKernelManager.cull_idle_timeout={idle}",
               f"--MappingKernelManager.cull_interval={interval}",
               f"--VoilaKernelManager.kernel_pools_config={pools}") as url:
        deadline = time.time() + 120
        while not kernels_running() and time.time() < deadline:  # the pool's kernel has started
            time.sleep(0.5)
        time.sleep(2 * idle + 20)  # it runs the notebook, then waits in the pool past the idle timeout
        page = browser.new_page()
        try:
            page.goto(url + "/voila/render/x.ipynb", timeout=120_000)
            page.locator(".xlib-board").first.wait_for(timeout=120_000)
            kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            time.sleep(3 * interval)
            assert kernel_alive(kernel), "the pre-heated kernel was culled as its page connected"
            assert page.locator(".xlib-board .xlib-status").first.inner_text().strip()
        finally:
            page.close()
