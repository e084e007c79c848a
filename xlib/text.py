"""Reading numbers in notation and position text: ASCII digits 0-9 only, for every game.

`str.isdigit()` and `int()` accept other scripts' digits ('³', '٣'); RULES.md allows only ASCII."""
from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]+")
MAX_DIGITS = 18  # longer numbers name nothing on a board; int() would refuse past 4300 digits anyway


def is_number(text: str) -> bool:
    """True when `text` is one or more ASCII digits and nothing else."""
    return _DIGITS.fullmatch(text) is not None


def number(text: str, what: str, error: type[Exception]) -> int:
    """`text` as a whole number of ASCII digits; otherwise `error` naming `what` was expected."""
    if not is_number(text):
        raise error(f"{what} must be written with the digits 0-9, not {text!r}")
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise error(f"{what} {text[:20]}… has more than {MAX_DIGITS} digits")
    return int(text)


def non_ascii_digit(text: str) -> str | None:
    """The first character of `text` that is a digit or number sign of another script ('³', '٣', '½'), if any."""
    if text.isascii():
        return None
    for ch in text:
        if ch.isnumeric() and not ch.isascii():
            return ch
    return None
