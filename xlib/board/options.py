"""Controls for a new game's options, in a student's words, built from the game's option declarations.

A choice becomes a menu, a whole number a number box, a number that may be unlimited a number
box with an "unlimited" tick box; any other option a text box. Reading them back checks each
value with the game's own check and names the control and what it allows when one is wrong."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..options import Option
from .view import View

WIDTH = "290px"


def _words(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


class OptionField:
    """One option's control: a menu, a number box (with "unlimited" where allowed) or a text box."""

    def __init__(self, spec: Option, value: Any, view: View) -> None:
        self.spec = spec
        self.label = view.option_labels.get(spec.name) or spec.title()
        check = spec.check
        self.values = getattr(check, "values", None)
        self.allow_none = bool(getattr(check, "allow_none", False))
        self.unlimited: w.Checkbox | None = None
        style = {"description_width": "0px"}
        title = w.HTML(f"<span style='font-size:12px'>{self.label}</span>", layout=w.Layout(width=WIDTH))
        if self.values:
            words = view.value_labels.get(spec.name, {})
            choices = [(words.get(v, spec.value_words(v)), v) for v in self.values]
            self.control: w.Widget = w.Dropdown(options=choices, value=value, layout=w.Layout(width=WIDTH), style=style)
        elif hasattr(check, "real"):
            self.control = w.FloatText(value=value, step=0.5, layout=w.Layout(width="120px"), style=style)
        elif hasattr(check, "low"):
            self.control = w.IntText(value=spec.default if value is None else value, layout=w.Layout(width="120px"),
                                     style=style)
            if self.allow_none:
                self.unlimited = w.Checkbox(value=value is None, indent=False,
                                            description=view.none_labels.get(spec.name, spec.blank or "unlimited"),
                                            layout=w.Layout(width="150px"))
                self.unlimited.observe(lambda ch: setattr(self.control, "disabled", ch["new"]), names="value")
                self.control.disabled = value is None
        else:
            shown = ", ".join(_words(v) for v in value) if isinstance(value, (tuple, list)) else _words(value)
            self.control = w.Text(value=shown, layout=w.Layout(width=WIDTH), style=style)
        self.control.tooltip = spec.in_words()   # plain words, never the programmers' help
        row = [self.control] + ([self.unlimited] if self.unlimited is not None else [])
        self.widget = w.VBox([title, w.HBox(row)], layout=w.Layout(margin="0 0 4px 0"))

    def raw(self) -> Any:
        """The value as entered (text boxes read as numbers or lists of numbers where they look so)."""
        if self.unlimited is not None and self.unlimited.value:
            return None
        value = self.control.value
        if isinstance(self.control, w.Text):
            parts = [p.strip() for p in value.replace(";", ",").split(",") if p.strip()]
            try:
                nums = [float(p) if any(c in p for c in ".eE") else int(p) for p in parts]
            except ValueError:
                return value.strip()
            return nums[0] if len(nums) == 1 else tuple(nums)
        return value

    def set(self, value: Any) -> None:
        if self.unlimited is not None:
            self.unlimited.value = value is None
            if value is None:
                return
        if isinstance(self.control, w.Text):
            self.control.value = ", ".join(_words(v) for v in value) if isinstance(value, (tuple, list)) \
                else _words(value)
        else:
            self.control.value = value


class OptionFields:
    """Every option of a game, checked together in declaration order."""

    def __init__(self, specs: tuple[Option, ...], values: dict[str, Any], view: View) -> None:
        self.fields = {s.name: OptionField(s, values[s.name], view) for s in specs}
        self.widget = w.VBox([f.widget for f in self.fields.values()])

    def read(self) -> tuple[dict[str, Any], str | None]:
        """(options, None) when every value is allowed, else ({}, a sentence naming the control and the rule)."""
        out: dict[str, Any] = {}
        for name, f in self.fields.items():
            value = f.raw()
            try:
                out[name] = f.spec.check(value, out)
            except (ValueError, TypeError) as exc:
                shown = "unlimited" if value is None else _words(value)
                if isinstance(value, tuple):
                    shown = ", ".join(_words(v) for v in value)
                return {}, f"{f.label}: {shown} is not allowed ({exc})."
        return out, None

    def set(self, values: dict[str, Any]) -> None:
        for name, value in values.items():
            if name in self.fields:
                self.fields[name].set(value)
