"""Saving and loading games on the board: the download link of the game's record, and reading an uploaded file."""
from __future__ import annotations

import base64
import json
from typing import Any

from ..core import State

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
