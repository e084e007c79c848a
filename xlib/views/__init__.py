"""One view per game, each a folder alike: how the board draws the game's state and what a click means.

A view is found through `xlib.registry` (never an if-chain), so the board framework in `xlib.board`
knows no game by name. Each folder's `view.py` holds the View class; larger views split into parts
named for what they hold."""
