"""The link to a game's printable rules: a button that builds the A4 sheet in the kernel only when pressed, then
offers it as a download, so the gallery and the apps stay light until a teacher asks for it."""
from __future__ import annotations

import base64
import html
from typing import Callable, Sequence

import ipywidgets as w

from .. import registry

LABEL = "Print the rules (A4)"
LINK_STYLE = ("display:inline-block;padding:4px 10px;border:1px solid #888;border-radius:3px;background:#F0F0F0;"
              "color:#222;text-decoration:none")


def download_link(game: str, sheet: str) -> str:
    """An HTML link that downloads `sheet` (the HTML of `game`'s rules) as <game>-rules.html."""
    href = "data:text/html;base64," + base64.b64encode(sheet.encode("utf-8")).decode("ascii")
    title = html.escape(registry.game_class(game).title)
    return (f'<a download="{game}-rules.html" href="{href}" class="xlib-handout-link" style="{LINK_STYLE}" '
            f'title="Open the saved file in a browser and print it on A4">&#8681; Save the {title} rules sheet</a>')


def build_sheet(game: str) -> str:
    """The printable sheet of `game` (imported only now: drawing the pictures needs the game views)."""
    from ..handouts import handout

    return handout(game)


class HandoutLink:
    """A button that makes `game`'s printable rules when pressed, then shows the link that downloads them."""

    def __init__(self, game: str, label: str = LABEL, build: Callable[[str], str] = build_sheet) -> None:
        title = registry.game_class(game).title   # an unknown game is refused now, not on the click
        self.game = game
        self.build_sheet = build
        self.button = w.Button(description=label, icon="print",
                               tooltip=f"Make a sheet of the rules of {title} to print on A4",
                               layout=w.Layout(width="auto"))
        self.link = w.HTML()
        self.button.on_click(lambda _: self.build())
        self.widget = w.HBox([self.button, self.link], layout=w.Layout(align_items="center"))
        self.widget.add_class("xlib-handout")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def build(self) -> None:
        """Make the sheet and show its download link (the button stays for making it again)."""
        self.button.disabled = True
        self.link.value = "<i>Drawing the pictures…</i>"
        try:
            sheet = self.build_sheet(self.game)
        except Exception as error:   # the page stays usable and says so in words; the details wait in a tooltip
            self.link.value = (f"<span style='color:#B00020' title='{html.escape(str(error), quote=True)}'>The "
                               f"sheet could not be made. Please tell whoever looks after these apps.</span>")
        else:
            self.link.value = download_link(self.game, sheet)
        finally:
            self.button.disabled = False


class HandoutLinks:
    """One row of buttons for the gallery, one per game, each making that game's sheet only when pressed; its
    link appears right under its own button, where the eye is."""

    def __init__(self, games: Sequence[str] | None = None) -> None:
        names = list(games) if games is not None else list(registry.game_names())
        self.links = [HandoutLink(g, label=registry.game_class(g).title) for g in names]
        self.columns = [w.VBox([link.button, link.link], layout=w.Layout(align_items="flex-start",
                                                                          margin="0 8px 0 0"))
                        for link in self.links]
        for column in self.columns:
            column.add_class("xlib-handout-game")
        self.widget = w.HBox(self.columns, layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget.add_class("xlib-handouts")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
