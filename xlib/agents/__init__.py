"""Computer players. Each works through the public xlib API only, so every game gets them.

    agent.choose(state) -> move        agents never change a state
"""
from __future__ import annotations

from typing import Any

from .mcts import MCTSAgent, MoveStat
from .personas import PERSONAS, Competitive, Prosocial, Reciprocator, Selfish, Spoiler
from .simple import GreedyAgent, RandomAgent

#: every computer player by name, for board seats and tournaments
AGENTS: dict[str, type] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent, **PERSONAS}
#: the players that suit any game (personas read the XAllies ledger)
GENERAL = ("random", "greedy", "mcts")


def make_agent(name: str, seed: int = 0, **options: Any) -> Any:
    """A computer player by name: random, greedy, mcts, or an XAllies persona."""
    if name not in AGENTS:
        raise ValueError(f"no computer player {name!r}; players: {', '.join(AGENTS)}")
    return AGENTS[name](seed=seed, **options)


__all__ = ["AGENTS", "GENERAL", "Competitive", "GreedyAgent", "MCTSAgent", "MoveStat", "PERSONAS", "Prosocial",
           "RandomAgent", "Reciprocator", "Selfish", "Spoiler", "make_agent"]
