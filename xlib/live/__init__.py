"""Live games: the model a board shows, apart from any widget. A game on one device (LocalGame) and a class
table (TableGame, its moves in the class database, watched by `watch.Watch`) share one interface (LiveGame):
the position, who holds each seat, whose turn, and the changes told to listeners, so a click, a computer's
move and a classmate's move reach a board by one path."""
from .game import BY_COMPUTER, COMPUTER, ELSEWHERE, HERE, PERSON, Change, Decision, LiveGame, LocalGame, seat_value
from .table import CLASSMATE, MoveRefused, TableGame

__all__ = ["BY_COMPUTER", "CLASSMATE", "COMPUTER", "Change", "Decision", "ELSEWHERE", "HERE", "LiveGame", "LocalGame",
           "MoveRefused", "PERSON", "TableGame", "seat_value"]
