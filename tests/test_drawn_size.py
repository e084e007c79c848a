"""The board is drawn at the size its clicks are read at, always: the commands the page receives are replayed
here, canvas by canvas, while the XAllies aim game ticks beside a long game of computer turns."""
import sys
import threading

import pytest

pytest.importorskip("ipycanvas")

from ipycanvas import canvas as ipycanvas_canvas  # noqa: E402

from xlib.board import Board  # noqa: E402
from xlib.views.xallies.shooting import ShootingRange  # noqa: E402

NAMES = {i: name for name, i in ipycanvas_canvas.COMMANDS.items()}
DRAWING = {"fillRect", "fillText", "fillCircle", "strokeCircle", "strokeLine", "fillPolygon", "strokeRect",
           "fillArc", "strokeArc", "strokePolygon", "fillPath", "stroke", "fill", "strokeText", "fillRects"}


class Replay:
    """The page's side of the canvas manager: which canvas is selected, and each canvas's scale and saved scales."""

    def __init__(self) -> None:
        self.current = None
        self.scale: dict[str, float] = {}
        self.saved: dict[str, list[float]] = {}
        self.drawn_at: dict[str, set[float]] = {}

    def take(self, command) -> None:
        if command and isinstance(command[0], list):   # a batch (hold_canvas)
            for c in command:
                self.take(c)
            return
        name, args = NAMES[command[0]], command[1] if len(command) > 1 else []
        if name == "switchCanvas":
            self.current = str(args[0])
            return
        key = self.current
        scale = self.scale.get(key, 1.0)
        if name == "save":
            self.saved.setdefault(key, []).append(scale)
        elif name == "restore" and self.saved.get(key):
            self.scale[key] = self.saved[key].pop()
        elif name == "scale":
            self.scale[key] = scale * args[0]
        elif name == "setTransform":
            self.scale[key] = args[0]
        elif name == "resetTransform":
            self.scale[key] = 1.0
        elif name in DRAWING:
            self.drawn_at.setdefault(key, set()).add(round(scale, 6))


@pytest.fixture
def replay(monkeypatch):
    seen = Replay()
    manager = ipycanvas_canvas._CANVAS_MANAGER
    manager._current_canvas = None
    lock = threading.Lock()

    def send(command, buffers=()):
        with lock:
            seen.take(command)
    monkeypatch.setattr(manager, "_send_custom", send)
    monkeypatch.setattr(manager, "_caching", False)
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)   # threads switch as often as they can: a race shows at once
    yield seen
    sys.setswitchinterval(old)


def key_of(canvas) -> str:
    return f"IPY_MODEL_{canvas.model_id}"


def test_the_aim_ticking_during_a_long_game_never_changes_the_size_the_board_is_drawn_at(replay):
    board = Board("xallies", shooting="manual", seats={0: "easy", 1: "easy", 2: "easy"},
                  animate=0, seed=3, background=False)
    aim = ShootingRange(board)
    stop = threading.Event()

    def tick() -> None:
        while not stop.is_set():
            aim.clock.value += 1

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        for _ in range(40):
            if board.state.over or board.state.to_move is None:
                break
            board.computer_turns()
            board.repaint()
    finally:
        stop.set()
        ticker.join(5)
    assert board.state.ply >= 25   # a long game, into shooting, as in class
    assert replay.drawn_at[key_of(board.canvas)] == {round(board.zoom, 6)}
    assert replay.drawn_at[key_of(aim.canvas)] == {1.0}


def test_a_transform_left_on_the_canvas_does_not_grow_the_next_paint(replay):
    board = Board("xallies", animate=0, seed=0, background=False)
    board.canvas.save()
    board.canvas.scale(2)   # what a paint cut short would leave: a scale never restored
    replay.drawn_at.clear()
    board.repaint()
    assert replay.drawn_at[key_of(board.canvas)] == {round(board.zoom, 6)}
