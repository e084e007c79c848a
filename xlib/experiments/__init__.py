"""Experiments with computer players: matches, the runner, tournaments, and the studies with their measures.

Each layer imports only those below it: `matches` (one game, its table rows) → `runner` (many games, here or on Dask, resumable)
→ `tournament` (line-ups as a table) → the studies and their measures: `xallies` (the XAllies
lab), `politics` (three-player politics) and `balance` (is each game fair?)."""
from .matches import play_match
from .tournament import tournament

__all__ = ["play_match", "tournament"]
