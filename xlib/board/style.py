"""The board's look in CSS, in one place: touch sizes, the projector view, zoom (and the width's layouts)."""
from __future__ import annotations

SIDE_WIDTH = 300
MIN_COLUMN = 300   # the board's column never narrower (screen pixels)
FINGER = 44        # a control's height and width on a touch screen, a finger's size (ipywidgets draws them 28 px
                   # high): Apple's 44 pt, WCAG 2.5.5
#: the widest screen (CSS px) that gets the phone's layout: the board the whole width, everything else under it
PHONE = 700
#: the page's margin at each side of a board on a phone (CSS px): the board spans at least 92 % of a 320 px screen
PHONE_MARGIN = 6
#: the style's variable for how much taller a lesson's row of buttons over its board stands on a touch screen
#: (the buttons a finger's size): the board is that much shorter there (Board.fit_canvas subtracts it), so that
#: its foot stays on the screen
TALLER_ROWS = "--xlib-taller-rows"
#: on a touch screen every control is a finger's size, FINGER × FINGER: buttons, menus, text fields, the History
#: slider's knob (drawn as before, inside a larger transparent ring that takes the touch), the sections' headings
_OUT = ".jp-OutputArea-output"   # every widget of the page's cells (the board's, the lesson's, the panels beside)
TOUCH = (f"{_OUT} button,{_OUT} select,{_OUT} input:not([type=checkbox]):not([type=radio]),.xlib-board button,"
         ".xlib-tutorial button,.xlib-board select,.xlib-shooting button,.xlib-board .xlib-save"
         f"{{min-height:{FINGER}px !important;min-width:{FINGER}px !important;box-sizing:border-box}}"
         ".xlib-board .xlib-save{display:inline-flex !important;align-items:center}"
         f".xlib-tutorial{{{TALLER_ROWS}:{FINGER - 28}px}}"
         # the lesson's row of buttons over its board keeps its height of a 40 px finger: its buttons lose their
         # margins above and below, so that a lesson board's foot stays on a tablet's screen (1024×768)
         ".xlib-tutorial>.widget-hbox>*{margin-top:0 !important;margin-bottom:0 !important}"
         # the boxes round a taller menu or text field grow with it: a seat's menu never covers its name box
         f"{_OUT} .widget-dropdown,{_OUT} .widget-text,{_OUT} .widget-combobox,{_OUT} .widget-button,"
         ".xlib-board .widget-dropdown,.xlib-board .widget-text,.xlib-board .widget-combobox{height:auto !important}"
         f".xlib-board .widget-slider{{min-height:{FINGER}px;height:auto !important}}"
         f".xlib-board .widget-slider .noUi-handle{{width:{FINGER}px !important;height:{FINGER}px !important;"
         f"top:calc(50% - {FINGER // 2}px) !important;right:-{FINGER // 2}px !important;border:14px solid transparent"
         " !important;background-clip:padding-box !important;box-shadow:inset 0 0 0 1px #777777 !important;"
         "border-radius:50% !important;box-sizing:border-box !important}"
         f".xlib-board .jupyter-widget-Collapse-header{{min-height:{FINGER}px;display:flex;align-items:center}}")

# The phone's layout, below PHONE px wide (the projector view keeps its own). Each board's body (its column with the
# canvas and its column of controls, or the canvas alone) becomes one column, its two columns dissolved into it
# (display:contents) and their parts put in the order a student on a phone needs them: the board across the whole
# width; then the status, the last move's sentence and the turn's own buttons (Pass, a colour to drop, the aiming
# game); then Undo, Redo and New game; then the rest in its order (History, the move box, Players, the moves,
# Save). ipywidgets' inline widths give way (!important), no box is wider than the page, texts grow to hold their
# lines instead of being cut.
_BOARD = ".xlib-board:not(.xlib-projector)>.widget-box"   # a board's body (the style and error boxes are no boxes)
_PARTS = f"{_BOARD}>.widget-vbox"                          # its columns (or its one column)
_CANVAS = f"{_PARTS}>canvas.xlib-canvas,{_PARTS}>:has(>canvas.xlib-canvas)"   # ipycanvas's, or the web canvas's box
PHONE_STYLE = (
    # the page's margins shrink to a few pixels so that the board gets the width (the page's cells, in Voila's
    # panel, or before it takes them: the site shows them once the first board is drawn, site/reveal.js)
    f".jp-LabShell .lm-BoxPanel-child,#rendered_cells{{padding-left:{PHONE_MARGIN}px !important;"
    f"padding-right:{PHONE_MARGIN}px !important}}"
    ".jp-Notebook .jp-Cell{padding-left:0 !important;padding-right:0 !important}"
    ".jp-Notebook .jp-OutputArea-output{margin-left:0 !important;max-width:100%}"
    f"{_BOARD}{{display:flex !important;flex-direction:column !important;align-items:stretch !important;"
    "width:100% !important;min-width:0 !important}"
    f"{_PARTS}{{display:contents !important}}"
    f"{_PARTS}>*,{_BOARD}>*{{order:5;width:auto !important;max-width:100% !important;min-width:0 !important;"
    "margin-left:0 !important;margin-right:0 !important;box-sizing:border-box}"
    f"{_CANVAS}{{order:0;width:100% !important;align-self:stretch !important}}"
    f"{_BOARD} canvas.xlib-canvas{{width:100% !important;height:auto !important;max-width:100% !important;"
    "max-height:none !important;min-width:0 !important}"
    f"{_PARTS}>.xlib-status{{order:1;height:auto !important;min-height:40px;overflow:visible !important}}"
    f"{_PARTS}>.xlib-message{{order:2;height:auto !important;min-height:0;overflow:visible !important}}"
    f"{_PARTS}>.xlib-choices,{_PARTS}>.xlib-shooting,{_BOARD}>.xlib-choices{{order:3;height:auto !important;"
    "min-height:0 !important;overflow:visible !important}"
    f"{_PARTS}:not(.xlib-main)>:first-child{{order:4}}"
    f"{_PARTS}>.widget-hbox{{flex-wrap:wrap !important}}"
    # texts wrap onto the lines they need
    ".xlib-board .xlib-status .widget-html-content,.xlib-board .xlib-message .widget-html-content,"
    ".xlib-board .xlib-choices .widget-html-content,.xlib-tutorial .xlib-sentence .widget-html-content,"
    ".xlib-tutorial .xlib-title .widget-html-content,.xlib-lesson-progress .widget-html-content"
    "{white-space:normal !important;overflow-wrap:anywhere;min-width:0}"
    ".xlib-tutorial .xlib-sentence,.xlib-tutorial .xlib-title{height:auto !important;overflow:visible !important}"
    ".xlib-tutorial .xlib-sentence{width:calc(100% - 4px) !important}"
    ".xlib-lesson-progress .widget-html{flex:1 1 100% !important;min-width:0 !important;max-width:100%}"
    # the lesson's rows of buttons and menus, and the aiming game, within the width
    ".xlib-tutorial .widget-hbox{flex-wrap:wrap !important;max-width:100%}"
    ".xlib-tutorial .widget-dropdown,.xlib-tutorial select{max-width:100% !important}"
    ".xlib-shooting{width:100% !important}.xlib-shooting canvas{width:100% !important}"
    ".xlib-shooting .widget-html{white-space:normal;max-width:100%}"
    # the seats' rows within the width
    ".xlib-board .widget-accordion .widget-hbox{flex-wrap:wrap;max-width:100%}"
    # zooming in is the phone's own pinch: the button that draws the board twice as wide gives way
    ".xlib-board .xlib-projector-row>:last-child{display:none !important}")

# The file button shows its own label without ipywidgets' file counter; the log keeps its height.
STYLE = ("<style>.xlib-upload{font-size:0 !important}.xlib-upload i{font-size:13px}"
         ".xlib-upload::after{content:'Load a game';font-size:13px;margin-left:4px}"
         # the move list keeps its width: the HTML widget's content, a flex item, would grow to its longest line
         # (which is never wrapped) and cut it at the column's edge; held to the list's width, a long line ends
         # in "…", whole in its tooltip
         ".xlib-log .widget-html-content{min-width:0}"
         ".xlib-status{line-height:1.3}.xlib-status b{font-size:14px;line-height:1.3}"
         # a drag on a board never selects text; on touch screens every button is a finger's size
         ".xlib-board canvas,.xlib-board .xlib-status,.xlib-board .xlib-message{user-select:none;"
         "-webkit-user-select:none;touch-action:manipulation}"
         "@media (pointer:coarse),(any-pointer:coarse){" + TOUCH + "}"
         # the projector view: the board takes the whole screen over the page (its heading too), the status and
         # the last move in large type; beside it every control a turn can need (Undo, Redo, New game, the
         # game's own buttons such as Pass or a colour to drop, the aiming game), the rest hidden
         ".xlib-projector{position:fixed !important;top:0;left:0;right:0;bottom:0;z-index:900;margin:0 !important;"
         "background:#FFFFFF;overflow:auto;padding:12px 16px;box-sizing:border-box}"
         # the page's panels contain their children; while a board is projected, they let it cover the screen
         ".lm-Widget:has(.xlib-projector){contain:none !important;transform:none !important}"
         # the board the screen's full height on the left; the status, the last move and the controls on its right
         ".xlib-projector .xlib-body{display:grid !important;grid-template-columns:auto 440px;"
         "grid-template-rows:auto auto 1fr;column-gap:24px;justify-content:center;align-items:start}"
         ".xlib-projector .xlib-main{display:contents !important}"
         ".xlib-projector canvas.xlib-canvas{grid-column:1;grid-row:1 / span 3;max-width:calc(100vw - 500px) "
         "!important;max-height:calc(100vh - 24px) !important}"
         ".xlib-projector .xlib-status{grid-column:2;grid-row:1;height:auto !important;min-height:44px;"
         "width:auto !important;min-width:0 !important;text-wrap:balance}"
         ".xlib-projector .xlib-status b{font-size:30px !important}"
         ".xlib-projector .xlib-message{grid-column:2;grid-row:2;height:auto !important;min-height:150px;"
         "width:auto !important;min-width:0 !important}"
         ".xlib-projector .xlib-message div{font-size:22px !important}"
         ".xlib-projector .xlib-side{grid-column:2;grid-row:3;margin:0 !important;width:auto !important;"
         "min-width:0 !important}"
         ".xlib-projector .xlib-side>:not(.xlib-top-row):not(.xlib-projector-row):not(.xlib-choices)"
         ":not(.xlib-shooting):not(.xlib-live):not(.xlib-ledger){display:none !important}"
         ".xlib-projector .xlib-choices{height:auto !important;min-height:72px}"
         ".xlib-projector .xlib-side button{font-size:20px !important;min-height:44px;width:auto !important;"
         "flex:0 0 auto !important;padding:0 14px}"
         # the result at the game's end, read from the back of the room: 20 px or more, as all projected type
         ".xlib-projector .xlib-result b{font-size:30px !important}"
         ".xlib-projector .xlib-result div{font-size:22px !important}"
         # zoomed in: the board drawn twice as large, scrolled inside its column (many XATS stacks, say)
         ".xlib-zoomed .xlib-main{max-width:calc(100vw - 400px);overflow:auto}"
         ".xlib-zoomed canvas.xlib-canvas{max-width:none !important;max-height:none !important;"
         "width:1300px !important;height:auto !important}"
         # the aiming game follows the width: never wider than the page, its picture scaled to it
         ".xlib-shooting{max-width:100%}.xlib-shooting canvas{max-width:100% !important;height:auto !important}"
         ".xlib-shooting .widget-hbox{flex-wrap:wrap;max-width:100%}"
         f"@media (max-width:{PHONE}px){{" + PHONE_STYLE + "}</style>")
#: the touch sizes alone, for a page without a board (the gallery's buttons): include it once in the page
TOUCH_STYLE = "<style>@media (pointer:coarse),(any-pointer:coarse){" + TOUCH + "}</style>"
