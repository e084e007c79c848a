"""The board's look in CSS, in one place: touch sizes, the projector view, zoom (and the width's layouts)."""
from __future__ import annotations

SIDE_WIDTH = 300
MIN_COLUMN = 300   # the board's column never narrower (screen pixels)
FINGER = 40        # a button's height on a touch screen, a finger's size (ipywidgets draws them 28 px high)
#: the style's variable for how much taller a lesson's row of buttons over its board stands on a touch screen
#: (the buttons a finger's size): the board is that much shorter there (Board.fit_canvas subtracts it), so that
#: its foot stays on the screen
TALLER_ROWS = "--xlib-taller-rows"
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
         "@media (pointer:coarse),(any-pointer:coarse){.xlib-board button,.xlib-tutorial button,"
         f".xlib-board select{{min-height:{FINGER}px}}.xlib-tutorial{{{TALLER_ROWS}:{FINGER - 28}px}}"
         # the boxes round a taller menu or text field grow with it: a seat's menu never covers its name box
         ".xlib-board .widget-dropdown,.xlib-board .widget-text,.xlib-board .widget-combobox{height:auto !important}"
         f".xlib-board .widget-text input,.xlib-board .widget-combobox input{{min-height:{FINGER}px}}}}"
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
         "width:1300px !important;height:auto !important}</style>")
