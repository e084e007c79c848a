"""Tutorial scenes on a live board: Next and Back step through a scene's script, "Your turn"
hands the board to the student at that position. Scenes themselves are data (`xlib.lessons`)."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..lessons.scene import Scene
from .board import Board


class Tutorial:
    """Steps through scenes on a live board: Next, Back, and "Your turn"."""

    def __init__(self, scenes: Scene | list[Scene], animate: float = 0.15, pixels: int = 640,
                 background: bool | None = None) -> None:
        self.scenes = [scenes] if isinstance(scenes, Scene) else list(scenes)
        self.animate = animate
        self.index = 0
        self.step = 0
        self.live = False
        self.title = w.HTML(layout=w.Layout(height="30px", overflow="hidden"))
        self.sentence = w.HTML(layout=w.Layout(height="72px", overflow="auto", width="760px"))
        self.sentence.add_class("xlib-sentence")
        self.back_button = w.Button(description="Back", icon="arrow-left", layout=w.Layout(width="90px"))
        self.next_button = w.Button(description="Next", icon="arrow-right", button_style="primary",
                                    layout=w.Layout(width="90px"))
        self.turn_button = w.Button(description="Your turn", icon="hand-pointer-o", tooltip="play from here",
                                    layout=w.Layout(width="110px"))
        self.scene_menu = w.Dropdown(options=[(s.title, i) for i, s in enumerate(self.scenes)],
                                     layout=w.Layout(width="340px"))
        self.board = Board(state=self.scenes[0].start(), animate=animate, controls="compact", pixels=pixels,
                           background=background, seed=self.scenes[0].seed)
        guard = self.board.guard
        self.back_button.on_click(guard(lambda _: self.back()))
        self.next_button.on_click(guard(lambda _: self.next()))
        self.turn_button.on_click(guard(lambda _: self.your_turn()))
        self.scene_menu.observe(guard(lambda ch: self.goto(ch["new"])), names="value")
        bar = w.HBox([self.back_button, self.next_button, self.turn_button] +
                     ([self.scene_menu] if len(self.scenes) > 1 else []))
        self.widget = w.VBox([self.title, self.sentence, bar, self.board.widget])
        self.widget.add_class("xlib-tutorial")
        self.goto(0)

    @property
    def scene(self) -> Scene:
        return self.scenes[self.index]

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _show(self) -> None:
        s = self.scene
        self.title.value = f"<h4 style='margin:4px 0'>{s.title}</h4>"
        if self.live:
            text = s.your_turn
        else:
            text = s.sentences[self.step]
            if self.step < len(s.moves):
                text += f" <i>(Next plays <code>{s.moves[self.step]}</code>.)</i>"
        self.sentence.value = text
        self.back_button.disabled = self.step == 0 and not self.live
        self.next_button.disabled = self.live or self.step >= len(s.moves)
        self.board.locked = None if self.live else "Press Next to see the next step, or Your turn to play from here."
        if not self.live and s.marks_at(self.step):
            self.board.marks = self.board.view.marks_of_names(self.board.state, s.marks_at(self.step))
        self.board.refresh()

    def goto(self, index: int) -> None:
        """Open scene `index` at its first step."""
        self.index, self.step, self.live = index, 0, False
        if self.scene_menu.value != index:
            self.scene_menu.value = index
        self.board.reset(self.scene.start())
        self.board.marks = ()
        self._show()

    def next(self) -> None:
        if self.board.busy is not None:
            return
        if not self.live and self.step < len(self.scene.moves):
            self.board.locked = None
            self.board.marks = ()
            self.step += 1
            self.board.play(self.scene.moves[self.step - 1])
            self.board.wait()
        self._show()

    def back(self) -> None:
        if self.board.busy is not None:
            return
        if self.live:  # back to the scripted position the student started from
            self.live = False
            self.board.reset(self.scene.states()[self.step])
        elif self.step > 0:
            self.step -= 1
            self.board.reset(self.scene.states()[self.step])
        self.board.marks = ()
        self._show()

    def your_turn(self) -> None:
        """Hand the live board to the student at this position; where the scene has reached the end of a game,
        at the last position before it, so that there is always something to try."""
        note = ""
        if self.board.state.over:
            states = self.scene.states()[:self.step + 1]
            open_states = [k for k, s in enumerate(states) if not s.over]
            if open_states:
                self.step = open_states[-1]
                self.board.reset(states[self.step])
                note = "The game ended in this scene, so you start from the position before its last move. "
        self.live = True
        self.board.marks = ()
        self._show()
        if self.board.state.over:
            self.board.say("This scene ends with the game over: press Back to try it yourself.")
        else:
            self.board.say(note + "Your move.")

    def states(self) -> list[Any]:
        return self.scene.states()
