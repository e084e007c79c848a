"""Computer players. Each works through the public xlib API only, so every game gets them.

    agent.choose(state) -> move        agents never change a state
    agent.reason()      -> str         the last choice in a sentence

Each player declares the games it suits in its `classifier` (as Axelrod's strategies do):
`{"games": "any"}` or a set of game names. `for_game` lists the players that suit a game, in
the order a seat menu shows them, and `default_for` names the computer a new seat gets.
"""
from __future__ import annotations

from typing import Any

from .. import registry
from .levels import LEVELS, Easy, Hard, Medium
from .mcts import MCTSAgent, MoveStat
from .personas import PERSONAS, Competitive, Persona, Prosocial, Reciprocator, Selfish, Spoiler
from .politics import POLITICIANS, AntiLeader, Kingmaker, LeaderSpoiler, Politician, SelfInterest
from .simple import GreedyAgent, RandomAgent

#: every computer player by name, in the order seat menus offer them
AGENTS: dict[str, type] = {**LEVELS, "random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent, **PERSONAS,
                           **POLITICIANS}
#: the player a new computer seat gets: a real opponent that answers within a second
DEFAULT = "medium"


def suits(cls: type, game_name: str, players: int | None = None) -> bool:
    """Whether the player class declares that it plays `game_name` (with that many players, if given)."""
    classifier = getattr(cls, "classifier", {})
    games = classifier.get("games", "any")
    if games != "any" and game_name not in games:
        return False
    wanted = classifier.get("players")
    if players is None or wanted is None:
        return True
    return players == wanted if isinstance(wanted, int) else players in wanted


def for_game(game_name: str, players: int | None = None) -> list[tuple[str, type]]:
    """The computer players that suit `game_name` (with that many players, if given), as (name, class),
    levels first, in a stable order."""
    registry.game_class(game_name)  # an unknown game is a clear error
    return [(name, cls) for name, cls in AGENTS.items() if suits(cls, game_name, players)]


def default_for(game_name: str) -> str:
    """The name of the computer player a new seat of `game_name` gets (Medium: it plays well and answers fast)."""
    registry.game_class(game_name)
    return DEFAULT


#: the players that suit any game (personas read the XAllies ledger)
GENERAL = tuple(name for name, cls in AGENTS.items() if getattr(cls, "classifier", {}).get("games") == "any")


def make_agent(name: str, seed: int = 0, **options: Any) -> Any:
    """A computer player by name: easy, medium, hard, random, greedy, mcts, or an XAllies persona."""
    if name not in AGENTS:
        raise ValueError(f"no computer player {name!r}; players: {', '.join(AGENTS)}")
    return AGENTS[name](seed=seed, **options)


__all__ = ["AGENTS", "DEFAULT", "GENERAL", "Competitive", "Easy", "GreedyAgent", "Hard", "LEVELS", "MCTSAgent",
           "Medium", "MoveStat", "PERSONAS", "Persona", "Prosocial", "RandomAgent", "Reciprocator", "Selfish",
           "Spoiler", "default_for", "for_game", "make_agent", "suits", "POLITICIANS", "AntiLeader",
           "Kingmaker", "LeaderSpoiler", "Politician", "SelfInterest"]
