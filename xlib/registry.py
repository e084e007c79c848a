"""The registry of games: names mapped to the module and class that implement them."""
from __future__ import annotations

import importlib
from typing import Any

from .core import Game
from .errors import OptionError

_GAMES: dict[str, str] = {
    "xallies": "xlib.games.xallies:XAllies",
    "alea": "xlib.games.alea:Alea",
    "xats": "xlib.games.xats:Xats",
    "xerog": "xlib.games.xerog:XeroG",
    "x": "xlib.games.x:X",
}


def game_names() -> tuple[str, ...]:
    """Names of the registered games, in the order of RULES.md."""
    return tuple(_GAMES)


def game_class(name: str) -> type[Game]:
    if not isinstance(name, str) or name not in _GAMES:
        raise OptionError(f"no game named {name!r}; games: {', '.join(_GAMES)}")
    module, cls = _GAMES[name].split(":")
    return getattr(importlib.import_module(module), cls)


def game(name: str, **options: Any) -> Game:
    """A game with options given by keyword, e.g. game("xallies", players=4)."""
    return game_class(name)(**options)
