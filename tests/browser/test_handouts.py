"""The printable rules in a real Chromium: a button in the gallery and at the end of a game app makes the sheet in
the kernel, and its link downloads the same sheet the library builds."""
import pytest

from xlib.handouts import handout

from .harness import no_errors, open_app


def download_sheet(page, box, button: str, game: str, artifacts) -> str:
    box.get_by_role("button", name=button).click()
    link = box.locator("a.xlib-handout-link")
    link.wait_for(timeout=60_000)
    assert link.get_attribute("download") == f"{game}-rules.html"
    with page.expect_download(timeout=60_000) as got:
        link.click()
    path = artifacts / f"downloaded-{game}-rules.html"
    got.value.save_as(path)
    return path.read_text(encoding="utf-8")


def test_the_gallery_offers_every_games_rules_to_print_and_builds_one_on_demand(page, server, artifacts):
    open_app(page, server, "index.ipynb")
    row = page.locator(".xlib-handouts")
    row.wait_for(timeout=60_000)
    assert row.locator("a").count() == 0          # nothing is built before a button is pressed
    names = [b.inner_text().strip() for b in row.get_by_role("button").all()]
    assert names == ["XAllies", "Alea Evangelion", "XATS", "Xero-G", "X"]
    sheet = download_sheet(page, row, "Xero-G", "xerog", artifacts)
    assert sheet == handout("xerog")
    row.screenshot(path=str(artifacts / "gallery-handouts.png"))
    no_errors(page)


@pytest.mark.parametrize("game", ["x"])
def test_a_game_app_ends_with_its_rules_to_print(page, server, artifacts, game):
    open_app(page, server, f"{game}.ipynb")
    box = page.locator(".xlib-handout").last
    box.scroll_into_view_if_needed(timeout=60_000)
    sheet = download_sheet(page, box, "Print the rules (A4)", game, artifacts)
    assert sheet == handout(game)
    box.screenshot(path=str(artifacts / f"{game}-handout-link.png"))
    no_errors(page)


def pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF Chromium printed (its page objects)."""
    import re

    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


@pytest.mark.parametrize("game,most", [("xats", 12), ("x", 7), ("alea", 12), ("xerog", 8), ("xallies", 8)])
def test_a_printed_sheet_fills_its_a4_pages(page, artifacts, game, most):
    page.set_content(handout(game))
    data = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    (artifacts / f"{game}-rules.pdf").write_bytes(data)
    pages = pdf_pages(data)
    assert 4 <= pages <= most, pages
