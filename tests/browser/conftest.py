"""Browser fixtures: a Voila server and a Chromium page. With CI=true they must run, never skip."""
import os

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS, ROOT, VIEWPORT, chromium_available, voila


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
    """Pages of a given size (width, height), on a touch screen if asked, each in a context of its own."""
    made = []

    def make(size, touch=False):
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch)
        made.append(ctx)
        pg = ctx.new_page()
        pg.errors = []
        pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
        return pg
    yield make
    for ctx in made:
        ctx.close()
