"""What every experiment panel of the notebooks shares: runs in the background, the report helpers, and a
class chosen by its code.

A panel's buttons start a run on a background thread, so the page stays live while games are played;
the buttons are disabled meanwhile, progress is told in words ("Playing: game 12 of 60"), and a
ValueError (bad input) is shown in the panel as a sentence. Results are HTML tables, discussion
prompts and matplotlib figures shown as images. A lab reads a class's own games through
ClassChooser: a box for the class code and a button, as the class panel opens a class. Nothing here
knows a game.
"""
from __future__ import annotations

import base64
import html
import io
import threading
import traceback
from typing import Any, Callable, Sequence

import ipywidgets as w
import traitlets

from ..board.access import page_access
from ..board.board import in_kernel
from ..classroom import ClassError, ClassStore, StoredGame, UnknownClass, check_code, open_store
from ..core import State
from ..records import replay
from .pictures import describe_figure, screen_width

#: the look of result tables, their headings and discussion prompts (a panel puts it before its HTML): the type
#: grows with the screen, 14 px on a laptop and 20 px on a 1920-pixel projector, to be read from the back of the room
TABLE_STYLE = ("<style>.xlib-table table{border-collapse:collapse;font-size:clamp(13px,1.05vw,22px)}"
               ".xlib-table th,.xlib-table td{padding:3px 8px;border-bottom:1px solid #ddd;text-align:right}"
               ".xlib-table tbody th,.xlib-table thead th:first-child{text-align:left}"
               ".xlib-prompt{background:#FFF8E1;border-left:4px solid #E69F00;padding:6px 10px;margin:6px 0;"
               "max-width:max(760px,50vw);font-size:clamp(13px,1.05vw,22px)}"
               ".widget-html-content:has(.xlib-table,.xlib-prompt) :is(h3,h4){font-size:clamp(14px,1.2vw,26px)}"
               "</style>")

#: a run's error colour, dark enough to read on white
ERROR_COLOUR = "#B00020"


def table_html(df: Any) -> str:
    """A pandas table as HTML in the shared table style (put TABLE_STYLE before it), with one header row:
    the rows' name ('mix', 'seat') heads their column instead of taking a row of its own."""
    if df.index.nlevels == 1 and df.index.name is not None and df.columns.nlevels == 1:
        df = df.rename_axis(index=None, columns=df.index.name)
    return f"<div class='xlib-table'>{df.to_html(float_format=plain_number)}</div>"


def plain_number(value: float) -> str:
    """A number as a table shows it: a whole one without decimals (2, not 2.0), else at most two (1.5, 0.33)."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")


def teacher_sentence(code: str, error: ClassError) -> str:
    """What a teacher's "open a class" box says of a code that opens no class: the store's sentences are for the
    groups ("check the code the teacher shows"), these for the teacher who started the class."""
    if isinstance(error, UnknownClass):
        return (f"There is no class {check_code(code)} in this class database: check the code you noted when you "
                f"started the class (a class started on another computer, or with another XLIB_CLASS_DB, is not "
                f"here), or press Start a new class.")
    if not str(code).strip():
        return "Type the code of a class you started earlier, such as 7F3K, then open it."
    return str(error)


def csv_link(text: str, filename: str, label: str, css_class: str = "") -> str:
    """A link that saves `text` as a CSV file named `filename`, held in the page (no server round trip)."""
    data = base64.b64encode(text.encode()).decode()
    cls = f' class="{css_class}"' if css_class else ""
    return f'<a download="{html.escape(filename)}" href="data:text/csv;base64,{data}"{cls}>{label}</a>'


def prompt(text: str) -> w.HTML:
    """A discussion prompt for the class, set apart from the results it asks about."""
    return w.HTML(f"{TABLE_STYLE}<div class='xlib-prompt'><b>Discuss.</b> {text}</div>")


#: dots per inch of a panel's plots: sharp when a projector shows them large
FIGURE_DPI = 135


def figure_png(fig: Any) -> bytes:
    """A matplotlib figure as PNG bytes, cropped to what is drawn."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=FIGURE_DPI, bbox_inches="tight")
    return buf.getvalue()


class Picture(w.Image):
    """An image whose tooltip is its text alternative. The page's image view reads a description beside the
    tooltip, which a plain Image lacks: given a tooltip, it fails to draw at all."""

    description = traitlets.Unicode("").tag(sync=True)


def image(fig: Any, max_width: str = "100%") -> w.Image:
    """A matplotlib figure as an image widget, as wide as its size at the page's scale, which grows with the
    screen so its type reads from the back of the room (pictures.screen_width); no wider than `max_width`."""
    png = figure_png(fig)
    img = Picture(value=png, format="png", layout=w.Layout(width=screen_width(png, FIGURE_DPI), max_width=max_width))
    img.tooltip = describe_figure(fig)   # the picture's text alternative: what it shows, with its numbers
    img.add_class("xlib-plot")
    return img


def figure(width: float = 7.5, height: float = 3.4, cols: int = 1, rows: int = 1) -> tuple[Any, Any]:
    """A figure of rows × cols plots (in inches), drawn without pyplot so the kernel's plotting backend is
    left alone; its axes as matplotlib's subplots gives them (one, a row, or a grid)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    axes = fig.subplots(rows, cols)
    for ax in fig.axes:
        ax.spines[["top", "right"]].set_visible(False)
    return fig, axes


class BackgroundRun:
    """The running part of an experiment panel: buttons that start one run at a time on a background
    thread, progress in words, and errors in the panel.

    A subclass makes its buttons with `button` and lays out `message`, `progress` and `errors` in its
    widget. Outside a kernel (`background` None and no kernel, or False) a run happens at once, which
    is what scripts and tests want."""

    #: the panel's whole widget, made by the subclass
    widget: w.Box
    #: told to a second press while a run is going on
    busy_text = "<i>An experiment is running: wait for it to finish.</i>"

    def __init__(self, background: bool | None = None, bar_width: str = "420px") -> None:
        self.background = in_kernel() if background is None else background
        self.running = False
        self._worker: threading.Thread | None = None
        self.buttons: list[w.Button] = []
        self.progress_bar = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width=bar_width,
                                                                                  visibility="hidden"))
        self.progress_text = w.HTML()
        # the page set up for keyboards and screen readers (named sliders, pictures' words), once per page
        self.progress = w.HBox([self.progress_bar, self.progress_text, page_access()])
        self.progress.add_class("xlib-progress")
        self.message = w.HTML()
        self.errors = w.Output()
        self._told: list[list[Any]] = []   # this run's progress reports: [words when done, games done, of total]

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def button(self, description: str, fn: Callable[[], None], **options: Any) -> w.Button:
        """A button that starts `fn` as a run, and is disabled while any run of this panel goes on."""
        b = w.Button(description=description, **options)
        b.on_click(lambda _: self.start(fn))
        self.buttons.append(b)
        return b

    def start(self, fn: Callable[[], None]) -> None:
        """Run `fn` from a button: one run at a time, the buttons disabled meanwhile, a second press answered."""
        if self.running:
            self.message.value = self.busy_text
            return
        self.running = True
        self._told = []
        self._enable(False)

        def job() -> None:
            try:
                self._guarded(fn)
            finally:
                self._finished()
                self.progress_bar.layout.visibility = "hidden"
                self.running = False
                self._enable(True)

        if self.background:
            self._worker = threading.Thread(target=job, daemon=True)
            self._worker.start()
        else:
            job()

    def _enable(self, enabled: bool) -> None:
        for b in self.buttons:
            b.disabled = not enabled

    def _guarded(self, fn: Callable[[], None]) -> None:
        """Run `fn`: bad input (a ValueError) becomes a sentence in the panel, anything else a report to send."""
        try:
            fn()
        except ValueError as exc:
            self.message.value = f"<span style='color:{ERROR_COLOUR}'>{html.escape(str(exc), quote=False)}</span>"
        except Exception:
            self.errors.append_stdout("Something went wrong; please report this message:\n" + traceback.format_exc())

    def wait(self, timeout: float = 300.0) -> None:
        """Wait for a run started from a button to finish (at most `timeout` seconds)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def report(self, what: str = "Playing", done_words: str = "{n} games played") -> Callable[[int, int], None]:
        """Show the progress bar, and a function that tells it the games done in words: "Playing: game 12 of 60".
        When the run ends, the line becomes a finished sentence made of `done_words` ("Finished: 60 games
        played."), or says where it stopped."""
        self.progress_bar.layout.visibility = "visible"
        entry: list[Any] = [done_words, 0, 0]
        self._told.append(entry)

        def told(done: int, total: int) -> None:
            entry[1:] = [done, total]
            self.progress_bar.max = max(1, total)
            self.progress_bar.value = done
            self.progress_text.value = f"{what}: game {done} of {total}"
        return told

    def _finished(self) -> None:
        """The progress line after a run: what was done, in a finished sentence (nothing if nothing was told)."""
        told = [e for e in self._told if e[2]]
        if not told:
            return
        stopped = [e for e in told if e[1] < e[2]]
        if stopped:
            self.progress_text.value = f"Stopped after game {stopped[0][1]} of {stopped[0][2]}."
        else:
            self.progress_text.value = "Finished: " + "; ".join(str(e[0]).format(n=e[2]) for e in told) + "."


class ClassChooser(BackgroundRun):
    """A class chosen by its code, for a lab to set the class's own games beside its experiments: a box for the
    code and a button (as the class panel's "Open this class"), then the class's finished games of `games`,
    read from the class database (the one every kernel of the class shares) and replayed.

    A subclass names its `games` and shows what it reads in `show_games`; reading happens in the
    background inside a kernel, and a wrong code or a database problem is said in the panel."""

    #: the games whose finished games a lab reads (names as in xlib.game_names())
    games: Sequence[str] = ()
    #: the button's words
    button_text = "Show our class's games"

    def __init__(self, store: ClassStore | None = None, url: str | None = None,
                 background: bool | None = None) -> None:
        super().__init__(background)
        self._store = store
        self.url = url
        self.code: str | None = None
        self.code_box = w.Text(placeholder="a class code", description="Class code", layout=w.Layout(width="210px"),
                               style={"description_width": "80px"})
        self.code_box.add_class("xlib-class-code-input")
        self.show_button = self.button(self.button_text, self.show_chosen, icon="users",
                                       layout=w.Layout(width="220px"))
        self.chooser = w.HBox([self.code_box, self.show_button], layout=w.Layout(align_items="center"))

    def store(self) -> ClassStore:
        """The class database, opened when first needed."""
        if self._store is None:
            self._store = open_store(self.url)
        return self._store

    def show_chosen(self) -> None:
        """Show the class whose code is in the box (the button)."""
        self.show_class(self.code_box.value)

    def show_class(self, code: str) -> None:
        """Read the class's finished games and show them; a wrong code is said in the panel, in a sentence."""
        self.message.value = "<i>Reading the class's games…</i>"
        store = self.store()
        try:
            info = store.class_info(code)
        except ClassError as exc:
            raise ClassError(teacher_sentence(code, exc)) from None
        found: dict[str, list[tuple[State, StoredGame]]] = {}
        for game in self.games:
            stored = store.games(info.code, game=game, records=True)
            found[game] = [(replay(g.record), g) for g in stored if g.record is not None]
        self.code, self.code_box.value = info.code, info.code
        self.message.value = ""
        self.show_games(info.code, found)

    def show_games(self, code: str, games: dict[str, list[tuple[State, StoredGame]]]) -> None:
        """Show the class's finished games, by game: each its final state and how it was stored."""
        raise NotImplementedError
