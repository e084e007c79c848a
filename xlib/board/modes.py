"""Ways of showing a full board: the projector view (the board takes the screen, for the class's screen), the board
drawn twice as large (to scroll around small pieces), and still moves for a page that asks for reduced motion.
Each is a CSS class on the board's widget, which the page's style reads."""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from . import shared


class Modes:
    """The Projector view and Zoom in buttons (`projector_row`, on a full board: `buttons`), and the classes they
    put on the board's widget through `mark(css_class, on)`."""

    def __init__(self, mark: Callable[[str, bool], None], guard: Callable[[Callable[..., Any]], Callable[..., Any]],
                 buttons: bool) -> None:
        self.mark = mark
        self.projector_button: w.ToggleButton | None = None
        self.zoom_button: w.ToggleButton | None = None
        self.projector_row: w.HBox | None = None
        if not buttons:
            return
        self.projector_button = w.ToggleButton(description="Projector view", icon="television", value=False,
                                               tooltip="the board takes the screen, with the status and the last "
                                                       "move in large type: for the class's screen",
                                               layout=shared.layout(width="146px"))
        self.projector_button.observe(guard(lambda ch: self.projector(ch["new"])), names="value")
        self.zoom_button = w.ToggleButton(description="Zoom in", icon="search-plus", value=False,
                                          tooltip="draw the board twice as large, to scroll around in (for "
                                                  "small pieces, such as many XATS stacks)",
                                          layout=shared.layout(width="110px"))
        self.zoom_button.observe(guard(lambda ch: self.zoom_in(ch["new"])), names="value")
        self.projector_row = w.HBox([self.projector_button, self.zoom_button], layout=shared.layout())
        self.projector_row.add_class("xlib-projector-row")

    def projector(self, on: bool = True) -> None:
        """The projector view for the class's screen: the board takes most of the screen, the status line and
        the last move in large type, and only Undo, Redo and New game beside it."""
        self._look("xlib-projector", on, self.projector_button)

    def zoom_in(self, on: bool = True) -> None:
        """Draw the board twice as large, scrolled inside its column: small pieces become readable."""
        self._look("xlib-zoomed", on, self.zoom_button)

    def _look(self, css_class: str, on: bool, button: w.ToggleButton | None) -> None:
        """Turn a way of showing the board on or off (a class the page's style reads), with its button."""
        self.mark(css_class, on)
        if button is not None and button.value != on:
            button.value = on

    def on_motion(self, change: dict[str, Any]) -> None:
        """The page asked for reduced motion (or no longer does): moves are then played without animation, and
        the board says so to the page (the class xlib-still)."""
        self.mark("xlib-still", bool(change["new"]))
