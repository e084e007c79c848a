"""Replaying JSON game records, with errors that say which part of the record is wrong.

A record may come from a file anyone could have written, so every part is checked (its size,
its shape, the type of each field) before a single move is replayed: a corrupt or hostile
record gives a RecordError naming the fault, never a hang. Records are JSON only.
"""
from __future__ import annotations

import json
from typing import Any

from .core import RECORD_VERSION, State
from .errors import RecordError, XlibError
from .registry import game

FORMAT = "xlib-record"
FIELDS = ("format", "version", "game", "options", "seed", "position", "moves")
MAX_RECORD_CHARS = 1_000_000   # JSON text; a long game takes a few hundred thousand
MAX_MOVES = 20_000             # more decisions than any game of the five needs under its options
MAX_MOVE_CHARS = 100           # the longest notation is a whole XAllies turn or a Xero-G flight
MAX_POSITION_CHARS = 10_000    # a 26×26 X board is under 800 characters
MAX_OPTIONS = 20
MAX_OPTION_CHARS = 100         # a text option value
MAX_OPTION_ITEMS = 8           # a list option value (one number per player)


def replay(record: dict[str, Any] | str | bytes) -> State:
    """The final state of a record made by State.record() (a dict, or its JSON text)."""
    data = _load(record)
    options, moves, seed = _check(data)
    try:
        g = game(data["game"], **options)
    except XlibError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    try:
        state = g.position(data["position"], seed=seed) if "position" in data else g.start(seed=seed)
    except XlibError as exc:
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


def _load(record: object) -> dict[str, Any]:
    """The record as a dict: JSON text is size-checked before it is parsed."""
    if isinstance(record, bytes):
        if len(record) > 4 * MAX_RECORD_CHARS:
            raise RecordError(f"the record is {len(record):,} bytes long; a record is at most "
                              f"{MAX_RECORD_CHARS:,} characters")
        try:
            record = record.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the record is not UTF-8 text: {exc}") from None
    if isinstance(record, str):
        if len(record) > MAX_RECORD_CHARS:
            raise RecordError(f"the record is {len(record):,} characters long; a record is at most "
                              f"{MAX_RECORD_CHARS:,}")
        try:
            record = json.loads(record)
        except RecursionError:
            raise RecordError("the record is not valid JSON: it is nested too deeply") from None
        except ValueError as exc:
            raise RecordError(f"the record is not valid JSON: {exc}") from None
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {_kind(record)}")
    return record


def _check(data: dict[str, Any]) -> tuple[dict[str, Any], list[str], int]:
    """Every field's type and size, before any replay: (options, moves, seed)."""
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise RecordError(f"the record has an unknown field {str(unknown[0])[:40]!r}; a record's fields are "
                          f"{', '.join(FIELDS)}")
    for key in ("game", "moves"):
        if key not in data:
            raise RecordError(f"the record has no {key!r} field")
    if "format" in data and data["format"] != FORMAT:
        raise RecordError(f"the record's format is {_short(data['format'])}, not {FORMAT!r}")
    version = data.get("version", RECORD_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version != RECORD_VERSION:
        raise RecordError(f"record version {_short(version)} is not supported (this xlib reads version "
                          f"{RECORD_VERSION})")
    if not isinstance(data["game"], str):
        raise RecordError(f"the record's 'game' is the name of a game, not {_kind(data['game'])}")
    if len(data["game"]) > MAX_OPTION_CHARS:
        raise RecordError(f"the record's game {_short(data['game'])} is not the name of a game")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"the record's 'seed' must be a whole number, not {_short(seed)} ({_kind(seed)})")
    if "position" in data:
        position = data["position"]
        if not isinstance(position, str):
            raise RecordError(f"the record's 'position' is position text, not {_kind(position)}")
        if len(position) > MAX_POSITION_CHARS:
            raise RecordError(f"the record's 'position' is {len(position):,} characters long; position text is "
                              f"at most {MAX_POSITION_CHARS:,}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"the record's 'options' must be an object, not {_kind(options)}")
    if len(options) > MAX_OPTIONS:
        raise RecordError(f"the record has {len(options)} options; a game has at most {MAX_OPTIONS}")
    for name, value in options.items():
        _check_option(name, value)
    moves = data["moves"]
    if not isinstance(moves, list):
        raise RecordError(f"the record's 'moves' must be a list of move notations, not {_kind(moves)}")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record has {len(moves):,} moves; a record holds at most {MAX_MOVES:,}")
    for i, m in enumerate(moves, 1):
        if not isinstance(m, str):
            raise RecordError(f"move {i} of the record is {_kind(m)}; the record's 'moves' must be a list of "
                              f"move notations")
        if len(m) > MAX_MOVE_CHARS:
            raise RecordError(f"move {i} of the record is {len(m):,} characters long; a move's notation is at "
                              f"most {MAX_MOVE_CHARS}")
    return options, moves, seed


def _check_option(name: object, value: object) -> None:
    """An option value in a record is a JSON scalar, or a short list of numbers (one per player)."""
    if not isinstance(name, str) or len(name) > MAX_OPTION_CHARS:
        raise RecordError(f"the record has an option named {_short(name)}, which no game has")
    items = value if isinstance(value, list) else [value]
    if isinstance(value, list) and len(value) > MAX_OPTION_ITEMS:
        raise RecordError(f"the record's option {name!r} lists {len(value)} values; at most "
                          f"{MAX_OPTION_ITEMS} (one per player)")
    for item in items:
        if item is not None and not isinstance(item, (bool, int, float, str)):
            raise RecordError(f"the record's option {name!r} is {_kind(item)}; an option is a number, "
                              f"text, true/false or null")
        if isinstance(item, str) and len(item) > MAX_OPTION_CHARS:
            raise RecordError(f"the record's option {name!r} is {len(item):,} characters long; at most "
                              f"{MAX_OPTION_CHARS}")


def _kind(value: object) -> str:
    """A JSON reader's name for the type of `value`."""
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a whole number",
             float: "a number with a fraction", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _short(value: object) -> str:
    """`value` quoted for a message, cut short if it is long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
