"""Game options: each declared once with its default, a check and a line of help."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .errors import OptionError

Check = Callable[[Any, Mapping[str, Any]], Any]


@dataclass(frozen=True)
class Option:
    """One option of a game. `check(value, options)` returns the normalised value or raises ValueError."""

    name: str
    default: Any
    help: str
    check: Check

    def describe(self) -> str:
        return f"{self.name}={self.default!r} ({self.help})"


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
