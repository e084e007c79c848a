"""A small real shooting game: an aim sweeps across a target well; shoot when it is over the well.

It stands in for the marble shot of the table game. With a Board playing XAllies with
shooting="manual", each shot is entered into the game as `hit` or `miss` for the person
whose turn it is to shoot, and only by it: the board offers no Hit or Miss of its own then."""
from __future__ import annotations

import math
from typing import Any

import ipywidgets as w

from ...board import palette
from ...board.canvas import hold, make_canvas, on_click, repaint_when_ready

WIDTH, HEIGHT = 600, 150
TARGET_X, TARGET_R = WIDTH / 2, 34


class ShootingRange:
    """Press Start, then Shoot when the aim is over the well; `speed` makes it harder."""

    def __init__(self, board: Any = None, speed: float = 1.0) -> None:
        self.board = board
        self.speed = speed
        self.shots: list[bool] = []
        side = getattr(board, "side", None)   # beside a full board, in the column of its buttons, half as large
        shown = (WIDTH, HEIGHT) if side is None else (WIDTH // 2, HEIGHT // 2)
        self.canvas = make_canvas(WIDTH, HEIGHT, layout=w.Layout(width=f"{shown[0]}px", height=f"{shown[1]}px"))
        self.clock = w.Play(value=0, min=0, max=10**7, step=1, interval=40, description="aim", show_repeat=False,
                            tooltip="start, pause or stop the aim sweeping across the well")
        self.clock.observe(self._tick, names="value")
        self.shoot_button = w.Button(description="Shoot", icon="bullseye", button_style="warning",
                                     tooltip="shoot now: a hit when the aim is over the well")
        self.shoot_button.on_click(lambda _: self.shoot())
        self.result = w.HTML()
        on_click(self.canvas, self._shoot_at)   # a click, or a tap on a touch screen
        repaint_when_ready(self.canvas, self.draw)
        words = w.HTML("Start the aim (▶), then press Shoot when it is over the well:")
        controls = w.HBox([words, self.clock, self.shoot_button]) if side is None else \
            w.VBox([words, w.HBox([self.clock, self.shoot_button])])
        self.widget = w.VBox([self.canvas, controls, self.result])
        self.widget.add_class("xlib-shooting")
        self.attached = side is not None
        if board is not None:
            board.new_game_listeners.append(lambda _board: self.reset())
            board.decided_beside.append(self._where)   # a person's shot is taken here, never awarded by a button
        if side is not None:
            # where the eye is when the shots come: under the board's own buttons, while the players shoot
            kids = list(side.children)
            kids.insert(kids.index(board.choice_box) + 1, self.widget)
            side.children = tuple(kids)
            board.listeners.append(self._follow)
            self._follow(board.state)
        self.draw()

    def _follow(self, state: Any) -> None:
        """Beside a board: shown while its players shoot, out of the way otherwise ("" shows it: in the browser's
        Python a None never reaches the page)."""
        self.widget.layout.display = "" if getattr(state, "phase", None) == "shoot" else "none"

    @staticmethod
    def _where(state: Any) -> str | None:
        """Where a person shoots while the board's players shoot: here."""
        if getattr(state, "phase", None) != "shoot":
            return None
        return "Shoot with the aiming game beside the board: start the aim (▶), then press Shoot when it is over the well."

    def reset(self) -> None:
        """Forget the shots of the last game (a new game on the board starts afresh)."""
        self.shots.clear()
        self.clock.value = 0
        self.result.value = ""

    def _ipython_display_(self) -> None:
        from IPython.display import display

        if not self.attached:   # beside a board it is shown there, when the shots come
            display(self.widget)

    def aim_x(self) -> float:
        """Where the aim is now: it sweeps from side to side, starting at the far left (a shot before the aim
        moves misses)."""
        t = self.clock.value * 0.07 * self.speed
        return TARGET_X - (WIDTH / 2 - 30) * math.cos(t)

    def _tick(self, _change: dict) -> None:
        self.draw()

    def draw(self) -> None:
        """Paint the aim, one paint at a time with the boards': the aim ticks 25 times a second while the board
        paints the computer's turns, and the one canvas manager must not mix their commands."""
        with hold(self.canvas):
            c = self.canvas
            c.clear()
            c.fill_style = palette.BACKGROUND
            c.fill_rect(0, 0, WIDTH, HEIGHT)
            c.fill_style = "#FFFFFF"
            c.fill_circle(TARGET_X, HEIGHT / 2, TARGET_R)
            c.line_width = 3
            c.stroke_style = "#555555"
            c.stroke_circle(TARGET_X, HEIGHT / 2, TARGET_R)
            c.fill_style = palette.TEXT
            c.font = "22px sans-serif"   # shown half size beside a board: 11 px on the page
            c.text_align = "center"
            c.fill_text("the well across the board", TARGET_X, HEIGHT - 10)
            x = self.aim_x()
            c.stroke_style = palette.HIGHLIGHT
            c.line_width = 3
            c.stroke_circle(x, HEIGHT / 2, 12)
            c.stroke_line(x - 20, HEIGHT / 2, x + 20, HEIGHT / 2)
            c.stroke_line(x, HEIGHT / 2 - 20, x, HEIGHT / 2 + 20)

    def _shoot_at(self, _x: float, _y: float) -> None:
        """A click or a tap anywhere on the aim shoots."""
        self.shoot()

    def shoot(self) -> bool:
        """Shoot now: a hit when the aim is over the well. While the board's players shoot, the shot is the
        person's to move, entered into the game; it is not taken while another seat shoots (the board says whose
        turn it is). Before then, it is practice."""
        hit = abs(self.aim_x() - TARGET_X) <= TARGET_R
        who = ""
        board = self.board
        if board is not None and getattr(board.state, "phase", None) == "shoot":
            shooter = board.who(board.state.to_move)
            if not board.game.person_to_move():
                self.result.value = f"Not your shot: {shooter} shoots now."
                return hit
            if not board.play("hit" if hit else "miss"):
                return hit
            who = f"{shooter}: "
        self.shots.append(hit)
        hits, shots = sum(self.shots), len(self.shots)
        self.result.value = (f"{who}<b>{'Hit!' if hit else 'Missed.'}</b> "
                             f"{hits} hit{'' if hits == 1 else 's'} from {shots} shot{'' if shots == 1 else 's'}.")
        return hit
