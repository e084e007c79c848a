"""`make app`'s settings in a real browser: the gallery opens first, a closed tab frees its kernel."""
import re
import time

from tests.test_project import ROOT, kernel_alive

from .harness import voila


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
