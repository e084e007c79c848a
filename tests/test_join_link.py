"""Joining a class by scanning: the teacher's panel shows the QR code of a link that opens the game's app with the
class code filled in; the page opened by it has the code typed and its class box at the top, so the student types
only a name; once seated, the table stands at the top of the page, and a reloaded page opens on it."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
import segno

from xlib.board import Board
from xlib.classroom import open_store
from xlib.panels.classroom import ADDRESS_VARIABLE, ClassJoin, ClassPanel
from xlib.panels.joinlink import join_link, qr_svg, query_code

ADDRESS = "http://192.0.2.7:8866"


def svg_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG of segno draws, read back from its path (absolute M, relative m, h runs), as (row,
    column) without the quiet zone of 4 modules."""
    path = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', svg)   # the dark modules (not the white ground)
    assert path, svg[:200]
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for op, a, b in re.findall(r"([MmHhVv])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", path.group(1)):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        elif op == "h":
            run = float(a)
            for k in range(int(round(abs(run)))):
                dark.add((int(y - 0.5) - 4, int(x + (k if run > 0 else -k - 1)) - 4))
            x += run
        else:
            raise AssertionError(f"unexpected path command {op}")
    return dark


def matrix_modules(link: str) -> set[tuple[int, int]]:
    """The dark modules of the QR code segno makes for `link` (error correction M, as the panel draws it)."""
    qr = segno.make(link, error="m", micro=False)
    return {(r, c) for r, row in enumerate(qr.matrix) for c, v in enumerate(row) if v}


def test_the_link_carries_the_app_and_the_class_code():
    link = join_link(ADDRESS + "/", "xats", " ujy-9 ")
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}" == ADDRESS
    assert parts.path == "/voila/render/xats.ipynb"
    assert parse_qs(parts.query) == {"class": ["UJY9"]}
    assert query_code(parts.query) == query_code("?" + parts.query) == "UJY9"


@pytest.mark.parametrize("query", [None, "", "?", "?class=", "?game=x", "?class=70OK", "?class=UJY9X",
                                   "?class=%3Cb%3E", "class"])
def test_a_link_without_a_class_code_carries_none(query):
    assert query_code(query) is None


def test_the_qr_code_is_the_code_of_exactly_the_link():
    link = join_link(ADDRESS, "xallies", "UJY9")
    svg = qr_svg(link)
    assert svg_modules(svg) == matrix_modules(link)
    assert svg_modules(svg) != matrix_modules(link.replace("UJY9", "UJY7"))   # the reading tells links apart
    assert f"<title>QR code of the link {link}</title>" in svg and "width=" not in svg.split(">")[0]


def test_the_panel_shows_the_qr_code_of_the_app_the_tables_are_seated_at(monkeypatch, tmp_path):
    monkeypatch.setenv(ADDRESS_VARIABLE, ADDRESS)
    panel = ClassPanel(store=open_store(tmp_path / "class.db"), background=False)
    code = panel.start()
    shown = panel.code_view.value
    link = f"{ADDRESS}/voila/render/xallies.ipynb?class={code}"
    assert svg_modules(shown) == matrix_modules(link)
    assert f"<div class='xlib-class-link'>{link.replace('&', '&amp;')}</div>" in shown   # typeable, and read
    assert "role='img' aria-label='Scan with a phone" in shown and "type only your name" in shown
    assert shown.index("xlib-class-code'") < shown.index("xlib-class-qr'")   # beside the code and the address
    panel.rounds.game.value = "xats"
    assert svg_modules(panel.code_view.value) == matrix_modules(link.replace("xallies", "xats"))
    monkeypatch.setenv(ADDRESS_VARIABLE, "http://127.0.0.1:8866")   # no address other devices open: no QR code
    panel.start()
    assert "<svg" not in panel.code_view.value and "xlib-class-qr" not in panel.code_view.value.replace(
        ".xlib-class-qr", "")


def device(path) -> ClassJoin:
    return ClassJoin(Board("xallies", animate=0, background=False, keep=None), store=open_store(path),
                     background=False)


def test_a_page_opened_by_the_link_has_the_code_filled_in_and_its_class_box_on_top(tmp_path):
    path = tmp_path / "classes.sqlite3"
    code = open_store(path).create_class().code
    join = device(path)
    join.slot.query = f"?class={code.lower()}"   # what the page's browser reports of its link
    assert join.code_box.value == code and not join.code_box.disabled
    assert join.slot.up and not join.slot.board and join.slot.show == "link"
    assert f"Class <b>{code}</b> is filled in from your link" in join.status.value
    assert join.join(join.code_box.value, "Ana")   # the student typed only the name
    assert join.code == code and join.slot.up and not join.slot.board


def test_a_page_served_with_the_query_in_its_kernel_has_the_code_filled_in(tmp_path, monkeypatch):
    path = tmp_path / "classes.sqlite3"
    code = open_store(path).create_class().code
    monkeypatch.setenv("QUERY_STRING", f"class={code}")
    join = device(path)
    assert join.code_box.value == code and join.slot.up


@pytest.mark.parametrize("query", ["", "?class=", "?class=70OK", "?theme=dark"])
def test_a_page_without_a_class_code_in_its_link_opens_as_before(tmp_path, query):
    join = device(tmp_path / "classes.sqlite3")
    before = join.status.value
    join.slot.query = query
    assert join.code_box.value == "" and join.status.value == before
    assert not join.slot.up and not join.slot.board and join.slot.show == ""


def test_a_seated_student_has_the_table_on_top_and_a_reload_opens_on_it(tmp_path):
    path = tmp_path / "classes.sqlite3"
    teacher = open_store(path)
    code = teacher.create_class().code
    devices = [device(path) for _ in range(3)]
    for d, name in zip(devices, ("Ana", "Ben", "Chen")):
        assert d.join(code, name)
        assert not d.slot.up   # joined from the box under the lesson: it stays where it was typed
    teacher.seat_round(code, "xallies", 3, order="joined", seed=2, options={"rounds": 3})
    for d in devices:
        d.seat.follow()
        assert d.slot.up and d.slot.board and d.slot.show == "seated"
        assert d.slot.board_class in d.board.widget._dom_classes   # the element the page moves to the top
    kept = devices[1].keeper.keep
    # the page is reloaded: a new kernel, its board and class box; the browser gives back what it kept
    again = device(path)
    assert not again.slot.up
    again.keeper.saved, again.keeper.loaded = kept, True
    assert "Welcome back, <b>Ben</b>" in again.status.value
    assert again.slot.up and again.slot.board and again.slot.show == "welcome"
    again.leave()   # the board shows the student's own game again, under the lesson
    assert not again.slot.board and again.slot.up
    teacher.close()


def test_a_link_to_another_class_wins_over_the_class_kept_from_before(tmp_path):
    path = tmp_path / "classes.sqlite3"
    teacher = open_store(path)
    old, new = teacher.create_class().code, teacher.create_class().code
    first = device(path)
    assert first.join(old, "Ana")
    again = device(path)
    again.slot.query = f"?class={new}"
    again.keeper.saved, again.keeper.loaded = first.keeper.keep, True
    assert again.code is None and again.code_box.value == new
    teacher.close()


def test_the_gallery_fits_a_phone_and_its_lab_cards_say_where_they_are_made_for():
    from xlib.panels.gallery import CARDS, LAB_ON_PHONE, PHONE_STYLE, card_html, gallery_html

    for site in (False, True):
        page = gallery_html(site=site)
        assert page.startswith(PHONE_STYLE) and "@media (max-width:700px)" in PHONE_STYLE
        for card in CARDS:
            assert (LAB_ON_PHONE in card_html(card, site)) == card.lab, card.title
    assert "width:auto !important" in PHONE_STYLE and "min-height:44px" in PHONE_STYLE


def test_the_labs_phone_note_is_on_the_pages_of_the_gallerys_labs():
    """The served pages' template says on a phone that a lab is a laptop and projector page: its list of labs is
    the gallery's."""
    from pathlib import Path

    from xlib.panels.gallery import CARDS

    template = (Path(__file__).resolve().parents[1] / "serve" / "voila" / "templates" / "gallery" /
                "index.html.j2").read_text()
    listed = re.search(r"resources\.metadata\.name in \[([^\]]*)\]", template)
    assert listed and set(re.findall(r'"([^"]+)"', listed.group(1))) == {
        c.notebook.removesuffix(".ipynb") for c in CARDS if c.lab}
    assert ".xlib-lab-phone-note { display: none; }" in template and "@media (max-width: 700px)" in template
