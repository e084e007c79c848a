"""The board's widget tree: which controls a board shows (none, a tutorial's few, or the full set) and where.

Each part of the board builds its own widgets; this module puts them in their places, and nothing else."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import ipywidgets as w

from . import shared
from .clicks import Input
from .files import Files
from .history import History
from .modes import Modes
from .newgame import NewGame
from .seats import SeatPanel
from .style import FINGER, MIN_COLUMN, SIDE_WIDTH, STYLE, TALLER_ROWS  # noqa: F401  (the names board and tests read here)
from .words import Words


@dataclass
class Tree:
    """The board's widget (`widget`), its column (`main`: status, message, canvas) and, on a board with
    controls, the column of controls beside it (`side`, where a panel may add itself)."""

    widget: w.VBox
    main: w.VBox
    side: w.VBox | None


@dataclass
class Parts:
    """The parts whose widgets the tree holds (those a kind of board does not show are None)."""

    canvas: Any
    words: Words
    input: Input
    history: History
    errors: w.Output
    seats: SeatPanel | None = None
    newgame: NewGame | None = None
    files: Files | None = None
    modes: Modes | None = None
    #: told when the Options section is first opened (the options are built then: a page loads lighter)
    open_options: Callable[[], Any] | None = None


def build(parts: Parts, controls: bool | str, guard: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Tree:
    """Lay out the parts' widgets: a board alone, a compact board (tutorials), or the full set of controls."""
    full, playable = controls is True, bool(controls)
    words, clicks, history = parts.words, parts.input, parts.history
    main = w.VBox([words.status, words.message, parts.canvas],
                  layout=shared.layout(flex="0 1 auto", min_width=f"{MIN_COLUMN}px", width="auto"))
    main.add_class("xlib-main")
    side: w.VBox | None = None
    if full:
        assert history.undo_button is not None and history.redo_button is not None and parts.seats is not None
        assert parts.newgame is not None and parts.files is not None and parts.modes is not None
        assert history.explore_button is not None and history.back_button is not None
        extra = w.Accordion(children=[parts.seats.box, parts.newgame.options_box, words.text_board],
                            layout=shared.layout(width=f"{SIDE_WIDTH + 10}px"))
        for i, title in enumerate(("Players", "Options for a new game", "The position as text")):
            extra.set_title(i, title)
        extra.selected_index = 0
        open_options = parts.open_options
        # the options are built when their section is first opened: a page loads lighter
        extra.observe(guard(lambda ch: open_options() if ch["new"] == 1 and open_options else None),
                      names="selected_index")
        top_row = w.HBox([history.undo_button, history.redo_button, parts.newgame.new_button],
                         layout=shared.layout())
        top_row.add_class("xlib-top-row")
        side = w.VBox([top_row, clicks.choice_box, history.slider,
                       w.HBox([history.explore_button, history.back_button], layout=shared.layout()),
                       history.line_menu, clicks.entry, extra,
                       w.HTML("<b>Moves</b>", style=shared.html_style(), layout=shared.layout()), words.log,
                       w.HBox([parts.files.save_link, parts.files.upload], layout=shared.layout(align_items="center")),
                       parts.modes.projector_row, words.live],
                      layout=shared.layout(width=f"{SIDE_WIDTH + 16}px", min_width=f"{SIDE_WIDTH + 16}px",
                                           margin="0 0 0 16px"))
        side.add_class("xlib-side")
        body: w.Box = w.HBox([main, side], layout=shared.layout(align_items="flex-start", width="100%"))
        body.add_class("xlib-body")
    elif playable:
        assert history.undo_button is not None and history.redo_button is not None
        side = w.VBox([w.HBox([history.undo_button, history.redo_button], layout=shared.layout()),
                       clicks.choice_box, clicks.entry,
                       w.HTML("<b>Moves</b>", style=shared.html_style(), layout=shared.layout()), words.log,
                       words.live], layout=shared.layout(width=f"{SIDE_WIDTH + 16}px",
                                                         min_width=f"{SIDE_WIDTH + 16}px", margin="0 0 0 16px"))
        body = w.HBox([main, side], layout=shared.layout(align_items="flex-start", width="100%"))
    else:
        body = w.VBox([main, clicks.choice_box, words.live], layout=shared.layout())
    widget = w.VBox([w.HTML(STYLE, layout=shared.layout(height="0px"), style=shared.html_style()), body,
                     parts.errors])
    widget.add_class("xlib-board")  # for browser tests and styling
    if controls:
        widget.add_class("xlib-controls")
    if full:
        widget.add_class("xlib-full")
    parts.canvas.add_class("xlib-canvas")
    parts.errors.add_class("xlib-errors")
    return Tree(widget, main, side if full else None)
