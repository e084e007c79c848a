"""The printable rules in a real Chromium: a button in the gallery and at the end of a game app makes the sheet in
the kernel, and its link downloads the same sheet the library builds; printed, no type is under seven points."""
import io
import math
import re

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


#: the tokens of a PDF content stream: a number, a name, a string (hex or literal), an operator, an array's bracket
TOKEN = re.compile(rb"(-?\d*\.?\d+)|/[^\s/\[\]<>()]+|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|([A-Za-z'\"*]+)|[\[\]]")


def type_sizes(data: bytes) -> tuple[int, list[tuple[float, int]]]:
    """The pages of a PDF Chromium printed, and every piece of type shown on them with its page: its printed size
    in points is the font size (Tf) times the smaller of the horizontal and vertical scale of the text matrix (Tm)
    and the transforms around it (cm, kept by q and Q), so that narrowed type counts as small type."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    found: list[tuple[float, int]] = []
    for number, sheet in enumerate(reader.pages, start=1):
        ctm, saved, numbers, tm, size = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], (1.0, 0.0, 0.0, 1.0), 0.0
        for token in TOKEN.finditer(sheet.get_contents().get_data()):
            value, op = token.groups()
            if value is not None:
                numbers.append(float(value))
                continue
            if op == b"q":
                saved.append(ctm)
            elif op == b"Q":
                ctm = saved.pop()
            elif op == b"cm":
                a, b, c, d, e, f = numbers[-6:]
                A, B, C, D, E, F = ctm
                ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
            elif op == b"Tf":
                size = numbers[-1]
            elif op == b"Tm":
                tm = (numbers[-6], numbers[-5], numbers[-4], numbers[-3])
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                (a, b, c, d), (A, B, C, D) = tm, ctm[:4]
                found.append((size * min(math.hypot(a * A + b * C, a * B + b * D),
                                         math.hypot(c * A + d * C, c * B + d * D)), number))
            if op is not None:
                numbers = []
    return len(reader.pages), found


#: the most pages each game's sheet prints on
PAGES = {"xallies": 8, "alea": 12, "xats": 12, "xerog": 8, "x": 7}


@pytest.mark.parametrize("game", list(PAGES))
def test_a_sheet_printed_as_a_teacher_prints_it_has_no_type_under_seven_points(page, artifacts, game):
    """Printed to A4 with the browser's own settings (no scale, its default margins), the sheet is laid out at the
    page's printable width, so nothing is shrunk to fit: its smallest type, in the pictures too, is 7 pt."""
    page.set_content(handout(game))
    data = page.pdf(format="A4")
    (artifacts / f"{game}-rules.pdf").write_bytes(data)
    pages, sizes = type_sizes(data)
    assert 4 <= pages <= PAGES[game], pages
    assert len(sizes) > 1000
    smallest = min(sizes)
    assert smallest[0] >= 7 - 0.01, f"type of {smallest[0]:.2f} pt on page {smallest[1]}"
