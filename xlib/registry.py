"""The registry: each game's name mapped to its rules, its view and its lesson (one line each)."""
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


#: how each game is drawn on the interactive board (imported only when a board needs it)
_VIEWS: dict[str, str] = {
    "xallies": "xlib.views.xallies:XAlliesView",
    "alea": "xlib.views.alea:AleaView",
    "xats": "xlib.views.xats:XatsView",
    "xerog": "xlib.views.xerog:XeroGView",
    "x": "xlib.views.x:XView",
}

#: each game's tutorial scenes (pure data): a module with SCENES and DECISIONS
_LESSONS: dict[str, str] = {
    "xallies": "xlib.lessons.xallies",
    "alea": "xlib.lessons.alea",
    "xats": "xlib.lessons.xats",
    "xerog": "xlib.lessons.xerog",
    "x": "xlib.lessons.x",
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


def view_class(name: str) -> type:
    """The board view class that draws game `name` (needs the app extras: ipywidgets, ipycanvas)."""
    game_class(name)
    if name not in _VIEWS:
        raise OptionError(f"{name} has no board view yet; games with boards: {', '.join(_VIEWS)}")
    module, cls = _VIEWS[name].split(":")
    return getattr(importlib.import_module(module), cls)


def lesson(name: str) -> Any:
    """The lesson module of game `name`: its SCENES (tutorial scenes as data) and DECISIONS."""
    game_class(name)
    if name not in _LESSONS:
        raise OptionError(f"{name} has no lesson yet; games with lessons: {', '.join(_LESSONS)}")
    return importlib.import_module(_LESSONS[name])
