"""Saving and loading games on the board: the download link of the game's record, and reading an uploaded file."""
from __future__ import annotations

import base64
import html
import json
from typing import Any, Callable

import ipywidgets as w

from ..core import State
from ..errors import XlibError
from ..records import replay
from . import shared

MAX_RECORD_BYTES = 2_000_000   # a saved game is far smaller; larger uploads are refused unread


def save_link(state: State) -> str:
    """An HTML link that downloads the game's record as a JSON file."""
    record = json.dumps(state.record(), indent=1)
    href = "data:application/json;base64," + base64.b64encode(record.encode()).decode()
    return (f'<a download="{state.game.name}-game.json" href="{href}" class="xlib-save" '
            f'style="display:inline-block;padding:4px 10px;margin-right:8px;border:1px solid '
            f'#888;border-radius:3px;background:#F0F0F0;color:#222;text-decoration:none">'
            f'&#8681; Save this game</a>')


def read_upload(item: Any) -> tuple[str, str]:
    """(the file's text, "") for an uploaded file, or ("", a sentence) when it is too large to be a record."""
    size = item.get("size", len(item["content"])) if isinstance(item, dict) else len(item.content)
    content = item["content"] if isinstance(item, dict) else item.content
    if size > MAX_RECORD_BYTES:
        return "", f"This file is too large to be a game record ({size:,} bytes)."
    return bytes(content).decode("utf-8", errors="replace"), ""


def read_record(record: dict[str, Any] | str, game: str, title: str) -> tuple[State | None, str]:
    """(the position a game record leads to, "") or (None, why it cannot be loaded on a board of `game`)."""
    if isinstance(record, str) and len(record) > MAX_RECORD_BYTES:
        return None, f"This file is too large to be a game record ({len(record):,} characters)."
    try:
        state = replay(record)
    except XlibError as exc:
        text = str(exc)
        if "not valid JSON" in text or "not a JSON object" in text:   # the parser's own words help nobody
            text = "this file is not a game saved with Save this game (it is not a game record at all)"
        return None, f"This game could not be loaded: {html.escape(text)}."
    if state.game.name != game:
        return None, f"This record is a game of {state.game.title}, not {title}."
    return state, ""


class Files:
    """A full board's Save this game link (`save_link`) and Load a game button (`upload`): a file chosen is read
    and handed to `load` (the board's), or `say` says why not."""

    def __init__(self, *, guard: Callable[[Callable[..., Any]], Callable[..., Any]], say: Callable[[str, str], None],
                 load: Callable[[str], None]) -> None:
        self.guard, self.say, self.load = guard, say, load
        self.save_link = w.HTML(style=shared.html_style(), layout=shared.layout())
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load a game", icon="folder-open",
                                   layout=shared.layout(width="146px"))
        self.upload.observe(guard(self.on_upload), names="value")
        self.upload.add_class("xlib-upload")
        self.upload.tooltip = "load a game saved before (a .json file from Save this game)"

    def on_upload(self, change: dict[str, Any]) -> None:
        """A file chosen with Load a game: loaded when it is a game record, else said why not."""
        files = change["new"]
        if not files:
            return
        text, problem = read_upload(files[0])
        if problem:
            self.say(problem, "illegal")
        else:
            self.load(text)
        self.upload.unobserve_all("value")
        self.upload.value = ()
        self.upload.observe(self.guard(self.on_upload), names="value")

    def show(self, state: State, owns_game: bool) -> None:
        """The link saves the game as it stands; a game that is a class table's is not loaded over."""
        self.upload.disabled = not owns_game
        self.save_link.value = save_link(state)
