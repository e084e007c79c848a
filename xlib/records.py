"""Replaying JSON game records, with errors that say which part of the record is wrong."""
from __future__ import annotations

import json
from typing import Any

from .core import RECORD_VERSION, State
from .errors import RecordError, XlibError
from .registry import game


def replay(record: dict[str, Any] | str) -> State:
    """The final state of a record made by State.record() (a dict, or its JSON text)."""
    if isinstance(record, (str, bytes)):
        try:
            record = json.loads(record)
        except ValueError as exc:
            raise RecordError(f"the record is not valid JSON: {exc}") from None
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    for key in ("game", "moves"):
        if key not in record:
            raise RecordError(f"the record has no {key!r} field")
    version = record.get("version", RECORD_VERSION)
    if version != RECORD_VERSION:
        raise RecordError(f"record version {version!r} is not supported (this xlib reads version {RECORD_VERSION})")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("the record's 'options' must be an object")
    moves = record["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("the record's 'moves' must be a list of move notations")
    try:
        g = game(record["game"], **options)
    except XlibError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    seed = record.get("seed", 0)
    try:
        if "position" in record:
            state = g.position(record["position"], seed=seed)
        else:
            state = g.start(seed=seed)
    except ValueError as exc:
        raise RecordError(f"the record's start cannot be set up: {exc}") from None
    for i, text in enumerate(moves, 1):
        try:
            state = state.play(text)
        except XlibError as exc:
            raise RecordError(f"move {i} of the record ({text!r}) cannot be played: {exc}") from None
    return state


def dumps(state: State) -> str:
    """The record of `state` as JSON text."""
    return json.dumps(state.record(), indent=1)
