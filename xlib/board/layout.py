"""The board's widget tree: which controls a board shows (none, a tutorial's few, or the full set) and where."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from . import shared
from .seats import SeatPanel
from .style import FINGER, MIN_COLUMN, SIDE_WIDTH, STYLE, TALLER_ROWS  # noqa: F401  (the names board and tests read here)

if TYPE_CHECKING:
    from .board import Board


def build(board: Board, controls: bool | str) -> None:
    """Build `board`'s widgets: a board alone, a compact board (tutorials), or the full set of controls.

    Only what is shown is built: a page of a dozen tutorial boards stays light to load."""
    board.controls = controls
    full, playable = controls is True, bool(controls)
    # as wide as the board's column and no wider (no margin beside it): the column never scrolls sideways
    board.status = w.HTML(layout=shared.layout(height="40px", overflow="hidden", width="0", min_width="100%",
                                               margin="0"), style=shared.html_style())
    board.message = w.HTML(layout=shared.layout(height="64px", overflow="auto", margin="0 0 2px 0", width="0",
                                           min_width="100%"), style=shared.html_style())  # as wide as the board, never wider
    board.choice_box = w.HBox(layout=shared.layout(height="72px", overflow="hidden", flex_flow="row wrap",
                                             align_content="flex-start", width=f"{SIDE_WIDTH + 10}px"))
    board.choice_box.add_class("xlib-choices")
    board.main = w.VBox([board.status, board.message, board.canvas],
                        layout=shared.layout(flex="0 1 auto", min_width=f"{MIN_COLUMN}px", width="auto"))
    board.main.add_class("xlib-main")
    board.live = w.HTML(layout=shared.layout(height="1px", width="1px", overflow="hidden"), style=shared.html_style())
    board.undo_button = None
    board.redo_button = None
    board.entry = None
    board.log = None
    board.new_button = None
    board.slider = None
    board.explore_button = None
    board.back_button = None
    board.line_menu = None
    board.save_link = None
    board.upload = None
    board.projector_button = None
    board.zoom_button = None
    board.text_board = None
    board.side = None
    board.seat_panel = SeatPanel(board.guard) if full else None
    if playable:
        board.undo_button = w.Button(description="Undo", icon="undo", tooltip="take back your last move",
                                    layout=shared.layout(width="84px"), style=shared.button_style())
        board.redo_button = w.Button(description="Redo", icon="repeat", tooltip="play the undone move again",
                                    layout=shared.layout(width="84px"), style=shared.button_style())
        board.undo_button.on_click(board.guard(lambda _: board.undo()))
        board.redo_button.on_click(board.guard(lambda _: board.redo()))
        board.undo_button.add_class("xlib-undo")
        board.entry = w.Combobox(placeholder="type a move, then Enter", ensure_option=False,
                                continuous_update=False, layout=shared.layout(width=f"{SIDE_WIDTH}px"),
                                description="Move", style={"description_width": "56px"})
        board.entry.observe(board.guard(board.on_entry), names="value")
        board.entry.add_class("xlib-entry")
        board.log = w.HTML(layout=shared.layout(width=f"{SIDE_WIDTH}px"), style=shared.html_style())   # the list scrolls itself (board.refresh)
        board.log.add_class("xlib-log")
    if full:
        assert board.undo_button is not None and board.redo_button is not None and board.seat_panel is not None
        board.new_button = w.Button(description="New game", icon="plus",   # room for "Yes, new game" too
                                    layout=shared.layout(width="auto", min_width="104px", flex="0 0 auto"),
                                   tooltip="start a new game with the options under 'Options for a new game'", style=shared.button_style())
        board.new_button.on_click(board.guard(lambda _: board.new_game_from_controls()))
        board.slider = w.IntSlider(min=0, max=0, value=0, description="History", continuous_update=True,
                                  layout=shared.layout(width=f"{SIDE_WIDTH}px"), style={"description_width": "56px"})
        board.slider.observe(board.guard(board.on_slider), names="value")
        board.explore_button = w.Button(description="Try a move here", icon="code-fork",
                                       layout=shared.layout(width="146px"),
                                       tooltip="play other moves from the position shown; the game is kept", style=shared.button_style())
        board.back_button = w.Button(description="Back to the game", icon="reply", layout=shared.layout(width="146px"),
                                    tooltip="return to the game as it was; your what-if line is kept", style=shared.button_style())
        board.explore_button.on_click(board.guard(lambda _: board.explore()))
        board.back_button.on_click(board.guard(lambda _: board.back_to_game()))
        board.line_menu = w.Dropdown(options=[("The game", 0)], value=0, layout=w.Layout(width=f"{SIDE_WIDTH}px"),
                                    description="Line", style={"description_width": "56px"})
        board.line_menu.observe(board.guard(lambda ch: board.switch_line(ch["new"])), names="value")
        board.save_link = w.HTML(style=shared.html_style(), layout=shared.layout())
        board.upload = w.FileUpload(accept=".json", multiple=False, description="Load a game", icon="folder-open",
                                   layout=shared.layout(width="146px"))
        board.upload.observe(board.guard(board.on_upload), names="value")
        board.upload.add_class("xlib-upload")
        board.upload.tooltip = "load a game saved before (a .json file from Save this game)"
        board.text_board = w.HTML(style=shared.html_style(), layout=shared.layout())
        board.options_box = w.VBox([w.HTML("<i>opening…</i>", style=shared.html_style(), layout=shared.layout())])
        board.seat_panel.build(board.game, board.view)
        extra = w.Accordion(children=[board.seat_panel.box, board.options_box, board.text_board],
                            layout=shared.layout(width=f"{SIDE_WIDTH + 10}px"))
        for i, title in enumerate(("Players", "Options for a new game", "The position as text")):
            extra.set_title(i, title)
        extra.selected_index = 0
        # the options are built when their section is first opened: a page loads lighter
        extra.observe(board.guard(lambda ch: board.option_fields if ch["new"] == 1 else None), names="selected_index")
        top_row = w.HBox([board.undo_button, board.redo_button, board.new_button], layout=shared.layout())
        top_row.add_class("xlib-top-row")
        board.projector_button = w.ToggleButton(description="Projector view", icon="television", value=False,
                                                tooltip="the board takes the screen, with the status and the last "
                                                        "move in large type: for the class's screen",
                                                layout=shared.layout(width="146px"))
        board.projector_button.observe(board.guard(lambda ch: board.projector(ch["new"])), names="value")
        board.zoom_button = w.ToggleButton(description="Zoom in", icon="search-plus", value=False,
                                           tooltip="draw the board twice as large, to scroll around in (for "
                                                   "small pieces, such as many XATS stacks)",
                                           layout=shared.layout(width="110px"))
        board.zoom_button.observe(board.guard(lambda ch: board.zoom_in(ch["new"])), names="value")
        projector_row = w.HBox([board.projector_button, board.zoom_button], layout=shared.layout())
        projector_row.add_class("xlib-projector-row")
        side = w.VBox([top_row, board.choice_box, board.slider,
                       w.HBox([board.explore_button, board.back_button], layout=shared.layout()), board.line_menu, board.entry,
                       extra, w.HTML("<b>Moves</b>", style=shared.html_style(), layout=shared.layout()), board.log,
                       w.HBox([board.save_link, board.upload], layout=shared.layout(align_items="center")), projector_row,
                       board.live],
                      layout=shared.layout(width=f"{SIDE_WIDTH + 16}px", min_width=f"{SIDE_WIDTH + 16}px",
                                      margin="0 0 0 16px"))
        side.add_class("xlib-side")
        board.side = side
        body: w.Box = w.HBox([board.main, side], layout=shared.layout(align_items="flex-start", width="100%"))
        body.add_class("xlib-body")
    elif playable:
        assert board.undo_button is not None and board.redo_button is not None
        side = w.VBox([w.HBox([board.undo_button, board.redo_button], layout=shared.layout()), board.choice_box, board.entry,
                       w.HTML("<b>Moves</b>", style=shared.html_style(), layout=shared.layout()), board.log,
                       board.live], layout=shared.layout(width=f"{SIDE_WIDTH + 16}px", min_width=f"{SIDE_WIDTH + 16}px",
                                                    margin="0 0 0 16px"))
        body = w.HBox([board.main, side], layout=shared.layout(align_items="flex-start", width="100%"))
    else:
        body = w.VBox([board.main, board.choice_box, board.live], layout=shared.layout())
    board.widget = w.VBox([w.HTML(STYLE, layout=shared.layout(height="0px"), style=shared.html_style()), body, board.errors])
    board.widget.add_class("xlib-board")  # for browser tests and styling
    if controls:
        board.widget.add_class("xlib-controls")
    if full:
        board.widget.add_class("xlib-full")
    board.canvas.add_class("xlib-canvas")
    board.status.add_class("xlib-status")
    board.message.add_class("xlib-message")
    board.live.add_class("xlib-live")
    board.errors.add_class("xlib-errors")
