"""The printable rule sheets: made for every game from its lesson alone, every picture valid SVG drawn by the game's
own view, answers after the exercises, the canvas recorder that refuses what it cannot draw, and the button that
builds a sheet only when pressed."""
import ast
import base64
import html
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib import registry  # noqa: E402
from xlib.board import palette, view_for  # noqa: E402
from xlib.board.result import result_title  # noqa: E402
from xlib.handouts import Recorder, UnknownCanvasCall, handout, picture, to_svg  # noqa: E402
from xlib.board.calls import CALLS, SETTINGS  # noqa: E402
from xlib.handouts.sheet import ALONE_BOX, EXERCISE_BOX, ROOM, RULE_BOX, WIDTH, credits, fit, per_row  # noqa: E402
from xlib.panels.handout import HandoutLink, HandoutLinks  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
SHAPES = {f"{SVG}{t}" for t in ("path", "circle", "rect", "text")}
SHEETS = {name: handout(name) for name in xlib.game_names()}


def plain(sheet: str) -> str:
    """The sheet with its scores' no-break spans taken away (the lesson's words as they are)."""
    return re.sub(r'<span class="nobr">([^<]*)</span>', r"\1", sheet)


def pictures(sheet: str) -> list[str]:
    return re.findall(r"<svg\b.*?</svg>", sheet, flags=re.S)


def shapes(svg: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter() if e.tag in SHAPES]


def mm(length: str) -> float:
    assert length.endswith("mm"), length
    return float(length[:-2])


@pytest.mark.parametrize("name", xlib.game_names())
def test_every_sheet_holds_every_rule_decision_exercise_and_credit_of_its_lesson(name):
    sheet, lesson = plain(SHEETS[name]), registry.lesson(name)
    assert f"<h1>{html.escape(xlib.game(name).title)}</h1>" in sheet
    for scene in lesson.SCENES:
        assert html.escape(scene.title) in sheet, scene.title
        for sentence in scene.sentences:
            assert html.escape(sentence) in sheet, sentence
        for ex in scene.exercises:
            assert html.escape(ex.task) in sheet, ex.task
            assert html.escape(ex.why) in sheet, ex.why
    for decision in lesson.DECISIONS:
        assert html.escape(decision) in sheet, decision
    for line in credits(lesson):
        assert f'<p class="credit">{html.escape(line)}</p>' in sheet
    assert ("Steere" in sheet) == (name == "x") and ("Kat Costa" in sheet) == (name == "xerog")


@pytest.mark.parametrize("name", xlib.game_names())
def test_every_picture_is_valid_svg_with_shapes_sized_to_fit_its_place(name):
    sheet, lesson = SHEETS[name], registry.lesson(name)
    found = pictures(sheet)
    expected = sum(2 if s.moves else 1 for s in lesson.SCENES) + sum(len(s.exercises) for s in lesson.SCENES)
    assert len(found) == expected
    largest = max(RULE_BOX + ALONE_BOX + EXERCISE_BOX)
    for svg in found:
        root = ET.fromstring(svg)   # well-formed XML, or this raises
        assert root.tag == f"{SVG}svg" and root.get("viewBox")
        drawn = shapes(svg)
        assert len(drawn) >= 20 and {e.tag for e in drawn} >= {f"{SVG}text", f"{SVG}rect"}
        assert 20 < mm(root.get("width")) <= largest and 20 < mm(root.get("height")) <= largest


@pytest.mark.parametrize("name", xlib.game_names())
def test_the_answers_come_after_every_exercise_on_pages_of_their_own(name):
    sheet, lesson = plain(SHEETS[name]), registry.lesson(name)
    answers = sheet.index('<section class="new-page"><h1 class="part">Answers</h1>')
    exercises = sheet.index('<section class="exercises"><h1 class="part">Exercises</h1>')
    assert sheet.index("Our decisions") < exercises < answers
    tasks = [sheet.index(html.escape(ex.task)) for s in lesson.SCENES for ex in s.exercises]
    whys = [sheet.index(html.escape(ex.why)) for s in lesson.SCENES for ex in s.exercises]
    assert max(tasks) < answers < min(whys) and whys == sorted(whys)
    assert len(pictures(sheet[answers:])) == 0          # the answers page gives no position away twice
    choice = [ex for s in lesson.SCENES for ex in s.exercises if ex.answer is not None]
    for ex in choice:
        letter = chr(97 + ex.choices.index(ex.answer))
        assert f"<b>Answer:</b> ({letter}) <code>{html.escape(ex.answer)}</code>" in sheet[answers:]


def test_a_sheet_is_self_contained_and_set_for_a4_pages():
    for sheet in SHEETS.values():
        assert "@page { size: A4" in sheet and "break-inside: avoid" in sheet
        assert not re.search(r"<(script|link|img|iframe)\b", sheet) and not re.search(r'\b(src|href)="', sheet)


def printed_size(sheet: str, label: str) -> tuple[str, str]:
    """The printed width and height of the sheet's first picture named `label`."""
    svg = next(svg for svg in pictures(sheet) if f"<title>{html.escape(label)}" in svg)
    root = ET.fromstring(svg)
    return root.get("width"), root.get("height")


def test_a_rule_shows_its_start_and_its_last_move_with_the_sentences_marks():
    for name in xlib.game_names():
        scene = registry.lesson(name).SCENES[0]
        states, last = scene.states(), len(scene.moves)
        size = printed_size(SHEETS[name], "At the start")   # its box, or larger where its labels need the room
        least = fit(view_for(states[0]), RULE_BOX)
        assert mm(least[0]) <= mm(size[0]) <= mm(least[0]) * ROOM[-1] + 0.1
        assert picture(states[0], scene.marks_at(0), size, "At the start", compact=True) in SHEETS[name]
        label = f"After move {last} ({scene.moves[-1]})"
        if states[-1].over:
            label += f": {result_title(view_for(states[-1]), states[-1])}"
        assert picture(states[-1], scene.marks_at(last), size, label, compact=True) in SHEETS[name]
    marked = next(s for s in registry.lesson("alea").SCENES if any(s.marks_at(k) for k in (0, len(s.moves))))
    step = 0 if marked.marks_at(0) else len(marked.moves)
    with_marks = picture(marked.states()[step], marked.marks_at(step))
    without = picture(marked.states()[step])
    assert palette.MARK in with_marks and palette.MARK not in without


def test_a_picture_changes_when_the_position_changes():
    for name in xlib.game_names():
        scene = registry.lesson(name).SCENES[0]
        before, after = scene.states()[0], scene.states()[1]
        a, b = picture(before), picture(after)
        assert a != b and shapes(a) and shapes(b), name
        assert picture(before) == a   # and only then: the same position draws the same picture


def test_the_recorder_refuses_a_canvas_call_or_setting_it_cannot_draw():
    canvas = Recorder()
    with pytest.raises(UnknownCanvasCall, match="'fill_ellipse'.*xlib/board/calls.py"):
        canvas.fill_ellipse(1, 2, 3, 4)
    with pytest.raises(UnknownCanvasCall, match="'shadow_blur'"):
        canvas.shadow_blur = 4
    with pytest.raises(AttributeError):   # still an AttributeError: hasattr and getattr with a default work
        getattr(canvas, "draw_image")
    assert not hasattr(canvas, "put_image_data") and canvas.ops == []
    with pytest.raises(UnknownCanvasCall, match="'draw_image'"):
        to_svg([("fill_style", "#000000"), ("draw_image", ("x.png", 0, 0))], 10, 10)
    with pytest.raises(TypeError, match="fill_circle"):
        canvas.fill_circle(1, 2)
    with pytest.raises(TypeError, match="fill_text"):
        canvas.fill_text("a", 1, 2, 3, 4)


def test_every_canvas_call_the_views_make_is_one_the_recorder_knows():
    """Read from the source, so that a call only some rare position makes is caught too."""
    wiring = {"canvas.py", "webcanvas.py"}   # the board's canvases themselves: events and frames, never drawing
    sources = [*(ROOT / "xlib" / "views").rglob("*.py"),
               *(p for p in (ROOT / "xlib" / "board").glob("*.py") if p.name not in wiring),
               ROOT / "xlib" / "panels" / "politics.py"]
    used = set()
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "canvas":
                used.add(node.attr)
    assert used and used <= set(CALLS) | set(SETTINGS), used - set(CALLS) - set(SETTINGS)
    assert {"arc", "rotate", "translate", "save", "restore", "set_line_dash", "fill_polygon", "global_alpha"} <= used


def svg_of(draw) -> ET.Element:
    canvas = Recorder()
    draw(canvas)
    return ET.fromstring(to_svg(canvas.ops, 100, 80, size=("50mm", "40mm")))


def test_the_svg_follows_the_canvas_settings_transforms_and_paths():
    def draw(c):
        c.fill_style = "#123456"
        c.fill_rect(1, 2, 30)                     # height defaults to the width, as in ipycanvas
        c.save()
        c.global_alpha = 0.5
        c.translate(10, 20)
        c.rotate(3.141592653589793 / 2)
        c.font = "bold 13px sans-serif"
        c.text_align = "center"
        c.text_baseline = "middle"
        c.fill_text("A&B", 0, 0)
        c.restore()
        c.fill_text("plain", 5, 6)
        c.set_line_dash([4, 2])
        c.line_width = 3
        c.stroke_style = "#AA0000"
        c.begin_path()
        c.move_to(0, 0)
        c.line_to(10, 0)
        c.arc(10, 10, 10, -3.141592653589793 / 2, 0)   # a quarter circle on from (10, 0) to (20, 10)
        c.close_path()
        c.stroke()
        c.set_line_dash([])
        c.fill_style = "#00FF00"
        c.fill_circle(50, 40, 5)
        c.stroke_circle(50, 40, 5)                 # the outline of the circle just filled joins its element

    root = svg_of(draw)
    assert root.get("width") == "50mm" and root.get("viewBox") == "0 0 100 80"
    rect, turned, plain, path, circle = [e for e in root if e.tag != f"{SVG}title"]
    assert (rect.get("height"), rect.get("fill")) == ("30", "#123456")
    assert turned.text == "A&B" and turned.get("transform") == "matrix(0 1 -1 0 10 20)"
    assert (turned.get("opacity"), turned.get("font-weight"), turned.get("font-size")) == ("0.5", "bold", "13")
    assert (turned.get("text-anchor"), turned.get("dominant-baseline")) == ("middle", "central")
    assert plain.get("transform") is None and plain.get("opacity") is None and plain.get("fill") == "#123456"
    assert plain.get("text-anchor") is None and plain.get("font-weight") is None   # restored to the defaults
    d = path.get("d")
    assert d.startswith("M0 0L10 0") and d.endswith("L20 10Z") and path.get("stroke-dasharray") == "4 2"
    assert (path.get("fill"), path.get("stroke"), path.get("stroke-width")) == ("none", "#AA0000", "3")
    assert (circle.get("fill"), circle.get("stroke"), circle.get("stroke-dasharray")) == ("#00FF00", "#AA0000", None)


def test_clear_starts_the_picture_again():
    root = svg_of(lambda c: (c.fill_rect(0, 0, 5, 5), c.clear(), c.stroke_line(0, 0, 9, 9)))
    assert [e.tag for e in root] == [f"{SVG}path"]


def test_the_button_builds_the_sheet_only_when_pressed_and_offers_it_as_a_download():
    link = HandoutLink("x")
    assert link.link.value == "" and link.button.description == "Print the rules (A4)"
    link.button.click()
    value = link.link.value
    assert 'download="x-rules.html"' in value and not link.button.disabled
    encoded = re.search(r'href="data:text/html;base64,([^"]+)"', value).group(1)
    assert base64.b64decode(encoded).decode("utf-8") == SHEETS["x"]


def test_a_sheet_that_cannot_be_made_is_said_in_words():
    def broken(game):
        raise ValueError("no pictures today")

    link = HandoutLink("alea", build=broken)
    link.build()
    assert "could not be made" in link.link.value and "ValueError" not in link.link.value
    assert not link.button.disabled


def test_the_gallery_row_imports_no_drawing_until_a_button_is_pressed():
    code = ("import sys; from xlib.panels.handout import HandoutLinks; row = HandoutLinks(); "
            "print(len(row.links), sorted(m for m in sys.modules if m.startswith(('xlib.handouts', 'xlib.views', "
            "'xlib.lessons', 'ipycanvas'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split(maxsplit=1) == [str(len(xlib.game_names())), "[]\n"]
    row = HandoutLinks(["xats", "x"])
    assert [column.children[0].description for column in row.widget.children] == ["XATS", "X"]
    row.links[1].button.click()   # the link appears under its own button, not below the whole row
    assert row.widget.children[1].children[1] is row.links[1].link and "Save the X rules sheet" in row.links[1].link.value


@pytest.mark.parametrize("name", xlib.game_names())
def test_text_in_every_picture_prints_at_least_seven_points(name):
    from xlib.handouts.svg import MIN_PRINT_PT

    assert MIN_PRINT_PT >= 7
    for svg in pictures(SHEETS[name]):
        root = ET.fromstring(svg)
        units_per_mm = float(root.get("viewBox").split()[2]) / mm(root.get("width"))
        texts = [e for e in root.iter(f"{SVG}text")]
        assert texts
        for e in texts:
            size_pt = float(e.get("font-size", "12")) / units_per_mm * 72 / 25.4
            assert size_pt >= 7 - 1e-6, (name, e.text, size_pt)


def text_box(e: ET.Element) -> tuple[float, float, float, float]:
    """About where a picture's label lies (x0, y0, x1, y1 in view units), from its anchor, baseline and size, a
    little inside its glyphs' outline so that touching labels do not count as overlapping."""
    size = float(e.get("font-size", "12"))
    wide = float(e.get("textLength") or len(e.text or "") * size * (0.6 if e.get("font-weight") == "bold" else 0.53))
    x, y = float(e.get("x", "0")), float(e.get("y", "0"))
    x0 = {"middle": x - wide / 2, "end": x - wide}.get(e.get("text-anchor", ""), x)
    top = {"central": y - 0.36 * size, "text-before-edge": y + 0.1 * size, "hanging": y + 0.1 * size,
           "text-after-edge": y - 0.82 * size}.get(e.get("dominant-baseline", ""), y - 0.72 * size)
    return x0 + 0.05 * wide, top, x0 + 0.95 * wide, top + 0.72 * size


@pytest.mark.parametrize("name", xlib.game_names())
def test_no_two_labels_of_a_printed_picture_overlap(name):
    """Printed, a picture's labels are large (seven points at least) and its header, legend and status lines are
    left out, which its sentences say: so no two labels run into each other."""
    for svg in pictures(SHEETS[name]):
        texts = [e for e in ET.fromstring(svg).iter(f"{SVG}text") if "transform" not in e.attrib and e.text]
        boxes = [(e.text, text_box(e)) for e in texts]
        for k, (a, (ax0, ay0, ax1, ay1)) in enumerate(boxes):
            for b, (bx0, by0, bx1, by1) in boxes[k + 1:]:
                if abs(ax0 + ax1 - bx0 - bx1) < 2 and abs(ay0 - by0) < 2:
                    continue   # a tile held over another covers it, as on the board
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (name, a, b)


def test_a_finished_game_printed_says_its_result_in_the_caption_not_over_the_board():
    figures = re.findall(r"<figure>(<svg\b.*?</svg>)<figcaption>(.*?)</figcaption>", SHEETS["x"], flags=re.S)
    svg = next((svg for svg, caption in figures if caption.endswith(": <b>Red wins</b>")), None)
    assert svg, "a rule ending the game names its result under the picture"
    root = ET.fromstring(svg)
    assert "Red wins" not in " ".join(e.text or "" for e in root.iter(f"{SVG}text"))
    assert "Red wins" in root.find(f"{SVG}title").text


def test_an_enlarged_label_keeps_its_size_and_moves_inside_the_picture():
    """A label printed larger than drawn is never narrowed back (that would print it under seven points): at the
    picture's edge it moves in, a label too wide for a room the view gave it keeps its size."""
    root = ET.fromstring(to_svg([("font", "10px sans-serif"), ("text_align", "right"),
                                 ("fill_text", ("at the edge", 200, 20)),
                                 ("text_align", "left"), ("fill_text", ("left", 0, 50)),
                                 ("fill_text", ("in a small room", 60, 80, 30))], 200, 100,
                                size=("40mm", "20mm")))
    right, left, roomed = root.iter(f"{SVG}text")
    size = float(right.get("font-size"))
    assert size > 10 and all(e.get("textLength") is None and float(e.get("font-size")) == size
                             for e in (right, left, roomed))
    assert 2 <= float(left.get("x")) and float(right.get("x")) <= 198
    assert float(right.get("x")) - len(right.text) * size * 0.56 >= 2   # the whole label is inside


def test_a_turned_label_prints_at_least_seven_points_too():
    """A label drawn turned or scaled prints at its size times the transform's scale: it is enlarged by that."""
    root = ET.fromstring(to_svg([("font", "10px sans-serif"), ("translate", (50, 50)), ("rotate", (0.785398,)),
                                 ("scale", (0.5, None)), ("fill_text", ("turned", 0, 0))], 200, 100,
                                size=("40mm", "20mm")))
    [text] = root.iter(f"{SVG}text")
    a, b, c, d = (float(v) for v in re.findall(r"-?[\d.]+", text.get("transform"))[:4])
    units_per_mm = 200 / 40
    printed = float(text.get("font-size")) * (a * d - b * c) ** 0.5 / units_per_mm * 72 / 25.4
    assert 7 <= printed < 7.2, printed


@pytest.mark.parametrize("name", xlib.game_names())
def test_pictures_show_the_position_and_no_instructions(name):
    for svg in pictures(SHEETS[name]):
        words = " ".join(e.text or "" for e in ET.fromstring(svg).iter(f"{SVG}text"))
        assert not re.search(r"\b(click|tap)\b", words, flags=re.I), (name, words)


def test_a_score_is_never_broken_across_lines():
    sheet = SHEETS["x"]
    assert '<span class="nobr">2-1-1</span>' in sheet and ".nobr, code { white-space: nowrap; }" in sheet
    prose = re.sub(r"<svg\b.*?</svg>|<code>.*?</code>|<span class=\"nobr\">.*?</span>|<style>.*?</style>", "",
                   sheet, flags=re.S)
    assert not re.search(r"(?<![\w-])\d+(?:-\d+)+(?![\w-])", prose)


def test_the_exercises_stand_in_rows_of_as_many_as_fit_and_the_answers_in_two_columns():
    for name, sheet in SHEETS.items():
        count = sum(len(s.exercises) for s in registry.lesson(name).SCENES)
        exercises = sheet[sheet.index('<section class="exercises">'):sheet.index('<section class="new-page">')]
        widest = max(mm(ET.fromstring(svg).get("width")) for svg in pictures(exercises))
        across = per_row(widest)
        assert across >= 3 and across * widest <= WIDTH, (name, across, widest)
        rows = [row.count('<div class="exercise">') for row in exercises.split('<div class="row">')[1:]]
        assert sum(rows) == count and rows[:-1] == [across] * (len(rows) - 1) and 0 < rows[-1] <= across, name
        assert '<div class="answers">' in sheet and ".answers { columns: 2;" in sheet
        assert 'class="rule-name">(Rule 1: ' in sheet
