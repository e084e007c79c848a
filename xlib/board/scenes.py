"""Tutorial scenes as data: a position, scripted moves, a sentence per step.

A game's notebook writes scenes and shows them with Tutorial: Next and Back step through the
script on a live board, and "Your turn" hands the board to the student at that position.
No widget code in the notebook."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from .. import registry
from ..core import State
from .widget import Board


@dataclass
class Scene:
    """`sentences[0]` describes the position; `sentences[k]` the position after `moves[k-1]`."""

    game: str
    title: str
    sentences: list[str]
    moves: list[str] = field(default_factory=list)
    position: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    your_turn: str = "Now it is your turn: play on from here."

    def __post_init__(self) -> None:
        if len(self.sentences) != len(self.moves) + 1:
            raise ValueError(f"scene {self.title!r}: give one sentence for the position and one after each move "
                             f"({len(self.moves) + 1} sentences), not {len(self.sentences)}")

    def start(self) -> State:
        g = registry.game(self.game, **self.options)
        return g.position(self.position) if self.position else g.start()

    def states(self) -> list[State]:
        """The position after each scripted step (checked: every scripted move must be legal)."""
        out = [self.start()]
        for m in self.moves:
            out.append(out[-1].play(m))
        return out

    def transcript(self) -> str:
        """The scene as text: each sentence with its move (for notebooks read without widgets)."""
        lines = [f"## {self.title}", self.sentences[0]]
        for m, text in zip(self.moves, self.sentences[1:]):
            lines.append(f"  {m}: {text}")
        return "\n".join(lines)


class Tutorial:
    """Steps through scenes on a live board: Next, Back, and "Your turn"."""

    def __init__(self, scenes: Scene | list[Scene], animate: float = 0.15) -> None:
        self.scenes = [scenes] if isinstance(scenes, Scene) else list(scenes)
        self.animate = animate
        self.index = 0
        self.step = 0
        self.live = False
        self.title = w.HTML()
        self.sentence = w.HTML(layout=w.Layout(min_height="3em", width="600px"))
        self.back_button = w.Button(description="Back", icon="arrow-left")
        self.next_button = w.Button(description="Next", icon="arrow-right", button_style="primary")
        self.turn_button = w.Button(description="Your turn", icon="hand-pointer-o", tooltip="play from here")
        self.scene_menu = w.Dropdown(options=[(s.title, i) for i, s in enumerate(self.scenes)],
                                     layout=w.Layout(width="340px"))
        self.board = Board(state=self.scenes[0].start(), animate=animate, controls=False)
        guard = self.board._guard
        self.back_button.on_click(guard(lambda _: self.back()))
        self.next_button.on_click(guard(lambda _: self.next()))
        self.turn_button.on_click(guard(lambda _: self.your_turn()))
        self.scene_menu.observe(guard(lambda ch: self.goto(ch["new"])), names="value")
        bar = w.HBox([self.back_button, self.next_button, self.turn_button] +
                     ([self.scene_menu] if len(self.scenes) > 1 else []))
        self.widget = w.VBox([self.title, self.sentence, bar, self.board.widget])
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

    def goto(self, index: int) -> None:
        """Open scene `index` at its first step."""
        self.index, self.step, self.live = index, 0, False
        if self.scene_menu.value != index:
            self.scene_menu.value = index
        self.board.reset(self.scene.start())
        self._show()

    def next(self) -> None:
        if not self.live and self.step < len(self.scene.moves):
            self.board.locked = None
            self.board.play(self.scene.moves[self.step])
            self.step += 1
        self._show()

    def back(self) -> None:
        if self.live:  # back to the scripted position the student started from
            self.live = False
            self.board.reset(self.scene.states()[self.step])
        elif self.step > 0:
            self.step -= 1
            self.board.reset(self.scene.states()[self.step])
        self._show()

    def your_turn(self) -> None:
        """Hand the live board to the student at this position."""
        self.live = True
        self._show()
        self.board.say("Your move.")
