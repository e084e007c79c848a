"""Game options: each declared once with its default, a check, a line of help for programmers, and the same
in a student's words (a label, each value in words, what leaving it blank means) for the gallery and the apps."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .errors import OptionError

Check = Callable[[Any, Mapping[str, Any]], Any]


@dataclass(frozen=True)
class Option:
    """One option of a game. `check(value, options)` returns the normalised value or raises ValueError.

    `help` is for programmers (it may name Python values); `label`, `words` and `blank` say the option in
    a student's words: what it sets, each allowed value (`(value, words)` pairs), and what no value means."""

    name: str
    default: Any
    help: str
    check: Check
    label: str = ""
    words: tuple[tuple[Any, str], ...] = ()
    blank: str = ""

    def describe(self) -> str:
        return f"{self.name}={self.default!r} ({self.help})"

    def title(self) -> str:
        """What the option sets, in plain words (its help, capitalised, when it has no label)."""
        text = self.label or self.help
        return text[:1].upper() + text[1:]

    def value_words(self, value: Any) -> str:
        """A value as a student reads it: its words if declared, yes/no, a list, or the number itself."""
        for v, said in self.words:
            if v == value and type(v) is type(value):
                return said
        if value is None:
            return self.blank or "no limit"
        if value is True:
            return "yes"
        if value is False:
            return "no"
        if isinstance(value, (tuple, list)):
            return ", ".join(self.value_words(v) for v in value)
        return str(value)

    def in_words(self) -> str:
        """The option in one plain line: what it sets, its usual value, and the other choices or the blank.

        E.g. "Number of players: 2 (white and red); or 3 (white, blue and red)", "White pieces in the supply: 12
        (or unlimited)": the apps offer "unlimited" as a tick box."""
        line = f"{self.title()}: {self.value_words(self.default)}"
        others = [v for v in getattr(self.check, "values", ()) if not (v == self.default
                                                                         and type(v) is type(self.default))]
        if others:
            line += "".join(f"; or {self.value_words(v)}" for v in others)
        elif getattr(self.check, "allow_none", False):
            line += f" (or {self.value_words(None)})"
        return line


def resolve(game: str, specs: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate `given` against `specs`, filling in defaults; errors list the valid options."""
    names = [s.name for s in specs]
    unknown = [k for k in given if k not in names]
    if unknown:
        valid = "; ".join(s.describe() for s in specs) or "none"
        raise OptionError(f"{game} has no option {unknown[0]!r}; valid options: {valid}")
    out: dict[str, Any] = {}
    for spec in specs:  # in declaration order, so later checks may look at earlier options
        value = given.get(spec.name, spec.default)
        try:
            out[spec.name] = spec.check(value, out)
        except OptionError:
            raise
        except (ValueError, TypeError) as exc:
            raise OptionError(f"{game} option {spec.name}={value!r} is not valid: {exc}") from None
    return out


# Reusable checks ---------------------------------------------------------------------------

def choice(*values: Any) -> Check:
    """The value must be one of `values`."""

    def check(value: Any, _: Mapping[str, Any]) -> Any:
        if not any(value == v and type(value) is type(v) for v in values):
            raise ValueError("choose one of " + ", ".join(repr(v) for v in values))
        return value

    check.values = values  # type: ignore[attr-defined]  # a board offers these in a menu
    return check


def integer(low: int | None = None, high: int | None = None, allow_none: bool = False) -> Check:
    """A whole number within [low, high] (either bound may be open); None too if allowed."""

    def check(value: Any, _: Mapping[str, Any]) -> Any:
        if value is None and allow_none:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("a whole number is needed" + (" (or None)" if allow_none else ""))
        if low is not None and value < low:
            raise ValueError(f"it must be at least {low}")
        if high is not None and value > high:
            raise ValueError(f"it must be at most {high}")
        return value

    check.low, check.high, check.allow_none = low, high, allow_none  # type: ignore[attr-defined]
    return check


def number(low: float | None = None, high: float | None = None) -> Check:
    """A real number within [low, high]."""

    def check(value: Any, _: Mapping[str, Any]) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise ValueError("a number is needed")
        if low is not None and value < low:
            raise ValueError(f"it must be at least {low}")
        if high is not None and value > high:
            raise ValueError(f"it must be at most {high}")
        return value

    check.low, check.high, check.real = low, high, True  # type: ignore[attr-defined]  # for a board's number field
    return check
