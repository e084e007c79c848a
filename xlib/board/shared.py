"""Layout and style models shared by the widgets that never change them: a page of boards sends the browser
a few hundred widget models instead of a thousand, and paints sooner."""
from __future__ import annotations

from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_string import HTMLStyle

_MODELS: dict[tuple[Any, ...], Any] = {}


def _shared(kind: type, **traits: Any) -> Any:
    key = (kind.__name__, *sorted(traits.items()))
    model = _MODELS.get(key)
    if model is None or getattr(model, "comm", True) is None:   # made anew if its comm was closed
        model = _MODELS[key] = kind(**traits)
    return model


def layout(**traits: Any) -> w.Layout:
    """One Layout model for every widget laid out alike (never change it: every user would change)."""
    return _shared(w.Layout, **traits)


def html_style() -> HTMLStyle:
    return _shared(HTMLStyle)


def button_style() -> ButtonStyle:
    return _shared(ButtonStyle)


def html(value: str = "", **traits: Any) -> w.HTML:
    """An HTML widget with a shared layout and style."""
    return w.HTML(value, layout=layout(**traits), style=html_style())


def button(description: str, width: str, **kwargs: Any) -> w.Button:
    """A button of a width, with a shared layout and style."""
    return w.Button(description=description, layout=layout(width=width), style=button_style(), **kwargs)


def hbox(children: list[Any] | tuple[Any, ...] = (), **traits: Any) -> w.HBox:
    return w.HBox(list(children), layout=layout(**traits))


def vbox(children: list[Any] | tuple[Any, ...] = (), **traits: Any) -> w.VBox:
    return w.VBox(list(children), layout=layout(**traits))
