"""A tutorial scene as pure data: a position, scripted moves and a sentence for every step.

Scenes import no widget library: a notebook shows them with `xlib.board.Tutorial`, tests and
text transcripts read them directly."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import registry
from ..core import State
from .exercise import Exercise


@dataclass
class Scene:
    """`sentences[0]` describes the position; `sentences[k]` the position after `moves[k-1]`.

    `marks[k]`, when given, names the cells (or wells) the sentence of step k points at; the
    board outlines them so the eye finds what the words describe. `exercises` check what the student
    learned from the scene: each a task on a position, checked by the library (`Exercise`)."""

    game: str
    title: str
    sentences: list[str]
    moves: list[str] = field(default_factory=list)
    position: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    your_turn: str = "Now it is your turn: play on from here."
    marks: list[list[str]] = field(default_factory=list)
    seed: int = 0
    exercises: list[Exercise] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.sentences) != len(self.moves) + 1:
            raise ValueError(f"scene {self.title!r}: give one sentence for the position and one after each move "
                             f"({len(self.moves) + 1} sentences), not {len(self.sentences)}")
        if self.marks and len(self.marks) != len(self.sentences):
            raise ValueError(f"scene {self.title!r}: give the marks of every step ({len(self.sentences)} lists), "
                             f"not {len(self.marks)}")

    def start(self) -> State:
        g = registry.game(self.game, **self.options)
        return g.position(self.position, seed=self.seed) if self.position else g.start(seed=self.seed)

    def states(self) -> list[State]:
        """The position after each scripted step (checked: every scripted move must be legal)."""
        out = [self.start()]
        for m in self.moves:
            out.append(out[-1].play(m))
        return out

    def marks_at(self, step: int) -> tuple[str, ...]:
        """The cells the sentence of `step` points at (none unless the scene names them)."""
        return tuple(self.marks[step]) if self.marks else ()

    def transcript(self) -> str:
        """The scene as text: each sentence with its move (for notebooks read without widgets)."""
        lines = [f"## {self.title}", self.sentences[0]]
        for m, text in zip(self.moves, self.sentences[1:]):
            lines.append(f"  {m}: {text}")
        return "\n".join(lines)
