"""A lesson as text to read on the page: its rules scene by scene and our decisions, as formatted HTML (headings,
lists, moves in the game's notation) with a plain-text version for readers without HTML."""
from __future__ import annotations

import html
from typing import Any

STYLE = "max-width:760px;line-height:1.45;font-size:14px"


class Text:
    """Text a notebook shows as its cell's output: formatted where HTML is shown, plain elsewhere."""

    def __init__(self, markup: str, plain: str) -> None:
        self.markup, self.plain = markup, plain

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.plain

    __str__ = __repr__


def _move(move: str) -> str:
    """A move in the game's notation, kept on one line."""
    return f"<code style='white-space:nowrap'>{html.escape(move)}</code>"


def rules_text(lesson: Any) -> Text:
    """Every scene of a lesson (its SCENES) as text: the rule's title, what it starts from, then each move with
    what it shows, as the lesson board says them."""
    parts, plain = [], []
    for scene in lesson.SCENES:
        steps = "".join(f"<li>{_move(str(m))}: {html.escape(text)}</li>"
                        for m, text in zip(scene.moves, scene.sentences[1:]))
        parts.append(f"<h4 style='margin:14px 0 4px 0'>{html.escape(scene.title)}</h4>"
                     f"<p style='margin:0 0 4px 0'>{html.escape(scene.sentences[0])}</p>"
                     + (f"<ol style='margin:0 0 4px 0'>{steps}</ol>" if steps else ""))
        plain.append(scene.transcript())
    return Text(f"<div class='xlib-rules-text' style='{STYLE}'>{''.join(parts)}</div>", "\n\n".join(plain))


def decisions_text(lesson: Any) -> Text:
    """Our decisions where the rules leave a gap (the lesson's DECISIONS), as a list."""
    decisions = list(getattr(lesson, "DECISIONS", []))
    items = "".join(f"<li>{html.escape(d)}</li>" for d in decisions)
    return Text(f"<div class='xlib-decisions' style='{STYLE}'><ul style='margin:0'>{items}</ul></div>",
                "\n".join(f"• {d}" for d in decisions))
