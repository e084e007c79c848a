"""The board's two canvases draw alike: the same frame of every game's view, drawn through ipycanvas and through
our web canvas, is the same sequence of calls (ipycanvas's message decoded, the web canvas's as the page gets
it); clicks and taps reach the same point of the view on both, at every size; the backend is chosen as said."""
import fnmatch
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
ipycanvas = pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from ipycanvas.canvas import _CMD_LIST, Canvas  # noqa: E402
from xlib.board import Board  # noqa: E402
from xlib.board import canvas as canvases  # noqa: E402
from xlib import runtime  # noqa: E402
from xlib.board import calls  # noqa: E402
from xlib.board.calls import CALLS, SETTINGS, UnknownCanvasCall  # noqa: E402
from xlib.board.webcanvas import WebCanvas  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ATTR_NAMES = {index: name for name, index in Canvas.ATTRS.items()}
GAMES = {"x": {"size": 5}, "xats": {}, "xallies": {}, "xerog": {}, "alea": {"size": 6}}


def snake(name: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def plain(value: Any) -> Any:
    """Numbers as floats (ipycanvas sends points as integer or float arrays), lists all the way down."""
    if isinstance(value, bool) or isinstance(value, str) or value is None:
        return value
    if isinstance(value, (int, float)):
        return round(float(value), 9)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def decode_ipycanvas(commands: list[Any], buffers: list[Any]) -> list[list[Any]]:
    """ipycanvas's batched message as [name, arguments] and ["set", [setting, value]], as the web canvas sends."""
    out: list[list[Any]] = []
    used = 0
    for command in commands:
        name = _CMD_LIST[command[0]]
        args = list(command[1]) if len(command) > 1 else []
        count = command[2] if len(command) > 2 else 0
        own, used = buffers[used:used + count], used + count
        if name == "switchCanvas":
            continue
        if name == "set":
            out.append(["set", [ATTR_NAMES[args[0]], plain(args[1])]])
            continue
        args = [np.frombuffer(own[a["idx"]], dtype=a["dtype"]).reshape(a["shape"]).tolist()
                if isinstance(a, dict) and "idx" in a else a for a in args]
        out.append([snake(name), plain(args)])
    assert used == len(buffers)
    return out


class Sent:
    """What ipycanvas's canvas manager sends, message by message."""

    def __init__(self) -> None:
        self.messages: list[list[list[Any]]] = []

    def __call__(self, command: Any, buffers: Any = ()) -> None:
        batch = command if command and isinstance(command[0], list) else [command]
        self.messages.append(decode_ipycanvas(batch, list(buffers)))


@pytest.fixture
def sent(monkeypatch) -> Sent:
    record = Sent()
    monkeypatch.setattr(ipycanvas.canvas._CANVAS_MANAGER, "_send_custom", record)
    return record


def boards(monkeypatch, game: str, **options: Any) -> tuple[Board, Board]:
    """The same board on ipycanvas and on the web canvas."""
    made = []
    for backend in canvases.BACKENDS:
        monkeypatch.setenv(canvases.VARIABLE, backend)
        made.append(Board(game, seed=3, animate=0, controls=False, keep=None, **options))
    monkeypatch.delenv(canvases.VARIABLE)
    assert not canvases.is_web(made[0].canvas) and canvases.is_web(made[1].canvas)
    return made[0], made[1]


def positions(game: str, options: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """A few positions of a game (start, middle, finished) and an animation frame:
    (what it is, state, frame)."""
    rng = random.Random(11)
    s = xlib.game(game, **options).start(seed=3)
    out: list[tuple[str, Any, Any]] = [("start", s, None)]
    view = xlib.board.view_for(s)
    frame_shown = False
    while not s.over:
        move = rng.choice(s.moves())
        if not frame_shown:
            frames = view.frames(s, move)
            if frames:
                out.append(("animation frame", s, frames[len(frames) // 2]))
                frame_shown = True
        s = s.play(move)
        if s.ply == 6:
            out.append(("middle", s, None))
    out.append(("finished", s, None))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_frame_is_the_same_calls_on_both_canvases(monkeypatch, sent, game):
    served, web = boards(monkeypatch, game, **GAMES[game])
    seen = set()
    for what, state, frame in positions(game, GAMES[game]):
        for b in (served, web):
            b.state = state
        sent.messages.clear()
        served.repaint(frame)
        web.repaint(frame)
        assert len(sent.messages) == 1, f"{game} {what}: ipycanvas sent the frame in {len(sent.messages)} messages"
        ours = [[name, plain(args)] for name, args in web.canvas.sent[-1]]
        assert ours == sent.messages[0], f"{game} {what}: the canvases differ"
        seen.add(what)
        seen.update(name for name, _ in ours)
    assert {"start", "middle", "finished", "fill_text", "save", "restore", "set_transform"} <= seen
    if game != "x" and game != "xerog":   # the games that animate a move
        assert "animation frame" in seen


def test_a_finished_game_is_drawn_whole_on_the_web_canvas_and_its_result_said_beside_it(monkeypatch):
    _, web = boards(monkeypatch, "x", size=4)
    s = web.state
    rng = random.Random(2)
    while not s.over:
        s = s.play(rng.choice(s.moves()))
    web.state = s
    web.repaint()
    texts = [args[0] for name, args in web.canvas.sent[-1] if name == "fill_text"]
    assert texts and xlib.board.result.result_title(web.view, s) not in texts   # nothing covers the board


def test_every_call_and_setting_goes_through_and_unknown_ones_are_refused(sent):
    """Each call of the table, with its defaults filled in as ipycanvas fills them."""
    served, web = Canvas(width=50, height=50), WebCanvas(width=50, height=50)
    examples = {"points": [(1, 2), (3, 4), (5, 1)], "text": "Ab", "segments": [4, 2, 1], "rule_or_path": "evenodd",
                "anticlockwise": True, "max_width": 40, "path2d": None}
    for name, params in CALLS.items():
        every = [examples.get(p, k + 1.5) for k, (p, _) in enumerate(params)]
        required = every[:sum(1 for _, d in params if d is calls._REQUIRED)]
        for args in (every, required):   # the defaults given, and left to the canvas
            for c in (served, web):
                with canvases.hold(c):
                    getattr(c, name)(*args)
            ours = [[n, plain(a)] for n, a in web.sent[-1]]
            assert ours == sent.messages[-1], (name, args)
    for setting, value in zip(SETTINGS, ("#123456", "#654321", 3.0, 0.5, "bold 9px serif", "center", "middle",
                                         "round", "bevel", 4.0, 2.0)):
        for c in (served, web):
            with canvases.hold(c):
                setattr(c, setting, value)
        assert [[n, plain(a)] for n, a in web.sent[-1]] == sent.messages[-1]
        assert getattr(web, setting) == value   # read back, as on ipycanvas
    with pytest.raises(UnknownCanvasCall, match="fill_ellipse"):
        web.fill_ellipse(1, 2, 3, 4)
    with pytest.raises(UnknownCanvasCall, match="shadow_blur"):
        web.shadow_blur = 3
    assert not hasattr(web, "draw_image")


def test_calls_outside_a_frame_go_at_once_and_a_frame_goes_as_one_message():
    c = WebCanvas(width=20, height=20)
    messages: list[Any] = []
    c.send = messages.append   # type: ignore[method-assign]
    c.fill_rect(0, 0, 5)
    assert messages == [{"frame": [["fill_rect", [0, 0, 5, 5]]]}]
    with c.hold():
        c.clear()
        with c.hold():   # a frame inside a frame ends with the outer one
            c.fill_style = "#FF0000"
            c.fill_circle(3, 3, 2)
        assert len(messages) == 1
    assert messages[1] == {"frame": [["clear", []], ["set", ["fill_style", "#FF0000"]], ["fill_circle", [3, 3, 2]]]}
    with c.hold():
        pass
    assert len(messages) == 2   # an empty frame sends nothing


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("pixels", [300, 640, 900])
def test_clicks_and_taps_reach_the_same_point_of_the_view_on_both_canvases(monkeypatch, game, pixels):
    served, web = boards(monkeypatch, game, pixels=pixels, **GAMES[game])
    reached: dict[str, list[tuple[float, float]]] = {"served": [], "web": []}
    served.click = lambda x, y: reached["served"].append((x, y))   # type: ignore[method-assign]
    web.click = lambda x, y: reached["web"].append((x, y))         # type: ignore[method-assign]
    view = served.view
    points = [(view.width * i / 6, view.height * j / 6) for i in range(7) for j in range(7)]
    for x, y in points:
        for b, handle in ((served, served.canvas._handle_frontend_event), (web, web.canvas._on_event)):
            assert b.canvas.width == web.canvas.width and b.canvas.height == web.canvas.height
            z = b.zoom   # canvas pixels per view unit (the page sends canvas pixels, whatever size it shows)
            handle(b.canvas, {"event": "mouse_down", "x": x * z, "y": y * z}, [])
            handle(b.canvas, {"event": "touch_start", "touches": [{"x": x * z, "y": y * z},
                                                                   {"x": 0.0, "y": 0.0}]}, [])
    assert len(reached["web"]) == len(reached["served"]) == 2 * len(points)
    for (sx, sy), (wx, wy), (x, y) in zip(reached["served"], reached["web"], [p for p in points for _ in (0, 1)]):
        assert (sx, sy) == pytest.approx((x, y), abs=1e-9) and (wx, wy) == pytest.approx((sx, sy), abs=1e-9)
        s = served.state
        assert view.click(s, sx, sy) == view.click(s, wx, wy)


def test_a_tap_on_the_aiming_game_shoots_as_a_click_does_on_both_canvases(monkeypatch):
    """On a touch screen the aim is shot with a tap on its canvas, on the site's canvas as on the server's."""
    from xlib.views.xallies.shooting import ShootingRange

    for backend in canvases.BACKENDS:
        monkeypatch.setenv(canvases.VARIABLE, backend)
        aim = ShootingRange()
        handle = aim.canvas._on_event if canvases.is_web(aim.canvas) else aim.canvas._handle_frontend_event
        handle(aim.canvas, {"event": "mouse_down", "x": 5.0, "y": 5.0}, [])
        handle(aim.canvas, {"event": "touch_start", "touches": [{"x": 5.0, "y": 5.0}]}, [])
        assert aim.shots == [False, False], backend   # the aim stands at the far left: two misses


def test_the_backend_is_ipycanvas_on_a_server_web_in_a_browser_and_as_the_variable_says(monkeypatch):
    monkeypatch.delenv(canvases.VARIABLE, raising=False)
    assert canvases.backend() == "ipycanvas"
    monkeypatch.setattr(runtime, "ON_SITE", True)   # the site, as xlib.runtime tells it
    assert canvases.backend() == "web"
    monkeypatch.undo()
    monkeypatch.setenv(canvases.VARIABLE, "web")
    assert isinstance(canvases.make_canvas(10, 20), WebCanvas)
    monkeypatch.setenv(canvases.VARIABLE, "ipycanvas")
    assert isinstance(canvases.make_canvas(10, 20), Canvas)
    monkeypatch.setenv(canvases.VARIABLE, "paper")
    with pytest.raises(ValueError, match="ipycanvas, web"):
        canvases.backend()


def test_without_ipycanvas_boards_draw_on_the_web_canvas_and_nothing_imports_it():
    code = ("import sys; sys.modules['ipycanvas'] = None\n"
            "from xlib.board import Board\n"
            "from xlib.views.xallies.shooting import ShootingRange\n"
            "b = Board('alea', seed=1); r = ShootingRange(b)\n"
            "print(type(b.canvas).__name__, type(r.canvas).__name__, len(b.canvas.sent[-1]) > 20)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["WebCanvas", "WebCanvas", "True"]
    code = "import sys, xlib.board, xlib.views.xallies.shooting, xlib.handouts; print('ipycanvas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_only_the_chooser_imports_ipycanvas():
    for path in (ROOT / "xlib").rglob("*.py"):
        text = path.read_text()
        if path.name == "canvas.py" and path.parent.name == "board":
            assert not re.search(r"^(import|from) ipycanvas", text, re.M)   # only inside its functions
            continue
        assert "ipycanvas import" not in text and "import ipycanvas" not in text, path


def test_the_page_side_ships_in_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["xlib"]
    assert any(fnmatch.fnmatch("board/webcanvas.js", p) for p in patterns)
    script = (ROOT / "xlib" / "board" / "webcanvas.js").read_text()
    assert WebCanvas._esm == script and "export default" in script
    for name in ("fill_circle", "stroke_circle", "fill_polygon", "stroke_polygon", "stroke_lines", "stroke_line",
                 "clear", "set"):   # the calls ipycanvas draws as paths of its own: the page draws them alike
        assert f'case "{name}"' in script


def test_keys_reach_python_alike_from_both_canvases_and_the_web_canvas_takes_a_name_and_a_busy_mark():
    got: list[tuple[Any, ...]] = []
    served, web = Canvas(width=10, height=10), WebCanvas(width=10, height=10)
    press = {"event": "key_down", "key": "ArrowLeft", "shift_key": True, "ctrl_key": False, "meta_key": False}
    for c, handle in ((served, served._handle_frontend_event), (web, web._on_event)):
        canvases.on_key(c, lambda *key: got.append(key))
        handle(c, dict(press), [])
    assert got == [("ArrowLeft", True, False, False)] * 2
    canvases.set_label(web, "The board: Red to move")
    canvases.set_busy(web, True)
    assert web.aria_label == "The board: Red to move" and web.busy is True
    canvases.set_label(served, "ignored")   # ipycanvas has no way to name its canvas: nothing breaks
    canvases.set_busy(served, True)
    busy: list[str] = []
    canvases.on_click(web, lambda x, y: busy.append("played"), lambda: busy.append("answered"))
    web._on_event(web, {"event": "mouse_down", "x": 1, "y": 2, "busy": True}, [])
    web._on_event(web, {"event": "touch_start", "touches": [{"x": 1, "y": 2}], "busy": True}, [])
    web._on_event(web, {"event": "mouse_down", "x": 1, "y": 2, "busy": False}, [])
    assert busy == ["answered", "answered", "played"]
