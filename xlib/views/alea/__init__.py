"""Alea Evangelion's view: how the board draws its stones and what a click on a cell means."""
from .view import AleaView

__all__ = ["AleaView"]
