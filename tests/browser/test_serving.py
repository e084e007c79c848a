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


#: kernels of other servers this test run started (the session's Voila), left out of what a test counts
OTHERS: set[str] = set()


def kernel_processes() -> dict[str, "object"]:
    """The running kernels of this test's Voila by kernel id (not their forked workers); kernels that ran before
    the test (another server's) are not its own."""
    import psutil

    found = {}
    for p in psutil.Process().children(recursive=True):
        try:
            cmd = p.cmdline()
            kernel = cmd[-1].rsplit("kernel-", 1)[-1].removesuffix(".json")
            if "ipykernel_launcher" in cmd and p.parent().cmdline() != cmd and kernel not in OTHERS:
                found[kernel] = p
        except psutil.Error:
            pass
    return found


def wait_for_kernels(n: int, timeout: float = 120) -> dict[str, "object"]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        running = kernel_processes()
        if len(running) >= n:
            return running
        time.sleep(0.2)
    raise AssertionError(f"{n} kernel(s) did not start within {timeout:.0f} s")


def serve_like_make_app(monkeypatch) -> None:
    OTHERS.clear()
    OTHERS.update(kernel_processes())   # the kernels running before this test's server starts
    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "serve"))
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(ROOT / "serve"))


def test_a_pooled_kernel_that_died_is_never_handed_to_a_page(browser, monkeypatch):
    """The pre-heated kernel of x.ipynb is killed as it starts (as when its port was taken): the page that
    opens right after gets another, live kernel and its board, with no message of trouble."""
    serve_like_make_app(monkeypatch)
    pools = '{"default": {"pool_size": 0}, "x.ipynb": {"pool_size": 1}}'
    with voila(f"--VoilaKernelManager.kernel_pools_config={pools}") as url:
        (dead, process), = wait_for_kernels(1).items()
        process.kill()
        page = browser.new_page()
        try:
            page.goto(url + "/voila/render/x.ipynb", timeout=180_000)
            page.locator(".xlib-board .xlib-status").first.wait_for(timeout=120_000)
            kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            assert kernel != dead and kernel_alive(kernel)
            assert page.locator(".xlib-page-trouble").count() == 0
            assert page.locator(".xlib-board .xlib-status").first.inner_text().strip()
        finally:
            page.close()


def test_a_page_whose_kernel_dies_as_it_opens_says_so_and_reloads(browser, monkeypatch):
    """The lab's pre-heated kernel is taken by a page while it still runs the notebook, then killed: the page
    says it could not start (not only that it waits), with a Reload button, and the reload opens the lab."""
    serve_like_make_app(monkeypatch)
    pools = '{"default": {"pool_size": 0}, "xallies-lab.ipynb": {"pool_size": 1}}'
    with voila(f"--VoilaKernelManager.kernel_pools_config={pools}") as url:
        wait_for_kernels(1)
        page = browser.new_page()
        try:
            page.goto(url + "/voila/render/xallies-lab.ipynb", wait_until="commit", timeout=60_000)
            page.locator("#jupyter-config-data").wait_for(state="attached", timeout=120_000)   # the page has it
            kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            assert page.locator("#loading").is_visible()   # still "Running…"
            kernel_processes()[kernel].kill()
            trouble = page.locator(".xlib-page-trouble")
            page.wait_for_function("() => /could not start|has waited/.test((document.querySelector("
                                   "'.xlib-page-trouble') || {}).innerText || '')", timeout=120_000)
            words = trouble.inner_text()
            if "could not start" not in words:   # the server restarted the killed kernel (its restarter was first,
                # as on a busy computer): the page cannot know it died, so it says it waits, and offers Reload
                status = page.evaluate("(k) => fetch('/api/kernels/' + k).then((r) => r.status)", kernel)
                assert status == 200 and "has waited" in words, (status, words)
            assert "Reload the page" in words and not re.search(r"Traceback|Error|kernel", words)
            time.sleep(3)   # the rest of the half-made page, if it comes, is not shown to the reader
            assert not re.search(r"exception|show_tracebacks|Voil", page.inner_text("body")), page.inner_text("body")
            trouble.get_by_role("button", name="Reload the page").click()
            page.locator(".xlib-class-panel").wait_for(timeout=300_000)
            page.locator(".xlib-page-trouble").wait_for(state="detached", timeout=10_000)   # a wait said, if any, goes
        finally:
            page.close()


def test_a_page_that_waits_long_for_its_kernel_says_so(browser, monkeypatch):
    """No kernel is pre-heated, and the one started for the page is killed as it starts: the page does not
    sit on "Running…" in silence but says it is waiting, with a Reload button that opens the app."""
    serve_like_make_app(monkeypatch)
    with voila('--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 0}}') as url:
        page = browser.new_page()
        try:
            page.goto(url + "/voila/render/x.ipynb", wait_until="commit", timeout=60_000)
            (_, process), = wait_for_kernels(1).items()
            process.kill()
            trouble = page.locator(".xlib-page-trouble")
            trouble.wait_for(state="visible", timeout=120_000)
            assert "reload" in trouble.inner_text().lower()
            assert not re.search(r"Traceback|Error|kernel", trouble.inner_text())
            trouble.get_by_role("button", name="Reload the page").click()
            page.locator(".xlib-board .xlib-status").first.wait_for(timeout=180_000)
            page.locator(".xlib-page-trouble").wait_for(state="detached", timeout=10_000)
        finally:
            page.close()


def test_a_closed_page_stops_its_kernel_at_once_without_a_refused_request(browser, monkeypatch, tmp_path):
    """Voila's page asks the server to stop its kernel when it closes; a page opened directly (a bookmark, no
    gallery first) carries the server's _xsrf cookie too, so the server does it (no 403 in its log)."""
    serve_like_make_app(monkeypatch)
    log = tmp_path / "voila.log"
    pools = '{"default": {"pool_size": 0}, "x.ipynb": {"pool_size": 1}}'
    with voila(f"--VoilaKernelManager.kernel_pools_config={pools}", log_to=log) as url:
        context = browser.new_context()   # no cookies from an earlier page
        page = context.new_page()
        try:
            page.goto(url + "/voila/render/x.ipynb", timeout=180_000)
            page.locator(".xlib-board .xlib-status").first.wait_for(timeout=120_000)
            kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            deadline = time.time() + 30
            while not any(c["name"] == "_xsrf" for c in context.cookies()) and time.time() < deadline:
                time.sleep(0.2)
            page.goto("about:blank")   # the student leaves the page
            deadline = time.time() + 60   # far less than the 300 s after which the culler would stop it
            while kernel_alive(kernel) and time.time() < deadline:
                time.sleep(0.5)
            assert not kernel_alive(kernel), "the closed page's kernel was not stopped"
        finally:
            context.close()
    text = log.read_text()
    assert "/voila/api/shutdown/" in text or "Kernel shutdown" in text
    assert "_xsrf" not in text and " 403 " not in text, text[-3000:]


def test_a_page_whose_kernel_dies_in_use_says_what_the_server_knows_with_reload(browser, monkeypatch, artifacts):
    """Served as `make app` serves, a page's kernel killed while it is in use: its banner says that the server still
    answers and the game's app no longer does (or stopped), with a Reload button; when the server stops too, the
    banner says the server does not answer. Neither says the computer went to sleep."""
    serve_like_make_app(monkeypatch)
    pools = '{"default": {"pool_size": 0}, "x.ipynb": {"pool_size": 1}}'
    page = browser.new_page()
    try:
        with voila(f"--VoilaKernelManager.kernel_pools_config={pools}") as url:
            page.goto(url + "/voila/render/x.ipynb", timeout=180_000)
            board = page.locator(".xlib-board .xlib-canvas").first
            board.wait_for(timeout=120_000)
            kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            kernel_processes()[kernel].kill()
            time.sleep(1)
            board.click(position={"x": 40, "y": 40})
            banner = page.locator(".xlib-lost")
            page.wait_for_function("() => /still answers/.test((document.querySelector('.xlib-lost') || "
                                   "{}).innerText || '')", timeout=30_000)
            assert re.search("app (no longer answers|stopped)", banner.inner_text()), banner.inner_text()
            assert "sleep" not in banner.inner_text()
            assert banner.get_by_role("button", name="Reload the page").is_visible()
            page.screenshot(path=str(artifacts / "kernel-stopped-in-use.png"))
        page.wait_for_function("() => /does not answer/.test(document.querySelector('.xlib-lost').innerText)",
                               timeout=30_000)
        assert "kept on this device" in banner.inner_text()
        page.screenshot(path=str(artifacts / "server-stopped-in-use.png"))
    finally:
        page.close()
