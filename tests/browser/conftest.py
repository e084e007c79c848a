"""Browser fixtures: a Voila server and a Chromium page. With CI=true they must run, never skip."""
import os
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS, ROOT, VIEWPORT, chromium_available, free_port, voila
from .sites import SITE, ServedLog, build_site


def _require_browser() -> None:
    if not chromium_available():
        message = f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + ": browser tests must run in CI")
        pytest.skip(message)


@pytest.fixture(scope="session")
def artifacts():
    path = ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture(scope="session")
def server(artifacts):
    _require_browser()
    with voila() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    yield pg
    context.close()


@pytest.fixture
def context_page(browser):
    """Pages of a given size (width, height), on a touch screen if asked (and laid out as a phone's with `mobile`),
    each in a context of its own."""
    made = []

    def make(size, touch=False, mobile=False):
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=mobile)
        made.append(ctx)
        pg = ctx.new_page()
        pg.errors = []
        pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
        return pg
    yield make
    for ctx in made:
        ctx.close()


@pytest.fixture(scope="session")
def site_server(artifacts):
    """The built site, served on a free loopback port by Python's http.server, as the site ships (plain files);
    built once per test run. Yields its address and the server's log of what it sent."""
    _require_browser()
    if shutil.which("npm") is None:   # the site's Pyodide comes from the npm registry
        message = "npm is not installed (apt-get install npm): the static site cannot be built"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + ": the site's tests must run in CI")
        pytest.skip(message)
    with open(artifacts / "site-build.log", "w") as log:
        build_site(log)
    port = free_port()
    log_path = artifacts / "site-server.log"
    server_log = open(log_path, "w")
    server = subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(SITE), str(port)],
                              stdout=subprocess.DEVNULL, stderr=server_log)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/index.html", timeout=2)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        yield url, ServedLog(log_path, SITE)
    finally:
        server.terminate()
        server.wait(timeout=10)
        server_log.close()


@pytest.fixture(scope="session")
def site(site_server):
    """The built site's address (see site_server)."""
    return site_server[0]
